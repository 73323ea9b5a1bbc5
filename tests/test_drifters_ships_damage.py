"""Void Drifters ships: Hull and System Damage, Critical Hits, destroyed and out of control."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.drifters import CheckOutcome
from voidref.drifters.ships import (
    AUTOCANNON,
    CM_440_CUTTER,
    EMBER_DRIFT,
    RAILGUN_BATTERY,
    Screen,
    ShipStanding,
    ShipWeapon,
    armor_after_pierce,
    can_jam,
    critical_hit_available,
    hit_damage,
    resolve_hit,
    system_damage,
    useful_bypass_boons,
)
from voidref.drifters.ships.rulings import ion_reduction
from voidref.errors import RulesError

LASER = ShipWeapon("laser", damage=6, ranges=("short",), crit=3, type="beam")
SCREENED = replace(CM_440_CUTTER, screen=Screen(damage_reduction=2, types=("beam", "plasma")))


def test_ember_drift_autocannon_hit_deals_6():
    """One Ship Round: 4 + 1 + 2 boost = 7 against Armor 3 less Pierce 1 less 1 bypassed: 6 Hull Damage."""
    hit = resolve_hit(AUTOCANNON, CM_440_CUTTER, 2, boost=2, bypass_boons=2)
    assert (hit.damage, hit.armor, hit.hull_damage) == (7, 1, 6)


def test_cutter_railgun_hit_deals_5():
    """One Ship Round: 5 against Armor 1 less Pierce 1 = 0: 5 Hull Damage."""
    hit = resolve_hit(RAILGUN_BATTERY, EMBER_DRIFT, 1)
    assert (hit.damage, hit.armor, hit.hull_damage) == (5, 0, 5)


def test_each_net_success_past_the_first_adds_one():
    """Damage + 1 per net Success beyond the first."""
    assert [hit_damage(AUTOCANNON, s) for s in (1, 2, 3)] == [4, 5, 6]


def test_a_miss_has_no_damage():
    """0 net Successes is a miss: hit_damage refuses it."""
    with pytest.raises(RulesError, match="'net_successes' must be an integer from 1"):
        hit_damage(AUTOCANNON, 0)


def test_screen_reduces_only_the_types_it_names():
    """Step 1: the screen's Damage Reduction applies to the named types."""
    assert resolve_hit(LASER, SCREENED, 1).hull_damage == 6 - 2 - 3
    assert resolve_hit(AUTOCANNON, SCREENED, 1).hull_damage == 4 - 2
    assert resolve_hit(LASER, SCREENED, 1, screens_active=False).hull_damage == 3


def test_armor_bypass_ignores_armor_and_screens():
    """Armor Bypass skips steps 1 and 2."""
    assert resolve_hit(replace(LASER, armor_bypass=True), SCREENED, 1).hull_damage == 6


def test_hull_damage_never_negative():
    """What remains after Armor is never below 0."""
    weak = ShipWeapon("pea", damage=0, ranges=("short",), crit=3)
    assert resolve_hit(weak, CM_440_CUTTER, 1).hull_damage == 0


def test_two_boons_bypass_one_more_armor_repeatably():
    """Ruling: 2 Boons per extra point of Armor, until none is left."""
    assert [armor_after_pierce(AUTOCANNON, CM_440_CUTTER, b) for b in (0, 1, 2, 3, 4, 6)] == [2, 2, 1, 1, 0, 0]
    assert useful_bypass_boons(AUTOCANNON, CM_440_CUTTER, 7) == 4


def test_system_damage_applies_in_full():
    """System Damage applies in full for a weapon that is not Ion."""
    assert system_damage(replace(AUTOCANNON, system_damage=3), CM_440_CUTTER) == 3


