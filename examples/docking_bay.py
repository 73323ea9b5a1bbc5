"""The Docking Bay fight from the Void Drifters combat chapter, as a script.

Run it with ``python examples/docking_bay.py``. The engine replays the fight
from the source's dice (:func:`voidref.drifters.replays.docking_bay`): each
roll is checked against its pool, and every Wound, Strain and condition comes
from the rolls. It prints each step with the odds of the roll before it.
"""

from __future__ import annotations

from voidref.drifters import Health
from voidref.drifters.replays import docking_bay
from voidref.present.replays.docking_bay import render_step


def run(out=print) -> dict[str, Health]:
    """Play both rounds, printing each step; return each combatant's Health before the fight ends."""
    steps = docking_bay()
    for i, step in enumerate(steps):
        out(f"## {step.title}")
        out(render_step(step, steps[i - 1] if i else None))
    return {name: health for name, (health, _) in steps[-2].tracks.items()}


if __name__ == "__main__":
    run()
