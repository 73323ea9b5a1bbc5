"""Step 3 of an attack: accuracy against difficulty, rolled as d6s keeping one.

Sources: "How an attack resolves" steps 1–4, "What adds accuracy", "What adds
difficulty". Every accuracy source adds dice, every difficulty source takes them
away; the net is rolled with :func:`voidref.cantor.rulings.dice_for_net`, one die
is kept, Grit is added and Impaired takes 2 off.

>>> kept_die(2)[6]
Fraction(11, 36)
>>> attack_total(1, grit=2).mean()
Fraction(11, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from voidref.cantor.kinds import Arc, Condition, Cover, Defense, Keep, Mount
from voidref.cantor.rulings import STANDARD, Rulings, check_rulings, dice_for_net
from voidref.cantor.units import Target, Weapon
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist

__all__ = [
    "Situation",
    "Source",
    "SWARM_CAP",
    "STUNNED_EVASION_CAP",
    "accuracy_sources",
    "difficulty_sources",
    "net_accuracy",
    "defense_value",
    "kept_die",
    "attack_total",
    "hit_chance",
    "taunt_applies",
]

SWARM_CAP = 3
"""Swarm adds at most this many dice ("What adds accuracy", Swarm)."""

STUNNED_EVASION_CAP = 5
"""A Stunned target's Evasion counts as at most this (step 1, "Defense")."""

REAR_DEFENSE_DROP = 2
"""An attack into the rear arc lowers the target's defense by this ("Flanking")."""

IMPAIRED_PENALTY = 2
"""An Impaired attacker's total is this much lower (step 3)."""

TAUNT_MIN_REACH = 5
"""Taunt reaches at least this many spaces ("Taunt")."""


@dataclass(frozen=True)
class Source:
    """One named accuracy or difficulty source and the dice it adds.

    >>> Source("Lock On", 1)
    Source(name='Lock On', dice=1)
    """

    name: str
    dice: int


@dataclass(frozen=True)
class Situation:
    """Where the attack happens and what the attacker brings to it.

    Args:
        distance: spaces from attacker to target (adjacent is 1).
        target_arc: which of the target's arcs the attack comes into.
        firing_arc: which of the attacker's own arcs it fires out of.
        cover: cover the target has from the attacker.
        adjacent_hostile: the attacker stands next to a hostile unit.
        disengaged: the attacker took Disengage (clears the engagement penalty).
        high_ground: fired from inside an elevated zone at a target outside it.
        swarm_allies: other friendly units already adjacent to the target.
        aura_bonus: hit bonus of an allied field the attacker stands in.
        bolstered: the attacker's Bolster is waiting on this attack.
        taunted_from: spaces from a Taunting enemy anchor (not the target) to the
            attacker, or ``None`` when no Taunt is on the attacker.
        capital_ship_mode: the attacker is a capital in ship mode (Taunt has no reach limit).
        grit: the attacker's Grit, added to the kept die.
        impaired: the attacker is Impaired (-2 to the total).
        aimed: the attacker Aimed last turn and has not broken it.
        graze: this is a Graze reaction (lands for half damage, no roll).
        extra_accuracy: any further accuracy dice a sheet grants.
        extra_difficulty: any further difficulty dice a sheet imposes.

    >>> Situation(distance=3, cover="soft").cover
    Cover.SOFT
    """

    distance: int = 1
    target_arc: Arc = Arc.FRONT
    firing_arc: Arc = Arc.FRONT
    cover: Cover = Cover.NONE
    adjacent_hostile: bool = False
    disengaged: bool = False
    high_ground: bool = False
    swarm_allies: int = 0
    aura_bonus: int = 0
    bolstered: bool = False
    taunted_from: int | None = None
    capital_ship_mode: bool = False
    grit: int = 0
    impaired: bool = False
    aimed: bool = False
    graze: bool = False
    extra_accuracy: int = 0
    extra_difficulty: int = 0

    def __post_init__(self) -> None:
        check_int("distance", self.distance, low=0, high=100)
        object.__setattr__(self, "target_arc", check_enum("target_arc", self.target_arc, Arc))
        object.__setattr__(self, "firing_arc", check_enum("firing_arc", self.firing_arc, Arc))
        object.__setattr__(self, "cover", check_enum("cover", self.cover, Cover))
        for name in ("adjacent_hostile", "disengaged", "high_ground", "bolstered", "capital_ship_mode",
                     "impaired", "aimed", "graze"):
            check_bool(name, getattr(self, name))
        check_int("swarm_allies", self.swarm_allies, low=0, high=8)
        check_int("aura_bonus", self.aura_bonus, low=0, high=5)
        if self.taunted_from is not None:
            check_int("taunted_from", self.taunted_from, low=0, high=100)
        check_int("grit", self.grit, low=-5, high=10)
        check_int("extra_accuracy", self.extra_accuracy, low=0, high=10)
        check_int("extra_difficulty", self.extra_difficulty, low=0, high=10)


