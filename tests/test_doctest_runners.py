"""Every doctest takes one set of option flags, and `make test` runs the pages' blocks once.

The pages' ``{doctest}`` blocks run in the HTML build (``docs/_ext/voidref_verified.py``)
and nowhere else in ``make test``; ``pytest docs`` and ``make docs-doctest`` run them
on demand. Whoever runs a doctest (that build, Sybil, Sphinx's doctest builder, pytest's
``--doctest-modules``, the engine's doctests in Pyodide, the example pages' Run
buttons) takes ``voidref.calc.doctest_run.OPTIONS``, so an example passes everywhere or
nowhere.
"""

from __future__ import annotations

import doctest
import os
import re
import runpy
import sys
import tomllib

from voidref.calc.doctest_run import OPTIONS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _read(*parts: str) -> str:
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as fh:
        return fh.read()


def _pytest_ini() -> dict:
    return tomllib.loads(_read("pyproject.toml"))["tool"]["pytest"]["ini_options"]


def _recipe(target: str) -> list[str]:
    """The command lines of a Makefile target."""
    match = re.search(rf"^{re.escape(target)}:[^\n]*\n((?:\t[^\n]*\n)*)", _read("Makefile"), re.M)
    assert match, f"no target {target} in the Makefile"
    return match.group(1).split("\n")


def test_every_doctest_runner_takes_the_same_flags():
    """The build, Sphinx's builder, pytest's docstring examples and the Pyodide run all take doctest_run.OPTIONS."""
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        import voidref_verified
    finally:
        sys.path.pop(0)
    pytest_flags = 0
    for name in _pytest_ini().get("doctest_optionflags", ["ELLIPSIS"]):  # pytest's default when unset
        pytest_flags |= getattr(doctest, name)
    assert OPTIONS == doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert voidref_verified.OPTIONS == OPTIONS
    assert runpy.run_path(os.path.join(ROOT, "conf.py")).get("doctest_default_flags") == OPTIONS
    assert pytest_flags == OPTIONS
    assert "flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE\n" in _read("tests", "pyodide",
                                                                               "run_engine_tests.mjs")


def test_make_test_runs_the_pages_blocks_once():
    """`make test` builds the site (which runs every block) and calls no second runner: no docs-doctest, no docs/."""
    recipe = "\n".join(_recipe("test"))
    assert "docs-strict" in recipe and "docs-doctest" not in recipe
    assert "docs" not in _pytest_ini()["testpaths"]
    assert "-b doctest" not in "\n".join(_recipe("docs-strict") + _recipe("pytest"))
