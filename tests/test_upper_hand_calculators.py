"""Tests for the Upper Hand calculators (typed values in, a Result out) and the computed tables."""

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.calc import upper_hand as module
from voidref.calc.results import decimal, pct, to_text
from voidref.calc.upper_hand import _decimal_text, engagement, phase
from voidref.errors import RulesError
from voidref.present import percent
from voidref.tables import upper_hand as tables
from voidref.upper_hand import Ship, Side, engagement_odds, maneuver_odds
from voidref.upper_hand import answer as policy
from voidref.upper_hand.answer import settled_places as _places
from voidref.upper_hand.rulings import STANDARD


def test_phase_matches_engine():
    """Calculator: the Maneuver-phase odds are the engine's maneuver_odds."""
    facts = dict(phase(my_thrusters=2, my_pilot=1, their_thrusters=3, their_pilot=2, holder="them").facts)
    engine = maneuver_odds(Ship("me", thrusters=2, pilot=1), Ship("them", thrusters=3, pilot=2), Side.B)
    assert facts["Hold after"] == pct(engine[Side.A]) and facts["They hold after"] == pct(engine[Side.B])
    assert facts["Hold after"].value == engine[Side.A]


def test_phase_disabled_thrusters():
    """Calculator: with my Thrusters disabled I never win the phase."""
    assert str(dict(phase(my_thrusters_condition="disabled").facts)["Win phase"]) == "0%"


def test_engagement_exact():
    """Calculator: small fights are exact and match engagement_odds."""
    facts = dict(engagement(my_goal="reach", their_goal="dock", my_guns=1, their_guns=1, bounded=False).facts)
    me = Ship("me", computer=1, guns=1, thrusters=2, players=True)
    them = Ship("them", computer=1, guns=1, thrusters=2)
    assert facts["Method"] == "exact"
    assert facts["I win"] == pct(engagement_odds(me, them, "reach", "dock").win(Side.A))


def test_engagement_falls_back_to_simulation():
    """Calculator: a chain over the work limit is simulated, with a margin on each row."""
    result = engagement(my_goal="jump", their_goal="jump", trials=200, exact_work_limit=1000)
    assert dict(result.facts)["Method"] == "simulation" and dict(result.facts)["Trials"] == "200"
    assert result.blocks[0].headers == ("Label", "Chance", "Margin")
    assert all(row[2].startswith("±") for row in result.blocks[0].rows)


@settings(max_examples=30)
@given(st.sampled_from(["my_thrusters", "my_pilot", "their_thrusters", "their_pilot"]), st.integers(-50, 50))
def test_bad_numbers_name_the_argument(name, value):
    """Bad input: an out-of-range number is a RulesError naming that argument."""
    if 0 <= value <= 10:
        assert str(dict(phase(**{name: value}).facts)["Hold after"]).endswith("%")
    else:
        with pytest.raises(RulesError, match=repr(name)):
            phase(**{name: value})


def test_bad_holder_names_the_argument():
    """Bad input: the holder must be me, them or nobody."""
    with pytest.raises(RulesError, match="'holder'"):
        phase(holder="everyone")


def test_bad_goal_names_the_argument():
    """Bad input: an unknown goal is a RulesError naming it."""
    with pytest.raises(RulesError, match="'my_goal'"):
        engagement(my_goal="win")


def test_leap_needs_boarders():
    """Bad input: the leap goal without boarders names the boarders field."""
    with pytest.raises(RulesError, match="'their_boarders'"):
        engagement(their_goal="leap")


@pytest.mark.parametrize("name", ["throw_table", "limit_table", "maneuver_table", "opening_table",
                                  "surrender_table", "leap_table"])
def test_tables_are_markdown(name):
    """Computed tables: each returns a Markdown table."""
    text = getattr(tables, name)()
    assert text.startswith("| ") and "| --- |" in text.splitlines()[1]


def test_work_limit_switches_to_simulation():
    """Calculator: a tight exact-work limit gives a simulation instead of a long wait."""
    result = engagement(my_guns=2, their_guns=2, exact_work_limit=10, trials=200)
    assert dict(result.facts)["Method"] == "simulation"


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["jump", "dock", "reach"]), st.sampled_from(["dock", "reach"]), st.integers(0, 2),
       st.integers(0, 2), st.sampled_from([0, 2]))
