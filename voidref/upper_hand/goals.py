"""Goals, their extra requirements, leaping boarders and how an engagement ends.

Source: "Ship Engagements", the opening paragraphs and the goal table.

* Each side declares a goal before the engagement starts.
* A side meets its goal when it holds the Upper Hand at the end of a round
  and its goal's extra requirement holds.
* Either side may surrender at any time; the other side then gets its goal.

>>> own = Ship("Kestrel", thrusters=2)
>>> enemy = Ship("Cutter", thrusters=2).hit(Location.THRUSTERS)
>>> requirement_met(Goal.DOCK, own, enemy)
True
>>> requirement_met("dock", enemy, own)
False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from voidref.errors import RulesError, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.upper_hand.rulings import LEAP_FAILURE_SPLIT, MAX_SKILL, STALEMATE, STANDARD, Rulings, check_rulings
from voidref.upper_hand.ships import Condition, Location, Ship, Side  # noqa: F401 (Location: the module doctest)

__all__ = [
    "Goal",
    "requirement_met",
    "check_goal",
    "check_leapers",
    "LeapResult",
    "leap",
    "leap_odds",
    "party_leap_odds",
    "Ending",
    "Finish",
    "check_finish",
    "Outcome",
]


class Goal(enum.Enum):
    """The common goals of the goal table, each with its extra requirement."""

    REACH = "reach"
    """Reach a place in the local star system. Needs own Thrusters not disabled."""
    JUMP = "jump"
    """Jump to gate space and leave the system. Needs own Gate Core not disabled."""
    DOCK = "dock"
    """Force a dock and board. Needs enemy Thrusters damaged or disabled, own Thrusters in better condition."""
    LEAP = "leap"
    """Board by leaping across. Needs a boarder's throw + Agility to land on the enemy hull."""

    __hash__ = object.__hash__  # identity, as for Side

    def __repr__(self) -> str:
        return f"Goal.{self.name}"


def check_goal(name: str, goal, ship: Ship) -> Goal:
    """Coerce *goal* to a :class:`Goal` that *ship* could ever meet, else RulesError.

    A ship without a gate core cannot choose the jump (ruling
    ``upper-hand-jump-needs-gate-core``). See :func:`check_leapers` for the leap.
    """
    goal = check_enum(name, goal, Goal)
    if goal is Goal.JUMP and not ship.has_gate_core:
        raise RulesError(
            f"{name!r} must not be jump for a ship without a gate core (got {describe(goal.value)} for {ship.name!r})",
            argument=name
        )
    return goal


def check_leapers(name: str, goal: Goal, ship: Ship) -> None:
    """Refuse the leaping goal for a ship that starts with no boarders."""
    if goal is Goal.LEAP and ship.boarders < 1:
        raise RulesError(
            f"{name!r} must not be leap for a ship with no boarders "
            f"(got {describe(goal.value)} for {ship.name!r}; set 'boarders')", argument=name
        )


def requirement_met(goal: Goal | str, own: Ship, enemy: Ship, *, rulings: Rulings = STANDARD) -> bool:
    """Whether *goal*'s extra requirement holds (the Upper Hand is checked elsewhere).

    For :attr:`Goal.LEAP` this says whether anyone is left to leap; the leap
    throw itself is :func:`leap`. Docking reads *rulings*
    (:attr:`~voidref.upper_hand.rulings.Rulings.dock_needs_both`).
    """
    goal = check_enum("goal", goal, Goal)
    check_rulings(rulings)
    for name, ship in (("own", own), ("enemy", enemy)):
        if not isinstance(ship, Ship):
            raise RulesError(argument=name, expected="a Ship", received=ship)
    if goal is Goal.REACH:
        return own.thrusters_condition is not Condition.DISABLED
    if goal is Goal.JUMP:
        return own.has_gate_core and own.gate_core_condition is not Condition.DISABLED
    if goal is Goal.DOCK:
        enemy_slowed = enemy.thrusters_condition is not Condition.INTACT
        ours_better = own.thrusters_condition.value < enemy.thrusters_condition.value
        return enemy_slowed and ours_better if rulings.dock_needs_both else enemy_slowed or ours_better
    return own.boarders > 0


class LeapResult(enum.Enum):
    """What happens to one boarder who leaps."""

    LANDED = "landed"
    """The throw succeeded, the boarder is on the enemy hull."""
    DIED = "died"
    """Failed and hit the other ship, dead at once."""
    DRIFTED = "drifted"
    """Failed and missed, drifting off into space."""

    def __repr__(self) -> str:
        return f"LeapResult.{self.name}"


