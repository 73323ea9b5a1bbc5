"""The ship round, and the fight-tracking object that runs it.

Restates: "How a Ship Round Works" of the Void Drifters chapter:

1. **Scene**: the GM sets the range band between the ships and the facings.
2. **Stations**: each crew member declares a station or none, and acts only
   there; switching stations costs that round's Action.
3. **Initiative**: one check per ship, rolled at the Helm (Savvy +
   Perception if warned, Willpower + Readiness if surprised); ships fill
   player and GM slots by net Successes, as characters do.
4. **Ship turns**, one per ship per round, in slot order: everyone at a
   station gets an Action and a Maneuver,
   used at that station (a second Maneuver costs the Action or 2 Strain); all
   choices are declared together; movement resolves first, then attacks,
   then the rest (ruling :data:`~voidref.drifters.ships.rulings.RESOLUTION_ORDER`).
5. **Damage**: the round's Hull Damage, System Damage and Heat take hold
   (ruling :attr:`~voidref.drifters.rulings.Rulings.ship_states_at_step_five`).
6. **Heat Dissipation**: each ship sheds its Heat Dissipation.

:class:`ShipFight` is the one mutable object of the package: it changes as
the fight goes. Every rule it applies lives in a small function elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from voidref.drifters.characters import Character
from voidref.drifters.dice import CheckOutcome, Pool
from voidref.drifters.initiative import Entry, Side, initiative_pool, turn_order
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.drifters.ships.damage import ShipStanding, critical_hit_available, resolve_hit
from voidref.drifters.ships.heat import at_threshold, dissipate, shot_heat
from voidref.drifters.ships.pool import BOOST_DAMAGE, ShipAttack
from voidref.drifters.ships.profiles import (
    Arc,
    Facing,
    ShipProfile,
    ShipRange,
    ShipWeapon,
    Station,
    StationAction,
)
from voidref.drifters.ships.range import advance, break_away
from voidref.drifters.ships.round_results import ShipEnd, Shot
from voidref.drifters.ships.stations import (
    BaneSpend,
    BoonSpend,
    Talent,
    resolution_phase,
    station_action,
    station_check_pool,
)
from voidref.drifters.turn import plan_turn
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.kinds import Kind

__all__ = ["RoundStep", "ROUND_STEPS", "FightShip", "Shot", "ShipEnd", "ShipFight", "as_outcome"]


class RoundStep(Kind):
    """The six steps of a ship round, in order ("How a Ship Round Works")."""

    SCENE = 1
    """The GM sets the range band and notes facing."""
    STATIONS = 2
    """Crew declare stations; switching costs the Action."""
    INITIATIVE = 3
    """One check per ship at the Helm; player slots win ties."""
    TURNS = 4
    """Each ship's crew act at their stations; movement, then attacks, then the rest."""
    DAMAGE = 5
    """Hull Damage, System Damage and Heat from the round take hold."""
    HEAT_DISSIPATION = 6
    """Each ship removes Heat equal to its Heat Dissipation."""


#: The steps in order.
ROUND_STEPS = tuple(RoundStep)


def as_outcome(outcome: CheckOutcome | tuple) -> CheckOutcome:
    """Read a rolled result: a :class:`~voidref.drifters.dice.CheckOutcome`, or ``(net Successes, net Boons)``.

    A pair means no Breakthrough and no Calamity, which is how the source
    states its results ("2 Successes, 1 Boon").

    >>> as_outcome((1, -2))
    CheckOutcome(successes=1, boons=-2, breakthroughs=0, calamities=0)
    """
    if isinstance(outcome, CheckOutcome):
        return outcome
    if isinstance(outcome, tuple) and len(outcome) in (2, 4):
        values = tuple(check_int("outcome", v, low=-60, high=60) for v in outcome)
        return CheckOutcome(*values, *((0, 0) if len(values) == 2 else ()))
    raise RulesError(f"'outcome' must be a CheckOutcome or (net successes, net boons) (got {describe(outcome)})",
                     argument="outcome")


