"""The encounter tracker's questions to Python: the state of a log, an event added, the odds and a roll.

The tracker page keeps the encounter as its log (the events' JSON of
:mod:`voidref.drifters.encounter.log`) and asks :func:`run` (through the
worker's ``{type: "examples", call: "tracker"}`` message) what the engine
makes of it. Every answer is data: the state of each combatant, the account
of each event, what may happen next, or a refusal naming the field to change.
JavaScript only shows these and sends what the player taps.

Operations (``args["op"]``):

* ``"state"``, ``{"events": [...]}``: the state, the account, the steps (each
  as HTML, by ``voidref.present.fight``, the renderer of the Docking Bay
  page) and the choices;
* ``"add"``, ``{"events": [...], "event": {...}}``: the same after *event*,
  or ``ok: false`` with the engine's refusal (the log is unchanged);
* ``"odds"``, ``{"events", "event"}``: an attack's pool and odds before the roll;
* ``"roll"``, ``{"events", "event"}``: roll an attack, an Initiative check,
  another check (``"dice"``: a pool such as ``"2M 1A vs 2T"``) or a Critical
  Injury with the engine's dice, as the event's fields to confirm (and
  ``faces``, one per die, which the page adds to the event it sends if the
  player changed nothing, so the account shows the dice as rolled);
* ``"presets"``: stat blocks to add (the Docking Bay's four, a Minion, an Elite,
  a player character) as ``join`` events;
* ``"example"``, ``{"name": "docking-bay"}``: a worked example's log and its steps;
* ``"export"``, ``{"events", "name"}``: the log as the text of a saved file (``text``)
  and as an account to copy or print (``account_text``: the steps in Markdown);
* ``"import"``, ``{"text": ...}``: a saved file's events, up to the first this
  build cannot read (``problem`` says which and why; ``null`` when all read),
  and its name.

Each answer replays only what it has not seen: the states of the last log
asked about are kept, so adding, undoing and redoing an event costs one
event, not the whole log.

>>> from voidref.drifters.encounter.examples import docking_bay_log
>>> from voidref.drifters.encounter.log import to_json
>>> events = [to_json(e) for e in docking_bay_log()]
>>> out = run({"op": "state", "events": events})
>>> [(f["name"], f["wounds"], f["strain"]) for f in out["state"]["fighters"]]
[('Senna', 8, 0), ('Davan', 5, 2), ('Agent A', 10, None), ('Agent B', 0, None)]
>>> bad = run({"op": "add", "events": events, "event": {"type": "attack", "name": "Agent B", "target": "Davan",
...                                                     "weapon": "Standard sidearm", "successes": 1}})
>>> bad["ok"], bad["error"]["argument"]
(False, 'name')
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from voidref.drifters.characters import Character, Kind, RangeBand, Skill, Weapon
from voidref.drifters.dice import Pool
from voidref.drifters.encounter.account import Entry, entry
from voidref.drifters.encounter.actions import SPENDS, MakeAttack
from voidref.drifters.encounter.examples import docking_bay_log
from voidref.drifters.encounter.log import FORMAT, MAX_EVENTS, VERSION, dump, from_json, load_readable, to_json
from voidref.drifters.encounter.state import Encounter, Event, Fighter, Join, apply
from voidref.drifters.initiative import Side, initiative_pool
from voidref.drifters.injuries import roll_critical_injury
from voidref.drifters.rolled import face_symbols, faces_text
from voidref.drifters.rulings import COMBAT_BOON_SPENDS
from voidref.errors import RulesError, describe
from voidref.present import percent
from voidref.present.fight import event_blocks, fight_markdown, step, steps_of
from voidref.present.replays.blocks import Block

__all__ = ["run", "state_view", "choices", "presets"]

OPS = ("state", "add", "odds", "roll", "presets", "example", "export", "import")
"""The questions :func:`run` answers."""

# The last log asked about: its events' JSON and the state after each prefix
# (states[k] is the state after the first k events), with the account and
# each event as the fight renderer shows it.
_seen: list[dict[str, Any]] = []
_states: list[Encounter] = [Encounter()]
_entries: list[Entry] = []
_shown: list[tuple[Block, ...]] = []
_log: list[Event] = []
# Each step's title and HTML by its (start, end) in that log: a step whose events
# all lie in the part shared with the next log asked about is not drawn again.
_drawn: dict[tuple[int, int], tuple[str, str]] = {}


def _error(exc: RulesError) -> dict[str, Any]:
    out: dict[str, Any] = {"argument": exc.argument, "message": str(exc)}
    if exc.expected is not None:
        out["expected"] = exc.expected
        out["received"] = describe(exc.received)
    return out


def _events_arg(args: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    events = args.get("events", [])
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise RulesError(argument="events", expected=f"a JSON list of at most {MAX_EVENTS} events", received=events)
    return events


def _replayed(events: Sequence[Any]) -> Encounter:
    """The state after *events*, replaying only those past the part shared with the last log asked about."""
    global _seen, _states, _entries, _shown, _log, _drawn
    shared = 0
    for old, new in zip(_seen, events, strict=False):  # each kept event is canonical (to_json)
        if old != new:
            break
        shared += 1
    _drawn = {span: drawn for span, drawn in _drawn.items() if span[1] <= shared}
    seen, states, entries, shown = list(_seen[:shared]), _states[:shared + 1], _entries[:shared], _shown[:shared]
    log = _log[:shared]
    try:
        for i in range(shared, len(events)):
            event = from_json(events[i])
            after = apply(states[-1], event)
            entries.append(entry(i, states[-1], event, after))
            shown.append(event_blocks(i, states[-1], event, after, text=entries[-1].text))
            log.append(event)
            states.append(after)
            seen.append(to_json(event))
    except RulesError as error:
        bad = events[len(seen)]
        kind = bad.get("type") if isinstance(bad, Mapping) else None
        raise RulesError(f"'events[{len(seen)}]' ({describe(kind)}) cannot happen here: {error}",
                         argument=f"events[{len(seen)}]") from error
    finally:
        _seen, _states, _entries, _shown, _log = seen, states, entries, shown, log
    return states[-1]


def _fighter_view(f: Fighter, state: Encounter) -> dict[str, Any]:
    h = f.health
    return {
        "name": f.name, "side": f.side.value, "kind": f.character.kind.value,
        "wounds": h.wounds, "wound_points": h.wound_points,
        "strain": None if h.strain_points is None else h.strain, "strain_points": h.strain_points,
        "incapacitated": h.incapacitated, "critical_injuries": h.critical_injuries,
        "conditions": [{"name": c.value, "turns": n} for c, n in f.conditions.remaining],
        "cover": f.cover.name.lower(), "initiative": f.initiative, "acted": f.acted,
        "maneuvers": f.maneuvers, "action_used": f.action_used,
        "injuries": [{"d100": i.d100, "bonus": i.bonus, "total": i.total, "severity": i.severity.value}
                     for i in f.injuries],
        "weapons": [w.name for w in f.weapons],
        "bands": {g.name: state.band(f.name, g.name).name.lower() for g in state.fighters if g.name != f.name},
    }


def state_view(state: Encounter) -> dict[str, Any]:
    """The state as JSON data: the round, the slots, whose turn, every combatant, this turn's roll."""
    roll = state.last_roll
    return {
        "round": state.round, "slots": [s.value for s in state.slots], "slot": state.slot,
        "slot_side": None if state.slot_side is None else state.slot_side.value, "turn": state.turn,
        "gravity": state.gravity.value, "over": state.over,
        "fighters": [_fighter_view(f, state) for f in state.fighters],
        "last_roll": None if roll is None else {
            "name": roll.name, "target": roll.target, "weapon": roll.weapon, "successes": roll.successes,
            "boons": roll.boons, "boons_left": roll.boons_left, "banes_left": roll.banes_left,
            "crit_available": roll.crit_available},
    }


