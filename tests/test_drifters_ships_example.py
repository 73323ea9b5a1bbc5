"""Void Drifters ships: the One Ship Round script plays the page's replay and reaches the source's standing."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "ember_drift_round.py"


def test_ember_drift_round_script_reaches_5_of_18_and_6_of_22():
    """One Ship Round: 5 of 18 and 6 of 22 Hull Damage, Heat 1 and 0 at the end of the round."""
    ships = runpy.run_path(str(SCRIPT))["run"](out=lambda line: None)
    ember, cutter = ships["Ember Drift"], ships["CM-440 cutter"]
    assert (ember.hull_damage, ember.hull_points, cutter.hull_damage, cutter.hull_points) == (5, 18, 6, 22)
    assert (ember.heat, cutter.heat) == (1, 0)


def test_ember_drift_round_script_runs_from_the_command_line():
    """`python examples/ember_drift_round.py` prints each step, the turn order and the end of the round."""
    env = dict(os.environ, PYTHONPATH=str(SCRIPT.parent.parent))
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True, env=env)
    assert "- Turn order: Ember Drift, CM-440 cutter" in done.stdout
    assert "- Ember Drift Heat: 3 to 1, under its threshold of 10" in done.stdout
    assert "## Round 2: the way out" in done.stdout
