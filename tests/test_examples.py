"""The example scripts run and reach the source's standings."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_docking_bay_script_reaches_the_source_standing():
    """Senna 8 of 12, Davan 5 of 12 and 2 Strain, Agent A 10 of 12."""
    health = runpy.run_path(str(EXAMPLES / "docking_bay.py"))["run"](out=lambda line: None)
    assert (health["Senna"].wounds, health["Davan"].wounds, health["Davan"].strain,
            health["Agent A"].wounds) == (8, 5, 2, 10)


def test_docking_bay_script_runs_from_the_command_line():
    """`python examples/docking_bay.py` prints the slots and the standing."""
    env = dict(os.environ, PYTHONPATH=str(EXAMPLES.parent))
    done = subprocess.run([sys.executable, str(EXAMPLES / "docking_bay.py")], capture_output=True, text=True,
                          check=True, env=env)
    assert "the slots run player, player, GM, GM" in done.stdout
    assert "| Agent A | 10/12 |" in done.stdout
