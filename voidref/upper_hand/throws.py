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

At the table a throw is rolled from a random source and read the same way:

>>> roll_throw(2, random.Random(0), disadvantaged=True)
ThrowResult(dice=(4, 4, 1), kept=(4, 1), total=7, impact=0, counted=0)
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from voidref.errors import RulesError, check_enum, check_int, check_rng, describe
from voidref.exact import Dist
from voidref.upper_hand.rulings import MAX_RANK, MAX_SKILL, STANDARD, Rulings, check_rulings
from voidref.upper_hand.ships import Condition, Ship

__all__ = [
    "limit_impact",
    "throw_odds",
    "ThrowResult",
    "roll_throw",
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
    bonus: int = 0, rank: int = MAX_RANK, disadvantaged: bool = False, *, advantaged: bool = False,
    rulings: Rulings = STANDARD
) -> Dist:
    """Exact distribution of a throw's Impact after the rank limit (0 = failure).

    The throw is :attr:`Rulings.task_throw <voidref.upper_hand.rulings.Rulings.task_throw>` of *rulings*.
    """
    check_int("bonus", bonus, low=0, high=MAX_SKILL)
    check_int("rank", rank, low=0, high=MAX_RANK)
    throw = check_rulings(rulings).task_throw
    return throw.impact_odds(bonus=bonus, disadvantaged=disadvantaged, advantaged=advantaged).map(
        lambda i: min(i, rank))


@dataclass(frozen=True)
class ThrowResult:
    """One Task Throw as rolled by :func:`roll_throw`: the dice, the ones that count, the total and the Impact.

    Args:
        dice: every die thrown, in the order they came (a disadvantaged throw's extra dice too).
        kept: the dice that count, in the same order: a disadvantaged throw
            drops its highest dice (:class:`~voidref.upper_hand.rulings.TaskThrow`).
        total: the kept dice plus the bonus.
        impact: the throw's Impact (0 for a failure), as
            :meth:`TaskThrow.impact_of <voidref.upper_hand.rulings.TaskThrow.impact_of>` reads the dice.
        counted: the Impact that counts, at most the component's rank (:func:`limit_impact`).
    """

    dice: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    impact: int
    counted: int

    def __post_init__(self) -> None:
        for name in ("dice", "kept"):
            faces = getattr(self, name)
            if isinstance(faces, list):
                object.__setattr__(self, name, faces := tuple(faces))
            if not isinstance(faces, tuple) or not 1 <= len(faces) <= _MOST_DICE:
                raise RulesError(argument=name, expected=f"a tuple of 1 to {_MOST_DICE} die faces", received=faces)
            for face in faces:
                check_int(name, face, low=1, high=_MOST_SIDES)
        if len(self.kept) > len(self.dice):
            raise RulesError(argument="kept", expected=f"at most the {len(self.dice)} dice thrown", received=self.kept)
        check_int("total", self.total, low=-_MAX_IMPACT, high=_MAX_IMPACT)
        check_int("impact", self.impact, low=0, high=_MAX_IMPACT)
        check_int("counted", self.counted, low=0, high=self.impact)


_MOST_DICE = 4 + 3
"""The most dice a Task Throw can roll: ``throw_dice`` (at most 4) plus ``disadvantage_extra_dice`` (at most 3)."""

_MOST_SIDES = 20
"""The most sides a Task Throw die can have (``throw_sides``)."""


def roll_throw(bonus: int, rng: random.Random, *, rank: int = MAX_RANK, disadvantaged: bool = False,
               advantaged: bool = False, rulings: Rulings = STANDARD) -> ThrowResult:
    """Throw a Task Throw from *rng* and read it (the Task Throw of *rulings*; :func:`throw_odds` gives its odds).

    A disadvantaged throw rolls its extra dice and drops the highest
    (:attr:`Rulings.disadvantage_extra_dice <voidref.upper_hand.rulings.Rulings.disadvantage_extra_dice>`),
    an advantaged one drops the lowest
    (:attr:`Rulings.advantage_extra_dice <voidref.upper_hand.rulings.Rulings.advantage_extra_dice>`).

    Args:
        bonus: the Skill Rank (or Agility) added.
        rng: the source of the dice: ``random.SystemRandom()`` at the table,
            ``random.Random(seed)`` to replay a throw.
        rank: the rank of the component the throw uses, which limits the Impact that counts.
        disadvantaged: the throw is disadvantaged (a damaged component).
        advantaged: the throw is advantaged (a GM's call: the source has no advantage).
        rulings: the :class:`~voidref.upper_hand.rulings.Rulings` whose Task Throw is thrown.

    >>> roll_throw(3, random.Random(0), rank=2)
    ThrowResult(dice=(4, 4), kept=(4, 4), total=11, impact=4, counted=2)
    """
    check_int("bonus", bonus, low=0, high=MAX_SKILL)
    check_int("rank", rank, low=0, high=MAX_RANK)
    throw = check_rulings(rulings).task_throw
    extra = throw.extra_dice(disadvantaged, advantaged)
    check_rng("rng", rng)
    dice = tuple(rng.randint(1, throw.sides) for _ in range(throw.dice + extra))
    kept = throw.kept(dice, advantaged)
    impact = throw.impact_of(dice, bonus=bonus, disadvantaged=disadvantaged, advantaged=advantaged)
    return ThrowResult(dice, kept, sum(kept) + bonus, impact, limit_impact(impact, rank))


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
