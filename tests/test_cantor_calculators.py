"""The Cantor calculators: typed values in, a Result out, agreeing with the engine."""

import inspect
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref import calc
from voidref.calc.cantor import attack, structure
from voidref.calc.fields import RULINGS
from voidref.calc.results import BarChart, Table, pct
from voidref.cantor import Attack, Situation, Target, Weapon
from voidref.cantor.rulings import AS_PRINTED, STANDARD
from voidref.errors import RulesError


def _chart(result, title_end):
    """The exact distribution of the chart whose title ends with *title_end*, value to probability."""
    (chart,) = [b for b in result.blocks if isinstance(b, BarChart) and b.title.endswith(title_end)]
    return {int(label): p for label, p in chart.bars}


def test_attack_agrees_with_engine():
    """The calculator's chance to hit and damage equal the engine's Attack.odds()."""
    result = attack(damage="1d6+1", melee=True, exposed=True, evasion=8, armor=1, grit=2, distance=1)
    a = Attack(Weapon("c", damage="1d6+1", melee=True), Target(evasion=8, armor=1, conditions=frozenset({"exposed"})),
               Situation(grit=2))
    facts = dict(result.facts)
    assert facts["Chance to hit"] == pct(a.chance_to_hit())
    assert _chart(result, ": damage") == a.damage().probabilities()
    count, keep = a.odds().dice
    assert (facts["Dice"], facts["Keep"], facts["Defense"]) == (str(count), keep.value, "8")


def test_accuracy_sources_become_a_table():
    """Accuracy sources are listed in a table when there are any, and said to be none otherwise."""
    tables = [b for b in attack(locked=True).blocks if isinstance(b, Table)]
    assert tables[0].caption == "Accuracy sources" and tables[0].rows == (("Lock On", "1"),)
    assert dict(attack().facts)["Accuracy sources"] == "none"


def test_reliable_one_into_armor_three_calculator():
    """Regression ("Reliable 1 into Armor 3 does nothing") through the calculator."""
    facts = dict(attack(damage="1d6", reliable=1, armor=3, evasion=20).facts)
    assert facts["Damage on miss"] == "0" and str(facts["Chance of no damage"]) == "100%"


def test_out_of_range_summary():
    """Step 2 through the calculator: out of range reports no attack."""
    result = attack(max_range=3, distance=5)
    facts = dict(result.facts)
    assert facts["Range check"] == "out of range" and str(facts["Chance to hit"]) == "0%"
    assert str(result.headline).startswith("No attack") and result.notes == ()


def test_structure_agrees_with_engine():
    """Regression (a Cantor losing Structure): 5/18 for the Rail against 4 HP."""
    result = structure(damage="2d6", max_range=10, distance=4, evasion=7, armor=1, locked=True, grit=2,
                       hp=4, max_hp=12, structure=2)
    facts = dict(result.facts)
    assert facts["Structure loss"] == pct(Fraction(5, 18))
    assert facts["Stunned"] == pct(Fraction(5, 108))
    assert sum(_chart(result, ": hp after").values()) == 1


@pytest.mark.parametrize("kwargs,name", [
    ({"grit": "2"}, "grit"), ({"cover": "wall"}, "cover"), ({"damage": "two dice"}, "damage"),
    ({"distance": -3}, "distance"), ({"damage_type": "fire"}, "damage_type"), ({"reliable": -1}, "reliable"),
])
def test_bad_input_names_the_argument(kwargs, name):
    """Bad input: RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        attack(**kwargs)


def test_unknown_input_is_refused():
    """An input the calculator does not have is refused, not ignored."""
    with pytest.raises(TypeError, match="colour"):
        attack(colour="red")


def test_bad_track_names_the_argument():
    """Bad input to the structure calculator: RulesError naming the track."""
    with pytest.raises(RulesError, match="'hp'"):
        structure(hp=20, max_hp=10)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3), st.integers(0, 12), st.integers(0, 5), st.sampled_from(["none", "soft", "hard"]),
       st.booleans(), st.integers(1, 12))
def test_calculator_distributions_sum_to_one(grit, evasion, armor, cover, exposed, distance):
    """Invariant: the charted damage sums to 1 and the chance of no damage is its value at 0."""
    result = attack(grit=grit, evasion=evasion, armor=armor, cover=cover, exposed=exposed, distance=distance,
                    reliable=1)
    damage = _chart(result, ": damage")
    assert sum(damage.values()) == 1
    assert dict(result.facts)["Chance of no damage"] == pct(damage.get(0, Fraction(0)))


_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.floats(allow_nan=True), st.text(max_size=8),
                  st.lists(st.integers(), max_size=2))
_INPUTS = sorted(p for p in inspect.signature(attack).parameters)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_INPUTS), _JUNK)
def test_any_bad_input_is_a_rules_error(name, value):
    """Bad input: any value for any input either works or raises RulesError naming that input."""
    try:
        attack(**{name: value})
    except RulesError as err:
        assert f"'{name}'" in str(err)


def test_fields_are_the_compute_arguments():
    """Each calculator's fields are exactly its compute function's keywords, with the same defaults."""
    for slug, func in (("cantor-attack", attack), ("cantor-structure", structure)):
        params = inspect.signature(func).parameters
        fields = calc.get(slug).fields
        main = [f for f in fields if f.group != RULINGS]
        switches = [f for f in fields if f.group == RULINGS]
        assert {f.name for f in main} | {"rulings"} == set(params)
        assert all(params[f.name].default == f.parse(f.format(f.default)) for f in main)
        assert all(getattr(STANDARD, f.name) == f.parse(f.default) for f in switches)


def test_net_zero_switch_reaches_the_engine():
    """The calculator's net-zero switch gives the engine's chance under each reading (a plain shot nets 0)."""
    from voidref.calc.registry import run

    plain = {"distance": 2, "evasion": 2, "grit": 2}
    ours = run("cantor-attack", plain)
    printed = run("cantor-attack", {**plain, "net_zero": "no_dice"})
    assert ours["ok"] and printed["ok"]
    assert "Chance to hit" in printed["text"] and "Ruling switched" in printed["text"]
    assert attack(**plain, rulings=AS_PRINTED).facts != attack(**plain).facts
    assert dict(attack(**plain, rulings=AS_PRINTED).facts)["Chance to hit"] == pct(Fraction(1))
