"""Turns, Move Rate, encumbrance and terrain.

Source sections: "Turn Structure" and "Move Rate".

* Move Rate = AGL x 2 metres, plus gear (Jump Boots, Cyberlegs +4 m);
* Carry Limit = STR x 10 kg; each full 20 % over it costs 1 m of Move, and the
  excess share counts double in mismatched gravity;
* a turn's options depend on level (1 to 5); part moves round up.

>>> move_rate(9)
18
>>> part_move(18, Fraction(1, 4))
5
>>> encumbrance_steps(144, strength=12), encumbrance_steps(168, strength=12)
(1, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.pirates.actions import ActionRoll, Outcome
from voidref.pirates.environment import (
    ENCUMBRANCE_METRES_PER_STEP,
    ENCUMBRANCE_STEP_PERCENT,
    TERRAIN_MOVE_SHARE,
    Terrain,
)
from voidref.pirates.rulings import ATTRIBUTE_MAX, ATTRIBUTE_MIN, STANDARD, Rulings, check_rulings

__all__ = [
    "MAX_LEVEL",
    "JUMP_BOOTS",
    "CYBERLEGS",
    "ITEM_WEIGHTS",
    "ActionKind",
    "TurnOption",
    "turn_options",
    "base_move",
    "carry_limit",
    "encumbrance_steps",
    "move_rate",
    "part_move",
    "terrain_move_distribution",
]

MAX_LEVEL = 5
"""Levels stop at 5 (Master Level Veterans)."""

JUMP_BOOTS = 4
"""Metres Jump Boots add to Move Rate."""

CYBERLEGS = 4
"""Metres Cyberlegs add to Move Rate."""

ITEM_WEIGHTS: dict[str, tuple[int, int]] = {
    "pistol / holdout": (2, 3),
    "rifle / SMG / carbine": (4, 7),
    "heavy weapon": (10, 15),
    "vacuum suit / armor set": (12, 25),
    "cybernetic limb / implant": (4, 8),
    "medkit / tools / hacking deck": (2, 5),
}
"""Typical weights in kg, (low, high), from the source's example list (GM's call for the rest)."""

_MAX_KG = 100_000


class ActionKind(Kind):
    """Kinds of action a turn option grants."""

    ANY = "any"
    """Any action — attack, hack, aim, use a skill."""
    ATTACK = "attack"
    """An attack."""
    NON_ATTACK = "non_attack"
    """Anything but an attack."""
    NON_COMBAT = "non_combat"
    """A non-combat action that cannot be turned into a combat one."""


@dataclass(frozen=True)
class TurnOption:
    """One way to spend a turn: some actions plus a share of the Move Rate."""

    actions: tuple[ActionKind, ...]
    move_share: Fraction

    def describe(self) -> str:
        """Plain words: ``'1 action (any) + 1/4 move'``."""
        names = {ActionKind.ANY: "action (any)", ActionKind.ATTACK: "attack action",
                 ActionKind.NON_ATTACK: "non-attack action", ActionKind.NON_COMBAT: "non-combat action"}
        parts = [f"1 {names[a]}" for a in self.actions]
        share = self.move_share
        if share == 1:
            parts.append("full move")
        elif share < 1:
            parts.append(f"{share} move")
        else:
            parts.append(f"×{float(share):g} move")
        return " + ".join(parts)


_F = Fraction
_TURNS: dict[int, tuple[TurnOption, TurnOption]] = {
    1: (TurnOption((ActionKind.ANY,), _F(1, 4)), TurnOption((), _F(1))),
    2: (TurnOption((ActionKind.ANY,), _F(1, 2)), TurnOption((), _F(3, 2))),
    3: (TurnOption((ActionKind.ANY,), _F(1)), TurnOption((), _F(3, 2))),
    4: (TurnOption((ActionKind.ATTACK, ActionKind.NON_ATTACK), _F(1, 2)),
        TurnOption((ActionKind.NON_COMBAT,), _F(3, 2))),
    5: (TurnOption((ActionKind.ATTACK, ActionKind.NON_ATTACK), _F(1)), TurnOption((), _F(2))),
}


def turn_options(level: int) -> tuple[TurnOption, TurnOption]:
    """The two turn options at a level (source "Turn Structure" table).

    >>> [o.describe() for o in turn_options(1)]
    ['1 action (any) + 1/4 move', 'full move']
    """
    check_int("level", level, low=1, high=MAX_LEVEL)
    return _TURNS[level]


def base_move(agility: int) -> int:
    """Base Move Rate in metres: twice the AGL score."""
    check_int("agility", agility, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    return 2 * agility


def carry_limit(strength: int) -> int:
    """Carry Limit in kg: ten times the STR score (at 1G).

    >>> carry_limit(12)
    120
    """
    check_int("strength", strength, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    return 10 * strength


def encumbrance_steps(carried_kg: int, strength: int, mismatched_gravity: bool = False, *,
                      rulings: Rulings = STANDARD) -> int:
    """Move penalty steps: 20 % shares over the Carry Limit (doubled share if mismatched).

    Only full steps count, unless
    :attr:`~voidref.pirates.rulings.Rulings.encumbrance_full_steps_only` is off.

    >>> encumbrance_steps(144, strength=12, mismatched_gravity=True)
    2
    >>> encumbrance_steps(130, strength=12), encumbrance_steps(130, strength=12,
    ...                                                        rulings=Rulings(encumbrance_full_steps_only=False))
    (0, 1)
    """
    check_int("carried_kg", carried_kg, low=0, high=_MAX_KG)
    limit = carry_limit(strength)
    check_bool("mismatched_gravity", mismatched_gravity)
    excess = carried_kg - limit
    if excess <= 0:
        return 0
    factor = 2 if mismatched_gravity else 1
    steps = Fraction(excess * 100 * factor, limit * ENCUMBRANCE_STEP_PERCENT)
    return math.floor(steps) if check_rulings(rulings).encumbrance_full_steps_only else math.ceil(steps)


def move_rate(
    agility: int,
    gear: int = 0,
    carried_kg: int = 0,
    strength: int | None = None,
    mismatched_gravity: bool = False,
    *,
    rulings: Rulings = STANDARD,
) -> int:
    """Full Move Rate in metres: AGL x 2 + gear - encumbrance, never below 0.

    *strength* is needed only when *carried_kg* is given.

    >>> move_rate(9, carried_kg=168, strength=12)
    16
    """
    move = base_move(agility)
    check_int("gear", gear, low=-100, high=100)
    check_int("carried_kg", carried_kg, low=0, high=_MAX_KG)
    check_bool("mismatched_gravity", mismatched_gravity)
    steps = 0
    if carried_kg:
        if strength is None:
            raise RulesError("'strength' must be an integer from 1 to 20 when 'carried_kg' is given (got None)",
                             argument="strength")
        steps = encumbrance_steps(carried_kg, strength, mismatched_gravity, rulings=rulings)
    return max(0, move + gear - steps * ENCUMBRANCE_METRES_PER_STEP)


def part_move(move: int, share: Fraction | int) -> int:
    """A share of a Move Rate in whole metres, rounded up (4.5 m becomes 5 m)."""
    check_int("move", move, low=0, high=10_000)
    if isinstance(share, bool) or not isinstance(share, (int, Fraction)) or share < 0 or share > 4:
        raise RulesError(f"'share' must be a Fraction from 0 to 4 (got {describe(share)})", argument="share")
    return math.ceil(move * Fraction(share))


def terrain_move_distribution(move: int, terrain: Terrain | str, roll: ActionRoll, *,
                              rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of metres covered over rough ground (a ruling: :class:`~voidref.pirates.environment.Terrain`).

    Clear ground needs no roll. Otherwise the mover rolls *roll* (AGL,
    Athletics) against the terrain's TN and keeps a share of *move*.

    >>> terrain_move_distribution(18, "clear", ActionRoll())
    Dist({18: Fraction(1, 1)})
    """
    check_int("move", move, low=0, high=10_000)
    t = check_enum("terrain", terrain, Terrain)
    if not isinstance(roll, ActionRoll):
        raise RulesError(f"'roll' must be an ActionRoll (got {describe(roll)})", argument="roll")
    if t is Terrain.CLEAR:
        return Dist.always(move)
    shares = {Outcome.FULL: "full", Outcome.PARTIAL: "partial", Outcome.FAILURE: "failure"}
    return roll.against(t.value, rulings=rulings).map(lambda r: part_move(move, TERRAIN_MOVE_SHARE[shares[r.outcome]]))
