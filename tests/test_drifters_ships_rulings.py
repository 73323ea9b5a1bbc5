"""Void Drifters ships: every ruling lives in one module and is used from there."""

import pytest

from voidref.drifters.ships import RAILGUN_BATTERY, Arc, Facing, Station, rulings, station_action
from voidref.drifters.ships.profiles import ActionKind
from voidref.errors import RulesError


def test_every_example_station_action_is_in_the_table():
    """Ruling: the station table holds the actions One Ship Round uses."""
    names = {"Direct Focus", "Evasive Maneuver", "Target Lock", "Boost Power", "Aimed Fire", "Hold Position",
             "Advance", "Break", "Disengage"}
    assert names == set(rulings.STATION_ACTIONS)


@pytest.mark.parametrize("name, station, kind", [
    ("Direct Focus", None, ActionKind.MANEUVER), ("Evasive Maneuver", Station.HELM, ActionKind.ACTION),
    ("Hold Position", Station.HELM, ActionKind.MANEUVER), ("Break", Station.HELM, ActionKind.MANEUVER),
    ("Target Lock", Station.SENSORS_COMMS, ActionKind.ACTION), ("Boost Power", Station.ENGINEERING, ActionKind.ACTION),
    ("Aimed Fire", Station.GUNNERY, ActionKind.ACTION),
])
def test_station_action_costs(name, station, kind):
    """Ruling: who takes each action and whether it is an Action or a Maneuver."""
    action = station_action(name)
    assert (action.station, action.kind) == (station, kind)


def test_unknown_station_action_is_named():
    """An unknown action lists the known ones."""
    with pytest.raises(RulesError, match="'action' must be one of direct focus"):
        station_action("barrel roll")


def test_spend_costs_from_the_example():
    """Ruling: 2 Boons bypass 1 Armor, 1 Boon changes facing, 2 Banes a Bane Die, 3 Banes jam."""
    assert (rulings.ARMOR_BYPASS_BOONS, rulings.ARMOR_BYPASS_POINTS_PER_SPEND, rulings.CHANGE_FACING_BOONS,
            rulings.NEXT_ATTACK_BANE_BANES, rulings.JAM_BANES) == (2, 1, 1, 2, 3)


def test_facings_and_arcs():
    """Rulings: Deflection is fore / aft; four weapon arcs."""
    assert rulings.DEFLECTION_FACINGS == (Facing.FORE, Facing.AFT)
    assert rulings.ARCS == (Arc.FORE, Arc.AFT, Arc.PORT, Arc.STARBOARD)


def test_the_railgun_mount_comes_from_the_ruling():
    """Ruling: the example's railgun battery is a turret."""
    assert RAILGUN_BATTERY.mount is rulings.EXAMPLE_RAILGUN_MOUNT


def test_ion_reads_half_the_armor():
    """Ruling: Ion System Damage falls by half the Armor, rounded down."""
    assert [rulings.ion_reduction(a) for a in (0, 1, 2, 3, 7)] == [0, 0, 1, 1, 3]


def test_handling_outside_the_limit_and_no_heat_effect():
    """Rulings: Handling does not count toward the Boon Limit; the Heat Threshold has no effect here."""
    assert rulings.HANDLING_COUNTS_TOWARD_BOON_LIMIT is False and rulings.HEAT_THRESHOLD_EFFECT is None
