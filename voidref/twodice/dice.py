"""Fighting rolls: 2D plus an ability plus a fighting skill.

Source: "Fighting", *Attack* and *Defense*. Attacks, counterattacks and
defense rolls all use the same roll: two six-sided dice (2D), plus the chosen
ability, plus a fighting skill if the fighter has one. A multi-shot weapon adds
its recoil penalty as a negative modifier (see
ruling ``twodice-recoil``).

>>> roll = FightingRoll(ability=3, skill=2)
>>> roll.bonus
5
>>> roll.total((4, 3))
12
>>> roll.dist().prob(lambda total: total >= 12)
Fraction(7, 12)
>>> roll.roll(random.Random(0))
FightingRollResult(dice=(4, 4), total=13)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from voidref.errors import RulesError, check_int, check_rng, describe
from voidref.exact import Dist

__all__ = ["FightingRoll", "FightingRollResult", "two_dice", "dice_sum", "ABILITY_RANGE", "SKILL_RANGE",
           "MODIFIER_RANGE", "TOTAL_RANGE"]

#: Accepted ability scores (a validation bound, not a rule of the source).
ABILITY_RANGE = (-10, 30)
#: Accepted fighting-skill ranks; 0 means no fighting skill.
SKILL_RANGE = (0, 10)
#: Accepted extra modifiers on a roll (recoil and the like).
MODIFIER_RANGE = (-30, 30)

#: Totals a roll can reach with the ranges above (a validation bound).
TOTAL_RANGE = (2 + ABILITY_RANGE[0] + MODIFIER_RANGE[0], 12 + ABILITY_RANGE[1] + SKILL_RANGE[1] + MODIFIER_RANGE[1])

_TWO_DICE = Dist.die(6) + Dist.die(6)


def _roll_2d(rng: random.Random) -> tuple[int, int]:
    """Two d6 faces from *rng* (checked by the caller), in the order they came."""
    return rng.randint(1, 6), rng.randint(1, 6)


def two_dice() -> Dist:
    """The exact distribution of 2D, the sum of two six-sided dice, 2 to 12 (source: *Attack*).

    >>> two_dice()[7]
    Fraction(1, 6)
    """
    return _TWO_DICE


def dice_sum(name: str, dice: Any) -> int:
    """Read a 2D result given as a pair of faces ``(5, 2)`` or as their sum ``7``.

    Raises:
        voidref.errors.RulesError: naming *name* when the value is not a 2D result.

    >>> dice_sum("attack_dice", (5, 2))
    7
    >>> dice_sum("attack_dice", 13)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'attack_dice' must be an integer from 2 to 12 (got 13)
    """
    if isinstance(dice, (tuple, list)):
        if len(dice) != 2:
            raise RulesError(f"{name!r} must be two dice or their sum (got {describe(dice)})", argument=name)
        return sum(check_int(name, d, low=1, high=6) for d in dice)
    return check_int(name, dice, low=2, high=12)


@dataclass(frozen=True)
class FightingRoll:
    """What a fighter adds to 2D for one test: ability + fighting skill + modifier.

    Source: *Attack* (attacks and counterattacks) and *Defense* (defense rolls).

    Args:
        ability: the ability score chosen for the roll.
        skill: the fighting skill rank added (0 when the fighter has none).
        modifier: any other adjustment, such as a recoil penalty (negative).
    """

    ability: int
    skill: int = 0
    modifier: int = 0

    def __post_init__(self) -> None:
        check_int("ability", self.ability, *ABILITY_RANGE)
        check_int("skill", self.skill, *SKILL_RANGE)
        check_int("modifier", self.modifier, *MODIFIER_RANGE)

    @property
    def bonus(self) -> int:
        """Everything added to the 2D (ability + skill + modifier)."""
        return self.ability + self.skill + self.modifier

    def with_modifier(self, extra: int) -> FightingRoll:
        """The same roll with *extra* added to its modifier (e.g. ``-recoil``)."""
        check_int("extra", extra, *MODIFIER_RANGE)
        return replace(self, modifier=check_int("modifier", self.modifier + extra, *MODIFIER_RANGE))

    def total(self, dice: Any) -> int:
        """The total for a 2D result given as ``(d1, d2)`` or as their sum."""
        return dice_sum("dice", dice) + self.bonus

    def dist(self) -> Dist:
        """The exact distribution of the total."""
        return _TWO_DICE + self.bonus

    def roll(self, rng: random.Random) -> FightingRollResult:
        """Roll 2D from *rng* and add this roll's bonus, as :meth:`total` does; :meth:`dist` gives the odds.

        Args:
            rng: the source of the dice: ``random.SystemRandom()`` at the table,
                ``random.Random(seed)`` to replay a roll.

        >>> FightingRoll(2).roll(random.Random(1))
        FightingRollResult(dice=(2, 5), total=9)
        """
        faces = _roll_2d(check_rng("rng", rng))
        return FightingRollResult(faces, self.total(faces))


@dataclass(frozen=True)
class FightingRollResult:
    """One fighting roll as rolled (what :meth:`FightingRoll.roll` returns): the two dice and the total.

    Args:
        dice: the two d6 faces, in the order they came.
        total: the 2D plus ability, skill and modifier.
    """

    dice: tuple[int, int]
    total: int

    def __post_init__(self) -> None:
        if isinstance(self.dice, list):
            object.__setattr__(self, "dice", tuple(self.dice))
        if not isinstance(self.dice, tuple) or len(self.dice) != 2:
            raise RulesError(argument="dice", expected="two d6 faces", received=self.dice)
        for face in self.dice:
            check_int("dice", face, low=1, high=6)
        check_int("total", self.total, *TOTAL_RANGE)
