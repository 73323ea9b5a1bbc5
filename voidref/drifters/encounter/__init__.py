"""A Void Drifters encounter refereed by the engine: a fight kept as a log of events.

The state of a fight is never edited: it is what :func:`~voidref.drifters.encounter.log.replay` makes of the
log, event by event, each checked against the rules (:func:`~voidref.drifters.encounter.state.apply` refuses a
third Maneuver, a second Action, a turn out of its slot, naming what to
change). Undo is the log without its last event; saving is :func:`~voidref.drifters.encounter.log.dump`.
Every event is a frozen dataclass deriving from
:class:`voidref.drifters.encounter.state.Event` (the base class, for type
hints; it is not an event itself).

* :mod:`~voidref.drifters.encounter.state` -- the state, set-up and the flow of rounds
* :mod:`~voidref.drifters.encounter.actions` -- what a combatant does on a turn
* :mod:`~voidref.drifters.encounter.log` -- replay, and the versioned JSON of a saved log
* :mod:`~voidref.drifters.encounter.account` -- the log read back as a short account
* :mod:`~voidref.drifters.encounter.examples` -- the Docking Bay fight as a log (its one script)

The log is shown (on the pages, in the tracker, as text to copy) by one
renderer, ``voidref.present.fight``.

>>> state = replay(docking_bay_log())
>>> [(f.name, f.health.wounds) for f in state.fighters]
[('Senna', 8), ('Davan', 5), ('Agent A', 10), ('Agent B', 0)]
"""

from voidref.drifters.encounter.account import Change, Entry, account, entry
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
from voidref.drifters.encounter.examples import docking_bay_cast, docking_bay_log
from voidref.drifters.encounter.log import (
    EVENTS,
    FORMAT,
    VERSION,
    dump,
    from_json,
    load,
    load_readable,
    replay,
    to_json,
)
from voidref.drifters.encounter.state import (
    Encounter,
    EndEncounter,
    EndRound,
    EndTurn,
    Fighter,
    Initiative,
    Join,
    LastRoll,
    SetCondition,
    SetCover,
    SetGravity,
    SetRange,
    StartRound,
    TakeTurn,
    apply,
)

__all__ = [
    "Encounter", "Fighter", "LastRoll", "apply",
    "Join", "SetRange", "SetCover", "SetGravity", "SetCondition", "Initiative", "StartRound", "TakeTurn", "EndTurn",
    "EndRound", "EndEncounter",
    "Maneuver", "Move", "TakeCover", "MakeAttack", "Check", "SpendBoons", "GmSpend", "CriticalInjury", "SPENDS",
    "EVENTS", "FORMAT", "VERSION", "replay", "to_json", "from_json", "dump", "load", "load_readable",
    "Change", "Entry", "entry", "account",
    "docking_bay_cast", "docking_bay_log",
]
