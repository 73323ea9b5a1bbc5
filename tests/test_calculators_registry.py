"""The calculator registry: one pattern for every system, lazy loading, and the engine never importing it."""

import inspect
import json
import os
import re
import subprocess
import sys

import pytest

from voidref import calc
from voidref.errors import RulesError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINES = ("drifters", "pirates", "cantor", "twodice", "upper_hand")
_IMPORTS_CALC = re.compile(r"^\s*(from\s+voidref\.calc\b|from\s+voidref\s+import\s+calc\b|import\s+voidref\.calc\b)",
                           re.MULTILINE)
"""An import of the calculators, deferred ones inside functions included."""


def _imported_after(code: str) -> list[str]:
    """The voidref packages loaded by a fresh interpreter that runs *code*."""
    script = code + "\nimport sys, json; print(json.dumps(sorted(m for m in sys.modules if m.startswith('voidref'))))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": ROOT}).stdout
    return json.loads(out.splitlines()[-1])


@pytest.mark.parametrize("slug,system", [("check-odds", "drifters"), ("pirates-soak", "pirates"),
                                         ("cantor-attack", "cantor"), ("twodice-armor", "twodice"),
                                         ("upper-hand-phase", "upper_hand")])
def test_one_calculator_loads_one_system(slug, system):
    """Running one calculator imports its own system's engine and no other system."""
    loaded = _imported_after(f"from voidref import calc; assert calc.run({slug!r})['ok']")
    engines = {name.split(".")[1] for name in loaded if name.split(".")[1:2] and name.split(".")[1] in ENGINES}
    assert engines == {system}


def test_importing_calc_loads_no_system():
    """``import voidref.calc`` loads the registry and the presentation only, no rules engine."""
    loaded = _imported_after("import voidref.calc")
    assert not [name for name in loaded if name.split(".")[1:2] and name.split(".")[1] in ENGINES]


@pytest.mark.parametrize("system", ENGINES)
def test_engine_never_imports_calc(system):
    """The engine is below the calculators: no module of a system package imports voidref.calc."""
    folder = os.path.join(ROOT, "voidref", system)
    for dirpath, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as fh:
                    source = fh.read()
                assert not _IMPORTS_CALC.search(source), os.path.join(dirpath, name)


def test_calculators_lists_every_slug_in_declared_order():
    """calculators() lists every calculator once, Void Drifters first and Upper Hand last."""
    slugs = [c.slug for c in calc.calculators()]
    assert len(slugs) == len(set(slugs)) == 19
    assert slugs[0] == "check-odds" and slugs[-1] == "upper-hand-engagement"


@pytest.mark.parametrize("c", calc.calculators(), ids=lambda c: c.slug)
def test_fields_are_keywords_of_the_compute_function(c):
    """Each field names a keyword of its compute function; where that keyword has a default, it is the field's."""
    params = inspect.signature(c.compute).parameters
    for f in c.fields:
        assert f.name in params, f.name
        default = params[f.name].default
        assert default is inspect.Parameter.empty or default == f.default, f.name


@pytest.mark.parametrize("c", calc.calculators(), ids=lambda c: c.slug)
def test_compute_returns_a_result(c):
    """Every compute function returns a Result for its defaults (no dict layer in between)."""
    result = c.compute(**{f.name: f.default for f in c.fields})
    assert isinstance(result, calc.Result)


def test_unknown_slug_names_the_choices():
    """An unknown slug is refused with the list of slugs."""
    with pytest.raises(RulesError, match="'slug' must be one of .*pirates-soak"):
        calc.get("pirate-soak")
