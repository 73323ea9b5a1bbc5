"""Tests for the plain-data Upper Hand calculators and the computed tables."""

from dataclasses import replace
from fractions import Fraction

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


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["jump", "dock", "reach"]), st.sampled_from(["dock", "reach"]), st.integers(0, 2),
       st.integers(0, 2), st.sampled_from([0, 2]))
def test_site_digits_are_the_exact_digits(my_goal, their_goal, my_guns, their_pilot, dodge_at):
    """Oracle: the site's bounded walk shows the very digits the exact fractions show."""
    from voidref.calc.results import to_text
    from voidref.calc.systems import plain_result

    def text(**kw):
        result = engagement_outcome_odds(my_goal=my_goal, their_goal=their_goal, my_guns=my_guns,
                                         their_pilot=their_pilot, dodge_at=dodge_at, trials=1000, **kw)
        lines = to_text(plain_result(result, "Whole engagement (Upper Hand)")).splitlines()
        return result["method"], [line for line in lines if not line.startswith("Method:")]

    _, shown = text(exact_fractions=False)
    exact_method, exact = text()
    assert exact_method == "exact"
    assert shown == exact


def test_unsettled_digit_falls_back_to_exact_fractions(monkeypatch):
    """Bounds that straddle a rounding step are not trusted: the exact fractions are worked out instead."""
    from voidref.upper_hand import calculators as module

    real = module.engagement_bounds

    def straddling(*args, **kwargs):
        bounds = real(*args, **kwargs)
        key = next(iter(bounds.outcomes))
        outcomes = dict(bounds.outcomes)
        outcomes[key] = (Fraction(1235, 10000) - Fraction(1, 10**6), Fraction(1235, 10000) + Fraction(1, 10**6))
        return replace(bounds, outcomes=outcomes)

    monkeypatch.setattr(module, "engagement_bounds", straddling)
    result = engagement_outcome_odds(my_goal="reach", their_goal="dock", exact_fractions=False)
    assert result["method"] == "exact" and isinstance(result["i_win"], Fraction)


def test_bounded_walk_giving_up_falls_back_to_exact_fractions(monkeypatch):
    """A walk that cannot vouch for its bound (None) leads to the exact fractions."""
    from voidref.upper_hand import calculators as module

    monkeypatch.setattr(module, "engagement_bounds", lambda *args, **kwargs: None)
    result = engagement_outcome_odds(my_goal="reach", their_goal="dock", exact_fractions=False)
    assert result["method"] == "exact"


def test_site_calculator_uses_the_bounded_walk():
    """The site's whole-engagement calculator shows the bounded walk's settled digits."""
    result = engagement_outcome_odds(exact_fractions=False)
    assert result["method"] == "exact to the digits shown"
    assert all(row["percent"].endswith("%") and "probability" not in row for row in result["rows"])


def test_settled_needs_both_ends_to_print_alike():
    """Display: an interval is settled only when both ends print the same."""
    from voidref.calc.results import pct
    from voidref.upper_hand.calculators import _settled

    assert _settled(Fraction(1231, 10000), Fraction(1232, 10000), pct) == "12.3%"
    assert _settled(Fraction(1234, 10000), Fraction(1236, 10000), pct) is None
