"""Exact odds for a whole engagement, played out to its goal as a Markov chain.

Source: the whole "Ship Engagements" procedure; the engine's step functions
(:mod:`~voidref.upper_hand.maneuver`, :mod:`~voidref.upper_hand.damage`,
:mod:`~voidref.upper_hand.goals`) supply every transition, so no rule is
written twice.

This module holds the entry points and their results; the work is done by
one module per job: :mod:`~voidref.upper_hand.packed` (a ship's state as one
integer), :mod:`~voidref.upper_hand.chain` (one round's transitions),
:mod:`~voidref.upper_hand.walk` (the chain played out level by level, exactly),
:mod:`~voidref.upper_hand.floatwalk` (the same in floating point),
:mod:`~voidref.upper_hand.arithmetic` (the exact and the bounded numbers)
and :mod:`~voidref.upper_hand.simulation` (the seeded simulation).

The chain's state is what the rules remember between rounds: the condition
of each component, the crew hits taken, the boarders left and who holds the
Upper Hand. Damage only ever gets worse, so apart from the Upper Hand moving
back and forth the chain never returns to a state; we solve it one damage
level at a time (a 3-by-3 linear system each), least damaged first. Each
level has a node for the start of a round and one for the moment after its
Gunnery phase, for each holder. The chain is walked in
exact fractions (:func:`engagement_odds`: chances travel as integers over one
denominator per level, and fractions are only formed for the final answers)
or, in the same order from the same tables, in floating point with proven
bounds (:func:`engagement_bounds`, several times faster). The number of damage levels is capped
(:data:`MAX_CHAIN_STATES`); beyond it use :func:`simulate_engagement`, whose
result states its own error.

>>> a = Ship("Kestrel", guns=1, thrusters=1, pilot=1, has_gate_core=True, players=True)
>>> b = Ship("Cutter", guns=1, thrusters=1)
>>> odds = engagement_odds(a, b, "jump", "dock")
>>> odds.total() == 1
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, TooLargeError, check_bool, check_int, describe
from voidref.exact import Dist
from voidref.upper_hand.arithmetic import BoundedArithmetic, ExactArithmetic, Uncertain
from voidref.upper_hand.chain import HALF, HOLDERS, SLOT, Chain, _add, flat
from voidref.upper_hand.engagement import EngagementState, check_setup
from voidref.upper_hand.floatwalk import walk_floats
from voidref.upper_hand.goals import Ending, Finish, Goal
from voidref.upper_hand.maneuver import check_holder, opening_odds
from voidref.upper_hand.packed import pack_level, unpack_level
from voidref.upper_hand.rulings import DEFAULT_DODGE_AT, STANDARD, Rulings, check_rulings
from voidref.upper_hand.ships import Ship, Side
from voidref.upper_hand.simulation import SimulatedOdds, simulate_engagement
from voidref.upper_hand.walk import walk

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
#: never is (at most 27 x 162 = 4,374 levels, both wanting to jump).
MAX_CHAIN_STATES = 4374

#: The most work the exact chain will take on, in units of damage levels times
#: (most damage points of A + 1) x (most of B + 1): a shot that changed a ship
#: passes through a half-way node, so a Gunnery phase costs the sum of both
#: shots' results, not their product. Checked before any work, like
#: :data:`MAX_CHAIN_STATES`; the largest chain allowed takes about half a
#: minute exactly in CPython, a quarter of a second in floating point
#: (:func:`engagement_bounds`).
MAX_CHAIN_WORK = 3_000_000


def round_transitions(chain: Chain, dyn_a: int, dyn_b: int, holder) -> dict:
    """``{(dyn_a, dyn_b, holder) or Finish: Fraction}`` for one whole round of *chain*."""
    level = pack_level(dyn_a, dyn_b)
    endings, stay, moves = chain.gunnery(level)[SLOT[holder]]
    out = {k: w * chain.dset for k, w in endings}
    dg_dd = chain.dg * chain.dd
    through = []  # the moves with every half-way node played through
    for level2, slot, p in flat(moves):
        if level2 < HALF:
            through.append((level2, slot, p))
            continue
        ((ends, _, onward),) = chain.half(level2)
        q = p // dg_dd  # a move into a half-way node carries a whole shot's denominator
        for k, w in ends:
            _add(out, k, q * w * chain.dset)
        through += [(level3, slot3, q * w) for level3, slot3, w in flat(onward)]
    for level2, slot, p in through + [(level, 3 + j, w) for j, w in enumerate(stay) if w]:
        endings2, stay2, moves2 = chain.settle(level2)[slot - 3]
        for k, w in endings2:
            _add(out, k, p * w)
        for level3, j, w in flat(moves2) + [(level2, j, w) for j, w in enumerate(stay2) if w]:
            _add(out, unpack_level(level3) + (HOLDERS[j],), p * w)
    return {k: Fraction(w, chain.dgun * chain.dset) for k, w in out.items()}


def round_odds(state: EngagementState, rulings: Rulings = STANDARD, dodge_at: int | None = DEFAULT_DODGE_AT) -> Dist:
    """Exact distribution of what one round leads to from *state*.

    Outcomes are the next :class:`~voidref.upper_hand.engagement.EngagementState`
    or, when the engagement ends, a :class:`~voidref.upper_hand.goals.Finish`. Crew hits on
    the players' ship are not counted in the states (they never change the
    engagement).
    """
    if not isinstance(state, EngagementState):
        raise RulesError(f"'state' must be an EngagementState (got {describe(state)})", argument="state")
    if dodge_at is not None:
        check_int("dodge_at", dodge_at, low=1, high=100)
    chain = Chain(state.a, state.b, state.goal_a, state.goal_b, check_rulings(rulings), dodge_at, None, None)
    table: dict = {}
    start = (chain.code(Side.A, state.a), chain.code(Side.B, state.b), state.holder)
    for key, p in round_transitions(chain, *start).items():
        if not isinstance(key, Finish):
            key = EngagementState(chain.ship(Side.A, key[0]), chain.ship(Side.B, key[1]), state.goal_a, state.goal_b,
                                  key[2])
        table[key] = table.get(key, 0) + p
    return Dist(table)



@dataclass(frozen=True)
class EngagementOdds:
    """Exact chances of how an engagement ends.

    ``outcomes`` maps every :class:`~voidref.upper_hand.goals.Finish` to
    its exact probability: each side's goal and surrender, then
    ``Finish(None, Ending.STALEMATE)``. ``expected_rounds`` is the mean number of rounds
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
        who = check_holder("side", side)
        if who is None:
            raise RulesError("'side' must be a or b (got None)", argument="side")
        return self.outcomes[Finish(who, Ending.GOAL)] + self.outcomes[Finish(who, Ending.SURRENDER)]

    @property
    def stalemate(self) -> Fraction:
        """The chance that neither side can ever meet its goal."""
        return self.outcomes[Finish(None, Ending.STALEMATE)]




