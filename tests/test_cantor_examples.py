"""The Cantor example script runs, as a program and as a function."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

from voidref.cantor import Condition

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "cantor_attack.py"


def test_cantor_script_runs_as_a_program():
    """`python examples/cantor_attack.py` prints every step and the Cantor's Structure loss."""
    env = dict(os.environ, PYTHONPATH=str(SCRIPT.parent.parent))
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True, env=env)
    assert "Cantor: Structure 1, HP 12, rolled 3: Impaired" in done.stdout
    assert "3 Net +4: 4d6 keep highest [2, 6, 3, 1] → 6; total 8" in done.stdout


def test_reliable_one_into_armor_three_does_nothing():
    """Regression ("Reliable 1 into Armor 3 does nothing"): the needler's miss deals 0."""
    result = runpy.run_path(str(SCRIPT))["run"](out=lambda line: None)
    assert result["dealt"]["Needler into Armor 3 (a miss)"] == 0


def test_blast_hits_friend_and_foe():
    """Regression (Blast on friend and foe): ally 4, drone 2, the crew exempt."""
    result = runpy.run_path(str(SCRIPT))["run"](out=lambda line: None)
    assert result["dealt"]["splash"] == {"ally Wren": 4, "drone": 2}


def test_cantor_losing_structure():
    """Regression (a Cantor losing Structure): Structure 2 → 1, HP refilled, Impaired on a 3."""
    result = runpy.run_path(str(SCRIPT))["run"](out=lambda line: None)
    cantor = result["cantor"]
    assert (cantor.state.structure, cantor.state.hp, cantor.condition) == (1, 12, Condition.IMPAIRED)
    assert (result["shove"].moved, result["shove"].collided) == (1, True)
