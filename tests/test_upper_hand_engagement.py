"""Tests for the step-by-step engagement tracker (the Procedure in order)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import Condition, Ending, Engagement, Goal, Location, Phase, Ship, Side, simulate_engagement

PCS = Ship("Kestrel", computer=2, guns=2, thrusters=2, players=True, pcs=("Ada", "Bo"))
NPC = Ship("Cutter", computer=1, guns=2, thrusters=2)


def _opened(holder_impacts=(1, 0), goal_a="jump", goal_b="dock"):
    eng = Engagement(PCS, NPC, goal_a, goal_b)
    eng.open(*holder_impacts)
    return eng


def test_greater_software_impact_starts_with_upper_hand():
    """Opening: the greater Software Impact starts with the Upper Hand."""
    assert _opened((1, 0)).holder is Side.A


def test_computer_rank_limits_opening():
    """Opening: Computer 1 limits a Software Impact of 3 to 1, tying with 1."""
    assert _opened((1, 3)).holder is None


def test_holder_shoots_first():
    """Gunnery in order: the other ship cannot fire before the holder."""
    eng = _opened()
    with pytest.raises(RulesError, match="'side'"):
        eng.fire(Side.B, 1, [1])


def test_fire_together_only_without_holder():
    """Gunnery at once: only when nobody holds the Upper Hand."""
    with pytest.raises(RulesError, match="fire_together"):
        _opened().fire_together(0, 0)


def test_dodge_spends_upper_hand_and_avoids_damage():
    """Dodge: the holder gives up the Upper Hand and takes none of this round's damage."""
    eng = _opened()
    eng.fire(Side.A, 0)
    report = eng.fire(Side.B, 2, dodge=True)
    assert eng.holder is None and report.locations == ()
    assert eng.state.a == PCS


def test_first_shot_can_disable_guns_before_they_fire():
    """Gunnery in order: damage from the first shot applies before the second ship throws."""
    eng = _opened()
    eng.fire(Side.A, 2, [2, 2])
    assert eng.state.b.guns_condition is Condition.DISABLED
    with pytest.raises(RulesError, match="'impact'"):
        eng.fire(Side.B, 1)


def test_goal_met_at_end_of_round_with_upper_hand():
    """Goals: holding the Upper Hand at the end of a round with the requirement met wins."""
    eng = _opened()
    eng.fire(Side.A, 0)
    eng.fire(Side.B, 0)
    eng.maneuver(0, 0)
    outcome = eng.end_round()
    assert outcome.winner is Side.A and outcome.ending is Ending.GOAL and outcome.round == 1


def test_last_jump_noted():
    """Gate Core damaged: one last jump, noted on the outcome."""
    eng = _opened()
    eng.fire(Side.A, 0)
    eng.fire(Side.B, 1, [3])
    eng.maneuver(1, 0)
    assert "last jump" in eng.end_round().note


def test_requirement_not_met_continues():
    """Goals: the Upper Hand alone is not enough; the round passes."""
    eng = _opened(goal_a="dock", goal_b="jump")
    eng.fire(Side.A, 0)
    eng.fire(Side.B, 0)
    eng.maneuver(0, 0)
    assert eng.end_round() is None and eng.round == 2 and eng.phase is Phase.GUNNERY


def test_npc_crew_hit_surrender_grants_goal():
    """NPC crew check: a surrender ends the engagement and grants the other side its goal."""
    eng = _opened()
    eng.fire(Side.A, 1, [4], crew=[1])
    assert eng.outcome.winner is Side.A and eng.outcome.ending is Ending.SURRENDER
    with pytest.raises(RulesError, match="over"):
        eng.fire(Side.B, 0)


def test_pc_crew_hit_names_a_pc():
    """Players' crew hit: the hit PC must be aboard."""
    eng = _opened((0, 1))
    with pytest.raises(RulesError, match="'crew'"):
        eng.fire(Side.B, 1, [4], crew=[("Zed", 7)])


def test_surrender_any_time():
    """Surrender: either side may give up at any point, granting the other its goal."""
    eng = Engagement(PCS, NPC, "jump", "dock")
    outcome = eng.surrender("a")
    assert outcome.winner is Side.B and outcome.goal is Goal.DOCK and outcome.round == 0


def test_leap_needs_one_landing():
    """Leap ruling: one boarder landing meets the goal; failures are lost."""
    raiders = Ship("Raider", guns=1, thrusters=2, boarders=2)
    eng = Engagement(raiders, NPC, "leap", "jump")
    eng.open(1, 0)
    eng.fire(Side.A, 0)
    eng.fire(Side.B, 0)
    eng.maneuver(1, 0)
    assert eng.end_round([(0, 2), (0, 5)]) is None
    assert eng.state.a.boarders == 0


def test_steps_out_of_order_refused():
    """Procedure order: the Maneuver phase comes after the Gunnery phase."""
    with pytest.raises(RulesError, match="maneuver"):
        _opened().maneuver(1, 0)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 3),
    st.booleans(),
    st.sampled_from(["reach", "dock", "jump", "leap"]),
    st.sampled_from(["reach", "dock", "jump"]),
    st.integers(0, 1000),
)
def test_random_fights_always_follow_the_procedure(guns, thrusters, skill, players, goal_a, goal_b, seed):
    """Invariant: fights fed with random dice never break the tracker and always end or run out of rounds."""
    a = Ship(
        "A", guns=guns, thrusters=thrusters, gunnery=skill, pilot=skill, boarders=2, agility=skill, players=players
    )
    b = Ship("B", guns=2, thrusters=2, gunnery=1, pilot=1)
    sim = simulate_engagement(a, b, goal_a, goal_b, trials=5, seed=seed, max_rounds=30)
    assert sum(sim.counts.values()) == 5


@given(st.integers(-5, 5), st.integers(-5, 5))
def test_bad_opening_impacts_name_the_argument(ia, ib):
    """Bad input: a negative Software Impact is a RulesError naming that argument."""
    eng = Engagement(PCS, NPC, "jump", "dock")
    if ia < 0:
        with pytest.raises(RulesError, match="'software_a'"):
            eng.open(ia, ib)
    elif ib < 0:
        with pytest.raises(RulesError, match="'software_b'"):
            eng.open(ia, ib)
    else:
        assert eng.open(ia, ib) in (None, Side.A, Side.B)


def test_fire_together_choose_on_a_picks_where_hits_on_a_land():
    """Gunnery at once: choose_on_a places B's bare 5-6 on ship A, choose_on_b A's on B (named like rolls_on_a)."""
    eng = _opened((0, 0))
    on_b, on_a = eng.fire_together(1, 1, rolls_on_a=[5], rolls_on_b=[6],
                                   choose_on_a=lambda ship: Location.THRUSTERS,
                                   choose_on_b=lambda ship: Location.GUNS)
    assert on_a.locations == (Location.THRUSTERS,) and on_b.locations == (Location.GUNS,)
    with pytest.raises(TypeError, match="choose_a"):
        _opened((0, 0)).fire_together(1, 1, [5], [6], choose_a=lambda ship: Location.GUNS)
