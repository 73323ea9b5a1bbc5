"""The NOVACore Action Roll: 3d6 plus modifiers against a Target Number.

Source section: "Combat Action Rolls" (with "Critical Hits", "Critical
Failures / Fumbles" and the optional "Critical Inspiration").

* total = natural 3d6 + AtMod + SRM + GRM + AdMods;
* total >= TN is a full success, total = TN - 1 a partial, lower a failure
  (:data:`~voidref.pirates.rulings.PARTIAL_MARGIN`);
* a natural 3 is a Critical Failure (a fumble) whatever the total;
* a natural 18 that succeeds in full is a Critical Hit, or, if the player
  picks Critical Inspiration, adds a second skill's SRM to the total.

>>> roll = ActionRoll(attribute_modifier=5, skill_rank_modifier=2)
>>> roll.modifier
7
>>> roll.resolve(natural=8, target_number=15)
RollResult(natural=8, total=15, outcome=Outcome.FULL, critical=False, inspired=False)
>>> roll.odds(15)["full"]
Fraction(181, 216)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_enum, check_int
from voidref.exact import Dist
from voidref.pirates import rulings
from voidref.pirates.rulings import _Enum

__all__ = [
    "THREE_D6",
    "MODIFIER_LIMIT",
    "TN_LIMIT",
    "AGGRESSIVE_NONCOMBAT_PENALTY",
    "Outcome",
    "RollResult",
    "ActionRoll",
    "check_natural",
    "check_target_number",
]

THREE_D6: Dist = Dist.die(6).repeat_sum(3)
"""The base roll of every Action Roll — the sum of three six-sided dice."""

MODIFIER_LIMIT = 50
"""Largest modifier (either sign) accepted for any single part of a roll."""

TN_LIMIT = 60
"""Largest Target Number accepted."""

AGGRESSIVE_NONCOMBAT_PENALTY = -2
"""Source "Turn Structure" — a non-combat action (Aim, Ready Weapon, Use Item) used aggressively takes -2."""


def check_natural(name: str, value: int) -> int:
    """Check a natural 3d6 result (3 to 18)."""
    return check_int(name, value, low=3, high=18)


def check_target_number(name: str, value: int) -> int:
    """Check a Target Number (1 to :data:`TN_LIMIT`)."""
    return check_int(name, value, low=1, high=TN_LIMIT)


class Outcome(_Enum):
    """The three results of an Action Roll against a TN."""

    FULL = "full"
    """Total at or above the TN — the action works as intended."""
    PARTIAL = "partial"
    """Total exactly one below the TN — it works, at a cost (or for half, for amounts)."""
    FAILURE = "failure"
    """Total lower still, or a natural 3."""



@dataclass(frozen=True)
class RollResult:
    """One resolved Action Roll against a TN.

    ``natural`` is the 3d6 before modifiers; ``total`` the final total
    (including a second SRM when inspired); ``outcome`` full, partial or
    failure. ``critical`` marks a natural 18 that succeeded in full and is
    taken as a Critical Hit (+1d4 damage or the weapon's rider); ``inspired``
    marks a natural 18 on which Critical Inspiration was invoked.
    """

    natural: int
    total: int
    outcome: Outcome
    critical: bool = False
    inspired: bool = False

    @property
    def fumble(self) -> bool:
        """A natural 3 — a Critical Failure, roll on the Fumble Table."""
        return self.natural == 3


def _outcome(natural: int, total: int, target_number: int) -> Outcome:
    if natural == 3 and rulings.NATURAL_3_ALWAYS_FAILS:
        return Outcome.FAILURE
    if natural == 18 and rulings.NATURAL_18_AUTO_SUCCESS:
        return Outcome.FULL
    if total >= target_number:
        return Outcome.FULL
    if total >= target_number - rulings.PARTIAL_MARGIN:
        return Outcome.PARTIAL
    return Outcome.FAILURE


@dataclass(frozen=True)
class ActionRoll:
    """The modifiers one character brings to an Action Roll.

    Source "Combat Action Rolls": 3d6 + AtMod (from the attribute) + SRM (from
    the skill) + GRM (from gravity) + AdMods (everything else). Wound
    penalties and situational bonuses go in *additional*.

    *inspiration_srm* is the SRM of a second fitting skill (optional rule
    "Critical Inspiration"); when set, the roller invokes it on a natural 18
    exactly when the roll would otherwise not succeed in full (or not win),
    and keeps the standard Critical Hit otherwise: the best choice, since the
    two cannot be combined.
    """

    attribute_modifier: int = 0
    skill_rank_modifier: int = 0
    gravity_modifier: int = 0
    additional: int = 0
    inspiration_srm: int | None = None

    def __post_init__(self) -> None:
        for name in ("attribute_modifier", "skill_rank_modifier", "gravity_modifier", "additional"):
            check_int(name, getattr(self, name), low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
        if self.inspiration_srm is not None:
            check_int("inspiration_srm", self.inspiration_srm, low=0, high=rulings.SKILL_RANK_MAX)

    @classmethod
    def from_scores(
        cls,
        attribute: int,
        skill_rank: int = 0,
        gravity_modifier: int = 0,
        additional: int = 0,
        second_skill_rank: int | None = None,
    ) -> "ActionRoll":
        """Build a roll from an attribute score and a skill rank (via the rulings tables).

        >>> ActionRoll.from_scores(14, skill_rank=2, gravity_modifier=2)
        ActionRoll(attribute_modifier=5, skill_rank_modifier=2, gravity_modifier=2, additional=0, inspiration_srm=None)
        """
        second = None if second_skill_rank is None else rulings.skill_rank_modifier(second_skill_rank)
        return cls(
            attribute_modifier=rulings.attribute_modifier(attribute),
            skill_rank_modifier=rulings.skill_rank_modifier(skill_rank),
            gravity_modifier=gravity_modifier,
            additional=additional,
            inspiration_srm=second,
        )

    @property
    def modifier(self) -> int:
        """Sum of every modifier (not counting a possible second SRM)."""
        return self.attribute_modifier + self.skill_rank_modifier + self.gravity_modifier + self.additional

    def resolve(self, natural: int, target_number: int) -> RollResult:
        """Resolve one roll with a known natural 3d6 against a TN."""
        check_natural("natural", natural)
        check_target_number("target_number", target_number)
        total = natural + self.modifier
        outcome = _outcome(natural, total, target_number)
        if natural != 18:
            return RollResult(natural, total, outcome)
        if outcome is not Outcome.FULL and self.inspiration_srm is not None:
            total += self.inspiration_srm
            outcome = _outcome(natural, total, target_number)
            return RollResult(natural, total, outcome, critical=False, inspired=True)
        return RollResult(natural, total, outcome, critical=outcome is Outcome.FULL)

    def against(self, target_number: int) -> Dist:
        """Exact distribution of :class:`RollResult` against a TN."""
        check_target_number("target_number", target_number)
        return THREE_D6.map(lambda n: self.resolve(n, target_number))

    def odds(self, target_number: int) -> dict[str, Fraction]:
        """Exact chances against a TN.

        Keys: ``full``, ``partial``, ``failure`` (these three sum to 1),
        ``critical`` (natural 18 taken as a Critical Hit), ``inspired``,
        ``natural_18`` and ``fumble`` (natural 3), and ``at_least_partial``.

        >>> ActionRoll().odds(12)["partial"]
        Fraction(1, 8)
        """
        d = self.against(target_number)
        full = d.prob(lambda r: r.outcome is Outcome.FULL)
        partial = d.prob(lambda r: r.outcome is Outcome.PARTIAL)
        return {
            "full": full,
            "partial": partial,
            "failure": d.prob(lambda r: r.outcome is Outcome.FAILURE),
            "at_least_partial": full + partial,
            "critical": d.prob(lambda r: r.critical),
            "inspired": d.prob(lambda r: r.inspired),
            "natural_18": d.prob(lambda r: r.natural == 18),
            "fumble": d.prob(lambda r: r.fumble),
        }

    def chance(self, target_number: int, at_least: Outcome | str = Outcome.FULL) -> Fraction:
        """Chance of at least *at_least* (``"full"`` or ``"partial"``) against a TN."""
        level = check_enum("at_least", at_least, Outcome)
        if level is Outcome.FAILURE:
            raise RulesError("'at_least' must be one of full, partial (got 'failure')")
        key = "full" if level is Outcome.FULL else "at_least_partial"
        return self.odds(target_number)[key]