@dataclass(frozen=True)
class EngagementBounds:
    """Proven bounds on how an engagement ends, from the fast floating-point walk.

    ``outcomes`` maps the outcome keys of :class:`EngagementOdds` to
    ``(low, high)`` pairs of exact fractions with ``low <= exact <= high``;
    an outcome that cannot happen is ``(0, 0)``. ``expected_rounds`` is a
    ``(low, high)`` pair, or ``None`` when a stalemate is possible.
    ``error`` is the relative error bound used; ``operations`` the walk's
    count of roundings it was worked out from, a measure of the chain's
    size once walked (the exact walk's time grows with it).
    """

    outcomes: dict
    expected_rounds: tuple[Fraction, Fraction] | None
    chain_states: int
    error: Fraction
    operations: int

    def win(self, side: Side | str) -> tuple[Fraction, Fraction]:
        """Bounds on the chance that *side* gets its goal, by the rules or by a surrender."""
        who = check_holder("side", side)
        if who is None:
            raise RulesError("'side' must be a or b (got None)", argument="side")
        mine = (Finish(who, Ending.GOAL), Finish(who, Ending.SURRENDER))
        low = high = rest_low = rest_high = Fraction(0)
        for k, (lo, hi) in self.outcomes.items():
            if k in mine:
                low, high = low + lo, high + hi
            else:
                rest_low, rest_high = rest_low + lo, rest_high + hi
        # The chances of every outcome add up to exactly 1: the others together bound this side's too.
        return _complemented({"mine": (low, high), "rest": (rest_low, rest_high)})["mine"]


def _complemented(outcomes: dict) -> dict:
    """*outcomes*' ``(low, high)`` bounds, each narrowed by the others' (an engagement has exactly one outcome).

    Every engagement the chain plays ends in exactly one of its outcomes
    (one that can never end is a stalemate), so their exact chances add up
    to 1, and each is 1 minus the others. So a side that is certain to win
    is shown winning 100%, not an interval from just under 1 that a
    percentage cannot settle (which would leave the calculator to simulate).

    >>> _complemented({"win": (1 - Fraction(1, 10**10), Fraction(1)), "lose": (0, 0), "stalemate": (0, 0)})
    {'win': (Fraction(1, 1), Fraction(1, 1)), 'lose': (0, 0), 'stalemate': (0, 0)}
    >>> _complemented({"x": (Fraction(30, 100), Fraction(40, 100)), "y": (Fraction(65, 100), Fraction(66, 100))})
    {'x': (Fraction(17, 50), Fraction(7, 20)), 'y': (Fraction(13, 20), Fraction(33, 50))}
    """
    lows = sum(low for low, _ in outcomes.values())
    highs = sum(high for _, high in outcomes.values())
    return {k: (max(low, 1 - (highs - high)), min(high, 1 - (lows - low))) for k, (low, high) in outcomes.items()}