@pytest.mark.parametrize("armor, expected", [(0, 4), (1, 4), (2, 3), (3, 3), (5, 2), (9, 0)])
def test_ion_system_damage_loses_half_the_armor(armor, expected):
    """Ruling: Ion System Damage falls by half the target's Armor, rounded down."""
    ion = ShipWeapon("ion", damage=2, ranges=("short",), crit=4, system_damage=4, ion=True)
    assert system_damage(ion, replace(CM_440_CUTTER, armor=armor)) == expected


def test_ion_reduction_ignores_pierce_and_bypass_spend():
    """Ruling: the Ion cut uses the printed Armor; Armor Bypass removes it."""
    ion = ShipWeapon("ion", damage=2, ranges=("short",), crit=4, system_damage=4, ion=True, pierce=3)
    assert resolve_hit(ion, CM_440_CUTTER, 1, bypass_boons=4).system_damage == 4 - ion_reduction(3)
    assert system_damage(replace(ion, armor_bypass=True), CM_440_CUTTER) == 4


def test_critical_hit_needs_crit_boons_or_breakthrough_and_damage():
    """Crit-rating Boons or a Breakthrough, on a hit that dealt Hull or System Damage."""
    hit = resolve_hit(AUTOCANNON, CM_440_CUTTER, 1)
    assert critical_hit_available(CheckOutcome(1, 4, 0, 0), AUTOCANNON, hit)
    assert not critical_hit_available(CheckOutcome(1, 3, 0, 0), AUTOCANNON, hit)
    assert critical_hit_available(CheckOutcome(1, 0, 1, 0), AUTOCANNON, hit)
    blank = resolve_hit(ShipWeapon("pea", damage=0, ranges=("short",), crit=1), CM_440_CUTTER, 1)
    assert not critical_hit_available(CheckOutcome(1, 5, 1, 0), AUTOCANNON, blank)


def test_hit_on_out_of_control_ship_is_always_critical():
    """A hit on an out-of-control ship inflicts a Critical Hit automatically."""
    blank = resolve_hit(ShipWeapon("pea", damage=0, ranges=("short",), crit=9), CM_440_CUTTER, 1)
    assert critical_hit_available(CheckOutcome(1, 0, 0, 0), AUTOCANNON, blank, out_of_control=True)
    assert not critical_hit_available(CheckOutcome(0, 0, 0, 0), AUTOCANNON, None, out_of_control=True)


def test_two_banes_do_not_jam():
    """One Ship Round: 2 Banes are not enough to jam; 3 are."""
    assert (can_jam(2), can_jam(3)) == (False, True)


def test_destroyed_and_out_of_control_thresholds():
    """Hull Damage reaching Hull Points destroys; System Damage reaching System Points: out of control."""
    ship = replace(EMBER_DRIFT, system_points=6)
    assert ShipStanding(hull_damage=18).destroyed(ship) and not ShipStanding(hull_damage=17).destroyed(ship)
    assert ShipStanding(system_damage=6).out_of_control(ship)
    assert not ShipStanding(system_damage=99).out_of_control(EMBER_DRIFT)  # no System Points listed


def test_standings_of_the_example():
    """One Ship Round: 5 of 18 and 6 of 22."""
    assert ShipStanding(5).describe(EMBER_DRIFT) == "5 of 18 Hull Damage"
    assert ShipStanding(6).describe(CM_440_CUTTER) == "6 of 22 Hull Damage"


@given(st.integers(1, 10), st.integers(0, 6), st.integers(0, 10), st.integers(0, 8))
def test_more_successes_or_boons_never_lower_hull_damage(successes, boost, armor, boons):
    """Monotone: an extra net Success or 2 more Boons never lowers Hull Damage."""
    target = replace(CM_440_CUTTER, armor=armor)
    base = resolve_hit(AUTOCANNON, target, successes, boost=boost, bypass_boons=boons).hull_damage
    assert resolve_hit(AUTOCANNON, target, successes + 1, boost=boost, bypass_boons=boons).hull_damage >= base
    assert resolve_hit(AUTOCANNON, target, successes, boost=boost, bypass_boons=boons + 2).hull_damage >= base
