"""Tests for the exact engagement chain: one round against the tracker, whole fights against oracles."""

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import (
    Condition,
    Ending,
    Engagement,
    EngagementState,
    Goal,
    Phase,
    Ship,
    Side,
    Station,
    engagement_bounds,
    engagement_odds,
    maneuver_odds,
    opening_odds,
    round_odds,
    simulate_engagement,
    station_odds,
)
from voidref.upper_hand.arithmetic import BoundedArithmetic
from voidref.upper_hand.chain import Chain
from voidref.upper_hand.floattables import FloatTables
from voidref.upper_hand.goals import Finish, requirement_met
from voidref.upper_hand.odds import MAX_CHAIN_STATES
from voidref.upper_hand.packed import SHIP_SPAN, ShipState, pack_level, unpack_level
from voidref.upper_hand.rulings import STANDARD


def _tracker(state):
    eng = Engagement(state.a, state.b, state.goal_a, state.goal_b)
    eng.state, eng.phase, eng.round = state, Phase.GUNNERY, 1
    return eng


def _crew(ship, n):
    return [("Ada", 7)] * n if ship.players else None


def _shot_inputs(target, points):
    """Every (rolls, crew, weight) for *points* hits on *target*: location dice and crew-check dice."""
    for rolls in itertools.product(range(1, 7), repeat=points):
        if target.players:
            yield list(rolls), [("Ada", 7)] * points, Fraction(1, 6**points)
        else:
            for checks in itertools.product(range(1, 7), repeat=points):
                yield list(rolls), list(checks), Fraction(1, 36**points)


def _normal(result, start):
    """Forget what the chain does not track: crew hits on the players' ship, unwatched gate cores."""
    if isinstance(result, tuple):
        return result
    ships = {}
    for side, ship, first, goal in (
        (Side.A, result.a, start.a, start.goal_a),
        (Side.B, result.b, start.b, start.goal_b),
    ):
        if ship.players:
            ship = replace(ship, crew_hits=first.crew_hits)
        if goal is not Goal.JUMP:
            ship = replace(ship, gate_core_condition=first.gate_core_condition)
        ships[side] = ship
    return replace(result, a=ships[Side.A], b=ships[Side.B])


def _finish(eng, start, weight, out):
    """Maneuver and end of round by every pilot Impact."""
    if eng.phase is Phase.OVER:
        key = (eng.outcome.winner, eng.outcome.ending)
        out[key] = out.get(key, 0) + weight
        return
    saved = (eng.state, eng.phase)
    for ia, pa in station_odds(eng.state.a, Station.PILOT).probabilities().items():
        for ib, pb in station_odds(eng.state.b, Station.PILOT).probabilities().items():
            eng.state, eng.phase, eng.outcome = saved[0], saved[1], None
            eng.maneuver(ia, ib)
            outcome = eng.end_round()
            key = (outcome.winner, outcome.ending) if outcome else _normal(eng.state, start)
            out[key] = out.get(key, 0) + weight * pa * pb


def _bf_round(state, dodge_at=None):
    """Brute force one round through the step-by-step tracker over every Impact and die."""
    out = {}
    if state.holder is None:
        for ia, pa in station_odds(state.a, Station.GUNNERY).probabilities().items():
            for ib, pb in station_odds(state.b, Station.GUNNERY).probabilities().items():
                for rb, cb, wb in _shot_inputs(state.b, ia):
                    for ra, ca, wa in _shot_inputs(state.a, ib):
                        eng = _tracker(state)
                        eng.fire_together(ia, ib, ra, rb, ca, cb)
                        _finish(eng, state, pa * pb * wa * wb, out)
    else:
        x, y = state.holder, state.holder.other
        for ix, px in station_odds(state.ship(x), Station.GUNNERY).probabilities().items():
            for ry, cy, wy in _shot_inputs(state.ship(y), ix):
                eng = _tracker(state)
                eng.fire(x, ix, ry, cy)
                if eng.phase is Phase.OVER:
                    _finish(eng, state, px * wy, out)
                    continue
                after_first = eng.state
                for iy, py in station_odds(after_first.ship(y), Station.GUNNERY).probabilities().items():
                    dodge = dodge_at is not None and iy >= dodge_at
                    for rx, cx, wx in [([], [], Fraction(1))] if dodge else _shot_inputs(state.ship(x), iy):
                        eng = _tracker(after_first)
                        eng._fired = {x}
                        eng.fire(y, iy, rx, cx, dodge=dodge)
                        _finish(eng, state, px * wy * py * wx, out)
    return {k: v for k, v in out.items() if v}


