"""Dice written as text ("2d6+1", "2D-3", "2d6x3"): one shape for the damage rolls of every system.

A :class:`DiceNotation` is *count* dice of *sides* faces plus a flat *bonus*.
Each game that rolls damage this way derives its own ``DamageRoll`` from it,
setting only what its rules differ in: the limits on each number, whether the
sides are written (the 2D games always roll six-sided dice and write ``2D``),
whether a bare number is a flat amount, and the name its errors give the text.
What the dice then mean (a sum, or one damage item per die) stays in each game.

>>> roll = DiceNotation.parse("2d6+1")
>>> roll, str(roll), roll.count, roll.sides, roll.bonus
(DiceNotation(2, bonus=1), '2d6+1', 2, 6, 1)
>>> DiceNotation.parse("3D8 − 2")
DiceNotation(3, sides=8, bonus=-2)
>>> DiceNotation.parse("two dice")
Traceback (most recent call last):
...
voidref.errors.RulesError: 'dice' must look like '2d6' or '1d6+2' (got 'two dice')
"""

from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass
from typing import Any, TypeVar

from voidref.errors import RulesError, check_int, describe
from voidref.kinds import dataclass_repr

__all__ = ["DiceNotation"]

_D = TypeVar("_D", bound="DiceNotation")

# A bare number, or: count, the letter d, the sides (if written), a signed bonus, a multiplier ("x3", "×3", "*3").
# Every repeat is possessive (``*+``, ``++``): it never gives back what it took, so the regex never backtracks
# into a run of spaces or digits and reads any text in one pass (a greedy ``\s*`` beside another one took
# seconds on "2D", 300 spaces and "+").
_TEXT = re.compile(
    r"\s*+(?P<count>\d++)\s*+(?:(?P<d>d)\s*+(?P<sides>\d++)?\s*+"
    r"(?:(?P<sign>[+\-\u2212])\s*+(?P<bonus>\d++))?\s*+(?:[x\u00d7*]\s*+(?P<times>\d++))?\s*+)?",
    re.IGNORECASE,
)


@dataclass(frozen=True, repr=False)
class DiceNotation:
    """*count* dice of *sides* faces plus a flat *bonus*; *sides* and *bonus* by keyword.

    Subclasses set the class attributes below; :meth:`parse`, ``str`` and the
    repr (which rebuilds the value) are the same for all.
    """

    count: int
    _: KW_ONLY
    sides: int = 6
    bonus: int = 0

    ARGUMENT = "dice"
    """The argument an error about the text names."""
    EXAMPLES = "'2d6' or '1d6+2'"
    """How the text should look, for that error."""
    COUNTS = (1, 100)
    """Fewest and most dice."""
    SIDES = (2, 100)
    """Fewest and most faces per die."""
    BONUSES = (-100, 100)
    """Lowest and highest flat bonus."""
    SIDES_WRITTEN = True
    """Whether the text names the sides (``2d6``); if not, it never does and the dice are six-sided (``2D``)."""
    BARE_NUMBER = False
    """Whether a bare number (``"3"``) is read as a flat amount, no dice."""
    MULTIPLIED = False
    """Whether the text may end in a multiplier (``2d6x3``), read into a ``multiplier`` field."""
    MAX_TEXT_LENGTH = 100
    """The longest text :meth:`parse` reads; longer text is refused before any of it is read."""

    def __post_init__(self) -> None:
        check_int("count", self.count, *self.COUNTS)
        check_int("sides", self.sides, *self.SIDES)
        check_int("bonus", self.bonus, *self.BONUSES)

    @classmethod
    def parse(cls: type[_D], text: Any) -> _D:
        """Read dice text (a value of this class passes through); an error naming :attr:`ARGUMENT` if it is not dice.

        ``d`` may be either case, the minus sign may be ``-`` or ``−``, and spaces may sit between the parts.
        Text longer than :attr:`MAX_TEXT_LENGTH` is refused unread, so any text is answered at once.
        """
        if isinstance(text, cls):
            return text
        if isinstance(text, str) and len(text) > cls.MAX_TEXT_LENGTH:
            raise RulesError(argument=cls.ARGUMENT, expected=f"text of at most {cls.MAX_TEXT_LENGTH} characters",
                             received=text)
        m = _TEXT.fullmatch(text) if isinstance(text, str) else None
        if m is None or not cls._fits(m):
            raise RulesError(f"'{cls.ARGUMENT}' must look like {cls.EXAMPLES} (got {describe(text)})",
                             argument=cls.ARGUMENT, expected=f"text like {cls.EXAMPLES}", received=text)
        if m["d"] is None:
            return cls(0, bonus=int(m["count"]))
        parts: dict[str, int] = {}
        if m["sides"] is not None:
            parts["sides"] = int(m["sides"])
        if m["bonus"] is not None:
            parts["bonus"] = int(m["bonus"]) * (-1 if m["sign"] in ("-", "\u2212") else 1)
        if m["times"] is not None:
            parts["multiplier"] = int(m["times"])
        return cls(int(m["count"]), **parts)

    @classmethod
    def _fits(cls, m: re.Match[str]) -> bool:
        """Whether this class's notation allows the parts the text wrote."""
        if m["d"] is None:
            return cls.BARE_NUMBER
        if (m["sides"] is not None) != cls.SIDES_WRITTEN:
            return False
        return m["times"] is None or cls.MULTIPLIED

    def __str__(self) -> str:
        if self.count == 0 and self.BARE_NUMBER:
            return str(self.bonus)
        text = f"{self.count}d{self.sides}" if self.SIDES_WRITTEN else f"{self.count}D"
        if self.bonus:
            text += f"{self.bonus:+d}"
        multiplier = getattr(self, "multiplier", 1)
        if multiplier != 1:
            text += f"\u00d7{multiplier}"
        return text

    def __repr__(self) -> str:
        return dataclass_repr(self, ("count",))
