"""Worked examples as encounter logs: the Docking Bay fight, event by event.

The Docking Bay page replays the source's fight from its dice
(``voidref.drifters.replays.docking_bay``); here the same two rounds are a
log of :mod:`~voidref.drifters.encounter.state` events, as a table would enter
them in the tracker: the net result of each roll, the Maneuvers, the Boon and
Bane spends, and the GM's two changes to the scene (the shutter's heavy cover
comes down; Agent B steps round it). The engine does the rest, and the log
ends where the source does.

>>> from voidref.drifters.encounter.log import replay
>>> state = replay(docking_bay_log())
>>> {f.name: (f.health.wounds, f.health.strain) for f in state.fighters}
{'Senna': (8, 0), 'Davan': (5, 2), 'Agent A': (10, 0), 'Agent B': (0, 0)}
"""

from __future__ import annotations

from voidref.drifters.attack import Cover
from voidref.drifters.characters import RangeBand
from voidref.drifters.encounter.actions import Check, GmSpend, MakeAttack, Maneuver, Move, SpendBoons, TakeCover
from voidref.drifters.encounter.state import (
    EndRound,
    EndTurn,
    Event,
    Initiative,
    Join,
    SetCover,
    SetRange,
    StartRound,
    TakeTurn,
)
from voidref.drifters.initiative import Side
from voidref.drifters.replays import docking_bay_cast

__all__ = ["docking_bay_log", "DOCKING_BAY_STEPS"]

def _set_up() -> list[Event]:
    cast, sidearm = docking_bay_cast()
    sides = {"Senna": Side.PLAYER, "Davan": Side.PLAYER, "Agent A": Side.GM, "Agent B": Side.GM}
    return [*(Join(name, sides[name], character, (sidearm,)) for name, character in cast.items()),
            SetRange("Senna", "Agent A", RangeBand.SHORT), SetRange("Davan", "Agent B", RangeBand.SHORT)]


def _steps() -> tuple[tuple[str, tuple[Event, ...]], ...]:
    gun = "Standard sidearm"
    return (
        ("Initiative", (*_set_up(), Initiative("Senna", 2), Initiative("Davan", 1), Initiative("Agent A", 1),
                        Initiative("Agent B", 0), StartRound())),
        ("Round 1: Senna", (TakeTurn("Senna"), TakeCover("Senna", Cover.LIGHT),
                            MakeAttack("Senna", "Agent A", gun, successes=2, boons=1),
                            SpendBoons("Senna", "ally boon die"), EndTurn("Senna"))),
        ("Round 1: Davan", (TakeTurn("Davan"), Maneuver("Davan", "move to the shutter controls"),
                            Check("Davan", "Craft: drop the shutter", successes=1, boons=-1),
                            SetCover("Davan", Cover.HEAVY), EndTurn("Davan"))),
        ("Round 1: Agent A", (TakeTurn("Agent A"), MakeAttack("Agent A", "Senna", gun, successes=1, boons=-1),
                              GmSpend("Agent A", 1), EndTurn("Agent A"))),
        ("Round 1: Agent B", (TakeTurn("Agent B"), Move("Agent B", "Davan", RangeBand.ENGAGED),
                              SetCover("Davan", Cover.NONE), MakeAttack("Agent B", "Davan", gun, successes=1),
                              EndTurn("Agent B"), EndRound())),
        ("Round 2: Senna", (TakeTurn("Senna"), MakeAttack("Senna", "Agent A", gun, successes=1, boons=2),
                            SpendBoons("Senna", "disoriented"), EndTurn("Senna"))),
        ("Round 2: Davan", (TakeTurn("Davan"), Move("Davan", "Agent B", RangeBand.SHORT),
                            TakeCover("Davan", Cover.HEAVY, strain=True),
                            Check("Davan", "Electronics: call station security", successes=2),
                            EndTurn("Davan"))),
        ("Round 2: Agent A", (TakeTurn("Agent A"), MakeAttack("Agent A", "Senna", gun, successes=1),
                              EndTurn("Agent A"))),
        ("Round 2: Agent B", (TakeTurn("Agent B"), MakeAttack("Agent B", "Davan", gun, successes=0),
                              EndTurn("Agent B"))),
    )


def docking_bay_log() -> tuple[Event, ...]:
    """The Docking Bay fight as the tracker's log: four combatants, Initiative, two rounds, eight turns."""
    return tuple(event for _, events in _steps() for event in events)


def _step_ends() -> tuple[tuple[str, int], ...]:
    out, n = [], 0
    for title, events in _steps():
        n += len(events)
        out.append((title, n))
    return tuple(out)


DOCKING_BAY_STEPS: tuple[tuple[str, int], ...] = _step_ends()
"""Each step of the Docking Bay page as (title, number of events of :func:`docking_bay_log` up to its end)."""
