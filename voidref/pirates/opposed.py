"""Opposed Action Rolls: attacker against defender.

Source section: "Opposed Rolls (Personal Combat)", with "Critical Hits" and
the double-18 exception of "Critical Inspiration". The same contest settles
ship Gunnery against Piloting and ramming.

* both sides roll a full Action Roll; the higher total wins;
* equal totals: a partial success for the attacker (the side who started it);
* a natural 3 loses whatever the totals (both 3s: totals decide);
* an attacker's natural 18 is a Critical Hit whatever the totals (on an
  attack; other contests such as a ram go by the totals);
* Critical Inspiration is barred when both sides roll a natural 18: a win is
  then a standard Critical Hit.

Each reading above is a field of :class:`~voidref.pirates.rulings.Rulings`.

>>> a = ActionRoll(attribute_modifier=2)
>>> resolve_opposed(a, ActionRoll(), attacker_natural=10, defender_natural=12)  # doctest: +NORMALIZE_WHITESPACE
OpposedResult(attacker_natural=10, attacker_total=12, defender_natural=12, defender_total=12,
              contest=Contest.TIE, critical=False, inspired=False)
>>> resolve_opposed(ActionRoll(), ActionRoll(additional=9), attacker_natural=18, defender_natural=17).contest
Contest.WIN
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_enum, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.pirates.actions import THREE_D6, ActionRoll, check_natural
from voidref.pirates.rulings import STANDARD, Rulings, check_rulings

__all__ = ["Contest", "OpposedResult", "OpposedOdds", "resolve_opposed", "opposed_distribution", "opposed_odds"]


class Contest(Kind):
    """Result of an opposed roll, seen from the attacker (the initiator)."""

    WIN = "win"
    """Attacker's total is higher (or the defender fumbled) — a full success."""
    TIE = "tie"
    """Equal totals — a partial success for the attacker (half damage, a complication)."""
    LOSS = "loss"
    """Defender's total is higher (or the attacker fumbled) — the action fails."""



@dataclass(frozen=True)
class OpposedResult:
    """One resolved opposed roll.

    ``contest`` is win, tie or loss for the attacker; ``critical`` marks an
    attacker's win on a natural 18 taken as a Critical Hit; ``inspired``
    marks an attacker's natural 18 on which Critical Inspiration was invoked.
    """

    attacker_natural: int
    attacker_total: int
    defender_natural: int
    defender_total: int
    contest: Contest
    critical: bool = False
    inspired: bool = False

    @property
    def attacker_fumble(self) -> bool:
        """The attacker rolled a natural 3."""
        return self.attacker_natural == 3

    @property
    def defender_fumble(self) -> bool:
        """The defender rolled a natural 3."""
        return self.defender_natural == 3


def _contest(a_nat: int, a_total: int, d_nat: int, d_total: int, attack: bool, rulings: Rulings) -> Contest:
    if rulings.natural_3_always_fails and (a_nat == 3) != (d_nat == 3):
        return Contest.LOSS if a_nat == 3 else Contest.WIN
    if a_nat == 3 and d_nat == 3 and not rulings.double_natural_3_compare_totals:
        return Contest.LOSS
    if a_nat == 18 and attack and rulings.natural_18_attack_hits:
        return Contest.WIN
    if a_total > d_total:
        return Contest.WIN
    if a_total == d_total:
        return Contest.TIE
    return Contest.LOSS


