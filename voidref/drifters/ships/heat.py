"""Heat: what shots and boosts add, what a ship sheds each round, and its threshold.

Restates: steps 5 and 6 of "How a Ship Round Works" and the Heat figures of
"Worked Example: One Ship Round" of the Void Drifters chapter.

* Each shot adds the weapon's Heat; a boosted weapon adds 2 more.
* At the end of the round a ship removes Heat equal to its Heat Dissipation
  (never below 0).
* What reaching the Heat Threshold does is not in our source (ruling
  :data:`~voidref.drifters.ships.rulings.HEAT_THRESHOLD_EFFECT`).

>>> from voidref.drifters.ships.example import AUTOCANNON, EMBER_DRIFT
>>> shot_heat(AUTOCANNON, boosted=True)
3
>>> dissipate(3, EMBER_DRIFT), dissipate(1, EMBER_DRIFT)
(1, 0)
"""

from __future__ import annotations

from voidref.drifters.ships.profiles import MAX_HULL_POINTS, ShipProfile, ShipWeapon
from voidref.errors import RulesError, check_bool, check_int, describe

__all__ = ["BOOST_HEAT", "shot_heat", "dissipate", "at_threshold"]

#: Heat a boosted weapon adds on top of its own (the example's Engineering line).
BOOST_HEAT = 2


def shot_heat(weapon: ShipWeapon, boosted: bool = False) -> int:
    """Heat one shot adds: the weapon's Heat, +2 if boosted."""
    if not isinstance(weapon, ShipWeapon):
        raise RulesError(f"'weapon' must be a ShipWeapon (got {describe(weapon)})", argument="weapon")
    check_bool("boosted", boosted)
    return weapon.heat + (BOOST_HEAT if boosted else 0)


def dissipate(heat: int, ship: ShipProfile) -> int:
    """Heat left after the end-of-round dissipation (step 6): never below 0."""
    check_int("heat", heat, low=0, high=MAX_HULL_POINTS * 2)
    if not isinstance(ship, ShipProfile):
        raise RulesError(f"'ship' must be a ShipProfile (got {describe(ship)})", argument="ship")
    return max(0, heat - ship.heat_dissipation)


def at_threshold(heat: int, ship: ShipProfile) -> bool | None:
    """True once *heat* reaches the ship's Heat Threshold; ``None`` if the profile lists none."""
    check_int("heat", heat, low=0, high=MAX_HULL_POINTS * 2)
    if not isinstance(ship, ShipProfile):
        raise RulesError(f"'ship' must be a ShipProfile (got {describe(ship)})", argument="ship")
    if ship.heat_threshold is None:
        return None
    return heat >= ship.heat_threshold
