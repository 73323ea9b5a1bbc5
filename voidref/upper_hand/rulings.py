"""Every Upper Hand ruling, in one place.

The Upper Hand procedure ("Ship Engagements" in the source) leans on a core
rule that is not part of it: the Task Throw and its Impact. Nothing in the
source defines them, so every number of the throw here is our own invention,
and each is a field of the frozen :class:`Rulings` value that the odds
functions take as a keyword ``rulings`` (default :data:`STANDARD`). The
procedure also leaves a few timing and edge cases open; the engine follows one
reading of each, documented below and on the page where the rule lives. One
sentence of the damage table reads two ways (is the crew a component?), so
that reading is a field too, :attr:`Rulings.crew_is_a_component`.

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

from voidref.errors import RulesError, check_bool, check_int, describe
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
    failure. A disadvantaged throw rolls one extra die and drops the highest;
    an advantaged one (the source has none: a GM's call, offered at the
    table) rolls one extra die and drops the lowest. Each number is a field
    of :class:`Rulings`, which builds this value as :attr:`Rulings.task_throw`.

    >>> TASK_THROW.impact_of((4, 5), bonus=1)
    3
    >>> TASK_THROW.impact_of((1, 6), bonus=0)
    0
    >>> TASK_THROW.impact_of((6, 6, 1), bonus=0, disadvantaged=True)
    0
    >>> TASK_THROW.impact_of((6, 6, 1), bonus=0, advantaged=True)
    5
    >>> TASK_THROW.impact_odds(bonus=0)[0]
    Fraction(7, 12)
    """

    dice: int = 2
    sides: int = 6
    succeed_at: int = 8
    extra_dice_when_disadvantaged: int = 1
    bare_success_impact: int = 1
    extra_dice_when_advantaged: int = 1

    def __post_init__(self):
        check_int("bare_success_impact", self.bare_success_impact, low=0, high=1)
        check_int("dice", self.dice, low=1, high=4)
        check_int("sides", self.sides, low=2, high=20)
        check_int("succeed_at", self.succeed_at, low=1, high=200)
        check_int("extra_dice_when_disadvantaged", self.extra_dice_when_disadvantaged, low=0, high=3)
        check_int("extra_dice_when_advantaged", self.extra_dice_when_advantaged, low=0, high=3)

    def extra_dice(self, disadvantaged: bool = False, advantaged: bool = False) -> int:
        """How many dice past the usual a throw rolls (refusing a throw both advantaged and disadvantaged)."""
        check_bool("disadvantaged", disadvantaged)
        check_bool("advantaged", advantaged)
        if disadvantaged and advantaged:
            raise RulesError("'advantaged' and 'disadvantaged' cannot both be True: a throw is one or the other",
                             argument="advantaged")
        if disadvantaged:
            return self.extra_dice_when_disadvantaged
        return self.extra_dice_when_advantaged if advantaged else 0

    def kept(self, faces: tuple[int, ...], advantaged: bool = False) -> tuple[int, ...]:
        """The dice that count, in the order thrown: the extra highest dropped, or (advantaged) the extra lowest."""
        check_bool("advantaged", advantaged)
        most = self.dice + max(self.extra_dice_when_disadvantaged, self.extra_dice_when_advantaged)
        if not isinstance(faces, (tuple, list)) or not self.dice <= len(faces) <= most:
            raise _error("faces", f"{self.dice} to {most} dice", faces)
        for face in faces:
            check_int("faces", face, low=1, high=self.sides)
        extra = len(faces) - self.dice
        dropped = sorted(faces)[:extra] if advantaged else sorted(faces, reverse=True)[:extra]
        kept = list(faces)
        for face in dropped:
            kept.remove(face)
        return tuple(kept)

    def impact_of(self, faces: tuple[int, ...], bonus: int = 0, disadvantaged: bool = False,
                  advantaged: bool = False) -> int:
        """The Impact of one throw from the faces rolled (0 for a failure).

        Args:
            faces: every die rolled; a disadvantaged or advantaged throw lists the extra dice too.
            bonus: Skill Rank (or Agility) added to the throw.
            disadvantaged: drop the highest extra dice before totalling.
            advantaged: drop the lowest extra dice before totalling.
        """
        check_int("bonus", bonus, low=-MAX_SKILL, high=MAX_SKILL)
        need = self.dice + self.extra_dice(disadvantaged, advantaged)
        if not isinstance(faces, (tuple, list)) or len(faces) != need:
            raise _error("faces", f"{need} dice", faces)
        for face in faces:
            check_int("faces", face, low=1, high=self.sides)
        return self.impact_of_total(sum(self.kept(tuple(faces), advantaged)) + bonus)

    def impact_of_total(self, total: int) -> int:
        """The Impact of a throw whose total (dice plus bonus) is *total*."""
        check_int("total", total, low=-1000, high=1000)
        if total < self.succeed_at:
            return FAILED_THROW_IMPACT
        return total - self.succeed_at + self.bare_success_impact

    def impact_odds(self, bonus: int = 0, disadvantaged: bool = False, advantaged: bool = False) -> Dist:
        """The exact distribution of the (unlimited) Impact of one throw."""
        check_int("bonus", bonus, low=-MAX_SKILL, high=MAX_SKILL)
        self.extra_dice(disadvantaged, advantaged)
        return _impact_odds(self, bonus, disadvantaged, advantaged)


