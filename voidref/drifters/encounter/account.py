"""An encounter's log read back as a short account: who did what, the roll, and what it did.

Each event gives one :class:`Entry` (data: the round, who acted, the line of
text, and every combatant whose Wounds, Strain or conditions it changed), so
the tracker shows, copies or prints the same account, and a script can read
it as values.

>>> from voidref.drifters.encounter.examples import docking_bay_log
>>> lines = account(docking_bay_log())
>>> print(lines[13].text)
Senna attacks Agent A with Standard sidearm (4 Ability vs 1 Trial): 2 Successes and 1 Boon, a hit for 5 Wounds.
>>> [(c.name, c.wounds, c.wound_points) for c in lines[13].changes]
[('Agent A', 5, 12)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from voidref.drifters.attack import Cover
from voidref.drifters.encounter.actions import (
    SPENDS,
    Check,
    CriticalInjury,
    GmSpend,
    MakeAttack,
    Maneuver,
    Move,
    SpendBoons,
    TakeCover,
)
from voidref.drifters.encounter.log import EVENTS, MAX_EVENTS
from voidref.drifters.encounter.state import (
    Encounter,
    EndEncounter,
    EndRound,
    EndTurn,
    Event,
    Fighter,
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
from voidref.drifters.initiative import Side
from voidref.drifters.rolled import net_text
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError, check_int

__all__ = ["Change", "Entry", "entry", "account"]


@dataclass(frozen=True)
class Change:
    """How one combatant stands after an event that changed them."""

    name: str
    wounds: int
    wound_points: int
    strain: int | None
    strain_points: int | None
    conditions: tuple[str, ...]
    incapacitated: bool


@dataclass(frozen=True)
class Entry:
    """One event of the log as the account tells it."""

    index: int
    round: int
    actor: str | None
    text: str
    changes: tuple[Change, ...] = ()


def _standing(f: Fighter) -> Change:
    h = f.health
    return Change(f.name, h.wounds, h.wound_points, None if h.strain_points is None else h.strain,
                  h.strain_points, tuple(c.value for c, _ in f.conditions.remaining), h.incapacitated)


def _net(successes: int, boons: int) -> str:
    return net_text(successes, boons) if successes else "no net Success" + (
        f" and {net_text(0, boons).split(' and ')[1]}" if boons else "")


def _cover(cover: Cover) -> str:
    return cover.name.lower()


def _side(side: Side | None) -> str:
    return "GM" if side is Side.GM else "player"


def _maneuver_cost(before: Fighter, after: Fighter) -> str:
    if after.maneuvers - before.maneuvers > 1:
        return f"{after.maneuvers - before.maneuvers} Maneuvers"
    if after.maneuvers == 1:
        return "a Maneuver"
    paid = "2 Strain" if after.health.strain != before.health.strain or after.health.wounds != \
        before.health.wounds else "the Action"
    return f"a second Maneuver, for {paid}"


def _attack(event: MakeAttack, before: Encounter, after: Encounter) -> str:
    attack = event.attack(before)
    head = f"{event.name} attacks {event.target} with {attack.weapon.name} ({attack.pool().describe()}): "
    head += _net(event.successes, event.boons)
    extra = [f"{n} {what}{'s' if n > 1 else ''}" for n, what in ((event.breakthroughs, "Breakthrough"),
                                                                 (event.calamities, "Calamity")) if n]
    head += f" ({', '.join(extra)})" if extra else ""
    if event.successes < 1:
        return head + ", a miss."
    dmg = attack.damage(event.successes)
    dealt = f"{dmg.wounds} Wounds" if dmg.wounds else f"{dmg.strain} Strain"
    tail = ", a Critical Injury may be rolled" if after.last_roll and after.last_roll.crit_available else ""
    return f"{head}, a hit for {dealt}{tail}."


def _text(event: Event, before: Encounter, after: Encounter) -> str:  # noqa: C901 - one line per kind of event
    if isinstance(event, Join):
        f = after.fighter(event.name)
        weapons = ", ".join(w.name for w in event.weapons) or "no weapons"
        strain = "no Strain" if f.health.strain_points is None else f"{f.health.strain_points} Strain Points"
        return (f"{event.name} joins on the {_side(event.side)} side ({f.character.kind.value}, "
                f"{f.health.wound_points} Wound Points, {strain}; {weapons}).")
    if isinstance(event, SetRange):
        return f"{event.a} and {event.b} are at {event.band.name.capitalize()} range."
    if isinstance(event, SetCover):
        return f"{event.name} is in {_cover(event.cover)} cover." if event.cover else f"{event.name} has no cover."
    if isinstance(event, SetGravity):
        return f"The fight is in {event.gravity.value} gravity."
    if isinstance(event, SetCondition):
        return f"{event.name} is {event.condition.value.capitalize()}." if event.on else \
            f"{event.name} is no longer {event.condition.value.capitalize()}."
    if isinstance(event, Initiative):
        return f"{event.name}'s Initiative: {_net(event.successes, 0)}."
    if isinstance(event, StartRound):
        return f"Round 1 begins; the slots run {', '.join(_side(s) for s in after.slots)}."
    if isinstance(event, TakeTurn):
        return f"{event.name} takes the {_side(before.slot_side)} slot."
    if isinstance(event, (Move, TakeCover, Maneuver)):
        cost = _maneuver_cost(before.fighter(event.name), after.fighter(event.name))
        if isinstance(event, Move):
            start = before.band(event.name, event.target).name.capitalize()
            return f"{event.name} moves from {start} to {event.band.name.capitalize()} with {event.target} ({cost})."
        if isinstance(event, TakeCover):
            return f"{event.name} takes {_cover(event.cover)} cover ({cost})."
        return f"{event.name}: {event.what} ({cost})."
    if isinstance(event, MakeAttack):
        return _attack(event, before, after)
    if isinstance(event, Check):
        return f"{event.name} rolls {event.what}: {_net(event.successes, event.boons)}."
    if isinstance(event, SpendBoons):
        return f"{event.name} spends Boons to {SPENDS[event.spend]}."
    if isinstance(event, GmSpend):
        return f"The GM spends Banes: {event.name} suffers {event.strain} Strain."
    if isinstance(event, CriticalInjury):
        injury = after.fighter(event.target).injuries[-1]
        bonus = f" + {injury.bonus} = {injury.total}" if injury.bonus else ""
        return f"Critical Injury on {event.target}: d100 {event.d100}{bonus}, {injury.severity.value}."
    if isinstance(event, EndTurn):
        return f"{event.name} ends the turn."
    if isinstance(event, EndRound):
        return f"Round {before.round} ends."
    if isinstance(event, EndEncounter):
        return "The encounter ends; characters recover Strain equal to their Willpower."
    raise RulesError(argument="event", expected="an encounter Event", received=event)


def _actor(event: Event) -> str | None:
    name = getattr(event, "name", None)
    return name if isinstance(name, str) and not isinstance(event, (Join, SetCover, SetCondition, Initiative)) else None


def entry(index: int, before: Encounter, event: Event, after: Encounter) -> Entry:
    """The account of one event: *before* and *after* are the states around it (as
    :func:`~voidref.drifters.encounter.state.apply` makes them)."""
    check_int("index", index, low=0, high=MAX_EVENTS)
    for name, value in (("before", before), ("after", after)):
        if not isinstance(value, Encounter):
            raise RulesError(argument=name, expected="an Encounter", received=value)
    if not isinstance(event, Event) or type(event) not in EVENTS.values():
        raise RulesError(argument="event", expected="an encounter Event", received=event)
    if apply(before, event) != after:
        raise RulesError(argument="after", expected="the state the event makes of before", received=after)
    changed = tuple(_standing(f) for f, g in zip(after.fighters, before.fighters, strict=False)
                    if (f.health, f.conditions) != (g.health, g.conditions))
    changed += tuple(_standing(f) for f in after.fighters[len(before.fighters):])
    return Entry(index, before.round if isinstance(event, EndRound) else after.round, _actor(event),
                 _text(event, before, after), () if isinstance(event, Join) else changed)


def account(events: Iterable[Event], *, rulings: Rulings = STANDARD) -> tuple[Entry, ...]:
    """The log as an account: one :class:`Entry` per event, replayed by the engine as it goes."""
    state = Encounter(rulings=check_rulings(rulings))
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise RulesError(argument="events", expected="a list of encounter Events", received=events)
    out: list[Entry] = []
    for i, event in enumerate(events):
        try:
            after = apply(state, event)
        except RulesError as error:
            raise RulesError(f"'events[{i}]' ({getattr(event, 'type', '?')}) cannot happen here: {error}",
                             argument=f"events[{i}]") from error
        out.append(entry(i, state, event, after))
        state = after
    return tuple(out)