def leap(impact: int, split_roll: int | None = None) -> LeapResult:
    """One boarder's leap from the Impact of their throw + Agility.

    On a failure (Impact 0) *split_roll* (1d6) picks between the two even
    chances: 1-3 dies, 4-6 drifts (ruling ``LEAP_FAILURE_SPLIT``).

    >>> leap(2)
    LeapResult.LANDED
    >>> leap(0, split_roll=5)
    LeapResult.DRIFTED
    """
    check_int("impact", impact, low=0, high=100)
    if impact > 0:
        return LeapResult.LANDED
    if split_roll is None:
        raise RulesError("'split_roll' must be an integer from 1 to 6 when the leap fails (got None)",
                         argument="split_roll")
    check_int("split_roll", split_roll, low=1, high=6)
    return LeapResult.DIED if split_roll in LEAP_FAILURE_SPLIT["dies"] else LeapResult.DRIFTED


def leap_odds(agility: int = 0, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact chances of each :class:`LeapResult` for one boarder."""
    check_int("agility", agility, low=0, high=MAX_SKILL)
    throw = check_rulings(rulings).task_throw.impact_odds(bonus=agility)
    split = Dist.die(6)
    return throw.bind(lambda i: Dist.always(LeapResult.LANDED) if i > 0 else split.map(lambda r: leap(0, r)))


def party_leap_odds(boarders: int, agility: int = 0, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of how many of *boarders* land when they all leap."""
    check_int("boarders", boarders, low=0, high=20)
    one = leap_odds(agility, rulings=rulings).map(lambda r: int(r is LeapResult.LANDED))
    return one.repeat_sum(boarders)


class Ending(enum.Enum):
    """How an engagement ended (the last two only in the odds: there is no winner)."""

    GOAL = "goal"
    """The winner held the Upper Hand at the end of a round and met its requirement."""
    SURRENDER = "surrender"
    """The loser surrendered (an NPC crew may instead retreat), so the winner gets its goal."""
    STALEMATE = STALEMATE
    """Neither side can ever meet its goal again (ruling ``STALEMATE``); only the odds report it."""
    UNFINISHED = "unfinished"
    """A simulated fight still going after its last round; only the simulation reports it."""

    __hash__ = object.__hash__  # identity, as for Side: cheap in the exact chain

    def __repr__(self) -> str:
        return f"Ending.{self.name}"


class Finish(NamedTuple):
    """How a whole engagement finished, as the odds count it: who got its goal, and how.

    The key of every chance in :class:`~voidref.upper_hand.odds.EngagementOdds`,
    :class:`~voidref.upper_hand.odds.EngagementBounds` and
    :class:`~voidref.upper_hand.simulation.SimulatedOdds`, and of every
    ending in :func:`~voidref.upper_hand.odds.round_odds`. ``winner`` is
    ``None`` exactly when ``ending`` is :attr:`Ending.STALEMATE` or
    :attr:`Ending.UNFINISHED`. A finish equals the plain pair
    ``(winner, ending)``, so either looks up a chance.

    >>> Finish(Side.A, Ending.GOAL).label, Finish(None, Ending.STALEMATE).label
    ('A goal', 'stalemate')
    >>> Finish(Side.B, Ending.SURRENDER) == (Side.B, Ending.SURRENDER)
    True
    """

    winner: Side | None
    ending: Ending

    @property
    def label(self) -> str:
        """The winning side and the ending as short text, or the ending alone when nobody won."""
        return self.ending.value if self.winner is None else f"{self.winner.name} {self.ending.value}"


def check_finish(name: str, value) -> Finish:
    """Coerce *value*, a :class:`Finish` or a ``(winner, ending)`` pair, to a :class:`Finish`, else RulesError."""
    if not isinstance(value, tuple) or len(value) != 2:
        raise RulesError(f"{name!r} must be a Finish, a (winner, ending) pair (got {describe(value)})", argument=name)
    ending = check_enum(name, value[1], Ending)
    winner = None if value[0] is None else check_enum(name, value[0], Side)
    if (winner is None) != (ending in (Ending.STALEMATE, Ending.UNFINISHED)):
        raise RulesError(f"{name!r} must name a winner unless the ending is a stalemate or unfinished"
                         f" (got {describe(value)})",
                         argument=name)
    return Finish(winner, ending)


@dataclass(frozen=True)
class Outcome:
    """The end of an engagement: who got their goal, how, and in which round.

    ``round`` is 0 for a surrender before round 1. ``note`` records side
    effects such as a damaged gate core failing after its last jump.
    """

    winner: Side
    goal: Goal
    ending: Ending
    round: int
    note: str = ""

    def __post_init__(self):
        object.__setattr__(self, "winner", check_enum("winner", self.winner, Side))
        object.__setattr__(self, "goal", check_enum("goal", self.goal, Goal))
        object.__setattr__(self, "ending", check_enum("ending", self.ending, Ending))
        if self.ending not in (Ending.GOAL, Ending.SURRENDER):
            raise RulesError(f"'ending' must be goal or surrender: an engagement with a winner ended one of those ways "
                             f"(got {describe(self.ending.value)})", argument="ending")
        check_int("round", self.round, low=0, high=10_000)
