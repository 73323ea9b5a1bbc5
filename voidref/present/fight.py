"""A fight as players read it: the one renderer of an encounter's log, for the pages, the tracker and the scripts.

A log of :mod:`voidref.drifters.encounter` events is cut into steps (the
set-up and Initiative, then one step per turn; :func:`steps_of`). A step
shows each event as the engine's account tells it
(:mod:`voidref.drifters.encounter.account`), each roll with its dice and the
odds it had before it was rolled, then how every combatant stands after the
step (what changed in bold), their conditions, range bands and cover. The
blocks are those of :mod:`voidref.present.replays.blocks`, written as HTML
for the Docking Bay page and the tracker, and as Markdown for the account a
player copies and for ``examples/docking_bay.py``: one way to show a fight.

>>> from voidref.drifters.encounter.examples import docking_bay_log
>>> steps = fight_steps(docking_bay_log())
>>> [s.title for s in steps][:3]
['Set-up and Initiative', 'Round 1: Senna', 'Round 1: Davan']
>>> print(markdown(steps[1].blocks).split("\\n\\n")[2])
**Senna** attacks Agent A with Standard sidearm (4 Ability vs 1 Trial): 2 Successes and 1 Boon, a hit for 5 Wounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from voidref.drifters.attack import Cover
from voidref.drifters.dice import Pool, Roll
from voidref.drifters.encounter.account import entry
from voidref.drifters.encounter.actions import Check, MakeAttack
from voidref.drifters.encounter.state import (
    Encounter,
    EndEncounter,
    EndRound,
    EndTurn,
    Event,
    Fighter,
    Initiative,
    StartRound,
    TakeTurn,
    apply,
)
from voidref.drifters.rolled import stated_roll
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError
from voidref.present import percent
from voidref.present.replays.blocks import Block, Bullets, Inline, Paragraph, Strong, Table, html, markdown
from voidref.present.replays.rolls import dice_line

__all__ = ["Span", "FightStep", "steps_of", "event_blocks", "standing_blocks", "fight_steps",
           "fight_markdown"]

@dataclass(frozen=True)
class Span:
    """Where a step of the log starts and ends (events ``start`` to ``end - 1``), and its title."""

    title: str
    start: int
    end: int


@dataclass(frozen=True)
class FightStep:
    """One step of a fight as shown: its title, the events it spans, and its blocks."""

    title: str
    start: int
    end: int
    blocks: tuple[Block, ...]

    def html(self) -> str:
        """The step's blocks as HTML (what the pages and the tracker show)."""
        return html(self.blocks)


def _title(events: Sequence[Event], round_: int) -> str:
    for e in events:
        if isinstance(e, TakeTurn):
            return f"Round {round_}: {e.name}"
    if any(isinstance(e, (Initiative, StartRound)) for e in events):
        return "Set-up and Initiative"
    if any(isinstance(e, EndEncounter) for e in events):
        return "The encounter ends"
    if any(isinstance(e, EndRound) for e in events):
        return f"End of round {round_}"
    return f"Round {round_}" if round_ else "Set-up"


def steps_of(events: Sequence[Event]) -> tuple[Span, ...]:
    """The log cut into steps: a step ends with the start of round 1, a turn (and the round, if it ends
    right after), a round ended between turns, or the encounter's end; the log's last events make a step too.

    >>> from voidref.drifters.encounter.examples import docking_bay_log
    >>> [(s.title, s.end - s.start) for s in steps_of(docking_bay_log())][:2]
    [('Set-up and Initiative', 11), ('Round 1: Senna', 5)]
    """
    out: list[Span] = []
    start, round_ = 0, 0
    for i, event in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        ends = isinstance(event, (StartRound, EndRound, EndEncounter)) or (
            isinstance(event, EndTurn) and not isinstance(nxt, EndRound))
        if ends or nxt is None:
            out.append(Span(_title(events[start:i + 1], round_), start, i + 1))
            start = i + 1
        if isinstance(event, StartRound):
            round_ = 1
        elif isinstance(event, EndRound):
            round_ += 1
    return tuple(out)


# -- one event -------------------------------------------------------------------------------------------

def _roll_of(before: Encounter, event: Event) -> tuple[Roll, int | None] | None:
    """The roll an event states (its faces, or one set found for its net result) and the Successes it needed."""
    if isinstance(event, MakeAttack):
        pool = event.attack(before).pool()
        return stated_roll(pool, event.successes, event.boons, event.faces, breakthroughs=event.breakthroughs,
                           calamities=event.calamities), 1
    if isinstance(event, Check) and event.dice:
        return stated_roll(Pool.parse(event.dice), event.successes, event.boons, event.faces), 1
    if isinstance(event, Initiative):
        return stated_roll(event.pool(before), event.successes, None, event.faces), None
    return None