@dataclass(eq=False)
class FightShip:
    """One ship in a :class:`ShipFight`, with everything the fight tracks about it.

    Mutable: the fight changes it as the round goes. Read it; change it only
    through :class:`ShipFight`'s methods.
    """

    profile: ShipProfile
    side: Side
    hull_damage: int = 0
    system_damage: int = 0
    heat: int = 0
    posts: dict[Station, Character] = field(default_factory=dict)
    captain: Character | None = None
    talents: dict[str, frozenset[Talent]] = field(default_factory=dict)
    gear_boon_dice: dict[str, int] = field(default_factory=dict)
    destroyed_in_round: int | None = None
    broken_up: bool = False
    out_of_control: bool = False
    left_fight: bool = False
    evading: bool = False
    evading_this_round: bool = False
    boost_pending: bool = False
    weapons_boost_used: bool = False
    jammed: set[str] = field(default_factory=set)
    next_attack_bane_dice: int = 0
    direct_focus_used: bool = False
    focus: dict[str, int] = field(default_factory=dict)
    target_locks: dict[str, int] = field(default_factory=dict)
    fire_control_used: set[str] = field(default_factory=set)
    actions_used: set[str] = field(default_factory=set)
    maneuvers_used: dict[str, int] = field(default_factory=dict)
    strain: dict[str, int] = field(default_factory=dict)
    phase: int = 0
    off_station: set[str] = field(default_factory=set)
    switched: set[str] = field(default_factory=set)

    @property
    def name(self) -> str:
        """The ship's name."""
        return self.profile.name

    @property
    def standing(self) -> ShipStanding:
        """Hull Damage, System Damage and Heat so far, as a frozen value."""
        return ShipStanding(self.hull_damage, self.system_damage, self.heat)

    def crew_at(self, station: Station | str) -> Character:
        """The crew member at *station*, or a RulesError if it is unmanned."""
        station = check_enum("station", station, Station)
        if station not in self.posts:
            raise RulesError(f"'station' {station.value} of the {self.name} is unmanned", argument="station")
        return self.posts[station]

    def station_of(self, crew: Character | str) -> Station | None:
        """The station *crew* (a Character or a name) is posted at, or ``None``."""
        name = crew.name if isinstance(crew, Character) else crew
        return next((st for st, c in self.posts.items() if c.name == name), None)

    def unmanned(self) -> tuple[Station, ...]:
        """Stations nobody is at: they take no actions ("Station Actions at a Glance")."""
        return tuple(s for s in Station if s not in self.posts)


