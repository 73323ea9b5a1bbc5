"""Tests for the 2D fighting calculators: plain data, the engine's numbers, clear errors."""

import json
from fractions import Fraction

import pytest

from voidref.errors import RulesError
from voidref.twodice import FightingRoll, Outcome, counterattack_odds, hit_damage_dist
from voidref.twodice.calculators import armor_damage, exchange_odds


def test_exchange_odds_counterattack_matches_engine():
    """The counterattack calculator reports the engine's exact odds."""
    out = exchange_odds(attack_ability=3, attack_skill=1, response="counterattack", response_ability=4)
    engine = counterattack_odds(FightingRoll(3, 1), FightingRoll(4))
    got = {o["key"]: Fraction(o["exact"]) for o in out["outcomes"]}
    assert got == {
        "attacker_wins": engine[Outcome.DEFENDER_HIT],
        "tie": engine[Outcome.BOTH_HIT],
        "counter_wins": engine[Outcome.ATTACKER_HIT],
    }


def test_exchange_odds_defense_keeps_ties():
    """Against a defense roll, ties hold: hit + held = 1 and equal bonuses hit under half."""
    out = exchange_odds(attack_ability=2, response="defend", response_ability=2)
    p = {o["key"]: Fraction(o["exact"]) for o in out["outcomes"]}
    assert p["hit"] + p["held"] == 1 and p["hit"] < Fraction(1, 2)


def test_exchange_odds_reports_bonuses():
    """The calculator shows both bonuses and their difference."""
    out = exchange_odds(attack_ability=3, attack_skill=2, attack_modifier=-1, response_ability=1)
    assert (out["attack_bonus"], out["response_bonus"], out["difference"]) == (4, 1, 3)


def test_armor_damage_matches_engine():
    """The armor calculator's distribution is the engine's, for every class."""
    out = armor_damage(dice=2, modifier=4)
    assert out["damage"] == "2D+4"
    for entry in out["armor"]:
        engine = hit_damage_dist("2D+4", entry["armor"])
        assert {r["damage"]: Fraction(r["exact"]) for r in entry["distribution"]} == engine.probabilities()
        assert Fraction(entry["mean"]) == engine.mean()


def test_armor_damage_one_class():
    """Asking for one armor class returns just that class."""
    out = armor_damage(dice=2, modifier=4, armor="medium")
    assert [e["armor"] for e in out["armor"]] == ["medium"]
    assert out["armor"][0]["no_damage"]["exact"] == "0/1"


def test_outputs_are_plain_json():
    """Results survive a JSON round trip unchanged (they go to the browser)."""
    for out in (exchange_odds(attack_ability=1), armor_damage(dice=1)):
        assert json.loads(json.dumps(out)) == out


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: exchange_odds(attack_ability=99), "attack_ability"),
        (lambda: exchange_odds(attack_ability=1, response_skill=-1), "response_skill"),
        (lambda: exchange_odds(attack_ability=1, response="flee"), "response"),
        (lambda: armor_damage(dice=0), "dice"),
        (lambda: armor_damage(dice=2, modifier="x"), "modifier"),
        (lambda: armor_damage(dice=2, armor="plate"), "armor"),
    ],
)
def test_bad_calculator_input_names_argument(call, name):
    """Bad input raises RulesError naming the calculator's argument."""
    with pytest.raises(RulesError, match=f"^'{name}'"):
        call()