def _odds_line(before: Encounter, event: Event, roll: Roll, needed: int | None) -> str:
    dist = roll.pool.distribution()
    got = roll.outcome.successes

    def at_least(n: int) -> Fraction:
        return dist.prob(lambda o: o.successes >= n)

    odds: list[str] = []
    if isinstance(event, MakeAttack):
        chances = event.attack(before).odds(before.fighter(event.target).health)
        odds.append(f"a hit, {percent(chances.hit)}")
        odds += [f"a Critical Injury, {percent(chances.critical_injury)}"]
        if chances.incapacitated:
            odds.append(f"{event.target} out, {percent(chances.incapacitated)}")
    elif needed is not None:
        odds.append(f"{needed} net Success needed, {percent(at_least(needed))}")
    if (needed is None and got >= 1) or (needed is not None and got > needed):
        odds.append(f"{got} or more Successes, {percent(at_least(got))}")
    elif needed is None:  # an Initiative check with no net Success: the chance of doing no better
        worse = dist.prob(lambda o: o.successes <= got)
        odds.append(f"{'no net Success' if got == 0 else f'{-got} net Failures or worse'}, {percent(worse)}")
    return "Odds before the roll: " + "; ".join(odds)


def event_blocks(index: int, before: Encounter, event: Event, after: Encounter, *,
                 text: str | None = None) -> tuple[Block, ...]:
    """One event as a step shows it: the account's line (a roll's with the roller's name in bold), and a roll's
    dice and odds.

    *before* and *after* are the states around the event, as
    :func:`~voidref.drifters.encounter.state.apply` makes them; *text* is the
    account's line when the caller has it already (else it is told here).
    """
    text = entry(index, before, event, after).text if text is None else text
    rolled = _roll_of(before, event)
    if rolled is None:
        return (Paragraph((text,)),)
    roll, needed = rolled
    recorded = bool(getattr(event, "faces", ()))
    source = "as recorded" if recorded else "one way to roll this result"
    name = getattr(event, "name", "")
    line = Paragraph((Strong(name), text[len(name):])) if name and text.startswith(name) else Paragraph((text,))
    return (line, Bullets((dice_line(roll, source), _odds_line(before, event, roll, needed))))


# -- how everyone stands ---------------------------------------------------------------------------------

def _track(f: Fighter) -> tuple[str, str]:
    h = f.health
    wounds = f"{h.wounds}/{h.wound_points}" + (" out" if h.incapacitated else "")
    strain = "–" if h.strain_points is None else f"{h.strain}/{h.strain_points}"
    return wounds, strain


def standing_blocks(start: Encounter, end: Encounter) -> tuple[Block, ...]:
    """How every combatant stands at *end* (Wounds and Strain changed since *start* in bold), then the
    conditions, Critical Injuries, range bands and cover."""
    if not end.fighters:
        return ()
    was = {f.name: _track(f) for f in start.fighters}
    rows: list[tuple[Inline, ...]] = []
    for f in end.fighters:
        cells = _track(f)
        old = was.get(f.name, cells)
        rows.append((f.name, *(Strong(c) if c != o else c for c, o in zip(cells, old))))
    conditions = [f"{f.name} {', '.join(c.value.capitalize() for c, _ in f.conditions.remaining)}"
                  for f in end.fighters if f.conditions.remaining]
    items = [f"Conditions: {'; '.join(conditions) or 'none'}"]
    injuries = [f"{f.name} {', '.join(f'd100 {i.total} ({i.severity.value})' for i in f.injuries)}"
                for f in end.fighters if f.injuries]
    if injuries:
        items.append(f"Critical Injuries: {'; '.join(injuries)}")
    if end.bands:
        items.append("Range: " + "; ".join(f"{a} and {b} {band.name.capitalize()}" for a, b, band in end.bands))
    covered = [f"{f.name} {f.cover.name.lower()}" for f in end.fighters if f.cover is not Cover.NONE]
    items.append(f"Cover: {'; '.join(covered) or 'nobody'}")
    return Table(("After", "Wounds", "Strain"), tuple(rows)), Bullets(tuple(items))


# -- a whole fight -----------------------------------------------------------------------------------------

def fight_steps(events: Iterable[Event], *, rulings: Rulings = STANDARD) -> tuple[FightStep, ...]:
    """The log replayed by the engine and shown step by step (:func:`steps_of`); the first refused event
    raises, naming its place in the log."""
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise RulesError(argument="events", expected="a list of encounter Events", received=events)
    log = list(events)
    states = [Encounter(rulings=check_rulings(rulings))]
    shown: list[tuple[Block, ...]] = []
    for i, event in enumerate(log):
        try:
            states.append(apply(states[-1], event))
        except RulesError as error:
            raise RulesError(f"'events[{i}]' ({getattr(event, 'type', '?')}) cannot happen here: {error}",
                             argument=f"events[{i}]") from error
        shown.append(event_blocks(i, states[-2], event, states[-1]))
    return tuple(step(span, shown, states) for span in steps_of(log))


def step(span: Span, shown: Sequence[tuple[Block, ...]], states: Sequence[Encounter]) -> FightStep:
    """The step *span* from each event's blocks (*shown*) and the states after each prefix of the log."""
    blocks = tuple(b for k in range(span.start, span.end) for b in shown[k])
    return FightStep(span.title, span.start, span.end, blocks + standing_blocks(states[span.start], states[span.end]))


def fight_markdown(events: Iterable[Event], *, rulings: Rulings = STANDARD, name: str = "Encounter") -> str:
    """The whole fight as Markdown to copy or print: the encounter's name, then each step under its title."""
    parts = [f"# {name}\n"] + [f"## {s.title}\n\n{markdown(s.blocks)}" for s in fight_steps(events, rulings=rulings)]
    return "\n".join(parts)
