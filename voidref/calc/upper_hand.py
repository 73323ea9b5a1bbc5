"""Upper Hand calculators: one Maneuver phase, and a whole engagement played to its end.

Each compute function takes the typed values of its fields, builds the
engine's own :class:`~voidref.upper_hand.ships.Ship` values, asks
:mod:`voidref.upper_hand` for the answer and lays it out as a
:class:`~voidref.calc.results.Result`. No rule is computed here.

>>> r = phase(my_thrusters=2, my_pilot=1, their_thrusters=2)
>>> r.facts[0], r.facts[3]
(('Win phase', Figure(Fraction(43, 108), '39.8%')), ('Hold after', Figure(Fraction(43, 108), '39.8%')))
>>> dict(engagement(my_goal="jump", their_goal="jump", exact_work_limit=1000).facts)["Method"]
'simulation'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, IntField
from voidref.calc.registry import calculator, roller
from voidref.calc.results import Line, Result, Table, Text, chance_table, decimal, line, numbered_dice, pct
from voidref.errors import RulesError, TooLargeError, check_bool, check_enum, check_int
from voidref.present import Figure, percent
from voidref.upper_hand.goals import Ending, Finish, Goal
from voidref.upper_hand.maneuver import maneuver_odds
from voidref.upper_hand.odds import (
    MAX_CHAIN_WORK,
    EngagementBounds,
    engagement_bounds,
    engagement_odds,
    simulate_engagement,
)
from voidref.upper_hand.rulings import MAX_RANK, MAX_SKILL, STANDARD, Rulings
from voidref.upper_hand.ships import Condition, Ship, Side
from voidref.upper_hand.throws import roll_throw, throw_odds

__all__ = ["phase", "engagement", "roll_task_throw"]

_HOLDERS = {"me": Side.A, "them": Side.B, "nobody": None}
_CONDITIONS = (("intact", "Intact"), ("damaged", "Damaged"), ("disabled", "Disabled"))


_THROW_SWITCHES = (
    IntField("throw_dice", "Task Throw dice (d6)", STANDARD.throw_dice,
             "Ours: 2, an invention (the source never defines the throw).", low=1, high=3, group=RULINGS),
    IntField("throw_succeeds_at", "Task Throw succeeds at", STANDARD.throw_succeeds_at,
             "Ours: 8 or more, an invention.", low=2, high=18, group=RULINGS),
    IntField("bare_success_impact", "Impact of a bare success", STANDARD.bare_success_impact,
             "Ours: 1 (Impact = total - 7), an invention; 0 counts from the target.", low=0, high=1, group=RULINGS),
    IntField("disadvantage_extra_dice", "Extra dice dropped when disadvantaged", STANDARD.disadvantage_extra_dice,
             "Ours: 1, an invention; 0 makes damage matter only through the rank.", low=0, high=2, group=RULINGS),
)
"""The Task Throw switches of :class:`~voidref.upper_hand.rulings.Rulings` both calculators offer under "Rulings"."""


def _holder(name: str, value: str) -> Side | None:
    if not isinstance(value, str) or value.strip().lower() not in _HOLDERS:
        raise RulesError(f"{name!r} must be one of me, them, nobody (got {value!r})", argument=name)
    return _HOLDERS[value.strip().lower()]


@calculator("upper-hand-phase", "Maneuver phase (Upper Hand)", "upper_hand",
            "Who wins one Maneuver phase and who holds the Upper Hand after it.", (
                IntField("my_thrusters", "My Thrusters rank", 2, "0 to 10", low=0, high=10),
                IntField("my_pilot", "My Pilot skill", 0, "0 to 10", low=0, high=10),
                ChoiceField("my_thrusters_condition", "My Thrusters", "intact", choices=_CONDITIONS, enum=Condition),
                IntField("their_thrusters", "Their Thrusters rank", 2, "0 to 10", low=0, high=10),
                IntField("their_pilot", "Their Pilot skill", 0, "0 to 10", low=0, high=10),
                ChoiceField("their_thrusters_condition", "Their Thrusters", "intact", choices=_CONDITIONS,
                            enum=Condition),
                ChoiceField("holder", "Who holds the Upper Hand now", "nobody",
                            choices=(("nobody", "Nobody"), ("me", "Me"), ("them", "Them"))),
                *_THROW_SWITCHES,
            ), rulings=STANDARD)
def phase(*, my_thrusters: int = 2, my_pilot: int = 0, my_thrusters_condition: Condition = Condition.INTACT,
          their_thrusters: int = 2, their_pilot: int = 0, their_thrusters_condition: Condition = Condition.INTACT,
          holder: str = "nobody", rulings: Rulings = STANDARD) -> Result:
    """Odds of one Maneuver phase and who holds the Upper Hand after it (rule anchor ``upper-hand-maneuver``).

    *holder* is who holds the Upper Hand before the phase: ``"me"``,
    ``"them"`` or ``"nobody"``. Winning the phase means a higher Impact (or
    their Thrusters disabled).
    """
    me = Ship("me", thrusters=check_int("my_thrusters", my_thrusters, low=0, high=MAX_RANK),
              pilot=check_int("my_pilot", my_pilot, low=0, high=MAX_SKILL),
              thrusters_condition=check_enum("my_thrusters_condition", my_thrusters_condition, Condition))
    them = Ship("them", thrusters=check_int("their_thrusters", their_thrusters, low=0, high=MAX_RANK),
                pilot=check_int("their_pilot", their_pilot, low=0, high=MAX_SKILL),
                thrusters_condition=check_enum("their_thrusters_condition", their_thrusters_condition, Condition))
    before = _holder("holder", holder)
    # who wins the phase: the Upper Hand after it when nobody held it before
    won = maneuver_odds(me, them, None, rulings=rulings)
    after = maneuver_odds(me, them, before, rulings=rulings)
    win, lose = won[Side.A], won[Side.B]
    tie = 1 - win - lose
    rows = (("Win phase", "I win the phase", win), ("Tie", "tie or both fail", tie),
            ("Lose phase", "they win the phase", lose),
            ("Hold after", "I hold the Upper Hand after", after[Side.A]),
            ("Nobody after", "nobody holds it after", after[None]),
            ("They hold after", "they hold it after", after[Side.B]))
    headline = line("I win the phase {}, tie {}, they win {}", pct(win), pct(tie), pct(lose))
    return Result(headline, tuple((fact, pct(p)) for fact, _, p in rows),
                  (chance_table("Odds", ((label, p) for _, label, p in rows)),))


_GOALS = (("jump", "Jump out"), ("dock", "Dock and board"), ("reach", "Reach a position"),
          ("leap", "Leap across (needs boarders)"))


def _ship_fields(who: str, label: str, goal: str) -> tuple:
    """One ship's fields for the whole-engagement calculator (*who* is ``my`` or ``their``)."""
    ranks = (("computer", "Computer rank", 1), ("guns", "Guns rank", 1), ("thrusters", "Thrusters rank", 2),
             ("gunnery", "Gunnery skill", 0), ("pilot", "Pilot skill", 0), ("boarders", "boarders (for a leap)", 0))
    return (ChoiceField(f"{who}_goal", f"{label} goal", goal, choices=_GOALS, enum=Goal),
            *(IntField(f"{who}_{name}", f"{label} {text}", default, "0 to 10", low=0, high=10)
              for name, text, default in ranks))


