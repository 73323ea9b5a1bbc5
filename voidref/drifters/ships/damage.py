"""Ship damage: Hull Damage, System Damage, Critical Hits, destroyed and out of control.

Restates: "Ship Damage" of the Void Drifters chapter.

A hit needs 1 net Success and deals the weapon's Damage, +1 per net Success
past the first, + any boost. Then:

1. a screen that names the weapon's type takes off its Damage Reduction;
2. Armor less Pierce comes off (less 1 more per 2 Boons spent, ruling
   :data:`~voidref.drifters.ships.rulings.ARMOR_BYPASS_BOONS`); Armor Bypass
   skips steps 1 and 2;
3. the rest is Hull Damage. System Damage applies in full, but Armor cuts an
   Ion weapon's (by how much: ruling
   :attr:`~voidref.drifters.rulings.Rulings.ion_cut_is_half_armor`).

A Critical Hit needs a hit that did Hull or System Damage, paid for with a
Breakthrough or with as many Boons as the weapon's Crit; every hit on an
out-of-control ship is one.

>>> from voidref.drifters.ships.example import AUTOCANNON, CM_440_CUTTER
>>> hit = resolve_hit(AUTOCANNON, CM_440_CUTTER, net_successes=2, boost=2, bypass_boons=2)
>>> hit.damage, hit.armor, hit.hull_damage
(7, 1, 6)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from voidref.drifters.dice import CheckOutcome
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.drifters.ships import rulings
from voidref.drifters.ships.profiles import MAX_HULL_POINTS, ShipProfile, ShipWeapon
from voidref.drifters.ships.rulings import ion_reduction
from voidref.errors import RulesError, check_bool, check_int, check_rng, describe
from voidref.kinds import dataclass_repr

__all__ = [
    "Hit", "resolve_hit", "hit_damage", "armor_after_pierce", "system_damage",
    "armor_bypass_points", "useful_bypass_boons", "critical_hit_available", "can_jam",
    "ShipStanding", "roll_critical_hit",
]

_MAX_SUCCESSES = 60


def _weapon_and_target(weapon: ShipWeapon, target: ShipProfile) -> None:
    _check_weapon(weapon)
    _check_profile("target", target)


def _check_weapon(weapon: object) -> None:
    if not isinstance(weapon, ShipWeapon):
        raise RulesError(f"'weapon' must be a ShipWeapon (got {describe(weapon)})", argument="weapon")


def _check_profile(name: str, profile: object) -> None:
    if not isinstance(profile, ShipProfile):
        raise RulesError(argument=name, expected="a ShipProfile", received=profile)


def hit_damage(weapon: ShipWeapon, net_successes: int, boost: int = 0) -> int:
    """Damage before screens and Armor: weapon Damage + (net Successes - 1) + *boost*.

    Restates "Ship Damage" (the same as a personal attack). Needs a hit.
    """
    _check_weapon(weapon)
    check_int("net_successes", net_successes, low=1, high=_MAX_SUCCESSES)
    check_int("boost", boost, low=0, high=_MAX_SUCCESSES)
    return weapon.damage + net_successes - 1 + boost


def armor_bypass_points(bypass_boons: int) -> int:
    """Extra Armor points bypassed by spending *bypass_boons* Boons.

    Ruling: :data:`~voidref.drifters.ships.rulings.ARMOR_BYPASS_BOONS`.

    >>> armor_bypass_points(2), armor_bypass_points(5)
    (1, 2)
    """
    check_int("bypass_boons", bypass_boons, low=0, high=_MAX_SUCCESSES)
    return bypass_boons // rulings.ARMOR_BYPASS_BOONS * rulings.ARMOR_BYPASS_POINTS_PER_SPEND


def armor_after_pierce(weapon: ShipWeapon, target: ShipProfile, bypass_boons: int = 0) -> int:
    """Armor a hit must get through: Armor less Pierce less the Boon spend, at least 0; 0 with Armor Bypass."""
    _weapon_and_target(weapon, target)
    if weapon.armor_bypass:
        return 0
    return max(0, target.armor - weapon.pierce - armor_bypass_points(bypass_boons))


def useful_bypass_boons(weapon: ShipWeapon, target: ShipProfile, boons: int) -> int:
    """The most Boons worth spending on Armor: whole spends, no more than the Armor left to bypass."""
    check_int("boons", boons, low=0, high=_MAX_SUCCESSES)
    left = armor_after_pierce(weapon, target)
    spends = min(boons // rulings.ARMOR_BYPASS_BOONS, -(-left // rulings.ARMOR_BYPASS_POINTS_PER_SPEND))
    return spends * rulings.ARMOR_BYPASS_BOONS


def system_damage(weapon: ShipWeapon, target: ShipProfile, *, rulings: Rulings = STANDARD) -> int:
    """System Damage of a hit: in full, less the Ion cut.

    How much Armor cuts: ruling :attr:`~voidref.drifters.rulings.Rulings.ion_cut_is_half_armor`
    (ours, half the Armor; as printed, half the System Damage).

    >>> from dataclasses import replace
    >>> from voidref.drifters.rulings import AS_PRINTED
    >>> from voidref.drifters.ships.example import AUTOCANNON, CM_440_CUTTER
    >>> ion = replace(AUTOCANNON, system_damage=5, ion=True)
    >>> system_damage(ion, CM_440_CUTTER), system_damage(ion, CM_440_CUTTER, rulings=AS_PRINTED)
    (4, 3)
    """
    _weapon_and_target(weapon, target)
    r = check_rulings(rulings)
    if weapon.ion and not weapon.armor_bypass:
        if r.ion_cut_is_half_armor:
            cut = ion_reduction(target.armor)
        else:
            cut = weapon.system_damage // 2 if target.armor > 0 else 0
        return max(0, weapon.system_damage - cut)
    return weapon.system_damage


@dataclass(frozen=True)
class Hit:
    """What one hit did, step by step ("Ship Damage")."""

    damage: int
    """Weapon Damage + extra Successes + boost."""
    screen_reduction: int
    """Damage Reduction the target's screen took off."""
    armor: int
    """Armor left after Pierce, the Boon spend and Armor Bypass."""
    hull_damage: int
    """Hull Damage dealt."""
    system_damage: int
    """System Damage dealt."""

    def __repr__(self) -> str:
        return dataclass_repr(self, ())

    @property
    def dealt_damage(self) -> bool:
        """True if the hit did at least 1 Hull or System Damage, as a Critical Hit spend requires."""
        return self.hull_damage > 0 or self.system_damage > 0


