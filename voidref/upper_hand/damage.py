"""Damage: hit locations, damaged and disabled components, crew hits.

Source: "Ship Engagements", section "Damage" and its table.

* Each point of damage rolls 1d6 for where it lands: 1 Thrusters, 2 Guns,
  3 Gate Core (Thrusters if the ship has none), 4 Crew, 5-6 the attacker
  picks one of those.
* A component's first hit damages it, the second disables it.
* Crew hit on the players' ship: a random PC takes 2d6 damage.
* Crew hit on an NPC ship: roll 1d6; at or under the number of crew hits it
  has taken this engagement, it surrenders (or retreats).

>>> hit_location(2)
Location.GUNS
>>> hit_location(6, choice="crew")
Location.CREW
>>> npc_surrender_chance(2)
Fraction(1, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.upper_hand.goals import Goal
from voidref.upper_hand.rulings import STANDARD, Rulings, check_rulings
from voidref.upper_hand.ships import Condition, Location, Ship

__all__ = [
    "hit_location",
    "npc_surrenders",
    "npc_surrender_chance",
    "pc_crew_hit_odds",
    "CrewHit",
    "DamageReport",
    "resolve_damage",
    "damage_odds",
    "default_choice",
    "crew_spent",
    "point_outcomes",
]

Chooser = Callable[[Ship], Location]


#: Crew hits that count when the crew is a component (damaged, then disabled).
_CREW_COMPONENT_HITS = 2


def crew_spent(ship: Ship, rulings: Rulings = STANDARD) -> bool:
    """Whether a crew hit on *ship* would land without effect.

    Only when the crew is a component (:attr:`~voidref.upper_hand.rulings.Rulings.crew_is_a_component`,
    the printed reading) and it is already disabled by two crew hits.

    >>> from voidref.upper_hand.rulings import AS_PRINTED
    >>> crew_spent(Ship("T", crew_hits=2)), crew_spent(Ship("T", crew_hits=2), AS_PRINTED)
    (False, True)
    """
    return check_rulings(rulings).crew_is_a_component and ship.crew_hits >= _CREW_COMPONENT_HITS


def default_choice(attacker_goal: Goal, defender_goal: Goal, defender: Ship, *,
                   rulings: Rulings = STANDARD) -> Location:
    """Where an attacker aims on a 5 or 6 when the player does not say.

    **Source:** on 5-6 the attacker chooses; the source gives no advice.

    **We chose:** the first useful entry of this list (a component that is
    already disabled is not useful; the crew always is, unless the crew is a
    component and disabled, see :func:`crew_spent`):

    1. the component the defender's goal needs (Gate Core for the jump,
       Thrusters for reaching a position or docking);
    2. Thrusters, if the attacker wants to dock;
    3. Crew, if the defender is an NPC ship (each crew hit may make it give up);
    4. Guns, then Thrusters, then Crew.

    A Gate Core is aimed at only when the defender wants to jump: otherwise
    hurting it changes nothing in this engagement.

    **Why:** it blocks the enemy's goal first, then helps our own, then
    weakens their fire. Odds functions take a ``choose_a``/``choose_b``
    argument to use another policy.

    Returns a :class:`~voidref.upper_hand.ships.Location`.
    """

    def useful(location):
        if location is Location.CREW:
            return not crew_spent(defender, rulings)
        return defender.condition(location.component) is not Condition.DISABLED

    wanted = []
    if defender_goal is Goal.JUMP and defender.has_gate_core:
        wanted.append(Location.GATE_CORE)
    if defender_goal in (Goal.REACH, Goal.DOCK):
        wanted.append(Location.THRUSTERS)
    if attacker_goal is Goal.DOCK:
        wanted.append(Location.THRUSTERS)
    if not defender.players:
        wanted.append(Location.CREW)
    wanted += [Location.GUNS, Location.THRUSTERS, Location.CREW]
    for location in wanted:
        if useful(location):
            return location
    return Location.CREW


def hit_location(roll: int, choice: Location | str | None = None) -> Location:
    """Where one point of damage lands for a 1d6 *roll* (``choice`` is the attacker's pick on 5-6)."""
    check_int("roll", roll, low=1, high=6)
    if roll <= 4:
        if choice is not None:
            raise RulesError(f"'choice' must be None unless the roll is 5 or 6"
                             f" (got {describe(choice)} with a roll of {roll})",
                             argument="choice")
        return Location(roll)
    if choice is None:
        raise RulesError(f"'choice' must name a location on a roll of {roll} (got None)", argument="choice")
    return check_enum("choice", choice, Location)


def npc_surrenders(roll: int, crew_hits: int) -> bool:
    """Whether an NPC ship gives up: its 1d6 *roll* is at most its *crew_hits* so far.

    *crew_hits* counts the hit just taken (a ruling: the engagement's total includes it).

    >>> npc_surrenders(3, crew_hits=3)
    True
    """
    check_int("roll", roll, low=1, high=6)
    check_int("crew_hits", crew_hits, low=1, high=1000)
    return roll <= crew_hits


def npc_surrender_chance(crew_hits: int) -> Fraction:
    """The exact chance that the crew check after the *crew_hits*-th crew hit makes an NPC ship give up."""
    check_int("crew_hits", crew_hits, low=1, high=1000)
    return Fraction(min(crew_hits, 6), 6)


def pc_crew_hit_odds(pcs: Sequence[str]) -> Dist:
    """Exact distribution of ``(pc, damage)`` for a crew hit on the players' ship.

    The PC is picked uniformly at random; the damage is 2d6.

    >>> pc_crew_hit_odds(["Ada", "Bo"])[("Ada", 7)]
    Fraction(1, 12)
    """
    if (isinstance(pcs, str) or not isinstance(pcs, (tuple, list)) or not pcs
            or not all(isinstance(p, str) and p for p in pcs)):
        raise RulesError(f"'pcs' must be a non-empty list of PC names (got {describe(pcs)})", argument="pcs")
    two_d6 = Dist.die(6).repeat_sum(2)
    return Dist.uniform(list(pcs)).combine(two_d6, lambda pc, dmg: (pc, dmg))


@dataclass(frozen=True)
class CrewHit:
    """One crew hit: on the players' ship the PC and 2d6 damage, on an NPC ship the check."""

    crew_hits: int
    pc: str | None = None
    damage: int | None = None
    check_roll: int | None = None
    surrendered: bool = False


@dataclass(frozen=True)
class DamageReport:
    """What the points of one shot did, in order.

    ``ship`` is the target afterwards; ``locations`` lists where each point
    landed (stopping early if the target surrendered); ``crew`` details each
    crew hit.
    """

    ship: Ship
    locations: tuple[Location, ...]
    crew: tuple[CrewHit, ...] = ()
    surrendered: bool = False


def resolve_damage(ship: Ship, points: int, rolls: Sequence, crew: Sequence = (),
                   choose: Chooser | None = None, *, rulings: Rulings = STANDARD) -> DamageReport:
    """Apply *points* of damage to *ship* from the table's rolls.

    Args:
        ship: the target.
        points: damage points (the Gunnery Impact that counts).
        rolls: one entry per point: a 1d6 roll (1-6), or a :class:`~voidref.upper_hand.ships.Location`
            (or its name) for a 5-6 on which the attacker named that location.
        crew: one entry per crew hit, in order: for an NPC ship the 1d6
            surrender check, for the players' ship a ``(pc, damage)`` pair.
        choose: picks the location for a bare 5 or 6 (called with the target
            as it is then); required if such a roll occurs.
        rulings: under :attr:`~voidref.upper_hand.rulings.Rulings.crew_is_a_component`,
            a crew hit on a disabled crew lands without effect and takes no
            *crew* entry.

    Stops at the first surrender: later rolls are not used.
    """
    if not isinstance(ship, Ship):
        raise RulesError(f"'ship' must be a Ship (got {describe(ship)})", argument="ship")
    check_int("points", points, low=0, high=100)
    check_rulings(rulings)
    for name, entries in (("rolls", rolls), ("crew", crew)):
        if isinstance(entries, (str, bytes)) or not isinstance(entries, Iterable):
            raise RulesError(argument=name, expected="a list", received=entries)
    if choose is not None and not callable(choose):
        raise RulesError(argument="choose", expected="a function of the target ship, or None", received=choose)
    rolls = list(rolls)
    if len(rolls) != points:
        raise RulesError(f"'rolls' must have one hit-location roll per point of damage: {points} (got {len(rolls)})",
                         argument="rolls")
    crew = list(crew)
    locations: list[Location] = []
    crew_hits: list[CrewHit] = []
    for entry in rolls:
        if isinstance(entry, int) and not isinstance(entry, bool):
            check_int("rolls", entry, low=1, high=6)
            if entry <= 4:
                location = Location(entry)
            elif choose is None:
                raise RulesError(f"'rolls' must name the attacker's choice for a roll of {entry} "
                                 f"(got {entry}; or pass 'choose')", argument="rolls")
            else:
                location = check_enum("choose", choose(ship), Location)
        else:
            location = check_enum("rolls", entry, Location)
        locations.append(location)
        if location is Location.CREW and crew_spent(ship, rulings):
            continue
        ship = ship.hit(location)
        if location is Location.CREW:
            if not crew:
                raise RulesError(f"'crew' must give a result for crew hit number {ship.crew_hits} "
                                 "(got too few entries)", argument="crew")
            result = crew.pop(0)
            if ship.players:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RulesError("'crew' entries for the players' ship must be (pc, damage) pairs "
                                     f"(got {describe(result)})", argument="crew")
                pc, dmg = result
                if ship.pcs and pc not in ship.pcs:
                    raise RulesError(f"'crew' must name a PC aboard {ship.name}: {', '.join(ship.pcs)}"
                                     f" (got {describe(pc)})",
                                     argument="crew")
                check_int("damage", dmg, low=2, high=12)
                crew_hits.append(CrewHit(ship.crew_hits, pc=pc, damage=dmg))
            else:
                check_int("crew", result, low=1, high=6)
                gives_up = npc_surrenders(result, ship.crew_hits)
                crew_hits.append(CrewHit(ship.crew_hits, check_roll=result, surrendered=gives_up))
                if gives_up:
                    return DamageReport(ship, tuple(locations), tuple(crew_hits), True)
    return DamageReport(ship, tuple(locations), tuple(crew_hits), False)


def damage_odds(ship: Ship, points: int, choose: Chooser, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of ``(ship_after, surrendered)`` after *points* of damage.

    Each point rolls its location (5-6 go where *choose* says, given the
    target as it is then); each crew hit on an NPC ship makes its check and
    the first surrender stops the damage. Crew hits on the players' ship
    count but do not change the engagement (the PC's 2d6 is
    :func:`pc_crew_hit_odds`).
    """
    if not isinstance(ship, Ship):
        raise RulesError(f"'ship' must be a Ship (got {describe(ship)})", argument="ship")
    check_int("points", points, low=0, high=100)
    if not callable(choose):
        raise RulesError(argument="choose", expected="a function of the target ship", received=choose)
    return _damage_odds(ship, points, choose, check_rulings(rulings))


def point_outcomes(ship: Ship, choose: Chooser, *, rulings: Rulings = STANDARD) -> list[tuple[Ship, bool, int]]:
    """A single point's outcomes as ``(ship_after, surrendered, weight)``, weights over 36.

    The d6 for the location (the chosen one counts three faces), then the
    d6 crew check after a crew hit on an NPC ship (none on a spent crew, :func:`crew_spent`).
    """
    chosen = check_enum("choose", choose(ship), Location)
    out = []
    spent = crew_spent(ship, rulings)
    for location, faces in _location_weights(chosen).items():
        if location is Location.CREW and spent:
            out.append((ship, False, faces * 6))
            continue
        after = ship.hit(location)
        if location is Location.CREW and not after.players:
            gives_up = npc_surrender_chance(after.crew_hits) * 6  # faces of the crew check
            out += [(after, True, int(faces * gives_up)), (after, False, int(faces * (6 - gives_up)))]
        else:
            out.append((after, False, faces * 6))
    return [o for o in out if o[2]]


def _one_point(ship: Ship, choose: Chooser, rulings: Rulings) -> Dist:
    """Distribution of ``(ship_after, surrendered)`` for a single point."""
    weights: dict = {}
    for after, gone, w in point_outcomes(ship, choose, rulings=rulings):
        weights[(after, gone)] = weights.get((after, gone), 0) + w
    return Dist.from_weights(weights)


def _location_weights(chosen: Location) -> dict[Location, int]:
    weights = {Location.THRUSTERS: 1, Location.GUNS: 1, Location.GATE_CORE: 1, Location.CREW: 1}
    weights[chosen] += 2
    return weights


def _damage_odds(ship: Ship, points: int, choose: Chooser, rulings: Rulings) -> Dist:
    dist = Dist.always((ship, False))
    for _ in range(points):
        dist = dist.bind(lambda state: Dist.always(state) if state[1] else _one_point(state[0], choose, rulings))
    return dist
