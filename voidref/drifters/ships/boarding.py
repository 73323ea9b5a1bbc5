"""Boarding actions: personal fights inside a ship during a ship fight.

Restates: "Boarding Actions" of the Void Drifters chapter.

* A boarding fight keeps the ship fight's Initiative order: the ship acts
  in its slot, and each character in the corridor fight acts in theirs
  (ruling :data:`~voidref.drifters.ships.rulings.OFF_STATION_SLOT` for
  those who have none).
* Leaving a station to fight leaves it unmanned; an unmanned station takes
  no actions.
* Range inside a ship: usually Engaged or Short; Medium only in a long
  corridor or an open cargo bay. Cover is everywhere.
* A Critical Hit on the ship during a boarding fight may strike the section
  being fought over (the GM's call): for example a sealed bulkhead, lost
  gravity, or a hull breach venting the corridor.

>>> interior_bands("corridor")
(RangeBand.ENGAGED, RangeBand.SHORT)
"""

from __future__ import annotations

from voidref.drifters.characters import Character, RangeBand
from voidref.drifters.ships.profiles import Station
from voidref.drifters.ships.round import FightShip, ShipFight
from voidref.errors import RulesError, check_enum, describe
from voidref.kinds import Kind

__all__ = ["Interior", "interior_bands", "check_interior_band", "leave_station", "unmanned_stations",
           "CRITICAL_HIT_SECTION_EFFECTS"]

#: What a Critical Hit may do to the section a boarding fight is in (the GM's choice).
CRITICAL_HIT_SECTION_EFFECTS = ("sealed bulkhead", "gravity failure", "hull breach: the corridor is open to vacuum")


class Interior(Kind):
    """Kinds of space inside a ship, for the bands a boarding fight can use."""

    CORRIDOR = "corridor"
    """An ordinary corridor or compartment (Engaged or Short)."""
    LONG_CORRIDOR = "long corridor"
    """A long corridor (up to Medium)."""
    CARGO_BAY = "cargo bay"
    """An open cargo bay (up to Medium)."""


def interior_bands(space: Interior | str) -> tuple[RangeBand, ...]:
    """Range bands a fight in *space* can use ("Boarding Actions")."""
    space = check_enum("space", space, Interior)
    far = RangeBand.SHORT if space is Interior.CORRIDOR else RangeBand.MEDIUM
    return tuple(b for b in RangeBand if b <= far)


def check_interior_band(space: Interior | str, band: RangeBand | str) -> RangeBand:
    """Return *band* if a fight in *space* can use it, else raise :class:`~voidref.errors.RulesError`."""
    band = check_enum("band", band, RangeBand)
    allowed = interior_bands(space)
    if band not in allowed:
        raise RulesError(f"'band' inside a {check_enum('space', space, Interior).value} must be one of "
                         f"{', '.join(b.name.lower() for b in allowed)} (got {band.name.lower()})", argument="band")
    return band


def leave_station(fight: ShipFight, ship: FightShip | str, crew: Character | str) -> Station:
    """*crew* leaves their station to fight: the station is unmanned from now on. Returns it."""
    if not isinstance(fight, ShipFight):
        raise RulesError(f"'fight' must be a ShipFight (got {describe(fight)})", argument="fight")
    s = fight.ship(ship)
    name = crew.name if isinstance(crew, Character) else crew
    for station, person in list(s.posts.items()):
        if person.name == name:
            del s.posts[station]
            s.off_station.add(name)
            return station
    raise RulesError(f"'crew' must be at a station of the {s.name} (got {describe(name)})", argument="crew")


def unmanned_stations(fight: ShipFight, ship: FightShip | str) -> tuple[Station, ...]:
    """The stations of *ship* nobody is at."""
    if not isinstance(fight, ShipFight):
        raise RulesError(f"'fight' must be a ShipFight (got {describe(fight)})", argument="fight")
    return fight.ship(ship).unmanned()
