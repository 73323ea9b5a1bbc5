"""One Ship Round as the page shows it: each step's rolls, then each ship's Hull Damage and Heat.

:func:`voidref.drifters.ship_replay.ember_drift` plays the round and returns
its steps as data; this module writes each step in Markdown, for the page's
``{replay}`` directive (:func:`ember_drift_step`) and, when a reader changes
an input, for :mod:`voidref.calc.replays` (:func:`render_ship_steps`).

>>> steps = ember_drift_markdown()
>>> len(steps), "| CM-440 cutter | **6/22** | 0/– |" in steps[3]
(7, True)
"""

from __future__ import annotations

from voidref.drifters.ship_replay import ShipState, ShipStep, ember_drift
from voidref.errors import check_int
from voidref.present import percent
from voidref.present.replays.rolls import roll_lines

__all__ = ["render_ship_step", "render_ship_steps", "ember_drift_markdown", "ember_drift_step"]


def render_ship_step(step: ShipStep, before: ShipStep | None = None) -> str:
    """A ship step as Markdown: each roll with its odds, then each ship's Hull and Heat (changes in bold)."""
    out: list[str] = []
    for k, check in enumerate(step.checks):
        out += roll_lines(check, step.odds if k == len(step.checks) - 1 else ())
    if not step.checks:
        out += [f"- Odds: {what}, {percent(chance)}" for what, chance in step.odds]
        out.append("")
    def cells(s: ShipState) -> list[str]:
        return [f"{s.hull_damage}/{s.hull_points}", f"{s.heat}/{'–' if s.heat_threshold is None else s.heat_threshold}"]

    out += ["| After | Hull Damage | Heat/Threshold |", "| --- | --- | --- |"]
    for name, s in step.ships.items():
        now = cells(s)
        if before is not None:
            now = [f"**{c}**" if c != o else c for c, o in zip(now, cells(before.ships[name]))]
        out.append(f"| {name} | {' | '.join(now)} |")
    out += ["", f"- Range: {step.band.capitalize()}"]
    out += [f"- {name}: {'; '.join(s.notes)}" for name, s in step.ships.items() if s.notes]
    out += [f"- {label}: {value}" for label, value in step.facts]
    return "\n".join(out) + "\n"


def render_ship_steps(steps: tuple[ShipStep, ...]) -> tuple[str, ...]:
    """Every ship step as Markdown, each with its changes since the step before in bold."""
    return tuple(render_ship_step(s, steps[k - 1] if k else None) for k, s in enumerate(steps))


def ember_drift_markdown(**inputs: int) -> tuple[str, ...]:
    """Every step of the One Ship Round replay as Markdown (*inputs*: the keywords of
    :func:`~voidref.drifters.ship_replay.ember_drift`)."""
    return render_ship_steps(ember_drift(**inputs))


def ember_drift_step(step: int, **inputs: int) -> str:
    """Markdown for step *step* (0 is Initiative) of the One Ship Round replay, for the page's ``{replay}``."""
    steps = ember_drift_markdown(**inputs)
    check_int("step", step, low=0, high=len(steps) - 1)
    return steps[step]