SMALL_A = Ship("Kestrel", computer=1, guns=1, thrusters=1, pilot=1, players=True, pcs=("Ada",))
SMALL_B = Ship("Cutter", computer=1, guns=1, thrusters=1, gunnery=1)


@pytest.mark.parametrize("holder", [None, Side.A, Side.B])
@pytest.mark.parametrize("goals", [("jump", "dock"), ("reach", "reach")])
def test_round_odds_match_the_tracker(holder, goals):
    """Oracle: one exact round equals the tracker run over every Impact and every die."""
    state = EngagementState(SMALL_A.hit(1), SMALL_B.hit(4), *goals, holder=holder)
    assert round_odds(state).probabilities() == _bf_round(state)


@pytest.mark.parametrize("holder", [Side.A, Side.B])
def test_round_odds_with_dodge_match_the_tracker(holder):
    """Oracle: with a dodge on any hit, the exact round equals the tracker's."""
    state = EngagementState(SMALL_A, SMALL_B, "reach", "dock", holder=holder)
    assert round_odds(state, dodge_at=1).probabilities() == _bf_round(state, dodge_at=1)


def test_no_guns_race_matches_hand_solution():
    """Whole engagement: without guns it is a race for the Upper Hand, solved by hand."""
    a = Ship("A", computer=1, guns=0, thrusters=1, pilot=1, players=True)
    b = Ship("B", computer=1, guns=0, thrusters=1, players=True)
    man = maneuver_odds(a, b, None)
    p, q = man[Side.A], man[Side.B]
    x_none = p / (p + q)
    x_a = (1 - q) + q * x_none
    x_b = p * x_none
    o = opening_odds(a, b)
    expected = o[Side.A] * x_a + o[None] * x_none + o[Side.B] * x_b
    odds = engagement_odds(a, b, "reach", "reach")
    assert odds.win(Side.A) == expected
    assert odds.stalemate == 0 and odds.total() == 1


def test_chain_agrees_with_iterated_rounds():
    """Oracle: the exact odds lie between N rounds iterated exactly and that plus the undecided rest."""
    a, b = SMALL_A, SMALL_B
    odds = engagement_odds(a, b, "jump", "dock")
    dist = {EngagementState(a, b, "jump", "dock", holder=h): p for h, p in opening_odds(a, b).probabilities().items()}
    done = {}
    for _ in range(5):
        nxt = {}
        for s, p in dist.items():
            for k, q in round_odds(s).probabilities().items():
                target = done if isinstance(k, tuple) else nxt
                target[k] = target.get(k, 0) + p * q
        dist = nxt
    rest = sum(dist.values(), Fraction(0))
    for k, v in done.items():
        assert v <= odds.outcomes[k] <= v + rest


def test_simulation_agrees_with_exact_odds():
    """Seeded simulation: within four margins of error of the exact odds."""
    a, b = SMALL_A, SMALL_B
    exact = engagement_odds(a, b, "reach", "dock")
    sim = simulate_engagement(a, b, "reach", "dock", trials=3000, seed=7)
    for k in [(Side.A, Ending.GOAL), (Side.B, Ending.GOAL)]:
        assert abs(float(sim.estimate(k) - exact.outcomes[k])) <= 4 * max(sim.margin(k), 0.005)


def test_stalemate_when_nobody_can_win():
    """Stalemate ruling: with both Thrusters disabled and no guns, nobody can reach its goal."""
    a = Ship("A", guns=0, players=True).with_condition("thrusters", "disabled")
    b = Ship("B", guns=0, players=True).with_condition("thrusters", "disabled")
    odds = engagement_odds(a, b, "reach", "reach")
    assert odds.stalemate == 1 and odds.expected_rounds is None
    assert odds.outcomes[Finish(None, Ending.STALEMATE)] == 1


