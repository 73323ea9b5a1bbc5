"""The layers hold: no engine module imports the presentation or writes Markdown or HTML.

The engines (``voidref/<system>/``) return exact values; turning them into text
is the presentation layer's job (``voidref.present``, ``voidref.charts``,
``voidref.tables``, ``voidref.calc``, ``voidref.cli``). Imports are read from
the source with :mod:`ast` (deferred ones inside functions included), through
the import graph of ``tests/test_import_cycles.py``.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from tests.test_import_cycles import ROOT
from tests.test_import_cycles import import_graph as _graph

SYSTEMS = ("drifters", "pirates", "cantor", "twodice", "upper_hand")
PRESENTATION = ("voidref.present", "voidref.charts", "voidref.tables", "voidref.calc", "voidref.cli")


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """The import graph of every voidref module, read once."""
    return _graph()


_MARKUP = re.compile(r"\| --- \||^\|.*\|$|<(?:p|div|table|tr|td|th|span|ul|li|br|strong|em)\b|\*\*\w", re.M)


def _engine_modules() -> list[str]:
    return sorted(name for name in import_graph() if name.split(".")[1:2] and name.split(".")[1] in SYSTEMS)


def _strings(source: str) -> list[str]:
    """The string constants of *source* that are not docstrings (what the code could print)."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):  # attribute docstrings
            docstrings.add(id(node.value))
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]


def _path(module: str) -> Path:
    path = ROOT.parent / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@pytest.mark.parametrize("module", _engine_modules())
def test_an_engine_module_imports_no_presentation(module):
    """No module of a game system imports voidref.present, charts, tables, calc or cli (deferred imports too)."""
    found = sorted(t for t in import_graph()[module] if t.startswith(PRESENTATION))
    assert not found, f"{module} imports {found}"


@pytest.mark.parametrize("module", _engine_modules())
def test_an_engine_module_writes_no_markdown_or_html(module):
    """No string an engine module could print is a Markdown table row, an HTML tag or Markdown bold."""
    found = [s for s in _strings(_path(module).read_text()) if _MARKUP.search(s)]
    assert not found, f"{module} writes markup: {found[:3]}"


def test_the_checks_can_fail():
    """The markup pattern sees a table row, a tag and bold, also in a module's source; the import graph sees
    an import of the presentation; the engine modules are found."""
    assert all(_MARKUP.search(s) for s in ("| a | b |", "| --- |", "<p class='x'>", "a **bold** word"))
    assert not any(_MARKUP.search(s) for s in ("a | b", "x < p", "2 ** 3"))
    assert any(_MARKUP.search(s) for s in _strings(_path("voidref.present.replays.blocks").read_text()))
    assert any(t.startswith(PRESENTATION) for t in import_graph()["voidref.present.replays.docking_bay"])
    assert {"voidref.drifters.replays", "voidref.pirates.replays"} <= set(_engine_modules())
