"""The Docking Bay replay as the page shows it: each step's rolls, then everyone's Wounds and Strain.

:func:`voidref.drifters.replays.docking_bay` plays the fight and returns its
steps as data; this module lays each step out (:func:`step_blocks`). The
page's HTML of a step is :func:`step_html` alone: the ``{replay}`` directive
writes it when the site is built, and :mod:`voidref.calc.replays` sends it to
the browser when a reader changes an input. ``examples/docking_bay.py``
prints the same step as Markdown (:func:`render_step`).

>>> from voidref.drifters.replays import docking_bay
>>> steps = docking_bay()
>>> render_step(steps[0]).splitlines()[0]
'**Senna: Initiative** (2 Mastery vs no dice)'
>>> "<tr><td>Agent A</td><td><strong>5/12</strong></td><td>–</td></tr>" in step_html(steps[1], steps[0])
True
"""

from __future__ import annotations

from voidref.drifters.health import Health
from voidref.drifters.rolled import Step
from voidref.present import percent
from voidref.present.replays.blocks import Block, Bullets, Inline, Strong, Table, html, markdown
from voidref.present.replays.rolls import roll_blocks

__all__ = ["step_blocks", "render_step", "step_html", "steps_html"]


def _track(h: Health) -> tuple[str, str]:
    wounds = f"{h.wounds}/{h.wound_points}" + (" out" if h.incapacitated_by_wounds else "")
    strain = "–" if h.strain_points is None else f"{h.strain}/{h.strain_points}"
    return wounds, strain


def _table(step: Step, before: Step | None) -> Table:
    rows: list[tuple[Inline, ...]] = []
    for name, (h, _) in step.tracks.items():
        cells: tuple[Inline, ...] = _track(h)
        if before is not None:
            old = _track(before.tracks[name][0])
            cells = tuple(Strong(c) if c != o else c for c, o in zip(_track(h), old))
        rows.append((name, *cells))
    return Table((step.heading, "Wounds", "Strain"), tuple(rows))


def step_blocks(step: Step, before: Step | None = None) -> tuple[Block, ...]:
    """A step laid out: each roll with its odds, then the state after it (changes since *before* in bold)."""
    blocks: list[Block] = []
    for k, check in enumerate(step.checks):
        blocks += roll_blocks(check, step.odds if k == len(step.checks) - 1 else ())
    items = [] if step.checks else [f"{what}: {percent(chance)}" for what, chance in step.odds]
    if step.tracks:
        if items:
            blocks.append(Bullets(tuple(items)))
        blocks.append(_table(step, before))
        conditions = [f"{name} {', '.join(c.value.capitalize() for c, _ in conds.remaining)}"
                      for name, (_, conds) in step.tracks.items() if conds.remaining]
        items = [f"Conditions: {'; '.join(conditions) or 'none'}"]
    items += [f"{label}: {value}" for label, value in step.facts]
    if items:
        blocks.append(Bullets(tuple(items)))
    return tuple(blocks)


def render_step(step: Step, before: Step | None = None) -> str:
    """A step as Markdown, as ``examples/docking_bay.py`` prints it."""
    return markdown(step_blocks(step, before))


def step_html(step: Step, before: Step | None = None) -> str:
    """A step as the page shows it, in HTML: at build time (``{replay}``) and in the browser alike."""
    return html(step_blocks(step, before))


def steps_html(steps: tuple[Step, ...]) -> tuple[str, ...]:
    """Every step as HTML, each with its changes since the step before in bold."""
    return tuple(step_html(s, steps[k - 1] if k else None) for k, s in enumerate(steps))
