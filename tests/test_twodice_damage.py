"""Tests for damage modifiers and armor saves (source: "Fighting", Armor)."""

from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.twodice import apply_saves, cancel, damage_items, hit_damage_dist, items_dist
from voidref.twodice.armor import ArmorClass, multiset_dist
from voidref.twodice.damage import _cancel
from voidref.twodice.rulings import Rulings
from voidref.twodice.weapons import DamageRoll


# -- brute-force oracles -------------------------------------------------------
def _oracle_items(rolled, modifier):
    """Take a negative modifier one point at a time from the highest non-zero
    die in the original highest-first order (never re-sorting); drop zeros."""
    dice = sorted(rolled, reverse=True)
    left = -modifier if modifier < 0 else 0
    i = 0
    while left and i < len(dice):
        if dice[i] == 0:
            i += 1
            continue
        dice[i] -= 1
        left -= 1
    items = [d for d in dice if d]
    if modifier > 0:
        items.append(modifier)
    return sorted(items, reverse=True)


@cache
def _best_left_cached(items, saves):
    return _oracle_best_left(list(items), list(saves))


def _oracle_best_left(items, saves):
    """Try every way of pairing save dice with items (a save may go unused) and
    return the least damage that gets through."""
    if not saves:
        return sum(items)
    first, rest = saves[0], saves[1:]
    best = _oracle_best_left(items, rest)  # this save stops nothing
    for i, item in enumerate(items):
        if item <= first:
            best = min(best, _oracle_best_left(items[:i] + items[i + 1:], rest))
    return best


def _oracle_dist(dice, modifier, save_dice):
    counts = {}
    for rolled in product(range(1, 7), repeat=dice):
        items = _oracle_items(rolled, modifier)
        for saves in product(range(1, 7), repeat=save_dice):
            left = _best_left_cached(tuple(items), saves)
            counts[left] = counts.get(left, 0) + 1
    total = 6 ** (dice + save_dice)
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


# -- the rules, example by example ---------------------------------------------
def test_knife_5_and_2_becomes_two_dice_of_2():
    """Regression (source's knife): 2D-3 rolling 5 and 2 leaves two dice of 2."""
    assert damage_items((5, 2), -3) == (2, 2)


def test_negative_remainder_goes_to_next_die():
    """A modifier bigger than the highest die carries on to the next highest."""
    assert damage_items((3, 4), -6) == (1,)


def test_negative_modifier_is_not_levelled():
    """Ruling twodice-negative-modifier: 5 and 4 with -3 gives 4 and 2, not 3 and 3."""
    assert damage_items((5, 4), -3) == (4, 2)


def test_negative_modifier_beyond_all_dice_gives_zero():
    """Damage never goes below zero: a zero-damage result."""
    assert damage_items((1, 2), -9) == ()
    assert apply_saves((), ()).damage == 0


def test_flat_bonus_is_its_own_item():
    """A positive modifier is saved like one more die worth its value."""
    assert damage_items((3, 5), 4) == (5, 4, 3)


def test_save_die_of_4_stops_plus_4():
    """A +4 bonus needs a save die showing 4 or higher; a 3 does not do."""
    assert apply_saves((4,), (4,)).damage == 0
    assert apply_saves((4,), (3,)).damage == 4


def test_save_equal_to_die_cancels():
    """A damage die equal to the save die is removed."""
    assert cancel((3,), (3,)) == ((3,), ())


def test_saves_cancel_one_for_one():
    """One save die removes one damage die, even if it could beat two."""
    assert apply_saves((2, 2), (6,)).damage == 2


def test_saves_are_not_split():
    """A 6 cannot be split into 4 and 2 to stop two items."""
    assert apply_saves((4, 2), (6,)).left == (2,)


def test_best_pairing_takes_highest_first():
    """Ruling twodice-save-assignment: the wearer pairs saves to stop the most damage."""
    assert apply_saves((6, 4, 1), (6, 1)).left == (4,)