def choices(state: Encounter) -> dict[str, Any]:
    """What may happen next: the events the rules allow now, and for whom (the engine still checks each)."""
    if state.over:
        return {"events": []}
    if not state.round:
        ready = bool(state.fighters) and all(f.initiative is not None for f in state.fighters)
        return {"events": ["join", "set-range", "set-cover", "set-gravity", "set-condition", "initiative",
                           *(["start-round"] if ready else []), "end-encounter"]}
    if state.turn is None:
        may = list(state.may_take())
        return {"events": [*(["take-turn"] if may else ["end-round"]), "set-range", "set-cover", "set-condition",
                           "end-encounter"], "may_take": may}
    f = state.fighter(state.turn)
    events = ["move", "take-cover", "maneuver"] if f.maneuvers < 2 else []
    events += [] if f.action_used else ["attack", "check"]
    roll = state.last_roll
    spends = [name for name, what in SPENDS.items()
              if roll is not None and roll.boons_left >= COMBAT_BOON_SPENDS[what]
              and (name != "disoriented" or (roll.target is not None and roll.successes >= 1))]
    events += ["spend-boons"] if spends else []
    events += ["gm-spend"] if roll is not None and roll.banes_left else []
    events += ["critical-injury"] if roll is not None and roll.crit_available else []
    return {"events": [*events, "end-turn", "set-range", "set-cover", "set-condition", "end-encounter"],
            "turn": f.name, "spends": spends,
            "targets": [g.name for g in state.fighters if g.name != f.name],
            "weapons": [w.name for w in f.weapons],
            "crit_target": roll.target if roll is not None and roll.crit_available else None}


