"""Void Drifters ships: boarding actions."""

import pytest

from voidref.drifters import RangeBand, Side
from voidref.drifters.ships import (
    CM_440_CUTTER,
    EMBER_DRIFT,
    ShipFight,
    Station,
    check_interior_band,
    interior_bands,
    leave_station,
    unmanned_stations,
)
from voidref.drifters.ships.example import crew
from voidref.errors import RulesError


def _fight():
    c = crew()
    fight = ShipFight("engaged")
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    cutter = fight.add_ship(CM_440_CUTTER, Side.GM)
    fight.declare_station(ember, c["senna"], "helm")
    fight.declare_station(ember, c["rhi"], "sensors and comms")
    fight.declare_station(cutter, c["cutter pilot"], "helm")
    return fight, ember, cutter, c


def test_inside_a_ship_is_engaged_or_short():
    """Range inside a ship: Engaged or Short; Medium only in long corridors or cargo bays."""
    assert interior_bands("corridor") == (RangeBand.ENGAGED, RangeBand.SHORT)
    assert RangeBand.MEDIUM in interior_bands("cargo bay") and RangeBand.MEDIUM in interior_bands("long corridor")
    with pytest.raises(RulesError, match="'band' inside a corridor must be one of engaged, short"):
        check_interior_band("corridor", "medium")


def test_leaving_a_station_leaves_it_unmanned():
    """A character who leaves a station to fight leaves it unmanned."""
    fight, ember, _, c = _fight()
    assert leave_station(fight, ember, c["rhi"]) is Station.SENSORS_COMMS
    assert Station.SENSORS_COMMS in unmanned_stations(fight, ember)
    with pytest.raises(RulesError, match="unmanned"):
        fight.check_pool(ember, "Target Lock")


def test_boarding_keeps_the_ship_fight_order():
    """Boarding fights use the ship fight's Initiative order; personal slots slot in by net Successes."""
    fight, ember, cutter, c = _fight()
    order = fight.roll_initiative({"Ember Drift": 1, "CM-440 cutter": 2}, characters={"Corin Ash": ("player", 2)})
    assert order == ("Corin Ash", "CM-440 cutter", "Ember Drift")
    assert fight.slot_of("Corin Ash") == "Corin Ash"


def test_character_without_a_slot_acts_on_the_ship_slot():
    """Ruling: a character who left a station and rolled no Initiative acts on the ship's slot."""
    fight, ember, _, c = _fight()
    fight.roll_initiative({"Ember Drift": 1, "CM-440 cutter": 2})
    leave_station(fight, ember, "Rhi")
    assert fight.slot_of("Rhi") == "Ember Drift"


def test_leaving_a_station_you_are_not_at_is_refused():
    """Only someone at a station can leave it."""
    fight, ember, _, c = _fight()
    with pytest.raises(RulesError, match="'crew' must be at a station of the Ember Drift"):
        leave_station(fight, ember, "Yessica Morn")
