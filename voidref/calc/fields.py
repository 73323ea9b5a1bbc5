"""Typed input fields of a calculator, and how raw form text becomes values.

A browser form sends every input as text. Each :class:`Field` turns that text
into a typed value, or raises :class:`FieldError` with a message that names the
field by its label, says what is expected and repeats what was received:

>>> IntField("skill", "Skill", default=1, low=0, high=5).parse("7")
Traceback (most recent call last):
...
voidref.calc.fields.FieldError: 'Skill' must be a whole number from 0 to 5 (got '7')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from voidref.errors import RulesError, check_enum

__all__ = ["Field", "IntField", "ChoiceField", "BoolField", "TextField", "FieldError", "RULINGS"]

RULINGS = "rulings"
"""The group of the fields that switch a ruling; the form shows them under a "Rulings" disclosure."""

_TRUE = {"1", "true", "on", "yes"}
_FALSE = {"0", "false", "off", "no", ""}


class FieldError(RulesError):
    """A raw input that a field cannot accept; ``field`` is the field's name."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def _shown(raw: Any) -> str:
    text = str(raw)
    if len(text) > 40:
        text = text[:40] + "…"
    return repr(text)


@dataclass(frozen=True)
class Field:
    """One input of a calculator: a name for code, a label for people, a default."""

    name: str
    """Keyword the compute function receives; also the form and URL key."""
    label: str
    """What the form shows, named as the rules name it."""
    default: Any
    """The typed value used when the page is built."""
    help: str = ""
    """One short hint shown under the input."""
    group: str = ""
    """Which part of the form holds the field, ``""`` for the main form or :data:`RULINGS` for the
    switches of the system's ``Rulings`` (see :class:`~voidref.calc.registry.Calculator`)."""

    kind = "text"

    def parse(self, raw: Any) -> Any:
        """The typed value of *raw* (text from a form, or already typed)."""
        raise NotImplementedError

    def format(self, value: Any) -> str:
        """The text a form shows for *value* (inverse of :meth:`parse`)."""
        return str(value)

    def expected(self) -> str:
        """What the field accepts, in words."""
        raise NotImplementedError

    def _error(self, raw: Any) -> FieldError:
        return FieldError(self.name, f"{self.label!r} must be {self.expected()} (got {_shown(raw)})")


@dataclass(frozen=True)
class IntField(Field):
    """A whole number from ``low`` to ``high``."""

    low: int = 0
    high: int = 10

    kind = "int"

    def expected(self) -> str:
        return f"a whole number from {self.low} to {self.high}"

    def parse(self, raw: Any) -> int:
        if isinstance(raw, bool):
            raise self._error(raw)
        if isinstance(raw, int):
            value = raw
        else:
            text = str(raw).strip().replace("\u2212", "-")
            if not text or not (text.isdigit() or (text[0] in "+-" and text[1:].isdigit())) or len(text) > 6:
                raise self._error(raw)
            value = int(text)
        if not self.low <= value <= self.high:
            raise self._error(raw)
        return value


@dataclass(frozen=True)
class ChoiceField(Field):
    """One of a closed set: ``choices`` is a tuple of ``(value, label)`` pairs.

    ``default`` is the value (the text) of one choice. With ``enum`` (one of
    the engine's enum types), :meth:`parse` gives that enum's member instead of
    the text, so the compute function takes the engine's own type:

    >>> from voidref.pirates.damage import DamageType
    >>> f = ChoiceField("damage_type", "Damage type", "energy", enum=DamageType,
    ...                 choices=(("physical", "Physical"), ("energy", "Energy")))
    >>> f.parse("Energy"), f.format(DamageType.PHYSICAL)
    (DamageType.ENERGY, 'physical')
    """

    choices: tuple[tuple[str, str], ...] = ()
    enum: Any = None
    """An enum type whose member each choice's value names, or ``None`` to keep the text."""

    kind = "choice"

    def __post_init__(self) -> None:
        if self.enum is not None:
            for value, _ in self.choices:
                check_enum("choices", value, self.enum)

    def expected(self) -> str:
        return "one of " + ", ".join(label for _, label in self.choices)

    def parse(self, raw: Any) -> Any:
        if self.enum is not None and isinstance(raw, self.enum):
            raw = self.format(raw)
        text = str(raw).strip()
        for value, label in self.choices:
            if text == value or text.lower() == label.lower():
                return value if self.enum is None else check_enum(self.name, value, self.enum)
        raise self._error(raw)

    def format(self, value: Any) -> str:
        if self.enum is not None and isinstance(value, self.enum):
            return next(v for v, _ in self.choices if check_enum(self.name, v, self.enum) is value)
        return str(value)


@dataclass(frozen=True)
class BoolField(Field):
    """A yes/no box; the form sends ``1`` or ``0``."""

    kind = "bool"

    def expected(self) -> str:
        return "yes or no"

    def parse(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise self._error(raw)

    def format(self, value: Any) -> str:
        return "1" if value else "0"


@dataclass(frozen=True)
class TextField(Field):
    """Free text of at most ``max_length`` characters (``rows`` > 1: several lines)."""

    max_length: int = 200
    rows: int = 1
    placeholder: str = ""

    kind = "text"

    def expected(self) -> str:
        return f"text of at most {self.max_length} characters"

    def parse(self, raw: Any) -> str:
        text = str(raw).replace("\r\n", "\n").strip()
        if len(text) > self.max_length:
            raise self._error(raw)
        return text