def _steps() -> list[dict[str, Any]]:
    """The log's steps as the fight renderer shows them (the Docking Bay page's way), each as HTML."""
    out = []
    for span in steps_of(_log):
        key = (span.start, span.end)
        if key not in _drawn:
            _drawn[key] = (span.title, step(span, _shown, _states).html())
        title, html = _drawn[key]
        out.append({"title": title, "start": span.start, "end": span.end, "html": html})
    return out


def _answer(state: Encounter) -> dict[str, Any]:
    return {"ok": True, "count": len(_seen), "state": state_view(state), "choices": choices(state),
            "account": [{"index": e.index, "round": e.round, "actor": e.actor, "text": e.text,
                         "changes": [vars(c) | {"conditions": list(c.conditions)} for c in e.changes]}
                        for e in _entries],
            "steps": _steps()}


def _attack_event(state: Encounter, data: Any) -> MakeAttack:
    if not isinstance(data, Mapping):
        raise RulesError(argument="event", expected="the attack as a JSON object", received=data)
    event = from_json({"successes": 0, **data, "type": "attack"})
    assert isinstance(event, MakeAttack)
    event.attack(state)  # names the field a bad name, weapon or target is in
    return event


def _odds(state: Encounter, data: Any) -> dict[str, Any]:
    event = _attack_event(state, data)
    attack = event.attack(state)
    odds = attack.odds(state.fighter(event.target).health)
    return {"ok": True, "pool": attack.pool().describe(), "hit": percent(odds.hit),
            "critical_injury": percent(odds.critical_injury), "incapacitated": percent(odds.incapacitated),
            "drifting": percent(odds.drifting), "mean_wounds": f"{float(odds.expected_wounds):.2f}",
            "exact": {"hit": str(odds.hit), "critical_injury": str(odds.critical_injury),
                      "incapacitated": str(odds.incapacitated)}}


def _rolled(pool: Pool, rng: random.Random) -> dict[str, Any]:
    roll = pool.roll(rng=rng)
    out = roll.outcome
    return {"pool": pool.describe(), "dice": [{"die": d.label, "face": faces_text(f)} for d, f in roll.faces],
            "faces": [face_symbols(f) for _, f in roll.faces],
            "fields": {"successes": out.successes, "boons": out.boons, "breakthroughs": out.breakthroughs,
                       "calamities": out.calamities}}


def _roll(state: Encounter, data: Any, rng: random.Random) -> dict[str, Any]:
    kind = data.get("type") if isinstance(data, Mapping) else None
    if kind == "attack":
        return {"ok": True, **_rolled(_attack_event(state, data).attack(state).pool(), rng)}
    if kind == "initiative":
        fighter = state.fighter(data.get("name"))
        surprised = data.get("surprised", False)
        rolled = _rolled(initiative_pool(fighter.character, surprised=surprised), rng)
        return {"ok": True, **rolled, "fields": {"successes": rolled["fields"]["successes"]}}
    if kind == "check":
        rolled = _rolled(_pool(data.get("dice")), rng)
        return {"ok": True, **rolled, "fields": {k: rolled["fields"][k] for k in ("successes", "boons")}}
    if kind == "critical-injury":
        target = state.fighter(data.get("target"))
        injury = roll_critical_injury(target.health.critical_injuries, rng)
        return {"ok": True, "dice": [{"die": "d100", "face": str(injury.d100)}], "fields": {"d100": injury.d100},
                "total": injury.total, "severity": injury.severity.value}
    raise RulesError(argument="type", expected="attack, initiative, check or critical-injury", received=kind)


