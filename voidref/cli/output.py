"""What every command prints: a result as text, or as the one JSON shape every ``--json`` shares.

A command's answer is a :class:`~voidref.calc.results.Result` (the same value
a calculator on the site shows), so the text is what the site's "copy
result" gives, and the JSON is that result's data:

.. code-block:: text

    {
      "voidref": "0.1.0",                 the version that answered
      "command": "calc check-odds",       what was asked
      "ok": true,
      "inputs": {"skill": "2", ...},      every input, as text (defaults included)
      "headline": {"text": "Chance of success: 65.4%", "figures": [FIGURE]},
      "dice": [{"die": "Mastery", "mark": "⬢", "face": "✶▲",
                "words": "Success + Boon"}, ...],  the dice a roll showed ([] for odds)
      "facts": [{"label": "Pool", "text": "...", "figures": [FIGURE, ...]}, ...],
      "tables": [{"caption": "...", "columns": ["...", ...],
                  "rows": [[CELL, ...], ...]}, ...],
      "notes": [{"text": "...", "figures": [...]}, ...]
    }

    FIGURE = {"kind": "chance" or "number", "text": "65.4%",
              "fraction": "17/26", "decimal": 0.653846...,
              "exact": true}          false: "fraction" is a value that prints
                                      the same (an estimate, or the lower end of
                                      proven bounds, then also "upper_fraction")
    CELL   = {"text": "..."}          or a FIGURE

On bad input the answer is ``{"voidref", "command", "ok": false, "errors":
{flag: message}, "error": message or null}`` and the exit status is 2.

>>> from fractions import Fraction
>>> from voidref.calc.results import Result, line, pct
>>> data = as_json("demo", {}, Result(line("Hit {}", pct(Fraction(3, 4)))))
>>> data["headline"]
{'text': 'Hit 75.0%', 'figures': [{'kind': 'chance', 'text': '75.0%', 'fraction': '3/4', 'decimal': 0.75, \
'exact': True}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voidref import __version__
from voidref.calc.results import Result, Table, Text, figures
from voidref.present import Figure

__all__ = ["as_json", "failure_json", "figure_json"]


def figure_json(f: Figure) -> dict[str, Any]:
    """One number as JSON: what it is, as printed, exactly (a fraction) and as a decimal."""
    out: dict[str, Any] = {"kind": f.kind, "text": f.text, "fraction": _fraction(f.value),
                           "decimal": float(f.value), "exact": f.exact}
    if f.upper is not None:
        out["upper_fraction"] = _fraction(f.upper)
    return out


def _fraction(value: Any) -> str:
    return f"{value.numerator}/{value.denominator}"


def _text(text: Text) -> dict[str, Any]:
    return {"text": str(text), "figures": [figure_json(f) for f in figures(text)]}


def _table(table: Table) -> dict[str, Any]:
    return {"caption": table.caption, "columns": list(table.headers),
            "rows": [[figure_json(c) if isinstance(c, Figure) else {"text": c} for c in row] for row in table.rows]}


def as_json(command: str, inputs: Mapping[str, str], result: Result) -> dict[str, Any]:
    """The JSON of a command that answered: its inputs and its result as data (see the module's shape)."""
    return {
        "voidref": __version__, "command": command, "ok": True, "inputs": dict(inputs),
        "headline": _text(result.headline),
        "dice": [{"die": d.die, "mark": d.mark, "face": d.face, "words": d.words} for d in result.dice],
        "facts": [{"label": label, **_text(value)} for label, value in result.facts],
        "tables": [_table(b) for b in result.blocks if isinstance(b, Table)],
        "notes": [_text(n) for n in result.notes],
    }


def failure_json(command: str, errors: Mapping[str, str], error: str | None) -> dict[str, Any]:
    """The JSON of a command that refused its input: a message per flag, or one for the whole."""
    return {"voidref": __version__, "command": command, "ok": False, "errors": dict(errors), "error": error}
