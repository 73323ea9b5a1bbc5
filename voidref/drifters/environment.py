"""Gravity and the environment in a fight.

Restates: "Gravity and Environment" of the Void Drifters chapter. The full
gravity table is in a chapter we do not have; the numbers it would give are
rulings (:mod:`voidref.drifters.rulings`).

* Microgravity: stable-stance actions (melee, unarmed) add 2 Bane Dice unless
  anchored; deliberate movement costs 1 extra Maneuver (push-off).
* Low gravity: Athletics, Unarmed and planted melee add 1 Bane Die; movement
  is normal.
* Elevated, High, Extreme: physical checks add Bane Dice and movement slows.
* Ranged attacks never take a gravity penalty. Thrown weapons reach one band
  farther in microgravity and two bands shorter in High and Extreme gravity.
"""

from __future__ import annotations

import enum

from voidref.drifters import rulings
from voidref.drifters.characters import RangeBand
from voidref.errors import check_bool, check_enum

__all__ = ["Gravity", "melee_bane_dice", "extra_move_maneuvers", "thrown_range"]


class Gravity(enum.Enum):
    """Gravity bands, lightest first."""

    MICRO = "micro"
    """Microgravity, floating; you push off to move."""
    LOW = "low"
    """Low gravity, light footing."""
    STANDARD = "standard"
    """Standard gravity, no effect."""
    ELEVATED = "elevated"
    """Elevated gravity, heavier than standard."""
    HIGH = "high"
    """High gravity, hard going."""
    EXTREME = "extreme"
    """Extreme gravity, crushing."""


def melee_bane_dice(gravity: Gravity | str, anchored: bool = False, unarmed: bool = False) -> int:
    """Bane Dice that gravity adds to a melee or unarmed attack.

    >>> melee_bane_dice("micro"), melee_bane_dice("micro", anchored=True)
    (2, 0)
    """
    g = check_enum("gravity", gravity, Gravity)
    check_bool("anchored", anchored)
    check_bool("unarmed", unarmed)
    if g is Gravity.MICRO:
        return 0 if anchored else 2
    if g is Gravity.LOW:
        return rulings.LOW_GRAVITY_MELEE_BANE_DICE
    return rulings.HEAVY_GRAVITY_BANE_DICE.get(g.value, 0)


def extra_move_maneuvers(gravity: Gravity | str, anchored: bool = False) -> int:
    """Extra Maneuvers one move costs in this gravity."""
    g = check_enum("gravity", gravity, Gravity)
    check_bool("anchored", anchored)
    if g is Gravity.MICRO:
        return 0 if anchored else rulings.MICROGRAVITY_PUSH_OFF
    return rulings.HEAVY_GRAVITY_EXTRA_MANEUVERS.get(g.value, 0)


def thrown_range(listed: RangeBand | str, gravity: Gravity | str) -> RangeBand | None:
    """How far a thrown weapon reaches: ``None`` if it cannot reach even Engaged.

    >>> thrown_range("short", "micro"), thrown_range("short", "high")
    (<RangeBand.MEDIUM: 2>, None)
    """
    band = check_enum("listed", listed, RangeBand)
    g = check_enum("gravity", gravity, Gravity)
    shift = {Gravity.MICRO: 1, Gravity.HIGH: -2, Gravity.EXTREME: -2}.get(g, 0)
    reach = min(int(band) + shift, int(RangeBand.EXTREME))
    return RangeBand(reach) if reach >= 0 else None