def _pool(text: Any) -> Pool:
    try:
        return Pool.parse(text)
    except RulesError as error:
        raise error.renamed("dice") from None


def presets() -> list[dict[str, Any]]:
    """Stat blocks a table adds often, as ``join`` events: the Docking Bay's four, and three generic ones."""
    sidearm = Weapon("Standard sidearm", damage=6, crit=3, range=RangeBand.MEDIUM)
    baton = Weapon("Stun baton", damage=4, crit=4, skill=Skill.MELEE, stun=True)
    out = [{"label": f"{e.name} (Docking Bay)", "event": to_json(e)}
           for e in docking_bay_log() if isinstance(e, Join)]
    generic = (
        ("Minion: dock thug", Side.GM, Character("Dock thug", might=2, agility=2, skills={Skill.MELEE: 1},
                                                 kind=Kind.MINION, stated_wound_points=5), (baton,)),
        ("Elite: bounty agent", Side.GM, Character("Bounty agent", agility=3, skills={Skill.RANGED: 2},
                                                   kind=Kind.ELITE, stated_wound_points=12, stated_resistance=2),
         (sidearm,)),
        ("Player character", Side.PLAYER, Character("Drifter", might=2, agility=3, savvy=2, willpower=2,
                                                    skills={Skill.RANGED: 1, Skill.PERCEPTION: 1}), (sidearm,)),
    )
    out += [{"label": label, "event": to_json(Join(c.name, side, c, weapons))} for label, side, c, weapons in generic]
    return out


def _import(text: Any) -> dict[str, Any]:
    """A saved file's events up to the first this build cannot read or the rules now refuse, and why."""
    events, problem = load_readable(text)
    kept = [to_json(e) for e in events]
    try:
        _replayed(kept)
    except RulesError as error:
        problem = error
        kept = kept[:len(_seen)]
    name = json.loads(text).get("name")
    return {"ok": True, "events": kept, "problem": None if problem is None else _error(problem),
            "name": name if isinstance(name, str) else None}


def run(args: Any, *, rng: random.Random | None = None) -> dict[str, Any]:
    """Answer one question of the tracker page (the module's docstring lists them); never raises."""
    try:
        if not isinstance(args, Mapping):
            raise RulesError(argument="args", expected="a JSON object", received=args)
        op = args.get("op")
        if op == "presets":
            return {"ok": True, "presets": presets()}
        if op == "example":
            if args.get("name") != "docking-bay":
                raise RulesError(argument="name", expected="docking-bay", received=args.get("name"))
            return {"ok": True, "format": FORMAT, "version": VERSION,
                    "events": [to_json(e) for e in docking_bay_log()],
                    "steps": [{"title": s.title, "count": s.end} for s in steps_of(docking_bay_log())]}
        if op == "import":
            return _import(args.get("text"))
        if op not in OPS:
            raise RulesError(argument="op", expected="one of " + ", ".join(OPS), received=op)
        events = _events_arg(args)
        state = _replayed(events)
        if op == "state":
            return _answer(state)
        if op == "odds":
            return _odds(state, args.get("event"))
        if op == "roll":
            return _roll(state, args.get("event"), rng or random.SystemRandom())
        if op == "export":
            name = args.get("name", "Encounter")
            if not isinstance(name, str) or len(name) > 200:
                raise RulesError(argument="name", expected="a name of at most 200 characters", received=name)
            log = [from_json(e) for e in _seen]
            return {"ok": True, "text": dump(log, name=name),
                    "account_text": fight_markdown(log, rulings=state.rulings, name=name)}
        try:
            _replayed([*events, args.get("event")])
        except RulesError as error:
            cause = error.__cause__ if isinstance(error.__cause__, RulesError) else error
            _replayed(events)
            return {"ok": False, "error": _error(cause)}
        return {**_answer(_states[-1]), "event": _seen[-1]}
    except RulesError as error:
        return {"ok": False, "error": _error(error)}