class ShipFight:
    """A ship fight in progress. **Mutable**: every method moves the fight on.

    One range band is kept between the two sides, as the GM sets it in step
    1. Dice results come in as inputs (a :class:`~voidref.drifters.dice.CheckOutcome`
    or a pair ``(net Successes, net Boons)``); each is checked against the
    pool the rules give, so an impossible result is refused.

    Each ship starts one turn a round, in slot order (:meth:`start_turn`).
    *rulings* chooses the readings of the rules the fight applies.
    """

    def __init__(self, band: ShipRange | str = ShipRange.MEDIUM, *, rulings: Rulings = STANDARD):
        self.band: ShipRange = check_enum("band", band, ShipRange)
        self.rulings: Rulings = check_rulings(rulings)
        self.round: int = 1
        self.ships: dict[str, FightShip] = {}
        self.order: tuple[str, ...] | None = None
        self.current: str | None = None
        self.started: list[str] = []
        self.personal_slots: set[str] = set()

    def __repr__(self) -> str:
        return f"<ShipFight round {self.round} at {self.band.value}: {', '.join(self.ships)}>"

    # -- step 1-3 -------------------------------------------------------------------
    def add_ship(self, profile: ShipProfile, side: Side | str) -> FightShip:
        """Bring a ship into the fight for *side* (players or GM)."""
        if not isinstance(profile, ShipProfile):
            raise RulesError(f"'profile' must be a ShipProfile (got {describe(profile)})", argument="profile")
        if profile.name in self.ships:
            raise RulesError(f"'profile' name must be new to the fight (got {describe(profile.name)} twice)",
                             argument="profile")
        ship = FightShip(profile, check_enum("side", side, Side))
        self.ships[profile.name] = ship
        return ship

    def ship(self, ship: FightShip | str) -> FightShip:
        """The fight's record of *ship* (a :class:`FightShip` or its name)."""
        return self._find(ship, "ship")

    def _find(self, ship: FightShip | str, argument: str) -> FightShip:
        """:meth:`ship`, its error naming *argument* (``target``, say)."""
        if isinstance(ship, FightShip) and self.ships.get(ship.name) is ship:
            return ship
        if isinstance(ship, str) and ship in self.ships:
            return self.ships[ship]
        raise RulesError(f"{argument!r} must be one of {', '.join(self.ships) or 'no ships yet'}"
                         f" (got {describe(ship)})", argument=argument)

    def declare_station(self, ship: FightShip | str, crew: Character, station: Station | str, *,
                        talents: tuple[Talent | str, ...] = (), gear_boon_dice: int = 0) -> None:
        """Put *crew* at *station* (step 2). Moving to another station mid-fight costs that round's Action.

        *gear_boon_dice* are Boon Dice the crew member's gear adds to their
        station checks (the example's ship-rated engineer's kit: 1).
        """
        s = self.ship(ship)
        if not isinstance(crew, Character):
            raise RulesError(f"'crew' must be a Character (got {describe(crew)})", argument="crew")
        station = check_enum("station", station, Station)
        if station in s.posts and s.posts[station].name != crew.name:
            raise RulesError(f"'station' {station.value} already has {s.posts[station].name} at it", argument="station")
        previous = [st for st, c in s.posts.items() if c.name == crew.name]
        for st in previous:
            del s.posts[st]
        came_back = crew.name in s.off_station  # left a station earlier in the fight
        if (came_back or previous and previous[0] is not station) and self.order is not None:
            s.switched.add(crew.name)  # switching stations costs this round's Action
            s.actions_used.add(crew.name)
        s.posts[station] = crew
        s.off_station.discard(crew.name)
        if isinstance(talents, (str, bytes)) or not hasattr(talents, "__iter__"):
            raise RulesError(argument="talents", expected="a list of talents", received=talents)
        s.talents[crew.name] = frozenset(check_enum("talents", t, Talent) for t in talents)
        s.gear_boon_dice[crew.name] = check_int("gear_boon_dice", gear_boon_dice, low=0, high=5)

    def declare_captain(self, ship: FightShip | str, crew: Character) -> None:
        """Make *crew* the ship's captain: outside the stations, giving orders as Maneuvers."""
        s = self.ship(ship)
        if not isinstance(crew, Character):
            raise RulesError(f"'crew' must be a Character (got {describe(crew)})", argument="crew")
        s.captain = crew

    def initiative_pool(self, ship: FightShip | str, surprised: bool = False) -> Pool:
        """The ship's Initiative pool, rolled by whoever is at the Helm (step 3)."""
        return initiative_pool(self.ship(ship).crew_at(Station.HELM), surprised)

    def roll_initiative(self, results: Mapping[str, int],
                        characters: Mapping[str, tuple[Side | str, int]] | None = None) -> tuple[str, ...]:
        """Fix the slot order from each ship's net Successes (step 3).

        *results* maps ship names to net Successes. *characters* optionally
        adds characters away from any station who rolled their own Initiative
        (name to ``(side, net Successes)``). Ranking and ties follow
        :func:`voidref.drifters.initiative.slot_order`.
        """
        if not isinstance(results, Mapping) or set(results) != set(self.ships):
            raise RulesError(f"'results' must give net Successes for each ship: {', '.join(self.ships)} "
                             f"(got {describe(results)})", argument="results")
        entries = [Entry(name, self.ships[name].side, net) for name, net in results.items()]
        if characters is not None and not isinstance(characters, Mapping):
            raise RulesError(argument="characters", expected="a mapping of name to (side, net Successes)",
                             received=characters)
        for name, rolled in (characters or {}).items():
            if not isinstance(rolled, (tuple, list)) or len(rolled) != 2:
                raise RulesError(f"'characters' must map each name to (side, net Successes)"
                                 f" (got {describe(rolled)} for {describe(name)})", argument="characters")
            side, net = rolled
            entries.append(Entry(name, check_enum("side", side, Side), net))
            self.personal_slots.add(name)
        self.order = turn_order(entries)
        return self.order

    def slot_of(self, name: str) -> str:
        """Whose slot a ship or character acts on (ruling :data:`~voidref.drifters.ships.rulings.OFF_STATION_SLOT`)."""
        if not isinstance(name, str):
            raise RulesError(argument="name", expected="a ship or crew member in the fight", received=name)
        if name in self.ships or name in self.personal_slots:
            return name
        for ship in self.ships.values():
            crew = [c.name for c in ship.posts.values()] + list(ship.off_station)
            if ship.captain is not None:
                crew.append(ship.captain.name)
            if name in crew:
                return ship.name
        raise RulesError(f"'name' must be a ship or crew member in the fight (got {describe(name)})", argument="name")

    # -- step 4 ---------------------------------------------------------------------
    def next_ship(self) -> str | None:
        """The ship whose slot comes next this round (``None``: every ship still fighting has had its turn)."""
        ready = [n for n in self.order or () if n in self.ships and n not in self.started
                 and not (self.ships[n].left_fight or self.ships[n].broken_up)]
        return ready[0] if ready else None

    def start_turn(self, ship: FightShip | str) -> None:
        """Begin *ship*'s turn: its evasion from last turn ends and its crew are fresh.

        Ships take their turns in slot order, one turn each a round. A crew
        member who switched station this round has no Action left.
        """
        s = self.ship(ship)
        if self.order is None:
            raise RulesError("'initiative' must be rolled before a ship's turn (roll_initiative first)",
                             argument="initiative")
        if s.left_fight or s.broken_up:
            raise RulesError(f"'ship' {s.name} is out of the fight", argument="ship")
        if s.name in self.started:
            raise RulesError(f"'ship' {s.name} has already had its turn in round {self.round} "
                             f"(one turn a round; end_round first)", argument="ship")
        expected = self.next_ship()
        if s.name != expected:
            raise RulesError(f"'ship' must be {expected}, whose slot comes next in round {self.round} "
                             f"(got {s.name}; slot order: {', '.join(self.order)})", argument="ship")
        self.started.append(s.name)
        self.current = s.name
        s.evading = False
        s.actions_used = set(s.switched)  # a station switch this round has cost the Action
        s.maneuvers_used.clear()
        s.phase = 0

    def _turn(self, ship: FightShip | str, action: str) -> FightShip:
        s = self.ship(ship)
        if self.current != s.name:
            raise RulesError(f"'ship' must be the ship whose turn it is ({self.current or 'none started'}; "
                             f"got {s.name}); call start_turn first", argument="ship")
        if s.left_fight or s.broken_up:
            raise RulesError(f"'ship' {s.name} is out of the fight", argument="ship")
        phase = resolution_phase(action)
        if phase < s.phase:
            raise RulesError(f"'action' {action} must resolve before this turn's later phases "
                             f"(movement, then attacks, then the rest)", argument="action")
        s.phase = phase
        return s

    def _spend(self, s: FightShip, crew: Character, kind: str, second_maneuver: str = "action") -> None:
        name = crew.name
        if kind == "action":
            if name in s.switched:
                raise RulesError(f"'crew' {name} switched station this round, which cost the round's Action",
                                 argument="crew")
            if name in s.actions_used:
                raise RulesError(f"'crew' {name} has already used the Action this turn", argument="crew")
            s.actions_used.add(name)
            return
        taken = s.maneuvers_used.get(name, 0) + 1
        if second_maneuver not in ("action", "strain"):
            raise RulesError(f"'second_maneuver' must be one of action, strain (got {describe(second_maneuver)})",
                             argument="second_maneuver")
        plan = plan_turn(taken, keep_action=second_maneuver == "strain")
        if taken == 2 and not plan.action:
            self._spend(s, crew, "action")
        s.strain[name] = s.strain.get(name, 0) + plan.strain
        s.maneuvers_used[name] = taken

    def _drive(self, s: FightShip) -> None:
        if s.out_of_control:
            raise RulesError(f"'ship' {s.name} is out of control: its drive is offline", argument="ship")

    def check_pool(self, ship: FightShip | str, action: str | StationAction) -> Pool:
        """The pool the crew member at the action's station rolls now (with Direct Focus and gear)."""
        s = self.ship(ship)
        act = station_action(action)
        if act.station is None:
            raise RulesError(f"'action' {act.name} is the captain's order and rolls no check", argument="action")
        crew = s.crew_at(act.station)
        return station_check_pool(act, crew, handling=s.profile.handling,
                                  boon_dice=s.focus.get(crew.name, 0) + s.gear_boon_dice.get(crew.name, 0))

    def _check(self, s: FightShip, action: str, outcome) -> bool:
        act = station_action(action)
        if act.station is None:
            raise RulesError(f"'action' {act.name} is the captain's order and rolls no check", argument="action")
        pool = self.check_pool(s, act)
        outcome = _possible(outcome, pool)
        crew = s.crew_at(act.station)
        self._spend(s, crew, act.kind.value)
        s.focus.pop(crew.name, None)
        return outcome.successes >= 1

    def direct_focus(self, ship: FightShip | str, crew: Character | str) -> None:
        """The captain's Direct Focus (a Maneuver, once a round): *crew* adds 1 Boon Die to their next check."""
        s = self._turn(ship, "Direct Focus")
        if s.captain is None:
            raise RulesError(f"'ship' {s.name} has no captain to give Direct Focus", argument="ship")
        if s.direct_focus_used:
            raise RulesError("'direct_focus' may be used once a round (already used this round)",
                             argument="direct_focus")
        name = crew.name if isinstance(crew, Character) else crew
        if name not in [c.name for c in s.posts.values()]:
            raise RulesError(f"'crew' must be someone at a station of the {s.name}"
                             f" (got {describe(name)})", argument="crew")
        self._spend(s, s.captain, "maneuver")
        s.direct_focus_used = True
        s.focus[name] = s.focus.get(name, 0) + 1

    def evasive_maneuver(self, ship: FightShip | str, outcome, *, change_facing: bool = False) -> bool:
        """Helm's Evasive Maneuver; returns whether it worked. *change_facing* spends 1 Boon."""
        s = self._turn(ship, "Evasive Maneuver")
        self._drive(s)
        check_bool("change_facing", change_facing)
        o = as_outcome(outcome)
        if change_facing and o.boons < BoonSpend.CHANGE_FACING.boons:
            raise RulesError(f"'change_facing' needs {BoonSpend.CHANGE_FACING.boons} Boon (got {max(0, o.boons)})",
                             argument="change_facing")
        if self._check(s, "Evasive Maneuver", o):
            s.evading = True
            s.evading_this_round = True
            return True
        return False

    def target_lock(self, ship: FightShip | str, target: FightShip | str, outcome) -> bool:
        """Sensors and Comms' Target Lock on *target*; returns whether it held."""
        s = self._turn(ship, "Target Lock")
        t = self._find(target, "target")
        if self._check(s, "Target Lock", outcome):
            s.target_locks[t.name] = s.target_locks.get(t.name, 0) + 1
            return True
        return False

    def boost_power(self, ship: FightShip | str, outcome) -> bool:
        """Engineering's Boost Power to weapons; returns whether it worked. Once an encounter."""
        s = self._turn(ship, "Boost Power")
        if s.weapons_boost_used:
            raise RulesError("'boost_power' to weapons may be used once an encounter (already used)",
                             argument="boost_power")
        if self._check(s, "Boost Power", outcome):
            s.boost_pending = True
            s.weapons_boost_used = True
            return True
        return False

    def _move(self, ship, action: str, second_maneuver: str) -> FightShip:
        s = self._turn(ship, action)
        self._drive(s)
        self._spend(s, s.crew_at(Station.HELM), "maneuver", second_maneuver)
        return s

    def hold_position(self, ship: FightShip | str, second_maneuver: str = "action") -> ShipRange:
        """Helm's Hold Position (a Maneuver): the band stays as it is."""
        self._move(ship, "Hold Position", second_maneuver)
        return self.band

    def advance(self, ship: FightShip | str, second_maneuver: str = "action") -> ShipRange:
        """Helm's Advance (a Maneuver): closer by the bands the ship's Speed allows."""
        s = self._move(ship, "Advance", second_maneuver)
        self.band = advance(self.band, s.profile.speed)
        return self.band

    def break_away(self, ship: FightShip | str, second_maneuver: str = "action") -> ShipRange:
        """Helm's Break (a Maneuver): farther by the bands the ship's Speed allows."""
        s = self._move(ship, "Break", second_maneuver)
        self.band = break_away(self.band, s.profile.speed)
        return self.band

    def disengage(self, ship: FightShip | str, outcome) -> bool:
        """Helm's Disengage; True if the ship leaves.

        How near it may start: ruling :attr:`~voidref.drifters.rulings.Rulings.disengage_from`.
        """
        s = self._turn(ship, "Disengage")
        self._drive(s)
        nearest = ShipRange(self.rulings.disengage_from)
        if self.band.index < nearest.index:
            raise RulesError(f"'band' must be {nearest.value} or farther to Disengage "
                             f"(got {self.band.value})", argument="band")
        if self._check(s, "Disengage", outcome):
            s.left_fight = True
            return True
        return False

    def attack(self, ship: FightShip | str, weapon: ShipWeapon | str, target: FightShip | str, *,
               arc: Arc | str = Arc.FORE, facing: Facing | str = Facing.FORE, gunner: Character | None = None,
               limited_boon_dice: int = 0, talent_boon_dice: int = 0, bane_dice: int = 0) -> ShipAttack:
        """The attack *ship* would make now, with every die the fight adds (nothing is used up).

        Adds: Direct Focus and Target Lock (limited), Fire Control (talent),
        the attacker's and the target's evasion, a carried Bane spend, and a
        pending boost. *gunner* defaults to whoever is at Gunnery; anyone
        else is refused, since crew act only at their declared station.
        """
        s, t = self.ship(ship), self._find(target, "target")
        if s is t:
            raise RulesError(f"'target' must be another ship (got {t.name})", argument="target")
        if s.out_of_control:
            raise RulesError(f"'ship' {s.name} is out of control: its weapons are offline", argument="ship")
        w = s.profile.weapon(weapon.name if isinstance(weapon, ShipWeapon) else weapon)
        if w.name in s.jammed:
            raise RulesError(f"'weapon' {w.name} is jammed", argument="weapon")
        crew = s.crew_at(Station.GUNNERY) if gunner is None else gunner
        if not isinstance(crew, Character):
            raise RulesError(f"'gunner' must be a Character (got {describe(crew)})", argument="gunner")
        posted = s.posts.get(Station.GUNNERY)
        if posted is None or posted.name != crew.name:
            where = s.station_of(crew)
            raise RulesError(f"'gunner' must be the crew member at the {s.name}'s Gunnery station "
                             f"({posted.name if posted else 'nobody'}; got {crew.name}, who is at "
                             f"{where.value if where else 'no station'})", argument="gunner")
        talents = s.talents.get(crew.name, frozenset())
        fire_control = int(Talent.FIRE_CONTROL in talents and crew.name not in s.fire_control_used)
        for name, value in (("limited_boon_dice", limited_boon_dice), ("talent_boon_dice", talent_boon_dice),
                            ("bane_dice", bane_dice)):
            check_int(name, value, low=0, high=10)
        return ShipAttack(
            s.profile, w, t.profile, agility=crew.agility, gunnery=crew.skill("gunnery"), band=self.band,
            arc=check_enum("arc", arc, Arc), facing=check_enum("facing", facing, Facing),
            limited_boon_dice=s.focus.get(crew.name, 0) + s.target_locks.get(t.name, 0) + limited_boon_dice,
            talent_boon_dice=fire_control + talent_boon_dice,
            bane_dice=s.next_attack_bane_dice + bane_dice,
            target_evading=t.evading, attacker_evading=s.evading_this_round,
            boost=BOOST_DAMAGE if s.boost_pending else 0, screens_active=not t.out_of_control,
            rulings=self.rulings)

    def fire(self, ship: FightShip | str, weapon: ShipWeapon | str, target: FightShip | str, outcome, *,
             bypass_boons: int = 0, bane_spend: BaneSpend | str | None = None, **attack_options) -> Shot:
        """Gunnery's Aimed Fire with the rolled *outcome*: damage, Heat, spends, all applied.

        *bypass_boons* Boons go on bypassing Armor (2 per point);
        *bane_spend* is the GM's use of the Banes. *attack_options* are those
        of :meth:`attack`.
        """
        s = self._turn(ship, "Aimed Fire")
        t = self._find(target, "target")
        attack = self.attack(s, weapon, t, **attack_options)
        o = _possible(outcome, attack.pool())
        check_int("bypass_boons", bypass_boons, low=0, high=60)
        if bypass_boons > max(0, o.boons):
            raise RulesError(f"'bypass_boons' must be at most the {max(0, o.boons)} Boons rolled (got {bypass_boons})",
                             argument="bypass_boons")
        if bane_spend is not None:
            bane_spend = check_enum("bane_spend", bane_spend, BaneSpend)
            if -o.boons < bane_spend.banes:
                raise RulesError(f"'bane_spend' {bane_spend.value} needs {bane_spend.banes} Banes "
                                 f"(got {max(0, -o.boons)})", argument="bane_spend")
        gunner = attack_options.get("gunner") or s.crew_at(Station.GUNNERY)
        self._spend(s, gunner, "action")
        # what the attack used up
        s.focus.pop(gunner.name, None)
        s.target_locks.pop(t.name, None)
        if Talent.FIRE_CONTROL in s.talents.get(gunner.name, frozenset()):
            s.fire_control_used.add(gunner.name)
        boosted = s.boost_pending
        s.boost_pending = False
        s.next_attack_bane_dice = 0
        hit = None
        crit = False
        if o.successes >= 1:
            hit = resolve_hit(attack.weapon, t.profile, o.successes, boost=attack.boost, bypass_boons=bypass_boons,
                              screens_active=attack.screens_active, rulings=self.rulings)
            crit = critical_hit_available(o, attack.weapon, hit, boons_left=max(0, o.boons) - bypass_boons,
                                          out_of_control=t.out_of_control)
            t.hull_damage += hit.hull_damage
            t.system_damage += hit.system_damage
            if not self.rulings.ship_states_at_step_five:
                self._take_hold(t)
        heat = shot_heat(attack.weapon, boosted)
        s.heat += heat
        if bane_spend is BaneSpend.JAM_WEAPON:
            s.jammed.add(attack.weapon.name)
        elif bane_spend is BaneSpend.NEXT_ATTACK_BANE_DIE:
            s.next_attack_bane_dice += 1
        return Shot(attack, o, hit, bypass_boons, crit, heat, bane_spend)

    # -- steps 5 and 6 --------------------------------------------------------------
    def _take_hold(self, s: FightShip) -> None:
        """Damage takes hold: the ship becomes destroyed or out of control if its totals say so."""
        if s.destroyed_in_round is None and s.standing.destroyed(s.profile):
            s.destroyed_in_round = self.round
        if s.standing.out_of_control(s.profile):
            s.out_of_control = True

    def end_round(self) -> tuple[ShipEnd, ...]:
        """Steps 5 and 6: damage takes hold, then each ship dissipates Heat. Starts the next round."""
        ends = []
        for s in self.ships.values():
            if s.destroyed_in_round is not None and self.round > s.destroyed_in_round:
                s.broken_up = True  # the one round to abandon ship is over
            self._take_hold(s)
            before = s.heat
            s.heat = dissipate(s.heat, s.profile)
            ends.append(ShipEnd(s.name, s.standing, before, s.destroyed_in_round is not None,
                                None if s.destroyed_in_round is None else s.destroyed_in_round + 1,
                                s.out_of_control, at_threshold(before, s.profile)))
            s.evading_this_round = s.boost_pending = s.direct_focus_used = False
            for per_round in (s.focus, s.target_locks, s.switched):
                per_round.clear()
        self.round += 1
        self.current = None
        self.started.clear()
        return tuple(ends)


def _possible(outcome, pool: Pool) -> CheckOutcome:
    o = as_outcome(outcome)
    if o not in pool.distribution():
        raise RulesError(f"'outcome' {tuple(o)} cannot come from the pool {pool.describe()}", argument="outcome")
    return o
