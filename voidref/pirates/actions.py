"""The NOVACore Action Roll: 3d6 plus modifiers against a Target Number.

Source section: "Combat Action Rolls" (with "Critical Hits", "Critical
Failures / Fumbles" and the optional "Critical Inspiration").

* total = natural 3d6 + AtMod + SRM + GRM + AdMods;
* total >= TN is a full success, total = TN - 1 a partial, lower a failure
  (:attr:`Rulings.partial_margin <voidref.pirates.rulings.Rulings.partial_margin>`);
* a natural 3 is a Critical Failure (a fumble) whatever the total;
* a natural 18 on an attack is a Critical Hit whatever the total
  (:attr:`Rulings.natural_18_attack_hits <voidref.pirates.rulings.Rulings.natural_18_attack_hits>`);
  on any other roll the total decides, and Critical Inspiration may add a
  second skill's SRM.

>>> roll = ActionRoll(attribute_modifier=5, skill_rank_modifier=2)
>>> roll.modifier
7
>>> roll.resolve(natural=8, target_number=15)
RollResult(natural=8, total=15, outcome=Outcome.FULL, critical=False, inspired=False)
>>> roll.odds(15).full
Fraction(181, 216)
>>> roll.resolve(natural=18, target_number=40, attack=True)
RollResult(natural=18, total=25, outcome=Outcome.FULL, critical=True, inspired=False)

At the table the dice come from a random source, and the same reading
keeps the three faces (a seeded source replays a roll):

>>> rolled = roll.roll(15, random.Random(7))
>>> rolled.dice, rolled.natural, rolled.outcome
((3, 2, 4), 9, Outcome.FULL)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_enum, check_int, check_rng, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.pirates.rulings import ATTRIBUTE_MAX, ATTRIBUTE_MIN, SKILL_RANK_MAX, STANDARD, Rulings, check_rulings
from voidref.pirates.rulings import attribute_modifier as _atmod
from voidref.pirates.rulings import skill_rank_modifier as _srm

__all__ = [
    "THREE_D6",
    "MODIFIER_LIMIT",
    "TN_LIMIT",
    "AGGRESSIVE_NONCOMBAT_PENALTY",
    "Outcome",
    "RollResult",
    "ActionOdds",
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


class Outcome(Kind):
    """The three results of an Action Roll against a TN."""

    FULL = "full"
    """Total at or above the TN — the action works as intended."""
    PARTIAL = "partial"
    """Total exactly one below the TN — a lesser result (half, for amounts), and no pass on a yes-or-no task."""
    FAILURE = "failure"
    """Total lower still, or a natural 3."""



@dataclass(frozen=True, repr=False)
class RollResult:
    """One resolved Action Roll against a TN.

    ``natural`` is the 3d6 before modifiers; ``total`` the final total
    (including a second SRM when inspired); ``outcome`` full, partial or
    failure. ``critical`` marks a natural 18 that succeeded in full (on an
    attack, a Critical Hit: +1d4 damage or the weapon's rider); ``inspired``
    marks a natural 18 on which Critical Inspiration was invoked. ``dice``
    holds the three d6 of a roll made by :meth:`ActionRoll.roll`, in the order
    they came; it is empty when only their sum was given to
    :meth:`ActionRoll.resolve` (the repr then leaves it out).

    >>> RollResult(14, 21, Outcome.FULL, dice=(6, 3, 5))
    RollResult(natural=14, total=21, outcome=Outcome.FULL, critical=False, inspired=False, dice=(6, 3, 5))
    >>> RollResult(14, 21, Outcome.FULL, dice=(6, 3, 4))
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'dice' must add up to the natural 14 (got (6, 3, 4))
    """

    natural: int
    total: int
    outcome: Outcome
    critical: bool = False
    inspired: bool = False
    dice: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.dice, list):
            object.__setattr__(self, "dice", tuple(self.dice))
        if not isinstance(self.dice, tuple) or len(self.dice) not in (0, 3):
            raise RulesError(argument="dice", expected="three d6 faces, or () when only the natural is known",
                             received=self.dice)
        if self.dice:
            check_natural("natural", self.natural)
            for face in self.dice:
                check_int("dice", face, low=1, high=6)
            if sum(self.dice) != self.natural:
                raise RulesError(f"'dice' must add up to the natural {self.natural} (got {describe(self.dice)})",
                                 argument="dice", received=self.dice)

    def __repr__(self) -> str:
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name != "dice" or self.dice]
        return f"RollResult({', '.join(shown)})"

    @property
    def fumble(self) -> bool:
        """A natural 3 — a Critical Failure, roll on the Fumble Table."""
        return self.natural == 3


@dataclass(frozen=True)
class ActionOdds:
    """The exact chances of one Action Roll against a TN (what :meth:`ActionRoll.odds` returns).

    ``full``, ``partial`` and ``failure`` are the three outcomes and sum to 1.
    The others count rolls among them: ``critical`` a natural 18 taken as a
    Critical Hit, ``inspired`` a natural 18 on which Critical Inspiration was
    invoked, ``natural_18`` any natural 18 and ``fumble`` a natural 3.

    >>> odds = ActionRoll().odds(12)
    >>> odds.partial, odds.at_least_partial
    (Fraction(1, 8), Fraction(1, 2))
    >>> eval(repr(odds)) == odds
    True
    """

    full: Fraction
    partial: Fraction
    failure: Fraction
    critical: Fraction
    inspired: Fraction
    natural_18: Fraction
    fumble: Fraction

    @property
    def at_least_partial(self) -> Fraction:
        """Chance of a full or a partial success."""
        return self.full + self.partial

    def chance(self, outcome: Outcome | str) -> Fraction:
        """Chance of exactly *outcome* (``"full"``, ``"partial"`` or ``"failure"``).

        >>> ActionRoll().odds(12).chance("failure")
        Fraction(1, 2)
        """
        level = check_enum("outcome", outcome, Outcome)
        return {Outcome.FULL: self.full, Outcome.PARTIAL: self.partial, Outcome.FAILURE: self.failure}[level]


def _outcome(natural: int, total: int, target_number: int, attack: bool, rulings: Rulings) -> Outcome:
    if natural == 3 and rulings.natural_3_always_fails:
        return Outcome.FAILURE
    if natural == 18 and attack and rulings.natural_18_attack_hits:
        return Outcome.FULL
    if total >= target_number:
        return Outcome.FULL
    if total >= target_number - rulings.partial_margin:
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
    two cannot be combined. (On an attack under :data:`~voidref.pirates.rulings.STANDARD`
    the 18 already hits, so Inspiration is never needed there.)
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
            check_int("inspiration_srm", self.inspiration_srm, low=0, high=SKILL_RANK_MAX)

    @classmethod
    def from_scores(
        cls,
        attribute: int,
        skill_rank: int = 0,
        gravity_modifier: int = 0,
        additional: int = 0,
        second_skill_rank: int | None = None,
        *,
        rulings: Rulings = STANDARD,
    ) -> ActionRoll:
        """Build a roll from an attribute score and a skill rank (via the rulings tables).

        >>> ActionRoll.from_scores(14, skill_rank=2, gravity_modifier=2)
        ActionRoll(attribute_modifier=5, skill_rank_modifier=2, gravity_modifier=2, additional=0, inspiration_srm=None)
        """
        check_int("attribute", attribute, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
        check_int("skill_rank", skill_rank, low=0, high=SKILL_RANK_MAX)
        if second_skill_rank is not None:
            check_int("second_skill_rank", second_skill_rank, low=0, high=SKILL_RANK_MAX)
        second = None if second_skill_rank is None else _srm(second_skill_rank)
        return cls(
            attribute_modifier=_atmod(attribute, rulings=rulings),
            skill_rank_modifier=_srm(skill_rank),
            gravity_modifier=gravity_modifier,
            additional=additional,
            inspiration_srm=second,
        )

    @property
    def modifier(self) -> int:
        """Sum of every modifier (not counting a possible second SRM)."""
        return self.attribute_modifier + self.skill_rank_modifier + self.gravity_modifier + self.additional

    def resolve(self, natural: int, target_number: int, *, attack: bool = False,
                rulings: Rulings = STANDARD) -> RollResult:
        """Resolve one roll with a known natural 3d6 against a TN.

        *attack* marks an attack against a fixed TN, where a natural 18 is a
        Critical Hit (:attr:`~voidref.pirates.rulings.Rulings.natural_18_attack_hits`).
        """
        check_natural("natural", natural)
        check_target_number("target_number", target_number)
        check_bool("attack", attack)
        check_rulings(rulings)
        total = natural + self.modifier
        outcome = _outcome(natural, total, target_number, attack, rulings)
        if natural != 18:
            return RollResult(natural, total, outcome)
        if outcome is not Outcome.FULL and self.inspiration_srm is not None:
            total += self.inspiration_srm
            outcome = _outcome(natural, total, target_number, attack, rulings)
            return RollResult(natural, total, outcome, critical=False, inspired=True)
        return RollResult(natural, total, outcome, critical=outcome is Outcome.FULL)

    def roll(self, target_number: int, rng: random.Random, *, attack: bool = False,
             rulings: Rulings = STANDARD) -> RollResult:
        """Roll 3d6 from *rng* and read them as :meth:`resolve` does, keeping the faces in ``dice``.

        Args:
            target_number: the TN to reach.
            rng: the source of the dice: ``random.SystemRandom()`` at the table,
                ``random.Random(seed)`` to replay a roll.
            attack: an attack against a fixed TN (a natural 18 is a Critical Hit).
            rulings: the :class:`~voidref.pirates.rulings.Rulings` in force.

        >>> ActionRoll(attribute_modifier=2).roll(12, random.Random(1))
        RollResult(natural=8, total=10, outcome=Outcome.FAILURE, critical=False, inspired=False, dice=(2, 5, 1))
        """
        check_target_number("target_number", target_number)
        check_bool("attack", attack)
        check_rulings(rulings)
        check_rng("rng", rng)
        faces = tuple(rng.randint(1, 6) for _ in range(3))
        return replace(self.resolve(sum(faces), target_number, attack=attack, rulings=rulings), dice=faces)

    def against(self, target_number: int, *, attack: bool = False, rulings: Rulings = STANDARD) -> Dist:
        """Exact distribution of :class:`RollResult` against a TN."""
        check_target_number("target_number", target_number)
        return THREE_D6.map(lambda n: self.resolve(n, target_number, attack=attack, rulings=rulings))

    def passes(self, target_number: int, *, rulings: Rulings = STANDARD) -> Fraction:
        """Chance a yes-or-no task (Stun, sealing, the bridge...) passes against a TN.

        Only a full success passes, unless
        :attr:`~voidref.pirates.rulings.Rulings.partial_passes_yes_no` lets a partial pass too.

        >>> ActionRoll(attribute_modifier=3).passes(15)
        Fraction(3, 8)
        """
        odds = self.odds(target_number, rulings=rulings)
        return odds.at_least_partial if rulings.partial_passes_yes_no else odds.full

    def odds(self, target_number: int, *, attack: bool = False, rulings: Rulings = STANDARD) -> ActionOdds:
        """Exact chances against a TN, as an :class:`ActionOdds`.

        >>> ActionRoll().odds(12).partial
        Fraction(1, 8)
        """
        d = self.against(target_number, attack=attack, rulings=rulings)
        return ActionOdds(
            full=d.prob(lambda r: r.outcome is Outcome.FULL),
            partial=d.prob(lambda r: r.outcome is Outcome.PARTIAL),
            failure=d.prob(lambda r: r.outcome is Outcome.FAILURE),
            critical=d.prob(lambda r: r.critical),
            inspired=d.prob(lambda r: r.inspired),
            natural_18=d.prob(lambda r: r.natural == 18),
            fumble=d.prob(lambda r: r.fumble),
        )

    def chance(self, target_number: int, at_least: Outcome | str = Outcome.FULL, *,
               rulings: Rulings = STANDARD) -> Fraction:
        """Chance of at least *at_least* (``"full"`` or ``"partial"``) against a TN."""
        level = check_enum("at_least", at_least, Outcome)
        if level is Outcome.FAILURE:
            raise RulesError("'at_least' must be one of full, partial (got 'failure')", argument="at_least")
        odds = self.odds(target_number, rulings=rulings)
        return odds.full if level is Outcome.FULL else odds.at_least_partial
