"""Void Pirates calculators: typed values in, a Result out, showing the engine's exact answers."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref import calc
from voidref.calc.pirates import action_roll, move, opposed_roll, ship_gunnery, soak_damage
from voidref.calc.results import BarChart, pct
from voidref.errors import RulesError
from voidref.pirates import ActionRoll, gunnery_distribution, hit_distribution, move_rate, opposed_odds


def _bars(result):
    """The exact distribution a result charts, value to probability."""
    (chart,) = [b for b in result.blocks if isinstance(b, BarChart)]
    return {int(label): p for label, p in chart.bars}


def test_action_roll_shows_engine_odds():
    """The Action Roll calculator shows the engine's exact odds, each through the one percent rule."""
    facts = dict(action_roll(target_number=15, attribute_modifier=2, skill_rank=2, gravity_modifier=2).facts)
    engine = ActionRoll(attribute_modifier=2, skill_rank_modifier=2, gravity_modifier=2).odds(15)
    assert facts["Modifier"] == "6"
    assert facts["Full"] == pct(engine.full) and facts["At least partial"] == pct(engine.at_least_partial)


def test_opposed_calculator_shows_engine_odds():
    """The opposed calculator shows the engine's exact odds."""
    result = opposed_roll(attacker_modifier=4, defender_modifier=2)
    engine = opposed_odds(ActionRoll(additional=4), ActionRoll(additional=2))
    assert dict(result.facts)["Win"] == pct(engine.win)
    assert result.blocks[0].rows[1] == ("Tie: partial for the attacker", pct(engine.tie))


def test_damage_calculator_equals_engine():
    """The soak calculator charts the engine's distribution, and reports the minimum-1 chance."""
    result = soak_damage(dice="3d6", armor_value=6, damage_type="energy")
    assert _bars(result) == hit_distribution("3d6", 6, "energy").probabilities()
    facts = dict(result.facts)
    assert facts["Soak"] == "3"
    assert facts["Minimum applies"].value == Fraction(1, 216)  # only 3d6 = 3 fails to beat a soak of 3
    assert str(facts["Minimum applies"]) == "0.5%"


def test_encumbrance_calculator_examples():
    """STR 12 carrying 144 kg and 168 kg: -1 and -2 (source examples)."""
    assert dict(move(agility=9, strength=12, carried_kg=144).facts)["Steps"] == "1"
    facts = dict(move(agility=9, strength=12, carried_kg=168).facts)
    assert facts["Steps"] == "2" and facts["Move"] == str(move_rate(9, carried_kg=168, strength=12))


def test_encumbrance_calculator_mismatched_gravity():
    """A Floater in high gravity doubles the excess share."""
    facts = dict(move(agility=9, strength=12, carried_kg=144, gravity_rating="floater", gravity="high").facts)
    assert facts["Mismatched"] == "yes" and facts["Steps"] == "2"


def test_gunnery_calculator_equals_engine():
    """The ship gunnery calculator charts the engine's distribution, with the range modifier applied."""
    result = ship_gunnery(gunner_modifier=3, pilot_modifier=2, dice="4d6", armor_value=5, range_band="close")
    engine = gunnery_distribution(ActionRoll(additional=3), ActionRoll(additional=2), "4d6", 5, "physical", "close")
    assert _bars(result) == engine.probabilities()
    assert dict(result.facts)["Situational modifier"] == "2"


