"""Void Pirates calculator functions: plain data in and out, equal to the engine's answers."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.pirates import ActionRoll, gunnery_distribution, hit_distribution, move_rate, opposed_odds
from voidref.pirates.calculators import (
    action_roll_odds,
    damage_after_soak,
    encumbrance_and_move,
    opposed_roll_odds,
    ship_gunnery,
)

PLAIN = (int, str, bool, Fraction, type(None))


def assert_plain(value):
    """Only dicts, lists and plain scalars (ints, strings, bools, Fractions)."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str)
            assert_plain(v)
    elif isinstance(value, list):
        for v in value:
            assert_plain(v)
    else:
        assert isinstance(value, PLAIN), type(value)


def test_action_roll_odds_equal_engine():
    """The Action Roll calculator returns the engine's exact odds."""
    out = action_roll_odds(target_number=15, attribute=14, skill_rank=2, gravity_modifier=2)
    engine = ActionRoll.from_scores(14, skill_rank=2, gravity_modifier=2).odds(15)
    assert all(out[k] == engine[k] for k in engine)
    assert out["full"] + out["partial"] + out["failure"] == 1
    assert_plain(out)


def test_opposed_calculator_equals_engine():
    """The opposed calculator returns the engine's exact odds."""
    out = opposed_roll_odds(attacker_modifier=4, defender_modifier=2)
    engine = opposed_odds(ActionRoll(additional=4), ActionRoll(additional=2))
    assert all(out[k] == engine[k] for k in engine)
    assert_plain(out)


def test_damage_calculator_equals_engine():
    """The soak calculator's distribution is the engine's, and reports the minimum-1 chance."""
    out = damage_after_soak(dice="3d6", armor_value=6, damage_type="energy")
    engine = hit_distribution("3d6", 6, "energy")
    assert {r["value"]: r["probability"] for r in out["distribution"]} == engine.probabilities()
    assert out["soak"] == 3
    assert out["minimum_applies"] == Fraction(1, 216)  # only 3d6 = 3 fails to beat a soak of 3
    assert_plain(out)


def test_encumbrance_calculator_examples():
    """STR 12 carrying 144 kg and 168 kg: -1 and -2 (source examples)."""
    assert encumbrance_and_move(agility=9, strength=12, carried_kg=144)["steps"] == 1
    out = encumbrance_and_move(agility=9, strength=12, carried_kg=168)
    assert out["steps"] == 2 and out["move"] == move_rate(9, carried_kg=168, strength=12)
    assert_plain(out)


def test_encumbrance_calculator_mismatched_gravity():
    """A Floater in high gravity doubles the excess share."""
    out = encumbrance_and_move(agility=9, strength=12, carried_kg=144, gravity_rating="floater", gravity="high")
    assert out["mismatched"] and out["steps"] == 2


def test_gunnery_calculator_equals_engine():
    """The ship gunnery calculator matches the engine, with the range modifier applied."""
    out = ship_gunnery(gunner_modifier=3, pilot_modifier=2, dice="4d6", armor_value=5, range_band="close")
    engine = gunnery_distribution(ActionRoll(additional=3), ActionRoll(additional=2), "4d6", 5, "physical", "close")
    assert {r["value"]: r["probability"] for r in out["distribution"]} == engine.probabilities()
    assert out["situational_modifier"] == 2
    assert_plain(out)


@pytest.mark.parametrize("call,arg", [
    (lambda: action_roll_odds(target_number=0), "'target_number'"),
    (lambda: action_roll_odds(attribute=25), "'score'"),
    (lambda: opposed_roll_odds(attacker_modifier="3"), "'additional'"),
    (lambda: damage_after_soak(dice="d6"), "'dice'"),
    (lambda: damage_after_soak(armor_value=-1), "'armor_value'"),
    (lambda: encumbrance_and_move(agility=9, strength=12, carried_kg=-5), "'carried_kg'"),
    (lambda: encumbrance_and_move(agility=9, strength=12, gravity="heavy"), "'gravity'"),
    (lambda: ship_gunnery(range_band="far"), "'range_band'"),
])
def test_bad_input_names_argument(call, arg):
    """Every calculator refuses bad input with a RulesError naming the argument."""
    with pytest.raises(RulesError, match=arg):
        call()


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 30), st.integers(-10, 15))
def test_action_calculator_rows_sum(tn, mod):
    """The first three rows (full, partial, failure) always sum to 1."""
    out = action_roll_odds(target_number=tn, attribute_modifier=mod)
    assert sum(r["probability"] for r in out["rows"][:3]) == 1


JUNK = st.one_of(st.none(), st.booleans(), st.text(max_size=4), st.integers(-10**6, 10**6), st.floats(allow_nan=False))

CALLS = {
    "action_roll_odds": (action_roll_odds, ["target_number", "attribute", "skill_rank", "gravity_modifier", "additional"], {}),
    "opposed_roll_odds": (opposed_roll_odds, ["attacker_modifier", "defender_modifier", "attacker_second_skill_rank"], {}),
    "damage_after_soak": (damage_after_soak, ["dice", "armor_value", "damage_type", "critical", "partial"], {}),
    "encumbrance_and_move": (encumbrance_and_move, ["agility", "strength", "carried_kg", "gear", "gravity", "level"],
                             {"agility": 9, "strength": 12}),
    "ship_gunnery": (ship_gunnery, ["gunner_modifier", "pilot_modifier", "dice", "armor_value", "range_band", "ecm"], {}),
}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(CALLS)), st.data(), JUNK)
def test_any_input_gives_result_or_rules_error(name, data, value):
    """Whatever one argument holds, a calculator answers or raises RulesError (never another error)."""
    func, params, base = CALLS[name]
    param = data.draw(st.sampled_from(params))
    kwargs = dict(base, **{param: value})
    try:
        func(**kwargs)
    except RulesError:
        pass


def test_huge_dice_refused_quickly():
    """A roll too large to compute quickly is refused with a RulesError naming dice."""
    with pytest.raises(RulesError, match="'dice'"):
        damage_after_soak(dice="60d100")
