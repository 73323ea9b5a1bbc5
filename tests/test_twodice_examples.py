"""The 2D fighting example script runs and reproduces the source's knife."""

import os
import runpy
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "twodice_knife.py"


def test_knife_script_runs_as_a_program():
    """Regression (knife, 2D-3 rolling 5 and 2): the script prints two dice of 2."""
    env = dict(os.environ, PYTHONPATH=str(SCRIPT.parent.parent))
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True, env=env)
    assert "dice left (2, 2)" in done.stdout


def test_knife_script_numbers():
    """Regression (knife): light armor lets 2 through five times in six, 4 once in six."""
    ns = runpy.run_path(str(SCRIPT))
    result = ns["run"](out=lambda line: None)
    assert result["dice_left"] == (2, 2)
    assert result["through"]["light"] == {2: Fraction(5, 6), 4: Fraction(1, 6)}
    assert result["no_damage"]["none"] == Fraction(1, 12)
