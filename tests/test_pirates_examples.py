"""Void Pirates: the source's worked examples as regression tests, and the example script."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from voidref.errors import RulesError
from voidref.tables import pirates as tables

ROOT = Path(__file__).resolve().parent.parent


def test_kv220b_script_runs():
    """examples/pirates_kv220b.py runs as a script and prints the source's 28 damage and 9 HP."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "pirates_kv220b.py")],
                         capture_output=True, text=True, check=True, env=env).stdout
    assert "= 28 damage" in out
    assert "= 9 HP repaired" in out
    assert "Initiative: 15" in out


def test_kv220b_turn_lines():
    """The KV-220B turn function reproduces the source's figures."""
    module = runpy.run_path(str(ROOT / "examples" / "pirates_kv220b.py"))
    lines = module["kv220b_turn"]()
    assert lines[0].startswith("Initiative: 15")
    assert "48, minus AV 20 = 28" in lines[2]


@pytest.mark.parametrize("name", tables.__all__)
def test_every_table_renders(name):
    """Every computed table returns a Markdown table with a header row and at least one row."""
    text = getattr(tables, name)()
    lines = text.splitlines()
    assert lines[0].startswith("| ") and lines[1].startswith("| ---") and len(lines) >= 3


def test_table_bad_list():
    """A table option that is not a list names the argument."""
    with pytest.raises(RulesError, match="'armor_values'"):
        tables.soak_table(armor_values=5)
