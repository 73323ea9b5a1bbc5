"""The live value of a ruling constant, shown readably in its box (used by ``voidref_rulings``).

Enum members by name (``Arc.FORE``), a Fraction as ``1/2``, a string without
quotes, a sequence as a comma list; an enum class or a dict becomes a small
Markdown table.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
from fractions import Fraction


def _name(value: object) -> str:
    """One value, short: an enum member by its name, a Fraction as ``1/2``, a string without quotes."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        return ", ".join(_name(v) for v in value)
    return repr(value)


def _cell(value: object) -> str:
    return _name(value).replace("|", "\\|")


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def value_markdown(module_name: str, name: str) -> str:
    """The Markdown showing a constant's live value, readably.

    A scalar or a short sequence follows the name; an enum class or a dict
    becomes a small table (a dict of dicts a grid, a dict of records one row
    per entry); a function shows only its name.
    """
    value = getattr(importlib.import_module(module_name), name)
    code = f"``{module_name}.{name}``"
    if inspect.isfunction(value):
        return f"**Code:** {code} (a function)."
    if inspect.isclass(value) and issubclass(value, enum.Enum):
        rows = [[f"``{m.name}``", _cell(m.value)] for m in value]
        return f"**Code:** {code}, whose members are:\n\n" + _table(["Member", "Value"], rows)
    if isinstance(value, dict) and value:
        first = next(iter(value.values()))
        if isinstance(first, dict):
            columns = list(first)
            rows = [[_cell(k)] + [_cell(v.get(c, "")) for c in columns] for k, v in value.items()]
            table = _table([""] + [_cell(c) for c in columns], rows)
        elif dataclasses.is_dataclass(first):
            shown = [f.name for f in dataclasses.fields(first)][1:]
            rows = [[_cell(k)] + [_cell(getattr(v, f)) if getattr(v, f) is not None else "" for f in shown]
                    for k, v in value.items()]
            table = _table([""] + shown, rows)
        else:
            table = _table(["", "Value"], [[_cell(k), _cell(v)] for k, v in value.items()])
        return f"**Code:** {code}, whose value is:\n\n" + table
    return f"**Code:** {code} = ``{_name(value) if value is not None else 'None'}``."
