"""Forced movement and what it runs into: knockback, collisions, ramming, Shatter.

Sources: step 6 ("Apply"), "Damage, in detail" (Collisions, Shatter), "A tow clock"
(Ram). Collision damage is raw: no Armor, no Exposed, no Brace, no floor (it still
meets Overshield first: Overshield is how damage is applied, not a reduction of it).

>>> shove(3, clear_spaces=1)
Shove(moved=1, collided=True)
>>> collision_damage()[2]
Fraction(1, 36)
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.cantor import rulings
from voidref.errors import check_int
from voidref.exact import Dist

__all__ = [
    "Shove",
    "shove",
    "collision_damage",
    "ram_terrain_damage",
    "ram_unit",
    "RamResult",
    "shatter",
    "Splinter",
    "SPLINTER_HP",
]

SPLINTER_HP = 12
"""HP of each splinter a shattered rock leaves ("Shatter")."""


@dataclass(frozen=True)
class Shove:
    """Where a knockback, Ram or tractor reel left the unit.

    Args:
        moved: spaces actually moved.
        collided: it was driven into solid terrain (a collision: 2d6 raw).
    """

    moved: int
    collided: bool


def shove(spaces: int, clear_spaces: int | None = None) -> Shove:
    """Push a unit *spaces* along a line with *clear_spaces* free cells before solid terrain.

    Forced movement ignores Slowed, so only the rock matters. Driven into it, the
    unit stops one space short (in the last clear cell) and collides. ``None`` means
    nothing solid lies in the way.

    >>> shove(2), shove(2, clear_spaces=2), shove(4, clear_spaces=0)
    (Shove(moved=2, collided=False), Shove(moved=2, collided=False), Shove(moved=0, collided=True))
    """
    check_int("spaces", spaces, low=0, high=50)
    if clear_spaces is not None:
        check_int("clear_spaces", clear_spaces, low=0, high=50)
    if clear_spaces is None or spaces <= clear_spaces:
        return Shove(spaces, False)
    return Shove(clear_spaces, True)


def collision_damage() -> Dist:
    """Damage a collision deals to the shoved unit: 2d6 raw, Armor does not apply."""
    return Dist.die(6).repeat_sum(2)


def ram_terrain_damage() -> tuple[Dist, Dist]:
    """Ramming solid terrain: (2d6 to the rammer, 1d6 to the terrain).

    >>> [d.mean() for d in ram_terrain_damage()]
    [Fraction(7, 1), Fraction(7, 2)]
    """
    return Dist.die(6).repeat_sum(2), Dist.die(6)


@dataclass(frozen=True)
class RamResult:
    """A Ram against a unit: no roll, it goes Prone and is shoved.

    Args:
        shove: where the shove left it.
        prone: always True: the target is knocked Prone.
    """

    shove: Shove
    prone: bool = True


def ram_unit(clear_spaces: int | None = None) -> RamResult:
    """Ram a unit (a Quick, no roll): it goes Prone and is shoved 1 space (a ruling).

    >>> ram_unit()
    RamResult(shove=Shove(moved=1, collided=False), prone=True)
    """
    return RamResult(shove(rulings.RAM_SHOVE_SPACES, clear_spaces))


@dataclass(frozen=True)
class Splinter:
    """One splinter of a shattered rock: shootable, and cover until destroyed."""

    hp: int = SPLINTER_HP
    gives_cover: bool = True


def shatter(size: int) -> tuple[Splinter, ...]:
    """The splinters a destroyed rock of *size* leaves ("Shatter"; count per the ruling).

    >>> len(shatter(2)), len(shatter(4)), shatter(1)
    (2, 3, ())
    """
    return tuple(Splinter() for _ in range(rulings.shatter_splinters(size)))
