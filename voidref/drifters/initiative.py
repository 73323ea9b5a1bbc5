"""Initiative: who acts when.

Restates: "When Combat Starts", "Initiative" and "Surprise" of the Void
Drifters chapter.

* Prepared or warned: Savvy + Perception. Surprised: Willpower + Readiness.
* Net Successes rank the results into player slots and GM slots.
* A player slot beats a GM slot on a tie; ties within a side are that side's
  choice.
* The slot order holds for the whole encounter; each round a side may put any
  eligible character in its slots.

>>> entries = [Entry("Senna", Side.PLAYER, 2), Entry("Agent A", Side.GM, 1),
...            Entry("Davan", Side.PLAYER, 1), Entry("Agent B", Side.GM, 0)]
>>> slot_order(entries)
(Side.PLAYER, Side.PLAYER, Side.GM, Side.GM)
>>> turn_order(entries)
('Senna', 'Davan', 'Agent A', 'Agent B')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from voidref import kinds
from voidref.drifters.characters import Character, Skill
from voidref.drifters.dice import Difficulty, Pool
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe

__all__ = ["Side", "Entry", "initiative_pool", "slot_order", "turn_order"]


class Side(enum.Enum):
    """Who fills a slot."""

    PLAYER = "player"
    """The players choose which of their characters acts."""
    GM = "gm"
    """The GM chooses which adversary acts."""

    __repr__ = kinds.Kind.__repr__  # Side.GM: the code that names the member


@dataclass(frozen=True)
class Entry:
    """One Initiative result: who rolled, for which side, and their net Successes."""

    name: str
    side: Side
    net_successes: int

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError(f"'name' must be a non-empty text (got {describe(self.name)})", argument="name")
        object.__setattr__(self, "side", check_enum("side", self.side, Side))
        check_int("net_successes", self.net_successes, low=-50, high=50)


def initiative_pool(character: Character, surprised: bool = False) -> Pool:
    """The Initiative check's pool: Savvy + Perception, or Willpower + Readiness if surprised.

    The check has no Trial Dice of its own; only net Successes matter.
    """
    if not isinstance(character, Character):
        raise RulesError(argument="character", expected="a Character", received=character)
    check_bool("surprised", surprised)
    if surprised:
        return Pool.for_check(character.willpower, character.skill(Skill.READINESS), Difficulty.SIMPLE)
    return Pool.for_check(character.savvy, character.skill(Skill.PERCEPTION), Difficulty.SIMPLE)


def _ranked(entries: Sequence[Entry]) -> list[Entry]:
    if not isinstance(entries, Sequence) or not all(isinstance(e, Entry) for e in entries):
        raise RulesError(f"'entries' must be a list of Entry values (got {describe(entries)})", argument="entries")
    if not entries:
        raise RulesError("'entries' must hold at least one Initiative result (got none)", argument="entries")
    # Highest first; on a tie the player slot comes first. Python's sort is
    # stable, so within a side the listed order is kept (that side's choice).
    return sorted(entries, key=lambda e: (-e.net_successes, e.side is not Side.PLAYER))


def slot_order(entries: Sequence[Entry]) -> tuple[Side, ...]:
    """The slots for the encounter, in order: whose side fills each one."""
    return tuple(e.side for e in _ranked(entries))


def turn_order(entries: Sequence[Entry], players: Iterable[str] | None = None,
               gm: Iterable[str] | None = None) -> tuple[str, ...]:
    """Fill the slots with names.

    By default each side puts its characters in its slots in the order of
    their own results (listed order on ties). Pass *players* or *gm* to
    choose differently; each must name that side's characters once each.
    """
    ranked = _ranked(entries)
    chosen = {}
    for side, argument, names in ((Side.PLAYER, "players", players), (Side.GM, "gm", gm)):
        mine = [e.name for e in ranked if e.side is side]
        if names is None:
            chosen[side] = mine
            continue
        listed = list(names) if isinstance(names, Iterable) and not isinstance(names, str) else None
        if listed is None or not all(isinstance(n, str) for n in listed) or sorted(listed) != sorted(mine):
            raise RulesError(f"{argument!r} order must name {sorted(mine)} once each (got {describe(names)})",
                             argument=argument)
        chosen[side] = listed
    iters = {side: iter(names) for side, names in chosen.items()}
    return tuple(next(iters[side]) for side in slot_order(entries))