def test_every_result_is_keyed_by_a_finish():
    """Result shapes: exact odds, bounds, one round's endings and simulation counts all use Finish keys."""
    exact = engagement_odds(SMALL_A, SMALL_B, "jump", "dock")
    assert list(exact.outcomes) == [
        Finish(Side.A, Ending.GOAL),
        Finish(Side.A, Ending.SURRENDER),
        Finish(Side.B, Ending.GOAL),
        Finish(Side.B, Ending.SURRENDER),
        Finish(None, Ending.STALEMATE),
    ]
    assert all(type(k) is Finish for k in exact.outcomes)
    assert all(type(k) is Finish for k in engagement_bounds(SMALL_A, SMALL_B, "jump", "dock").outcomes)
    ends = [
        k
        for k in round_odds(EngagementState(SMALL_A, SMALL_B, "jump", "dock", Side.A)).probabilities()
        if not isinstance(k, EngagementState)
    ]
    assert ends and all(type(k) is Finish for k in ends)
    sim = simulate_engagement(SMALL_A, SMALL_B, "jump", "dock", trials=50, max_rounds=1)
    assert all(type(k) is Finish for k in sim.counts) and sim.estimate(Finish(None, Ending.UNFINISHED)) > 0


def test_simulation_refuses_a_bare_string_outcome():
    """Bad input: an outcome given as a bare string is refused, not silently counted as zero."""
    sim = simulate_engagement(SMALL_A, SMALL_B, "jump", "dock", trials=10)
    with pytest.raises(RulesError, match="'outcome' must be a Finish"):
        sim.estimate("unfinished")


def test_expected_rounds_of_a_sure_thing():
    """Expected rounds: a holder the other cannot shake meets its goal at the end of round 1."""
    a = Ship("A", guns=0, players=True)
    b = Ship("B", guns=0, players=True).with_condition("thrusters", "disabled")
    odds = engagement_odds(a, b, "reach", "reach", holder=Side.A, opening=False)
    assert odds.win(Side.A) == 1 and odds.expected_rounds == 1


def test_huge_chain_refused_before_work():
    """State-space cap: two NPC ships that both want to jump are refused with a RulesError."""
    with pytest.raises(RulesError, match="simulate_engagement"):
        engagement_odds(Ship("A"), Ship("B"), "jump", "jump")
    assert MAX_CHAIN_STATES < 162 * 162


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 1), st.integers(0, 1), st.integers(0, 2), st.sampled_from(["reach", "dock", "jump"]))
def test_engagement_odds_sum_to_one(guns, thrusters, pilot, goal):
    """Invariant: all endings of a small engagement, stalemate included, sum to exactly 1."""
    a = Ship("A", guns=guns, thrusters=thrusters, pilot=pilot, players=True)
    b = Ship("B", guns=1, thrusters=1)
    assert engagement_odds(a, b, goal, "reach").total() == 1


def test_bad_dodge_threshold_refused():
    """Bad input: the dodge threshold must be a positive Impact."""
    with pytest.raises(RulesError, match="'dodge_at'"):
        engagement_odds(SMALL_A, SMALL_B, "reach", "reach", dodge_at=0)


def test_heavy_guns_refused_before_work():
    """Work cap: two NPC ships with Guns 8 and trained gunners, over a caller's max_work, point to the simulation."""
    a = Ship("A", guns=8, gunnery=4)
    b = Ship("B", guns=8, gunnery=4)
    with pytest.raises(RulesError, match="simulate_engagement"):
        engagement_odds(a, b, "reach", "reach", max_work=100_000)
    with pytest.raises(RulesError, match="simulate_engagement"):
        engagement_bounds(a, b, "reach", "reach", max_work=100_000)


_GOALS = ["reach", "dock", "jump"]


