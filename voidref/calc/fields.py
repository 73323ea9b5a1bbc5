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

from voidref.errors import NOTHING, RulesError, check_enum, describe

__all__ = ["Field", "IntField", "ChoiceField", "BoolField", "TextField", "FieldError", "RULINGS"]

RULINGS = "rulings"
"""The group of the fields that switch a ruling; the form shows them under a "Rulings" disclosure."""

_TRUE = {"1", "true", "on", "yes"}
_FALSE = {"0", "false", "off", "no", ""}


class FieldError(RulesError):
    """A raw input that a field cannot accept; ``field`` (and ``argument``) is the field's name.

    The message names the field by its label (*named*, as the form shows it);
    :meth:`~voidref.errors.RulesError.renamed` names it otherwise (the command
    line's flag).
    """

    def __init__(self, field: str, message: str | None = None, *, named: str | None = None,
                 expected: str | None = None, received: Any = NOTHING):
        super().__init__(message, argument=field, expected=expected, received=received, named=named)
        self.field = field


def _shown(raw: Any) -> str:
    """*raw* as an error shows it: form text quoted (shortened past 40 characters), anything else described."""
    if not isinstance(raw, str):
        return describe(raw)
    return repr(raw if len(raw) <= 40 else raw[:40] + "…")


def _text(raw: Any) -> str | None:
    """*raw* as form text: text itself, or a whole number of reasonable size written out; else ``None``."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, int) and not isinstance(raw, bool) and raw.bit_length() <= 64:
        return str(raw)
    return None


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
    needs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """When the field is used at all, as pairs of another field's name and the values (as form text) it
    must have, every pair holding (a range band only for a ranged attack); empty means always. A command line
    that sets a field its other inputs leave unused is refused (see
    :func:`~voidref.calc.registry.evaluate`)."""

    kind = "text"

    def parse(self, raw: Any) -> Any:
        """The typed value of *raw* (text from a form, or already typed)."""
        raise NotImplementedError

    def format(self, value: Any) -> str:
        """The text a form shows for *value* (inverse of :meth:`parse`)."""
        return str(value)

    def shown(self, text: str) -> str:
        """How the form text *text* reads to a person (a choice's label, "yes" or "no" for a box).

        >>> BoolField("aim", "Aim", False).shown("1")
        'yes'
        """
        return text

    def expected(self) -> str:
        """What the field accepts, in words."""
        raise NotImplementedError

    def _error(self, raw: Any) -> FieldError:
        return FieldError(self.name, f"{self.label!r} must be {self.expected()} (got {_shown(raw)})",
                          named=self.label, expected=self.expected(), received=raw)


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
        elif isinstance(raw, str):
            text = raw.strip().replace("\u2212", "-")
            digits = text[1:] if text[:1] in ("+", "-") else text
            if not digits or len(text) > 6 or not digits.isdecimal():  # the digits of any script, but not a ²
                raise self._error(raw)
            value = int(text)
        else:
            raise self._error(raw)
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
        text = _text(raw)
        if text is None:
            raise self._error(raw)
        text = text.strip()
        for value, label in self.choices:
            if text == value or text.lower() == label.lower():
                return value if self.enum is None else check_enum(self.name, value, self.enum)
        raise self._error(raw)

    def format(self, value: Any) -> str:
        if self.enum is not None and isinstance(value, self.enum):
            return next(v for v, _ in self.choices if check_enum(self.name, v, self.enum) is value)
        return str(value)

    def shown(self, text: str) -> str:
        return dict(self.choices).get(text, text)


@dataclass(frozen=True)
class BoolField(Field):
    """A yes/no box; the form sends ``1`` or ``0``."""

    kind = "bool"

    def expected(self) -> str:
        return "yes or no"

    def parse(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = _text(raw)
        if text is None:
            raise self._error(raw)
        text = text.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise self._error(raw)

    def format(self, value: Any) -> str:
        return "1" if value else "0"

    def shown(self, text: str) -> str:
        return "yes" if text == "1" else "no"


@dataclass(frozen=True)
class TextField(Field):
    """Free text of at most ``max_length`` characters (``rows`` > 1: several lines)."""

    max_length: int = 200
    rows: int = 1
    placeholder: str = ""

    kind = "text"

    def expected(self) -> str:
        return f"text of at most {self.max_length} characters"

    def shown(self, text: str) -> str:
        """Several lines run together with semicolons; nothing at all reads "(none)"."""
        return "; ".join(line.strip() for line in text.splitlines() if line.strip()) or "(none)"

    def parse(self, raw: Any) -> str:
        text = _text(raw)
        if text is None or len(text) > 4 * self.max_length:  # refused before any work, however long
            raise self._error(raw)
        text = text.replace("\r\n", "\n").strip()
        if len(text) > self.max_length:
            raise self._error(raw)
        return text
