"""The seven steps of a Cantor attack, in order, exactly or with given dice.

Source: "How an attack resolves" (steps 1–7), with the sources of "What adds
accuracy" and "What adds difficulty" and the tags of "Damage, in detail".

An :class:`Attack` bundles the weapon, the target and the situation.
:meth:`Attack.odds` gives the exact chance to hit and damage distribution;
:meth:`Attack.resolve` plays one attack with dice you supply, and
:meth:`Attack.roll` rolls those dice from a random source and plays it the same way.

>>> a = Attack(Weapon("Carbine", damage="1d6+1", max_range=8), Target(evasion=6), Situation(distance=3, grit=2))
>>> a.dice(), a.chance_to_hit()
((2, Keep.LOWEST), Fraction(1, 4))
>>> a.resolve(attack_dice=[4, 5], damage_dice=[5]).damage
6
>>> rolled = a.roll(random.Random(0))
>>> rolled.attack_dice, rolled.total, rolled.hit, rolled.damage_dice, rolled.damage
((4, 4), 6, True, (1,), 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from voidref.cantor.accuracy import (
    IMPAIRED_PENALTY,
    Situation,
    Source,
    accuracy_sources,
    defense_value,
    difficulty_sources,
    hit_chance,
)
from voidref.cantor.damage import (
    DamageSteps,
    damage_from_roll,
    damage_on_hit,
    damage_on_miss,
)
from voidref.cantor.kinds import Condition, Keep
from voidref.cantor.rulings import STANDARD, Rulings, check_rulings, dice_for_net, too_close
from voidref.cantor.units import DamageRoll, Target, Weapon
from voidref.errors import RulesError, check_bool, check_int, check_rng, describe
from voidref.exact import Dist
from voidref.kinds import Kind

__all__ = ["RangeCheck", "Attack", "AttackOdds", "AttackResult"]


class RangeCheck(Kind):
    """The outcome of step 2 ("Range + Engagement")."""

    IN_RANGE = "in range"
    """The attack goes ahead."""
    OUT_OF_RANGE = "out of range"
    """Farther than the weapon's Range, so no attack."""
    TOO_CLOSE = "TOO CLOSE"
    """Ordnance inside its Min Range is disarmed, so no attack."""


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of one attack.

    Args:
        range_check: step 2's verdict.
        net: net accuracy dice (0 when there is no attack).
        dice: how many d6 are rolled and which is kept.
        defense: the number to reach.
        chance_to_hit: probability of a hit (Invisible included).
        damage_on_hit: damage distribution given a hit.
        damage_on_miss: damage a miss deals (Reliable).
        damage: overall damage distribution (hits and misses).
    """

    range_check: RangeCheck
    net: int
    dice: tuple[int, Keep]
    defense: int
    chance_to_hit: Fraction
    damage_on_hit: Dist
    damage_on_miss: int
    damage: Dist


@dataclass(frozen=True)
class AttackResult:
    """One attack played out with given dice.

    Args:
        range_check: step 2's verdict.
        hit: True on a hit.
        total: the attack total (kept die + Grit, Impaired −2); None with no roll.
        defense: the defense it was compared with.
        damage: damage that lands (before Overshield and HP).
        steps: the working of step 5, or None when nothing lands.
        raw: the raw damage total rolled (Blast uses it).
        riders: statuses applied on the hit.
        burn: Burn added to the target.
        knockback: spaces the target is shoved.
        spent: what the attack used up (Lock On, Bolster, Aim).
        log: one line per step.
        attack_dice: the d6s of step 3 as given (or rolled), in order.
        damage_dice: the damage dice as given (or rolled) on a hit, in the order
            weapon dice, Aim's extra instance, Sniper dice; empty when nothing was rolled.
        invisible_miss: the Invisible target's 50 % miss came up (so the attack missed).
    """

    range_check: RangeCheck
    hit: bool
    total: int | None
    defense: int
    damage: int
    steps: DamageSteps | None
    raw: int
    riders: tuple[Condition, ...]
    burn: int
    knockback: int
    spent: tuple[str, ...]
    log: tuple[str, ...]
    attack_dice: tuple[int, ...] = ()
    damage_dice: tuple[int, ...] = ()
    invisible_miss: bool = False

    def __post_init__(self) -> None:
        for name in ("attack_dice", "damage_dice"):
            faces = getattr(self, name)
            if isinstance(faces, list):
                object.__setattr__(self, name, faces := tuple(faces))
            if not isinstance(faces, tuple):
                raise RulesError(argument=name, expected="a tuple of die faces", received=faces)
            for face in faces:
                check_int(name, face, low=1, high=_MOST_SIDES)
        check_bool("invisible_miss", self.invisible_miss)


@dataclass(frozen=True)
class Attack:
    """One attack: *weapon* fired at *target* in *situation*.

    >>> Attack(Weapon("Rocket", damage="2d6", max_range=10, min_range=3), Target(), Situation(distance=2)).range_check()
    RangeCheck.TOO_CLOSE
    """

    weapon: Weapon
    target: Target
    situation: Situation
    rulings: Rulings = field(default=STANDARD, kw_only=True)

    def __post_init__(self) -> None:
        check_rulings(self.rulings)
        if not isinstance(self.weapon, Weapon):
            raise RulesError(f"'weapon' must be a Weapon (got {describe(self.weapon)})", argument="weapon")
        if not isinstance(self.target, Target):
            raise RulesError(f"'target' must be a Target (got {describe(self.target)})", argument="target")
        if not isinstance(self.situation, Situation):
            raise RulesError(f"'situation' must be a Situation (got {describe(self.situation)})", argument="situation")
        if self.situation.aimed and not self.weapon.can_aim:
            raise RulesError(f"'aimed' needs an Aimable or line-shaped weapon ({self.weapon.name!r} is neither)",
                             argument="aimed")
        if self.situation.graze and not self.weapon.melee:
            raise RulesError(f"'graze' needs a melee weapon ({self.weapon.name!r} is ranged)", argument="graze")

    # -- steps 1 to 3 ---------------------------------------------------
    def defense(self) -> int:
        """Step 1: the defense to reach (Stunned cap, rear-arc drop)."""
        return defense_value(self.weapon, self.target, self.situation, rulings=self.rulings)

    def range_check(self) -> RangeCheck:
        """Step 2: out of range, TOO CLOSE, or in range."""
        d = self.situation.distance
        if d > self.weapon.max_range:
            return RangeCheck.OUT_OF_RANGE
        if self.weapon.min_range and too_close(d, self.weapon.min_range):
            return RangeCheck.TOO_CLOSE
        return RangeCheck.IN_RANGE

    def accuracy_sources(self) -> tuple[Source, ...]:
        """Step 3: the accuracy sources that apply."""
        return accuracy_sources(self.weapon, self.target, self.situation)

    def difficulty_sources(self) -> tuple[Source, ...]:
        """Step 3: the difficulty sources that apply."""
        return difficulty_sources(self.weapon, self.target, self.situation, rulings=self.rulings)

    def net(self) -> int:
        """Step 3: accuracy dice minus difficulty dice."""
        acc = sum(s.dice for s in self.accuracy_sources())
        return acc - sum(s.dice for s in self.difficulty_sources())

    def dice(self) -> tuple[int, Keep]:
        """Step 3: how many d6 to roll and which to keep (see :func:`voidref.cantor.rulings.dice_for_net`)."""
        return dice_for_net(self.net(), rulings=self.rulings)

    # -- exact odds ------------------------------------------------------
    def chance_to_hit(self) -> Fraction:
        """Step 4: exact chance of a hit (0 with no attack; 1 for a Graze)."""
        if self.range_check() is not RangeCheck.IN_RANGE:
            return Fraction(0)
        if self.situation.graze:
            return Fraction(1)
        return hit_chance(self.net(), self.defense(), self.situation.grit, self.situation.impaired,
                          self.target.has(Condition.INVISIBLE), rulings=self.rulings)

    def damage_on_hit(self) -> Dist:
        """Step 5: exact damage distribution given a hit."""
        return damage_on_hit(self.weapon, self.target, self.situation, rulings=self.rulings)

    def damage_on_miss(self) -> int:
        """Step 5: damage on a miss (Reliable, no floor); 0 when there is no attack."""
        if self.range_check() is not RangeCheck.IN_RANGE and not self.rulings.reliable_when_no_attack:
            return 0
        return damage_on_miss(self.weapon, self.target, self.situation, rulings=self.rulings)

    def damage(self) -> Dist:
        """Exact distribution of the damage that lands, hits and misses together."""
        p = self.chance_to_hit()
        outcome = Dist({True: p, False: 1 - p})
        miss = Dist.always(self.damage_on_miss())
        on_hit = self.damage_on_hit() if p else miss  # with p == 0 the hit branch is never taken
        return outcome.bind(lambda h: on_hit if h else miss)

    def odds(self) -> AttackOdds:
        """Everything :meth:`chance_to_hit` and the damage methods know, in one value."""
        in_range = self.range_check() is RangeCheck.IN_RANGE
        return AttackOdds(
            self.range_check(),
            self.net() if in_range else 0,
            self.dice() if in_range else (0, Keep.HIGHEST),
            self.defense(),
            self.chance_to_hit(),
            self.damage_on_hit(),
            self.damage_on_miss(),
            self.damage(),
        )

    # -- one attack with given dice ---------------------------------------
    def roll(self, rng: random.Random) -> AttackResult:
        """Roll the attack's dice from *rng* and play the seven steps with them, as :meth:`resolve` does.

        The accuracy d6s (as many as :meth:`dice` says; none for a Graze or
        when there is no attack), the Invisible target's 50 % miss (a fair
        coin, only against an Invisible target), and on a hit the damage dice
        (the weapon's, Aim's extra instance, Sniper dice on a Locked target).
        The faces are in the result's ``attack_dice`` and ``damage_dice``.

        Args:
            rng: the source of the dice: ``random.SystemRandom()`` at the table,
                ``random.Random(seed)`` to replay an attack.

        >>> shot = Attack(Weapon("Pistol", damage="1d6"), Target(evasion=4), Situation(distance=1))
        >>> result = shot.roll(random.Random(1))
        >>> result.attack_dice, result.hit, result.damage_dice, result.damage
        ((2, 5), False, (), 0)
        """
        check_rng("rng", rng)
        if self.range_check() is not RangeCheck.IN_RANGE:
            return self.resolve()
        attack_dice: tuple[int, ...] = ()
        invisible_miss = False
        if self.situation.graze:
            hit = True
        else:
            count, _ = self.dice()
            attack_dice = tuple(rng.randint(1, 6) for _ in range(count))
            if self.target.has(Condition.INVISIBLE):
                invisible_miss = rng.choice((True, False))
            hit = self._hits(self._kept_total(attack_dice)[1], invisible_miss)
        damage_dice: list[int] = []
        if hit:
            count, sides, extra = self._damage_dice()
            damage_dice = [rng.randint(1, sides) for _ in range(count)] + [rng.randint(1, 6) for _ in range(extra)]
        return self.resolve(attack_dice, damage_dice, invisible_miss)

    def resolve(self, attack_dice=(), damage_dice=(), invisible_miss: bool = False) -> AttackResult:
        """Play the seven steps with the dice you rolled.

        Args:
            attack_dice: the d6s of step 3 (exactly as many as :meth:`dice` says;
                none for a Graze or an attack that never happens).
            damage_dice: every damage die in the order weapon dice, Aim's extra
                instance, Sniper dice (none needed on a miss).
            invisible_miss: the Invisible target's 50 % miss came up.

        Raises:
            voidref.errors.RulesError: the wrong number of dice, or a die off its faces.
        """
        check_bool("invisible_miss", invisible_miss)
        attack_dice = _dice_list("attack_dice", attack_dice, 6)
        if isinstance(damage_dice, (str, bytes)) or not hasattr(damage_dice, "__iter__"):
            raise RulesError(argument="damage_dice", expected="a list of die results", received=damage_dice)
        check = self.range_check()
        defense = self.defense()
        log = [f"1 Defense: {defense} ({self.weapon.defense.value})"]
        if check is not RangeCheck.IN_RANGE:
            if attack_dice:
                raise RulesError(f"'attack_dice' must be empty: the attack is {check.value} (got {attack_dice})",
                                 argument="attack_dice")
            log.append(f"2 Range: {check.value}; no attack")
            if self.rulings.reliable_when_no_attack and self.weapon.reliable:
                steps = damage_from_roll(0, self.weapon, self.target, self.situation, hit=False, rulings=self.rulings)
                log.append(f"5 {steps.explain()}")
                return AttackResult(check, False, None, defense, steps.final, steps, 0, (), 0, 0, (), tuple(log))
            return AttackResult(check, False, None, defense, 0, None, 0, (), 0, 0, (), tuple(log))
        log.append(f"2 Range: {self.situation.distance} of {self.weapon.max_range}, in range")
        spent = self._spent()
        if self.situation.graze:
            if attack_dice:
                raise RulesError(f"'attack_dice' must be empty for a Graze (got {attack_dice})", argument="attack_dice")
            total, hit = None, True
            log.append("3–4 Graze: no roll, it lands")
        else:
            count, keep = self.dice()
            if len(attack_dice) != count:
                raise RulesError(f"'attack_dice' must hold {count} dice for net {self.net()} (got {len(attack_dice)})",
                                 argument="attack_dice")
            kept, total = self._kept_total(attack_dice)
            if count:
                log.append(f"3 Net {self.net():+d}: {count}d6 keep {keep.value} {attack_dice} → {kept}; total {total}")
            else:
                log.append(f"3 Net {self.net():+d}: no dice (net_zero={self.rulings.net_zero.value}); total {total}")
            hit = self._hits(total, invisible_miss)
            invisible_miss = invisible_miss and self.target.has(Condition.INVISIBLE)
            if invisible_miss:
                log.append("4 Invisible: the 50% miss comes up")
            else:
                log.append(f"4 {'Hit' if hit else 'Miss'}: {total} vs {defense}")
        if not hit:
            if damage_dice:
                raise RulesError(f"'damage_dice' must be empty on a miss (got {describe(list(damage_dice))})",
                                 argument="damage_dice")
            steps = damage_from_roll(0, self.weapon, self.target, self.situation, hit=False, rulings=self.rulings)
            if self.weapon.reliable:
                log.append(f"5 {steps.explain()}")
            return AttackResult(check, False, total, defense, steps.final, steps if self.weapon.reliable else None,
                                0, (), 0, 0, spent, tuple(log), tuple(attack_dice), (), invisible_miss)
        raw = self._raw(damage_dice)
        steps = damage_from_roll(raw, self.weapon, self.target, self.situation, rulings=self.rulings)
        log.append(f"5 {steps.explain()}")
        riders = self.weapon.on_hit
        return AttackResult(check, True, total, defense, steps.final, steps, raw, riders,
                            self.weapon.burn, self.weapon.knockback, spent, tuple(log),
                            tuple(attack_dice), tuple(damage_dice))

    def _kept_total(self, attack_dice) -> tuple[int, int]:
        """Step 3 on checked dice: the die kept and the attack total (kept die + Grit, Impaired -2)."""
        count, keep = self.dice()
        kept = 0 if not count else max(attack_dice) if keep is Keep.HIGHEST else min(attack_dice)
        return kept, kept + self.situation.grit - (IMPAIRED_PENALTY if self.situation.impaired else 0)

    def _hits(self, total: int, invisible_miss: bool) -> bool:
        """Step 4: the total reaches the defense, unless an Invisible target's 50 % miss came up."""
        if self.target.has(Condition.INVISIBLE) and invisible_miss:
            return False
        return total >= self.defense()

    def _damage_dice(self) -> tuple[int, int, int]:
        """The damage dice a hit rolls: how many of the weapon's dice (Aim doubles them), their sides, Sniper d6s."""
        roll = self.weapon.damage
        count = roll.count * (2 if self.situation.aimed else 1)
        extra = self.weapon.sniper_dice if self.target.has(Condition.LOCK_ON) else 0
        return count, roll.sides, extra

    def _spent(self) -> tuple[str, ...]:
        spent = []
        if self.target.has(Condition.LOCK_ON):
            spent.append("Lock On")
        if self.situation.bolstered:
            spent.append("Bolster")
        if self.situation.aimed:
            spent.append("Aim")
        return tuple(spent)

    def _raw(self, damage_dice) -> int:
        roll = self.weapon.damage
        count, _, extra = self._damage_dice()
        dice = list(damage_dice)
        if len(dice) != count + extra:
            raise RulesError(f"'damage_dice' must hold {count + extra} dice (got {len(dice)})", argument="damage_dice")
        _dice_list("damage_dice", dice[:count], roll.sides)
        _dice_list("damage_dice", dice[count:], 6)
        # the same sum voidref.cantor.damage.damage_roll distributes: that function is the exact twin of this one
        return max(0, sum(dice) + roll.bonus)


_MOST_SIDES = max(DamageRoll.SIDES)
"""The most sides a die of an attack can have (a damage die; the accuracy dice are d6s)."""


def _dice_list(name: str, dice, sides: int) -> list[int]:
    if isinstance(dice, (str, bytes)) or not hasattr(dice, "__iter__"):
        raise RulesError(f"{name!r} must be a list of die results (got {describe(dice)})", argument=name)
    out = list(dice)
    for d in out:
        check_int(name, d, low=1, high=sides)
    return out