def test_site_digits_are_the_exact_digits(my_goal, their_goal, my_guns, their_pilot, dodge_at):
    """Oracle: the site's bounded walk shows the very digits the exact fractions show."""
    def text(**kw):
        result = engagement(my_goal=my_goal, their_goal=their_goal, my_guns=my_guns, their_pilot=their_pilot,
                            dodge_at=dodge_at or None, **kw)
        lines = to_text(result).splitlines()
        return dict(result.facts)["Method"], [line for line in lines if not line.startswith("Method:")]

    _, shown = text()
    exact_method, exact = text(bounded=False)
    assert exact_method == "exact"
    assert shown == exact


def test_unsettled_digit_falls_back_to_exact_fractions(monkeypatch):
    """Bounds that straddle a rounding step are not trusted: the exact fractions are worked out instead."""
    real = policy.engagement_bounds

    def straddling(*args, **kwargs):
        bounds = real(*args, **kwargs)
        key = next(iter(bounds.outcomes))
        outcomes = dict(bounds.outcomes)
        outcomes[key] = (Fraction(1235, 10000) - Fraction(1, 10**6), Fraction(1235, 10000) + Fraction(1, 10**6))
        return replace(bounds, outcomes=outcomes)

    monkeypatch.setattr(policy, "engagement_bounds", straddling)
    result = engagement(my_goal="reach", their_goal="dock")
    assert dict(result.facts)["Method"] == "exact"


def test_bounded_walk_giving_up_falls_back_to_exact_fractions(monkeypatch):
    """A walk that cannot vouch for its bound (None) leads to the exact fractions."""
    monkeypatch.setattr(policy, "engagement_bounds", lambda *args, **kwargs: None)
    result = engagement(my_goal="reach", their_goal="dock")
    assert dict(result.facts)["Method"] == "exact"


def test_site_calculator_uses_the_bounded_walk():
    """The site's whole-engagement calculator shows the bounded walk's settled digits."""
    result = engagement()
    assert dict(result.facts)["Method"] == "exact to the digits shown"
    assert all(str(row[1]).endswith("%") for row in result.blocks[0].rows)


def test_settled_needs_both_ends_to_print_alike():
    """Display: an interval is settled only when both ends print the same (one more decimal only when asked)."""
    assert _places(Fraction(1231, 10000), Fraction(1232, 10000), percent, 1, finer=False) == 1
    assert _places(Fraction(1234, 10000), Fraction(1236, 10000), percent, 1, finer=False) is None
    assert _places(Fraction(1234, 10000), Fraction(1236, 10000), percent, 1, finer=True) is None  # 12.34 / 12.36
    tiny = Fraction(1, 10**9)
    assert _places(Fraction(1, 8) - tiny, Fraction(1, 8) + tiny, percent, 0, finer=True) == 1  # 12% / 13%: 12.5%


@given(st.integers(0, 998), st.integers(-4 * 10**4, 4 * 10**4), st.integers(0, 24_999), st.integers(0, 24_999),
       st.sampled_from([1, 2]))
def test_one_more_decimal_always_settles_bounds_narrower_than_its_steps(step, offset, below, above, usual):
    """Display: bounds under 5e-5 apart about a rounding step print alike with one more decimal.

    The steps of the finer rounding sit half a finer unit (5e-5 of a
    chance) from the coarser ones, so such bounds cannot straddle both;
    and what they print is the exact value's rounding (the oracle). For
    chances (percent, ``usual`` 1: steps of 1e-3 of a chance, then 1e-4)
    and means (decimal, ``usual`` 2: steps of 1e-2, then 1e-3), each
    drawn within 4e-5 of a coarse step, so that most examples straddle it.
    """
    unit = Fraction(1, 1000) if usual == 1 else Fraction(1, 100)
    x = (step + Fraction(1, 2)) * unit + Fraction(offset, 10**9)
    low, high = x - Fraction(below, 10**9), x + Fraction(above, 10**9)  # under 5e-5 apart
    show = percent if usual == 1 else _decimal_text
    places = _places(low, high, show, usual, finer=True)
    assert places is not None
    assert show(low, places) == show(x, places) == show(high, places)
    if places > usual:  # one more decimal only when the usual ones straddled a step
        assert show(low, usual) != show(high, usual)


@pytest.mark.parametrize("my_goal, their_goal",
                         [("jump", "jump"), ("jump", "dock"), ("leap", "jump"), ("jump", "leap")])
def test_every_form_the_calculator_accepts_is_walked_not_simulated(my_goal, their_goal):
    """Calculator: at the largest ranks the form accepts, the chain is walked (exact digits), never simulated."""
    tens = {f"{who}_{name}": 10 for who in ("my", "their")
            for name in ("computer", "guns", "thrusters", "gunnery", "pilot", "boarders")}
    assert dict(engagement(my_goal=my_goal, their_goal=their_goal, **tens).facts)["Method"].startswith("exact")