def _error(name, expected, got):
    return RulesError(f"{name!r} must be {expected} (got {describe(got)})", argument=name)


@cache
def _impact_odds(rule: TaskThrow, bonus: int, disadvantaged: bool, advantaged: bool = False) -> Dist:
    n = rule.dice + rule.extra_dice(disadvantaged, advantaged)
    counts: dict[int, int] = {}
    # Each sorted set of faces once, counted as the number of orders it can be thrown in.
    orders = math.factorial(n)
    for faces in itertools.combinations_with_replacement(range(1, rule.sides + 1), n):
        ways = orders
        for face in set(faces):
            ways //= math.factorial(faces.count(face))
        kept = faces[n - rule.dice:] if advantaged else faces[: rule.dice]  # faces are sorted
        impact = rule.impact_of_total(sum(kept) + bonus)
        counts[impact] = counts.get(impact, 0) + ways
    return Dist.from_weights(counts)


@dataclass(frozen=True, repr=False)  # RulingsBase's repr: only the switches off STANDARD
class Rulings(RulingsBase):
    """Every Upper Hand reading the engine consults, as one frozen value.

    Most of them are the Task Throw, which the source names and never defines:
    those values are our invention, so :data:`AS_PRINTED` (the literal
    reading) has nothing different to offer for them; it differs from
    :data:`STANDARD` only on whether the crew is a component. The odds
    functions take it as a keyword ``rulings``; build a variant with
    ``dataclasses.replace`` (a 3d6 throw, a 9+ throw, and so on).

    >>> Rulings(throw_dice=3)
    Rulings(throw_dice=3)
    """

    #: How many dice a Task Throw rolls.
    #:
    #: **Source:** every roll is a "Task Throw" with an "Impact", skills add their rank, and
    #: throws can succeed, fail or be disadvantaged, but none of this is defined anywhere in the
    #: source, and nothing here shows how any other rulebook defines it.
    #:
    #: **We chose:** ``2`` (of ``throw_sides`` each: 2d6), our own invention, plus the skill's
    #: rank.
    #:
    #: **As printed:** nothing to offer, so the printed reading keeps ours.
    #:
    #: **Why:** "throw" is 2d6 language in games that share the words Throw and Impact. These
    #: guesses decide every number on these pages, so each is a switch: pass
    #: ``rulings=Rulings(throw_dice=3)`` to any odds function, or change it under "Rulings" in
    #: the calculators.
    throw_dice: int = 2

    #: Sides of each Task Throw die.
    #:
    #: **Source:** never says.
    #:
    #: **We chose:** ``6``, our own invention, with ``throw_dice``.
    #:
    #: **As printed:** nothing to offer, so the printed reading keeps ours.
    #:
    #: **Why:** the d6 goes with the 2d6 reading of "throw".
    throw_sides: int = 6

    #: The total a Task Throw must reach to succeed.
    #:
    #: **Source:** speaks of succeeding and failing with no number.
    #:
    #: **We chose:** ``8``, our own invention: succeed on 8 or more.
    #:
    #: **As printed:** nothing to offer, so the printed reading keeps ours.
    #:
    #: **Why:** 8+ is the usual 2d6 task target, reached 5 times in 12 with no bonus.
    throw_succeeds_at: int = 8

    #: The Impact of a throw that just reaches ``throw_succeeds_at``.
    #:
    #: **Source:** measures results in Impact and never says how.
    #:
    #: **We chose:** ``1``, our own invention: Impact is the total - 7, so a bare success has
    #: Impact 1 and a failure Impact 0. ``0`` counts Impact from the target itself (total - 8): a
    #: bare success then ties a failure in the Maneuver phase and deals no damage.
    #:
    #: **As printed:** nothing to offer, so the printed reading keeps ours.
    #:
    #: **Why:** every success should have some Impact and beat a failure.
    bare_success_impact: int = 1

    #: Extra dice a disadvantaged throw rolls (the highest of them dropped).
    #:
    #: **Source:** damaged Thrusters or Guns make their throws "disadvantaged", with no
    #: definition.
    #:
    #: **We chose:** ``1``, our own invention: roll one more die and drop the highest. ``0``
    #: makes damage to a component change nothing but its rank limit.
    #:
    #: **As printed:** nothing to offer, so the printed reading keeps ours.
    #:
    #: **Why:** one extra die dropped from the top is the usual way to make a throw worse without
    #: a new number.
    disadvantage_extra_dice: int = 1

    #: Extra dice an advantaged throw rolls (the lowest of them dropped).
    #:
    #: **Source:** no advantage is named anywhere; only damaged components make a throw worse.
    #:
    #: **We chose:** ``1``, offered at the table for a GM who grants an edge: roll one more die
    #: and drop the lowest, the mirror of disadvantage. No rule of the engagement reads it.
    #:
    #: **As printed:** nothing to offer, so the printed reading keeps ours.
    #:
    #: **Why:** the dice roller offers a better throw as well as a worse one, and the mirror of
    #: our disadvantage is the least new rule that gives one.
    advantage_extra_dice: int = 1

    #: Whether the crew is a fourth component, damaged by its first hit and disabled by its
    #: second, after which a 4 lands without effect.
    #:
    #: **Source:** the Damage section says a roll of 1 to 4 hits a component and, in the next
    #: sentence, that a 4 hits the crew; the table lists the crew as row 4 of its components,
    #: with the crew result as its damaged effect and no disabled effect; and a first hit
    #: damages a component, a second disables it. Yet an NPC ship's crew check compares its d6
    #: with every crew hit of the engagement so far, which only makes sense if crew hits go on
    #: counting.
    #:
    #: **We chose:** ``False``: a 4 hits the crew only. The crew is not damaged or disabled;
    #: every crew hit brings the crew result (a PC's 2d6, or the NPC crew check against the
    #: running count).
    #:
    #: **As printed:** ``True``, the literal reading of "1 to 4 hit a component": the crew is
    #: one, so only its first two hits count (each with the crew result, the NPC check at 1 and
    #: then 2); once disabled, a further 4 (or a 5-6 aimed at the crew) is spent without effect,
    #: as a third hit on any component is, and the default aim no longer picks the crew.
    #:
    #: **Why:** the table's row 4 and the running count of crew hits are the more specific
    #: statements; the crew check would be pointless if the count stopped at 2.
    crew_is_a_component: bool = False

    #: Whether forcing a dock needs both conditions its goal lists
    #:
    #: **Source:** a side meets its goal when it holds the Upper Hand at the end of a round and
    #: meets at least one further requirement; the docking goal's row then names two, the
    #: enemy's Thrusters damaged or disabled, and our own Thrusters in better condition than
    #: the enemy's.
    #:
    #: **We chose:** ``True``: both. Since our Thrusters can only be in better condition than
    #: damaged or disabled ones, this comes to our Thrusters strictly better than the enemy's.
    #:
    #: **As printed:** ``False``, reading "at least one" across the row: either will do, which
    #: comes to the enemy's Thrusters no longer intact, whatever the state of ours (two ships
    #: with damaged Thrusters can then dock).
    #:
    #: **Why:** the row reads as one requirement in two parts (the enemy cannot pull away, and
    #: we can match its course), and "at least one" speaks of goals in general, whose other rows
    #: name a single condition each. No worked example docks.
    dock_needs_both: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.type == "bool":
                check_bool(f.name, getattr(self, f.name))
            else:
                check_int(f.name, getattr(self, f.name), low=0, high=200)
        check_int("throw_dice", self.throw_dice, low=1, high=4)
        check_int("throw_sides", self.throw_sides, low=2, high=20)
        check_int("throw_succeeds_at", self.throw_succeeds_at, low=1, high=200)
        check_int("bare_success_impact", self.bare_success_impact, low=0, high=1)
        check_int("disadvantage_extra_dice", self.disadvantage_extra_dice, low=0, high=3)
        check_int("advantage_extra_dice", self.advantage_extra_dice, low=0, high=3)

    @property
    def task_throw(self) -> TaskThrow:
        """The :class:`TaskThrow` these rulings describe."""
        return TaskThrow(self.throw_dice, self.throw_sides, self.throw_succeeds_at, self.disadvantage_extra_dice,
                         self.bare_success_impact, self.advantage_extra_dice)



