"""Exact odds for a whole engagement, played out to its goal as a Markov chain.

Source: the whole "Ship Engagements" procedure; the engine's step functions
(:mod:`~voidref.upper_hand.maneuver`, :mod:`~voidref.upper_hand.damage`,
:mod:`~voidref.upper_hand.goals`) supply every transition, so no rule is
written twice.

The chain's state is what the rules remember between rounds: the condition
of each component, the crew hits taken, the boarders left and who holds the
Upper Hand. Damage only ever gets worse, so apart from the Upper Hand moving
back and forth the chain never returns to a state; we solve it one damage
level at a time (a 3-by-3 linear system each), least damaged first, exactly:
chances travel as integers over one denominator per level, and fractions are
only formed for the final answers. The number of damage levels is capped
(:data:`MAX_CHAIN_STATES`); beyond it use :func:`simulate_engagement`, whose
result states its own error.

>>> a = Ship("Kestrel", guns=1, thrusters=1, pilot=1, has_gate_core=True, players=True)
>>> b = Ship("Cutter", guns=1, thrusters=1)
>>> odds = engagement_odds(a, b, "jump", "dock")
>>> odds.total() == 1
True
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_int
from voidref.exact import Dist, percent
from voidref.upper_hand.damage import npc_surrender_chance
from voidref.upper_hand.engagement import Engagement, EngagementState, Phase
from voidref.upper_hand.goals import Ending, Goal, LeapResult, check_leapers, leap_odds, requirement_met
from voidref.upper_hand.maneuver import check_holder, maneuver_odds, opening_odds
from voidref.upper_hand.rulings import DEFAULT_DODGE_AT, STALEMATE, TASK_THROW, default_choice
from voidref.upper_hand.ships import Condition, Location, Ship, Side
from voidref.upper_hand.throws import Station, station_odds

__all__ = [
    "MAX_CHAIN_STATES",
    "MAX_CHAIN_WORK",
    "round_odds",
    "EngagementOdds",
    "engagement_odds",
    "SimulatedOdds",
    "simulate_engagement",
]

#: The most damage levels (pairs of damaged ships) the exact chain will solve.
#: The bound is checked before any work: 3 Thrusters x 3 Guns conditions per
#: ship, times 3 Gate Core conditions if tracked, 6 crew-hit counts for an
#: NPC ship and 2 boarder states for a leaper. Two NPC ships that both want to
#: jump (26,244 levels) are refused; a players' ship against an NPC ship
#: never is. Solving the largest allowed chain takes tens of seconds.
MAX_CHAIN_STATES = 3000

#: The most work the exact chain will take on, in units of damage levels times
#: ((most damage points of A + 1) x (most of B + 1)) squared; roughly 5 to 15
#: microseconds each in CPython, so the cap is under a minute. Checked before
#: any work, like :data:`MAX_CHAIN_STATES`.
MAX_CHAIN_WORK = 3_000_000

_OUTCOMES = ((Side.A, Ending.GOAL), (Side.A, Ending.SURRENDER), (Side.B, Ending.GOAL), (Side.B, Ending.SURRENDER), STALEMATE)


@dataclass(frozen=True)
class _Chooser:
    """The default 5-6 pick for one attacker, hashable so results can be cached."""

    attacker_goal: Goal
    defender_goal: Goal

    def __call__(self, defender: Ship) -> Location:
        return default_choice(self.attacker_goal, self.defender_goal, defender)


def _damage_table(ship: Ship, points: int, choose) -> dict:
    """``{(ship_after, surrendered): Fraction}`` for *points* of damage, exactly.

    Crew hits on the players' ship are not counted here: they hurt a PC but
    never change the engagement, and counting them would make the chain endless.
    """
    dist = {(ship, False): Fraction(1)}
    for _ in range(points):
        nxt: dict = {}
        for (s, gone), p in dist.items():
            if gone:
                nxt[(s, gone)] = nxt.get((s, gone), 0) + p
                continue
            chosen = choose(s)
            for location in Location:
                weight = Fraction(1 + (2 if location is chosen else 0), 6)
                after = s if (location is Location.CREW and s.players) else s.hit(location)
                if location is Location.CREW and not s.players:
                    q = npc_surrender_chance(after.crew_hits)
                    if q:
                        nxt[(after, True)] = nxt.get((after, True), 0) + p * weight * q
                    if q != 1:
                        nxt[(after, False)] = nxt.get((after, False), 0) + p * weight * (1 - q)
                else:
                    nxt[(after, False)] = nxt.get((after, False), 0) + p * weight
        dist = nxt
    return dist


def _add(table: dict, key, p) -> None:
    table[key] = table.get(key, 0) + p


class _Chain:
    """One-round transitions over compact states, with every rule taken from the engine.

    A compact ship state is ``(thrusters, guns, gate_core, crew_hits,
    boarders)`` as integers; the engine's :class:`Ship` for it is built once
    and cached, and every rule (throw odds, damage, the Maneuver phase,
    goal requirements, leaps) is the engine's own function applied to it. A
    Gate Core no rule can ever look at (the owner does not want to jump and
    the enemy aims by the default policy) is not tracked, nor are crew hits
    on the players' ship.
    """

    def __init__(self, a: Ship, b: Ship, goal_a: Goal, goal_b: Goal, throw_rule, dodge_at, choose_a, choose_b):
        self.base = {Side.A: a, Side.B: b}
        self.goal = {Side.A: goal_a, Side.B: goal_b}
        self.throw_rule = throw_rule
        self.dodge_at = dodge_at
        self.choose = {Side.A: choose_a or _Chooser(goal_a, goal_b), Side.B: choose_b or _Chooser(goal_b, goal_a)}
        custom = {Side.A: choose_a is not None, Side.B: choose_b is not None}
        self.track_gate = {s: self.goal[s] is Goal.JUMP or custom[s.other] for s in Side}
        self._ships: dict = {}
        self._cache: dict = {}
        # Weights are integers over fixed denominators (exact, and much faster
        # than adding fractions): gunnery Dg, damage Dd, maneuver Dm, leaps Dl.
        self.dg = math.lcm(*(self._denominator(station_odds(replace(ship, guns_condition=c), Station.GUNNERY, throw_rule))
                             for ship in (a, b) for c in Condition))
        most = max(a.guns, b.guns)
        self.dd = 6 ** (2 * most)
        pilots = [math.lcm(*(self._denominator(station_odds(replace(ship, thrusters_condition=c), Station.PILOT, throw_rule))
                             for c in Condition)) for ship in (a, b)]
        self.dm = pilots[0] * pilots[1]
        self.dl = 1
        for side in Side:
            if self.goal[side] is Goal.LEAP:
                self.dl = math.lcm(self.dl, self.leap_all_fail(side, self.dyn(side, self.base[side])).denominator)
        self.denominator = self.dg ** 2 * self.dd ** 2 * self.dm * self.dl

    @staticmethod
    def _denominator(dist: Dist) -> int:
        return math.lcm(*(p.denominator for p in dist.probabilities().values()))

    @staticmethod
    def _scaled(p: Fraction, denominator: int) -> int:
        w = p * denominator
        if w.denominator != 1:  # pragma: no cover - guards the fixed denominators above
            raise RulesError(f"'throw_rule' gives a chance {p} that the chain cannot scale exactly")
        return w.numerator

    def level_bound(self) -> int:
        """An upper bound on the damage levels the chain can visit."""
        bound = 1
        for side in Side:
            ship = self.base[side]
            bound *= 9 * (3 if self.track_gate[side] else 1) * (1 if ship.players else 6) * (2 if self.goal[side] is Goal.LEAP else 1)
        return bound

    def shot_spread(self) -> int:
        """(most damage points A can deal + 1) x (the same for B): the branching of one Gunnery phase."""
        spread = 1
        for side in Side:
            ship = self.base[side]
            most = max(self.throw_rule.impact_odds(bonus=ship.gunnery, disadvantaged=False))
            spread *= min(ship.guns, most) + 1
        return spread

    # -- compact <-> engine ----------------------------------------------------
    def dyn(self, side: Side, ship: Ship) -> tuple:
        return (ship.thrusters_condition.value, ship.guns_condition.value,
                ship.gate_core_condition.value if self.track_gate[side] else 0,
                0 if ship.players else ship.crew_hits, ship.boarders)

    def ship(self, side: Side, dyn: tuple) -> Ship:
        key = (side, dyn)
        if key not in self._ships:
            base = self.base[side]
            self._ships[key] = replace(base, thrusters_condition=Condition(dyn[0]), guns_condition=Condition(dyn[1]),
                                       gate_core_condition=Condition(dyn[2]) if self.track_gate[side] else base.gate_core_condition,
                                       crew_hits=dyn[3] if not base.players else base.crew_hits, boarders=dyn[4])
        return self._ships[key]

    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # -- rules, cached -----------------------------------------------------------
    def gun(self, side: Side, dyn: tuple):
        return self._cached(("gun", side, dyn[1]), lambda: tuple(
            (i, self._scaled(p, self.dg))
            for i, p in station_odds(self.ship(side, dyn), Station.GUNNERY, self.throw_rule).probabilities().items()))

    def hit(self, shooter: Side, dyn: tuple, points: int):
        target = shooter.other

        def make():
            table = _damage_table(self.ship(target, dyn), points, self.choose[shooter])
            out: dict = {}
            for (after, gone), p in table.items():
                _add(out, (self.dyn(target, after), gone), p)
            return tuple((k, self._scaled(p, self.dd)) for k, p in out.items())

        return self._cached(("hit", shooter, dyn, points), make)

    def maneuver(self, dyn_a: tuple, dyn_b: tuple, holder):
        return self._cached(("man", dyn_a[0], dyn_b[0], holder), lambda: tuple((h, self._scaled(p, self.dm)) for h, p in maneuver_odds(
            self.ship(Side.A, dyn_a), self.ship(Side.B, dyn_b), holder, self.throw_rule).probabilities().items()))

    def requirement(self, side: Side, own: tuple, enemy: tuple) -> bool:
        return self._cached(("req", side, own, enemy), lambda: requirement_met(
            self.goal[side], self.ship(side, own), self.ship(side.other, enemy)))

    def leap_all_fail(self, side: Side, dyn: tuple) -> Fraction:
        ship = self.ship(side, dyn)
        return self._cached(("leap", side, ship.boarders), lambda: (
            1 - leap_odds(ship.agility, self.throw_rule)[LeapResult.LANDED]) ** ship.boarders)

    # -- one round -------------------------------------------------------------------
    def transitions(self, dyn_a: tuple, dyn_b: tuple, holder, exact: bool = True) -> dict:
        """``{(dyn_a, dyn_b, holder) or (winner, Ending): Fraction}`` for one round.

        With ``exact=False`` the values are integer weights over ``self.denominator``.
        """
        out: dict = {}
        mid: dict = {}
        dg, dd, rest = self.dg, self.dd, self.dm * self.dl  # rest: factors a path skips when it ends early
        if holder is None:
            # Gunnery at once: both throws from the start of the phase, so the
            # two shots are independent; A's hits are resolved first.
            hits_b, gone_b, _ = self.shot(Side.A, dyn_a, dyn_b)
            hits_a, gone_a, _ = self.shot(Side.B, dyn_b, dyn_a)
            if gone_b:
                out[(Side.A, Ending.SURRENDER)] = gone_b * dg * dd * rest
            if gone_a:
                out[(Side.B, Ending.SURRENDER)] = (dg * dd - gone_b) * gone_a * rest
            for b2, wb in hits_b:
                for a2, wa in hits_a:
                    key = (a2, b2, None)
                    mid[key] = mid.get(key, 0) + wb * wa
        else:
            # Gunnery in order: the holder first, then the other ship (from
            # its state after that shot), which the holder may dodge.
            other = holder.other
            own, enemy = (dyn_a, dyn_b) if holder is Side.A else (dyn_b, dyn_a)
            hits, gone, _ = self.shot(holder, own, enemy)
            if gone:
                out[(holder, Ending.SURRENDER)] = gone * dg * dd * rest
            lost = 0
            for y2, wy in hits:
                back, gone2, dodged = self.shot(other, y2, own, dodge=True)
                if dodged:
                    key = (own, y2, None) if holder is Side.A else (y2, own, None)
                    mid[key] = mid.get(key, 0) + wy * dodged
                lost += wy * gone2
                for x2, wx in back:
                    key = (x2, y2, holder) if holder is Side.A else (y2, x2, holder)
                    mid[key] = mid.get(key, 0) + wy * wx
            if lost:
                out[(other, Ending.SURRENDER)] = lost * rest
        for (a2, b2, h0), p in mid.items():
            for k, w in self.settle(a2, b2, h0):
                out[k] = out.get(k, 0) + p * w
        if not exact:
            return out
        return {k: Fraction(w, self.denominator) for k, w in out.items()}

    def shot(self, shooter: Side, own: tuple, target: tuple, dodge: bool = False) -> tuple:
        """One ship's Gunnery throw and its damage: ``(hits, gone, dodged)``, weights over ``dg * dd``.

        *hits* pairs the target's state after the shot with its weight;
        *gone* is the weight of the target's crew giving up; with *dodge*,
        *dodged* is the weight of an Impact the target (holding the Upper
        Hand) dodges, at no damage.
        """
        def make():
            after: dict = {}
            gone = dodged = 0
            for i, p in self.gun(shooter, own):
                if dodge and self.dodge_at is not None and i >= self.dodge_at:
                    dodged += p * self.dd
                    continue
                for (t2, g), q in self.hit(shooter, target, i):
                    if g:
                        gone += p * q
                    else:
                        _add(after, t2, p * q)
            return tuple(after.items()), gone, dodged

        return self._cached(("shot", shooter, own[1], target, dodge), make)

    def settle(self, dyn_a: tuple, dyn_b: tuple, h0) -> tuple:
        """The Maneuver phase and the end of the round after a Gunnery phase, as ``(outcome, weight)`` pairs.

        The weights are over ``dm * dl``; many Gunnery outcomes of many
        levels lead to the same damage, so this is computed once for each.
        """
        def make():
            out: dict = {}
            for h, q in self.maneuver(dyn_a, dyn_b, h0):
                self.end_of_round(dyn_a, dyn_b, h, q, out)
            return tuple(out.items())

        return self._cached(("settle", dyn_a, dyn_b, h0), make)

    def end_of_round(self, dyn_a: tuple, dyn_b: tuple, h, p: int, out: dict) -> None:
        dyns = {Side.A: dyn_a, Side.B: dyn_b}
        if h is None or not self.requirement(h, dyns[h], dyns[h.other]):
            _add(out, (dyn_a, dyn_b, h), p * self.dl)
            return
        if self.goal[h] is not Goal.LEAP:
            _add(out, (h, Ending.GOAL), p * self.dl)
            return
        all_fail = self._scaled(self.leap_all_fail(h, dyns[h]), self.dl)
        if all_fail != self.dl:
            _add(out, (h, Ending.GOAL), p * (self.dl - all_fail))
        if all_fail:
            dyns[h] = dyns[h][:4] + (0,)
            _add(out, (dyns[Side.A], dyns[Side.B], h), p * all_fail)


def _check_setup(a, b, goal_a, goal_b, throw_rule, dodge_at):
    state = EngagementState(a, b, goal_a, goal_b)
    check_leapers("goal_a", state.goal_a, state.a)
    check_leapers("goal_b", state.goal_b, state.b)
    if dodge_at is not None:
        check_int("dodge_at", dodge_at, low=1, high=100)
    if not hasattr(throw_rule, "impact_odds"):
        raise RulesError(f"'throw_rule' must have an impact_odds(bonus, disadvantaged) method (got {throw_rule!r})")
    return state


def round_odds(state: EngagementState, throw_rule=TASK_THROW, dodge_at: int | None = DEFAULT_DODGE_AT) -> Dist:
    """Exact distribution of what one round leads to from *state*.

    Outcomes are the next :class:`~voidref.upper_hand.engagement.EngagementState`
    or, when the engagement ends, a ``(winner, Ending)`` pair. Crew hits on
    the players' ship are not counted in the states (they never change the
    engagement).
    """
    if not isinstance(state, EngagementState):
        raise RulesError(f"'state' must be an EngagementState (got {state!r})")
    if dodge_at is not None:
        check_int("dodge_at", dodge_at, low=1, high=100)
    chain = _Chain(state.a, state.b, state.goal_a, state.goal_b, throw_rule, dodge_at, None, None)
    table: dict = {}
    for key, p in chain.transitions(chain.dyn(Side.A, state.a), chain.dyn(Side.B, state.b), state.holder).items():
        if isinstance(key[0], Side):
            _add(table, key, p)
        else:
            _add(table, EngagementState(chain.ship(Side.A, key[0]), chain.ship(Side.B, key[1]),
                                        state.goal_a, state.goal_b, key[2]), p)
    return Dist(table)


@dataclass(frozen=True)
class EngagementOdds:
    """Exact chances of how an engagement ends.

    ``outcomes`` maps ``(winner, Ending)`` pairs and ``"stalemate"`` to
    exact probabilities. ``expected_rounds`` is the mean number of rounds
    (``None`` if a stalemate is possible). ``chain_states`` is the number of
    damage levels solved.
    """

    outcomes: dict
    expected_rounds: Fraction | None
    chain_states: int

    def total(self) -> Fraction:
        """The sum of all outcome chances (exactly 1)."""
        return sum(self.outcomes.values(), Fraction(0))

    def win(self, side: Side | str) -> Fraction:
        """The chance that *side* gets its goal, by the rules or by a surrender."""
        side = check_holder("side", side)
        if side is None:
            raise RulesError("'side' must be a or b (got None)")
        return self.outcomes[(side, Ending.GOAL)] + self.outcomes[(side, Ending.SURRENDER)]

    @property
    def stalemate(self) -> Fraction:
        """The chance that neither side can ever meet its goal."""
        return self.outcomes[STALEMATE]

    def summary(self) -> dict[str, str]:
        """The outcomes as percentages, for display."""
        names = {STALEMATE: "stalemate"}
        return {names.get(k) or f"{k[0].name} {k[1].value}": percent(v) for k, v in self.outcomes.items()}


def _adjugate(a):
    """Determinant and adjugate of a 1x1, 2x2 or 3x3 integer matrix (exact, no division)."""
    n = len(a)
    if n == 1:
        return a[0][0], [[1]]
    if n == 2:
        (p, q), (r, t) = a
        return p * t - q * r, [[t, -q], [-r, p]]
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = a
    cof = [[b1 * c2 - b2 * c1, b2 * c0 - b0 * c2, b0 * c1 - b1 * c0],
           [a2 * c1 - a1 * c2, a0 * c2 - a2 * c0, a1 * c0 - a0 * c1],
           [a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0]]
    det = a0 * cof[0][0] + a1 * cof[0][1] + a2 * cof[0][2]
    return det, [[cof[c][r] for c in range(3)] for r in range(3)]


def _solve_level(stay, denominator: int, mass: list[int], mass_den: int):
    """Expected visits ``v`` to each holder state of one damage level, exactly.

    *stay[i][j]* is the integer weight (over *denominator*) of moving from
    holder state i to holder state j without leaving the level; *mass* (over
    *mass_den*) is the chance of entering each. Solves ``v (I - stay/den) =
    mass`` by the adjugate, all in integers; returns ``(numerators, den)``
    with ``v[i] = numerators[i] / den``.
    """
    n = len(stay)
    a = [[(denominator if i == j else 0) - stay[i][j] for j in range(n)] for i in range(n)]
    det, adj = _adjugate(a)
    nums = [denominator * sum(mass[i] * adj[i][j] for i in range(n)) for j in range(n)]
    den = det * mass_den
    if den < 0:
        den, nums = -den, [-x for x in nums]
    g = math.gcd(den, *nums)
    return [x // g for x in nums], den // g


def _combine(parts) -> tuple[int, int]:
    """Sum fractions given as ``(numerator, denominator)`` pairs: ``(numerator, denominator)``, reduced.

    Pairs are added in a balanced tree, so most additions work on small numbers.
    """
    parts = list(parts) or [(0, 1)]
    while len(parts) > 1:
        merged = []
        for (n1, d1), (n2, d2) in zip(parts[0::2], parts[1::2]):
            g = math.gcd(d1, d2)
            merged.append((n1 * (d2 // g) + n2 * (d1 // g), d1 // g * d2))
        if len(parts) % 2:
            merged.append(parts[-1])
        parts = merged
    num, den = parts[0]
    g = math.gcd(num, den)
    return num // g, den // g


def _progress(key) -> int:
    """How far the damage has gone: every transition out of a level increases it."""
    (a, b) = key
    return a[0] + a[1] + a[2] + a[3] - a[4] + b[0] + b[1] + b[2] + b[3] - b[4]


def engagement_odds(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, holder=None, opening: bool = True,
                    throw_rule=TASK_THROW, dodge_at: int | None = DEFAULT_DODGE_AT,
                    choose_a=None, choose_b=None, max_work: int = MAX_CHAIN_WORK) -> EngagementOdds:
    """Exact chances of every ending of an engagement, played out round by round.

    Args:
        a: side A's ship as it starts.
        b: side B's ship as it starts.
        goal_a: side A's goal.
        goal_b: side B's goal.
        holder: who holds the Upper Hand at the start if ``opening`` is False.
        opening: start with the opening Software throws (default) instead of *holder*.
        throw_rule: the Task Throw ruling to use.
        dodge_at: a holder dodges when the incoming Gunnery Impact is at
            least this (``None``: never dodge).
        choose_a: where side A aims on 5-6, a callable taking the target
            ship (default: ruling :func:`~voidref.upper_hand.rulings.default_choice`);
            must be hashable.
        choose_b: the same for side B.
        max_work: refuse chains needing more work than this (at most
            :data:`MAX_CHAIN_WORK`); a calculator that must answer quickly
            passes less.

    Raises:
        RulesError: on bad input, or (before any work) if the chain could
            exceed :data:`MAX_CHAIN_STATES` damage levels or
            :data:`MAX_CHAIN_WORK` units of work.
    """
    state = _check_setup(a, b, goal_a, goal_b, throw_rule, dodge_at)
    holder = check_holder("holder", holder)
    check_bool("opening", opening)
    if opening and holder is not None:
        raise RulesError(f"'holder' must be None when 'opening' is True: the opening throws decide it (got {holder!r})")
    for name, choose in (("choose_a", choose_a), ("choose_b", choose_b)):
        if choose is not None and not callable(choose):
            raise RulesError(f"{name!r} must be a callable taking the target Ship, or None (got {choose!r})")
    chain = _Chain(state.a, state.b, state.goal_a, state.goal_b, throw_rule, dodge_at, choose_a, choose_b)
    bound = chain.level_bound()
    if bound > MAX_CHAIN_STATES:
        raise RulesError(f"'goal_a' and 'goal_b' with these ships make a chain of up to {bound} damage levels, over the "
                         f"{MAX_CHAIN_STATES} solved exactly; use simulate_engagement (its result states its error)")
    check_int("max_work", max_work, low=1, high=MAX_CHAIN_WORK)
    work = bound * chain.shot_spread() ** 2
    if work > max_work:
        raise RulesError(f"'a' and 'b' have Guns that make the exact chain too slow ({work} work units, over "
                         f"{max_work}); use simulate_engagement (its result states its error)")
    holders = (None, Side.A, Side.B)
    first = (chain.dyn(Side.A, state.a), chain.dyn(Side.B, state.b))
    start = opening_odds(state.a, state.b, throw_rule).probabilities() if opening else {holder: Fraction(1)}
    start_den = math.lcm(*(Fraction(p).denominator for p in start.values()))
    # Every chance is kept as integers over a denominator, and each level's
    # inflow is added up once, when the level is solved: adding fractions
    # one path at a time is where an exact chain spends its time.
    pending = {first: [(tuple(int(Fraction(start.get(h, 0)) * start_den) for h in holders), start_den)]}
    heap = [(_progress(first), first)]
    ended: dict = {k: [] for k in _OUTCOMES}
    visits_total: list = []
    d_chain = chain.denominator
    index = {h: i for i, h in enumerate(holders)}
    levels = 0
    while heap:
        _, key = heapq.heappop(heap)
        inflow = pending.pop(key)
        mass_den = 1
        for _, d in inflow:
            mass_den = mass_den // math.gcd(mass_den, d) * d
        mass = [0, 0, 0]
        for nums, d in inflow:
            f = mass_den // d
            for i in range(3):
                mass[i] += nums[i] * f
        g = math.gcd(mass_den, *mass)
        mass_den //= g
        mass = [x // g for x in mass]
        levels += 1
        inside = []
        weights = []
        for h in holders:
            stay: dict = {}
            out = []
            for nxt, w in chain.transitions(key[0], key[1], h, exact=False).items():
                if not isinstance(nxt[0], Side) and (nxt[0], nxt[1]) == key:
                    stay[nxt[2]] = stay.get(nxt[2], 0) + w
                else:
                    out.append((nxt, w))
            inside.append(stay)
            weights.append(out)
        leaves = {h for h, out in zip(holders, weights) if out}
        grew = True
        while grew:
            grew = False
            for h, stay in zip(holders, inside):
                if h not in leaves and any(w and g in leaves for g, w in stay.items()):
                    leaves.add(h)
                    grew = True
        live = [i for i, h in enumerate(holders) if h in leaves]
        stuck = sum(mass[i] for i, h in enumerate(holders) if h not in leaves)
        if stuck:
            ended[STALEMATE].append((stuck, mass_den))
        if not live or not any(mass[i] for i in live):
            continue
        stay_matrix = [[inside[i].get(holders[j], 0) for j in live] for i in live]
        nums, den = _solve_level(stay_matrix, d_chain, [mass[i] for i in live], mass_den)
        scale = den * d_chain
        visits_total.append((sum(nums), den))
        spread: dict = {}  # next level -> its inflow by holder; ending -> weight
        for i, n in zip(live, nums):
            if not n:
                continue
            lost = sum(w for g, w in inside[i].items() if g not in leaves)
            if lost:
                ended[STALEMATE].append((n * lost, scale))
            for nxt, w in weights[i]:
                if isinstance(nxt[0], Side):
                    spread[nxt] = spread.get(nxt, 0) + n * w
                    continue
                nkey = (nxt[0], nxt[1])
                part = spread.get(nkey)
                if part is None:
                    part = spread[nkey] = [0, 0, 0]
                part[index[nxt[2]]] += n * w
        for nkey, part in spread.items():
            if isinstance(nkey[0], Side):
                ended[nkey].append((part, scale))
                continue
            if nkey not in pending:
                pending[nkey] = []
                heapq.heappush(heap, (_progress(nkey), nkey))
            pending[nkey].append((part, scale))
    totals = {k: Fraction(*_combine(parts)) if parts else Fraction(0) for k, parts in ended.items()}
    rounds = Fraction(*_combine(visits_total)) if visits_total else Fraction(0)
    return EngagementOdds(totals, rounds if totals[STALEMATE] == 0 else None, levels)


@dataclass(frozen=True)
class SimulatedOdds:
    """Estimated chances from a seeded simulation, with their error.

    ``counts`` maps each outcome (as in :class:`EngagementOdds`, plus
    ``"unfinished"`` for runs cut off at ``max_rounds``) to how many of the
    ``trials`` ended that way. :meth:`margin` is the half-width of a 95 %
    confidence interval (normal approximation).
    """

    trials: int
    seed: int
    max_rounds: int
    counts: dict

    def estimate(self, outcome) -> Fraction:
        """The share of trials that ended with *outcome*."""
        return Fraction(self.counts.get(outcome, 0), self.trials)

    def margin(self, outcome) -> float:
        """95 % margin of error of :meth:`estimate` (1.96 standard errors)."""
        p = float(self.estimate(outcome))
        return 1.96 * math.sqrt(p * (1 - p) / self.trials)

    def win(self, side: Side | str) -> Fraction:
        """Share of trials in which *side* got its goal (by the rules or a surrender)."""
        side = check_holder("side", side)
        return self.estimate((side, Ending.GOAL)) + self.estimate((side, Ending.SURRENDER))


def simulate_engagement(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, trials: int = 2000, seed: int = 1,
                        max_rounds: int = 200, throw_rule=TASK_THROW, dodge_at: int | None = DEFAULT_DODGE_AT,
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
    state = _check_setup(a, b, goal_a, goal_b, throw_rule, dodge_at)
    check_int("trials", trials, low=1, high=1_000_000)
    check_int("seed", seed, low=0, high=2**63)
    check_int("max_rounds", max_rounds, low=1, high=10_000)
    for name, choose in (("choose_a", choose_a), ("choose_b", choose_b)):
        if choose is not None and not callable(choose):
            raise RulesError(f"{name!r} must be a callable taking the target Ship, or None (got {choose!r})")
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
        return draw((ship, station), lambda: station_odds(ship, station, throw_rule))

    def shot(target: Ship, points: int):
        rolls = [rng.randint(1, 6) for _ in range(points)]
        if target.players:
            crew = [(rng.choice(target.pcs) if target.pcs else "a PC", rng.randint(1, 6) + rng.randint(1, 6))
                    for _ in range(points)]
        else:
            crew = [rng.randint(1, 6) for _ in range(points)]
        return rolls, crew

    counts: dict = {}
    for _ in range(trials):
        eng = Engagement(state.a, state.b, state.goal_a, state.goal_b)
        eng.open(impact(state.a, Station.SOFTWARE), impact(state.b, Station.SOFTWARE))
        while eng.phase is not Phase.OVER and eng.round <= max_rounds:
            holder = eng.holder
            if holder is None:
                ia, ib = impact(eng.state.a, Station.GUNNERY), impact(eng.state.b, Station.GUNNERY)
                rolls_a, crew_a = shot(eng.state.a, ib)
                rolls_b, crew_b = shot(eng.state.b, ia)
                eng.fire_together(ia, ib, rolls_a, rolls_b, crew_a, crew_b, choose[Side.B], choose[Side.A])
            else:
                other = holder.other
                ix = impact(eng.state.ship(holder), Station.GUNNERY)
                eng.fire(holder, ix, *shot(eng.state.ship(other), ix), choose=choose[holder])
                if eng.phase is Phase.OVER:
                    break
                iy = impact(eng.state.ship(other), Station.GUNNERY)
                if dodge_at is not None and iy >= dodge_at:
                    eng.fire(other, iy, dodge=True)
                else:
                    eng.fire(other, iy, *shot(eng.state.ship(holder), iy), choose=choose[other])
            if eng.phase is Phase.OVER:
                break
            eng.maneuver(impact(eng.state.a, Station.PILOT), impact(eng.state.b, Station.PILOT))
            leaps = []
            h = eng.holder
            if h is not None and eng.state.goal(h) is Goal.LEAP and eng.state.can_meet_goal(h):
                ship = eng.state.ship(h)
                leaps = [(draw(("leap", ship.agility), lambda: throw_rule.impact_odds(bonus=ship.agility)),
                          rng.randint(1, 6)) for _ in range(ship.boarders)]
            eng.end_round(leaps)
        end = (eng.outcome.winner, eng.outcome.ending) if eng.outcome else "unfinished"
        counts[end] = counts.get(end, 0) + 1
    return SimulatedOdds(trials, seed, max_rounds, counts)
