"""Conditions: no stacking, re-applying extends, default one turn.

Restates: "Conditions" and "Combat Boon Spends" of the Void Drifters chapter.

* A condition does not stack with itself unless it says so.
* Applying it again lengthens it (ruling
  :attr:`~voidref.drifters.rulings.Rulings.condition_reapply_adds`).
* With no stated duration it lasts until the end of the affected
  character's next turn; so does one inflicted with Boons.
* Drifting states its own end: it lasts until an Average Athletics check
  succeeds or an ally reaches the character (:meth:`Conditions.end`), not
  for a number of turns.

Durations count the affected character's turn ends.

>>> c = Conditions().apply(Condition.DISORIENTED)
>>> c.bane_dice()
1
>>> c.end_turn().bane_dice()
0
>>> adrift = Conditions().apply("drifting")
>>> adrift.end_turn().end_turn().has("drifting"), adrift.end("drifting").has("drifting")
(True, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from voidref import kinds
from voidref.drifters import rulings
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError, check_enum, check_int

__all__ = ["Condition", "Conditions"]


class Condition(enum.Enum):
    """Conditions the combat chapter uses (the full Conditions table is missing)."""

    DISORIENTED = "disoriented"
    """Adds 1 Bane Die to the affected character's checks (ruling)."""
    DRIFTING = "drifting"
    """Adrift in microgravity after a Calamity on a physical action, until an
    Average Athletics check succeeds or an ally reaches you. The source gives
    it no other effect, so it adds no dice here."""

    __repr__ = kinds.Kind.__repr__  # Condition.DRIFTING: the code that names the member

    @property
    def until_ended(self) -> bool:
        """True for a condition that lasts until something ends it, not for a number of turns."""
        return self is Condition.DRIFTING


_BANE_DICE = {Condition.DISORIENTED: rulings.DISORIENTED_BANE_DICE}


@dataclass(frozen=True)
class Conditions:
    """The conditions on one character, each with the turn ends it has left."""

    remaining: tuple[tuple[Condition, int], ...] = field(default=())

    def __repr__(self) -> str:
        return f"Conditions({self.remaining!r})" if self.remaining else "Conditions()"

    def turns_left(self, condition: Condition | str) -> int | None:
        """How many of the character's turn ends the condition still lasts.

        0: not affected; ``None``: affected until something ends it (Drifting).
        """
        c = check_enum("condition", condition, Condition)
        if c.until_ended and self.has(c):
            return None
        return dict(self.remaining).get(c, 0)

    def has(self, condition: Condition | str) -> bool:
        """Whether the character is affected by *condition*."""
        c = check_enum("condition", condition, Condition)
        return c in dict(self.remaining)

    def apply(self, condition: Condition | str, turns: int = 1, *, rulings: Rulings = STANDARD) -> Conditions:
        """Apply a condition for *turns* turn ends (default: until the end of the next turn).

        Applied again, it lasts *turns* more (or, with
        :attr:`~voidref.drifters.rulings.Rulings.condition_reapply_adds` off,
        the longer of the two). A condition that lasts until ended (Drifting)
        ignores *turns*; applying it again changes nothing.

        >>> twice = Conditions().apply("disoriented", 2).end_turn().apply("disoriented", 2)
        >>> twice.turns_left("disoriented")
        3
        """
        c = check_enum("condition", condition, Condition)
        check_int("turns", turns, low=1, high=100)
        r = check_rulings(rulings)
        left = dict(self.remaining)
        before = left.get(c, 0)
        left[c] = 0 if c.until_ended else (before + turns if r.condition_reapply_adds else max(before, turns))
        return Conditions(tuple(sorted(left.items(), key=lambda kv: kv[0].value)))

    def end(self, condition: Condition | str) -> Conditions:
        """End *condition* now (a drift ends on a passed Average Athletics check or when an ally reaches you)."""
        c = check_enum("condition", condition, Condition)
        if not self.has(c):
            raise RulesError(f"'condition' must be one the character has (got {c.value}; "
                             f"has {', '.join(x.value for x, _ in self.remaining) or 'none'})", argument="condition")
        return Conditions(tuple((x, n) for x, n in self.remaining if x is not c))

    def end_turn(self) -> Conditions:
        """The affected character's turn ends: every timed condition has one less to go."""
        return Conditions(tuple((c, n - 1 if n else 0) for c, n in self.remaining if n > 1 or c.until_ended))

    def bane_dice(self) -> int:
        """Bane Dice the conditions add to the character's checks."""
        return sum(_BANE_DICE.get(c, 0) for c, _ in self.remaining)
