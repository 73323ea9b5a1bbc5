"""A Void Drifters encounter refereed by the engine: the state, and the events that set it up and move it on.

The encounter tracker (issue 34) keeps a fight as a list of events (a
combatant joins, Initiative is rolled, a turn is taken, a Maneuver, an
attack, a Boon spent, a Critical Injury rolled, a turn ended...). The state is
never edited: :func:`~voidref.drifters.encounter.log.replay` folds the events
through :func:`apply`, which checks each against the rules (a third Maneuver,
an attack after the Action is spent, a turn out of its slot are refused,
naming what to change) and applies what the rules say. This module holds the
state (:class:`Encounter`, :class:`Fighter`) and the events of the set-up and
the flow of rounds; what a combatant does on a turn is in
:mod:`voidref.drifters.encounter.actions`, and the log (saving it, loading it,
replaying it) in :mod:`voidref.drifters.encounter.log`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from voidref.drifters.attack import Cover
from voidref.drifters.characters import Character, RangeBand, Weapon
from voidref.drifters.conditions import Condition, Conditions
from voidref.drifters.dice import Pool
from voidref.drifters.environment import Gravity
from voidref.drifters.health import Health
from voidref.drifters.initiative import Entry, Side, initiative_pool, slot_order
from voidref.drifters.injuries import InjuryRoll
from voidref.drifters.rolled import stated_roll
from voidref.drifters.rulings import STANDARD, Rulings
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe

__all__ = ["Fighter", "LastRoll", "Encounter", "Event", "Join", "SetRange", "SetCover", "SetGravity", "SetCondition",
           "Initiative", "StartRound", "TakeTurn", "EndTurn", "EndRound", "EndEncounter", "apply", "on_turn", "playing",
           "check_name", "check_names", "check_faces"]

MAX_FIGHTERS = 20
"""Combatants one encounter tracks."""


def check_name(argument: str, value: Any) -> str:
    """*value* stripped, if it is a name of 1 to 60 characters (a combatant's, or a Maneuver's or check's)."""
    if not isinstance(value, str) or not value.strip() or len(value) > 60:
        raise RulesError(argument=argument, expected="a name of 1 to 60 characters", received=value)
    return value.strip()


def check_names(event: Any, *fields: str) -> None:
    """Check and strip the name *fields* of a frozen *event* as it is made."""
    for name in fields:
        object.__setattr__(event, name, check_name(name, getattr(event, name)))


MAX_FACES = 60
"""Faces one event may record (one per die of its pool)."""


def check_faces(event: Any) -> None:
    """Check a frozen *event*'s ``faces`` as it is made: a list of faces, one per die (``()``: not recorded)."""
    faces = event.faces
    if isinstance(faces, str) or not isinstance(faces, (tuple, list)) or len(faces) > MAX_FACES \
            or not all(isinstance(f, str) and 0 < len(f) <= 10 for f in faces):
        raise RulesError(argument="faces", expected=f"a list of at most {MAX_FACES} faces, one per die of the pool "
                         "(such as 'SB', '-')", received=faces)
    object.__setattr__(event, "faces", tuple(faces))


@dataclass(frozen=True)
class LastRoll:
    """The check a combatant rolled this turn, kept for what its Boons, Banes and Breakthroughs may still buy."""

    name: str
    target: str | None
    weapon: str | None
    successes: int
    boons: int
    breakthroughs: int = 0
    calamities: int = 0
    boons_left: int = 0
    banes_left: int = 0
    crit_available: bool = False


@dataclass(frozen=True)
class Fighter:
    """One combatant as the log has made it: who, on which side, their stat block and weapons, and how they stand."""

    name: str
    side: Side
    character: Character
    weapons: tuple[Weapon, ...]
    health: Health
    conditions: Conditions = field(default_factory=Conditions)
    cover: Cover = Cover.NONE
    initiative: int | None = None
    acted: bool = False
    maneuvers: int = 0
    action_used: bool = False
    injuries: tuple[InjuryRoll, ...] = ()
    """The Critical Injuries rolled on this combatant in this encounter, each with its d100 and bonus."""

    def weapon(self, weapon: str) -> Weapon:
        """The weapon called *weapon* (any case)."""
        wanted = weapon.strip().lower() if isinstance(weapon, str) else None
        for w in self.weapons:
            if w.name.lower() == wanted:
                return w
        names = ", ".join(w.name for w in self.weapons) or "none"
        raise RulesError(f"'weapon' must be one of {self.name}'s weapons: {names} (got {describe(weapon)})",
                         argument="weapon")


@dataclass(frozen=True)
class Encounter:
    """The state of an encounter: the combatants, the range band of each pair, gravity, the round and the slot."""

    fighters: tuple[Fighter, ...] = ()
    bands: tuple[tuple[str, str, RangeBand], ...] = ()
    gravity: Gravity = Gravity.STANDARD
    round: int = 0
    slots: tuple[Side, ...] = ()
    slot: int = 0
    turn: str | None = None
    last_roll: LastRoll | None = None
    over: bool = False
    rulings: Rulings = STANDARD

    def fighter(self, name: str, argument: str = "name") -> Fighter:
        """The combatant called *name*; an error names *argument* (the field that gave the name)."""
        for f in self.fighters:
            if f.name == name:
                return f
        names = ", ".join(f.name for f in self.fighters) or "nobody yet"
        raise RulesError(f"'{argument}' must be a combatant of this encounter: {names} (got {describe(name)})",
                         argument=argument)

    def band(self, a: str, b: str) -> RangeBand:
        """The range band between *a* and *b* (Short until set)."""
        self.fighter(a, "a"), self.fighter(b, "b")
        for x, y, band in self.bands:
            if {x, y} == {a, b}:
                return band
        return RangeBand.SHORT

    @property
    def slot_side(self) -> Side | None:
        """The side whose slot is next (or now), or ``None`` before the first round or after the last slot."""
        return self.slots[self.slot] if self.round and self.slot < len(self.slots) else None

    def may_take(self) -> tuple[str, ...]:
        """Who may take the current slot: that side's combatants who have not acted this round and can act."""
        side = self.slot_side
        if side is None or self.turn is not None:
            return ()
        return tuple(f.name for f in self.fighters if f.side is side and not f.acted and not f.health.incapacitated)

    def _with(self, fighter: Fighter) -> Encounter:
        return replace(self, fighters=tuple(fighter if f.name == fighter.name else f for f in self.fighters))


class Event:
    """One thing that happens in an encounter; :meth:`apply` gives the state after it, or refuses it by the rules."""

    type: ClassVar[str] = ""

    def apply(self, state: Encounter) -> Encounter:
        """The state after this event; each kind of event says what it checks and does."""
        playing(state)
        raise RulesError(argument="event", expected="a kind of event (Join, MakeAttack, EndTurn...), not the "
                         "Event base class", received=self)


def playing(state: Encounter) -> None:
    """Refuse anything once the encounter is over (and a *state* that is not an :class:`Encounter`)."""
    if not isinstance(state, Encounter):
        raise RulesError(argument="state", expected="an Encounter", received=state)
    if state.over:
        raise RulesError("'event' the encounter is over: nothing more happens in it", argument="event")


def on_turn(state: Encounter, name: str) -> Fighter:
    playing(state)
    fighter = state.fighter(name)
    if state.turn != name:
        now = f"it is {state.turn}'s turn" if state.turn else "nobody's turn is running (take the slot first)"
        raise RulesError(f"'name' {name} is not taking a turn now: {now}", argument="name")
    return fighter


@dataclass(frozen=True)
class Join(Event):
    """A combatant joins before the first round: name, side (player or GM), stat block and weapons."""

    name: str
    side: Side
    character: Character
    weapons: tuple[Weapon, ...] = ()
    type: ClassVar[str] = "join"

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name("name", self.name))
        object.__setattr__(self, "side", check_enum("side", self.side, Side))
        if not isinstance(self.character, Character):
            raise RulesError(argument="character", expected="a Character", received=self.character)
        weapons = tuple(self.weapons) if isinstance(self.weapons, (list, tuple)) else self.weapons
        if not isinstance(weapons, tuple) or not all(isinstance(w, Weapon) for w in weapons):
            raise RulesError(argument="weapons", expected="a tuple of Weapons", received=self.weapons)
        object.__setattr__(self, "weapons", weapons)

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        if state.round:
            raise RulesError(f"'name' {self.name} cannot join once the fighting has started (round {state.round})",
                             argument="name")
        if any(f.name == self.name for f in state.fighters):
            raise RulesError(argument="name", expected="a name no other combatant has", received=self.name)
        if len(state.fighters) >= MAX_FIGHTERS:
            raise RulesError(argument="name", expected=f"one of at most {MAX_FIGHTERS} combatants", received=self.name)
        return replace(state, fighters=(*state.fighters, Fighter(self.name, self.side, self.character,
                                                                 self.weapons, Health.of(self.character))))


