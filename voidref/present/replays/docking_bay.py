"""The Docking Bay page's replay: the fight's one log, shown step by step by the one fight renderer.

The fight is scripted once, as an encounter log
(:func:`voidref.drifters.encounter.examples.docking_bay_log`), and shown by
``voidref.present.fight``, as the tracker shows any fight. The page
adds one step past the log: the encounter ending there, with the Strain it
gives back. The ``{replay}`` directive writes each step's HTML when the site
is built, and :mod:`voidref.calc.replays` sends the browser the same
function's HTML when a reader changes an input; ``examples/docking_bay.py``
prints the same steps as Markdown.

>>> steps = docking_bay_steps()
>>> len(steps), steps[-1].title
(10, 'The encounter ends')
>>> "<tr><td>Agent A</td><td><strong>5/12</strong></td><td>–</td></tr>" in steps_html(steps)[1]
True
"""

from __future__ import annotations

from voidref.drifters.encounter.examples import docking_bay_log
from voidref.drifters.encounter.state import EndEncounter
from voidref.present.fight import FightStep, fight_steps
from voidref.present.replays.blocks import markdown

__all__ = ["docking_bay_steps", "render_step", "steps_html"]


def docking_bay_steps(*, senna_agility: int = 4, senna_armor: int = 1, agent_a_successes: int = 1,
                      agent_a_boons: int = -1) -> tuple[FightStep, ...]:
    """The Docking Bay fight's steps for the page (the keywords change the example, as
    :func:`~voidref.drifters.encounter.examples.docking_bay_log` says), then the encounter's end."""
    log = docking_bay_log(senna_agility=senna_agility, senna_armor=senna_armor,
                          agent_a_successes=agent_a_successes, agent_a_boons=agent_a_boons)
    return fight_steps((*log, EndEncounter()))


def render_step(step: FightStep) -> str:
    """A step as Markdown, as ``examples/docking_bay.py`` prints it."""
    return markdown(step.blocks)


def steps_html(steps: tuple[FightStep, ...]) -> tuple[str, ...]:
    """Every step as the page shows it, in HTML: at build time (``{replay}``) and in the browser alike."""
    return tuple(s.html() for s in steps)
