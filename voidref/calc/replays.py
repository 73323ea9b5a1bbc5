"""The worked examples' replays with changed inputs, for the page's small replay forms.

A replay (the Docking Bay fight's log, shown by
``voidref.present.replays.docking_bay.docking_bay_steps``; One Ship Round,
:func:`voidref.drifters.ship_replay.ember_drift`) takes a few inputs as
keywords; the defaults are the source's example, and
:mod:`voidref.present` writes its steps in HTML. Each input here
is a form field (:mod:`voidref.calc.fields`: it parses the form's text and
names itself in its error). :func:`run` parses the inputs, replays the example and returns
every step as HTML, written by the same function the build uses for the page
(the ``{replay}`` directive), so a recomputed step looks like a published one.

>>> out = run("docking-bay", {"senna_armor": "3"})
>>> out["ok"], len(out["steps"]), "<td><strong>2/12</strong></td>" in out["steps"][3]
(True, 10, True)
>>> print(run("docking-bay", {"senna_armor": "9"})["errors"]["senna_armor"])
"Senna's armor (Resistance)" must be a whole number from 0 to 3 (got '9')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from voidref.calc.fields import Field, FieldError, IntField
from voidref.drifters.characters import ARMOR_RESISTANCE_CAP, MAX_CHARACTERISTIC
from voidref.drifters.rolled import InputError
from voidref.drifters.ship_replay import ember_drift
from voidref.errors import RulesError
from voidref.present.replays.docking_bay import docking_bay_steps, steps_html
from voidref.present.replays.ember_drift import ship_steps_html

__all__ = ["Replay", "REPLAYS", "get", "run"]


@dataclass(frozen=True)
class Replay:
    """A replay the page can recompute: its name, title, input fields and steps in HTML."""

    name: str
    title: str
    fields: tuple[Field, ...]
    play: Callable[..., tuple[Any, ...]]
    """The replay function: the fields' values as keywords, the steps out."""
    render: Callable[[tuple[Any, ...]], tuple[str, ...]]
    """The steps as HTML, one text per step (what the page shows, at build time and in the browser)."""

    def defaults(self) -> dict[str, str]:
        """The form's text for the published example."""
        return {f.name: f.format(f.default) for f in self.fields}

    def html(self, **values: Any) -> tuple[str, ...]:
        """Every step as HTML for *values* (missing ones: the published example)."""
        return self.render(self.play(**values))


def _net(name: str, who: str, default: int) -> IntField:
    return IntField(name, who, default, "-20 to 20", low=-20, high=20)


REPLAYS: dict[str, Replay] = {r.name: r for r in (
    Replay("docking-bay", "the Docking Bay fight", (
        IntField("senna_agility", "Senna's Agility", 4, f"1 to {MAX_CHARACTERISTIC}", low=1, high=MAX_CHARACTERISTIC),
        IntField("senna_armor", "Senna's armor (Resistance)", 1, f"0 to {ARMOR_RESISTANCE_CAP}", low=0,
                 high=ARMOR_RESISTANCE_CAP),
        _net("agent_a_successes", "Agent A's first shot: net Successes", 1),
        _net("agent_a_boons", "Agent A's first shot: net Boons (Banes below 0)", -1),
    ), docking_bay_steps, steps_html),
    Replay("ember-drift", "One Ship Round", (
        IntField("gunner_agility", "Yessica's Agility", 4, f"1 to {MAX_CHARACTERISTIC}", low=1,
                 high=MAX_CHARACTERISTIC),
        _net("gun_successes", "Autocannon shot: net Successes", 2),
        _net("gun_boons", "Autocannon shot: net Boons (Banes below 0)", 2),
        _net("rail_successes", "Railgun shot: net Successes", 1),
        _net("rail_boons", "Railgun shot: net Boons (Banes below 0)", -2),
    ), ember_drift, ship_steps_html),
)}


def get(name: str) -> Replay:
    """The replay called *name*; a RulesError naming the known ones otherwise."""
    if name not in REPLAYS:
        raise RulesError(f"'name' must be one of {', '.join(map(repr, REPLAYS))} (got {name!r})", argument="name")
    return REPLAYS[name]


def run(name: str, raw_inputs: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Replay *name* with the form's *raw_inputs* (missing ones: the published example).

    Returns ``{"ok": True, "steps": [html, ...], "changed": [bool, ...],
    "titles": [...], "inputs": {...}}`` (``changed``: whether each step differs
    from the published one), or
    ``{"ok": False, "errors": {field: message}, "error": message}`` when an
    input cannot be read or the example cannot take it (a roll the changed
    pool cannot give): the message names the input by its label.
    """
    replay = get(name)
    raw = dict(raw_inputs or {})
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for f in replay.fields:
        try:
            values[f.name] = f.parse(raw.get(f.name, f.format(f.default)))
        except FieldError as exc:
            errors[f.name] = str(exc)
    if errors:
        return {"ok": False, "errors": errors, "error": ""}
    try:
        played = replay.play(**values)
    except InputError as exc:
        label = next((f.label for f in replay.fields if f.name == exc.name), exc.name)
        return {"ok": False, "errors": {exc.name: f"{label}: {exc.detail}"}, "error": ""}
    except RulesError as exc:
        return {"ok": False, "errors": {}, "error": f"These inputs do not fit the example: {exc}"}
    steps = replay.render(played)
    published = _published(name)
    return {"ok": True, "steps": list(steps),
            "changed": [step != old for step, old in zip(steps, published)],
            "titles": [step.title for step in played],
            "inputs": {f.name: f.format(values[f.name]) for f in replay.fields}}


@functools.cache
def _published(name: str) -> tuple[str, ...]:
    """The published example's steps as HTML (computed once)."""
    return get(name).html()