@dataclass(frozen=True)
class SetRange(Event):
    """The GM sets the range band between two combatants (as the scene is laid out, not a move)."""

    a: str
    b: str
    band: RangeBand
    type: ClassVar[str] = "set-range"

    def __post_init__(self) -> None:
        check_names(self, "a", "b")
        object.__setattr__(self, "band", check_enum("band", self.band, RangeBand))

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        state.fighter(self.a, "a"), state.fighter(self.b, "b")
        if self.a == self.b:
            raise RulesError(argument="b", expected="another combatant than a", received=self.b)
        bands = tuple(x for x in state.bands if {x[0], x[1]} != {self.a, self.b})
        return replace(state, bands=(*bands, (self.a, self.b, self.band)))


@dataclass(frozen=True)
class SetCover(Event):
    """The GM sets a combatant's cover as the scene has it: at the start, or when the scene changes (a shutter
    comes down; an attacker steps round it). Taking cover on a turn is the Maneuver
    :class:`~voidref.drifters.encounter.actions.TakeCover`."""

    name: str
    cover: Cover
    type: ClassVar[str] = "set-cover"

    def __post_init__(self) -> None:
        check_names(self, "name")
        object.__setattr__(self, "cover", check_enum("cover", self.cover, Cover))

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        return state._with(replace(state.fighter(self.name), cover=self.cover))


