"""Exact odds of a ship attack, from the target's current state.

Restates the sums of "Ship Damage" as exact distributions: for one
:class:`~voidref.drifters.ships.pool.ShipAttack`, the pool, the chance to
hit, the distributions of Hull Damage and System Damage (0 on a miss), the
chance a Critical Hit is available, and the chances the target ends
destroyed or out of control.

How: the pool's exact joint distribution of (net Successes, net Boons,
Breakthroughs, Calamities) comes from :meth:`voidref.drifters.dice.Pool.distribution`;
each outcome is then resolved once with the damage rules of
:mod:`~voidref.drifters.ships.damage`. The tests check it against rolling
out every combination of faces for small pools.

>>> from voidref.drifters.ships.example import AUTOCANNON, EMBER_DRIFT, CM_440_CUTTER
>>> from voidref.drifters.ships.pool import ShipAttack
>>> shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium")
>>> odds = attack_odds(shot)
>>> odds.pool
Pool(ability=2, mastery=2, trial=2)
>>> odds.hit
Fraction(117775, 147456)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from voidref.drifters.dice import CheckOutcome, Pool
from voidref.drifters.ships import rulings
from voidref.drifters.ships.damage import ShipStanding, critical_hit_available, resolve_hit, useful_bypass_boons
from voidref.drifters.ships.pool import ShipAttack
from voidref.errors import RulesError, check_bool, check_enum, describe
from voidref.exact import Dist
from voidref.kinds import Kind

__all__ = ["BoonUse", "Resolution", "ShipAttackOdds", "attack_odds", "resolve_outcome"]


class BoonUse(Kind):
    """What the attacker does with Boons before a Critical Hit is checked."""

    KEEP = "keep"
    """Spend no Boons on Armor; every Boon counts toward a Critical Hit."""
    ARMOR = "armor"
    """Spend Boons in pairs to bypass Armor while it still helps; the rest count toward a Critical Hit."""


@dataclass(frozen=True)
class Resolution:
    """One rolled outcome, resolved: the quantities the odds are taken over."""

    hit: bool
    hull_damage: int
    system_damage: int
    critical_hit: bool
    jam: bool


def resolve_outcome(attack: ShipAttack, outcome: CheckOutcome, *, boon_use: BoonUse | str = BoonUse.KEEP,
                    target_out_of_control: bool = False) -> Resolution:
    """Resolve one rolled *outcome* of *attack* with the rules of "Ship Damage".

    >>> from voidref.drifters.ships.example import AUTOCANNON, EMBER_DRIFT, CM_440_CUTTER
    >>> shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium", boost=2)
    >>> resolve_outcome(shot, CheckOutcome(2, 2, 0, 0), boon_use="armor")
    Resolution(hit=True, hull_damage=6, system_damage=0, critical_hit=False, jam=False)
    """
    if not isinstance(attack, ShipAttack):
        raise RulesError(f"'attack' must be a ShipAttack (got {describe(attack)})", argument="attack")
    if not isinstance(outcome, CheckOutcome):
        raise RulesError(f"'outcome' must be a CheckOutcome (got {describe(outcome)})", argument="outcome")
    boon_use = check_enum("boon_use", boon_use, BoonUse)
    check_bool("target_out_of_control", target_out_of_control)
    return _resolver(attack, boon_use, target_out_of_control)(outcome)


def _resolver(attack: ShipAttack, boon_use: BoonUse, out_of_control: bool):
    weapon, target = attack.weapon, attack.target

    def resolve(o: CheckOutcome) -> Resolution:
        jam = -o.boons >= rulings.JAM_BANES
        if o.successes < 1:
            return Resolution(False, 0, 0, False, jam)
        boons = max(0, o.boons)
        spent = useful_bypass_boons(weapon, target, boons) if boon_use is BoonUse.ARMOR else 0
        hit = resolve_hit(weapon, target, o.successes, boost=attack.boost, bypass_boons=spent,
                          screens_active=attack.screens_active, rulings=attack.rulings)
        crit = critical_hit_available(o, weapon, hit, boons_left=boons - spent, out_of_control=out_of_control)
        return Resolution(True, hit.hull_damage, hit.system_damage, crit, jam)

    return resolve


@functools.lru_cache(maxsize=256)
def _distribution(pool: Pool) -> Dist:
    return pool.distribution()


@dataclass(frozen=True)
class ShipAttackOdds:
    """The exact odds of one ship attack (see :func:`attack_odds`)."""

    attack: ShipAttack
    standing: ShipStanding
    boon_use: BoonUse
    outcomes: Dist
    """Joint distribution over :class:`Resolution`."""

    @property
    def pool(self) -> Pool:
        """The dice rolled."""
        return self.attack.pool()

    @property
    def hit(self) -> Fraction:
        """Chance of at least 1 net Success."""
        return self.outcomes.prob(lambda r: r.hit)

    @property
    def hull_damage(self) -> Dist:
        """Distribution of Hull Damage dealt (0 on a miss)."""
        return self.outcomes.map(lambda r: r.hull_damage)

    @property
    def system_damage(self) -> Dist:
        """Distribution of System Damage dealt (0 on a miss)."""
        return self.outcomes.map(lambda r: r.system_damage)

    @property
    def critical_hit(self) -> Fraction:
        """Chance a Critical Hit is available (Crit-rating Boons or a Breakthrough on a damaging hit, or automatic)."""
        return self.outcomes.prob(lambda r: r.critical_hit)

    @property
    def jam(self) -> Fraction:
        """Chance of enough Banes to jam the weapon (ruling :data:`~voidref.drifters.ships.rulings.JAM_BANES`)."""
        return self.outcomes.prob(lambda r: r.jam)

    @property
    def destroyed(self) -> Fraction:
        """Chance the target's Hull Damage reaches its Hull Points after this attack."""
        hp, taken = self.attack.target.hull_points, self.standing.hull_damage
        return self.outcomes.prob(lambda r: taken + r.hull_damage >= hp)

    @property
    def out_of_control(self) -> Fraction | None:
        """Chance the target's System Damage reaches its System Points; ``None`` if it lists none."""
        sp = self.attack.target.system_points
        if sp is None:
            return None
        taken = self.standing.system_damage
        return self.outcomes.prob(lambda r: taken + r.system_damage >= sp)