_STALEMATE = Finish(None, Ending.STALEMATE)
_LABELS: dict[Finish, str] = {
    Finish(Side.A, Ending.GOAL): "I meet my goal", Finish(Side.A, Ending.SURRENDER): "they give up",
    Finish(Side.B, Ending.GOAL): "they meet their goal", Finish(Side.B, Ending.SURRENDER): "I give up",
    _STALEMATE: "nobody can ever win", Finish(None, Ending.UNFINISHED): "still going after 200 rounds",
}
"""What each outcome of an engagement is called in the table."""
_HIDDEN = Finish(Side.B, Ending.SURRENDER)
"""The players never give up in these odds, so that row is left out."""


def _row_order(finish: Finish) -> tuple:
    """Simulated rows: a fight cut off first, then by side, goal before surrender."""
    return (finish.winner is not None, "" if finish.winner is None else finish.winner.value, finish.ending.value)

TRIALS = 1000
"""Engagements simulated when the exact chain is too big."""
EXACT_WORK_LIMIT = 600_000
"""The exact chain's work bound: every players' ship against an NPC ship the form accepts (4,374 levels at most,
times 11 x 11 shot results) is walked, in well under a second in the browser; a simulation of
:data:`TRIALS` engagements takes longer."""
EXACT_FRACTIONS_LIMIT = 15_000
"""The exact fractions, needed when the bounds leave a printed digit unsettled (or without *bounded*), are worked
out for chains this small before any walk (:func:`~voidref.upper_hand.odds.engagement_odds`' *max_work*: half a
second in CPython at most); they take a minute for the largest. See also :data:`EXACT_AFTER_WALK`."""
EXACT_AFTER_WALK = 50_000
"""A chain the floating-point walk found this small (its
:attr:`~voidref.upper_hand.odds.EngagementBounds.operations`) has its exact fractions worked out when the bounds
leave a digit unsettled, whatever its size before the walk: a chance or a mean that is exactly on a rounding step
(such as 13/8 rounds, or 1/16) comes from a small chain, and over 973 random forms with chains this small the exact
walk took at most 23 ms in CPython. A bigger chain prints the unsettled value with one more decimal instead."""


