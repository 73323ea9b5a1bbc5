"""The chain's half-way nodes (one ship has fired, the other not yet) against rounds iterated one by one.

The walk sends a shot with many results through a half-way node
(:meth:`voidref.upper_hand.chain.Chain.half`) instead of pairing every result
of one shot with every result of the other (``Chain.DIRECT`` sets how many
is many; each test runs with every shot through a node, as shipped, and with
every pair made directly). These tests check the whole
engagement against the oracle of single rounds (:func:`round_odds`, itself
checked against the step-by-step tracker) played out round by round, with NPC
crews on both sides, so that both crews can give up in the same Gunnery phase.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.upper_hand import EngagementState, Ship, engagement_bounds, engagement_odds, round_odds
from voidref.upper_hand.chain import Chain
from voidref.upper_hand.maneuver import opening_odds


@pytest.fixture(params=[0, Chain.DIRECT, 10**6], ids=["every shot through a node", "as shipped", "all paired"],
                autouse=True)
def direct(request, monkeypatch):
    """Each test three ways: shots with results through half-way nodes, as shipped, and every pair made directly."""
    monkeypatch.setattr(Chain, "DIRECT", request.param)
    return request.param


def _iterated(a, b, goal_a, goal_b, rounds, dodge_at):
    """Endings reached within *rounds* rounds, played one round at a time, and the chance still undecided."""
    dist = {EngagementState(a, b, goal_a, goal_b, holder=h): p for h, p in opening_odds(a, b).probabilities().items()}
    done: dict = {}
    for _ in range(rounds):
        nxt: dict = {}
        for state, p in dist.items():
            for k, q in round_odds(state, dodge_at=dodge_at).probabilities().items():
                target = done if not isinstance(k, EngagementState) else nxt
                target[k] = target.get(k, 0) + p * q
        dist = nxt
    return done, sum(dist.values(), Fraction(0))


def _check(a, b, goal_a, goal_b, dodge_at, rounds=3):
    odds = engagement_odds(a, b, goal_a, goal_b, dodge_at=dodge_at)
    assert odds.total() == 1
    done, rest = _iterated(a, b, goal_a, goal_b, rounds, dodge_at)
    for k, v in done.items():
        assert v <= odds.outcomes[k] <= v + rest, k
    bounds = engagement_bounds(a, b, goal_a, goal_b, dodge_at=dodge_at)
    for k, (low, high) in bounds.outcomes.items():
        assert low <= odds.outcomes[k] <= high, k


def test_both_npc_crews_can_give_up_in_one_gunnery_phase():
    """Two NPC ships with Guns 2 trading shots: each crew's surrender counted once, endings summing to 1."""
    _check(Ship("Cutter", guns=2, thrusters=1), Ship("Hulk", guns=2, thrusters=1, has_gate_core=False, crew_hits=1),
           "reach", "reach", None)


def test_holder_shot_back_through_a_half_way_node_with_a_dodge():
    """The holder fires, the other fires back from its damaged state, and a dodge of Impact 1 sends nobody on."""
    _check(Ship("Boarder", guns=2, thrusters=2, boarders=2, agility=1), Ship("Kestrel", guns=1, thrusters=1, pilot=1,
                                                                             players=True), "leap", "reach", 1)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), st.booleans(), st.sampled_from(["reach", "dock"]),
       st.sampled_from(["reach", "dock"]), st.sampled_from([None, 1, 2]))
def test_half_way_nodes_agree_with_rounds_played_one_by_one(guns_a, guns_b, players, goal_a, goal_b, dodge_at):
    """Invariant: exact endings sum to 1, lie within the iterated rounds' bounds and within the float walk's."""
    a = Ship("A", guns=guns_a, thrusters=1, players=players)
    b = Ship("B", guns=guns_b, thrusters=1, crew_hits=1)
    _check(a, b, goal_a, goal_b, dodge_at, rounds=2)
