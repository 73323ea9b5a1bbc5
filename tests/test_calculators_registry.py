"""The calculator registry: one pattern for every system, lazy loading, and the engine never importing it."""

import dataclasses
import inspect
import json
import os
import re
import subprocess
import sys

import pytest

from voidref import calc
from voidref.calc.fields import RULINGS
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
    """Each main field names a keyword of its compute function; where that keyword has a default, it is the field's."""
    params = inspect.signature(c.compute).parameters
    for f in c.fields:
        if f.group == RULINGS:
            continue
        assert f.name in params, f.name
        default = params[f.name].default
        assert default is inspect.Parameter.empty or default == f.parse(f.format(f.default)), f.name


SWITCHED = [c for c in calc.calculators() if any(f.group == RULINGS for f in c.fields)]


@pytest.mark.parametrize("c", SWITCHED, ids=lambda c: c.slug)
def test_ruling_switches_are_rulings_starting_at_ours(c):
    """A ruling switch is a field of the system's Rulings, its default our reading; the compute takes rulings."""
    assert "rulings" in inspect.signature(c.compute).parameters
    assert inspect.signature(c.compute).parameters["rulings"].default == c.rulings
    for f in (f for f in c.fields if f.group == RULINGS):
        assert f.name in {x.name for x in dataclasses.fields(c.rulings)}
        assert f.parse(f.default) == getattr(c.rulings, f.name)


def test_switch_must_start_at_our_reading():
    """Declaring a switch whose default is not the reading it starts from is refused."""
    from voidref.pirates.rulings import STANDARD

    switch = calc.BoolField("natural_3_always_fails", "A natural 3 always fails", False, group=RULINGS)
    with pytest.raises(RulesError, match="natural_3_always_fails"):
        calc.Calculator("x", "X", "pirates", (switch,), lambda **kw: calc.Result("x"), rulings=STANDARD)
    with pytest.raises(RulesError, match="'rulings'"):
        calc.Calculator("x", "X", "pirates", (switch,), lambda **kw: calc.Result("x"))


def test_switched_ruling_reaches_the_engine_and_is_noted():
    """run() folds the switches into one Rulings for the compute function, and notes any switched ruling."""
    base = calc.run("pirates-soak", {"partial": "1", "armor_value": "3"})
    other = calc.run("pirates-soak", {"partial": "1", "armor_value": "3", "partial_halves_before_soak": "0"})
    assert other["inputs"]["partial_halves_before_soak"] == "0"
    assert base["text"] != other["text"].rsplit("\n\n", 1)[0]
    assert other["text"].endswith("Ruling switched: A partial hit halves the roll before armour: no "
                                  "(our ruling: yes).")
    assert "Ruling switched" not in base["text"]


@pytest.mark.parametrize("c", calc.calculators(), ids=lambda c: c.slug)
def test_compute_returns_a_result(c):
    """Every compute function returns a Result for its defaults (no dict layer in between)."""
    result = c.compute(**c.switches({f.name: f.parse(f.format(f.default)) for f in c.fields}))
    assert isinstance(result, calc.Result)


@pytest.mark.parametrize("c", calc.calculators(), ids=lambda c: c.slug)
def test_headline_is_the_answer_not_the_title(c):
    """A result's first line is an answer: it is what a phone keeps pinned in view while the inputs are
    edited, and what "copy result" leads with, so the calculator's title alone says nothing there."""
    headline = calc.run(c.slug, {})["text"].splitlines()[0]
    assert headline.strip() and not headline.startswith(c.title), headline


def test_choices_give_the_engine_enum():
    """A choice backed by an engine enum reaches the compute function as that enum's member."""
    from voidref.cantor.kinds import Cover
    from voidref.upper_hand.goals import Goal

    assert calc.get("cantor-attack").field("cover").parse("Soft") is Cover.SOFT
    assert calc.get("upper-hand-engagement").field("their_goal").parse("reach") is Goal.REACH
    assert calc.run("cantor-attack", {"cover": "soft"})["inputs"]["cover"] == "soft"


def test_unknown_slug_names_the_choices():
    """An unknown slug is refused with the list of slugs."""
    with pytest.raises(RulesError, match="'slug' must be one of .*pirates-soak"):
        calc.get("pirate-soak")
