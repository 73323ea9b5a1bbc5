"""Exact odds for a whole engagement, played out to its goal as a Markov chain.

Source: the whole "Ship Engagements" procedure; the engine's step functions
(:mod:`~voidref.upper_hand.maneuver`, :mod:`~voidref.upper_hand.damage`,
:mod:`~voidref.upper_hand.goals`) supply every transition, so no rule is
written twice.

The chain's state is what the rules remember between rounds: the condition
of each component, the crew hits taken, the boarders left and who holds the
Upper Hand. Damage only ever gets worse, so apart from the Upper Hand moving
back and forth the chain never returns to a state; we solve it one damage
level at a time (a 3-by-3 linear system each), least damaged first. Each
level has a node for the start of a round and one for the moment after its
Gunnery phase, for each holder (see ``_walk``). The same walk runs in
exact fractions (:func:`engagement_odds`: chances travel as integers over one
denominator per level, and fractions are only formed for the final answers)
or in floating point with proven bounds (:func:`engagement_bounds`, several
times faster). The number of damage levels is capped
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
from voidref.upper_hand.damage import default_choice, point_outcomes
from voidref.upper_hand.engagement import Engagement, EngagementState, Phase
from voidref.upper_hand.goals import Ending, Goal, LeapResult, check_leapers, leap_odds, requirement_met
from voidref.upper_hand.maneuver import check_holder, maneuver_odds, opening_odds
from voidref.upper_hand.rulings import DEFAULT_DODGE_AT, STALEMATE, TASK_THROW
from voidref.upper_hand.ships import Condition, Location, Ship, Side
from voidref.upper_hand.throws import Station, station_odds

__all__ = [
    "MAX_CHAIN_STATES",
    "MAX_CHAIN_WORK",
    "round_odds",
    "EngagementOdds",
    "engagement_odds",
    "EngagementBounds",
    "engagement_bounds",
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

# The holder states of a damage level, in the order of its nodes.
_HOLDERS = (None, Side.A, Side.B)

_SLOT = {h: i for i, h in enumerate(_HOLDERS)}

_OUTCOMES = ((Side.A, Ending.GOAL), (Side.A, Ending.SURRENDER), (Side.B, Ending.GOAL), (Side.B, Ending.SURRENDER), STALEMATE)


@dataclass(frozen=True)
class _Chooser:
    """The default 5-6 pick for one attacker, hashable so results can be cached."""

    attacker_goal: Goal
    defender_goal: Goal

    def __call__(self, defender: Ship) -> Location:
        return default_choice(self.attacker_goal, self.defender_goal, defender)


_SIDE = 1 << 20  # a level is dyn_a * _SIDE + dyn_b


def _pack(thrusters: int, guns: int, gate: int, crew: int, boarders: int) -> int:
    """A compact ship state as one integer, under ``_SIDE`` (boarders at most 20, crew hits at most 1000)."""
    return thrusters + 3 * guns + 9 * gate + 27 * boarders + 567 * crew


def _unpack(dyn: int) -> tuple[int, int, int, int, int]:
    """``(thrusters, guns, gate, crew, boarders)`` of a packed state."""
    return dyn % 3, dyn // 3 % 3, dyn // 9 % 3, dyn // 567, dyn // 27 % 21


def _add(table: dict, key, p) -> None:
    table[key] = table.get(key, 0) + p


class _Chain:
    """One-round transitions over compact states, with every rule taken from the engine.

    A compact ship state packs ``(thrusters, guns, gate_core, crew_hits,
    boarders)`` into one integer (:func:`_pack`), and a damage level packs
    both ships' states; the engine's :class:`Ship` for a state is built once
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
        self._ships: dict = {Side.A: {}, Side.B: {}}
        self._cache: dict = {}
        self._shots: dict = {}
        self._settled: dict = {}
        self._progress: dict = {}
        self._met: dict = {}
        self.entries = 0  # entries of the Gunnery and settle tables handed out so far (an operation count)
        self.leaping = Goal.LEAP in (goal_a, goal_b)
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
        self.dgun = self.dg ** 2 * self.dd ** 2  # the Gunnery phase's weights
        self.dset = self.dm * self.dl  # the Maneuver phase's and the end of the round's

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
    # A compact state packs (thrusters, guns, gate core, crew hits,
    # boarders) into one integer, so that states and levels hash fast.
    def dyn(self, side: Side, ship: Ship) -> int:
        return _pack(ship.thrusters_condition.value, ship.guns_condition.value,
                     ship.gate_core_condition.value if self.track_gate[side] else 0,
                     0 if ship.players else ship.crew_hits, ship.boarders)

    def ship(self, side: Side, dyn: int) -> Ship:
        ships = self._ships[side]
        found = ships.get(dyn)
        if found is None:
            base = self.base[side]
            thrusters, guns, gate, crew, boarders = _unpack(dyn)
            # Every field comes from a valid ship by the rules' own steps, so the checks are skipped.
            found = ships[dyn] = base._evolve(
                thrusters_condition=Condition(thrusters), guns_condition=Condition(guns),
                gate_core_condition=Condition(gate) if self.track_gate[side] else base.gate_core_condition,
                crew_hits=crew if not base.players else base.crew_hits, boarders=boarders)
        return found

    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # -- rules, cached -----------------------------------------------------------
    def gun(self, side: Side, dyn: int):
        return self._cached(("gun", side, dyn // 3 % 3), lambda: tuple(
            (i, self._scaled(p, self.dg))
            for i, p in station_odds(self.ship(side, dyn), Station.GUNNERY, self.throw_rule).probabilities().items()))

    def one_point(self, shooter: Side, dyn: int) -> tuple:
        """One point of damage from *shooter* on the target in state *dyn* (the engine's own rule).

        ``((dyn_after, surrendered), weight)`` pairs, weights over 36: the
        location's d6 and, for a crew hit on an NPC ship, its crew check.
        """
        key = ("one", shooter, dyn)
        found = self._cache.get(key)
        if found is None:
            target = shooter.other
            out: dict = {}
            for after, gone, w in point_outcomes(self.ship(target, dyn), self.choose[shooter]):
                _add(out, (self.dyn(target, after), gone), w)
            found = self._cache[key] = tuple(out.items())
        return found

    def hit(self, shooter: Side, dyn: int, points: int) -> tuple:
        """*points* of damage, one after another: ``((dyn_after, surrendered), weight)``, weights over ``36**points``.

        A surrender stops the damage. Built from the table for one point
        fewer, so each state's one-point table is worked out once.
        """
        key = ("hit", shooter, dyn, points)
        found = self._cache.get(key)
        if found is None:
            if points == 0:
                found = (((dyn, False), 1),)
            else:
                out: dict = {}
                for (d, gone), w in self.hit(shooter, dyn, points - 1):
                    if gone:
                        _add(out, (d, True), w * 36)
                    else:
                        for k, q in self.one_point(shooter, d):
                            _add(out, k, w * q)
                found = tuple(out.items())
            self._cache[key] = found
        return found

    def maneuver(self, dyn_a: int, dyn_b: int, holder):
        key = ("man", dyn_a % 3, dyn_b % 3, holder)  # only the Thrusters' conditions matter
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple((h, self._scaled(p, self.dm)) for h, p in maneuver_odds(
                self.ship(Side.A, dyn_a), self.ship(Side.B, dyn_b), holder, self.throw_rule).probabilities().items())
        return found

    def requirement(self, side: Side, own: int, enemy: int) -> bool:
        key = (own * _SIDE + enemy) * 2 + (side is Side.B)
        found = self._met.get(key)
        if found is None:
            found = self._met[key] = requirement_met(self.goal[side], self.ship(side, own), self.ship(side.other, enemy))
        return found

    def leap_all_fail(self, side: Side, dyn: int) -> Fraction:
        ship = self.ship(side, dyn)
        return self._cached(("leap", side, ship.boarders), lambda: (
            1 - leap_odds(ship.agility, self.throw_rule)[LeapResult.LANDED]) ** ship.boarders)

    # -- one round, in two stages --------------------------------------------------
    # A damage level holds six nodes: the start of a round and the moment
    # after its Gunnery phase, for each holder (nobody, A, B); the slots
    # below number them 0-2 and 3-5 in the order of _HOLDERS.
    def gunnery(self, level: int) -> tuple:
        """The Gunnery phase from each start node of *level*: one ``(endings, stay, moves)`` per holder.

        In the order of the level's nodes (nobody, A, B), weights over
        ``self.dgun``: *endings* pairs ``(winner, Ending.SURRENDER)`` with its
        weight; *stay* is the weight of reaching each after-Gunnery node of
        this level (nothing was hurt); *moves* lists ``(level, slot,
        weight)`` for the after-Gunnery nodes of other levels. The holder of
        an after-Gunnery node is the one the Maneuver phase starts from
        (nobody after a dodge).
        """
        dyn_a, dyn_b = divmod(level, _SIDE)
        dg_dd = self.dg * self.dd
        at_b = self.shot(Side.A, dyn_a, dyn_b)
        at_a = self.shot(Side.B, dyn_b, dyn_a)
        # Nobody holds: both throws from the start of the phase, so the two
        # shots are independent; A's hits are resolved first.
        hits_b, same_b, gone_b, _ = at_b
        hits_a, same_a, gone_a, _ = at_a
        endings = []
        if gone_b:
            endings.append(((Side.A, Ending.SURRENDER), gone_b * dg_dd))
        if gone_a:
            endings.append(((Side.B, Ending.SURRENDER), (dg_dd - gone_b) * gone_a))
        moves = [(a2 * _SIDE + b2, 3, wb * wa) for b2, wb in hits_b for a2, wa in hits_a]
        if same_a:
            moves += [(dyn_a * _SIDE + b2, 3, wb * same_a) for b2, wb in hits_b]
        if same_b:
            moves += [(a2 * _SIDE + dyn_b, 3, same_b * wa) for a2, wa in hits_a]
        tables = ((endings, [same_a * same_b, 0, 0], moves),
                  self._in_order(Side.A, dyn_a, dyn_b, at_b, dg_dd), self._in_order(Side.B, dyn_b, dyn_a, at_a, dg_dd))
        (e0, _, m0), (e1, _, m1), (e2, _, m2) = tables
        self.entries += len(e0) + len(m0) + len(e1) + len(m1) + len(e2) + len(m2)
        return tables

    def _in_order(self, holder: Side, own: int, enemy: int, first_shot: tuple, dg_dd: int) -> tuple:
        """Gunnery with *holder* holding: it shoots first, then the other ship (from its state after that shot), which *holder* may dodge."""
        first = holder is Side.A
        slot = 1 if first else 2
        other = Side.B if first else Side.A
        hits, same, gone, _ = first_shot
        endings = []
        if gone:
            endings.append(((holder, Ending.SURRENDER), gone * dg_dd))
        stay = [0, 0, 0]
        moves = []
        lost = 0
        for y2, wy in hits:
            back, same_x, gone2, dodged = self.shot(other, y2, own, dodge=True)
            lost += wy * gone2
            level2 = own * _SIDE + y2 if first else y2 * _SIDE + own
            if dodged:
                moves.append((level2, 3, wy * dodged))
            if same_x:
                moves.append((level2, 3 + slot, wy * same_x))
            moves += [(x2 * _SIDE + y2 if first else y2 * _SIDE + x2, 3 + slot, wy * wx) for x2, wx in back]
        if same:  # the holder's shot did nothing
            back, same_x, gone2, dodged = self.shot(other, enemy, own, dodge=True)
            lost += same * gone2
            stay[0] = same * dodged
            stay[slot] = same * same_x
            moves += [(x2 * _SIDE + enemy if first else enemy * _SIDE + x2, 3 + slot, same * wx) for x2, wx in back]
        if lost:
            endings.append(((other, Ending.SURRENDER), lost))
        return endings, stay, moves

    def transitions(self, dyn_a: int, dyn_b: int, holder) -> dict:
        """``{(dyn_a, dyn_b, holder) or (winner, Ending): Fraction}`` for one whole round."""
        level = dyn_a * _SIDE + dyn_b
        endings, stay, moves = self.gunnery(level)[_SLOT[holder]]
        out = {k: w * self.dset for k, w in endings}
        for level2, slot, p in moves + [(level, 3 + j, w) for j, w in enumerate(stay) if w]:
            endings2, stay2, moves2 = self.settle(level2)[slot - 3]
            for k, w in endings2:
                _add(out, k, p * w)
            for level3, j, w in moves2 + [(level2, j, w) for j, w in enumerate(stay2) if w]:
                _add(out, divmod(level3, _SIDE) + (_HOLDERS[j],), p * w)
        return {k: Fraction(w, self.dgun * self.dset) for k, w in out.items()}

    def shot(self, shooter: Side, own: int, target: int, dodge: bool = False) -> tuple:
        """One ship's Gunnery throw and its damage: ``(hits, same, gone, dodged)``, weights over ``dg * dd``.

        *hits* pairs each changed state of the target with its weight;
        *same* is the weight of the target's state not changing; *gone* is
        the weight of the target's crew giving up; with *dodge*, *dodged* is
        the weight of an Impact the target (holding the Upper Hand) dodges,
        at no damage.
        """
        key = ((target * 3 + own // 3 % 3) * 2 + dodge) * 2 + (shooter is Side.A)
        found = self._shots.get(key)
        if found is not None:
            return found
        after: dict = {}
        gone = dodged = 0
        for i, p in self.gun(shooter, own):
            if dodge and self.dodge_at is not None and i >= self.dodge_at:
                dodged += p * self.dd
                continue
            scale = self.dd // 36 ** i
            for (t2, g), q in self.hit(shooter, target, i):
                q *= scale
                if g:
                    gone += p * q
                else:
                    _add(after, t2, p * q)
        same = after.pop(target, 0)
        found = self._shots[key] = (tuple(after.items()), same, gone, dodged)
        return found

    def settle(self, level: int) -> tuple:
        """The Maneuver phase and the end of the round from each after-Gunnery node of *level*, like :meth:`gunnery`.

        One ``(endings, stay, moves)`` per holder the phase starts from, in
        the order of the level's nodes, weights over ``self.dset``: *endings*
        pairs ``(winner, Ending.GOAL)`` with its weight, *stay* is the weight
        of each start node of this level, *moves* lists ``(level, slot,
        weight)`` for start nodes of other levels (a failed leap loses its
        boarders). Without a leap these depend only on both Thrusters and on
        which goal requirements are met, so the tables are shared by every
        level alike in those.
        """
        dyn_a, dyn_b = divmod(level, _SIDE)
        met = {None: False, Side.A: self.requirement(Side.A, dyn_a, dyn_b),
               Side.B: self.requirement(Side.B, dyn_b, dyn_a)}
        alike = level if self.leaping else (dyn_a % 3, dyn_b % 3, met[Side.A], met[Side.B])
        found = self._settled.get(alike)
        if found is None:
            found = self._settled[alike] = self._settle(dyn_a, dyn_b, met)
        self.entries += found[1]
        return found[0]

    def _settle(self, dyn_a: int, dyn_b: int, met: dict) -> tuple:
        dl = self.dl
        count = 0
        found = []
        for h0 in _HOLDERS:
            endings: dict = {}
            stay = [0, 0, 0]
            moves = []
            for h, q in self.maneuver(dyn_a, dyn_b, h0):
                slot = _SLOT[h]
                if not met[h]:
                    stay[slot] += q * dl
                elif self.goal[h] is not Goal.LEAP:
                    _add(endings, (h, Ending.GOAL), q * dl)
                else:
                    own = dyn_a if h is Side.A else dyn_b
                    all_fail = self._scaled(self.leap_all_fail(h, own), dl)
                    if all_fail != dl:
                        _add(endings, (h, Ending.GOAL), q * (dl - all_fail))
                    if all_fail:
                        left = own - own // 27 % 21 * 27  # no boarders left
                        moves.append((left * _SIDE + dyn_b if h is Side.A else dyn_a * _SIDE + left, slot, q * all_fail))
            found.append((tuple(endings.items()), stay, moves))
            count += len(endings) + len(moves)
        return tuple(found), count

    def progress(self, level: int) -> int:
        """How far the damage has gone: every move out of a level increases it."""
        found = self._progress.get(level)
        if found is None:
            total = 0
            for dyn in divmod(level, _SIDE):
                thrusters, guns, gate, crew, boarders = _unpack(dyn)
                total += thrusters + guns + gate + crew - boarders
            found = self._progress[level] = total
        return found


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


class _Exact:
    """Exact numbers for :func:`_walk`: integer numerators over integer denominators.

    A level's incoming chances wait as a list of ``(numerators, scale)``
    parts and are added up once, over their least common denominator, when
    the level is reached.
    """

    @staticmethod
    def begin(nums: list, den: int) -> list:
        return [(nums, den)]

    @staticmethod
    def send(weights: list, moves, scale: int, pending: dict, heap: list, progress, ended: dict) -> None:
        """Send chances *weights* (over *scale*) along each node's *moves*: into *pending* levels, or *ended*."""
        spread: dict = {}
        finished: dict = {}
        for n, (ends, _, out) in zip(weights, moves):
            if not n:
                continue
            for k, w in ends:
                finished[k] = finished.get(k, 0) + n * w
            for nkey, slot, w in out:
                part = spread.get(nkey)
                if part is None:
                    part = spread[nkey] = [0, 0, 0, 0, 0, 0]
                part[slot] += n * w
        for k, part in finished.items():
            ended[k].append((part, scale))
        for nkey, part in spread.items():
            inflow = pending.get(nkey)
            if inflow is None:
                inflow = pending[nkey] = []
                heapq.heappush(heap, (progress(nkey), nkey))
            inflow.append((part, scale))

    @staticmethod
    def gather(inflow: list) -> tuple[list, int]:
        """Add up ``(numerators, denominator)`` parts over their least common denominator, reduced."""
        den = 1
        for _, d in inflow:
            den = den // math.gcd(den, d) * d
        total = [0] * len(inflow[0][0])
        for nums, d in inflow:
            f = den // d
            for i, x in enumerate(nums):
                if x:
                    total[i] += x * f
        g = math.gcd(den, *total)
        return [x // g for x in total], den // g

    @staticmethod
    def add(x: list, dx: int, y: list, dy: int) -> tuple[list, int]:
        g = math.gcd(dx, dy)
        fx, fy = dy // g, dx // g
        return [p * fx + q * fy for p, q in zip(x, y)], dx * fx

    @staticmethod
    def solve(stay, denominator: int, mass: list, mass_den: int) -> tuple[list, int]:
        """Expected visits ``v`` to each holder state of one level: ``v (I - stay/den) = mass/mass_den``.

        Solved by the adjugate, all in integers; returns ``(numerators, den)``.
        """
        n = len(stay)
        det, adj = _adjugate([[(denominator if i == j else 0) - stay[i][j] for j in range(n)] for i in range(n)])
        nums = [denominator * sum(mass[i] * adj[i][j] for i in range(n)) for j in range(n)]
        den = det * mass_den
        if den < 0:
            den, nums = -den, [-x for x in nums]
        g = math.gcd(den, *nums)
        return [x // g for x in nums], den // g

    @staticmethod
    def total(parts: list) -> Fraction:
        return Fraction(*_combine(parts)) if parts else Fraction(0)


class _Uncertain(Exception):
    """Raised by :class:`_Float` when it cannot vouch for its error bound."""


class _Float:
    """Floating-point numbers for :func:`_walk`, with a proven error bound.

    Every number the walk forms is a sum of products and quotients of
    non-negative numbers: nothing is subtracted, and each level's 3-by-3
    inverse is worked out exactly, then rounded (its entries are never
    negative). Each rounding multiplies a result by at most ``1 + u`` or
    ``1 / (1 - u)``, ``u = 2**-53``, so a result that went through ``K``
    roundings is within ``(1 - u)**-K`` of the exact value either way;
    :func:`_walk` counts an upper bound on all the roundings it does. Every
    number kept is either zero or at least :attr:`TINY` (checked, else
    :class:`_Uncertain`), so a step that underflows adds at most
    ``2**-1074 / TINY`` relative error, which the bound also counts.
    """

    TINY = 1e-250

    @classmethod
    def _checked(cls, numbers: list) -> list:
        for x in numbers:
            if 0 < x < cls.TINY:
                raise _Uncertain("a chance small enough to underflow")
        return numbers

    @staticmethod
    def begin(nums: list, den: int) -> list:
        return [x / den for x in nums]

    @classmethod
    def gather(cls, inflow: list) -> tuple[list, int]:
        return cls._checked(inflow), 1

    @staticmethod
    def send(weights: list, moves, scale, pending: dict, heap: list, progress, ended: dict) -> None:
        """Like :meth:`_Exact.send`, but a level's chances are added up as they arrive."""
        for n, (ends, _, out) in zip(weights, moves):
            if not n:
                continue
            n /= scale
            for k, w in ends:
                ended[k].append((n * w, 1))
            for nkey, slot, w in out:
                part = pending.get(nkey)
                if part is None:
                    part = pending[nkey] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                    heapq.heappush(heap, (progress(nkey), nkey))
                part[slot] += n * w

    @classmethod
    def add(cls, x: list, dx, y: list, dy) -> tuple[list, int]:
        return cls._checked([p / dx + q / dy for p, q in zip(x, y)]), 1

    @classmethod
    def solve(cls, stay, denominator: int, mass: list, mass_den) -> tuple[list, int]:
        n = len(stay)
        det, adj = _adjugate([[(denominator if i == j else 0) - stay[i][j] for j in range(n)] for i in range(n)])
        if det <= 0 or min(map(min, adj)) < 0:  # pragma: no cover - never for a level that can be left
            raise _Uncertain("a level's inverse is not non-negative")
        scale = denominator / (det * mass_den)  # one correctly rounded division of integers
        if n == 3:
            (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = adj
            m0, m1, m2 = mass
            v = [(m0 * a0 + m1 * b0 + m2 * c0) * scale, (m0 * a1 + m1 * b1 + m2 * c1) * scale,
                 (m0 * a2 + m1 * b2 + m2 * c2) * scale]
        else:
            v = [sum(m * row[j] for m, row in zip(mass, adj)) * scale for j in range(n)]
        return cls._checked(v), 1

    @classmethod
    def total(cls, parts: list) -> float:
        return cls._checked([math.fsum(x / d for x, d in parts)])[0] if parts else 0.0


@dataclass(frozen=True)
class EngagementBounds:
    """Proven bounds on how an engagement ends, from the fast floating-point walk.

    ``outcomes`` maps the outcome keys of :class:`EngagementOdds` to
    ``(low, high)`` pairs of exact fractions with ``low <= exact <= high``;
    an outcome that cannot happen is ``(0, 0)``. ``expected_rounds`` is a
    ``(low, high)`` pair, or ``None`` when a stalemate is possible.
    ``error`` is the relative error bound used.
    """

    outcomes: dict
    expected_rounds: tuple[Fraction, Fraction] | None
    chain_states: int
    error: Fraction

    def win(self, side: Side | str) -> tuple[Fraction, Fraction]:
        """Bounds on the chance that *side* gets its goal, by the rules or by a surrender."""
        side = check_holder("side", side)
        if side is None:
            raise RulesError("'side' must be a or b (got None)")
        goal, gave_up = self.outcomes[(side, Ending.GOAL)], self.outcomes[(side, Ending.SURRENDER)]
        return goal[0] + gave_up[0], min(Fraction(1), goal[1] + gave_up[1])


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


def _walk(chain: _Chain, first: int, start: dict, numbers) -> tuple[dict, list, int, int]:
    """Play the chain out level by level, least damaged first, in the given numbers.

    Gunnery moves a start node to an after-Gunnery node (of this level if
    nothing was hurt, of a later one if something was); the Maneuver phase
    and the end of the round move an after-Gunnery node back to a start node
    (or end the engagement). Only the moves that stay within the level
    loop, and they make one 3-by-3 system per level. Chances travel as
    ``(numerators, scale)`` parts and are added up once, when their level
    is reached.

    Returns ``(ended, visits, levels, operations)``: the parts of each
    ending, the parts of the expected number of rounds, the number of levels
    a round starts in, and an upper bound on the arithmetic operations done.
    """
    dgun, dset = chain.dgun, chain.dset
    start_den = math.lcm(*(Fraction(p).denominator for p in start.values()))
    pending = {first: numbers.begin([int(Fraction(start.get(h, 0)) * start_den) for h in _HOLDERS] + [0, 0, 0], start_den)}
    heap = [(chain.progress(first), first)]
    ended: dict = {k: [] for k in _OUTCOMES}
    visits: list = []
    levels = operations = 0
    gunnery, settle, progress = chain.gunnery, chain.settle, chain.progress
    entries_before = chain.entries
    while heap:
        key = heapq.heappop(heap)[1]
        inflow = pending.pop(key)
        x, den = numbers.gather(inflow)
        operations += 18 * len(inflow) + 200
        t = settle(key)
        (_, t0, _), (_, t1, _), (_, t2, _) = t
        xs0, xs1, xs2, xm0, xm1, xm2 = x
        mass = [xs0 * dset + xm0 * t0[0] + xm1 * t1[0] + xm2 * t2[0],
                xs1 * dset + xm0 * t0[1] + xm1 * t1[1] + xm2 * t2[1],
                xs2 * dset + xm0 * t0[2] + xm1 * t1[2] + xm2 * t2[2]]
        mass_den = den * dset
        v, v_den, g = [0, 0, 0], 1, ()
        if mass[0] or mass[1] or mass[2]:
            levels += 1
            g = gunnery(key)
            stay = [[g0 * t0[k] + g1 * t1[k] + g2 * t2[k] for k in (0, 1, 2)] for _, (g0, g1, g2), _ in g]
            # Which start nodes can ever leave the level; the others are a stalemate.
            (e0, s0, m0), (e1, s1, m1), (e2, s2, m2) = g
            if (e0 or m0) and (e1 or m1) and (e2 or m2):  # the usual case: every node has a way out
                nums, v_den = numbers.solve(stay, dgun * dset, mass, mass_den)
                v = nums
                visits.append((nums[0] + nums[1] + nums[2], v_den))
            else:
                leaves = {i for i, (ends, g_stay, moves) in enumerate(g)
                          if ends or moves or any(w and (t[j][0] or t[j][2]) for j, w in enumerate(g_stay))}
                grew = len(leaves) < 3
                while grew:  # a node that can reach a leaving one leaves too
                    grew = False
                    for i in range(3):
                        if i not in leaves and any(stay[i][k] for k in leaves):
                            leaves.add(i)
                            grew = True
                stuck = sum(mass[i] for i in range(3) if i not in leaves)
                if stuck:
                    ended[STALEMATE].append((stuck, mass_den))
                live = sorted(leaves)
                if live and any(mass[i] for i in live):
                    nums, v_den = numbers.solve([[stay[i][k] for k in live] for i in live], dgun * dset,
                                                [mass[i] for i in live], mass_den)
                    for i, n in zip(live, nums):
                        v[i] = n
                    visits.append((sum(nums), v_den))
                    lost = sum(v[i] * stay[i][k] for i in live for k in range(3) if k not in leaves)
                    if lost:
                        ended[STALEMATE].append((lost, v_den * dgun * dset))
        # The after-Gunnery nodes: what came in plus this level's own Gunnery.
        if g:
            v0, v1, v2 = v
            after, after_den = numbers.add(x[3:], den, [v0 * s0[j] + v1 * s1[j] + v2 * s2[j] for j in range(3)],
                                           v_den * dgun)
        else:
            after, after_den = x[3:], den
        # Send the level's chances on: Gunnery out of the start nodes,
        # the Maneuver phase out of the after-Gunnery nodes.
        numbers.send(v, g, v_den * dgun, pending, heap, progress, ended)
        numbers.send(after, t, after_den * dset, pending, heap, progress, ended)
    # Each table entry is sent on at most once (every level is left once).
    operations += 3 * (chain.entries - entries_before) + 3 * sum(len(p) for p in ended.values()) + 3 * len(visits)
    return ended, visits, levels, operations


def _prepare(a, b, goal_a, goal_b, holder, opening, throw_rule, dodge_at, choose_a, choose_b, max_work):
    """Check the arguments of :func:`engagement_odds`; return its chain, first level and opening chances."""
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
    first = chain.dyn(Side.A, state.a) * _SIDE + chain.dyn(Side.B, state.b)
    start = opening_odds(state.a, state.b, throw_rule).probabilities() if opening else {holder: Fraction(1)}
    return chain, first, start


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
            ship (default: ruling :func:`~voidref.upper_hand.damage.default_choice`);
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
    chain, first, start = _prepare(a, b, goal_a, goal_b, holder, opening, throw_rule, dodge_at, choose_a, choose_b,
                                   max_work)
    ended, visits, levels, _ = _walk(chain, first, start, _Exact)
    totals = {k: _Exact.total(parts) for k, parts in ended.items()}
    rounds = _Exact.total(visits)
    return EngagementOdds(totals, rounds if totals[STALEMATE] == 0 else None, levels)


def engagement_bounds(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, holder=None, opening: bool = True,
                      throw_rule=TASK_THROW, dodge_at: int | None = DEFAULT_DODGE_AT,
                      choose_a=None, choose_b=None, max_work: int = MAX_CHAIN_WORK) -> EngagementBounds | None:
    """Tight proven bounds on :func:`engagement_odds`, several times faster.

    The same chain, walked with floating-point numbers instead of exact
    fractions. Every chance comes as exact ``(low, high)`` bounds about
    ``1e-10`` apart (relative), enough to settle every digit a percentage
    shows except in the rarest of near-ties (see :class:`EngagementBounds`).
    Takes the same arguments and raises the same errors as
    :func:`engagement_odds`; returns ``None`` when the walk cannot vouch for
    its bound (chances small enough to underflow, weights too big for a
    float), so the caller can fall back on the exact answer.

    >>> a = Ship("Kestrel", guns=1, thrusters=1, pilot=1, has_gate_core=True, players=True)
    >>> b = Ship("Cutter", guns=1, thrusters=1)
    >>> exact = engagement_odds(a, b, "jump", "dock")
    >>> low, high = engagement_bounds(a, b, "jump", "dock").win("a")
    >>> low <= exact.win("a") <= high and high - low < Fraction(1, 10**9)
    True
    """
    chain, first, start = _prepare(a, b, goal_a, goal_b, holder, opening, throw_rule, dodge_at, choose_a, choose_b,
                                   max_work)
    try:
        ended, visits, levels, operations = _walk(chain, first, start, _Float)
        totals = {k: _Float.total(parts) for k, parts in ended.items()}
        rounds = _Float.total(visits)
    except (_Uncertain, OverflowError):  # a weight too big for a float: only the exact walk will do
        return None
    error = 2 * operations * (Fraction(1, 2 ** 53) + Fraction(1, 10 ** 70))
    if error > Fraction(1, 100):  # pragma: no cover - would take billions of operations
        return None

    def bounds(x: float, top: Fraction | None = Fraction(1)) -> tuple[Fraction, Fraction]:
        if x == 0:
            return Fraction(0), Fraction(0)
        high = Fraction(x) * (1 + error)
        return Fraction(x) * (1 - error), high if top is None else min(top, high)

    outcomes = {k: bounds(x) for k, x in totals.items()}
    return EngagementBounds(outcomes, bounds(rounds, None) if totals[STALEMATE] == 0 else None, levels, error)


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
