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
from fractions import Fraction

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, IntField
from voidref.calc.registry import calculator, roller
from voidref.calc.results import Line, Result, Table, Text, chance_table, decimal, line, numbered_dice, pct
from voidref.errors import RulesError, check_enum, check_int
from voidref.present import Figure, percent
from voidref.upper_hand.answer import EXACT_WORK_LIMIT, TRIALS, Known, answer_engagement
from voidref.upper_hand.goals import Ending, Finish, Goal
from voidref.upper_hand.maneuver import maneuver_odds
from voidref.upper_hand.odds import MAX_CHAIN_WORK
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

def _headline(i_win: Figure, they_win: Figure, stalemate: Figure) -> Line:
    """The engagement's answer as one line, from its three chances as printed."""
    return line("I win {}, they win {}, stalemate {}", i_win, they_win, stalemate)


def _decimal_text(x: Fraction, places: int) -> str:
    """A number that is not a chance as :func:`~voidref.calc.results.decimal` prints it."""
    return str(decimal(x, places))


def _chance(k: Known) -> Figure:
    """A chance of the answer as printed: exact, or its lower bound printed (like its upper) to the digits shown."""
    return pct(k.low, k.places) if k.exact else pct(k.low, k.places, upper=k.high)


def _rounds(k: Known | None) -> Figure | str:
    if k is None:
        return "–"
    return decimal(k.low, k.places) if k.exact else decimal(k.low, k.places, upper=k.high)


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
    the rest answer the engine's policy,
    :func:`~voidref.upper_hand.answer.answer_engagement` (the floating-point walk's proven bounds, printed to
    the digits they settle; the exact fractions for a small chain; one more decimal for a value on a rounding
    step of a big one; a seeded simulation of *trials* engagements only when nothing else can answer in time,
    shown with its 95 % margin of error). This function prints what it answers.
    """
    me = Ship("me", computer=my_computer, guns=my_guns, thrusters=my_thrusters, gunnery=my_gunnery, pilot=my_pilot,
              boarders=my_boarders, players=True)
    them = Ship("them", computer=their_computer, guns=their_guns, thrusters=their_thrusters, gunnery=their_gunnery,
                pilot=their_pilot, boarders=their_boarders, players=False)
    goal_a = check_enum("my_goal", my_goal, Goal)
    goal_b = check_enum("their_goal", their_goal, Goal)
    for goal, name, boarders in ((goal_a, "my", my_boarders), (goal_b, "their", their_boarders)):
        if goal is Goal.LEAP and not boarders:
            raise RulesError(argument=f"{name}_boarders", expected="at least 1 for the leap goal", received=boarders)
    ans = answer_engagement(me, them, goal_a, goal_b, chance_text=percent, number_text=_decimal_text,
                            rulings=rulings, dodge_at=dodge_at, bounded=bounded,
                            max_work=check_int("exact_work_limit", exact_work_limit, low=1, high=MAX_CHAIN_WORK),
                            trials=trials)
    if ans.simulated is None:
        assert ans.win_a is not None and ans.win_b is not None and ans.stalemate is not None
        i_win, they_win, stalemate = _chance(ans.win_a), _chance(ans.win_b), _chance(ans.stalemate)
        facts = (("Method", ans.method.value), ("I win", i_win), ("They win", they_win),
                 ("Stalemate", stalemate), ("Expected rounds", _rounds(ans.expected_rounds)))
        rows = tuple((_LABELS[k], _chance(known)) for k, known in ans.outcomes.items() if k != _HIDDEN)
        return Result(_headline(i_win, they_win, stalemate), facts, (Table("Odds", ("Label", "Chance"), rows),))
    sim = ans.simulated
    i_win, they_win = pct(sim.win(Side.A), exact=False), pct(sim.win(Side.B), exact=False)
    sim_facts = (("Method", ans.method.value), ("I win", i_win), ("They win", they_win),
                 ("Stalemate", "–"), ("Trials", str(trials)), ("Seed", "1"))
    sim_rows = tuple((_LABELS[k], pct(sim.estimate(k), exact=False), f"±{sim.margin(k) * 100:.1f}%")
                     for k in sorted(sim.counts, key=_row_order))
    return Result(line("I win about {}, they win about {} (simulated)", i_win, they_win), sim_facts,
                  (Table("Odds", ("Label", "Chance", "Margin"), sim_rows),))

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
    """Roll a Task Throw (:func:`voidref.upper_hand.throws.roll_throw`): the dice, those kept, the total, the Impact.

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