def _check(weapon: Weapon, target: Target, situation: Situation) -> None:
    if not isinstance(weapon, Weapon):
        raise RulesError(f"'weapon' must be a Weapon (got {describe(weapon)})", argument="weapon")
    if not isinstance(target, Target):
        raise RulesError(f"'target' must be a Target (got {describe(target)})", argument="target")
    if not isinstance(situation, Situation):
        raise RulesError(f"'situation' must be a Situation (got {describe(situation)})", argument="situation")


def taunt_applies(weapon: Weapon, situation: Situation, *, rulings: Rulings = STANDARD) -> bool:
    """True when the attacker suffers Taunt's +2 ("Taunt").

    The Taunting anchor (not the target) must be within the greater of 5 spaces and
    the weapon's range of the attacker, or the attacker is a capital in ship mode.
    A melee attack pays it only under
    :attr:`Rulings.taunt_applies_to_melee <voidref.cantor.rulings.Rulings.taunt_applies_to_melee>`
    (ours; the card speaks of shooting).

    >>> from voidref.cantor.rulings import AS_PRINTED
    >>> blade, taunted = Weapon("Blade", damage="1d6", melee=True), Situation(taunted_from=3)
    >>> taunt_applies(blade, taunted), taunt_applies(blade, taunted, rulings=AS_PRINTED)
    (True, False)
    """
    check_rulings(rulings)
    if situation.taunted_from is None:
        return False
    if weapon.melee and not rulings.taunt_applies_to_melee:
        return False
    if situation.capital_ship_mode:
        return True
    return situation.taunted_from <= max(TAUNT_MIN_REACH, weapon.max_range)


def accuracy_sources(weapon: Weapon, target: Target, situation: Situation) -> tuple[Source, ...]:
    """Every accuracy source that applies, in the card's order ("What adds accuracy").

    >>> accuracy_sources(Weapon("Claws", damage="1d6", swarm=True), Target(conditions=["prone"]),
    ...                  Situation(target_arc="rear", swarm_allies=5))
    (Source(name='Prone target', dice=1), Source(name='Flanking (rear arc)', dice=1), Source(name='Swarm', dice=3))
    """
    _check(weapon, target, situation)
    out: list[Source] = []
    if target.has(Condition.LOCK_ON):
        out.append(Source("Lock On", 1))
    if situation.bolstered:
        out.append(Source("Bolster", 1))
    if target.has(Condition.PRONE):
        out.append(Source("Prone target", 1))
    if situation.high_ground and not weapon.melee:
        out.append(Source("High ground", 1))
    if situation.target_arc is Arc.SIDE:
        out.append(Source("Flanking (side arc)", 1))
    elif situation.target_arc is Arc.REAR:
        out.append(Source("Flanking (rear arc)", 1))
    if weapon.swarm and situation.swarm_allies:
        out.append(Source("Swarm", min(situation.swarm_allies, SWARM_CAP)))
    if situation.aura_bonus:
        out.append(Source("Friendly aura", situation.aura_bonus))
    if situation.extra_accuracy:
        out.append(Source("Other accuracy", situation.extra_accuracy))
    return tuple(out)


def _facing(weapon: Weapon, arc: Arc) -> int:
    if weapon.mount is Mount.BROADSIDE:
        return 0 if arc is Arc.SIDE else 3
    return {Arc.FRONT: 0, Arc.SIDE: 1, Arc.REAR: 2}[arc]