@pytest.mark.parametrize("call,arg", [
    (lambda: action_roll(target_number=0), "'target_number'"),
    (lambda: action_roll(skill_rank=25), "'rank'"),
    (lambda: opposed_roll(attacker_modifier="3"), "'additional'"),
    (lambda: soak_damage(dice="d6"), "'dice'"),
    (lambda: soak_damage(armor_value=-1), "'armor_value'"),
    (lambda: move(agility=9, strength=12, carried_kg=-5), "'carried_kg'"),
    (lambda: move(agility=9, strength=12, gravity="heavy"), "'gravity'"),
    (lambda: ship_gunnery(range_band="far"), "'range_band'"),
])
def test_bad_input_names_argument(call, arg):
    """Every calculator refuses bad input with a RulesError naming the argument."""
    with pytest.raises(RulesError, match=arg):
        call()


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 30), st.integers(-5, 5))
def test_action_calculator_rows_agree_with_facts(tn, mod):
    """The table's first three rows (full, partial, failure) are the facts of the same names."""
    result = action_roll(target_number=tn, attribute_modifier=mod)
    facts = dict(result.facts)
    assert [row[1] for row in result.blocks[0].rows[:3]] == [facts["Full"], facts["Partial"], facts["Failure"]]


JUNK = st.one_of(st.none(), st.booleans(), st.text(max_size=4), st.integers(-10**6, 10**6), st.floats(allow_nan=False))

CALLS = {
    "action_roll": (action_roll, ["target_number", "attribute_modifier", "skill_rank", "gravity_modifier",
                                  "additional"], {}),
    "opposed_roll": (opposed_roll, ["attacker_modifier", "defender_modifier"], {}),
    "soak_damage": (soak_damage, ["dice", "armor_value", "damage_type", "critical", "partial"], {}),
    "move": (move, ["agility", "strength", "carried_kg", "gear", "gravity", "level"], {"agility": 9, "strength": 12}),
    "ship_gunnery": (ship_gunnery, ["gunner_modifier", "pilot_modifier", "dice", "armor_value", "range_band", "ecm"],
                     {}),
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
        soak_damage(dice="60d100")


def test_registered_compute_is_the_module_function():
    """The registry runs the very function this module defines, with the fields declared beside it."""
    assert calc.get("pirates-soak").compute is soak_damage
    fields = calc.get("pirates-opposed-roll").fields
    assert [f.name for f in fields if not f.group] == ["attacker_modifier", "defender_modifier"]


SWITCH_PROBES = {
    ("pirates-action-roll", "partial_margin"): {},
    ("pirates-action-roll", "natural_3_always_fails"): {"target_number": "5", "attribute_modifier": "5",
                                                        "skill_rank": "5"},
    ("pirates-opposed-roll", "natural_18_attack_hits"): {"defender_modifier": "10"},
    ("pirates-opposed-roll", "natural_3_always_fails"): {"attacker_modifier": "10"},
    ("pirates-soak", "partial_halves_before_soak"): {"partial": "1", "armor_value": "3"},
    ("pirates-move", "encumbrance_full_steps_only"): {"carried_kg": "130"},
    ("pirates-ship-gunnery", "medium_range_modifier"): {},
    ("pirates-ship-gunnery", "natural_18_attack_hits"): {"pilot_modifier": "10"},
    ("pirates-ship-gunnery", "natural_3_always_fails"): {"gunner_modifier": "10"},
}
"""For each ruling switch of a Void Pirates calculator, a form where flipping it changes what is shown."""


def test_every_switch_is_probed():
    """Every ruling switch the calculators offer has a probe below (a switch nothing reads must not exist)."""
    switches = {(c.slug, f.name) for c in calc.calculators() if c.system == "pirates" for f in c.fields
                if f.group == "rulings"}
    assert switches == set(SWITCH_PROBES)


@pytest.mark.parametrize("slug,name", sorted(SWITCH_PROBES))
def test_flipping_a_switch_changes_the_shown_result(slug, name):
    """Flipping one ruling switch changes the numbers shown, not only the note that says it was switched."""
    field = calc.get(slug).field(name)
    flipped = ("0" if field.default else "1") if field.kind == "bool" else str(field.default + 1)
    form = SWITCH_PROBES[slug, name]
    ours = calc.run(slug, form)
    other = calc.run(slug, {**form, name: flipped})
    assert ours["ok"] and other["ok"]
    assert not other["text"].startswith(ours["text"])  # more than the note changed
    assert other["text"].splitlines()[-1].startswith("Ruling switched: ")
