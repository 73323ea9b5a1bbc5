"""Armor classes: save dice, and what armor does to sprinting and moves.

Source: "Fighting", *Armor*. Armor is light, medium or heavy and rolls 1D, 2D
or 3D of saves against every hit (how the saves stop damage is in
:mod:`voidref.twodice.damage`). Light armor costs nothing; medium and heavy
armor forbid sprinting; heavy armor also cuts a turn to one move unless the
wearer has Mechanics 1, Astro/Cosmo 1 or was a legionnaire.

>>> ArmorClass.MEDIUM.save_dice
2
>>> moves_per_turn("heavy")
1
>>> moves_per_turn("heavy", mechanics=1)
2
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import factorial

from voidref.errors import check_bool, check_enum, check_int
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.twodice import rulings

__all__ = ["ArmorClass", "save_dist", "can_sprint", "moves_per_turn"]


class ArmorClass(Kind):
    """How heavily a fighter is armored (source: *Armor*)."""

    NONE = "none"
    """No armor, so no saves and no penalty."""
    LIGHT = "light"
    """Saves 1D; no penalty to moves."""
    MEDIUM = "medium"
    """Saves 2D; no sprinting."""
    HEAVY = "heavy"
    """Saves 3D; no sprinting, and one move a turn without the right background."""

    @property
    def save_dice(self) -> int:
        """How many six-sided save dice the armor rolls against each hit."""
        return _SAVE_DICE[self]


_SAVE_DICE = {ArmorClass.NONE: 0, ArmorClass.LIGHT: 1, ArmorClass.MEDIUM: 2, ArmorClass.HEAVY: 3}


def multiset_dist(count: int) -> Dist:
    """The exact distribution of *count* d6 as a sorted tuple, highest first.

    Enumerates multisets with their multinomial weights rather than every
    ordered roll; the tests compare it with full enumeration.
    """
    check_int("count", count, 0, 12)
    weights = {}
    for faces in combinations_with_replacement(range(6, 0, -1), count):
        w = factorial(count)
        for c in Counter(faces).values():
            w //= factorial(c)
        weights[faces] = w
    return Dist.from_counts(weights, 6**count)  # integer weights: no fractions until asked for


def save_dist(armor: ArmorClass | str) -> Dist:
    """The exact distribution of one save roll, as a tuple of dice, highest first (source: *Armor*).

    >>> save_dist("light")[(6,)]
    Fraction(1, 6)
    >>> save_dist("none")
    Dist({(): Fraction(1, 1)})
    """
    armor = check_enum("armor", armor, ArmorClass)
    return multiset_dist(armor.save_dice)


def can_sprint(armor: ArmorClass | str) -> bool:
    """Whether a wearer may sprint: not in medium or heavy armor (source: *Armor*).

    >>> [can_sprint(a) for a in ArmorClass]
    [True, True, False, False]
    """
    armor = check_enum("armor", armor, ArmorClass)
    return armor in (ArmorClass.NONE, ArmorClass.LIGHT)


def moves_per_turn(
    armor: ArmorClass | str,
    *,
    mechanics: int = 0,
    astro_cosmo: int = 0,
    former_legionnaire: bool = False,
) -> int:
    """How many moves the wearer gets each turn (source: *Armor*).

    Two normally (ruling ``twodice-moves-per-turn``); one in heavy armor unless
    Mechanics or Astro/Cosmo is at rank 1 or more (ruling
    ``twodice-heavy-armor-skills``) or the fighter is a former legionnaire.
    """
    armor = check_enum("armor", armor, ArmorClass)
    check_int("mechanics", mechanics, 0, 10)
    check_int("astro_cosmo", astro_cosmo, 0, 10)
    check_bool("former_legionnaire", former_legionnaire)
    if armor is not ArmorClass.HEAVY:
        return rulings.MOVES_PER_TURN
    trained = max(mechanics, astro_cosmo) >= rulings.HEAVY_ARMOR_SKILL_RANK
    if trained or former_legionnaire:
        return rulings.MOVES_PER_TURN
    return 1
