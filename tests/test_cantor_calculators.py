"""The Cantor calculators: plain data in, plain data out, agreeing with the engine."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.cantor import Attack, Situation, Target, Weapon
from voidref.cantor.calculators import attack_odds, structure_odds
from voidref.errors import RulesError


def test_attack_odds_agrees_with_engine():
    """The calculator's chance to hit and damage equal the engine's Attack.odds()."""
    out = attack_odds(damage="1d6+1", swarm=True, melee=True, swarm_allies=4, target_arc="rear", evasion=8,
                      armor=1, grit=2)
    a = Attack(Weapon("c", "1d6+1", melee=True, swarm=True), Target(evasion=8, armor=1),
               Situation(target_arc="rear", swarm_allies=4, grit=2))
    assert out["chance_to_hit"] == a.chance_to_hit() == Fraction(15, 16)
    assert {r["value"]: r["probability"] for r in out["damage"]} == a.damage().probabilities()
    assert out["dice"] == 4 and out["keep"] == "highest" and out["defense"] == 6


def test_reliable_one_into_armor_three_calculator():
    """Regression ("Reliable 1 into Armor 3 does nothing") through the calculator."""
    out = attack_odds(damage="1d6", reliable=1, armor=3, evasion=20)
    assert out["damage_on_miss"] == 0 and out["chance_of_no_damage"] == 1


def test_out_of_range_summary():
    """Step 2 through the calculator: out of range reports no attack."""
    out = attack_odds(max_range=3, distance=5)
    assert out["range_check"] == "out of range" and out["chance_to_hit"] == 0
    assert out["summary"][0].startswith("No attack")


def test_results_are_plain_data():
    """Outputs hold only plain types: str, int, Fraction, bool, None, lists and dicts."""
    def plain(x):
        if isinstance(x, dict):
            return all(isinstance(k, str) and plain(v) for k, v in x.items())
        if isinstance(x, list):
            return all(plain(v) for v in x)
        return x is None or isinstance(x, (str, int, Fraction, bool))
    assert plain(attack_odds(blast=1, reliable=2))
    assert plain(structure_odds(hp=3))


def test_structure_odds_agrees_with_engine():
    """Regression (a Cantor losing Structure): 5/18 for the Rail against 4 HP."""
    out = structure_odds(damage="2d6", max_range=10, distance=4, evasion=7, armor=1, locked=True, grit=2,
                         hp=4, max_hp=12, structure=2)
    assert out["structure_loss"] == Fraction(5, 18)
    assert out["stunned"] == Fraction(5, 108)


@pytest.mark.parametrize("kwargs,name", [
    ({"grit": "2"}, "grit"), ({"cover": "wall"}, "cover"), ({"damage": "two dice"}, "damage"),
    ({"locked": "yes"}, "locked"), ({"colour": "red"}, "colour"), ({"distance": -3}, "distance"),
    ({"mount": "turret"}, "mount"), ({"aimed": True}, "aimed"),
])
def test_bad_input_names_the_argument(kwargs, name):
    """Bad input: RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        attack_odds(**kwargs)


def test_bad_track_names_the_argument():
    """Bad input to structure_odds: RulesError naming the track."""
    with pytest.raises(RulesError, match="'hp'"):
        structure_odds(hp=20, max_hp=10)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(0, 3), st.integers(0, 12), st.integers(0, 5),
       st.sampled_from(["none", "soft", "hard"]), st.booleans(), st.integers(1, 12))
def test_calculator_distributions_sum_to_one(allies, grit, evasion, armor, cover, invisible, distance):
    """Invariant: the damage rows sum to 1 and the chance to hit is a probability."""
    out = attack_odds(swarm=True, swarm_allies=allies, grit=grit, evasion=evasion, armor=armor, cover=cover,
                      invisible=invisible, distance=distance, reliable=1)
    assert sum(r["probability"] for r in out["damage"]) == 1
    assert 0 <= out["chance_to_hit"] <= 1


_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.floats(allow_nan=True), st.text(max_size=8),
                  st.lists(st.integers(), max_size=2))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(__import__("voidref.cantor.calculators", fromlist=["_INPUTS"])._INPUTS)), _JUNK)
def test_any_bad_input_is_a_rules_error(name, value):
    """Bad input: any value for any input either works or raises RulesError naming that input."""
    try:
        attack_odds(**{name: value})
    except RulesError as err:
        assert f"'{name}'" in str(err)
