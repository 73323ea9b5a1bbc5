"""Tests for armor classes (source: "Fighting", Armor)."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from voidref.errors import RulesError
from voidref.twodice import ArmorClass, can_sprint, moves_per_turn, rulings, save_dist
from voidref.twodice.armor import multiset_dist


@pytest.mark.parametrize("armor, dice", [("none", 0), ("light", 1), ("medium", 2), ("heavy", 3)])
def test_save_dice_by_class(armor, dice):
    """Light armor saves 1D, medium 2D, heavy 3D."""
    assert ArmorClass[armor.upper()].save_dice == dice


@pytest.mark.parametrize("n", range(0, 5))
def test_multiset_dist_matches_enumeration(n):
    """Oracle: sorted multisets with multinomial weights equal every ordered roll."""
    counts = Counter(tuple(sorted(r, reverse=True)) for r in product(range(1, 7), repeat=n))
    total = 6**n
    assert multiset_dist(n).probabilities() == {k: Fraction(v, total) for k, v in counts.items()}


def test_save_dist_heavy_has_56_patterns():
    """Three save dice give 56 distinct sorted patterns."""
    assert len(save_dist("heavy")) == 56


@pytest.mark.parametrize("armor, ok", [("none", True), ("light", True), ("medium", False), ("heavy", False)])
def test_sprinting(armor, ok):
    """Medium and heavy armor forbid sprinting; light does not."""
    assert can_sprint(armor) is ok


@pytest.mark.parametrize("armor", ["none", "light", "medium"])
def test_two_moves_below_heavy(armor):
    """Only heavy armor costs a move."""
    assert moves_per_turn(armor) == rulings.MOVES_PER_TURN == 2


def test_heavy_armor_one_move():
    """Heavy armor leaves one move a turn."""
    assert moves_per_turn("heavy") == 1


@pytest.mark.parametrize(
    "kw", [{"mechanics": 1}, {"astro_cosmo": 1}, {"former_legionnaire": True}, {"mechanics": 3}]
)
def test_heavy_armor_exceptions(kw):
    """Mechanics 1, Astro/Cosmo 1 or a legionnaire past keep both moves in heavy armor."""
    assert moves_per_turn("heavy", **kw) == 2


@pytest.mark.parametrize(
    "args, kw, name",
    [(("plate",), {}, "armor"), (("heavy",), {"mechanics": -1}, "mechanics"),
     (("heavy",), {"former_legionnaire": 1}, "former_legionnaire")],
)
def test_bad_armor_input(args, kw, name):
    """Bad input raises RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        moves_per_turn(*args, **kw)
