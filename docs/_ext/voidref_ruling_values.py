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
    """A value in a table or list: as :func:`_name`, but an enum member by its bare name (``FLOATER``)."""
    if isinstance(value, enum.Enum):
        return value.name
    return _name(value).replace("|", "\\|")


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _shown(value: object) -> str:
    """The Markdown of a value: a short one inline, a dict or an enum class as a table or a list."""
    if inspect.isclass(value) and issubclass(value, enum.Enum):
        return "\n\n" + _table(["Member", "Value"], [[f"``{m.name}``", _cell(m.value)] for m in value])
    if isinstance(value, dict) and value:
        first = next(iter(value.values()))
        if isinstance(first, dict):  # a grid: outer keys down, inner keys across
            columns = list(first)
            rows = [[_cell(k)] + [_cell(v.get(c, "")) for c in columns] for k, v in value.items()]
            return "\n\n" + _table([""] + [_cell(c) for c in columns], rows)
        if dataclasses.is_dataclass(first):  # records: one item each, too wide for a phone's table
            items = []
            for key, record in value.items():
                shown = [f.name for f in dataclasses.fields(record)[1:] if getattr(record, f.name) is not None]
                # an enum member names itself, the last field (a description) reads alone, the rest are labelled
                parts = [_cell(getattr(record, f)) if isinstance(getattr(record, f), enum.Enum) or f == shown[-1]
                         else f"{f} {_cell(getattr(record, f))}" for f in shown]
                items.append(f"- **{_cell(key)}**: " + "; ".join(parts))
            return "\n\n" + "\n".join(items)
        return "\n\n" + _table(["", "Value"], [[_cell(k), _cell(v)] for k, v in value.items()])
    return f" ``{_name(value)}``."


def value_markdown(module_name: str, name: str) -> str:
    """The Markdown showing a constant's live value, readably.

    The name and its module are two literals (each short enough for a phone's
    line); a scalar or a sequence follows inline, an enum class or a dict as a
    small table (a dict of dicts a grid, a dict of records a list); a function
    shows only its name.
    """
    value = getattr(importlib.import_module(module_name), name)
    where = f"``{name}`` in ``{module_name}``"
    if inspect.isfunction(value):
        return f"**Code:** the function {where}."
    if inspect.isclass(value) and issubclass(value, enum.Enum):
        return f"**Code:** {where}, whose members are:" + _shown(value)
    if isinstance(value, dict) and value:
        return f"**Code:** {where}, whose value is:" + _shown(value)
    return f"**Code:** {where}, value" + _shown(value)
