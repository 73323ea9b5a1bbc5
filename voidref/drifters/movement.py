"""Moving between range bands.

Restates: "Range and Position" and "Common Maneuvers" of the Void Drifters
chapter.

* Engaged, Short and Medium: 1 Maneuver per band.
* Medium to Long and Long to Extreme: 2 Maneuvers per band.
* Leaving Engaged is an ordinary move (1 Maneuver to Short); there is no
  separate disengage action.
* Gravity may add Maneuvers (:mod:`voidref.drifters.environment`): the push-off
  in microgravity, slower going in Elevated, High and Extreme gravity.

>>> maneuvers_to_move("engaged", "short")
1
>>> move_plan("short", "extreme")
MovePlan(maneuvers=5, turns_with_strain=3, strain=4, turns_without_strain=5)
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.drifters.characters import RangeBand
from voidref.drifters.environment import Gravity, extra_move_maneuvers
from voidref.drifters.rulings import STANDARD, Rulings
from voidref.drifters.turn import MAX_MANEUVERS, SECOND_MANEUVER_STRAIN
from voidref.errors import check_bool, check_enum

__all__ = ["band_step_cost", "maneuvers_to_move", "MovePlan", "move_plan"]


def band_step_cost(a: RangeBand, b: RangeBand) -> int:
    """Maneuvers to cross from band *a* to the neighbouring band *b*."""
    far = max(a, b)
    return 2 if far > RangeBand.MEDIUM else 1


def maneuvers_to_move(start: RangeBand | str, end: RangeBand | str,
                      gravity: Gravity | str = Gravity.STANDARD, anchored: bool = False, *,
                      rulings: Rulings = STANDARD) -> int:
    """Maneuvers for one move from *start* to *end* (0 if already there).

    >>> maneuvers_to_move("short", "medium", "elevated")
    2
    """
    a = check_enum("start", start, RangeBand)
    b = check_enum("end", end, RangeBand)
    extra = extra_move_maneuvers(gravity, anchored, rulings=rulings)
    if a == b:
        return 0
    step = 1 if b > a else -1
    cost = sum(band_step_cost(RangeBand(x), RangeBand(x + step)) for x in range(a, b, step))
    return cost + extra


@dataclass(frozen=True)
class MovePlan:
    """How a move spreads over turns.

    * *turns_with_strain*: taking two Maneuvers a turn, paying 2 Strain for
      each second one and keeping every Action;
    * *turns_without_strain*: one Maneuver a turn, nothing paid (or pay the
      Action instead of Strain to do it in *turns_with_strain* turns).
    """

    maneuvers: int
    turns_with_strain: int
    strain: int
    turns_without_strain: int


def move_plan(start: RangeBand | str, end: RangeBand | str,
              gravity: Gravity | str = Gravity.STANDARD, anchored: bool = False, *,
              rulings: Rulings = STANDARD) -> MovePlan:
    """The Maneuvers, turns and Strain a move costs."""
    check_bool("anchored", anchored)
    n = maneuvers_to_move(start, end, gravity, anchored, rulings=rulings)
    turns = -(-n // MAX_MANEUVERS)
    return MovePlan(n, turns, (n // MAX_MANEUVERS) * SECOND_MANEUVER_STRAIN, n)
