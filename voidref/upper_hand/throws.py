"""Task Throws in an engagement: skills added, Impact limited by component rank.

Source: "Ship Engagements", section "Starship Engagement Throws".

* A crew member with the skill for a throw adds their Skill Rank.
* Each crew member adds a skill to at most one throw per round.
* A throw's Impact can never exceed the rank of the ship component it uses
  (Computer for Software, Guns for Gunnery, Thrusters for Pilot).

How a throw turns dice into Impact is the ruling
:class:`~voidref.upper_hand.rulings.TaskThrow`; everything here works from an
Impact, so a table can feed in its own results.

>>> limit_impact(4, rank=2)
2
>>> throw_odds(bonus=2, rank=1)[1]
Fraction(13, 18)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.upper_hand.rulings import MAX_RANK, MAX_SKILL, STANDARD, Rulings, check_rulings
from voidref.upper_hand.ships import Condition, Ship

__all__ = [
    "limit_impact",
    "throw_odds",
    "Station",
    "station_odds",
    "station_impact",
    "CrewMember",
    "assign_stations",
]

_MAX_IMPACT = 100


def limit_impact(impact: int, rank: int) -> int:
    """The Impact that counts: the throw's Impact, at most the component *rank*."""
    check_int("impact", impact, low=0, high=_MAX_IMPACT)
    check_int("rank", rank, low=0, high=MAX_RANK)
    return min(impact, rank)


def throw_odds(
    bonus: int = 0, rank: int = MAX_RANK, disadvantaged: bool = False, *, rulings: Rulings = STANDARD
) -> Dist:
    """Exact distribution of a throw's Impact after the rank limit (0 = failure).

    The throw is :attr:`Rulings.task_throw <voidref.upper_hand.rulings.Rulings.task_throw>` of *rulings*.
    """
    check_int("bonus", bonus, low=0, high=MAX_SKILL)
    check_int("rank", rank, low=0, high=MAX_RANK)
    check_bool("disadvantaged", disadvantaged)
    throw = check_rulings(rulings).task_throw
    return throw.impact_odds(bonus=bonus, disadvantaged=disadvantaged).map(lambda i: min(i, rank))


class Station(enum.Enum):
    """The three ship throws and the component that limits each."""

    SOFTWARE = "software"
    """The opening throw, limited by the Computer rank."""
    GUNNERY = "gunnery"
    """The Gunnery phase throw, limited by the Guns rank."""
    PILOT = "pilot"
    """The Maneuver phase throw, limited by the Thrusters rank."""

    __hash__ = object.__hash__  # identity, as for Side: the throws' odds are remembered by station

    def __repr__(self) -> str:
        return f"Station.{self.name}"


def _station_setup(ship: Ship, station: Station) -> tuple[int, int, bool]:
    """(bonus, rank, disadvantaged) for *ship* making the *station* throw."""
    if not isinstance(ship, Ship):
        raise RulesError(argument="ship", expected="a Ship", received=ship)
    if station is Station.SOFTWARE:
        return ship.software, ship.computer, False
    if station is Station.GUNNERY:
        return ship.gunnery, ship.guns, ship.guns_condition is Condition.DAMAGED
    return ship.pilot, ship.thrusters, ship.thrusters_condition is Condition.DAMAGED


def station_odds(ship: Ship, station: Station | str, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact Impact distribution of *ship*'s throw at *station*, damage included.

    Damaged Guns or Thrusters make their throw disadvantaged. A ship whose
    Guns are disabled makes no Gunnery throw (Impact 0 for certain); disabled
    Thrusters are handled by the Maneuver phase (automatic loss), and here give
    Impact 0 too.
    """
    station = check_enum("station", station, Station)
    if not isinstance(ship, Ship):
        raise RulesError(f"'ship' must be a Ship (got {describe(ship)})", argument="ship")
    if station is Station.GUNNERY and ship.guns_condition is Condition.DISABLED:
        return Dist.always(0)
    if station is Station.PILOT and ship.thrusters_condition is Condition.DISABLED:
        return Dist.always(0)
    bonus, rank, disadvantaged = _station_setup(ship, station)
    return throw_odds(bonus=bonus, rank=rank, disadvantaged=disadvantaged, rulings=rulings)


def station_impact(ship: Ship, station: Station | str, impact: int) -> int:
    """The Impact that counts for a throw at *station* whose own Impact was *impact*.

    *impact* is the result the table got (the rules' ``impact_of`` on the
    dice, disadvantage already applied); this applies the rank limit.
    """
    station = check_enum("station", station, Station)
    _, rank, _ = _station_setup(ship, station)
    return limit_impact(impact, rank)


@dataclass(frozen=True)
class CrewMember:
    """A crew member and the ship skills they have (0 = untrained)."""

    name: str
    software: int = 0
    pilot: int = 0
    gunnery: int = 0
    agility: int = 0

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"'name' must be a non-empty string (got {describe(self.name)})", argument="name")
        for skill in ("software", "pilot", "gunnery", "agility"):
            check_int(skill, getattr(self, skill), low=0, high=MAX_SKILL)


def assign_stations(software: CrewMember | None = None, gunner: CrewMember | None = None,
                    pilot: CrewMember | None = None) -> dict[str, int]:
    """The skill bonus each throw gets from who sits where, checking the one-throw rule.

    Nobody may add a skill to more than one throw in a round, so the gunner
    and the pilot must be different people. The Software operator may also
    be the gunner or the pilot: the opening throw comes before round 1
    (a ruling: the opening throw is not part of round 1).

    Returns keyword arguments for :class:`~voidref.upper_hand.ships.Ship`.

    >>> ada = CrewMember("Ada", pilot=2, gunnery=1)
    >>> assign_stations(software=ada, gunner=ada, pilot=CrewMember("Bo", pilot=1))
    {'software': 0, 'gunnery': 1, 'pilot': 1}
    >>> assign_stations(gunner=ada, pilot=ada)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'pilot' must be someone other than the gunner: ... one throw per round (got 'Ada')
    """
    for name, who in (("software", software), ("gunner", gunner), ("pilot", pilot)):
        if who is not None and not isinstance(who, CrewMember):
            raise RulesError(f"{name!r} must be a CrewMember or None (got {describe(who)})", argument=name)
    if gunner is not None and pilot is not None and gunner.name == pilot.name:
        raise RulesError(
            f"'pilot' must be someone other than the gunner: each crew member adds a skill to one throw per round "
            f"(got {describe(pilot.name)})", argument="pilot"
        )
    return {
        "software": software.software if software else 0,
        "gunnery": gunner.gunnery if gunner else 0,
        "pilot": pilot.pilot if pilot else 0,
    }
