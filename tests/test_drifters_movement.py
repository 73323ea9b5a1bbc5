"""Void Drifters movement (``voidref.drifters.movement``): Maneuvers between range bands, gravity included."""

import pytest

from voidref.drifters import maneuvers_to_move, move_plan
from voidref.drifters.environment import extra_move_maneuvers
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.errors import RulesError


@pytest.mark.parametrize(
    "start, end, cost",
    [
        ("engaged", "short", 1),
        ("short", "medium", 1),
        ("medium", "long", 2),
        ("long", "extreme", 2),
        ("engaged", "extreme", 6),
        ("extreme", "engaged", 6),
        ("short", "short", 0),
    ],
)
def test_maneuvers_between_bands(start, end, cost):
    """1 Maneuver per band up to Medium, 2 per band beyond."""
    assert maneuvers_to_move(start, end) == cost


def test_microgravity_push_off_costs_one_more_unless_anchored():
    """Ruling: +1 Maneuver per move in microgravity; anchored characters walk."""
    assert maneuvers_to_move("engaged", "short", gravity="micro") == 2
    assert maneuvers_to_move("engaged", "short", gravity="micro", anchored=True) == 1


def test_move_plan_spreads_over_turns():
    """Two Maneuvers a turn with 2 Strain for each second one."""
    plan = move_plan("engaged", "long")
    assert (plan.maneuvers, plan.turns_with_strain, plan.strain, plan.turns_without_strain) == (4, 2, 4, 4)


def test_unknown_range_band_names_the_argument():
    """A bad band name is a RulesError naming the argument and the choices."""
    with pytest.raises(RulesError, match=r"'start' must be one of engaged, short, medium, long, extreme \(got 'far'\)"):
        maneuvers_to_move("far", "short")


# -- heavy gravity slows movement, Elevated included -------------------------------------


@pytest.mark.parametrize("gravity", ["elevated", "high", "extreme"])
def test_elevated_high_and_extreme_gravity_slow_movement(gravity):
    """Every heavy band makes a move cost more than in standard gravity."""
    assert maneuvers_to_move("short", "medium", gravity) > maneuvers_to_move("short", "medium", "standard")


def test_heavy_gravity_move_maneuvers_both_ways():
    """Rulings.heavy_gravity_move_maneuvers sets the extra Maneuvers (ours 1, 1, 2; printed: no number)."""
    assert [extra_move_maneuvers(g) for g in ("elevated", "high", "extreme")] == [1, 1, 2]
    assert AS_PRINTED.heavy_gravity_move_maneuvers == STANDARD.heavy_gravity_move_maneuvers
    slow = Rulings(heavy_gravity_move_maneuvers=(1, 2, 3))
    assert maneuvers_to_move("short", "medium", "high", rulings=slow) == 3


def test_anchored_push_off_both_ways():
    """Rulings.anchored_skips_push_off: ours lets mag boots walk; printed, every move pushes off."""
    assert maneuvers_to_move("engaged", "short", "micro", anchored=True) == 1
    assert maneuvers_to_move("engaged", "short", "micro", anchored=True, rulings=AS_PRINTED) == 2
    assert maneuvers_to_move("engaged", "short", "micro", rulings=STANDARD) == 2
