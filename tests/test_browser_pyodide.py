"""The engine inside Pyodide: its doctests pass and the calculators agree with CPython.

Runs ``tests/pyodide/run_engine_tests.mjs`` under node with the Pyodide from
``node_modules`` (the same npm package the site serves), so the browser runs
the same engine that the rest of the suite checks.
"""

import json
import os
import shutil
import subprocess

import pytest

from voidref import calc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIRED = os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1"


@pytest.fixture(scope="module")
def pyodide_report():
    node = shutil.which("node")
    have = os.path.exists(os.path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"))
    if not (node and have):
        if REQUIRED:
            pytest.fail("node and node_modules/pyodide are needed (run `npm ci`)")
        pytest.skip("node or node_modules/pyodide missing (run `npm ci`)")
    proc = subprocess.run([node, os.path.join(ROOT, "tests", "pyodide", "run_engine_tests.mjs"), ROOT],
                          capture_output=True, text=True, timeout=600)
    lines = proc.stdout.strip().splitlines()
    assert lines, f"no output from node (exit {proc.returncode}): {proc.stderr[-2000:]}"
    report = json.loads(lines[-1])
    assert "error" not in report, report.get("error")
    return report


def test_pyodide_runs_python_314(pyodide_report):
    """The pinned Pyodide is a 3.14 interpreter (the browser runs the engine on it)."""
    assert pyodide_report["python"].startswith("3.14")


def test_engine_doctests_pass_inside_pyodide(pyodide_report):
    """Every docstring example of every voidref module passes inside Pyodide."""
    assert pyodide_report["attempted"] > 0
    assert pyodide_report["failed"] == 0, "\n".join(pyodide_report["failures"])


def test_calculators_agree_with_cpython(pyodide_report):
    """Each calculator's default result is the same text in Pyodide as in CPython."""
    expected = {c.slug: calc.run(c.slug, {})["text"] for c in calc.calculators()}
    assert pyodide_report["calculators"] == expected
