"""One Ship Round as the page shows it: each step's rolls, then each ship's Hull Damage and Heat.

:func:`voidref.drifters.ship_replay.ember_drift` plays the round and returns
its steps as data; this module lays each step out (:func:`ship_step_blocks`).
The page's HTML of a step is :func:`ship_step_html` alone, for the
``{replay}`` directive and, when a reader changes an input, for
:mod:`voidref.calc.replays`; ``examples/ember_drift_round.py`` prints the same
step as Markdown (:func:`render_ship_step`).

>>> from voidref.drifters.ship_replay import ember_drift
>>> steps = ember_drift()
>>> "| CM-440 cutter | **6/22** | 0/– |" in render_ship_step(steps[3], steps[2])
True
"""

from __future__ import annotations

from voidref.drifters.ship_replay import ShipState, ShipStep
from voidref.present import percent
from voidref.present.replays.blocks import Block, Bullets, Inline, Strong, Table, html, markdown
from voidref.present.replays.rolls import roll_blocks

__all__ = ["ship_step_blocks", "render_ship_step", "ship_step_html", "ship_steps_html"]


def _cells(s: ShipState) -> tuple[str, str]:
    return f"{s.hull_damage}/{s.hull_points}", f"{s.heat}/{'–' if s.heat_threshold is None else s.heat_threshold}"


def _table(step: ShipStep, before: ShipStep | None) -> Table:
    rows: list[tuple[Inline, ...]] = []
    for name, s in step.ships.items():
        now: tuple[Inline, ...] = _cells(s)
        if before is not None:
            now = tuple(Strong(c) if c != o else c for c, o in zip(_cells(s), _cells(before.ships[name])))
        rows.append((name, *now))
    return Table(("After", "Hull Damage", "Heat/Threshold"), tuple(rows))


def ship_step_blocks(step: ShipStep, before: ShipStep | None = None) -> tuple[Block, ...]:
    """A ship step laid out: each roll with its odds, then each ship's Hull and Heat (changes in bold)."""
    blocks: list[Block] = []
    for k, check in enumerate(step.checks):
        blocks += roll_blocks(check, step.odds if k == len(step.checks) - 1 else ())
    if not step.checks and step.odds:
        blocks.append(Bullets(tuple(f"Odds: {what}, {percent(chance)}" for what, chance in step.odds)))
    blocks.append(_table(step, before))
    items = [f"Range: {step.band.capitalize()}"]
    items += [f"{name}: {'; '.join(s.notes)}" for name, s in step.ships.items() if s.notes]
    items += [f"{label}: {value}" for label, value in step.facts]
    return (*blocks, Bullets(tuple(items)))


def render_ship_step(step: ShipStep, before: ShipStep | None = None) -> str:
    """A ship step as Markdown, as ``examples/ember_drift_round.py`` prints it."""
    return markdown(ship_step_blocks(step, before))


def ship_step_html(step: ShipStep, before: ShipStep | None = None) -> str:
    """A ship step as the page shows it, in HTML: at build time (``{replay}``) and in the browser alike."""
    return html(ship_step_blocks(step, before))


def ship_steps_html(steps: tuple[ShipStep, ...]) -> tuple[str, ...]:
    """Every ship step as HTML, each with its changes since the step before in bold."""
    return tuple(ship_step_html(s, steps[k - 1] if k else None) for k, s in enumerate(steps))
