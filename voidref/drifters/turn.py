"""A character's turn: one Action, up to two Maneuvers, and Quick Actions (the chapter sets no number).

Restates: "Your Turn" of the Void Drifters chapter.

* The first Maneuver is free.
* A second Maneuver costs the Action or 2 Strain.
* Never a third Maneuver.
* Quick Actions cost nothing, need no check and take only a moment.

>>> plan_turn(maneuvers=2, keep_action=True)
TurnPlan(maneuvers=2, action=True, strain=2)
>>> plan_turn(maneuvers=3)
Traceback (most recent call last):
...
voidref.errors.RulesError: 'maneuvers' must be an integer from 0 to 2 (got 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.errors import check_bool, check_int

__all__ = ["TurnPlan", "plan_turn", "MAX_MANEUVERS", "SECOND_MANEUVER_STRAIN"]

MAX_MANEUVERS = 2
SECOND_MANEUVER_STRAIN = 2


@dataclass(frozen=True)
class TurnPlan:
    """What a turn spends: Maneuvers taken, whether the Action is still taken, Strain suffered."""

    maneuvers: int
    action: bool
    strain: int


def plan_turn(maneuvers: int, keep_action: bool = True) -> TurnPlan:
    """Cost a turn with *maneuvers* Maneuvers.

    With two Maneuvers, *keep_action* pays 2 Strain for the second and keeps
    the Action; otherwise the Action pays for it.
    """
    check_int("maneuvers", maneuvers, low=0, high=MAX_MANEUVERS)
    check_bool("keep_action", keep_action)
    if maneuvers < MAX_MANEUVERS:
        return TurnPlan(maneuvers, True, 0)
    if keep_action:
        return TurnPlan(maneuvers, True, SECOND_MANEUVER_STRAIN)
    return TurnPlan(maneuvers, False, 0)
