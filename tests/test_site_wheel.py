"""The site's compiled wheel: what the build adds so that the calculators' worker starts sooner.

The build compiles the wheel's modules with Pyodide's interpreter
(``docs/_ext/voidref_calculators/js/precompile_in_pyodide.py``); a dataclass
keeps the first line of its docstring, and the wheel gains
``_voidref_dataclasses``, the bytecode of the methods ``dataclasses`` writes
for every ``voidref`` class. These tests check both, under Pyodide in node
started from the built site's own files, as the worker starts it.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess

import pytest

from voidref import calc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))
PRECOMPILE = os.path.join(ROOT, "docs", "_ext", "voidref_calculators", "js", "precompile_in_pyodide.py")


def _precompile_module():
    spec = importlib.util.spec_from_file_location("precompile_in_pyodide", PRECOMPILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _docstring(node):
    return ast.get_docstring(node, clean=False)


def test_a_dataclass_keeps_the_first_line_of_its_docstring_and_nothing_else_keeps_one():
    source = '''
"""Module text."""
from dataclasses import dataclass
import dataclasses

@dataclass(frozen=True)
class Kept:
    """One line kept.

    The rest goes.
    """
    x: int

@dataclasses.dataclass
class AlsoKept:
    """Summary."""

class Plain:
    """Gone."""

def f():
    """Gone too."""
'''
    tree = _precompile_module()._without_docstrings(ast.parse(source))
    classes = {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    assert _docstring(tree) is None
    assert _docstring(classes["Kept"]) == "One line kept."
    assert _docstring(classes["AlsoKept"]) == "Summary."
    assert _docstring(classes["Plain"]) is None
    assert _docstring(classes["f"]) is None


@pytest.fixture(scope="module")
def site_wheel():
    if not os.path.exists(os.path.join(SITE, "_static", "pyodide", "pyodide.asm.wasm")):
        if os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no built site with Pyodide in {SITE} (run `make site`)")
        pytest.skip(f"no built site with Pyodide in {SITE} (run `make site`)")
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide"
    proc = subprocess.run([node, os.path.join(ROOT, "tests", "pyodide", "run_site_wheel.mjs"), SITE],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_wheel_holds_the_bytecode_of_every_dataclass_method_the_calculators_make(site_wheel):
    """Every text dataclasses writes while the calculators import and run is in _voidref_dataclasses."""
    assert site_wheel["has_module"], "the site's wheel has no _voidref_dataclasses"
    assert site_wheel["compiled"] == []


def test_dataclasses_in_the_site_wheel_keep_their_summary_line(site_wheel):
    """Not the signature Python writes when a dataclass has no docstring (that costs an inspect call)."""
    assert site_wheel["doc"] and not site_wheel["doc"].startswith("IntField(")


def test_the_site_wheel_computes_what_cpython_computes(site_wheel):
    """With the prepared bytecode, every calculator's default answer is the one CPython gives."""
    expected = {c.slug: calc.run(c.slug, {})["text"] for c in calc.calculators()}
    assert site_wheel["results"] == expected


def test_the_site_wheel_leaves_out_what_the_browser_never_imports(tmp_path):
    """The command line and the pages' tables (computed at build time) are not in the wheel the browser loads;
    every other module of voidref is."""
    import sys
    import zipfile

    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        from voidref_calculators.wheel import NOT_IN_THE_BROWSER, build_wheel
    finally:
        sys.path.pop(0)
    names = zipfile.ZipFile(tmp_path / build_wheel(str(tmp_path))).namelist()
    assert set(NOT_IN_THE_BROWSER) == {"cli", "tables"}
    assert not [n for n in names if n.startswith(("voidref/cli/", "voidref/tables/"))]
    assert {"voidref/calc/registry.py", "voidref/drifters/dice.py", "voidref/upper_hand/floatwalk.py"} <= set(names)
