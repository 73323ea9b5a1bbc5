"""The Upper Hand example script runs, as a program and as a function."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

from voidref.upper_hand import Condition, Ending, Side

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "upper_hand_round.py"


def _run():
    return runpy.run_path(str(SCRIPT))["run"](out=lambda line: None)


def test_upper_hand_script_runs_as_a_program():
    """`python examples/upper_hand_round.py` prints the log, ending with the Kestrel's jump."""
    env = dict(os.environ, PYTHONPATH=str(SCRIPT.parent.parent))
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True, env=env)
    assert "Maneuver: Pilot Impact 0 against 2; Upper Hand: Kestrel -> nobody" in done.stdout
    assert done.stdout.rstrip().endswith("Kestrel meets its goal (jump)")


def test_full_round_upper_hand_changes():
    """Regression (a round where the Upper Hand changes): the Kestrel loses it in round 1, regains it in round 2."""
    assert _run()["holders"] == [None, Side.A]


def test_component_damaged_then_disabled():
    """Regression (a component damaged, then disabled): the Cutter's Thrusters after rounds 1 and 2."""
    eng = _run()["engagement"]
    assert eng.state.b.thrusters_condition is Condition.DISABLED
    assert eng.outcome.winner is Side.A and eng.outcome.ending is Ending.GOAL and eng.outcome.round == 2


def test_starting_odds_are_exact():
    """The printed odds are exact and complete."""
    assert _run()["odds"].total() == 1
