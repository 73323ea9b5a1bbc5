"""Tests for goals, their extra requirements and leaping boarders."""

from fractions import Fraction

import pytest

from voidref.errors import RulesError
from voidref.upper_hand import Goal, LeapResult, Ship, leap, leap_odds, party_leap_odds, requirement_met
from voidref.upper_hand.goals import check_goal, check_leapers

INTACT = Ship("Us")


def test_reach_needs_thrusters_not_disabled():
    """Goal table, reach: Thrusters not disabled (damaged is fine)."""
    assert requirement_met(Goal.REACH, INTACT.hit(1), INTACT)
    assert not requirement_met(Goal.REACH, INTACT.hit(1).hit(1), INTACT)


def test_jump_with_damaged_gate_core():
    """Goal table, jump: a damaged gate core still allows the jump; a disabled one does not."""
    assert requirement_met("jump", INTACT.hit(3), INTACT)
    assert not requirement_met("jump", INTACT.hit(3).hit(3), INTACT)


@pytest.mark.parametrize(
    "own,enemy,ok", [(0, 0, False), (0, 1, True), (1, 1, False), (1, 2, True), (0, 2, True), (2, 2, False)]
)
def test_dock_needs_enemy_thrusters_hurt_and_ours_better(own, enemy, ok):
    """Goal table, dock: enemy Thrusters damaged or disabled, ours in strictly better condition."""
    us = INTACT.with_condition("thrusters", ["intact", "damaged", "disabled"][own])
    them = INTACT.with_condition("thrusters", ["intact", "damaged", "disabled"][enemy])
    assert requirement_met(Goal.DOCK, us, them) is ok


def test_leap_success_lands():
    """Leap: a successful throw lands on the enemy hull."""
    assert leap(1) is LeapResult.LANDED


def test_leap_failure_is_even_odds():
    """Leap: a failure is 50/50 between dying on the hull and drifting away."""
    odds = leap_odds(agility=0)
    assert odds[LeapResult.DIED] == odds[LeapResult.DRIFTED] == Fraction(7, 24)


def test_agility_helps_the_leap():
    """Leap: the Agility skill is added to the throw."""
    assert leap_odds(2)[LeapResult.LANDED] > leap_odds(0)[LeapResult.LANDED]


def test_party_leap_counts():
    """Leap: the number landing out of three boarders sums to 1."""
    odds = party_leap_odds(3, agility=1)
    assert sum(odds.probabilities().values()) == 1 and max(odds) == 3


def test_jump_without_gate_core_refused():
    """Jump-needs-gate-core ruling: a ship without one cannot choose the jump goal."""
    with pytest.raises(RulesError, match="'goal_a'"):
        check_goal("goal_a", "jump", Ship("S", has_gate_core=False))


def test_leap_without_boarders_refused():
    """Bad input: leaping needs boarders."""
    with pytest.raises(RulesError, match="'goal_b'"):
        check_leapers("goal_b", Goal.LEAP, Ship("S"))


def test_failed_leap_needs_the_split_roll():
    """Bad input: a failed leap needs the 1d6 that splits dying from drifting."""
    with pytest.raises(RulesError, match="'split_roll'"):
        leap(0)


def test_finish_labels_and_equals_its_pair():
    """Finish: one typed key for every ending; it equals the plain (winner, ending) pair."""
    from voidref.upper_hand import Ending, Finish, Side

    assert Finish(Side.A, Ending.SURRENDER).label == "A surrender"
    assert Finish(None, Ending.UNFINISHED).label == "unfinished"
    assert {Finish(Side.B, Ending.GOAL): 1}[(Side.B, Ending.GOAL)] == 1


def test_check_finish_needs_a_winner_exactly_when_someone_won():
    """Finish: a goal or surrender names its winner; a stalemate or an unfinished fight names none."""
    from voidref.upper_hand import Ending, Finish, Side
    from voidref.upper_hand.goals import check_finish

    assert check_finish("outcome", ("a", "goal")) == Finish(Side.A, Ending.GOAL)
    assert check_finish("outcome", (None, Ending.STALEMATE)) == Finish(None, Ending.STALEMATE)
    for bad in ("stalemate", "unfinished", (None, Ending.GOAL), (Side.A, Ending.STALEMATE), (Side.A, "won")):
        with pytest.raises(RulesError, match="'outcome' must"):
            check_finish("outcome", bad)


def test_tracked_outcome_has_a_winner_ending():
    """Outcome: an engagement tracked step by step ends by a goal or a surrender, never a stalemate."""
    from voidref.upper_hand import Ending, Outcome, Side

    with pytest.raises(RulesError, match="'ending' must be goal or surrender"):
        Outcome(Side.A, Goal.REACH, Ending.STALEMATE, 3)
