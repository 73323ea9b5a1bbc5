"""Estimated odds of a whole engagement by seeded simulation, for chains too big to solve exactly.

Each fight is played by the step-by-step
:class:`~voidref.upper_hand.engagement.Engagement`, so the simulation and the
exact chain (:func:`~voidref.upper_hand.odds.engagement_odds`) share every
rule. Both are imported from :mod:`voidref.upper_hand.odds` (and
:mod:`voidref.upper_hand`).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_int, describe
from voidref.upper_hand.engagement import Engagement, Phase, check_setup
from voidref.upper_hand.goals import Ending, Finish, Goal, check_finish
from voidref.upper_hand.maneuver import check_holder
from voidref.upper_hand.rulings import DEFAULT_DODGE_AT, STANDARD, Rulings
from voidref.upper_hand.ships import Ship, Side
from voidref.upper_hand.throws import Station, station_odds

__all__ = ["SimulatedOdds", "simulate_engagement"]


@dataclass(frozen=True)
class SimulatedOdds:
    """Estimated chances from a seeded simulation, with their error.

    ``counts`` maps each :class:`~voidref.upper_hand.goals.Finish` that
    happened (as in :class:`~voidref.upper_hand.odds.EngagementOdds`, plus
    ``Finish(None, Ending.UNFINISHED)`` for runs cut off at ``max_rounds``)
    to how many of the ``trials`` ended that way. :meth:`margin` is the half-width of a 95 %
    confidence interval (normal approximation).
    """

    trials: int
    seed: int
    max_rounds: int
    counts: dict

    def estimate(self, outcome: Finish | tuple) -> Fraction:
        """The share of trials that ended with *outcome*, a :class:`~voidref.upper_hand.goals.Finish`."""
        return Fraction(self.counts.get(check_finish("outcome", outcome), 0), self.trials)

    def margin(self, outcome: Finish | tuple) -> float:
        """95 % margin of error of :meth:`estimate` (1.96 standard errors)."""
        p = float(self.estimate(outcome))
        return 1.96 * math.sqrt(p * (1 - p) / self.trials)

    def win(self, side: Side | str) -> Fraction:
        """Share of trials in which *side* got its goal (by the rules or a surrender)."""
        who = check_holder("side", side)
        if who is None:
            raise RulesError("'side' must be a or b (got None)", argument="side")
        return self.estimate(Finish(who, Ending.GOAL)) + self.estimate(Finish(who, Ending.SURRENDER))


def simulate_engagement(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, trials: int = 2000, seed: int = 1,
                        max_rounds: int = 200, rulings: Rulings = STANDARD, dodge_at: int | None = DEFAULT_DODGE_AT,
                        choose_a=None, choose_b=None) -> SimulatedOdds:
    """Play the engagement *trials* times with a seeded random generator.

    Each fight is played by the step-by-step
    :class:`~voidref.upper_hand.engagement.Engagement`, fed with random
    results: Impacts drawn from the throw rule's exact odds, d6 rolls for hit
    locations, crew checks and leaps. So the simulation and the exact chain
    share every rule, and agree up to sampling error (see
    :meth:`SimulatedOdds.margin`). The cost grows with *trials* and the fight's
    length, never with the size of the chain.
    """
    state = check_setup(a, b, goal_a, goal_b, rulings, dodge_at)
    check_int("trials", trials, low=1, high=1_000_000)
    check_int("seed", seed, low=0, high=2**63)
    check_int("max_rounds", max_rounds, low=1, high=10_000)
    for name, choose in (("choose_a", choose_a), ("choose_b", choose_b)):
        if choose is not None and not callable(choose):
            raise RulesError(f"{name!r} must be a callable taking the target Ship, or None (got {describe(choose)})",
                             argument=name)
    rng = random.Random(seed)
    odds_cache: dict = {}
    choose = {Side.A: choose_a, Side.B: choose_b}

    def draw(dist_key, make):
        if dist_key not in odds_cache:
            items = list(make().probabilities().items())
            odds_cache[dist_key] = ([k for k, _ in items], list(itertools.accumulate(p for _, p in items)))
        keys, cumulative = odds_cache[dist_key]
        # a uniform 53-bit fraction against the exact cumulative chances
        return keys[bisect.bisect_right(cumulative, Fraction(rng.getrandbits(53), 2**53))]

    def impact(ship: Ship, station: Station) -> int:
        return draw((ship, station), lambda: station_odds(ship, station, rulings=rulings))

    def shot(target: Ship, points: int) -> tuple[list[int], list]:
        rolls = [rng.randint(1, 6) for _ in range(points)]
        crew: list
        if target.players:
            crew = [(rng.choice(target.pcs) if target.pcs else "a PC", rng.randint(1, 6) + rng.randint(1, 6))
                    for _ in range(points)]
        else:
            crew = [rng.randint(1, 6) for _ in range(points)]
        return rolls, crew

    counts: dict = {}
    for _ in range(trials):
        eng = Engagement(state.a, state.b, state.goal_a, state.goal_b, rulings=rulings)
        eng.open(impact(state.a, Station.SOFTWARE), impact(state.b, Station.SOFTWARE))
        while eng.phase is not Phase.OVER and eng.round <= max_rounds:
            holder = eng.holder
            if holder is None:
                ia, ib = impact(eng.state.a, Station.GUNNERY), impact(eng.state.b, Station.GUNNERY)
                rolls_a, crew_a = shot(eng.state.a, ib)
                rolls_b, crew_b = shot(eng.state.b, ia)
                eng.fire_together(ia, ib, rolls_a, rolls_b, crew_a, crew_b,
                                  choose_on_a=choose[Side.B], choose_on_b=choose[Side.A])
            else:
                other = holder.other
                ix = impact(eng.state.ship(holder), Station.GUNNERY)
                rolls, crew = shot(eng.state.ship(other), ix)
                eng.fire(holder, ix, rolls, crew, choose=choose[holder])
                if eng.phase is Phase.OVER:
                    break
                iy = impact(eng.state.ship(other), Station.GUNNERY)
                if dodge_at is not None and iy >= dodge_at:
                    eng.fire(other, iy, dodge=True)
                else:
                    rolls, crew = shot(eng.state.ship(holder), iy)
                    eng.fire(other, iy, rolls, crew, choose=choose[other])
            if eng.phase is Phase.OVER:
                break
            eng.maneuver(impact(eng.state.a, Station.PILOT), impact(eng.state.b, Station.PILOT))
            leaps = []
            h = eng.holder
            if h is not None and eng.state.goal(h) is Goal.LEAP and eng.state.can_meet_goal(h, rulings):
                ship = eng.state.ship(h)
                agility, throw = ship.agility, rulings.task_throw
                leaps = [(draw(("leap", agility), lambda a=agility, t=throw: t.impact_odds(bonus=a)),
                          rng.randint(1, 6)) for _ in range(ship.boarders)]
            eng.end_round(leaps)
        end = Finish(eng.outcome.winner, eng.outcome.ending) if eng.outcome else Finish(None, Ending.UNFINISHED)
        counts[end] = counts.get(end, 0) + 1
    return SimulatedOdds(trials, seed, max_rounds, counts)
