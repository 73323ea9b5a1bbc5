"""Void Drifters ships: range bands, arcs, movement by Speed, difficulty by band."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.drifters import rulings as personal
from voidref.drifters.ships import (
    AUTOCANNON,
    RAILGUN_BATTERY,
    ShipRange,
    ShipWeapon,
    advance,
    attack_difficulty,
    bands_per_move,
    break_away,
    check_in_arc,
    check_in_range,
    in_arc,
    in_range,
    weapon_bands,
)
from voidref.errors import RulesError


def test_weapon_fires_at_every_band_between_two_listed():
    """A weapon listing Short and Long also fires at Medium."""
    gun = ShipWeapon("gun", damage=3, ranges=("short", "long"), crit=3)
    assert weapon_bands(gun) == (ShipRange.SHORT, ShipRange.MEDIUM, ShipRange.LONG)


def test_weapon_listing_long_and_extreme_covers_extra_long():
    """The new Extra Long band falls between Long and Extreme."""
    gun = ShipWeapon("gun", damage=3, ranges=("long", "extreme"), crit=3)
    assert in_range(gun, "extra long")


def test_railgun_cannot_fire_at_short():
    """One Ship Round: the railgun battery (Medium to Long) cannot fire at Short."""
    assert not in_range(RAILGUN_BATTERY, "short")
    with pytest.raises(RulesError, match="'band' must be a band the railgun battery fires at: medium, long"):
        check_in_range(RAILGUN_BATTERY, ShipRange.SHORT)


def test_fixed_weapon_fires_only_into_its_arc():
    """A forward-fixed autocannon covers the fore arc only."""
    assert in_arc(AUTOCANNON, "fore") and not in_arc(AUTOCANNON, "port")
    with pytest.raises(RulesError, match="'arc' must be an arc the autocannon covers: fore"):
        check_in_arc(AUTOCANNON, "aft")


@pytest.mark.parametrize("speed, bands", [(1, 1), (4, 1), (5, 2), (6, 2), (7, 3), (12, 3), (0, 0)])
def test_bands_per_move_by_speed(speed, bands):
    """1 band at Speed 1-4, 2 at 5-6, 3 at 7 or more."""
    assert bands_per_move(speed) == bands


def test_advance_and_break_stop_at_the_ends():
    """Advance and Break move by Speed and never leave the band list."""
    assert break_away("medium", 3) is ShipRange.LONG
    assert break_away("long", 7) is ShipRange.EXTREME
    assert advance("short", 5) is ShipRange.ENGAGED


def test_ship_difficulty_matches_personal_up_to_long():
    """Ruling: ship difficulty agrees with the personal table from Short to Long."""
    for band in ("short", "medium", "long"):
        assert int(attack_difficulty(band)) == personal.RANGE_DIFFICULTY[band]


def test_ship_difficulty_rises_one_step_per_band_past_short():
    """Ruling: one step per band, Extreme hardest."""
    steps = [int(attack_difficulty(b)) for b in ShipRange]
    assert steps == [1, 1, 2, 3, 4, 5]


def test_medium_is_average():
    """One Ship Round: a shot at Medium is Average."""
    assert int(attack_difficulty(ShipRange.MEDIUM)) == 2


@given(st.sampled_from(list(ShipRange)), st.integers(0, 20))
def test_break_never_brings_ships_closer(band, speed):
    """Break never lowers the band; Advance never raises it."""
    assert break_away(band, speed).index >= band.index >= advance(band, speed).index


@given(st.one_of(st.integers(), st.text(max_size=4), st.floats()))
def test_bad_speed_is_a_rules_error(speed):
    """Any bad Speed is a RulesError."""
    try:
        assert bands_per_move(speed) in (0, 1, 2, 3)
    except RulesError:
        pass
