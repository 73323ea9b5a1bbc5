"""Tests for the plain-data Upper Hand calculators and the computed tables."""


import pytest
from hypothesis import given, settings, strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import Ship, Side, engagement_odds, maneuver_odds
from voidref.upper_hand import tables
from voidref.upper_hand.calculators import engagement_outcome_odds, upper_hand_chance


def test_upper_hand_chance_matches_engine():
    """Calculator: the Maneuver-phase odds are the engine's maneuver_odds."""
    result = upper_hand_chance(my_thrusters=2, my_pilot=1, their_thrusters=3, their_pilot=2, holder="them")
    engine = maneuver_odds(Ship("me", thrusters=2, pilot=1), Ship("them", thrusters=3, pilot=2), Side.B)
    assert result["hold_after"] == engine[Side.A] and result["they_hold_after"] == engine[Side.B]
    assert result["win_phase"] + result["tie"] + result["lose_phase"] == 1


def test_upper_hand_chance_disabled_thrusters():
    """Calculator: with my Thrusters disabled I never win the phase."""
    assert upper_hand_chance(my_thrusters_condition="disabled")["win_phase"] == 0


def test_engagement_outcome_odds_exact():
    """Calculator: small fights are exact and match engagement_odds."""
    result = engagement_outcome_odds(my_goal="reach", their_goal="dock", my_guns=1, their_guns=1)
    me = Ship("me", computer=1, guns=1, thrusters=2, players=True)
    them = Ship("them", computer=1, guns=1, thrusters=2)
    assert result["method"] == "exact"
    assert result["i_win"] == engagement_odds(me, them, "reach", "dock").win(Side.A)


def test_engagement_outcome_odds_falls_back_to_simulation():
    """Calculator: a chain too large to solve is simulated, with a margin on each row."""
    result = engagement_outcome_odds(my_goal="jump", their_goal="jump", they_are_npcs=True, trials=200)
    assert result["method"] == "simulation" and all("margin" in row for row in result["rows"])


@settings(max_examples=30)
@given(st.sampled_from(["my_thrusters", "my_pilot", "their_thrusters", "their_pilot"]), st.integers(-50, 50))
def test_bad_numbers_name_the_argument(name, value):
    """Bad input: an out-of-range number is a RulesError naming that argument."""
    if 0 <= value <= 10:
        assert 0 <= upper_hand_chance(**{name: value})["hold_after"] <= 1
    else:
        with pytest.raises(RulesError, match=repr(name)):
            upper_hand_chance(**{name: value})


def test_bad_holder_names_the_argument():
    """Bad input: the holder must be me, them or nobody."""
    with pytest.raises(RulesError, match="'holder'"):
        upper_hand_chance(holder="everyone")


def test_bad_goal_names_the_argument():
    """Bad input: an unknown goal is a RulesError naming it."""
    with pytest.raises(RulesError, match="'my_goal'"):
        engagement_outcome_odds(my_goal="win")


@pytest.mark.parametrize("name", ["throw_table", "limit_table", "maneuver_table", "opening_table",
                                  "surrender_table", "leap_table"])
def test_tables_are_markdown(name):
    """Computed tables: each returns a Markdown table."""
    text = getattr(tables, name)()
    assert text.startswith("| ") and "| --- |" in text.splitlines()[1]


def test_work_limit_switches_to_simulation():
    """Calculator: a tight exact-work limit gives a simulation instead of a long wait."""
    result = engagement_outcome_odds(my_guns=2, their_guns=2, exact_work_limit=10, trials=200)
    assert result["method"] == "simulation"
