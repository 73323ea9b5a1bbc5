"""An encounter's log: replaying it into the state, and saving and loading it as versioned JSON.

The log is the encounter: :func:`replay` makes the state from it, undo drops
its last event, and the device keeps it as the JSON of :func:`dump`
(``{"format": "voidref-encounter", "version": 1, "events": [...]}``, each
event ``{"type": ..., field: value, ...}``: enums by name, a stat block and
its weapons by their fields). :func:`load` reads it back; a log a newer or
older build cannot read says which event and why, and :func:`load_readable`
keeps every event before it, so nothing is thrown away.

>>> from voidref.drifters import Character, Weapon
>>> from voidref.drifters.encounter.state import Initiative, Join, StartRound, TakeTurn
>>> from voidref.drifters.encounter.actions import MakeAttack
>>> pistol = Weapon("Pistol", damage=6, crit=3, range="medium")
>>> log = [Join("Senna", "player", Character("Senna", agility=4), (pistol,)),
...        Join("Thug", "gm", Character("Thug", kind="minion", stated_wound_points=5), (pistol,)),
...        Initiative("Senna", 2), Initiative("Thug", 0), StartRound(), TakeTurn("Senna"),
...        MakeAttack("Senna", "Thug", "Pistol", successes=1)]
>>> state = replay(log)
>>> state.fighter("Thug").health.wounds, state.fighter("Thug").health.incapacitated
(5, True)
>>> load(dump(log)) == tuple(log)
True
>>> replay([*log, MakeAttack("Senna", "Thug", "Pistol", successes=1)])
Traceback (most recent call last):
...
voidref.errors.RulesError: 'events[7]' (attack) cannot happen here: 'action' Senna has already used the Action \
this turn (a second Maneuver costs 2 Strain instead, or end the turn)
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Iterable, Mapping
from typing import Any, cast

from voidref.drifters.characters import Character, Skill, Weapon
from voidref.drifters.encounter.actions import (
    Check,
    CriticalInjury,
    GmSpend,
    MakeAttack,
    Maneuver,
    Move,
    SpendBoons,
    TakeCover,
)
from voidref.drifters.encounter.state import (
    Encounter,
    EndEncounter,
    EndRound,
    EndTurn,
    Event,
    Initiative,
    Join,
    SetCondition,
    SetCover,
    SetGravity,
    SetRange,
    StartRound,
    TakeTurn,
    apply,
)
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError, describe

__all__ = ["FORMAT", "VERSION", "EVENTS", "replay", "to_json", "from_json", "dump", "load", "load_readable"]

FORMAT = "voidref-encounter"
"""What a saved log says it is."""
VERSION = 1
"""The version of the log's JSON this build writes and reads."""
MAX_EVENTS = 5000
"""Events one log may hold."""

EVENTS: dict[str, type[Event]] = {cls.type: cls for cls in (
    Join, SetRange, SetCover, SetGravity, SetCondition, Initiative, StartRound, TakeTurn, Move, TakeCover, Maneuver,
    MakeAttack, Check, SpendBoons, GmSpend, CriticalInjury, EndTurn, EndRound, EndEncounter)}
"""Every kind of event, by the name a saved log gives it."""


def replay(events: Iterable[Event], *, rulings: Rulings = STANDARD) -> Encounter:
    """The state the *events* make, from an empty encounter; the first refused event raises, naming its place."""
    state = Encounter(rulings=check_rulings(rulings))
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise RulesError(argument="events", expected="a list of encounter Events", received=events)
    for i, event in enumerate(events):
        try:
            state = apply(state, event)
        except RulesError as error:
            raise RulesError(f"'events[{i}]' ({getattr(event, 'type', '?')}) cannot happen here: {error}",
                             argument=f"events[{i}]") from error
    return state


# -- to and from JSON ----------------------------------------------------------------------------------------

