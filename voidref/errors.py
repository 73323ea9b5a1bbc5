"""Errors and argument checks shared by every game system.

Every public entry point validates its arguments with the helpers below, so a
bad value is reported as a :class:`RulesError` that names the argument, says
what was expected and shows what was received::

    >>> check_int("agility", -2, low=0, high=10)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'agility' must be an integer from 0 to 10 (got -2)
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

__all__ = ["RulesError", "check_int", "check_enum", "check_bool"]

E = TypeVar("E", bound=enum.Enum)


class RulesError(ValueError):
    """An argument breaks the rules: out of range, of the wrong kind, or unknown."""


def _describe(value: Any) -> str:
    return repr(value)


def check_int(name: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    """Return *value* if it is an integer in ``[low, high]``, else raise :class:`RulesError`.

    ``bool`` is refused even though it is an ``int`` subclass: ``True`` dice is
    a mistake, not one die.
    """
    if low is not None and high is not None:
        expected = f"an integer from {low} to {high}"
    elif low is not None:
        expected = f"an integer of at least {low}"
    elif high is not None:
        expected = f"an integer of at most {high}"
    else:
        expected = "an integer"
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name!r} must be {expected} (got {_describe(value)})")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RulesError(f"{name!r} must be {expected} (got {value})")
    return value


def check_bool(name: str, value: Any) -> bool:
    """Return *value* if it is ``True`` or ``False``, else raise :class:`RulesError`."""
    if not isinstance(value, bool):
        raise RulesError(f"{name!r} must be True or False (got {_describe(value)})")
    return value


def check_enum(name: str, value: Any, enum_type: type[E]) -> E:
    """Coerce *value* to a member of *enum_type*.

    Accepts a member, its value, or its name in any case (``"short"``,
    ``"SHORT"``, ``"Extra Long"`` and ``"extra_long"`` all work), so the API, the
    command line and the calculators share one parser.
    """
    if isinstance(value, enum_type):
        return value
    if isinstance(value, str):
        key = value.strip().replace("-", "_").replace(" ", "_").upper()
        for member in enum_type:
            if member.name == key or (isinstance(member.value, str) and member.value.upper() == value.strip().upper()):
                return member
    else:
        for member in enum_type:
            if member.value == value and type(member.value) is type(value):
                return member
    choices = ", ".join(m.name.lower() for m in enum_type)
    raise RulesError(f"{name!r} must be one of {choices} (got {_describe(value)})")
