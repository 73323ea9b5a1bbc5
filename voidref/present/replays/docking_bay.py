"""The Docking Bay replay as the page shows it: each step's rolls, then everyone's Wounds and Strain.

:func:`voidref.drifters.replays.docking_bay` plays the fight and returns its
steps as data; this module writes each step in Markdown. The page's
``{replay}`` directive renders :func:`docking_bay_step` when the site is
built, and :mod:`voidref.calc.replays` writes the same Markdown through
:func:`render_steps` when a reader changes an input.

>>> steps = docking_bay_markdown()
>>> len(steps), steps[0].splitlines()[0]
(10, '**Senna: Initiative** (2 Mastery vs no dice)')
>>> "| Agent A | **5/12** | – |" in docking_bay_step(1)
True
"""

from __future__ import annotations

from voidref.drifters.health import Health
from voidref.drifters.replays import docking_bay
from voidref.drifters.rolled import Step
from voidref.errors import check_int
from voidref.present import percent
from voidref.present.replays.rolls import roll_lines

__all__ = ["render_step", "render_steps", "docking_bay_markdown", "docking_bay_step"]


def _track(h: Health) -> tuple[str, str]:
    wounds = f"{h.wounds}/{h.wound_points}" + (" out" if h.incapacitated_by_wounds else "")
    strain = "–" if h.strain_points is None else f"{h.strain}/{h.strain_points}"
    return wounds, strain


def render_step(step: Step, before: Step | None = None) -> str:
    """A step as Markdown: each roll with its odds, then the state after it (changes since *before* in bold)."""
    out: list[str] = []
    for k, check in enumerate(step.checks):
        out += roll_lines(check, step.odds if k == len(step.checks) - 1 else ())
    if not step.checks:
        out += [f"- {what}: {percent(chance)}" for what, chance in step.odds]
    if step.tracks:
        out += [f"| {step.heading} | Wounds | Strain |", "| --- | --- | --- |"]
        for name, (h, _) in step.tracks.items():
            cells = list(_track(h))
            if before is not None:
                old = _track(before.tracks[name][0])
                cells = [f"**{c}**" if c != o else c for c, o in zip(cells, old)]
            out.append(f"| {name} | {' | '.join(cells)} |")
        conditions = [f"{name} {', '.join(c.value.capitalize() for c, _ in conds.remaining)}"
                      for name, (_, conds) in step.tracks.items() if conds.remaining]
        out += ["", f"- Conditions: {'; '.join(conditions) or 'none'}"]
    out += [f"- {label}: {value}" for label, value in step.facts]
    return "\n".join(out) + "\n"


def render_steps(steps: tuple[Step, ...]) -> tuple[str, ...]:
    """Every step as Markdown, each with its changes since the step before in bold."""
    return tuple(render_step(s, steps[k - 1] if k else None) for k, s in enumerate(steps))


def docking_bay_markdown(**inputs: int) -> tuple[str, ...]:
    """Every step of the Docking Bay replay as Markdown (*inputs*: the keywords of
    :func:`~voidref.drifters.replays.docking_bay`)."""
    return render_steps(docking_bay(**inputs))


def docking_bay_step(step: int, **inputs: int) -> str:
    """Markdown for step *step* (0 is Initiative) of the Docking Bay replay, for the page's ``{replay}`` directive."""
    steps = docking_bay_markdown(**inputs)
    check_int("step", step, low=0, high=len(steps) - 1)
    return steps[step]
