"""Tests for the 2D fighting roll (source: "Fighting", Attack and Defense)."""

from fractions import Fraction
from itertools import product

import pytest

from voidref.errors import RulesError
from voidref.twodice import FightingRoll, dice_sum, two_dice


def test_two_dice_matches_enumeration():
    """2D is the sum of two d6: compare with all 36 rolls."""
    counts = {}
    for a, b in product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    assert two_dice().probabilities() == {k: Fraction(v, 36) for k, v in counts.items()}


def test_roll_total_adds_ability_skill_and_modifier():
    """A fighting roll is 2D + ability + skill (+ any modifier)."""
    assert FightingRoll(ability=3, skill=2, modifier=-1).total((6, 1)) == 11


def test_roll_without_skill_adds_only_ability():
    """A fighter with no fighting skill adds only the ability."""
    assert FightingRoll(4).total(7) == 11


def test_roll_dist_is_two_dice_shifted():
    """The total's distribution is 2D moved by the bonus."""
    roll = FightingRoll(2, 1)
    assert roll.dist() == two_dice() + 3


def test_with_modifier_stacks():
    """Recoil added with with_modifier stacks on an existing modifier."""
    assert FightingRoll(2, 1, -1).with_modifier(-2) == FightingRoll(2, 1, -3)


@pytest.mark.parametrize(
    "kwargs, name",
    [({"ability": -11}, "ability"), ({"ability": 2, "skill": -1}, "skill"),
     ({"ability": 1, "modifier": 99}, "modifier"),
     ({"ability": 1.5}, "ability"), ({"ability": True}, "ability")],
)
def test_bad_roll_names_argument(kwargs, name):
    """Bad input raises RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        FightingRoll(**kwargs)


@pytest.mark.parametrize("bad", [1, 13, (0, 3), (1, 2, 3), "7"])
def test_dice_sum_rejects_non_2d(bad):
    """A 2D result must be two faces 1-6 or a sum 2-12."""
    with pytest.raises(RulesError, match="'dice'"):
        dice_sum("dice", bad)
