"""Calculators: the engine's answers laid out for a web page, a form at a time.

A calculator has a slug, a title, typed input fields and a compute function
that returns a :class:`Result`. :func:`run` is the single entry point used by
the Sphinx directive at build time and by the page's Web Worker in the browser,
so the number a player sees is computed by the same code either way.

Each system's calculators live in one module, ``voidref.calc.<system>``: the
fields of each calculator are declared with :func:`calculator` right above its
compute function. Only the slugs are listed here; a module is imported the
first time one of its calculators is asked for, so a page with one calculator
loads one system.

>>> out = run("check-odds", {"characteristic": "2", "skill": "1", "difficulty": "easy"})
>>> out["ok"], out["text"].splitlines()[0]
(True, 'Chance of success: 65.4%')
"""

from voidref.calc.compare import compare, has_odds, run_json
from voidref.calc.fields import BoolField, ChoiceField, Field, FieldError, IntField, TextField
from voidref.calc.registry import (
    Calculator,
    calculator,
    calculators,
    defaults,
    get,
    register,
    register_lazy,
    roller,
    rollers,
    run,
)
from voidref.calc.results import BarChart, Figure, Line, Result, RolledDie, Table, decimal, line, pct, to_html, to_text

# Slug to module, in the order the calculators are listed; each module registers its slugs when imported.
register_lazy("voidref.calc.drifters", ("check-odds", "critical-injury", "initiative", "movement", "recovery",
                                        "drifters-roll", "drifters-critical-injury-roll",
                                        "drifters-ship-critical-roll"))
register_lazy("voidref.calc.drifters_attack", ("attack", "rounds-to-take-down", "ship-attack"))
register_lazy("voidref.calc.pirates", ("pirates-action-roll", "pirates-opposed-roll", "pirates-soak", "pirates-move",
                                       "pirates-ship-gunnery", "pirates-roll", "pirates-damage-roll"))
register_lazy("voidref.calc.cantor", ("cantor-attack", "cantor-structure", "cantor-roll"))
register_lazy("voidref.calc.twodice", ("twodice-exchange", "twodice-armor", "twodice-roll", "twodice-damage-roll"))
register_lazy("voidref.calc.upper_hand", ("upper-hand-phase", "upper-hand-engagement", "upper-hand-throw"))

__all__ = [
    "BarChart", "BoolField", "Calculator", "ChoiceField", "Field", "FieldError", "Figure", "IntField", "Line",
    "Result", "RolledDie", "decimal", "line", "roller", "rollers",
    "compare", "has_odds",
    "Table", "TextField", "calculator", "calculators", "defaults", "get", "pct", "register", "register_lazy", "run",
    "run_json", "to_html", "to_text",
]
