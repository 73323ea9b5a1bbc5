"""Tests for the opening throw and the Maneuver phase (who holds the Upper Hand)."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import (
    TASK_THROW,
    Ship,
    Side,
    maneuver_odds,
    maneuver_phase,
    maneuver_winner,
    opening_odds,
    opening_upper_hand,
    ship_maneuver,
    upper_hand_after,
)

HOLDERS = [None, Side.A, Side.B]


def test_winner_gains_when_nobody_holds():
    """Maneuver case 1: nobody holds the Upper Hand, the winner gains it."""
    assert maneuver_phase(None, 1, 0) is Side.A


def test_loser_loses_it():
    """Maneuver case 2: the losing side held the Upper Hand and loses it."""
    assert maneuver_phase(Side.A, 0, 2) is None


def test_winner_keeps_it():
    """Maneuver case 3: the winning side held the Upper Hand and keeps it."""
    assert maneuver_phase(Side.B, 0, 2) is Side.B


@pytest.mark.parametrize("holder", HOLDERS)
def test_tie_and_double_failure_change_nothing(holder):
    """Maneuver ties: a tie or two failures leaves the Upper Hand where it was."""
    assert maneuver_phase(holder, 2, 2) is holder
    assert maneuver_phase(holder, 0, 0) is holder


def test_disabled_thrusters_lose_even_against_a_failure():
    """Disabled Thrusters ruling: the other ship wins even if its own throw fails."""
    assert maneuver_winner(0, 0, a_auto_loses=True) is Side.B


def test_both_disabled_is_a_tie():
    """Both Thrusters disabled ruling: a tie, no change."""
    assert maneuver_winner(0, 0, True, True) is None


def test_ship_maneuver_applies_thrusters_limit():
    """Maneuver with ships: Impact 5 against 2 is a tie when both have Thrusters 2."""
    assert ship_maneuver(Ship("A", thrusters=2), Ship("B", thrusters=2), None, 5, 2) is None


def test_ship_maneuver_refuses_a_throw_from_disabled_thrusters():
    """Bad input: a ship with disabled Thrusters makes no Pilot throw."""
    a = Ship("A").with_condition("thrusters", "disabled")
    with pytest.raises(RulesError, match="'impact_a'"):
        ship_maneuver(a, Ship("B"), None, 1, 0)


def test_opening_tie_gives_nobody():
    """Opening throw: a tie or two failures means nobody starts with the Upper Hand."""
    assert opening_upper_hand(0, 0) is None and opening_upper_hand(2, 2) is None
    assert opening_upper_hand(1, 2) is Side.B


def _bf_maneuver(a, b, holder):
    """Brute force: every face of both pilots' dice (3 dice when disadvantaged)."""

    def faces(ship):
        dis = ship.thrusters_condition.value == 1
        return list(itertools.product(range(1, 7), repeat=3 if dis else 2)), dis

    fa, da = faces(a)
    fb, db = faces(b)
    out = {}
    for x in fa:
        for y in fb:
            ia = TASK_THROW.impact_of(x, a.pilot, da) if a.thrusters_condition.value < 2 else 0
            ib = TASK_THROW.impact_of(y, b.pilot, db) if b.thrusters_condition.value < 2 else 0
            h = ship_maneuver(a, b, holder, ia, ib)
            out[h] = out.get(h, 0) + Fraction(1, len(fa) * len(fb))
    return out


@pytest.mark.parametrize("holder", HOLDERS)
@pytest.mark.parametrize("cond_a,cond_b", [("intact", "intact"), ("damaged", "intact"), ("disabled", "damaged")])
def test_maneuver_odds_match_brute_force(holder, cond_a, cond_b):
    """Oracle: maneuver_odds equals a count over every pilot die face."""
    a = Ship("A", thrusters=2, pilot=1).with_condition("thrusters", cond_a)
    b = Ship("B", thrusters=3).with_condition("thrusters", cond_b)
    assert maneuver_odds(a, b, holder).probabilities() == {k: v for k, v in _bf_maneuver(a, b, holder).items() if v}


def test_opening_odds_symmetric():
    """Opening throw: two identical ships are equally likely to start with the Upper Hand."""
    odds = opening_odds(Ship("A", computer=2, software=1), Ship("B", computer=2, software=1))
    assert odds[Side.A] == odds[Side.B]
    assert sum(odds.probabilities().values()) == 1


@given(st.integers(0, 5), st.integers(0, 4), st.integers(0, 4), st.sampled_from(HOLDERS))
def test_more_pilot_skill_never_hurts(rank, pilot, other, holder):
    """Monotonicity: more Pilot skill never lowers A's chance to hold the Upper Hand afterwards."""
    b = Ship("B", thrusters=rank, pilot=other)
    low = maneuver_odds(Ship("A", thrusters=rank, pilot=pilot), b, holder)
    high = maneuver_odds(Ship("A", thrusters=rank, pilot=pilot + 1), b, holder)
    assert high[Side.A] >= low[Side.A]
    assert sum(high.probabilities().values()) == 1


@given(st.one_of(st.integers(), st.text(max_size=3)))
def test_bad_holder_is_a_rules_error(holder):
    """Bad input: a holder that is not a side is a RulesError naming 'holder'."""
    if holder in ("a", "b", "A", "B", "", "none") or (
        isinstance(holder, str) and holder.strip().lower() in ("a", "b", "", "none")
    ):
        return
    with pytest.raises(RulesError, match="'holder'"):
        upper_hand_after(holder, None)
