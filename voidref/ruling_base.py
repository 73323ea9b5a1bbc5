"""What every game's frozen ``Rulings`` value shares: comparing two readings, and checking an argument.

Each system keeps its own ``Rulings`` dataclass (its switches and their
documentation) in ``voidref/<system>/rulings.py`` and derives it from
:class:`RulingsBase`.

>>> from voidref.pirates.rulings import AS_PRINTED, STANDARD, Rulings
>>> STANDARD.differences(AS_PRINTED)["stabilization_roll_under"]
(True, False)
>>> check_rulings_of(Rulings, "ours")
Traceback (most recent call last):
...
voidref.errors.RulesError: 'rulings' must be a Rulings value such as STANDARD or AS_PRINTED (got 'ours')
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from voidref.errors import RulesError, describe

__all__ = ["RulingsBase", "check_rulings_of"]

R = TypeVar("R")


class RulingsBase:
    """Base of each system's frozen ``Rulings`` dataclass (declare it with ``repr=False`` to use this repr)."""

    def __repr__(self) -> str:
        """Rebuilds the value, naming only the switches that differ from their defaults (our reading)."""
        changed = [f"{f.name}={getattr(self, f.name)!r}"
                   for f in dataclasses.fields(self)  # type: ignore[arg-type]  # subclasses are dataclasses
                   if getattr(self, f.name) != f.default]
        return f"{type(self).__name__}({', '.join(changed)})"

    def differences(self, other: Any) -> dict[str, tuple[object, object]]:
        """The fields where *other* reads differently, as ``name: (this value, other's value)``."""
        if type(other) is not type(self):
            raise RulesError(f"'other' must be a {type(self).__name__} value (got {describe(other)})", argument="other")
        return {f.name: (getattr(self, f.name), getattr(other, f.name))
                for f in dataclasses.fields(self)  # type: ignore[arg-type]  # subclasses are dataclasses
                if getattr(self, f.name) != getattr(other, f.name)}


def check_rulings_of(cls: type[R], value: object, argument: str = "rulings") -> R:
    """*value* if it is a *cls*, else a RulesError naming *argument*."""
    if not isinstance(value, cls):
        raise RulesError(argument=argument, expected=f"a {cls.__name__} value such as STANDARD or AS_PRINTED",
                         received=value)
    return value
