"""Conditions: no stacking, re-applying extends, default one turn.

Restates: "Conditions" and "Combat Boon Spends" of the Void Drifters chapter.

* A condition does not stack with itself unless it says so.
* Applying it again lengthens it (ruling
  :data:`~voidref.drifters.rulings.CONDITION_REAPPLY`).
* With no stated duration it lasts until the end of the affected
  character's next turn; so does one inflicted with Boons.

Durations count the affected character's turn ends.

>>> c = Conditions().apply(Condition.DISORIENTED)
>>> c.bane_dice()
1
>>> c.end_turn().bane_dice()
0
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from voidref.drifters import rulings
from voidref.errors import check_enum, check_int

__all__ = ["Condition", "Conditions"]


class Condition(enum.Enum):
    """Conditions the combat chapter uses (the full Conditions table is missing)."""

    DISORIENTED = "disoriented"
    """Adds 1 Bane Die to the affected character's checks (ruling)."""


_BANE_DICE = {Condition.DISORIENTED: rulings.DISORIENTED_BANE_DICE}


@dataclass(frozen=True)
class Conditions:
    """The conditions on one character, each with the turn ends it has left."""

    remaining: tuple[tuple[Condition, int], ...] = field(default=())

    def __repr__(self) -> str:
        return f"Conditions({self.remaining!r})" if self.remaining else "Conditions()"

    def turns_left(self, condition: Condition | str) -> int:
        """How many of the character's turn ends the condition still lasts (0: not affected)."""
        c = check_enum("condition", condition, Condition)
        return dict(self.remaining).get(c, 0)

    def apply(self, condition: Condition | str, turns: int = 1) -> "Conditions":
        """Apply a condition for *turns* turn ends (default: until the end of the next turn)."""
        c = check_enum("condition", condition, Condition)
        check_int("turns", turns, low=1, high=100)
        left = dict(self.remaining)
        left[c] = left.get(c, 0) + turns
        return Conditions(tuple(sorted(left.items(), key=lambda kv: kv[0].value)))

    def end_turn(self) -> "Conditions":
        """The affected character's turn ends: every condition has one less to go."""
        return Conditions(tuple((c, n - 1) for c, n in self.remaining if n > 1))

    def bane_dice(self) -> int:
        """Bane Dice the conditions add to the character's checks."""
        return sum(_BANE_DICE.get(c, 0) for c, _ in self.remaining)
