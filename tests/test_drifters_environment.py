"""Void Drifters environment (``voidref.drifters.environment``): gravity in melee, thrown range, Drifting."""

from voidref.drifters import Character, Gravity, Pool, RangeBand, thrown_range
from voidref.drifters.environment import calamity_sets_drifting, drift_recovery_pool, melee_bane_dice


def test_gravity_bane_dice_for_melee():
    """Microgravity 2 unless anchored; low gravity 1; standard none."""
    assert [melee_bane_dice(g) for g in ("micro", "low", "standard")] == [2, 1, 0]


def test_thrown_weapons_reach_farther_in_microgravity_shorter_in_high():
    """One band farther in microgravity, two shorter in High and Extreme."""
    assert thrown_range("medium", "micro") is RangeBand.LONG
    assert thrown_range("long", "extreme") is RangeBand.SHORT
    assert thrown_range("medium", "standard") is RangeBand.MEDIUM


def test_drifting_follows_a_calamity_on_a_physical_action_in_microgravity():
    """Only a Calamity, only on a physical action, only in microgravity."""
    assert calamity_sets_drifting("micro", 1, physical=True)
    assert not calamity_sets_drifting("micro", 0, physical=True)
    assert not calamity_sets_drifting("micro", 1, physical=False)
    assert not any(calamity_sets_drifting(g, 2, physical=True) for g in Gravity if g is not Gravity.MICRO)


def test_drift_recovery_is_an_average_athletics_check():
    """Might and Athletics against 2 Trial Dice."""
    climber = Character("Climber", might=3, skills={"athletics": 1})
    assert drift_recovery_pool(climber) == Pool(ability=2, mastery=1, trial=2)
