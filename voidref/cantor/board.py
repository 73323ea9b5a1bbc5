"""The ground and the clocks: difficult terrain, the Vespertide, the tow clock.

Source: "Ground, hazards, and the clocks".

>>> path_cost([False, True, True])
5
>>> [vespertide_phase(r) for r in range(1, 7)]
[Tide.CALM, Tide.GATHERING, Tide.BREAKING, Tide.CALM, Tide.GATHERING, Tide.BREAKING]
"""

from __future__ import annotations

from voidref.cantor.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError, check_bool, check_int, describe
from voidref.kinds import Kind

__all__ = [
    "path_cost",
    "Tide",
    "vespertide_phase",
    "vespertide_damage",
    "VESPERTIDE_CYCLE",
    "VESPERTIDE_DAMAGE",
    "TowClock",
    "TOW_SPACES",
    "TOWS_TO_ESCAPE",
]

VESPERTIDE_CYCLE = 3
"""The Vespertide breaks every third round (3, 6, 9, ...)."""

VESPERTIDE_DAMAGE = 2
"""Energy damage the breaking wave deals to everything in the low band."""

TOW_SPACES = 6
"""Spaces a captor drags a hooked hauler toward the exit at each round advance."""

TOWS_TO_ESCAPE = 3
"""Tows after which the cargo is off the map."""


def path_cost(difficult) -> int:
    """Movement a path costs: 1 per cell entered, +1 more for each difficult cell.

    *difficult* lists, for each cell entered in order, whether it is difficult terrain.
    """
    if isinstance(difficult, (str, bytes)) or not hasattr(difficult, "__iter__"):
        raise RulesError(f"'difficult' must be a list of True/False per cell"
                         f" (got {describe(difficult)})", argument="difficult")
    cells = [check_bool("difficult", c) for c in difficult]
    return len(cells) + sum(cells)


class Tide(Kind):
    """Where a Vespertide round falls in the wave's three-round cycle."""

    CALM = "calm"
    """Nothing happens."""
    GATHERING = "gathering"
    """The wave builds where everyone can see it, and breaks next round."""
    BREAKING = "breaking"
    """The wave breaks, dealing 2 Energy and Slowed to everything in the low band."""


def vespertide_phase(round_number: int) -> Tide:
    """The Vespertide's state in round *round_number* (rounds count from 1)."""
    check_int("round_number", round_number, low=1, high=10_000)
    step = round_number % VESPERTIDE_CYCLE
    return {0: Tide.BREAKING, 2: Tide.GATHERING, 1: Tide.CALM}[step]


def vespertide_damage(armor: int = 0, exposed: bool = False, shredded: bool = False, *,
                      rulings: Rulings = STANDARD) -> int:
    """Damage the breaking wave deals to one unit in the low band.

    Armor comes off unless :attr:`Rulings.vespertide_damage_meets_armor
    <voidref.cantor.rulings.Rulings.vespertide_damage_meets_armor>` is False.

    >>> vespertide_damage(), vespertide_damage(armor=1), vespertide_damage(armor=3)
    (2, 1, 0)
    """
    check_int("armor", armor, low=0, high=20)
    check_bool("exposed", exposed)
    check_bool("shredded", shredded)
    dmg = VESPERTIDE_DAMAGE * (2 if exposed else 1)
    if check_rulings(rulings).vespertide_damage_meets_armor and not shredded:
        dmg = max(0, dmg - armor)
    return dmg


class TowClock:
    """The tow clock of a hooked hauler. Mutable: it tracks the scene as rounds advance.

    >>> clock = TowClock()
    >>> clock.advance(); clock.advance(tug_prone=True); clock.advance(); clock.advance()
    >>> clock.tows, clock.dragged, clock.off_map
    (3, 18, True)
    """

    def __init__(self) -> None:
        self.tows = 0
        self.dragged = 0

    def __repr__(self) -> str:
        return "TowClock()"

    @property
    def off_map(self) -> bool:
        """Three tows and the cargo is gone."""
        return self.tows >= TOWS_TO_ESCAPE

    def advance(self, tug_prone: bool = False) -> None:
        """One round advance: drag 6 spaces toward the exit, unless the tug is Prone (the clock holds)."""
        check_bool("tug_prone", tug_prone)
        if self.off_map or tug_prone:
            return
        self.tows += 1
        self.dragged += TOW_SPACES