def difficulty_sources(weapon: Weapon, target: Target, situation: Situation, *,
                       rulings: Rulings = STANDARD) -> tuple[Source, ...]:
    """Every difficulty source that applies, in the card's order ("What adds difficulty").

    >>> difficulty_sources(Weapon("Gun", damage="1d6", max_range=8), Target(),
    ...                    Situation(distance=4, cover="hard", adjacent_hostile=True, firing_arc="side"))
    ... # doctest: +NORMALIZE_WHITESPACE
    (Source(name='Cover (hard)', dice=2), Source(name='Engagement', dice=1),
     Source(name='Own facing (side arc)', dice=1))
    """
    _check(weapon, target, situation)
    check_rulings(rulings)
    out: list[Source] = []
    if situation.cover is not Cover.NONE:
        out.append(Source(f"Cover ({situation.cover.value})", 1 if situation.cover is Cover.SOFT else 2))
    if not weapon.melee and situation.adjacent_hostile and not situation.disengaged:
        out.append(Source("Engagement", 1))
    facing = _facing(weapon, situation.firing_arc)
    if facing and (rulings.facing_applies_to_melee or not weapon.melee):
        label = "Broadside facing" if weapon.mount is Mount.BROADSIDE else "Own facing"
        out.append(Source(f"{label} ({situation.firing_arc.value} arc)", facing))
    if weapon.capital and target.size <= 1:
        out.append(Source("Capital vs. fighter", 2))
    if taunt_applies(weapon, situation, rulings=rulings):
        out.append(Source("Taunt", 2))
    if situation.extra_difficulty:
        out.append(Source("Other difficulty", situation.extra_difficulty))
    return tuple(out)


def net_accuracy(weapon: Weapon, target: Target, situation: Situation, *, rulings: Rulings = STANDARD) -> int:
    """Accuracy dice minus difficulty dice: the one number the attack rolls on (step 3)."""
    acc = sum(s.dice for s in accuracy_sources(weapon, target, situation))
    dif = sum(s.dice for s in difficulty_sources(weapon, target, situation, rulings=rulings))
    return acc - dif


def defense_value(weapon: Weapon, target: Target, situation: Situation, *, rulings: Rulings = STANDARD) -> int:
    """The number the attack total must reach (step 1, with Flanking's rear-arc drop).

    Tech and sonic go against E-Defense, the rest against Evasion; Stunned caps
    Evasion at 5 and the rear arc takes 2 off, in the order
    :attr:`Rulings.rear_drop_after_stunned_cap <voidref.cantor.rulings.Rulings.rear_drop_after_stunned_cap>` sets.

    >>> defense_value(Weapon("Gun", damage="1d6"), Target(evasion=9, conditions=["stunned"]),
    ...               Situation(target_arc="rear"))
    3
    """
    _check(weapon, target, situation)
    cap_first = check_rulings(rulings).rear_drop_after_stunned_cap
    drop = REAR_DEFENSE_DROP if situation.target_arc is Arc.REAR else 0
    if weapon.defense is Defense.E_DEFENSE:
        return target.e_defense - drop
    value = target.evasion if cap_first else target.evasion - drop
    if target.has(Condition.STUNNED):
        value = min(value, STUNNED_EVASION_CAP)
    return value - drop if cap_first else value


def kept_die(net: int, *, rulings: Rulings = STANDARD) -> Dist:
    """The distribution of the one die an attack keeps, for a net accuracy.

    Closed form: for *n* dice keeping the highest, ``P(kept <= k) = (k/6)**n``;
    keeping the lowest, ``P(kept >= k) = ((7-k)/6)**n``.

    >>> kept_die(1) == Dist.die(6)
    True
    """
    count, keep = dice_for_net(net, rulings=rulings)
    if not count:  # NetZero.NO_DICE: nothing rolled, the total is Grit alone
        return Dist.always(0)
    if keep is Keep.HIGHEST:
        weights = {k: k**count - (k - 1) ** count for k in range(1, 7)}
    else:
        weights = {k: (7 - k) ** count - (6 - k) ** count for k in range(1, 7)}
    return Dist.from_counts(weights, 6**count)


def attack_total(net: int, grit: int = 0, impaired: bool = False, *, rulings: Rulings = STANDARD) -> Dist:
    """The attack total: the kept die plus Grit, minus 2 if Impaired (step 3)."""
    check_int("grit", grit, low=-5, high=10)
    check_bool("impaired", impaired)
    shift = grit - (IMPAIRED_PENALTY if impaired else 0)
    return kept_die(net, rulings=rulings).map(lambda k: k + shift)


def hit_chance(net: int, defense: int, grit: int = 0, impaired: bool = False, invisible: bool = False, *,
               rulings: Rulings = STANDARD) -> Fraction:
    """Chance that the total reaches *defense*, after Invisible's 50 % miss (step 4).

    >>> hit_chance(1, defense=5, grit=1)
    Fraction(1, 2)
    >>> hit_chance(1, defense=5, grit=1, invisible=True)
    Fraction(1, 4)
    """
    check_int("defense", defense, low=-10, high=40)
    check_bool("invisible", invisible)
    p = attack_total(net, grit, impaired, rulings=rulings).prob(lambda t: t >= defense)
    return p / 2 if invisible else p