def resolve_hit(weapon: ShipWeapon, target: ShipProfile, net_successes: int, *, boost: int = 0,
                bypass_boons: int = 0, screens_active: bool = True, rulings: Rulings = STANDARD) -> Hit:
    """Apply the three damage steps of "Ship Damage" to a hit with *net_successes* (at least 1).

    *rulings* decides the Ion cut (:attr:`~voidref.drifters.rulings.Rulings.ion_cut_is_half_armor`).
    """
    _weapon_and_target(weapon, target)
    check_bool("screens_active", screens_active)
    damage = hit_damage(weapon, net_successes, boost)
    screen = target.screen
    reduction = 0
    if screen is not None and screens_active and screen.names(weapon) and not weapon.armor_bypass:
        reduction = min(damage, screen.damage_reduction)
    armor = armor_after_pierce(weapon, target, bypass_boons)
    hull = max(0, damage - reduction - armor)
    return Hit(damage, reduction, armor, hull, system_damage(weapon, target, rulings=rulings))


def critical_hit_available(outcome: CheckOutcome, weapon: ShipWeapon, hit: Hit | None, *,
                           boons_left: int | None = None, out_of_control: bool = False) -> bool:
    """True if the attack can inflict a Critical Hit ("Ship Damage").

    A hit on an out-of-control ship inflicts one automatically. Otherwise the
    hit must deal Hull or System Damage and the attack must have a
    Breakthrough or Boons at least the weapon's Crit. *boons_left* is the
    Boons still unspent (default: all net Boons).
    """
    check_bool("out_of_control", out_of_control)
    _check_weapon(weapon)
    if not isinstance(outcome, CheckOutcome):
        raise RulesError(f"'outcome' must be a CheckOutcome (got {describe(outcome)})", argument="outcome")
    if hit is not None and not isinstance(hit, Hit):
        raise RulesError(f"'hit' must be a Hit or None (got {describe(hit)})", argument="hit")
    if boons_left is not None:
        check_int("boons_left", boons_left, low=0, high=_MAX_SUCCESSES)
    if hit is None or outcome.successes < 1:
        return False
    if out_of_control:
        return True
    boons = outcome.boons if boons_left is None else boons_left
    return hit.dealt_damage and (outcome.breakthroughs >= 1 or boons >= weapon.crit)


def can_jam(banes: int) -> bool:
    """True if *banes* Banes are enough to jam a ship weapon (ruling :data:`~voidref.drifters.ships.rulings.JAM_BANES`).

    >>> can_jam(2), can_jam(3)
    (False, True)
    """
    check_int("banes", banes, low=0, high=_MAX_SUCCESSES)
    return banes >= rulings.JAM_BANES


@dataclass(frozen=True)
class ShipStanding:
    """How much a ship has taken: Hull Damage, System Damage and Heat, counted up from 0."""

    hull_damage: int = 0
    system_damage: int = 0
    heat: int = 0

    def __post_init__(self) -> None:
        check_int("hull_damage", self.hull_damage, low=0, high=MAX_HULL_POINTS * 2)
        check_int("system_damage", self.system_damage, low=0, high=MAX_HULL_POINTS * 2)
        check_int("heat", self.heat, low=0, high=MAX_HULL_POINTS * 2)

    def __repr__(self) -> str:
        return dataclass_repr(self, ())

    def destroyed(self, profile: ShipProfile) -> bool:
        """Hull Damage has reached Hull Points: the ship breaks up at the end of the next round."""
        _check_profile("profile", profile)
        return self.hull_damage >= profile.hull_points

    def out_of_control(self, profile: ShipProfile) -> bool:
        """System Damage has reached System Points (never, if the profile lists none)."""
        _check_profile("profile", profile)
        return profile.system_points is not None and self.system_damage >= profile.system_points

    def describe(self, profile: ShipProfile) -> str:
        """``'5 of 18 Hull Damage'`` (and System Damage when the profile has System Points)."""
        _check_profile("profile", profile)
        text = f"{self.hull_damage} of {profile.hull_points} Hull Damage"
        if profile.system_points is not None:
            text += f", {self.system_damage} of {profile.system_points} System Damage"
        return text


def roll_critical_hit(rng: random.Random) -> int:
    """The d100 of a ship Critical Hit, rolled with *rng* (a ``random.Random``; at the table, the system's).

    The chapter sends the roll to the Critical Hit table of the Vehicles
    Manual, which is not in our copy, and prints no bonus for it: the roll is
    a plain d100, to be read on that table.

    >>> roll_critical_hit(random.Random(4))
    31
    """
    check_rng("rng", rng)
    return rng.randint(1, 100)
