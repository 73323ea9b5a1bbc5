"""Ship range: bands, where a weapon can fire, arcs, and how far a ship moves.

Restates: "Ship Range and Attack Difficulty" and step 1 of "How a Ship
Round Works" of the Void Drifters chapter.

* Ship combat adds Extra Long between Long and Extreme.
* A weapon fires at the bands it lists and every band between two of them,
  and only into the arcs its mount covers.
* One Advance or Break moves 1 band at Speed 1-4, 2 at Speed 5-6, 3 at 7+.
* Attack difficulty by band: ruling
  :data:`~voidref.drifters.ships.rulings.SHIP_RANGE_DIFFICULTY`.

>>> from voidref.drifters.ships.example import AUTOCANNON, RAILGUN_BATTERY
>>> [b.value for b in weapon_bands(RAILGUN_BATTERY)]
['medium', 'long']
>>> check_in_range(RAILGUN_BATTERY, "short")
Traceback (most recent call last):
...
voidref.errors.RulesError: 'band' must be a band the railgun battery fires at: medium, long (got short)
>>> bands_per_move(3), bands_per_move(6), bands_per_move(7)
(1, 2, 3)
"""

from __future__ import annotations

from voidref.drifters.dice import Difficulty
from voidref.drifters.ships import rulings
from voidref.drifters.ships.profiles import Arc, ShipRange, ShipWeapon
from voidref.errors import RulesError, check_enum, check_int, describe

__all__ = [
    "weapon_bands", "in_range", "check_in_range", "in_arc", "check_in_arc",
    "bands_per_move", "advance", "break_away", "attack_difficulty",
]


def _weapon(weapon: ShipWeapon) -> ShipWeapon:
    if not isinstance(weapon, ShipWeapon):
        raise RulesError(f"'weapon' must be a ShipWeapon (got {describe(weapon)})", argument="weapon")
    return weapon


def weapon_bands(weapon: ShipWeapon) -> tuple[ShipRange, ...]:
    """Every band *weapon* fires at: the listed ones and all bands between them ("Ship Range and Attack Difficulty")."""
    idx = [b.index for b in _weapon(weapon).ranges]
    return tuple(b for b in ShipRange if min(idx) <= b.index <= max(idx))


def in_range(weapon: ShipWeapon, band: ShipRange | str) -> bool:
    """True if *weapon* can fire at *band*."""
    return check_enum("band", band, ShipRange) in weapon_bands(weapon)


def check_in_range(weapon: ShipWeapon, band: ShipRange | str) -> ShipRange:
    """Return *band* if *weapon* fires at it, else raise :class:`~voidref.errors.RulesError`."""
    band = check_enum("band", band, ShipRange)
    if not in_range(weapon, band):
        allowed = ", ".join(b.value for b in weapon_bands(weapon))
        raise RulesError(f"'band' must be a band the {weapon.name} fires at: {allowed} (got {band.value})",
                         argument="band")
    return band


def in_arc(weapon: ShipWeapon, arc: Arc | str) -> bool:
    """True if *weapon*'s mount covers *arc* ("Ship Range and Attack Difficulty").

    Ruling: :data:`~voidref.drifters.ships.rulings.ARCS`.
    """
    return check_enum("arc", arc, Arc) in _weapon(weapon).arcs


def check_in_arc(weapon: ShipWeapon, arc: Arc | str) -> Arc:
    """Return *arc* if *weapon* covers it, else raise :class:`~voidref.errors.RulesError`."""
    arc = check_enum("arc", arc, Arc)
    if not in_arc(weapon, arc):
        allowed = ", ".join(a.value for a in weapon.arcs)
        raise RulesError(f"'arc' must be an arc the {weapon.name} covers: {allowed} (got {arc.value})", argument="arc")
    return arc


def bands_per_move(speed: int) -> int:
    """Bands one Advance or Break moves a ship of *speed*: 1 at 1-4, 2 at 5-6, 3 at 7+.

    Restates "Ship Range and Attack Difficulty". Speed 0 does not move.
    """
    check_int("speed", speed, low=0, high=20)
    if speed == 0:
        return 0
    if speed <= 4:
        return 1
    if speed <= 6:
        return 2
    return 3


def advance(band: ShipRange | str, speed: int) -> ShipRange:
    """The band after one Advance: closer by :func:`bands_per_move`, never past Engaged."""
    return check_enum("band", band, ShipRange).step(-bands_per_move(speed))


def break_away(band: ShipRange | str, speed: int) -> ShipRange:
    """The band after one Break: farther by :func:`bands_per_move`, never past Extreme."""
    return check_enum("band", band, ShipRange).step(bands_per_move(speed))


def attack_difficulty(band: ShipRange | str) -> Difficulty:
    """Trial Dice for a ship attack at *band* (ruling :data:`~voidref.drifters.ships.rulings.SHIP_RANGE_DIFFICULTY`)."""
    return rulings.SHIP_RANGE_DIFFICULTY[check_enum("band", band, ShipRange)]