def test_save_result_reports_everything():
    """A SaveResult lists items, saves, what was stopped and what got through."""
    r = apply_saves((5, 4, 3), (4, 1))
    assert (r.items, r.saves, r.stopped, r.left, r.damage) == ((5, 4, 3), (4, 1), (4,), (5, 3), 8)


# -- oracles ---------------------------------------------------------------------
@pytest.mark.parametrize("modifier", [-13, -7, -3, -1, 0, 2, 4, 7])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_items_match_oracle(dice, modifier):
    """Oracle: damage_items agrees with one-point-at-a-time reduction on every roll."""
    for rolled in product(range(1, 7), repeat=dice):
        assert list(damage_items(rolled, modifier)) == _oracle_items(rolled, modifier)


@pytest.mark.parametrize("n_items", [1, 2, 3, 4])
@pytest.mark.parametrize("n_saves", [1, 2, 3])
def test_greedy_pairing_matches_every_pairing(n_items, n_saves):
    """Oracle: the greedy pairing leaves as little damage as the best of all pairings."""
    values = [1, 2, 4, 6, 7] if n_items <= 3 else [1, 3, 6]
    for items in product(values, repeat=n_items):
        for saves in combinations_with_replacement(range(1, 7), n_saves):
            assert apply_saves(items, saves).damage == _oracle_best_left(list(items), list(saves))


@pytest.mark.parametrize("armor", list(ArmorClass))
@pytest.mark.parametrize("damage", [(1, 0), (2, 0), (2, -3), (2, 4), (3, -5), (1, 7), (2, 1), (4, 10), (3, 6)])
def test_hit_damage_dist_matches_enumeration(damage, armor):
    """Oracle: the exact damage distribution equals enumeration of every damage and save die."""
    dice, modifier = damage
    got = hit_damage_dist(f"{dice}D{modifier:+d}" if modifier else f"{dice}D", armor).probabilities()
    assert got == _oracle_dist(dice, modifier, armor.save_dice)


def test_items_dist_sums_to_one():
    """Probabilities of the damage items of a hit sum to 1."""
    assert sum(items_dist("3D-2").probabilities().values()) == 1


def test_two_d_plus_4_against_medium_mean():
    """Regression (2D+4 weapon against a medium save): mean damage through 2D of saves."""
    d = hit_damage_dist("2D+4", "medium")
    assert d.mean() == Fraction(sum(k * v for k, v in _oracle_dist(2, 4, 2).items()))


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: damage_items((7, 1), 0), "rolled"),
        (lambda: damage_items((3,), 99), "modifier"),
        (lambda: damage_items("56", 0), "rolled"),
        (lambda: cancel((3,), (1, 2, 3, 4)), "saves"),
        (lambda: cancel((0,), (1,)), "items"),
        (lambda: hit_damage_dist("2D", "plate"), "armor"),
        (lambda: hit_damage_dist(None), "damage"),
    ],
)
def test_bad_damage_input(call, name):
    """Bad input raises RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        call()


@settings(max_examples=30, deadline=None)
@given(dice=st.integers(1, 6), modifier=st.integers(-6, 10), armor=st.sampled_from(list(ArmorClass)),
       drop_zeros=st.booleans())
def test_hit_damage_dist_matches_pairing_every_roll(dice, modifier, armor, drop_zeros):
    """Oracle: the fast armour odds equal pairing every item roll with every save roll by :func:`cancel`'s rule."""
    rulings = Rulings(zero_dice_dropped=drop_zeros)
    items = items_dist(DamageRoll(dice, bonus=modifier), rulings=rulings)
    saves = multiset_dist(armor.save_dice)
    expected = items.combine(saves, lambda its, svs: sum(_cancel(its, svs)[1]))
    assert hit_damage_dist(DamageRoll(dice, bonus=modifier), armor, rulings=rulings) == expected
