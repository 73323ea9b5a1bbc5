"""The ship attack pool and the Boon Limit.

Restates: "Ship Range and Attack Difficulty" (including "The Boon Limit") of
the Void Drifters chapter, with "Attacking" for the Gunnery check.

The pool is the gunner's Agility + Gunnery against the range band's
difficulty, plus:

* Boon Dice from stations, the captain, components, a directive AI, tags
  and allies, **at most 2 together** (the Boon Limit);
* Boon Dice from talents, in full, outside the limit;
* a fixed weapon: the attacker's Handling, as Boon Dice if positive and
  Bane Dice if negative;
* the target's Deflection for the facing attacked, as Bane Dice;
* the target's screen and ECM, as Bane Dice against the types they name;
* evasion: 1 Bane Die if the target is evading, 1 if the attacker is.

>>> from voidref.drifters.ships.example import AUTOCANNON, EMBER_DRIFT, CM_440_CUTTER
>>> shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium",
...                   limited_boon_dice=2, talent_boon_dice=1, attacker_evading=True, boost=2)
>>> shot.pool()
Pool(ability=2, mastery=2, boon=3, trial=2, bane=1)
>>> boon_dice_after_limit(limited=3, talent=1)
3
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.drifters.dice import Pool
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.drifters.ships import rulings
from voidref.drifters.ships.profiles import Arc, Facing, Mount, ShipProfile, ShipRange, ShipWeapon
from voidref.drifters.ships.range import attack_difficulty, check_in_arc, check_in_range
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.kinds import dataclass_repr

__all__ = ["BOON_LIMIT", "BOOST_DAMAGE", "boon_dice_after_limit", "ShipAttack"]

#: At most this many Boon Dice on one attack from the limited sources ("The Boon Limit").
BOON_LIMIT = 2

#: Extra damage of a weapon boosted by Boost Power (the example's Engineering line).
BOOST_DAMAGE = 2

_MAX_SOURCE_DICE = 10


def boon_dice_after_limit(limited: int, talent: int = 0) -> int:
    """Boon Dice an attack gets: the limited sources capped at :data:`BOON_LIMIT`, talents in full.

    *limited* counts the Boon Dice that the limit covers (allies, components,
    tags on the weapon or hull, a directive AI, captain's orders, station
    actions); *talent*
    counts those from talents. Dice rolled on the attack are results, not
    inputs, and are never limited ("The Boon Limit").

    >>> boon_dice_after_limit(2, 1), boon_dice_after_limit(5), boon_dice_after_limit(1, 2)
    (3, 2, 3)
    >>> boon_dice_after_limit(1.5)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'limited' must be an integer from 0 to 10 (got 1.5)
    """
    check_int("limited", limited, low=0, high=_MAX_SOURCE_DICE)
    check_int("talent", talent, low=0, high=_MAX_SOURCE_DICE)
    return min(limited, BOON_LIMIT) + talent


@dataclass(frozen=True)
class ShipAttack:
    """One ship attack: who fires what at whom, from where, and what helps or hinders it.

    *arc* is where the target sits around the attacking ship (the weapon must
    cover it); *facing* is the half of the target the shot comes from (for
    Deflection). *limited_boon_dice* and *talent_boon_dice* feed
    :func:`boon_dice_after_limit`. *bane_dice* holds any other Bane Dice (the
    GM's, a Bane spend carried from an earlier attack). *boost* is the extra
    damage of a boosted weapon (0 or :data:`BOOST_DAMAGE`). *screens_active*
    is False when the target's screen is down (an out-of-control ship).
    *rulings* decides whether Armor Bypass also cancels a screen's Bane Dice
    (:attr:`~voidref.drifters.rulings.Rulings.armor_bypass_ignores_screen_dice`).

    Raises :class:`~voidref.errors.RulesError` for a band the weapon cannot
    reach, an arc it does not cover, or a pool too big to compute.
    """

    attacker: ShipProfile
    weapon: ShipWeapon
    target: ShipProfile
    agility: int
    gunnery: int
    band: ShipRange
    arc: Arc = Arc.FORE
    facing: Facing = Facing.FORE
    limited_boon_dice: int = 0
    talent_boon_dice: int = 0
    bane_dice: int = 0
    target_evading: bool = False
    attacker_evading: bool = False
    boost: int = 0
    screens_active: bool = True
    rulings: Rulings = STANDARD

    def __post_init__(self) -> None:
        for name in ("attacker", "target"):
            if not isinstance(getattr(self, name), ShipProfile):
                raise RulesError(f"{name!r} must be a ShipProfile (got {describe(getattr(self, name))})", argument=name)
        if not isinstance(self.weapon, ShipWeapon):
            raise RulesError(f"'weapon' must be a ShipWeapon (got {describe(self.weapon)})", argument="weapon")
        check_int("agility", self.agility, low=1, high=10)
        check_int("gunnery", self.gunnery, low=0, high=10)
        object.__setattr__(self, "band", check_in_range(self.weapon, self.band))
        object.__setattr__(self, "arc", check_in_arc(self.weapon, self.arc))
        object.__setattr__(self, "facing", check_enum("facing", self.facing, Facing))
        check_int("limited_boon_dice", self.limited_boon_dice, low=0, high=_MAX_SOURCE_DICE)
        check_int("talent_boon_dice", self.talent_boon_dice, low=0, high=_MAX_SOURCE_DICE)
        check_int("bane_dice", self.bane_dice, low=0, high=_MAX_SOURCE_DICE)
        check_bool("target_evading", self.target_evading)
        check_bool("attacker_evading", self.attacker_evading)
        check_int("boost", self.boost, low=0, high=rulings.MAX_SHIP_POOL_DICE)
        check_bool("screens_active", self.screens_active)
        check_rulings(self.rulings)
        size = self.pool().size
        if size > rulings.MAX_SHIP_POOL_DICE:
            raise RulesError(f"'pool' must hold at most {rulings.MAX_SHIP_POOL_DICE} dice for a ship attack "
                             f"(got {size})", argument="pool")

    def __repr__(self) -> str:
        return dataclass_repr(self, ())

    # -- the pool ---------------------------------------------------------------
    def parts(self) -> tuple[tuple[str, str, int], ...]:
        """Where the extra dice come from: ``(source, "boon" or "bane", dice)``, zeros left out."""
        rows: list[tuple[str, str, int]] = []
        limited = min(self.limited_boon_dice, BOON_LIMIT)
        rows.append(("stations, orders, components, AI, tags, allies (Boon Limit 2)", "boon", limited))
        rows.append(("talents (outside the limit)", "boon", self.talent_boon_dice))
        if self.weapon.mount is Mount.FIXED:
            h = self.attacker.handling
            rows.append(("Handling (fixed weapon)", "boon" if h > 0 else "bane", abs(h)))
        rows.append((f"Deflection ({self.facing.value})", "bane", self.target.deflection_for(self.facing)))
        screen = self.target.screen
        bypassed = self.weapon.armor_bypass and self.rulings.armor_bypass_ignores_screen_dice
        if screen is not None and self.screens_active and screen.names(self.weapon) and not bypassed:
            rows.append(("screen", "bane", screen.bane_dice))
        ecm = self.target.ecm
        if ecm is not None and ecm.names(self.weapon):
            rows.append(("ECM", "bane", ecm.bane_dice))
        rows.append(("target evading", "bane", int(self.target_evading)))
        rows.append(("attacker evading", "bane", int(self.attacker_evading)))
        rows.append(("other", "bane", self.bane_dice))
        return tuple(r for r in rows if r[2])

    def pool(self) -> Pool:
        """The dice rolled: Gunnery check plus every source in :meth:`parts`."""
        boons = sum(n for _, kind, n in self.parts() if kind == "boon")
        banes = sum(n for _, kind, n in self.parts() if kind == "bane")
        return Pool.for_check(self.agility, self.gunnery, attack_difficulty(self.band),
                              boon_dice=boons, bane_dice=banes)

    @property
    def capped_boon_dice(self) -> int:
        """Limited Boon Dice the Boon Limit took away."""
        return max(0, self.limited_boon_dice - BOON_LIMIT)