STANDARD = Rulings()
"""Our reading of every ruling (the default everywhere)."""

AS_PRINTED = Rulings(crew_is_a_component=True, dock_needs_both=False)
"""The literal reading of the source (the crew a fourth component, either docking condition enough) with our Task Throw,
as none is printed."""


def check_rulings(value: object) -> Rulings:
    """Check a ``rulings`` argument."""
    return check_rulings_of(Rulings, value)


#: The Task Throw of :data:`STANDARD` (2d6, 8 or more, Impact = total - 7).
TASK_THROW = STANDARD.task_throw

#: The Impact of a failed throw.
#:
#: **Source:** compares Impacts, and speaks separately of both sides failing.
#:
#: **We chose:** a failure is Impact 0.
#:
#: **Why:** then both failing is a tie at 0, and the source treats the two cases alike (nothing
#: changes), so no result depends on the difference.
FAILED_THROW_IMPACT = 0

#: The highest rank of a component (Computer, Guns, Thrusters); the lowest is 0.
#:
#: **Source:** gives no range for component ranks or skills.
#:
#: **We chose:** ranks and skills (``MAX_SKILL``) from 0 to 10; a rank of 0 lets no throw have
#: any Impact.
#:
#: **Why:** wide enough for any ship, and a bound lets every input be checked.
MAX_RANK = 10