def _headline(i_win: Figure, they_win: Figure, stalemate: Figure) -> Line:
    """The engagement's answer as one line, from its three chances as printed."""
    return line("I win {}, they win {}, stalemate {}", i_win, they_win, stalemate)


def _from_bounds(bounds: EngagementBounds | None, finer: bool = False) -> Result | None:
    """The answer as text settled by the bounds of a floating-point walk, or ``None`` if any digit is not.

    With *finer*, a value the usual digits leave unsettled is printed with
    one more (``26.45%``, ``1.625`` rounds): the bounds are far narrower
    than the gap between a rounding step and the next finer one, so that
    always settles it (:func:`_places`).
    """
    if bounds is None:
        return None
    values = {"i_win": bounds.win(Side.A), "they_win": bounds.win(Side.B), "stalemate": bounds.outcomes[_STALEMATE]}
    values.update({k: v for k, v in bounds.outcomes.items() if k != _HIDDEN})
    found = {k: _places(low, high, percent, 1, finer) for k, (low, high) in values.items()}
    places = {k: n for k, n in found.items() if n is not None}
    if len(places) < len(found):
        return None
    rounds = None
    if bounds.expected_rounds is not None:
        kept = _places(*bounds.expected_rounds, _decimal_text, 2, finer)
        if kept is None:
            return None
        low, high = bounds.expected_rounds
        rounds = decimal(low, kept, upper=high)
    # Each figure is its lower bound, printed (like its upper bound and so the exact value) to the digits shown.
    text = {k: pct(values[k][0], places[k], upper=values[k][1]) for k in values}
    facts = (("Method", "exact to the digits shown"), ("I win", text["i_win"]), ("They win", text["they_win"]),
             ("Stalemate", text["stalemate"]), ("Expected rounds", "–" if rounds is None else rounds))
    rows = tuple((_LABELS[k], text[k]) for k in bounds.outcomes if k != _HIDDEN)
    headline = _headline(text["i_win"], text["they_win"], text["stalemate"])
    return Result(headline, facts, (Table("Odds", ("Label", "Chance"), rows),))


def _decimal_text(x: Fraction, places: int) -> str:
    """A number that is not a chance as :func:`~voidref.calc.results.decimal` prints it."""
    return str(decimal(x, places))


def _places(low: Fraction, high: Fraction, show: Callable[[Fraction, int], str], usual: int, finer: bool
            ) -> int | None:
    """The decimals with which *show* prints *low* and *high* alike: *usual*, or one more when *finer*; else ``None``.

    *show* must never decrease as its argument grows (rounding to a fixed
    number of digits never does), so equal ends mean the whole interval,
    the exact value included, prints the same. (It is
    :func:`~voidref.present.percent`, or the text of a :func:`~voidref.calc.results.decimal`.)

    >>> low, high = Fraction(2645, 10000) - Fraction(1, 10**12), Fraction(2645, 10000) + Fraction(1, 10**12)
    >>> percent(low), percent(high), percent(low, 2), percent(high, 2)
    ('26.4%', '26.5%', '26.45%', '26.45%')
    >>> _places(low, high, percent, 1, finer=False) is None, _places(low, high, percent, 1, finer=True)
    (True, 2)
    """
    for places in (usual, usual + 1) if finer else (usual,):
        if show(low, places) == show(high, places):
            return places
    return None