def _prepare(a, b, goal_a, goal_b, holder, opening, rulings, dodge_at, choose_a, choose_b, max_work):
    """Check the arguments of :func:`engagement_odds`; return its chain, first level and opening chances."""
    state = check_setup(a, b, goal_a, goal_b, rulings, dodge_at)
    holder = check_holder("holder", holder)
    check_bool("opening", opening)
    if opening and holder is not None:
        raise RulesError(f"'holder' must be None when 'opening' is True: the opening throws decide it"
                         f" (got {describe(holder)})",
                         argument="holder")
    for name, choose in (("choose_a", choose_a), ("choose_b", choose_b)):
        if choose is not None and not callable(choose):
            raise RulesError(f"{name!r} must be a callable taking the target Ship, or None (got {describe(choose)})",
                             argument=name)
    chain = Chain(state.a, state.b, state.goal_a, state.goal_b, rulings, dodge_at, choose_a, choose_b)
    bound = chain.level_bound()
    if bound > MAX_CHAIN_STATES:
        raise TooLargeError(
            f"'goal_a' and 'goal_b' with these ships make a chain of up to {bound} damage levels, over the "
            f"{MAX_CHAIN_STATES} solved exactly; use simulate_engagement (its result states its error)",
            argument="goal_a"
        )
    check_int("max_work", max_work, low=1, high=MAX_CHAIN_WORK)
    work = bound * chain.shot_spread()
    if work > max_work:
        raise TooLargeError(f"'a' and 'b' have Guns that make the exact chain too slow ({work} work units, over "
                         f"{max_work}); use simulate_engagement (its result states its error)", argument="a")
    first = pack_level(chain.code(Side.A, state.a), chain.code(Side.B, state.b))
    start = opening_odds(state.a, state.b, rulings=rulings).probabilities() if opening else {holder: Fraction(1)}
    return chain, first, start


def engagement_odds(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, holder=None, opening: bool = True,
                    rulings: Rulings = STANDARD, dodge_at: int | None = DEFAULT_DODGE_AT,
                    choose_a=None, choose_b=None, max_work: int = MAX_CHAIN_WORK) -> EngagementOdds:
    """Exact chances of every ending of an engagement, played out round by round.

    Args:
        a: side A's ship as it starts.
        b: side B's ship as it starts.
        goal_a: side A's goal.
        goal_b: side B's goal.
        holder: who holds the Upper Hand at the start if ``opening`` is False.
        opening: start with the opening Software throws (default) instead of *holder*.
        rulings: the :class:`~voidref.upper_hand.rulings.Rulings` to use (the Task Throw is among them).
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
        voidref.errors.TooLargeError: (before any work) if the chain could exceed
            :data:`MAX_CHAIN_STATES` damage levels or *max_work* units of
            work; :func:`simulate_engagement` answers such a question.
        RulesError: on bad input.
    """
    chain, first, start = _prepare(a, b, goal_a, goal_b, holder, opening, rulings, dodge_at, choose_a, choose_b,
                                   max_work)
    ended, visits, levels, _ = walk(chain, first, start, ExactArithmetic)
    totals = {k: ExactArithmetic.total(parts) for k, parts in ended.items()}
    rounds = ExactArithmetic.total(visits)
    return EngagementOdds(totals, rounds if totals[Finish(None, Ending.STALEMATE)] == 0 else None, levels)


def engagement_bounds(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, holder=None, opening: bool = True,
                      rulings: Rulings = STANDARD, dodge_at: int | None = DEFAULT_DODGE_AT,
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
    chain, first, start = _prepare(a, b, goal_a, goal_b, holder, opening, rulings, dodge_at, choose_a, choose_b,
                                   max_work)
    try:
        ended, visits, levels, operations = walk_floats(chain, first, start)
        totals = {k: BoundedArithmetic.total(parts) for k, parts in ended.items()}
        rounds = BoundedArithmetic.total(visits)
    except (Uncertain, OverflowError):  # a weight too big for a float: only the exact walk will do
        return None
    error = 2 * operations * (Fraction(1, 2 ** 53) + Fraction(1, 10 ** 70))
    if error > Fraction(1, 100):  # pragma: no cover - would take billions of operations
        return None

    def bounds(x: float, top: Fraction | None = Fraction(1)) -> tuple[Fraction, Fraction]:
        if x == 0:
            return Fraction(0), Fraction(0)
        high = Fraction(x) * (1 + error)
        return Fraction(x) * (1 - error), high if top is None else min(top, high)

    outcomes = _complemented({k: bounds(x) for k, x in totals.items()})
    stuck = totals[Finish(None, Ending.STALEMATE)]
    return EngagementBounds(outcomes, bounds(rounds, None) if stuck == 0 else None, levels, error, operations)

