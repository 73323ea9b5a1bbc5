"""Step 5 of an attack: from the damage dice to the damage that lands; and Blast.

Sources: "How an attack resolves" step 5, "Damage, in detail" (Blast N, Aim,
Sniper's mark). The order is fixed: roll (plus Aim and Sniper dice), fall-off past
optimal range, Exposed doubles, Armor comes off (not for AP or Shredded), Brace
halves (front arc only), then the min-1 floor for a hit.

>>> w = Weapon("Autocannon", damage="2d6", damage_type="kinetic", max_range=8)
>>> damage_from_roll(7, w, Target(armor=2), Situation(distance=6)).final
3
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.cantor.accuracy import Situation
from voidref.cantor.accuracy import _check as _check_setup
from voidref.cantor.kinds import Arc, Condition
from voidref.cantor.rulings import FALL_OFF, STANDARD, Rulings, blast_reaches, check_rulings, halve
from voidref.cantor.units import Target, Weapon
from voidref.errors import RulesError, check_bool, check_int, describe
from voidref.exact import Dist

__all__ = [
    "DamageSteps",
    "Bystander",
    "fall_off",
    "damage_roll",
    "damage_from_roll",
    "damage_on_hit",
    "damage_on_miss",
    "blast_damage",
    "blast_splash",
]


@dataclass(frozen=True)
class DamageSteps:
    """The damage figure after each part of step 5, for showing the working.

    ``hit`` is False for Reliable damage landing on a miss.
    """

    hit: bool
    rolled: int
    after_fall_off: int
    after_exposed: int
    after_armor: int
    after_brace: int
    final: int

    def explain(self) -> str:
        """One line of working, e.g. ``'rolled 7 → fall-off 5 → Exposed 5 → Armor 3 → Brace 3 → 3'``."""
        return (
            f"{'rolled' if self.hit else 'Reliable'} {self.rolled} → fall-off {self.after_fall_off} → "
            f"Exposed {self.after_exposed} → Armor {self.after_armor} → Brace {self.after_brace} → {self.final}"
        )


def fall_off(weapon: Weapon, distance: int) -> int:
    """Damage a hit loses at *distance*: 0 out to optimal range and for melee, else by type (step 5).

    >>> fall_off(Weapon("Laser", damage="1d6", damage_type="energy", max_range=9), 6)
    1
    """
    _check_weapon(weapon)
    check_int("distance", distance, low=0, high=100)
    if weapon.melee or distance <= weapon.optimal_range:
        return 0
    return FALL_OFF[weapon.damage_type]


def _check_weapon(weapon: object) -> None:
    if not isinstance(weapon, Weapon):
        raise RulesError(argument="weapon", expected="a Weapon", received=weapon)


def _aim_check(weapon: Weapon, situation: Situation) -> None:
    if situation.aimed and not weapon.can_aim:
        raise RulesError(f"'aimed' needs an Aimable or line-shaped weapon ({weapon.name!r} is neither)",
                         argument="aimed")


def damage_roll(weapon: Weapon, target: Target, situation: Situation) -> Dist:
    """The raw damage total: the weapon's dice, Aim's extra instance, Sniper dice on a Locked target.

    >>> damage_roll(Weapon("Lance", damage="1d6", mount="line", max_range=10), Target(), Situation(aimed=True)).mean()
    Fraction(7, 1)
    """
    _check_setup(weapon, target, situation)
    _aim_check(weapon, situation)
    roll = weapon.damage
    die = Dist.die(roll.sides)
    count = roll.count * (2 if situation.aimed else 1)
    total = die.repeat_sum(count)
    if weapon.sniper_dice and target.has(Condition.LOCK_ON):
        total = total + Dist.die(6).repeat_sum(weapon.sniper_dice)
    return total.map(lambda t: max(0, t + roll.bonus))


def _reduce(value: int, weapon: Weapon, target: Target, situation: Situation) -> tuple[int, int, int]:
    exposed = value * 2 if target.has(Condition.EXPOSED) else value
    if weapon.armor_piercing or target.has(Condition.SHREDDED):
        armored = exposed
    else:
        armored = max(0, exposed - target.armor)
    braced = halve(armored) if target.braced and situation.target_arc is Arc.FRONT else armored
    return exposed, armored, braced


def damage_from_roll(rolled: int, weapon: Weapon, target: Target, situation: Situation,
                     hit: bool = True, *, rulings: Rulings = STANDARD) -> DamageSteps:
    """Run step 5 on one raw damage total (for a miss, *rolled* is ignored and Reliable is used).

    Args:
        rolled: the raw damage total (see :func:`damage_roll`).
        weapon: the weapon fired.
        target: the unit hit.
        situation: distance, arcs and the Graze flag.
        hit: False for a miss (only Reliable damage lands, with no floor).
        rulings: its ``reliable_floors_a_hit`` decides whether Reliable floors a hit.
    """
    check_rulings(rulings)
    check_int("rolled", rolled, low=0, high=1000)
    _check_setup(weapon, target, situation)
    check_bool("hit", hit)
    if weapon.pure_control:
        return DamageSteps(hit, 0, 0, 0, 0, 0, 0)
    if not hit:
        value = weapon.reliable
        exposed, armored, braced = _reduce(value, weapon, target, situation)
        return DamageSteps(False, value, value, exposed, armored, braced, braced)
    loss = fall_off(weapon, situation.distance)
    after = max(rolled - loss, 1) if loss else rolled
    if rulings.reliable_floors_a_hit:
        after = max(after, weapon.reliable)
    if situation.graze:
        after = halve(after)
    exposed, armored, braced = _reduce(after, weapon, target, situation)
    return DamageSteps(True, rolled, after, exposed, armored, braced, max(braced, 1))


def damage_on_hit(weapon: Weapon, target: Target, situation: Situation, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of the damage a hit deals (before Overshield and HP).

    >>> damage_on_hit(Weapon("Pistol", damage="1d6"), Target(armor=3), Situation())[1]
    Fraction(2, 3)
    """
    return damage_roll(weapon, target, situation).map(
        lambda r: damage_from_roll(r, weapon, target, situation, rulings=rulings).final
    )


