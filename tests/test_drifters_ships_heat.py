"""Void Drifters ships: Heat."""

from dataclasses import replace

import pytest

from voidref.drifters.ships import AUTOCANNON, CM_440_CUTTER, EMBER_DRIFT, at_threshold, dissipate, shot_heat
from voidref.errors import RulesError


def test_boosted_autocannon_shot_makes_3_heat():
    """One Ship Round: 1 Heat per shot plus 2 for the boost."""
    assert shot_heat(AUTOCANNON) == 1 and shot_heat(AUTOCANNON, boosted=True) == 3


def test_dissipation_of_the_example():
    """One Ship Round: the Ember Drift 3 -> 1, the cutter 1 -> 0."""
    assert dissipate(3, EMBER_DRIFT) == 1 and dissipate(1, CM_440_CUTTER) == 0


def test_heat_threshold_reached_or_unlisted():
    """Ruling: reaching the threshold is reported; a profile without one reports None."""
    assert at_threshold(10, EMBER_DRIFT) and not at_threshold(9, EMBER_DRIFT)
    assert at_threshold(50, CM_440_CUTTER) is None


def test_negative_heat_is_refused():
    """Heat is a count."""
    with pytest.raises(RulesError, match="'heat' must be an integer from 0"):
        dissipate(-1, EMBER_DRIFT)


def test_no_dissipation_keeps_heat():
    """Heat Dissipation 0 sheds nothing."""
    assert dissipate(4, replace(EMBER_DRIFT, heat_dissipation=0)) == 4