def _assert_bounds_hold(exact, bounds):
    """Each bound of *bounds* holds the exact chance of *exact*, at most 1e-8 of it wide, zero exactly when it is."""
    assert bounds.chain_states == exact.chain_states
    assert sum(exact.outcomes.values()) == 1  # what odds._complemented narrows the bounds by
    for side in Side:
        low, high = bounds.win(side)
        assert low <= exact.win(side) <= high
    for k, p in exact.outcomes.items():
        low, high = bounds.outcomes[k]
        assert low <= p <= high and high - low <= p * Fraction(1, 10**8)
        assert (p == 0) == (high == 0)
    if exact.expected_rounds is None:
        assert bounds.expected_rounds is None
    else:
        low, high = bounds.expected_rounds
        assert low <= exact.expected_rounds <= high and high - low <= exact.expected_rounds * Fraction(1, 10**8)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 1),
    st.booleans(),
    st.sampled_from(_GOALS),
    st.sampled_from(_GOALS),
    st.sampled_from([None, 1, 3]),
    st.sampled_from(["open", None, Side.A, Side.B]),
)
def test_bounds_hold_the_exact_odds(guns_a, guns_b, thrusters_a, pilot_b, npc, goal_a, goal_b, dodge, start):
    """Oracle: the floating-point walk's proven bounds hold every exact chance, and are about 1e-10 wide."""
    assume(not (npc and goal_a == goal_b == "jump"))  # over MAX_CHAIN_STATES: refused by both
    a = Ship("A", guns=guns_a, thrusters=thrusters_a, players=True)
    b = Ship("B", guns=guns_b, thrusters=1, pilot=pilot_b, players=not npc)
    kw = {"dodge_at": dodge} if start == "open" else {"dodge_at": dodge, "opening": False, "holder": start}
    exact = engagement_odds(a, b, goal_a, goal_b, **kw)
    bounds = engagement_bounds(a, b, goal_a, goal_b, **kw)
    _assert_bounds_hold(exact, bounds)


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(1, 2),
    st.integers(0, 2),
    st.sampled_from(["reach", "dock", "jump", "leap"]),
    st.sampled_from(["reach", "dock", "leap"]),
    st.sampled_from([None, 1, 2]),
    st.sampled_from([0, 4, 10**6]),
)
def test_float_walk_bounds_hold_the_exact_odds_with_leaps_crews_and_half_way_nodes(
        guns_a, guns_b, gunnery_b, boarders, crew_hits, goal_a, goal_b, dodge, direct):
    """Oracle: the lean float walk's bounds hold the exact walk's chances, leaps, NPC crews and dodges included.

    ``Chain.DIRECT`` 0 sends every changed target's second shot through a half-way node; 10**6 pairs every one.
    """
    a = Ship("A", guns=guns_a, thrusters=1, boarders=boarders, agility=1, players=True)
    b = Ship("B", guns=guns_b, thrusters=1, gunnery=gunnery_b, boarders=boarders, crew_hits=crew_hits)
    exact = engagement_odds(a, b, goal_a, goal_b, dodge_at=dodge)
    saved = Chain.DIRECT
    Chain.DIRECT = direct
    try:
        bounds = engagement_bounds(a, b, goal_a, goal_b, dodge_at=dodge)
    finally:
        Chain.DIRECT = saved
    _assert_bounds_hold(exact, bounds)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 4), st.integers(0, 3), st.integers(0, 2), st.sampled_from([None, 1, 2]), st.booleans())