def _plain(value: Any) -> Any:
    """A field's value as JSON: enums by name, stat blocks and weapons by their fields, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, Character):
        out = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
               if getattr(value, f.name) != (f.default if f.default is not dataclasses.MISSING else
                                             f.default_factory() if f.default_factory is not dataclasses.MISSING
                                             else object())}
        return {"name": value.name, **out}
    if isinstance(value, Weapon):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name != "_"}
    if isinstance(value, Mapping):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _fields_of(event: Event | type[Event]) -> tuple[dataclasses.Field[Any], ...]:
    """The dataclass fields of an event or event class (every registered event is a frozen dataclass)."""
    return dataclasses.fields(cast(Any, event))


def to_json(event: Event) -> dict[str, Any]:
    """One event as a JSON object: its ``type`` and its fields."""
    if not isinstance(event, Event) or type(event) not in EVENTS.values():
        raise RulesError(argument="event", expected="an encounter Event", received=event)
    return {"type": event.type, **{f.name: _plain(getattr(event, f.name)) for f in _fields_of(event)}}


def _character(data: Any) -> Character:
    if not isinstance(data, Mapping):
        raise RulesError(argument="character", expected="a stat block as a JSON object", received=data)
    fields = dict(data)
    if "skills" in fields and isinstance(fields["skills"], Mapping):
        fields["skills"] = {Skill(k) if k in {s.value for s in Skill} else k: v for k, v in fields["skills"].items()}
    try:
        return Character(**fields)
    except TypeError:
        known = {f.name for f in dataclasses.fields(Character)}
        raise RulesError(argument="character", expected="the fields of a stat block: " + ", ".join(sorted(known)),
                         received=sorted(set(fields) - known)) from None


def _weapon(data: Any) -> Weapon:
    if not isinstance(data, Mapping):
        raise RulesError(argument="weapons", expected="each weapon as a JSON object", received=data)
    try:
        return Weapon(**data)
    except TypeError:
        known = {f.name for f in dataclasses.fields(Weapon) if f.name != "_"}
        raise RulesError(argument="weapons", expected="the fields of a weapon: " + ", ".join(sorted(known)),
                         received=sorted(set(data) - known)) from None


def from_json(event: Any) -> Event:
    """The event a JSON object of :func:`to_json` stands for, or a :class:`~voidref.errors.RulesError` naming
    the field at fault (``event.successes``, ``event.type``...)."""
    try:
        return _from_json(event)
    except RulesError as error:
        named = error.argument or ""
        raise (error if named == "event" or named.startswith("event.") else error.renamed(f"event.{named}")) from None


def _from_json(data: Any) -> Event:
    if not isinstance(data, Mapping):
        raise RulesError(argument="event", expected="a JSON object with a type", received=data)
    kind = data.get("type")
    cls = EVENTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RulesError(argument="type", expected="one of " + ", ".join(EVENTS), received=kind)
    fields = {k: v for k, v in data.items() if k != "type"}
    known = {f.name for f in _fields_of(cls)}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise RulesError(f"'{unknown[0]}' is not a field of a {kind} event (its fields: {', '.join(sorted(known))})",
                         argument=unknown[0])
    if cls is Join:
        fields["character"] = _character(fields.get("character"))
        weapons = fields.get("weapons", [])
        if not isinstance(weapons, list):
            raise RulesError(argument="weapons", expected="a JSON list of weapons", received=weapons)
        fields["weapons"] = tuple(_weapon(w) for w in weapons)
    try:
        return cls(**fields)
    except TypeError:
        missing = sorted(f.name for f in _fields_of(cls) if f.name not in fields
                         and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        raise RulesError(argument=missing[0] if missing else "event", expected=f"given in a {kind} event",
                         received=None) from None


def dump(events: Iterable[Event], **about: Any) -> str:
    """The log as JSON text, with *about* (a name for the encounter, when it was saved...) beside the events."""
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise RulesError(argument="events", expected="a list of encounter Events", received=events)
    for key, value in about.items():
        if key in ("format", "version", "events") or not isinstance(value, (str, int, float, bool, type(None))):
            raise RulesError(argument=key, expected="text or a number about the encounter (not format, version "
                             "or events)", received=value)
    out = []
    for i, event in enumerate(events):
        try:
            out.append(to_json(event))
        except RulesError as error:
            raise error.renamed(f"events[{i}]") from None
    return json.dumps({"format": FORMAT, "version": VERSION, **about, "events": out}, ensure_ascii=False)


def _document(text: Any) -> Mapping[str, Any]:
    if not isinstance(text, (str, bytes)) or len(text) > 20_000_000:
        raise RulesError(argument="text", expected="the JSON text of a saved encounter", received=text)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise RulesError(argument="text", expected="JSON text that parses", received=text) from None
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
        raise RulesError(argument="text", expected=f"a saved encounter (format {FORMAT!r})", received=text)
    version = doc.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        raise RulesError(f"'version' {describe(version)} is not this site's log version {VERSION}"
                         + (": the log comes from a newer voidref" if newer else ""), argument="version")
    events = doc.get("events")
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise RulesError(argument="events", expected=f"a JSON list of at most {MAX_EVENTS} events", received=events)
    return doc


def load(text: Any) -> tuple[Event, ...]:
    """The events of a saved log, every one of them, or a :class:`~voidref.errors.RulesError` naming the first
    that cannot be read."""
    events, problem = load_readable(text)
    if problem is not None:
        raise problem
    return events


def load_readable(text: Any) -> tuple[tuple[Event, ...], RulesError | None]:
    """The events of a saved log up to the first this build cannot read, and why it cannot (``None``: all read).

    The tracker keeps the saved text itself, so an event refused today is
    not lost: the player is told which and why, and the fight can go on from
    the events before it.
    """
    doc = _document(text)
    out: list[Event] = []
    for i, data in enumerate(doc["events"]):
        try:
            out.append(from_json(data))
        except RulesError as error:
            kind = data.get("type") if isinstance(data, Mapping) else None
            return tuple(out), RulesError(f"'events[{i}]' ({describe(kind)}) cannot be read by this site: {error}",
                                          argument=f"events[{i}]")
    return tuple(out), None
