"""One Ship Round from the Void Drifters chapter (the Ember Drift against a CM-440 cutter), as a script.

Run it with ``python examples/ember_drift_round.py``. The engine plays the
round once, in :func:`voidref.drifters.ship_replay.ember_drift` (the page's
step-by-step replay is the same function): stations, Initiative, the Ember
Drift's turn, the cutter's reply, the end of the round and the way out in
round 2. Each roll is checked against its pool; every Hull Damage and Heat
figure comes from the rolls. It prints each step with the odds before it.
"""

from __future__ import annotations

from voidref.drifters.ship_replay import ShipState, ember_drift
from voidref.present.replays.ember_drift import render_ship_step


def run(out=print) -> dict[str, ShipState]:
    """Play the round and round 2's way out, printing each step; return each ship's tracks at the round's end."""
    steps = ember_drift()
    for i, step in enumerate(steps):
        out(f"## {step.title}")
        out(render_ship_step(step, steps[i - 1] if i else None))
    end = next(step for step in steps if step.title == "End of the round")
    return dict(end.ships)


if __name__ == "__main__":
    run()