@dataclass(frozen=True)
class SetGravity(Event):
    """The gravity the fight is in."""

    gravity: Gravity
    type: ClassVar[str] = "set-gravity"

    def __post_init__(self) -> None:
        object.__setattr__(self, "gravity", check_enum("gravity", self.gravity, Gravity))

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        return replace(state, gravity=self.gravity)


@dataclass(frozen=True)
class SetCondition(Event):
    """The GM puts a condition on a combatant, or ends one (*on* false), where the tracker does not do it itself:
    Disoriented from a talent, Drifting ended by an Athletics check or an ally reaching them."""

    name: str
    condition: Condition
    on: bool = True
    type: ClassVar[str] = "set-condition"

    def __post_init__(self) -> None:
        check_names(self, "name")
        object.__setattr__(self, "condition", check_enum("condition", self.condition, Condition))
        check_bool("on", self.on)

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        fighter = state.fighter(self.name)
        conditions = (fighter.conditions.apply(self.condition, rulings=state.rulings) if self.on
                      else fighter.conditions.end(self.condition))
        return state._with(replace(fighter, conditions=conditions))


@dataclass(frozen=True)
class Initiative(Event):
    """A combatant's Initiative check, as its net Successes (rolled with the roller or entered).

    *surprised*: caught out, the combatant rolls Willpower + Readiness instead
    of Savvy + Perception. *faces*, when the dice were recorded, are checked
    against that pool; a result the pool cannot give is refused.
    """

    name: str
    successes: int
    surprised: bool = False
    faces: tuple[str, ...] = ()
    type: ClassVar[str] = "initiative"

    def __post_init__(self) -> None:
        check_names(self, "name")
        check_int("successes", self.successes, low=-20, high=20)
        check_bool("surprised", self.surprised)
        check_faces(self)

    def pool(self, state: Encounter) -> Pool:
        """The pool this check rolls, from the combatant's stat block."""
        playing(state)
        return initiative_pool(state.fighter(self.name).character, surprised=self.surprised)

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        if state.round:
            raise RulesError("'name' Initiative is rolled once, before the first round (the slots hold for the "
                             "whole encounter)", argument="name")
        stated_roll(self.pool(state), self.successes, None, self.faces)
        return state._with(replace(state.fighter(self.name), initiative=self.successes))


