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
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from voidref.errors import RulesError, check_int, describe
from voidref.exact import Dist

__all__ = ["FightingRoll", "two_dice", "dice_sum", "ABILITY_RANGE", "SKILL_RANGE", "MODIFIER_RANGE"]

#: Accepted ability scores (a validation bound, not a rule of the source).
ABILITY_RANGE = (-10, 30)
#: Accepted fighting-skill ranks; 0 means no fighting skill.
SKILL_RANGE = (0, 10)
#: Accepted extra modifiers on a roll (recoil and the like).
MODIFIER_RANGE = (-30, 30)

_TWO_DICE = Dist.die(6) + Dist.die(6)


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
