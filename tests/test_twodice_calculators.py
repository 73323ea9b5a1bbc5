"""Tests for the 2D fighting calculators: a Result with the engine's exact numbers, clear errors."""

from fractions import Fraction

import pytest

from voidref.calc.results import BarChart
from voidref.calc.twodice import armor, exchange
from voidref.errors import RulesError
from voidref.twodice import FightingRoll, Outcome, counterattack_odds, hit_damage_dist


def _exact(result):
    """The outcomes table as label to exact probability (its Exact column)."""
    return {row[0]: Fraction(row[1]) for row in result.blocks[0].rows}


def test_exchange_counterattack_matches_engine():
    """The counterattack calculator reports the engine's exact odds."""
    got = _exact(exchange(attack_ability=3, attack_skill=1, response="counterattack", response_ability=4))
    engine = counterattack_odds(FightingRoll(3, 1), FightingRoll(4))
    assert list(got.values()) == [engine[Outcome.DEFENDER_HIT], engine[Outcome.BOTH_HIT],
                                  engine[Outcome.ATTACKER_HIT]]


def test_exchange_defense_keeps_ties():
    """Against a defense roll, ties hold: hit + held = 1 and equal bonuses hit under half."""
    hit, held = _exact(exchange(attack_ability=2, attack_skill=0, response="defend", response_ability=2)).values()
    assert hit + held == 1 and hit < Fraction(1, 2)


def test_exchange_reports_bonuses():
    """The calculator shows both bonuses and their difference."""
    facts = dict(exchange(attack_ability=3, attack_skill=2, attack_modifier=-1, response_ability=1).facts)
    assert (facts["Attack bonus"], facts["Response bonus"], facts["Difference"]) == ("4", "1", "3")


def test_armor_matches_engine():
    """The armor calculator's tables and charts are the engine's distribution, for every class."""
    result = armor(dice=2, modifier=4)
    assert dict(result.facts)["Damage"] == "2D+4"
    summary, *blocks = result.blocks
    charts = [b for b in blocks if isinstance(b, BarChart)]
    assert [row[0] for row in summary.rows] == ["none", "light", "medium", "heavy"]
    for row, chart in zip(summary.rows, charts, strict=True):
        engine = hit_damage_dist("2D+4", row[0])
        assert {int(label): p for label, p in chart.bars} == engine.probabilities()
        assert Fraction(row[2]) == engine.mean()


def test_armor_one_class():
    """Asking for one armor class returns just that class; a certain zero shows as a dash."""
    summary = armor(dice=2, modifier=4, armor="medium").blocks[0]
    assert [row[0] for row in summary.rows] == ["medium"]
    assert str(summary.rows[0][3]) == "–" and summary.rows[0][3].value == 0


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: exchange(attack_ability=99), "attack_ability"),
        (lambda: exchange(attack_ability=1, response_skill=-1), "response_skill"),
        (lambda: exchange(attack_ability=1, response="flee"), "response"),
        (lambda: armor(dice=0), "dice"),
        (lambda: armor(dice=2, modifier="x"), "modifier"),
        (lambda: armor(dice=2, armor="plate"), "armor"),
    ],
)
def test_bad_calculator_input_names_argument(call, name):
    """Bad input raises RulesError naming the calculator's argument."""
    with pytest.raises(RulesError, match=f"^'{name}'"):
        call()