#: The highest Skill Rank or Agility (see ``MAX_RANK``); the lowest is 0.
MAX_SKILL = 10

#: The d6 faces on which a boarder who fails the leap dies or drifts off.
#:
#: **Source:** a failed leap loses the boarder to the engagement, with even odds of dying and
#: of drifting away, and no die to roll.
#:
#: **We chose:** 1d6, 1-3 hits the enemy hull and dies, 4-6 misses and drifts.
#:
#: **Why:** an even split the table can roll; any even split gives the same odds.
LEAP_FAILURE_SPLIT = {"dies": (1, 2, 3), "drifts": (4, 5, 6)}

#: The ending the odds report when neither ship can ever meet its goal again.
#:
#: **Source:** an engagement ends only by a goal or a surrender.
#:
#: **We chose:** when no side can meet its goal any more (both ships' Thrusters disabled while
#: both want to reach a place, say), the odds report that chance as a stalemate, with no
#: winner; it is the value of ``voidref.upper_hand.goals.Ending.STALEMATE``.
#:
#: **Why:** the rules give no other ending; at the table someone would give up.
STALEMATE = "stalemate"

#: The Gunnery Impact at which the odds assume the holder dodges (``None`` never).
#:
#: **Source:** the holder may dodge; whether it does is the player's choice.
#:
#: **We chose:** the odds assume no dodge unless you give a threshold (``dodge_at``), in which
#: case the holder dodges whenever the incoming Gunnery Impact is at least that.
#:
#: **Why:** a dodge spends the Upper Hand a side needs for its goal, so never dodging is the
#: neutral default.
DEFAULT_DODGE_AT = None
