"""The Docking Bay fight from the Void Drifters combat chapter, as a script.

Run it with ``python examples/docking_bay.py``. The fight is one encounter log
(:func:`voidref.drifters.encounter.examples.docking_bay_log`); the engine
referees it event by event (each roll checked against its pool, every Wound,
Strain and condition from the rolls), and the one fight renderer
(:mod:`voidref.present.fight`) prints each step with the odds each roll had,
as the page and the tracker show it.
"""

from __future__ import annotations

from voidref.drifters import Health
from voidref.drifters.encounter import replay
from voidref.drifters.encounter.examples import docking_bay_log
from voidref.present.replays.docking_bay import docking_bay_steps, render_step


def run(out=print) -> dict[str, Health]:
    """Play both rounds, printing each step; return each combatant's Health before the fight ends."""
    for step in docking_bay_steps():
        out(f"## {step.title}")
        out(render_step(step))
    return {f.name: f.health for f in replay(docking_bay_log()).fighters}


if __name__ == "__main__":
    run()
