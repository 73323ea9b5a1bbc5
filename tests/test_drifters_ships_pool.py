"""Void Drifters ships: the attack pool and the Boon Limit."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters import Pool
from voidref.drifters.ships import (
    AUTOCANNON,
    BOON_LIMIT,
    CM_440_CUTTER,
    EMBER_DRIFT,
    RAILGUN_BATTERY,
    Arc,
    Ecm,
    Mount,
    Screen,
    ShipAttack,
    ShipWeapon,
    boon_dice_after_limit,
)
from voidref.errors import RulesError


def _shot(**kw):
    base = dict(attacker=EMBER_DRIFT, weapon=AUTOCANNON, target=CM_440_CUTTER, agility=4, gunnery=2, band="medium")
    base.update(kw)
    return ShipAttack(**base)


def test_boon_limit_is_two():
    """The Boon Limit: at most 2 Boon Dice from the limited sources."""
    assert BOON_LIMIT == 2
    assert [boon_dice_after_limit(n) for n in range(5)] == [0, 1, 2, 2, 2]


def test_talent_dice_add_in_full_outside_the_limit():
    """Talent dice are never capped and leave the limit untouched."""
    assert boon_dice_after_limit(limited=5, talent=3) == 5


def test_ember_drift_gunnery_pool():
    """One Ship Round: 2 Mastery + 2 Ability + 3 Boon vs 2 Trial + 1 Bane."""
    shot = _shot(limited_boon_dice=2, talent_boon_dice=1, attacker_evading=True)
    assert shot.pool() == Pool(ability=2, mastery=2, boon=3, trial=2, bane=1)


def test_a_third_limited_die_changes_nothing():
    """One Ship Round: Direct Focus and Target Lock already reach the limit."""
    assert (
        _shot(limited_boon_dice=3, talent_boon_dice=1).pool() == _shot(limited_boon_dice=2, talent_boon_dice=1).pool()
    )
    assert _shot(limited_boon_dice=3).capped_boon_dice == 1


def test_evasion_adds_a_bane_die_both_ways():
    """Evasive Maneuver: the target's and the attacker's own evasion each add 1 Bane Die."""
    assert _shot(target_evading=True).pool().bane == 1
    assert _shot(attacker_evading=True).pool().bane == 1
    assert _shot(target_evading=True, attacker_evading=True).pool().bane == 2


def test_handling_adds_to_fixed_weapons_only():
    """A fixed weapon adds Handling: Boon Dice if positive, Bane Dice if negative; a turret does not."""
    nimble, clumsy = replace(EMBER_DRIFT, handling=2), replace(EMBER_DRIFT, handling=-1)
    assert _shot(attacker=nimble).pool().boon == 2
    assert _shot(attacker=clumsy).pool().bane == 1
    turret = ShipWeapon("turret gun", damage=4, ranges=("medium",), crit=3, mount="turret", arcs=("fore", "aft"))
    assert _shot(attacker=replace(nimble, weapons=(turret,)), weapon=turret).pool().boon == 0


def test_handling_is_outside_the_boon_limit():
    """Ruling: Handling's Boon Dice do not count toward the limit."""
    assert _shot(attacker=replace(EMBER_DRIFT, handling=2), limited_boon_dice=2).pool().boon == 4


def test_deflection_for_the_facing_attacked():
    """Deflection adds Bane Dice for the facing the attack comes from."""
    target = replace(CM_440_CUTTER, deflection=(2, 1))
    assert _shot(target=target, facing="fore").pool().bane == 2
    assert _shot(target=target, facing="aft").pool().bane == 1


def test_screens_and_ecm_add_dice_only_against_the_types_they_name():
    """Screens and ECM add Bane Dice against the weapons they name."""
    target = replace(
        CM_440_CUTTER,
        screen=Screen(damage_reduction=1, types=("beam",), bane_dice=1),
        ecm=Ecm(bane_dice=2, types=("kinetic",)),
    )
    assert _shot(target=target).pool().bane == 2  # autocannon is kinetic: ECM only
    laser = ShipWeapon("laser", damage=4, ranges=("medium",), crit=3, type="beam")
    assert _shot(attacker=replace(EMBER_DRIFT, weapons=(laser,)), weapon=laser, target=target).pool().bane == 1
    assert (
        _shot(attacker=replace(EMBER_DRIFT, weapons=(laser,)), weapon=laser, target=target, screens_active=False)
        .pool()
        .bane
        == 0
    )


