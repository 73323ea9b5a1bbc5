"""Initiative: who acts first (source "Initiative").

* each side rolls 3d6 + AGL Attribute Modifier + any listed modifiers (a
  piloting or Zero-G SRM, the GRM, gear such as a Spinal Reflex Rig +1);
* highest total acts first; ties go to the higher raw AGL score, then the
  higher raw 3d6; still tied, they act together (a ruling);
* roll once per fight, again only if the situation changes sharply.

The Floater pilot of the source: AGL 14 (+5), Zero-G Rank 2 (+2), +2 GRM in
zero-G, rolling 11:

>>> floater = Combatant("Floater pilot", agility=14, roll=11, skill_rank_modifier=2, gravity_modifier=2)
>>> floater.total
20
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from voidref.errors import RulesError, check_int, describe
from voidref.exact import Dist
from voidref.pirates.actions import MODIFIER_LIMIT, THREE_D6, check_natural
from voidref.pirates.rulings import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    SKILL_RANK_MAX,
    STANDARD,
    FinalTie,
    Rulings,
    check_rulings,
)
from voidref.pirates.rulings import attribute_modifier as _atmod

__all__ = [
    "SPINAL_REFLEX_RIG",
    "Combatant",
    "initiative_modifier",
    "initiative_distribution",
    "initiative_order",
    "InitiativeOdds",
    "chance_to_act_first",
]

SPINAL_REFLEX_RIG = 1
"""Initiative bonus from a Spinal Reflex Rig (source "Initiative")."""


def initiative_modifier(agility: int, skill_rank_modifier: int = 0, gravity_modifier: int = 0, gear: int = 0, *,
                        rulings: Rulings = STANDARD) -> int:
    """Everything added to the Initiative 3d6: AGL AtMod + SRM + GRM + gear."""
    check_int("skill_rank_modifier", skill_rank_modifier, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    check_int("gravity_modifier", gravity_modifier, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    check_int("gear", gear, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    return _atmod(agility, rulings=rulings) + skill_rank_modifier + gravity_modifier + gear


@dataclass(frozen=True, repr=False)
class Combatant:
    """One participant's rolled Initiative.

    For a ship (source "Sample Ship Combat Turn Structure"), build it with
    :meth:`ship`: the ship's AGL is added as it stands (or through the
    Attribute Modifier table, see
    :attr:`~voidref.pirates.rulings.Rulings.ship_initiative_adds_raw_agl`),
    plus the best pilot's Piloting SRM if they choose to use it. *rulings*
    picks the Attribute Modifier scale and, for ships, how AGL is added.
    """

    name: str
    agility: int
    roll: int
    skill_rank_modifier: int = 0
    gravity_modifier: int = 0
    gear: int = 0
    is_ship: bool = False
    rulings: Rulings = field(default=STANDARD)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"'name' must be a string (got {describe(self.name)})", argument="name")
        check_natural("roll", self.roll)
        check_rulings(self.rulings)
        if self.is_ship and self.rulings.ship_initiative_adds_raw_agl:
            check_int("agility", self.agility, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
        elif self.is_ship:
            check_int("agility", self.agility, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
            _atmod(self.agility, rulings=self.rulings)
        else:
            check_int("agility", self.agility, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
            initiative_modifier(self.agility, self.skill_rank_modifier, self.gravity_modifier, self.gear,
                                rulings=self.rulings)

    def __repr__(self) -> str:
        parts = [f"{self.name!r}", f"agility={self.agility}", f"roll={self.roll}"]
        for name in ("skill_rank_modifier", "gravity_modifier", "gear"):
            if getattr(self, name):
                parts.append(f"{name}={getattr(self, name)}")
        if self.is_ship:
            parts.append("is_ship=True")
        if self.rulings != STANDARD:
            parts.append(f"rulings={self.rulings!r}")
        return f"Combatant({', '.join(parts)})"

    @classmethod
    def ship(cls, name: str, agility: int, roll: int, pilot_srm: int = 0, *,
             rulings: Rulings = STANDARD) -> Combatant:
        """A ship's Initiative: 3d6 + ship AGL + the best pilot's Piloting SRM.

        >>> Combatant.ship("KV-220B", agility=3, roll=10, pilot_srm=2).total
        15
        """
        check_int("pilot_srm", pilot_srm, low=0, high=SKILL_RANK_MAX)
        return cls(name, agility, roll, skill_rank_modifier=pilot_srm, is_ship=True, rulings=rulings)

    @property
    def modifier(self) -> int:
        """Everything added to the 3d6."""
        if self.is_ship:
            raw = self.rulings.ship_initiative_adds_raw_agl
            agl = self.agility if raw else _atmod(self.agility, rulings=self.rulings)
            return agl + self.skill_rank_modifier
        return initiative_modifier(self.agility, self.skill_rank_modifier, self.gravity_modifier, self.gear,
                                   rulings=self.rulings)

    @property
    def total(self) -> int:
        """The Initiative total."""
        return self.roll + self.modifier

    def sort_key(self) -> tuple[int, int, int]:
        """Higher acts earlier: (total, raw AGL, raw roll)."""
        return (self.total, self.agility, self.roll)


def initiative_order(combatants: list[Combatant] | tuple[Combatant, ...], *,
                     rulings: Rulings = STANDARD) -> list[list[Combatant]]:
    """Acting order, earliest first; each slot lists those who act together.

    A slot holds more than one combatant only when total, raw AGL and raw
    roll all tie and :attr:`~voidref.pirates.rulings.Rulings.initiative_final_tie`
    is :attr:`~voidref.pirates.rulings.FinalTie.TOGETHER`; with
    :attr:`~voidref.pirates.rulings.FinalTie.LISTED_ORDER` the one given first goes first.

    >>> a = Combatant("A", agility=12, roll=10)
    >>> b = Combatant("B", agility=13, roll=10)
    >>> [[c.name for c in slot] for slot in initiative_order([a, b])]
    [['B'], ['A']]
    """
    check_rulings(rulings)
    if isinstance(combatants, (str, bytes)) or not hasattr(combatants, "__iter__"):
        raise RulesError(argument="combatants", expected="a list of Combatant values", received=combatants)
    items = list(combatants)
    together = rulings.initiative_final_tie is FinalTie.TOGETHER
    for i, c in enumerate(items):
        if not isinstance(c, Combatant):
            raise RulesError(argument=f"combatants[{i}]", expected="a Combatant", received=c)
    slots: list[list[Combatant]] = []
    for c in sorted(items, key=lambda c: c.sort_key(), reverse=True):
        if together and slots and slots[-1][0].sort_key() == c.sort_key():
            slots[-1].append(c)
        else:
            slots.append([c])
    return slots


def initiative_distribution(modifier: int) -> Dist:
    """Exact distribution of an Initiative total: 3d6 + *modifier*."""
    check_int("modifier", modifier, low=-3 * MODIFIER_LIMIT, high=3 * MODIFIER_LIMIT)
    return THREE_D6 + modifier


@dataclass(frozen=True)
class InitiativeOdds:
    """Exact chances of who acts first between two sides (what :func:`chance_to_act_first` returns).

    ``first`` is the side given first acting before the other, ``second``
    the other way round, ``together`` the two acting at once (totals, AGL
    and raw rolls all equal; with
    :attr:`~voidref.pirates.rulings.FinalTie.LISTED_ORDER` that share goes
    to ``first``). The three sum to 1.

    >>> odds = chance_to_act_first(9, 14, 9, 14)
    >>> odds.first == odds.second, eval(repr(odds)) == odds
    (True, True)
    """

    first: Fraction
    second: Fraction
    together: Fraction


def chance_to_act_first(modifier: int, agility: int, other_modifier: int, other_agility: int, *,
                        rulings: Rulings = STANDARD) -> InitiativeOdds:
    """Exact chance that one side acts before another, tie-breaks included, as an :class:`InitiativeOdds`.

    >>> chance_to_act_first(9, 14, 9, 14).together
    Fraction(361, 3888)
    """
    check_int("modifier", modifier, low=-3 * MODIFIER_LIMIT, high=3 * MODIFIER_LIMIT)
    check_int("other_modifier", other_modifier, low=-3 * MODIFIER_LIMIT, high=3 * MODIFIER_LIMIT)
    check_int("agility", agility, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    check_int("other_agility", other_agility, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    check_rulings(rulings)
    tie = "together" if rulings.initiative_final_tie is FinalTie.TOGETHER else "first"

    def order(a: int, b: int) -> str:
        key_a = (a + modifier, agility, a)
        key_b = (b + other_modifier, other_agility, b)
        return "first" if key_a > key_b else "second" if key_a < key_b else tie

    d = THREE_D6.combine(THREE_D6, order)
    return InitiativeOdds(first=d["first"], second=d["second"], together=d["together"])
