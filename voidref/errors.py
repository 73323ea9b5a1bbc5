"""Errors and argument checks shared by every game system.

Every public entry point validates its arguments with the helpers below, so a
bad value is reported as a :class:`RulesError` that names the argument, says
what was expected and shows what was received::

    >>> check_int("agility", -2, low=0, high=10)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'agility' must be an integer from 0 to 10 (got -2)

The same three parts are attributes of the error, so code that catches it
(a calculator putting the message beside the right field, the command line
naming its flag) reads them instead of the text::

    >>> try:
    ...     check_int("agility", -2, low=0, high=10)
    ... except RulesError as error:
    ...     error.argument, error.expected, error.received
    ('agility', 'an integer from 0 to 10', -2)

A value too big to print whole is described, never echoed (Python refuses to
write out an integer of more than 4,300 digits, and a megabyte of text helps
nobody)::

    >>> check_int("count", 10**5000, low=0, high=100)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'count' must be an integer from 0 to 100 (got an integer of 5,001 digits)
"""

from __future__ import annotations

import enum
import random
from typing import Any, TypeVar

__all__ = ["RulesError", "TooLargeError", "NeedsRollError", "check_int", "check_enum", "check_bool", "check_rng",
           "describe"]

E = TypeVar("E", bound=enum.Enum)


class _Nothing(enum.Enum):
    """The marker for "no value was received" (distinct from ``None``, which can be a bad value)."""

    NOTHING = "nothing"

    def __repr__(self) -> str:
        return "NOTHING"


NOTHING = _Nothing.NOTHING


class RulesError(ValueError):
    """An argument breaks the rules: out of range, of the wrong kind, or unknown.

    *argument* is the name of the argument at fault (as the caller wrote it:
    a keyword of the API, a field of a calculator), *expected* says in words
    what it accepts, and *received* is the value it got (``NOTHING`` when the
    fault is not one value, such as two arguments that contradict each
    other). Give the three and the message is written from them; give a
    *message* of your own when the sentence needs another shape (it should
    still open with the argument's name in quotes).

    >>> error = RulesError(argument="band", expected="one of engaged, short", received="far")
    >>> str(error), error.argument
    ("'band' must be one of engaged, short (got 'far')", 'band')
    >>> RulesError("'catch_breath' can be used once per encounter", argument="catch_breath").argument
    'catch_breath'
    """

    argument: str | None
    expected: str | None
    received: Any
    named: str | None
    """How the message names the argument in quotes at its start (*argument* unless told otherwise)."""

    def __init__(self, message: str | None = None, *, argument: str | None = None, expected: str | None = None,
                 received: Any = NOTHING, named: str | None = None) -> None:
        named = argument if named is None else named
        if message is None:
            if named is None or expected is None:
                raise TypeError("RulesError needs a message, or an argument and what it expected")
            message = f"{named!r} must be {expected}"
            if received is not NOTHING:
                message += f" (got {describe(received)})"
        super().__init__(message)
        self.argument = argument
        self.expected = expected
        self.received = received
        self.named = named

    def renamed(self, argument: str, *, label: str | None = None) -> RulesError:
        """The same fault told about *argument*, its message naming *label* (or *argument*): for another surface.

        A calculator's field ``attack_skill`` reaches the engine as ``skill``;
        the engine's error, renamed, names the field the player can change,
        as the form labels it (or the command line's flag). The copy is a
        plain :class:`RulesError` or, for a :class:`TooLargeError` or a
        :class:`NeedsRollError`, of that class.

        >>> try:
        ...     check_int("skill", 12, low=0, high=10)
        ... except RulesError as error:
        ...     print(error.renamed("attack_skill"))
        ...     print(error.renamed("attack_skill", label="--attack-skill"))
        'attack_skill' must be an integer from 0 to 10 (got 12)
        '--attack-skill' must be an integer from 0 to 10 (got 12)
        """
        named = argument if label is None else label
        kind = type(self) if isinstance(self, (TooLargeError, NeedsRollError)) else RulesError
        if self.expected is not None:
            return kind(argument=argument, expected=self.expected, received=self.received, named=named)
        text, old = str(self), repr(self.named) if self.named is not None else ""
        message = repr(named) + text[len(old):] if old and text.startswith(old) else f"{named!r}: {text}"
        return kind(message, argument=argument, received=self.received, named=named)