@calculator("upper-hand-engagement", "Whole engagement (Upper Hand)", "upper_hand",
            "A whole engagement played to its end: exact (a Markov chain) when the chain is small enough, "
            "otherwise a seeded simulation with its margin of error.",
            _ship_fields("my", "My", "jump") + _ship_fields("their", "Their", "dock") + _THROW_SWITCHES + (
                BoolField("crew_is_a_component", "The crew is a component (only two crew hits count)",
                          STANDARD.crew_is_a_component,
                          "Ours: no, a 4 hits the crew only and every crew hit counts. Printed, read literally: "
                          "yes, damaged then disabled like any component.", group=RULINGS),
                BoolField("dock_needs_both", "Docking needs both conditions (enemy Thrusters hit, ours better)",
                          STANDARD.dock_needs_both,
                          "Ours: yes, which comes to our Thrusters strictly better than theirs. Printed, reading "
                          "\"at least one\" across the row: no, their Thrusters damaged or disabled is enough.",
                          group=RULINGS),
            ), rulings=STANDARD)
def engagement(*, my_goal: Goal = Goal.JUMP, their_goal: Goal = Goal.DOCK, my_computer: int = 1, my_guns: int = 1,
               my_thrusters: int = 2, my_gunnery: int = 0, my_pilot: int = 0, my_boarders: int = 0,
               their_computer: int = 1, their_guns: int = 1, their_thrusters: int = 2, their_gunnery: int = 0,
               their_pilot: int = 0, their_boarders: int = 0, dodge_at: int | None = None, bounded: bool = True,
               exact_work_limit: int = EXACT_WORK_LIMIT, trials: int = TRIALS, rulings: Rulings = STANDARD) -> Result:
    """Odds of a whole engagement played to its end (rule anchor ``upper-hand-engagement-odds``).

    "My" ship is the players'; theirs is an NPC ship. The keywords after the
    ships' are not fields of the form (it keeps their defaults): *dodge_at* is
    the incoming Gunnery Impact at which a holder dodges (``None``: never);
    with *bounded* (the default) the chain is first walked in floating point with a proven error bound
    (:func:`~voidref.upper_hand.odds.engagement_bounds`): every percentage (and
    the expected rounds, to two decimals) is shown when the whole interval
    around it rounds the same way, so it is the rounding of the exact value
    (method "exact to the digits shown"). Otherwise the exact fractions are
    worked out (method "exact") when the chain needs at most
    ``EXACT_FRACTIONS_LIMIT`` units of work, or the walk found it small
    (``EXACT_AFTER_WALK``); a bigger chain prints each value its bounds
    leave unsettled with one more decimal (``26.45%``, ``1.625``), which
    they always settle. Only when the walk cannot vouch for its bounds, or
    the chain needs more than *exact_work_limit* units (about a microsecond
    a unit in CPython), are *trials* engagements simulated from seed 1 and
    shown with their 95 % margin of error (method "simulation").
    """
    check_bool("bounded", bounded)
    max_work = check_int("exact_work_limit", exact_work_limit, low=1, high=MAX_CHAIN_WORK)
    check_int("trials", trials, low=100, high=100_000)
    if dodge_at is not None:
        check_int("dodge_at", dodge_at, low=1, high=MAX_RANK)
    me = Ship("me", computer=my_computer, guns=my_guns, thrusters=my_thrusters, gunnery=my_gunnery, pilot=my_pilot,
              boarders=my_boarders, players=True)
    them = Ship("them", computer=their_computer, guns=their_guns, thrusters=their_thrusters, gunnery=their_gunnery,
                pilot=their_pilot, boarders=their_boarders, players=False)
    goal_a = check_enum("my_goal", my_goal, Goal)
    goal_b = check_enum("their_goal", their_goal, Goal)
    for goal, name, boarders in ((goal_a, "my", my_boarders), (goal_b, "their", their_boarders)):
        if goal is Goal.LEAP and not boarders:
            raise RulesError(argument=f"{name}_boarders", expected="at least 1 for the leap goal", received=boarders)
    try:
        bounds = None
        if bounded:
            bounds = engagement_bounds(me, them, goal_a, goal_b, rulings=rulings, dodge_at=dodge_at,
                                       max_work=max_work)
            shown = _from_bounds(bounds)
            if shown is not None:
                return shown
        small = bounds is not None and bounds.operations <= EXACT_AFTER_WALK
        exact = engagement_odds(me, them, goal_a, goal_b, rulings=rulings, dodge_at=dodge_at,
                                max_work=max_work if small else min(max_work, EXACT_FRACTIONS_LIMIT))
    except TooLargeError:
        exact = None
        shown = _from_bounds(bounds, finer=True)  # too big for the exact fractions in time: one more digit
        if shown is not None:
            return shown
    if exact is not None:
        rounds = "–" if exact.expected_rounds is None else decimal(exact.expected_rounds)
        i_win, they_win, stalemate = pct(exact.win(Side.A)), pct(exact.win(Side.B)), pct(exact.stalemate)
        facts = (("Method", "exact"), ("I win", i_win), ("They win", they_win),
                 ("Stalemate", stalemate), ("Expected rounds", rounds))
        return Result(_headline(i_win, they_win, stalemate), facts, (chance_table("Odds", (
            (_LABELS[k], p) for k, p in exact.outcomes.items() if k != _HIDDEN)),))
    sim = simulate_engagement(me, them, goal_a, goal_b, trials=trials, seed=1, rulings=rulings, dodge_at=dodge_at)
    i_win, they_win = pct(sim.win(Side.A), exact=False), pct(sim.win(Side.B), exact=False)
    sim_facts = (("Method", "simulation"), ("I win", i_win), ("They win", they_win),
                 ("Stalemate", "–"), ("Trials", str(trials)), ("Seed", "1"))
    rows = tuple((_LABELS[k], pct(sim.estimate(k), exact=False), f"±{sim.margin(k) * 100:.1f}%")
                 for k in sorted(sim.counts, key=_row_order))
    return Result(line("I win about {}, they win about {} (simulated)", i_win, they_win), sim_facts,
                  (Table("Odds", ("Label", "Chance", "Margin"), rows),))