def resolve_opposed(attacker: ActionRoll, defender: ActionRoll, attacker_natural: int, defender_natural: int,
                    *, attack: bool = True, rulings: Rulings = STANDARD) -> OpposedResult:
    """Resolve an opposed roll from both naturals (source "Opposed Rolls").

    *attack* is False for contests that are not attacks (a ram, a boarding
    clamp): there the attacker's natural 18 goes by the totals like any roll.

    Each side's Critical Inspiration (its ``inspiration_srm``) is used on its
    own natural 18 only when that changes a non-win into a better result, and
    never when both sides rolled 18.
    """
    if not isinstance(attacker, ActionRoll):
        raise RulesError(f"'attacker' must be an ActionRoll (got {describe(attacker)})", argument="attacker")
    if not isinstance(defender, ActionRoll):
        raise RulesError(f"'defender' must be an ActionRoll (got {describe(defender)})", argument="defender")
    check_natural("attacker_natural", attacker_natural)
    check_natural("defender_natural", defender_natural)
    check_bool("attack", attack)
    check_rulings(rulings)
    a_total = attacker_natural + attacker.modifier
    d_total = defender_natural + defender.modifier
    contest = _contest(attacker_natural, a_total, defender_natural, d_total, attack, rulings)
    both_18 = attacker_natural == 18 and defender_natural == 18
    inspired = False
    if not both_18:
        if attacker_natural == 18 and contest is not Contest.WIN and attacker.inspiration_srm is not None:
            a_total += attacker.inspiration_srm
            inspired = True
        elif defender_natural == 18 and contest is not Contest.LOSS and defender.inspiration_srm is not None:
            d_total += defender.inspiration_srm
        contest = _contest(attacker_natural, a_total, defender_natural, d_total, attack, rulings)
    critical = attacker_natural == 18 and contest is Contest.WIN and not inspired
    return OpposedResult(attacker_natural, a_total, defender_natural, d_total, contest, critical, inspired)


def opposed_distribution(attacker: ActionRoll, defender: ActionRoll, *, attack: bool = True,
                         rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of :class:`OpposedResult` over both sides' 3d6."""
    resolve_opposed(attacker, defender, 10, 10, attack=attack, rulings=rulings)  # validates the arguments
    return THREE_D6.combine(THREE_D6, lambda a, d: resolve_opposed(attacker, defender, a, d,
                                                                   attack=attack, rulings=rulings))


@dataclass(frozen=True)
class OpposedOdds:
    """The exact chances of an opposed roll from the attacker's side (what :func:`opposed_odds` returns).

    ``win``, ``tie`` and ``loss`` sum to 1. ``critical`` is a win on the
    attacker's natural 18 taken as a Critical Hit, ``inspired`` a natural 18
    on which the attacker invoked Critical Inspiration, and the fumbles are
    each side's natural 3.

    >>> odds = opposed_odds(ActionRoll(), ActionRoll())
    >>> odds.tie
    Fraction(4331, 46656)
    >>> eval(repr(odds)) == odds
    True
    """

    win: Fraction
    tie: Fraction
    loss: Fraction
    critical: Fraction
    inspired: Fraction
    attacker_fumble: Fraction
    defender_fumble: Fraction

    def chance(self, contest: Contest | str) -> Fraction:
        """Chance of *contest* (``"win"``, ``"tie"`` or ``"loss"``) for the attacker.

        >>> opposed_odds(ActionRoll(additional=3), ActionRoll()).chance("loss") < Fraction(1, 2)
        True
        """
        c = check_enum("contest", contest, Contest)
        return {Contest.WIN: self.win, Contest.TIE: self.tie, Contest.LOSS: self.loss}[c]


def opposed_odds(attacker: ActionRoll, defender: ActionRoll, *, attack: bool = True,
                 rulings: Rulings = STANDARD) -> OpposedOdds:
    """Exact chances of an opposed roll, from the attacker's side, as an :class:`OpposedOdds`.

    >>> opposed_odds(ActionRoll(), ActionRoll()).tie
    Fraction(4331, 46656)
    """
    d = opposed_distribution(attacker, defender, attack=attack, rulings=rulings)
    return OpposedOdds(
        win=d.prob(lambda r: r.contest is Contest.WIN),
        tie=d.prob(lambda r: r.contest is Contest.TIE),
        loss=d.prob(lambda r: r.contest is Contest.LOSS),
        critical=d.prob(lambda r: r.critical),
        inspired=d.prob(lambda r: r.inspired),
        attacker_fumble=d.prob(lambda r: r.attacker_fumble),
        defender_fumble=d.prob(lambda r: r.defender_fumble),
    )
