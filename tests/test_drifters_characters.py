"""Void Drifters characters (``voidref.drifters.characters``): thresholds, Resistance, Defense, unarmed."""

import pytest

from voidref.drifters import Character, RangeBand, unarmed
from voidref.errors import RulesError

AGENT = Character("Agent A", agility=3, skills={"ranged": 2}, kind="elite", stated_wound_points=12, stated_resistance=2)


def test_wound_and_strain_thresholds_are_ten_plus_might_and_willpower():
    """Wound Points 10 + Might, Strain Points 10 + Willpower."""
    hero = Character("Hero", might=3, willpower=4)
    assert (hero.wound_points, hero.strain_points) == (13, 14)


@pytest.mark.parametrize("might, armor, resistance", [(1, 0, 1), (2, 0, 1), (3, 0, 2), (4, 1, 3), (5, 3, 6)])
def test_resistance_is_half_might_rounded_up_plus_armor(might, armor, resistance):
    """Resistance: half Might rounded up, plus armor's bonus."""
    assert Character("X", might=might, armor_resistance=armor).resistance == resistance


def test_armor_resistance_is_capped_at_three():
    """Armor adds at most +3 Resistance."""
    with pytest.raises(RulesError, match=r"'armor_resistance' must be an integer from 0 to 3 \(got 4\)"):
        Character("X", armor_resistance=4)


def test_minions_and_elites_have_no_strain_points():
    """Adversaries have no Strain Points."""
    assert Character("M", kind="minion").strain_points is None
    assert AGENT.strain_points is None


def test_unarmed_attack_is_might_damage_crit_5_engaged():
    """Unarmed: Damage equal to Might, Crit 5, Engaged."""
    fist = unarmed(Character("Brawler", might=3))
    assert (fist.damage, fist.crit, fist.range) == (3, 5, RangeBand.ENGAGED)


def test_character_repr_rebuilds_it():
    """repr(Character) is code that rebuilds it."""
    from voidref.drifters import Character as C  # noqa: F401 -- used by eval

    assert eval(repr(AGENT), {"Character": Character}) == AGENT


def test_character_defense_totals_and_repr():
    """Character.defense adds gear and talents; repr rebuilds the talent fields."""
    c = Character("Ace", ranged_defense=1, talent_ranged_defense=2, talent_melee_defense=1)
    assert (c.defense(melee=False), c.defense(melee=True)) == (3, 1)
    assert eval(repr(c)) == c


def test_talent_defense_out_of_range_is_named():
    """A bad talent Defense names its argument."""
    with pytest.raises(RulesError, match=r"'talent_ranged_defense' must be an integer from 0 to 10 \(got -1\)"):
        Character("Ace", talent_ranged_defense=-1)