# -- Rolling at the table -----------------------------------------------------------

_THROWS = (("plain", "Plain"), ("disadvantaged", "Disadvantaged (a damaged component)"),
           ("advantaged", "Advantaged (the GM's call)"))


@roller("upper-hand-throw", "Roll a Task Throw (Upper Hand)", "upper_hand",
        "Roll a Task Throw with its bonus, plain, disadvantaged or advantaged: the dice, the total and the Impact. "
        "The throw itself is our ruling: the source never says how to roll it.", (
            IntField("bonus", "Bonus (Skill Rank or Agility)", 0, "0 to 10", low=0, high=MAX_SKILL),
            IntField("rank", "Rank of the component (limits the Impact that counts)", MAX_RANK, "0 to 10",
                     low=0, high=MAX_RANK),
            ChoiceField("throw", "The throw", "plain", choices=_THROWS),
            *_THROW_SWITCHES,
            IntField("advantage_extra_dice", "Extra dice dropped when advantaged", STANDARD.advantage_extra_dice,
                     "Ours: 1, an invention (the source has no advantage); the lowest are dropped.", low=0, high=2,
                     group=RULINGS),
        ), rulings=STANDARD, nudges=(("One more bonus", "bonus", 1),))
def roll_task_throw(*, bonus: int = 0, rank: int = MAX_RANK, throw: str = "plain", rulings: Rulings = STANDARD,
                    rng: random.Random) -> Result:
    """Roll a Task Throw (:func:`voidref.upper_hand.roll_throw`): the dice, those kept, the total, the Impact.

    >>> roll_task_throw(bonus=2, rng=random.Random(1)).headline
    'Impact 2: 2 + 5 + 2 = 9'
    """
    disadvantaged, advantaged = throw == "disadvantaged", throw == "advantaged"
    rolled = roll_throw(bonus, rng, rank=rank, disadvantaged=disadvantaged, advantaged=advantaged, rulings=rulings)
    odds = throw_odds(bonus, rank, disadvantaged, advantaged=advantaged, rulings=rulings)
    task = rulings.task_throw
    head = (f"{'Impact ' + str(rolled.impact) if rolled.impact else 'Failure'}: "
            f"{' + '.join(map(str, rolled.kept))} + {bonus} = {rolled.total}")
    facts: tuple[tuple[str, Text], ...] = (
        ("The Task Throw (our ruling)", f"{task.dice}d{task.sides} + bonus; {task.succeed_at} or more succeeds"),
        ("Dice kept", ", ".join(map(str, rolled.kept))),
        ("Impact that counts (at most the rank)", str(rolled.counted)),
        ("Chance of success with this bonus", pct(odds.prob(lambda i: i > 0))),
        (f"Chance of Impact {rolled.counted} or more", pct(odds.prob(lambda i: i >= rolled.counted))),
    )
    return Result(head, facts, dice=numbered_dice(rolled.dice, task.sides))