def test_a_chain_without_bounds_is_worked_out_exactly_when_small_else_simulated(monkeypatch):
    """Calculator: without bounds from the walk, a small chain is worked out exactly, a big one simulated."""
    monkeypatch.setattr(policy, "engagement_bounds", lambda *args, **kwargs: None)
    small = dict(module.engagement(my_goal="jump", their_goal="dock", my_guns=1, their_guns=1).facts)
    big = dict(module.engagement(my_goal="jump", their_goal="dock", my_guns=3, their_guns=3, trials=100).facts)
    assert small["Method"] == "exact" and big["Method"] == "simulation"


def _leap_against_jump(me: dict, them: dict, **switches) -> tuple[dict, object]:
    """The calculator's facts for my leap against their jump, and the exact walk's odds (the oracle) of the same."""
    rulings = replace(STANDARD, **switches)
    result = engagement(my_goal="leap", their_goal="jump", rulings=rulings,
                        **{f"my_{k}": v for k, v in me.items()}, **{f"their_{k}": v for k, v in them.items()})
    exact = engagement_odds(Ship("me", players=True, **me), Ship("them", **them), "leap", "jump", rulings=rulings,
                            dodge_at=None)
    return {label: str(value) for label, value in result.facts}, exact


def _thirteen_eighths_rounds() -> tuple[dict, object]:
    """:func:`_leap_against_jump` for a form whose expected rounds are exactly 13/8 (between 1.62 and 1.63)."""
    return _leap_against_jump({"computer": 8, "guns": 0, "thrusters": 0, "gunnery": 10, "boarders": 10},
                              {"computer": 0, "guns": 7, "thrusters": 3, "gunnery": 9, "pilot": 10, "boarders": 10},
                              throw_dice=3, throw_succeeds_at=9, bare_success_impact=0, crew_is_a_component=True)


def test_a_side_certain_to_win_is_shown_from_the_bounds_not_simulated():
    """Calculator: when they can never win, the bounds settle "I win 100%" (every other outcome is exactly 0).

    Found by a search of the form for its slowest answer: the bounds left
    the win just under 1 unsettled (">99.9%" or "100%"), and the chain is
    too big for the exact fractions, so the calculator simulated for half
    a second. The exact walk is the oracle.
    """
    facts, exact = _leap_against_jump({"guns": 10, "thrusters": 10, "gunnery": 10, "pilot": 3, "boarders": 10},
                                      {"computer": 6, "guns": 0, "thrusters": 4, "gunnery": 10, "pilot": 9},
                                      throw_dice=3, throw_succeeds_at=2, crew_is_a_component=True)
    assert (facts["Method"], facts["I win"], facts["They win"]) == ("exact to the digits shown", "100%", "0%")
    assert exact.win(Side.A) == 1


def test_a_digit_exactly_on_a_rounding_step_of_a_small_chain_is_worked_out_exactly():
    """Calculator: 13/8 expected rounds (between 1.62 and 1.63) comes from exact fractions, not a simulation.

    The chain could be big before the walk (over ``EXACT_FRACTIONS_LIMIT``),
    but the walk found 9 levels (``EXACT_AFTER_WALK``): found by a search of
    the form for its slowest answer, which this was (a third of a second).
    """
    facts, exact = _thirteen_eighths_rounds()
    assert (facts["Method"], facts["Expected rounds"], facts["They win"]) == ("exact", "1.62", "100%")
    assert exact.expected_rounds == Fraction(13, 8)


def test_a_digit_exactly_on_a_rounding_step_of_a_big_chain_gets_one_more_decimal_not_a_simulation(monkeypatch):
    """Calculator: 13/8 expected rounds from a chain too big for the exact fractions prints as 1.625, not simulated.

    The form of the test above, with the chain counted as big (no exact
    fractions after the walk): the bounds cannot settle 1.62 or 1.63, and
    one more decimal settles it. The exact walk is the oracle.
    """
    monkeypatch.setattr(policy, "EXACT_AFTER_WALK", 0)
    facts, exact = _thirteen_eighths_rounds()
    assert (facts["Method"], facts["Expected rounds"], facts["They win"]) == (
        "exact to the digits shown", "1.625", "100%")
    assert str(decimal(exact.expected_rounds, 3)) == "1.625" and str(decimal(exact.expected_rounds)) == "1.62"
