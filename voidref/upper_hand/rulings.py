"""Every Upper Hand ruling, in one place.

The Upper Hand procedure ("Ship Engagements" in the source) leans on a core
rule that is not part of it: the Task Throw and its Impact. It also leaves a
few timing and edge cases open. Each choice the engine makes is named here
with what the source says, what we chose and why; the rest of the package
imports it from here. The site shows each one in a "Ruling" admonition with
the anchor ``ruling-upper-hand-<name-with-dashes>``.

One ruling is a function rather than a value: where an attacker aims on a
5-6 when nobody says, :func:`~voidref.upper_hand.damage.default_choice`. It
reasons about goals and ships, which are built on the values here, so it
lives with the hit locations in :mod:`~voidref.upper_hand.damage` (this
module imports nothing else from the package).

The throw itself is replaceable: every procedure takes a ``throw_rule``
argument (default :data:`TASK_THROW`). Any object with the methods of
:class:`TaskThrow` (``impact_of``, ``impact_odds``) will do.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from voidref.errors import RulesError, check_bool, check_int
from voidref.exact import Dist

__all__ = [
    "TaskThrow",
    "TASK_THROW",
    "FAILED_THROW_IMPACT",
    "MAX_RANK",
    "MAX_SKILL",
    "OPENING_THROW_OUTSIDE_ROUNDS",
    "LEAP_NOT_A_STATION",
    "DISABLED_THRUSTERS_OPPONENT_WINS",
    "BOTH_THRUSTERS_DISABLED_TIE",
    "DODGE_AFTER_OWN_SHOT",
    "SIMULTANEOUS_HITS_ORDER",
    "HIT_ON_DISABLED",
    "FOUR_IS_CREW_ONLY",
    "NO_GATE_CORE_CHOICE",
    "RETREAT_COUNTS_AS_SURRENDER",
    "SURRENDER_CHECK_INCLUDES_THIS_HIT",
    "DOCKING_BETTER_IS_STRICT",
    "LEAP_PROCEDURE",
    "LEAP_FAILURE_SPLIT",
    "GATE_CORE_LAST_JUMP",
    "JUMP_NEEDS_GATE_CORE",
    "GOALS_ARE_FIXED",
    "STALEMATE",
    "DEFAULT_DODGE_AT",
]


@dataclass(frozen=True)
class TaskThrow:
    """The Task Throw: roll *dice* d*sides*, add the bonus, compare with *succeed_at*.

    **Source:** the Upper Hand procedure calls every roll a Task Throw, adds
    Skill Ranks to it, speaks of succeeding and failing, and measures results
    in Impact, but never defines any of these (they belong to a core chapter
    we do not have). Disadvantage is named (damaged components) but not
    defined either.

    **We chose:** 2d6 plus the bonus; a total of 8 or more succeeds; Impact
    is the total minus 7 on a success and 0 on a failure. A disadvantaged
    throw rolls one extra die and drops the highest.

    **Why:** "throw" is 2d6 vocabulary, and the published sibling rules that
    use the same words (Throws and Impact, Thrusters and Guns ranks limiting
    Impact) define the throw exactly this way; roll-an-extra-die-and-drop-
    the-best is the usual 2d6 disadvantage. To play another reading, build a
    different ``TaskThrow`` (or any object with the same methods) and pass it
    as ``throw_rule``.

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

    def __post_init__(self):
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
        return total - (self.succeed_at - 1) if total >= self.succeed_at else FAILED_THROW_IMPACT

    def impact_odds(self, bonus: int = 0, disadvantaged: bool = False) -> Dist:
        """The exact distribution of the (unlimited) Impact of one throw."""
        check_int("bonus", bonus, low=-MAX_SKILL, high=MAX_SKILL)
        check_bool("disadvantaged", disadvantaged)
        return _impact_odds(self, bonus, disadvantaged)


def _error(name, expected, got):
    return RulesError(f"{name!r} must be {expected} (got {got!r})")


@lru_cache(maxsize=None)
def _impact_odds(rule: TaskThrow, bonus: int, disadvantaged: bool) -> Dist:
    n = rule.dice + (rule.extra_dice_when_disadvantaged if disadvantaged else 0)
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, rule.sides + 1), repeat=n):
        total = sum(sorted(faces)[: rule.dice]) + bonus
        impact = rule.impact_of_total(total)
        counts[impact] = counts.get(impact, 0) + 1
    return Dist.from_weights(counts)


#: The Task Throw used everywhere unless a ``throw_rule`` is passed.
TASK_THROW = TaskThrow()

#: A failed throw has Impact 0. The source compares Impacts and also speaks of
#: both sides failing; counting a failure as Impact 0 makes "both fail" a tie,
#: which the source treats the same way (no change), so the two readings agree.
FAILED_THROW_IMPACT = 0

#: Component ranks (Computer, Guns, Thrusters) run from 0 to 10. The source
#: gives no range; 0 means the component never lets a throw have any Impact.
MAX_RANK = 10