@dataclass(frozen=True)
class StartRound(Event):
    """The first round begins: the slots are ranked from the Initiative results (a player slot wins a tie)."""

    type: ClassVar[str] = "start-round"

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        if state.round:
            raise RulesError(f"'event' round {state.round} is under way: end it (EndRound) to begin the next",
                             argument="event")
        missing = [f.name for f in state.fighters if f.initiative is None]
        if not state.fighters or missing:
            raise RulesError("'initiative' every combatant needs an Initiative result before the first round "
                             f"(missing: {', '.join(missing) or 'everyone: add combatants'})", argument="initiative")
        slots = slot_order([Entry(f.name, f.side, f.initiative or 0) for f in state.fighters])
        return replace(state, round=1, slots=slots, slot=0, turn=None)


@dataclass(frozen=True)
class TakeTurn(Event):
    """A combatant of the side whose slot is next takes it."""

    name: str
    type: ClassVar[str] = "take-turn"

    def __post_init__(self) -> None:
        check_names(self, "name")

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        fighter = state.fighter(self.name)
        if not state.round:
            raise RulesError("'name' the first round has not started (StartRound, once every Initiative is in)",
                             argument="name")
        if state.turn is not None:
            raise RulesError(f"'name' {state.turn}'s turn is still running: end it first", argument="name")
        side = state.slot_side
        if side is None:
            raise RulesError("'name' every slot of this round is used: end the round", argument="name")
        if self.name not in state.may_take():
            why = ("is on the other side" if fighter.side is not side else "has acted this round"
                   if fighter.acted else "is incapacitated")
            may = ", ".join(state.may_take()) or "nobody (end the round)"
            raise RulesError(f"'name' {self.name} {why}: the {side.value} slot may be taken by {may}",
                             argument="name")
        return replace(state._with(replace(fighter, maneuvers=0, action_used=False)), turn=self.name,
                       last_roll=None)


@dataclass(frozen=True)
class EndTurn(Event):
    """The acting combatant ends the turn: its conditions tick, and the next slot is up."""

    name: str
    type: ClassVar[str] = "end-turn"

    def __post_init__(self) -> None:
        check_names(self, "name")

    def apply(self, state: Encounter) -> Encounter:
        fighter = on_turn(state, self.name)
        state = state._with(replace(fighter, acted=True, conditions=fighter.conditions.end_turn()))
        return replace(state, turn=None, slot=state.slot + 1, last_roll=None)


@dataclass(frozen=True)
class EndRound(Event):
    """The round ends once every slot is used (or no one left may take one); the next round begins."""

    type: ClassVar[str] = "end-round"

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        if not state.round:
            raise RulesError("'event' no round is under way (StartRound)", argument="event")
        if state.turn is not None:
            raise RulesError(f"'event' {state.turn}'s turn is still running: end it first", argument="event")
        if state.slot_side is not None and state.may_take():
            raise RulesError(f"'event' the {state.slot_side.value} slot is still open for "
                             f"{', '.join(state.may_take())}", argument="event")
        fighters = tuple(replace(f, acted=False) for f in state.fighters)
        return replace(state, fighters=fighters, round=state.round + 1, slot=0, last_roll=None)


@dataclass(frozen=True)
class EndEncounter(Event):
    """The encounter ends: each character recovers Strain equal to Willpower (Minions and Elites have none)."""

    type: ClassVar[str] = "end-encounter"

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        fighters = tuple(replace(f, health=f.health.end_of_encounter(f.character.willpower)) for f in state.fighters)
        return replace(state, fighters=fighters, turn=None, over=True, last_roll=None)


def apply(state: Encounter, event: Event) -> Encounter:
    """The state after *event*, or a :class:`~voidref.errors.RulesError` saying what the rules refuse and why."""
    if not isinstance(state, Encounter):
        raise RulesError(argument="state", expected="an Encounter", received=state)
    if not isinstance(event, Event):
        raise RulesError(argument="event", expected="an encounter Event", received=event)
    return event.apply(state)