class TooLargeError(RulesError):
    """A question the engine could answer, but not within its limits of size (a chain, a table, a pool).

    Callers that have another way to answer (a simulation, fewer digits)
    catch this class instead of reading the message.
    """


class NeedsRollError(RulesError):
    """The outcome depends on a roll that was not given: pass the roll, or ask for the odds over it.

    *argument* names the missing roll (``structure_roll``, say).
    """


_LONGEST_SHOWN = 60
"""Text longer than this is shortened in a message, with its length."""


def describe(value: Any) -> str:
    """*value* as an error message shows it: its repr, but never a huge integer or text in full.

    >>> describe(-2), describe("far"), describe(None), describe(enum.Enum("Band", "SHORT EXTRA_LONG").EXTRA_LONG)
    ('-2', "'far'", 'None', 'extra long')
    >>> describe(10**5000)
    'an integer of 5,001 digits'
    >>> describe("x" * 100_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100,000 characters)"
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else _digits(abs(value))
        sign = "a negative" if value < 0 else "an"
        return f"{sign} integer of {digits:,} digits"
    if isinstance(value, enum.Enum):  # a member of one of the engine's closed sets, as people name it
        return value.name.lower().replace("_", " ")
    if isinstance(value, str) and len(value) > _LONGEST_SHOWN:
        return f"{value[:40]!r}"[:-1] + f"…' ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # a hostile object whose repr fails still gets a clear error
        return f"a {type(value).__name__} value"
    if len(text) > 2 * _LONGEST_SHOWN:
        return text[:_LONGEST_SHOWN] + f"… (a {type(value).__name__})"
    return text


def _digits(n: int) -> int:
    """The number of decimal digits of *n* > 0, without writing it out (Python limits that to 4,300 digits)."""
    estimate = int(n.bit_length() * 0.30102999566398120)
    while 10 ** estimate <= n:
        estimate += 1
    while estimate > 1 and 10 ** (estimate - 1) > n:
        estimate -= 1
    return estimate


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
        raise RulesError(argument=name, expected=expected, received=value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise RulesError(argument=name, expected=expected, received=value)
    return value


def check_bool(name: str, value: Any) -> bool:
    """Return *value* if it is ``True`` or ``False``, else raise :class:`RulesError`."""
    if not isinstance(value, bool):
        raise RulesError(argument=name, expected="True or False", received=value)
    return value


def check_enum(name: str, value: Any, enum_type: type[E]) -> E:
    """Coerce *value* to a member of *enum_type*.

    Accepts a member, its value, or its name in any case (``"short"``,
    ``"SHORT"``, ``"Extra Long"``, ``"extra-long"`` and ``"extra_long"`` all
    work), so the API, the command line and the calculators share one parser.
    """
    if isinstance(value, enum_type):
        return value
    if isinstance(value, str) and len(value) <= _LONGEST_SHOWN:
        key = value.strip().replace("-", "_").replace(" ", "_").upper()
        for member in enum_type:
            if member.name == key or (isinstance(member.value, str) and member.value.upper() == value.strip().upper()):
                return member
    elif not isinstance(value, str):
        for member in enum_type:
            if type(member.value) is type(value) and member.value == value:
                return member
    choices = ", ".join(m.name.lower() for m in enum_type)
    raise RulesError(argument=name, expected=f"one of {choices}", received=value)


def check_rng(name: str, value: Any) -> random.Random:
    """Return *value* if it is a source of dice (a :class:`random.Random`), else raise :class:`RulesError`.

    At the table the roller passes ``random.SystemRandom()``, the operating
    system's source (a subclass); tests pass a seeded ``random.Random``.

    >>> check_rng("rng", random.SystemRandom()) is not None
    True
    >>> check_rng("rng", 7)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'rng' must be a random.Random, such as random.SystemRandom() (got 7)
    """
    if not isinstance(value, random.Random):
        raise RulesError(argument=name, expected="a random.Random, such as random.SystemRandom()", received=value)
    return value
