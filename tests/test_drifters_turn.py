"""Void Drifters turns (``voidref.drifters.turn``): what a turn's Maneuvers cost."""

from voidref.drifters import plan_turn


def test_second_maneuver_costs_action_or_two_strain():
    """The second Maneuver costs the Action or 2 Strain; the first is free."""
    assert plan_turn(1).strain == 0
    assert plan_turn(2, keep_action=True).strain == 2
    assert plan_turn(2, keep_action=False).action is False