def test_float_walk_shot_tables_are_the_chains_in_chances(guns, gunnery, crew_hits, dodge_at, npc):
    """Oracle: the float walk's shot tables give Chain.shot's chances; no change and a dodge exactly.

    Every target state one to three points away, every Guns condition of the shooter, with and without a dodge.
    """
    a = Ship("A", guns=guns, thrusters=1, gunnery=gunnery, players=True)
    b = Ship("B", guns=guns, thrusters=1, crew_hits=crew_hits, players=not npc)
    chain = Chain(a, b, Goal.JUMP, Goal.DOCK, STANDARD, dodge_at, None, None)
    tables = FloatTables(chain)
    for shooter in Side:
        start = chain.code(shooter.other, chain.base[shooter.other])
        targets = {start} | {k for p in (1, 2, 3) for k, _ in chain.hit(shooter, start, p)[0]}
        for target, guns_condition, dodge in itertools.product(sorted(targets), (0, 3, 6), (False, True)):
            hits, same, gone, dodged = chain.shot(shooter, guns_condition, target, dodge)
            (f_hits, f_same, f_gone, f_dodged), places, *_ = tables.shot(shooter, guns_condition, target, dodge)
            d = chain.dg * chain.dd
            assert (f_same, f_dodged) == (same, dodged)
            assert f_gone == pytest.approx(gone / d, rel=1e-12, abs=0) and (f_gone == 0) == (gone == 0)
            # The float tables hold each new state's place in the walk's lists: its number times a stride.
            codes, stride = tables.codes[shooter.other], tables.stride[shooter.other]
            assert places == f_hits and all(p % stride == 0 for p, _ in places)
            assert {codes[p // stride]: w for p, w in places} == pytest.approx({k: w / d for k, w in hits},
                                                                               rel=1e-12, abs=0)
            assert [p for p, _ in places] == [tables.place(shooter.other, codes[p // stride]) for p, _ in places]


def test_chain_asks_each_goal_requirement_of_the_engine_rule():
    """The chain's cached goal requirements agree with requirement_met for every pair of damaged ships."""
    a = Ship("A", guns=1, thrusters=1, has_gate_core=True, boarders=1, players=True)
    b = Ship("B", guns=1, thrusters=1, has_gate_core=True, boarders=1)
    for goal_a, goal_b in itertools.product(["reach", "dock", "jump", "leap"], repeat=2):
        chain = Chain(a, b, Goal(goal_a), Goal(goal_b), STANDARD, None, None, None)
        ships = {side: [replace(chain.base[side], thrusters_condition=t, guns_condition=g, gate_core_condition=c,
                                boarders=n)
                        for t, g, c, n in itertools.product(Condition, Condition, Condition, (0, 1))]
                 for side in Side}
        for own, enemy in itertools.product(ships[Side.A], ships[Side.B]):
            for side, mine, theirs in ((Side.A, own, enemy), (Side.B, enemy, own)):
                got = chain.met(side, chain.code(side, mine), chain.code(side.other, theirs))
                assert got == requirement_met(chain.goal[side], mine, theirs), (side, mine, theirs)


def test_bounds_of_the_hand_solved_race():
    """Oracle: the bounds hold the hand-solved race of two gunless ships."""
    a = Ship("A", computer=1, guns=0, thrusters=1, pilot=1, players=True)
    b = Ship("B", computer=1, guns=0, thrusters=1, players=True)
    exact = engagement_odds(a, b, "reach", "reach").win(Side.A)
    low, high = engagement_bounds(a, b, "reach", "reach").win(Side.A)
    assert low <= exact <= high


def test_bounds_give_up_rather_than_underflow(monkeypatch):
    """Error bound: a walk that meets a number too small to bound returns None, never a wrong bound."""
    monkeypatch.setattr(BoundedArithmetic, "TINY", 1.0)
    assert engagement_bounds(SMALL_A, SMALL_B, "jump", "dock") is None


def test_bounds_take_the_same_arguments_and_errors():
    """Bad input: engagement_bounds checks its arguments like engagement_odds."""
    with pytest.raises(RulesError, match="'dodge_at'"):
        engagement_bounds(SMALL_A, SMALL_B, "reach", "reach", dodge_at=0)
    with pytest.raises(RulesError, match="simulate_engagement"):
        engagement_bounds(Ship("A"), Ship("B"), "jump", "jump")


@given(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 1000), st.integers(0, 20))
def test_packed_states_round_trip(thrusters, guns, gate, crew, boarders):
    """Compact states: packing a ship's damage into one integer loses nothing and fits a level's half."""
    state = ShipState(thrusters, guns, gate, crew, boarders)
    packed = state.pack()
    assert ShipState.unpack(packed) == state
    assert ShipState.pack_fields(*state) == packed and ShipState.fields(packed) == tuple(state)
    assert 0 <= packed < SHIP_SPAN
    assert ShipState.thrusters_of(packed) == thrusters and ShipState.guns_of(packed) == guns
    assert ShipState.unpack(ShipState.without_boarders(packed)) == state._replace(boarders=0)
    assert ShipState.progress(packed) == thrusters + guns + gate + crew - boarders
    assert unpack_level(pack_level(packed, SHIP_SPAN - 1 - packed)) == (packed, SHIP_SPAN - 1 - packed)


def test_bounds_give_up_on_numbers_too_big_for_a_float(monkeypatch):
    """Error bound: a weight that overflows a float makes the walk return None, not crash."""

    def overflow(*args):
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr(BoundedArithmetic, "inverse", overflow)
    assert engagement_bounds(SMALL_A, SMALL_B, "jump", "dock") is None


@pytest.mark.parametrize("guns", [1, 4])
def test_float_walk_pairs_second_shots_directly_only_when_a_gunnery_phase_has_few_outcomes(guns):
    """Oracle: with few Gunnery outcomes (Guns 1 each: 4) second shots with few results are paired directly;
    with many (Guns 4 each: 25) every one that can change its target goes half-way. The bounds hold either way."""
    a = Ship("A", guns=guns, thrusters=1, gunnery=2, players=True)
    b = Ship("B", guns=guns, thrusters=1, gunnery=2)
    chain = Chain(a, b, Goal.JUMP, Goal.DOCK, STANDARD, None, None, None)
    assert chain.shot_spread() == (guns + 1) ** 2
    assert FloatTables(chain).direct == (Chain.DIRECT if guns == 1 else 0)
    _assert_bounds_hold(engagement_odds(a, b, "jump", "dock"), engagement_bounds(a, b, "jump", "dock"))