#: Skill Ranks and Agility run from 0 to 10 (the source gives no range).
MAX_SKILL = 10

#: The opening Software throw happens before round 1, so it does not use up a
#: crew member's one skill per round: the Software operator may still add a
#: skill to a Gunnery or Pilot throw in round 1. The source limits skills
#: "each round" and places the opening throw before the first round.
OPENING_THROW_OUTSIDE_ROUNDS = True

#: Leaping boarders add Agility, which is not one of the three ship skills the
#: once-per-round limit speaks of (Software, Pilot, Gunnery), so a leap never
#: counts against that limit.
LEAP_NOT_A_STATION = True

#: A ship whose Thrusters are disabled loses the Maneuver phase automatically:
#: the other ship counts as the winner even if its own throw fails. "Loses
#: automatically" needs someone to win; the other ship is the only candidate.
DISABLED_THRUSTERS_OPPONENT_WINS = True

#: If both ships' Thrusters are disabled, both lose automatically. We treat
#: that as a tie, so the Upper Hand does not change (the source's rule for ties).
BOTH_THRUSTERS_DISABLED_TIE = True

#: When a ship with the Upper Hand fires first, its own shot resolves before
#: the other ship throws; it may then dodge after seeing that throw and before
#: any hit location is rolled for it (the source's timing). Dodging does not
#: undo the damage it already dealt.
DODGE_AFTER_OWN_SHOT = True

#: When neither ship has the Upper Hand both fire at once. Both Gunnery throws
#: are made from the ships' state at the start of the phase, then hit locations
#: are rolled for side A's shot and then side B's. A surrender triggered by a
#: crew hit ends the engagement at once; the remaining hit locations are not
#: rolled.
SIMULTANEOUS_HITS_ORDER = ("a", "b")

#: A hit on a component that is already disabled has no further effect (the
#: point of damage is spent). The source gives only two steps, damaged and
#: disabled, and says nothing about a third hit.
HIT_ON_DISABLED = "no further effect"

#: The hit-location table lists 1-4 as components but 4 is Crew; we read 1-3 as
#: the three components and 4 as the crew only, as the table rows show.
FOUR_IS_CREW_ONLY = True

#: A ship without a gate core treats a 3 as Thrusters (the source says so); an
#: attacker choosing on 5-6 against such a ship also gets Thrusters if it names
#: the gate core.
NO_GATE_CORE_CHOICE = "thrusters"

#: An NPC ship that fails its crew-hit check "surrenders or retreats"; either
#: way the engagement ends and we count it as a surrender, so the other side
#: gets its goal. The table narrates which of the two it was.
RETREAT_COUNTS_AS_SURRENDER = True

#: The NPC crew check compares 1d6 with the crew hits of this engagement
#: counting the hit just taken (the first crew hit surrenders on a 1).
SURRENDER_CHECK_INCLUDES_THIS_HIT = True

#: Forced docking needs the enemy's Thrusters damaged or disabled and our own
#: in strictly better condition (intact beats damaged beats disabled). The
#: second part already implies the first.
DOCKING_BETTER_IS_STRICT = True

#: The leaping goal. At the end of a round in which the leaping side holds the
#: Upper Hand, every boarder still available throws + Agility (no component
#: limits it). The goal is met if at least one lands. The source lists the leap
#: as a goal whose extra requirement is the throw, but not when it is made or
#: how many must land; "at least one" lets a party get a foothold.
LEAP_PROCEDURE = "each remaining boarder throws at the end of a round with the Upper Hand; one landing meets the goal"

#: A boarder who fails the leap is lost to the engagement; 1d6 of 1-3 hits the
#: enemy hull and dies, 4-6 misses and drifts off. The source gives even odds
#: but no die.
LEAP_FAILURE_SPLIT = {"dies": (1, 2, 3), "drifts": (4, 5, 6)}

#: A ship that meets the jump goal with a damaged gate core makes that jump;
#: the gate core becomes disabled when it comes back to real space (reported on
#: the outcome; the engagement is over by then).
GATE_CORE_LAST_JUMP = True

#: A ship without a gate core cannot declare the jump goal, as it could never meet
#: the requirement. The engine refuses it with a RulesError.
JUMP_NEEDS_GATE_CORE = True

#: Goals are declared once, before the opening throw, and kept for the whole
#: engagement (the source describes no change of goal).
GOALS_ARE_FIXED = True

#: If neither ship can ever meet its goal again (say both Guns and Thrusters
#: are disabled), the engagement cannot end by the rules; the odds report that
#: chance as a stalemate. At the table someone would surrender. This is the
#: value of :attr:`~voidref.upper_hand.goals.Ending.STALEMATE`, the ending the
#: odds key that chance by (with no winner).
STALEMATE = "stalemate"

#: For odds, a ship holding the Upper Hand never dodges unless a dodge
#: threshold is given (it needs the Upper Hand to meet its goal). The source
#: leaves the choice to the player.
DEFAULT_DODGE_AT = None
