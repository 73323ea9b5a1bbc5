"""Calculators: the engine's answers laid out for a web page, a form at a time.

A calculator has a slug, a title, typed input fields and a compute function
that returns a :class:`Result`. :func:`run` is the single entry point used by
the Sphinx directive at build time and by the page's Web Worker in the browser,
so the number a player sees is computed by the same code either way.

>>> out = run("check-odds", {"characteristic": "2", "skill": "1", "difficulty": "easy"})
>>> out["ok"], out["text"].splitlines()[0]
(True, 'Chance of success: 65.4%')
"""

from voidref.calc import drifters as _drifters  # noqa: E402,F401  (registers its calculators)
from voidref.calc.fields import BoolField, ChoiceField, Field, FieldError, IntField, TextField
from voidref.calc.registry import Calculator, calculators, defaults, get, register, register_lazy, run, run_json
from voidref.calc.results import BarChart, Result, Table, pct, to_html, to_text

# The rest load on first use, so a page with one calculator imports little.
register_lazy("voidref.calc.drifters_attack", ("attack", "rounds-to-take-down", "ship-attack"))
register_lazy("voidref.calc.systems", (
    "pirates-action-roll", "pirates-opposed-roll", "pirates-soak", "pirates-move", "pirates-ship-gunnery",
    "cantor-attack", "cantor-structure", "twodice-exchange", "twodice-armor", "upper-hand-phase",
    "upper-hand-engagement"))

__all__ = [
    "BarChart", "BoolField", "Calculator", "ChoiceField", "Field", "FieldError", "IntField", "Result",
    "Table", "TextField", "calculators", "defaults", "get", "pct", "register", "register_lazy", "run", "run_json",
    "to_html", "to_text",
]
