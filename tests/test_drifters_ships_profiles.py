"""Void Drifters ships: profiles and the closed sets they use."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.drifters.ships import *  # noqa: F401,F403  (reprs must rebuild from the public names)
from voidref.drifters.ships import (
    AUTOCANNON,
    CM_440_CUTTER,
    EMBER_DRIFT,
    RAILGUN_BATTERY,
    Arc,
    Ecm,
    Facing,
    Mount,
    Screen,
    ShipRange,
    ShipWeapon,
    WeaponType,
)
from voidref.drifters.ships.profiles import MAX_SHIP_STAT
from voidref.errors import RulesError


@pytest.mark.parametrize(
    "value", [AUTOCANNON, RAILGUN_BATTERY, EMBER_DRIFT, CM_440_CUTTER, Screen(damage_reduction=2), Ecm(bane_dice=1)]
)
def test_reprs_rebuild_the_value(value):
    """Reprs are code that rebuilds an equal value."""
    assert eval(repr(value)) == value


def test_example_ships_match_the_source_profiles():
    """One Ship Round: the two profiles as printed."""
    assert (
        EMBER_DRIFT.speed,
        EMBER_DRIFT.handling,
        EMBER_DRIFT.armor,
        EMBER_DRIFT.deflection,
        EMBER_DRIFT.hull_points,
        EMBER_DRIFT.heat_dissipation,
        EMBER_DRIFT.heat_threshold,
    ) == (3, 0, 1, (0, 0), 18, 2, 10)
    assert (CM_440_CUTTER.speed, CM_440_CUTTER.armor, CM_440_CUTTER.hull_points, CM_440_CUTTER.heat_threshold) == (
        4,
        3,
        22,
        None,
    )
    assert (AUTOCANNON.damage, AUTOCANNON.crit, AUTOCANNON.pierce, AUTOCANNON.heat) == (4, 4, 1, 1)
    assert (RAILGUN_BATTERY.damage, RAILGUN_BATTERY.crit, RAILGUN_BATTERY.pierce, RAILGUN_BATTERY.heat) == (5, 3, 1, 1)


def test_extra_long_sits_between_long_and_extreme():
    """Ship Range: Extra Long is added between Long and Extreme."""
    order = [b.value for b in ShipRange]
    assert order.index("extra long") == order.index("long") + 1 == order.index("extreme") - 1


def test_enum_fields_accept_names():
    """Names in any case work where an enum is expected."""
    w = ShipWeapon(
        "gun", damage=3, ranges=["Extra Long", "short"], crit=3, type="BEAM", mount="turret", arcs=["port", "fore"]
    )
    assert w.ranges == (ShipRange.SHORT, ShipRange.EXTRA_LONG)
    assert w.arcs == (Arc.FORE, Arc.PORT) and w.type is WeaponType.BEAM and w.mount is Mount.TURRET


def test_deflection_is_fore_then_aft():
    """Ruling: the two Deflection figures are fore / aft."""
    ship = replace(EMBER_DRIFT, deflection=(2, 1))
    assert ship.deflection_for(Facing.FORE) == 2 and ship.deflection_for("aft") == 1


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"damage": -1}, "'damage' must be an integer from 0 to 50 (got -1)"),
        ({"crit": 0}, "'crit' must be an integer from 1 to 50 (got 0)"),
        ({"ranges": ()}, "'ranges' must name at least one ShipRange (got none)"),
        ({"ranges": ("far",)}, "'ranges' must be one of engaged, short, medium, long, extra_long, extreme (got 'far')"),
        ({"arcs": ("fore", "aft")}, "'arcs' of a fixed weapon must be exactly one arc (got 2: fore, aft)"),
        ({"ion": "yes"}, "'ion' must be True or False (got 'yes')"),
        ({"pierce": 1.5}, "'pierce' must be an integer from 0 to 50 (got 1.5)"),
    ],
)
def test_impossible_weapon_values_are_named(changes, message):
    """Bad weapon figures raise a RulesError naming the field, the range and the value."""
    with pytest.raises(RulesError) as err:
        replace(AUTOCANNON, **changes)
    assert str(err.value) == message


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"hull_points": 0}, "'hull_points' must be an integer from 1 to 1000 (got 0)"),
        ({"handling": 9}, "'handling' must be an integer from -5 to 5 (got 9)"),
        ({"deflection": (1,)}, "'deflection' must be a pair (fore, aft) of integers (got (1,))"),
        ({"deflection": (1, -1)}, "'deflection aft' must be an integer from 0 to 10 (got -1)"),
        (
            {"weapons": (AUTOCANNON, AUTOCANNON)},
            "'weapons' must have different names (got ['autocannon', 'autocannon'])",
        ),
        ({"screen": 3}, "'screen' must be a Screen or None (got 3)"),
        ({"name": ""}, "'name' must be a non-empty text (got '')"),
    ],
)
def test_impossible_ship_values_are_named(changes, message):
    """Bad ship figures raise a RulesError naming the field, the range and the value."""
    with pytest.raises(RulesError) as err:
        replace(EMBER_DRIFT, **changes)
    assert str(err.value) == message


def test_unknown_weapon_name_lists_the_ship_weapons():
    """Asking a ship for a weapon it lacks names the ones it has."""
    with pytest.raises(RulesError, match="one of this ship's weapons: autocannon"):
        EMBER_DRIFT.weapon("laser")
    assert EMBER_DRIFT.weapon("AUTOCANNON") is AUTOCANNON


@given(st.one_of(st.integers(-100, 100), st.floats(), st.text(max_size=3), st.none()))
def test_any_bad_damage_is_a_rules_error(value):
    """Whatever arrives as Damage, a bad value is a RulesError, never another exception."""
    try:
        w = replace(AUTOCANNON, damage=value)
    except RulesError:
        return
    assert 0 <= w.damage <= MAX_SHIP_STAT
