"""Void Drifters Critical Injuries (``voidref.drifters.injuries``): severity bands and the d100 odds."""

from fractions import Fraction

import pytest

from voidref.drifters import Severity, critical_injury_odds, injuries_for_attack, injury_bonus, severity


@pytest.mark.parametrize(
    "total, band",
    [
        (1, "minor"),
        (30, "minor"),
        (31, "moderate"),
        (60, "moderate"),
        (61, "severe"),
        (85, "severe"),
        (86, "deadly"),
        (100, "deadly"),
        (101, "mortal"),
        (140, "mortal"),
    ],
)
def test_severity_bands(total, band):
    """Minor 01-30, Moderate 31-60, Severe 61-85, Deadly 86-100, Mortal 101+."""
    assert severity(total) is Severity(band)


def test_injury_bonus_rises_with_held_and_order():
    """+10 per held injury; the 2nd of one attack +10 more, the 3rd +20 more."""
    assert [injury_bonus(1, k) for k in range(3)] == [10, 20, 30]


def test_critical_injury_odds_match_counting():
    """Band odds equal counting d100 results with the bonus."""
    for held in range(0, 4):
        odds = critical_injury_odds(held)
        for band in Severity:
            count = sum(1 for r in range(1, 101) if severity(r + 10 * held) is band)
            assert odds[band] == Fraction(count, 100)


def test_several_injuries_from_one_attack():
    """Each later injury of one attack rolls with 10 more."""
    rolls = injuries_for_attack(held=0, count=3)
    assert [b for b, _ in rolls] == [0, 10, 20]
    assert rolls[2][1][Severity.MORTAL] == Fraction(20, 100)
