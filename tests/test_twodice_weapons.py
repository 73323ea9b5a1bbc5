"""Tests for weapons (source: "Fighting", Weapons; Attack for bursts)."""

import pytest

from voidref.errors import RulesError
from voidref.twodice import KNIFE, UNARMED, DamageRoll, Distance, Weapon, WeaponCategory, rulings


def _gun(**kw):
    base = dict(name="autopistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=12)
    base.update(kw)
    return Weapon(**base)


def test_knife_is_two_dice_minus_three():
    """The source's knife does 2D-3."""
    assert KNIFE.damage == DamageRoll(2, bonus=-3)


def test_knife_category_follows_ruling():
    """The knife's category is the ruling's choice (fencing)."""
    assert (KNIFE.category is WeaponCategory.FENCING) == rulings.KNIFE_IS_FENCING


@pytest.mark.parametrize("category", ["brawling", "fencing"])
def test_hand_weapons_reach_only_near(category):
    """Brawling and fencing weapons are usable only at Near."""
    w = Weapon("club", category=category, damage="1D")
    assert w.reaches("near") and not w.reaches(Distance.FAR)


def test_shooting_reaches_far_and_near():
    """Shooting weapons reach Far, and Near by ruling."""
    assert _gun().reaches("far")
    assert _gun().reaches("near") is rulings.STANDARD.shooting_reaches_near is True


def test_unarmed_is_brawling_one_die():
    """Unarmed blows are brawling with the ruling's 1D."""
    assert UNARMED.category is WeaponCategory.BRAWLING
    assert UNARMED.damage == DamageRoll(rulings.UNARMED_DICE, bonus=rulings.UNARMED_MODIFIER)


def test_single_shot_has_no_recoil():
    """A lone shot from a burst-capable weapon takes no recoil."""
    assert _gun(recoil=2).burst_modifier(1) == 0


def test_every_burst_shot_takes_full_recoil():
    """Each shot of a burst takes the whole recoil penalty, not a growing one."""
    assert _gun(recoil=2).burst_modifier(2) == -2


def test_burst_longer_than_firing_limit_refused():
    """A burst may not exceed the firing limit."""
    with pytest.raises(RulesError, match="'shots'"):
        _gun().burst_modifier(3)


@pytest.mark.parametrize(
    "text, expected",
    [("2D", DamageRoll(2)), ("2D+4", DamageRoll(2, bonus=4)), ("2d-3", DamageRoll(2, bonus=-3)),
     ("3D \u2212 1", DamageRoll(3, bonus=-1))],
)
def test_damage_parse(text, expected):
    """Damage is written as dice with a modifier."""
    assert DamageRoll.parse(text) == expected


@pytest.mark.parametrize("roll", [DamageRoll(2), DamageRoll(2, bonus=4), DamageRoll(1, bonus=-3)])
def test_damage_str_round_trips(roll):
    """str() of a damage roll parses back to the same roll."""
    assert DamageRoll.parse(str(roll)) == roll


def test_weapon_repr_rebuilds():
    """A weapon's repr evaluates back to an equal weapon."""
    from voidref.twodice import weapons as W

    ns = {"Weapon": Weapon, "WeaponCategory": WeaponCategory, "DamageRoll": DamageRoll}
    assert eval(repr(W.KNIFE), ns) == W.KNIFE
    assert eval(repr(_gun()), ns) == _gun()


@pytest.mark.parametrize(
    "kw, name",
    [
        ({"capacity": None}, "capacity"),
        ({"capacity": 1}, "capacity"),
        ({"firing_limit": 0}, "firing_limit"),
        ({"recoil": -1}, "recoil"),
        ({"category": "laser"}, "category"),
        ({"damage": "lots"}, "damage"),
        ({"damage": 7}, "damage"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_weapon_names_argument(kw, name):
    """Bad weapon figures raise RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        _gun(**kw)


def test_hand_weapon_cannot_burst():
    """Brawling and fencing weapons have a firing limit of 1 and no capacity."""
    with pytest.raises(RulesError, match="'firing_limit'"):
        Weapon("sword", category="fencing", damage="2D", firing_limit=2)
    with pytest.raises(RulesError, match="'capacity'"):
        Weapon("sword", category="fencing", damage="2D", capacity=3)


@pytest.mark.parametrize("dice", [0, 9])
def test_damage_dice_bounds(dice):
    """Damage dice are capped so exact odds stay quick."""
    with pytest.raises(RulesError, match="'count'"):
        DamageRoll(dice)
