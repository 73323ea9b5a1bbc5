"""Every Upper Hand ruling, in one place.

The Upper Hand procedure ("Ship Engagements" in the source) leans on a core
rule that is not part of it: the Task Throw and its Impact. Nothing in the
source defines them, so every number of the throw here is our own invention,
and each is a field of the frozen :class:`Rulings` value that the odds
functions take as a keyword ``rulings`` (default :data:`STANDARD`). The
procedure also leaves a few timing and edge cases open; the engine follows one
reading of each, documented below and on the page where the rule lives.

One ruling is a function rather than a value: where an attacker aims on a
5-6 when nobody says, :func:`~voidref.upper_hand.damage.default_choice`. It
reasons about goals and ships, which are built on the values here, so it
lives with the hit locations in :mod:`~voidref.upper_hand.damage` (this
module imports nothing else from the package).

>>> STANDARD.task_throw == TASK_THROW
True
>>> Rulings(throw_succeeds_at=9).task_throw.impact_odds()[0]
Fraction(13, 18)
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass
from functools import cache

from voidref.errors import RulesError, check_bool, check_int
from voidref.exact import Dist
from voidref.ruling_base import RulingsBase, check_rulings_of

__all__ = [
    "Rulings",
    "STANDARD",
    "AS_PRINTED",
    "check_rulings",
    "TaskThrow",
    "TASK_THROW",
    "FAILED_THROW_IMPACT",
    "MAX_RANK",
    "MAX_SKILL",
    "LEAP_FAILURE_SPLIT",
    "STALEMATE",
    "DEFAULT_DODGE_AT",
]


@dataclass(frozen=True)
class TaskThrow:
    """The Task Throw: roll *dice* d*sides*, add the bonus, compare with *succeed_at*.

    **Source:** the Upper Hand procedure calls every roll a Task Throw, adds
    Skill Ranks to it, speaks of succeeding and failing, and measures results
    in Impact, but never defines any of these. Disadvantage is named (damaged
    components) but not defined either.

    **We chose** (our invention; nothing in the source shows it): 2d6 plus the
    bonus; a total of 8 or more succeeds; Impact is the total minus 7 on a
    success (a bare success has Impact *bare_success_impact*, 1) and 0 on a
    failure. A disadvantaged throw rolls one extra die and drops the highest.
    Each number is a field of :class:`Rulings`, which builds this value as
    :attr:`Rulings.task_throw`.

    >>> TASK_THROW.impact_of((4, 5), bonus=1)
    3
    >>> TASK_THROW.impact_of((1, 6), bonus=0)
    0
    >>> TASK_THROW.impact_of((6, 6, 1), bonus=0, disadvantaged=True)
    0
    >>> TASK_THROW.impact_odds(bonus=0)[0]
    Fraction(7, 12)
    """

    dice: int = 2
    sides: int = 6
    succeed_at: int = 8
    extra_dice_when_disadvantaged: int = 1
    bare_success_impact: int = 1

    def __post_init__(self):
        check_int("bare_success_impact", self.bare_success_impact, low=0, high=1)
        check_int("dice", self.dice, low=1, high=4)
        check_int("sides", self.sides, low=2, high=20)
        check_int("succeed_at", self.succeed_at, low=1, high=200)
        check_int("extra_dice_when_disadvantaged", self.extra_dice_when_disadvantaged, low=0, high=3)

    def impact_of(self, faces: tuple[int, ...], bonus: int = 0, disadvantaged: bool = False) -> int:
        """The Impact of one throw from the faces rolled (0 for a failure).

        Args:
            faces: every die rolled; a disadvantaged throw lists the extra dice too.
            bonus: Skill Rank (or Agility) added to the throw.
            disadvantaged: drop the highest extra dice before totalling.
        """
        check_int("bonus", bonus, low=-MAX_SKILL, high=MAX_SKILL)
        check_bool("disadvantaged", disadvantaged)
        need = self.dice + (self.extra_dice_when_disadvantaged if disadvantaged else 0)
        if not isinstance(faces, (tuple, list)) or len(faces) != need:
            raise _error("faces", f"{need} dice", faces)
        for face in faces:
            check_int("faces", face, low=1, high=self.sides)
        kept = sorted(faces)[: self.dice]
        return self.impact_of_total(sum(kept) + bonus)

    def impact_of_total(self, total: int) -> int:
        """The Impact of a throw whose total (dice plus bonus) is *total*."""
        check_int("total", total, low=-1000, high=1000)
        if total < self.succeed_at:
            return FAILED_THROW_IMPACT
        return total - self.succeed_at + self.bare_success_impact

    def impact_odds(self, bonus: int = 0, disadvantaged: bool = False) -> Dist:
        """The exact distribution of the (unlimited) Impact of one throw."""
        check_int("bonus", bonus, low=-MAX_SKILL, high=MAX_SKILL)
        check_bool("disadvantaged", disadvantaged)
        return _impact_odds(self, bonus, disadvantaged)


def _error(name, expected, got):
    return RulesError(f"{name!r} must be {expected} (got {got!r})")


@cache
def _impact_odds(rule: TaskThrow, bonus: int, disadvantaged: bool) -> Dist:
    n = rule.dice + (rule.extra_dice_when_disadvantaged if disadvantaged else 0)
    counts: dict[int, int] = {}
    # Each sorted set of faces once, counted as the number of orders it can be thrown in.
    orders = math.factorial(n)
    for faces in itertools.combinations_with_replacement(range(1, rule.sides + 1), n):
        ways = orders
        for face in set(faces):
            ways //= math.factorial(faces.count(face))
        impact = rule.impact_of_total(sum(faces[: rule.dice]) + bonus)
        counts[impact] = counts.get(impact, 0) + ways
    return Dist.from_weights(counts)


@dataclass(frozen=True, repr=False)  # RulingsBase's repr: only the switches off STANDARD
class Rulings(RulingsBase):
    """Every Upper Hand reading the engine consults, as one frozen value.

    All of them are the Task Throw, which the source names and never defines:
    every value here is our invention, so :data:`AS_PRINTED` (the literal
    reading) has nothing different to offer and equals :data:`STANDARD`. The
    odds functions take it as a keyword ``rulings``; build a variant with
    ``dataclasses.replace`` (a 3d6 throw, a 9+ throw, and so on).

    >>> Rulings(throw_dice=3)
    Rulings(throw_dice=3)
    """

    #: How many dice a Task Throw rolls.
    #: **Source:** never says; "throw" is all it gives. **We chose** 2, our invention:
    #: "throw" is 2d6 vocabulary in games that share the words Throw and Impact.
    #: Printed reading: none, so 2.
    throw_dice: int = 2

    #: Sides of each Task Throw die.
    #: **Source:** never says. **We chose** 6, our invention, with :attr:`throw_dice`.
    throw_sides: int = 6

    #: The total a Task Throw must reach to succeed.
    #: **Source:** speaks of succeeding and failing with no number. **We chose** 8, our
    #: invention: the usual 2d6 task target, reached 5 times in 12 with no bonus.
    throw_succeeds_at: int = 8

    #: Impact of a throw that just reaches :attr:`throw_succeeds_at`.
    #: **Source:** measures results in Impact and never says how. **We chose** 1, our
    #: invention: Impact = total - 7, so every success has some Impact and beats a
    #: failure. 0 counts Impact from the target itself (total - 8): a bare success
    #: then ties a failure in the Maneuver phase and deals no damage.
    bare_success_impact: int = 1

    #: Extra dice a disadvantaged throw rolls (the highest of them dropped).
    #: **Source:** damaged Thrusters or Guns make their throws "disadvantaged", with no
    #: definition. **We chose** 1, our invention: roll one more die and drop the best.
    #: 0 makes damage to a component change nothing but its rank limit.
    disadvantage_extra_dice: int = 1

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            check_int(f.name, getattr(self, f.name), low=0, high=200)
        check_int("throw_dice", self.throw_dice, low=1, high=4)
        check_int("throw_sides", self.throw_sides, low=2, high=20)
        check_int("throw_succeeds_at", self.throw_succeeds_at, low=1, high=200)
        check_int("bare_success_impact", self.bare_success_impact, low=0, high=1)
        check_int("disadvantage_extra_dice", self.disadvantage_extra_dice, low=0, high=3)

    @property
    def task_throw(self) -> TaskThrow:
        """The :class:`TaskThrow` these rulings describe."""
        return TaskThrow(self.throw_dice, self.throw_sides, self.throw_succeeds_at, self.disadvantage_extra_dice,
                         self.bare_success_impact)



STANDARD = Rulings()
"""Our reading of every ruling (the default everywhere)."""

AS_PRINTED = Rulings()
"""The literal reading of the source, equal to :data:`STANDARD` because it defines no Task Throw."""


def check_rulings(value: object) -> Rulings:
    """Check a ``rulings`` argument."""
    return check_rulings_of(Rulings, value)


#: The Task Throw of :data:`STANDARD` (2d6, 8 or more, Impact = total - 7).
TASK_THROW = STANDARD.task_throw

#: A failed throw has Impact 0. The source compares Impacts and also speaks of
#: both sides failing; counting a failure as Impact 0 makes "both fail" a tie,
#: which the source treats the same way (no change), so the two readings agree.
FAILED_THROW_IMPACT = 0

#: Component ranks (Computer, Guns, Thrusters) run from 0 to 10. The source
#: gives no range; 0 means the component never lets a throw have any Impact.
MAX_RANK = 10

#: Skill Ranks and Agility run from 0 to 10 (the source gives no range).
MAX_SKILL = 10

#: A boarder who fails the leap is lost to the engagement; 1d6 of 1-3 hits the
#: enemy hull and dies, 4-6 misses and drifts off. The source gives even odds
#: but no die (game data: any even split gives the same odds).
LEAP_FAILURE_SPLIT = {"dies": (1, 2, 3), "drifts": (4, 5, 6)}

#: If neither ship can ever meet its goal again (say both Guns and Thrusters
#: are disabled), the engagement cannot end by the rules; the odds report that
#: chance as a stalemate. At the table someone would surrender. This is the
#: value of :attr:`~voidref.upper_hand.goals.Ending.STALEMATE`, the ending the
#: odds key that chance by (with no winner).
STALEMATE = "stalemate"

#: For odds, a ship holding the Upper Hand never dodges unless a dodge
#: threshold is given (it needs the Upper Hand to meet its goal). The source
#: leaves the choice to the player; this is the default of the odds functions'
#: ``dodge_at`` argument, not a ruling.
DEFAULT_DODGE_AT = None
