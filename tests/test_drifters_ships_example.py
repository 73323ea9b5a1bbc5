"""Void Drifters ships: the One Ship Round script runs and reaches the source's standing."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "ember_drift_round.py"


def test_ember_drift_round_script_reaches_5_of_18_and_6_of_22():
    """One Ship Round: 5 of 18 and 6 of 22 Hull Damage, Heat 1 and 0."""
    fight = runpy.run_path(str(SCRIPT))["run"](say=lambda line: None)
    ember, cutter = fight.ship("Ember Drift"), fight.ship("CM-440 cutter")
    assert (ember.hull_damage, cutter.hull_damage, ember.heat, cutter.heat) == (5, 6, 1, 0)


def test_ember_drift_round_script_runs_from_the_command_line():
    """`python examples/ember_drift_round.py` prints the order and the standing."""
    env = dict(os.environ, PYTHONPATH=str(SCRIPT.parent.parent))
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True, env=env)
    assert "Order: Ember Drift, CM-440 cutter" in done.stdout
    assert "Ember Drift 5 of 18 Hull Damage, Heat 3 -> 1; cutter 6 of 22 Hull Damage, Heat 1 -> 0" in done.stdout