def damage_on_miss(weapon: Weapon, target: Target, situation: Situation, *, rulings: Rulings = STANDARD) -> int:
    """Damage a miss deals: Reliable N through Exposed, Armor and Brace, no floor (step 5).

    Reliable 1 into Armor 3 does nothing:

    >>> damage_on_miss(Weapon("Needler", damage="1d6", reliable=1), Target(armor=3), Situation())
    0
    """
    return damage_from_roll(0, weapon, target, situation, hit=False, rulings=rulings).final


def blast_damage(raw: int, armor: int, armor_piercing: bool = False, shredded: bool = False, *,
                 rulings: Rulings = STANDARD) -> int:
    """Splash on one unit near a Blast hit: half the raw damage minus its Armor, no floor ("Blast N").

    >>> blast_damage(9, armor=1), blast_damage(3, armor=2)
    (3, 0)
    """
    check_int("raw", raw, low=0, high=1000)
    check_int("armor", armor, low=0, high=20)
    check_bool("armor_piercing", armor_piercing)
    check_bool("shredded", shredded)
    half = halve(raw)
    if check_rulings(rulings).blast_respects_ap_and_shredded and (armor_piercing or shredded):
        return half
    return max(0, half - armor)


@dataclass(frozen=True)
class Bystander:
    """A unit or object near the target of a Blast weapon.

    Args:
        name: a label.
        distance: spaces from the target (1 is adjacent).
        armor: its own Armor.
        shredded: it is Shredded.
        attacker: it is the attacker (exempt).
        scenery: it is a scenery object (exempt).
    """

    name: str
    distance: int = 1
    armor: int = 0
    shredded: bool = False
    attacker: bool = False
    scenery: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"'name' must be a non-empty string (got {describe(self.name)})", argument="name")
        check_int("distance", self.distance, low=1, high=100)
        check_int("armor", self.armor, low=0, high=20)
        for flag in ("shredded", "attacker", "scenery"):
            check_bool(flag, getattr(self, flag))


def blast_splash(weapon: Weapon, raw: int, bystanders, *, rulings: Rulings = STANDARD) -> dict[str, int]:
    """Damage each bystander takes from a Blast hit whose raw damage total was *raw*.

    Friend and foe alike; the attacker and scenery are exempt and left out.

    >>> blast_splash(Weapon("Mortar", damage="2d6", blast=1, max_range=10), 8,
    ...              [Bystander("ally", armor=1), Bystander("foe"), Bystander("crate", scenery=True)])
    {'ally': 3, 'foe': 4}
    """
    _check_weapon(weapon)
    check_int("raw", raw, low=0, high=1000)
    if isinstance(bystanders, (str, bytes)) or not hasattr(bystanders, "__iter__"):
        raise RulesError(argument="bystanders", expected="a list of Bystander values", received=bystanders)
    out: dict[str, int] = {}
    for b in bystanders:
        if not isinstance(b, Bystander):
            raise RulesError(f"'bystanders' must hold Bystander values (got {describe(b)})", argument="bystanders")
        if b.attacker or b.scenery or not blast_reaches(b.distance, weapon.blast, rulings=rulings):
            continue
        out[b.name] = blast_damage(raw, b.armor, weapon.armor_piercing, b.shredded, rulings=rulings)
    return out