def test_out_of_range_attack_is_refused():
    """A weapon fires only at its bands."""
    with pytest.raises(RulesError, match="'band' must be a band the autocannon fires at: short, medium"):
        _shot(band="long")


def test_out_of_arc_attack_is_refused():
    """A weapon fires only into its arcs."""
    with pytest.raises(RulesError, match="'arc' must be an arc the autocannon covers: fore"):
        _shot(arc="starboard")


@pytest.mark.parametrize("arc", list(Arc))
def test_turret_covers_its_arcs(arc):
    """The example's railgun battery (ruling: a turret) fires into any arc; fixed to the fore, it could not."""
    shot = ShipAttack(CM_440_CUTTER, RAILGUN_BATTERY, EMBER_DRIFT, agility=3, gunnery=2, band="long", arc=arc.value)
    assert shot.arc is arc
    assert (
        shot.pool() == ShipAttack(CM_440_CUTTER, RAILGUN_BATTERY, EMBER_DRIFT, agility=3, gunnery=2, band="long").pool()
    )
    fixed = replace(RAILGUN_BATTERY, mount=Mount.FIXED, arcs=(Arc.FORE,))
    if arc is not Arc.FORE:
        with pytest.raises(RulesError, match="'arc' must be an arc the railgun battery covers: fore"):
            ShipAttack(CM_440_CUTTER, fixed, EMBER_DRIFT, agility=3, gunnery=2, band="long", arc=arc.value)


def test_huge_pool_is_refused_not_computed():
    """A pool past the cap is a RulesError, not a long wait."""
    gun = ShipWeapon("gun", damage=4, ranges=("extreme",), crit=3)
    with pytest.raises(RulesError, match="at most 24 dice"):
        _shot(
            attacker=replace(EMBER_DRIFT, weapons=(gun,)),
            weapon=gun,
            band="extreme",
            agility=10,
            gunnery=10,
            limited_boon_dice=2,
            talent_boon_dice=10,
            bane_dice=10,
        )


@given(st.one_of(st.floats(), st.text(max_size=3), st.integers(-5, -1), st.integers(11, 100), st.none(), st.booleans()))
def test_boon_limit_input_that_is_not_a_count_is_refused(value):
    """A Boon Limit input must be a count: a whole number from 0 to 10."""
    with pytest.raises(RulesError, match="'limited' must be an integer from 0 to 10"):
        boon_dice_after_limit(value)


@given(st.integers(0, 10), st.integers(0, 10))
def test_more_limited_dice_never_lower_the_count(limited, talent):
    """Adding a limited die never removes a die and never passes the limit."""
    a, b = boon_dice_after_limit(limited, talent), boon_dice_after_limit(min(10, limited + 1), talent)
    assert a <= b <= talent + BOON_LIMIT


_junk = st.one_of(
    st.integers(-3, 30),
    st.text(max_size=6),
    st.floats(allow_nan=True),
    st.none(),
    st.booleans(),
    st.sampled_from(["short", "medium", "extra long", "fore", "aft", "port"]),
)


@settings(max_examples=200, deadline=None)
@given(
    agility=_junk,
    gunnery=_junk,
    band=_junk,
    arc=_junk,
    facing=_junk,
    limited=_junk,
    talent=_junk,
    bane=_junk,
    evading=_junk,
    boost=_junk,
)
def test_any_attack_input_is_valid_or_a_rules_error(
    agility, gunnery, band, arc, facing, limited, talent, bane, evading, boost
):
    """Whatever arrives, building an attack gives a pool or a RulesError: never another exception."""
    try:
        shot = ShipAttack(
            EMBER_DRIFT,
            AUTOCANNON,
            CM_440_CUTTER,
            agility=agility,
            gunnery=gunnery,
            band=band,
            arc=arc,
            facing=facing,
            limited_boon_dice=limited,
            talent_boon_dice=talent,
            bane_dice=bane,
            target_evading=evading,
            boost=boost,
        )
    except RulesError:
        return
    assert shot.pool().size <= 24