def attack_odds(attack: ShipAttack, standing: ShipStanding | None = None, *,
                boon_use: BoonUse | str = BoonUse.KEEP) -> ShipAttackOdds:
    """The exact odds of *attack* against a target that has taken *standing* so far.

    *boon_use* says whether Boons go on bypassing Armor first
    (:attr:`BoonUse.ARMOR`) or are all kept for a Critical Hit
    (:attr:`BoonUse.KEEP`). A target already out of control takes a Critical
    Hit on every hit.
    """
    if not isinstance(attack, ShipAttack):
        raise RulesError(f"'attack' must be a ShipAttack (got {describe(attack)})", argument="attack")
    standing = ShipStanding() if standing is None else standing
    if not isinstance(standing, ShipStanding):
        raise RulesError(f"'standing' must be a ShipStanding (got {describe(standing)})", argument="standing")
    boon_use = check_enum("boon_use", boon_use, BoonUse)
    resolve = _resolver(attack, boon_use, standing.out_of_control(attack.target))
    # Many rolled outcomes resolve alike: fold them first, so each kind is resolved once.
    folded = _distribution(attack.pool()).map(_fold)
    return ShipAttackOdds(attack, standing, boon_use, folded.map(resolve))


def _fold(o: CheckOutcome) -> CheckOutcome:
    """Keep only what the damage rules read.

    A miss's Successes, Banes past the jam cost and extra Breakthroughs do not matter.
    """
    if o.successes < 1:
        return CheckOutcome(0, min(0, max(o.boons, -rulings.JAM_BANES)), 0, 0)
    return CheckOutcome(o.successes, max(o.boons, -rulings.JAM_BANES), min(o.breakthroughs, 1), 0)
