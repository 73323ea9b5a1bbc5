"""Plain-data entry points for the site's Upper Hand calculators.

Each function takes keyword arguments of plain types (ints, strings, bools)
and returns plain data: dicts and lists holding ints, strings and exact
:class:`~fractions.Fraction` probabilities (``percent`` strings are for
display only). The rules live in the engine modules; these functions only
gather their answers. Bad input raises :class:`~voidref.errors.RulesError`
naming the argument.

>>> odds = upper_hand_chance(my_thrusters=2, my_pilot=1, their_thrusters=2)
>>> odds["win_phase"], odds["hold_after"]
(Fraction(43, 108), Fraction(43, 108))
>>> engagement_outcome_odds(my_goal="jump", their_goal="jump")["method"]
'simulation'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from voidref.errors import RulesError, check_bool, check_enum, check_int
from voidref.exact import percent
from voidref.upper_hand.goals import Ending, Finish, Goal
from voidref.upper_hand.maneuver import maneuver_odds
from voidref.calc.results import decimal, pct
from voidref.upper_hand.odds import (
    MAX_CHAIN_WORK, EngagementBounds, engagement_bounds, engagement_odds, simulate_engagement,
)
from voidref.upper_hand.rulings import MAX_RANK, MAX_SKILL
from voidref.upper_hand.ships import Condition, Ship, Side

__all__ = ["upper_hand_chance", "engagement_outcome_odds"]

_HOLDERS = {"me": Side.A, "them": Side.B, "nobody": None}

_STALEMATE = Finish(None, Ending.STALEMATE)
_I_GIVE_UP = Finish(Side.B, Ending.SURRENDER)  # never here: my ship is the players', whose crew has no surrender check


def _holder(name: str, value: str) -> Side | None:
    if not isinstance(value, str) or value.strip().lower() not in _HOLDERS:
        raise RulesError(f"{name!r} must be one of me, them, nobody (got {value!r})")
    return _HOLDERS[value.strip().lower()]


def _row_order(finish: Finish) -> tuple:
    """Simulated rows: a fight cut off first, then by side, goal before surrender."""
    return (finish.winner is not None, "" if finish.winner is None else finish.winner.value, finish.ending.value)


def _p(p: Fraction) -> dict[str, Any]:
    return {"probability": p, "percent": percent(p)}


def _settled(low: Fraction, high: Fraction, show) -> str | None:
    """How *show* prints every value between *low* and *high*, or ``None`` if they print differently.

    *show* must never decrease as its argument grows (rounding to a fixed
    number of digits never does), so equal ends mean the whole interval,
    the exact value included, prints the same.
    """
    text = show(low)
    return text if show(high) == text else None


def _shown(bounds: EngagementBounds | None, labels: dict) -> dict[str, Any] | None:
    """The whole-engagement answer as display strings settled by *bounds*, or ``None`` if any is not."""
    if bounds is None:
        return None
    values = {"i_win": bounds.win(Side.A), "they_win": bounds.win(Side.B), "stalemate": bounds.outcomes[_STALEMATE]}
    values.update({k: v for k, v in bounds.outcomes.items() if k != _I_GIVE_UP})
    shown = {k: _settled(*v, pct) for k, v in values.items()}
    rounds = None
    if bounds.expected_rounds is not None:
        rounds = _settled(*bounds.expected_rounds, decimal)
        if rounds is None:
            return None
    if None in shown.values():
        return None
    return {"method": "exact to the digits shown", "i_win": shown["i_win"], "they_win": shown["they_win"],
            "stalemate": shown["stalemate"], "expected_rounds": rounds,
            "rows": [{"label": labels[k], "percent": shown[k]} for k in bounds.outcomes if k != _I_GIVE_UP]}


def upper_hand_chance(*, my_thrusters: int = 2, my_pilot: int = 0, my_thrusters_condition: str = "intact",
                      their_thrusters: int = 2, their_pilot: int = 0, their_thrusters_condition: str = "intact",
                      holder: str = "nobody") -> dict[str, Any]:
    """Odds of one Maneuver phase (rule anchor ``upper-hand-maneuver``).

    *holder* is who holds the Upper Hand before the phase: ``"me"``,
    ``"them"`` or ``"nobody"``. Returns ``win_phase`` (my Impact higher, or
    their Thrusters disabled), ``tie``, ``lose_phase`` and the Upper Hand
    afterwards: ``hold_after``, ``nobody_after``, ``they_hold_after``
    (Fractions), with ``rows`` (label, probability, percent) for display.
    """
    me = Ship("me", thrusters=check_int("my_thrusters", my_thrusters, low=0, high=MAX_RANK),
              pilot=check_int("my_pilot", my_pilot, low=0, high=MAX_SKILL),
              thrusters_condition=check_enum("my_thrusters_condition", my_thrusters_condition, Condition))
    them = Ship("them", thrusters=check_int("their_thrusters", their_thrusters, low=0, high=MAX_RANK),
                pilot=check_int("their_pilot", their_pilot, low=0, high=MAX_SKILL),
                thrusters_condition=check_enum("their_thrusters_condition", their_thrusters_condition, Condition))
    before = _holder("holder", holder)
    # who wins the phase: the Upper Hand after it when nobody held it before
    phase = maneuver_odds(me, them, None)
    after = maneuver_odds(me, them, before)
    win, lose = phase[Side.A], phase[Side.B]
    result = {
        "win_phase": win,
        "tie": 1 - win - lose,
        "lose_phase": lose,
        "hold_after": after[Side.A],
        "nobody_after": after[None],
        "they_hold_after": after[Side.B],
    }
    labels = {"win_phase": "I win the phase", "tie": "tie or both fail", "lose_phase": "they win the phase",
              "hold_after": "I hold the Upper Hand after", "nobody_after": "nobody holds it after",
              "they_hold_after": "they hold it after"}
    result["rows"] = [{"label": labels[k], **_p(v)} for k, v in result.items() if k in labels]
    return result


def engagement_outcome_odds(*, my_goal: str = "jump", their_goal: str = "dock", my_computer: int = 1, my_guns: int = 1,
                            my_thrusters: int = 2, my_software: int = 0, my_gunnery: int = 0, my_pilot: int = 0,
                            my_gate_core: bool = True, my_boarders: int = 0, my_agility: int = 0,
                            their_computer: int = 1, their_guns: int = 1, their_thrusters: int = 2,
                            their_software: int = 0, their_gunnery: int = 0, their_pilot: int = 0,
                            their_gate_core: bool = True, their_boarders: int = 0, their_agility: int = 0,
                            they_are_npcs: bool = True, dodge_at: int = 0, trials: int = 2000,
                            seed: int = 1, exact_work_limit: int = 200_000,
                            exact_fractions: bool = True) -> dict[str, Any]:
    """Odds of a whole engagement played to its end (rule anchor ``upper-hand-engagement-odds``).

    "My" ship is the players'; theirs is an NPC ship when *they_are_npcs*.
    *dodge_at* is the incoming Gunnery Impact at which a holder dodges (0 =
    never). The answer is exact (a Markov chain) when the chain is small
    enough, otherwise a seeded simulation of *trials* engagements with its
    95 % margin of error. *exact_work_limit* bounds the exact chain's work
    (roughly 5 to 15 microseconds a unit in CPython; the default answers within a few
    seconds, :data:`~voidref.upper_hand.odds.MAX_CHAIN_WORK` is the most).
    Returns ``method`` (``"exact"`` or
    ``"simulation"``), ``i_win``, ``they_win``, ``stalemate`` and ``rows``
    (label, probability, percent, plus ``margin`` for a simulation).

    With ``exact_fractions=False`` (the site's calculator) the chain is
    walked in floating point with a proven error bound
    (:func:`~voidref.upper_hand.odds.engagement_bounds`), several times
    faster, and the answer holds display strings instead of fractions:
    every percentage (and the expected rounds to two decimals) is the
    rounding of the exact value, because the whole interval around it
    rounds the same way; if any interval straddles a rounding step, the
    exact fractions are worked out and shown instead. ``method`` is then
    ``"exact to the digits shown"``.
    """
    check_bool("they_are_npcs", they_are_npcs)
    check_bool("exact_fractions", exact_fractions)
    check_bool("my_gate_core", my_gate_core)
    check_bool("their_gate_core", their_gate_core)
    check_int("dodge_at", dodge_at, low=0, high=MAX_RANK)
    check_int("trials", trials, low=100, high=100_000)
    me = Ship("me", computer=my_computer, guns=my_guns, thrusters=my_thrusters, software=my_software,
              gunnery=my_gunnery, pilot=my_pilot, has_gate_core=my_gate_core, boarders=my_boarders,
              agility=my_agility, players=True)
    them = Ship("them", computer=their_computer, guns=their_guns, thrusters=their_thrusters,
                software=their_software, gunnery=their_gunnery, pilot=their_pilot, has_gate_core=their_gate_core,
                boarders=their_boarders, agility=their_agility, players=not they_are_npcs)
    goal_a = check_enum("my_goal", my_goal, Goal)
    goal_b = check_enum("their_goal", their_goal, Goal)
    for goal, name, boarders in ((goal_a, "my", my_boarders), (goal_b, "their", their_boarders)):
        if goal is Goal.LEAP and not boarders:
            raise RulesError(f"'{name}_boarders' must be at least 1 for the leap goal (got {boarders})")
    dodge = dodge_at or None
    labels = {Finish(Side.A, Ending.GOAL): "I meet my goal", Finish(Side.A, Ending.SURRENDER): "they give up",
              Finish(Side.B, Ending.GOAL): "they meet their goal", _I_GIVE_UP: "I give up",
              _STALEMATE: "nobody can ever win", Finish(None, Ending.UNFINISHED): "still going after 200 rounds"}
    max_work = check_int("exact_work_limit", exact_work_limit, low=1, high=MAX_CHAIN_WORK)
    try:
        if not exact_fractions:
            shown = _shown(engagement_bounds(me, them, goal_a, goal_b, dodge_at=dodge, max_work=max_work), labels)
            if shown is not None:
                return shown
        exact = engagement_odds(me, them, goal_a, goal_b, dodge_at=dodge, max_work=max_work)
    except RulesError as error:
        if "simulate_engagement" not in str(error):
            raise
        exact = None
    if exact is not None:
        rows = [{"label": labels[k], **_p(v)} for k, v in exact.outcomes.items() if k != _I_GIVE_UP]
        return {"method": "exact", "i_win": exact.win(Side.A), "they_win": exact.win(Side.B),
                "stalemate": exact.stalemate, "expected_rounds": exact.expected_rounds, "rows": rows}
    sim = simulate_engagement(me, them, goal_a, goal_b, trials=trials, seed=check_int("seed", seed, low=0, high=2**31),
                              dodge_at=dodge)
    rows = [{"label": labels[k], **_p(sim.estimate(k)), "margin": f"±{sim.margin(k) * 100:.1f}%"}
            for k in sorted(sim.counts, key=_row_order)]
    return {"method": "simulation", "i_win": sim.win(Side.A), "they_win": sim.win(Side.B),
            "stalemate": None, "trials": trials, "seed": seed, "rows": rows}
