"""Damage, armour soak, wounds and hit points.

Source sections: "Armor and Damage Mechanics" (Damage Application, Damage
Types, Special Effects, Wound Penalties) and "Armor Soak Clarification".

* roll the weapon's damage (+1d4 on a Critical Hit);
* armour soaks its full AV against Physical damage, half (rounded down) against Energy;
* at least 1 damage always gets through;
* worn armour stacks, but personal AV stops at 12.

>>> after_soak(10, armor_value=6, damage_type="physical")
4
>>> after_soak(12, armor_value=6, damage_type="energy")
9
>>> DamageRoll.parse("2d6+1")
DamageRoll(2, bonus=1)

Rolled at the table, with every face kept:

>>> roll_hit_damage("2d6", 4, "physical", random.Random(0))
DamageResult(faces=(4, 4), critical_die=None, rolled=8, hp_lost=4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from voidref.dice_notation import DiceNotation
from voidref.errors import RulesError, check_bool, check_enum, check_int, check_rng, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.pirates.actions import ActionRoll, Outcome
from voidref.pirates.opposed import Contest, opposed_distribution
from voidref.pirates.rulings import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    MAX_DICE,
    STANDARD,
    WOUND_BANDS,
    Rulings,
    check_rulings,
)
from voidref.pirates.rulings import attribute_modifier as _atmod

__all__ = [
    "DamageType",
    "PERSONAL_AV_CAP",
    "AV_LIMIT",
    "MINIMUM_DAMAGE",
    "CRITICAL_DIE",
    "STUN_TN",
    "PARTIAL_DAMAGE_SHARE",
    "MAX_DICE_FACES",
    "FIRE_DAMAGE",
    "ongoing_damage_distribution",
    "WORST_WOUND_PENALTY",
    "DamageRoll",
    "soak",
    "after_soak",
    "stack_armor",
    "hit_damage",
    "DamageResult",
    "roll_hit_damage",
    "hit_distribution",
    "attack_distribution",
    "attack_vs_tn_distribution",
    "max_hp",
    "wound_penalty",
    "stun_roll",
    "stun_odds",
]

PERSONAL_AV_CAP = 12
"""Most AV a character can wear, however many pieces stack (source "Armor Soak Clarification")."""

AV_LIMIT = 200
"""Largest AV accepted (ships' armour is not capped at 12)."""

MINIMUM_DAMAGE = 1
"""Damage that gets through on every hit, even if armour soaks it all."""

CRITICAL_DIE: Dist = Dist.die(4)
"""The extra die a Critical Hit adds to the weapon's damage."""

WORST_WOUND_PENALTY = -10
"""Penalty below a tenth of Max HP (source "Wound Penalties")."""

MAX_DICE_FACES = 600
"""Cap on count x sides of one damage roll, so no request takes long to compute."""

FIRE_DAMAGE: Dist = Dist.die(6)
"""Fire damage, 1d6 each round until put out (the pattern for other ongoing harm)."""

STUN_TN = 15
"""TN of the AGL Action Roll that shakes off Stun (source "Special Effects")."""

PARTIAL_DAMAGE_SHARE = Fraction(1, 2)
"""Share of the weapon's roll a partial hit deals (an opposed tie or TN - 1), rounded down.

**Source:** an opposed tie is a partial success for the attacker (or whoever
started it), and the one example given of such a partial is half damage,
rounded down, with a complication (a jammed weapon, an alarm, a knockdown).
A partial against a fixed TN gets no damage rule of its own.

**We chose:** every partial hit deals half the weapon's roll, rounded down,
still at least 1 once armour has soaked its share (whether the halving comes
before the soak is a switch of its own); the complication is left to the GM.

**Why:** the example is the only measure of a partial hit the source gives,
and the same share on every partial keeps a tie and a TN - 1 alike. A
complication is narration, which the engine cannot roll.
"""


class DamageType(Kind):
    """How armour treats a hit (source "Damage Types")."""

    PHYSICAL = "physical"
    """Projectiles, melee, blades, ramming — the full AV soaks."""
    ENERGY = "energy"
    """Lasers, vibro weapons, shock — half the AV (rounded down) soaks."""


@dataclass(frozen=True, repr=False, kw_only=True)
class DamageRoll(DiceNotation):
    """A damage roll: ``count`` dice of ``sides`` faces, plus ``bonus``, times ``multiplier``.

    ``DamageRoll.parse("12d6")`` is the KV-220B's autocannons; ``"2d6x3"`` a
    Hauler's ram. At most :data:`~voidref.pirates.rulings.MAX_DICE` dice.
    """

    multiplier: int = 1

    EXAMPLES = "'2d6', '3d6+2' or '2d6x3'"
    COUNTS = (1, MAX_DICE)
    MULTIPLIED = True

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int("multiplier", self.multiplier, low=1, high=20)
        if self.count * self.sides > MAX_DICE_FACES:
            raise RulesError(f"'dice' must have count x sides of at most {MAX_DICE_FACES} "
                             f"(got {self.count}d{self.sides})", argument="dice")

    def distribution(self) -> Dist:
        """Exact distribution of the rolled damage (never below 0)."""
        return Dist.die(self.sides).repeat_sum(self.count).map(self._damage)

    def _damage(self, dice_sum: int) -> int:
        """The damage of a roll whose dice add up to *dice_sum*: plus the bonus, times the multiplier, never below 0."""
        return max(0, (dice_sum + self.bonus) * self.multiplier)


def _check_av(armor_value: int) -> int:
    return check_int("armor_value", armor_value, low=0, high=AV_LIMIT)


def soak(armor_value: int, damage_type: DamageType | str) -> int:
    """How much of a hit the armour absorbs: the AV, or half of it (down) against Energy.

    >>> soak(7, "energy")
    3
    """
    av = _check_av(armor_value)
    kind = check_enum("damage_type", damage_type, DamageType)
    return av if kind is DamageType.PHYSICAL else av // 2


def after_soak(damage: int, armor_value: int, damage_type: DamageType | str) -> int:
    """Damage that reaches HP: rolled damage minus the soak, at least 1 (source "Damage Application")."""
    check_int("damage", damage, low=0, high=100_000)
    return max(MINIMUM_DAMAGE, damage - soak(armor_value, damage_type))


def stack_armor(*pieces: int) -> int:
    """Total personal AV of worn pieces, capped at 12.

    >>> stack_armor(6, 4)
    10
    >>> stack_armor(6, 4, 5)
    12
    """
    for i, p in enumerate(pieces):
        check_int(f"pieces[{i}]", p, low=0, high=AV_LIMIT)
    return min(PERSONAL_AV_CAP, sum(pieces))


def hit_damage(rolled: int, armor_value: int, damage_type: DamageType | str, partial: bool = False, *,
               rulings: Rulings = STANDARD) -> int:
    """HP lost from one hit with a known damage roll.

    A partial hit halves the roll before the soak, or what gets through after
    it (:attr:`~voidref.pirates.rulings.Rulings.partial_halves_before_soak`).

    >>> hit_damage(9, 2, "physical", partial=True), hit_damage(9, 2, "physical", partial=True,
    ...                                                        rulings=Rulings(partial_halves_before_soak=False))
    (2, 3)
    """
    check_int("rolled", rolled, low=0, high=100_000)
    check_bool("partial", partial)
    check_rulings(rulings)
    if not partial:
        return after_soak(rolled, armor_value, damage_type)
    if rulings.partial_halves_before_soak:
        return after_soak(int(rolled * PARTIAL_DAMAGE_SHARE), armor_value, damage_type)
    return max(MINIMUM_DAMAGE, int(after_soak(rolled, armor_value, damage_type) * PARTIAL_DAMAGE_SHARE))


@dataclass(frozen=True)
class DamageResult:
    """One hit's damage as rolled by :func:`roll_hit_damage`: every face, the raw damage and the HP it costs.

    Args:
        faces: the weapon's damage dice, in the order they came.
        critical_die: the d4 a Critical Hit adds, or ``None`` on an ordinary hit.
        rolled: the raw damage: the faces plus the bonus, times the multiplier
            (never below 0), plus the d4.
        hp_lost: HP lost once armour has soaked its share, as :func:`hit_damage` reads *rolled*.

    >>> DamageResult(faces=(6, 2), critical_die=3, rolled=11, hp_lost=5)
    DamageResult(faces=(6, 2), critical_die=3, rolled=11, hp_lost=5)
    """

    faces: tuple[int, ...]
    critical_die: int | None
    rolled: int
    hp_lost: int

    def __post_init__(self) -> None:
        if isinstance(self.faces, list):
            object.__setattr__(self, "faces", tuple(self.faces))
        if not isinstance(self.faces, tuple) or not 1 <= len(self.faces) <= MAX_DICE:
            raise RulesError(argument="faces", expected=f"a tuple of 1 to {MAX_DICE} die faces", received=self.faces)
        for face in self.faces:
            check_int("faces", face, low=1, high=max(DamageRoll.SIDES))
        if self.critical_die is not None:
            check_int("critical_die", self.critical_die, low=1, high=max(CRITICAL_DIE))
        check_int("rolled", self.rolled, low=0, high=100_000)
        check_int("hp_lost", self.hp_lost, low=0, high=100_000)


def roll_hit_damage(
    dice: DamageRoll | str,
    armor_value: int,
    damage_type: DamageType | str,
    rng: random.Random,
    *,
    critical: bool = False,
    partial: bool = False,
    rulings: Rulings = STANDARD,
) -> DamageResult:
    """Roll one hit's damage from *rng* (+1d4 if *critical*) and read it through armour with :func:`hit_damage`.

    :func:`hit_distribution` gives the exact odds of the same ``hp_lost``.

    Args:
        dice: the weapon's damage (a :class:`DamageRoll` or text such as ``"2d6+1"``).
        armor_value: the target's AV.
        damage_type: Physical or Energy.
        rng: the source of the dice: ``random.SystemRandom()`` at the table,
            ``random.Random(seed)`` to replay a roll.
        critical: a Critical Hit, which adds a d4.
        partial: a partial hit (half the roll).
        rulings: the :class:`~voidref.pirates.rulings.Rulings` in force.

    >>> roll_hit_damage("2d6", 6, "energy", random.Random(5), critical=True)
    DamageResult(faces=(5, 3), critical_die=3, rolled=11, hp_lost=8)
    """
    roll = DamageRoll.parse(dice)
    _check_av(armor_value)
    kind = check_enum("damage_type", damage_type, DamageType)
    check_bool("critical", critical)
    check_bool("partial", partial)
    check_rulings(rulings)
    check_rng("rng", rng)
    faces = tuple(rng.randint(1, roll.sides) for _ in range(roll.count))
    extra = rng.randint(1, max(CRITICAL_DIE)) if critical else None
    rolled = roll._damage(sum(faces)) + (extra or 0)
    return DamageResult(faces, extra, rolled, hit_damage(rolled, armor_value, kind, partial, rulings=rulings))


def hit_distribution(
    dice: DamageRoll | str,
    armor_value: int,
    damage_type: DamageType | str,
    critical: bool = False,
    partial: bool = False,
    *,
    rulings: Rulings = STANDARD,
) -> Dist:
    """Exact distribution of HP lost from one hit (weapon dice, +1d4 if *critical*, soak, minimum 1).

    >>> hit_distribution("2d6", 6, "physical")[1]
    Fraction(7, 12)
    """
    d = DamageRoll.parse(dice).distribution()
    _check_av(armor_value)
    kind = check_enum("damage_type", damage_type, DamageType)
    check_bool("critical", critical)
    check_bool("partial", partial)
    if critical:
        d = d + CRITICAL_DIE
    return d.map(lambda r: hit_damage(r, armor_value, kind, partial, rulings=rulings))


def attack_distribution(
    attacker: ActionRoll,
    defender: ActionRoll,
    dice: DamageRoll | str,
    armor_value: int,
    damage_type: DamageType | str,
    *,
    rulings: Rulings = STANDARD,
) -> Dist:
    """Exact distribution of HP lost by the defender from one opposed attack (0 = no hit).

    Win: full damage (+1d4 on a Critical Hit, which a natural 18 always is
    under :data:`~voidref.pirates.rulings.STANDARD`); tie: a partial hit (half
    the roll); loss: nothing. Source "Opposed Rolls" and "Damage Application".
    """
    hits = {
        (Contest.WIN, False): hit_distribution(dice, armor_value, damage_type),
        (Contest.WIN, True): hit_distribution(dice, armor_value, damage_type, critical=True),
        (Contest.TIE, False): hit_distribution(dice, armor_value, damage_type, partial=True, rulings=rulings),
    }
    contests = opposed_distribution(attacker, defender, rulings=rulings).map(lambda r: (r.contest, r.critical))
    return contests.bind(lambda key: hits.get(key, Dist.always(0)))


def attack_vs_tn_distribution(
    attacker: ActionRoll,
    target_number: int,
    dice: DamageRoll | str,
    armor_value: int,
    damage_type: DamageType | str,
    *,
    rulings: Rulings = STANDARD,
) -> Dist:
    """Like :func:`attack_distribution`, against a fixed TN: a partial (TN - 1) is a half-damage hit.

    A natural 18 is a Critical Hit whatever the TN unless
    :attr:`~voidref.pirates.rulings.Rulings.natural_18_attack_hits` is off.
    """
    if not isinstance(attacker, ActionRoll):
        raise RulesError(f"'attacker' must be an ActionRoll (got {describe(attacker)})", argument="attacker")
    results = attacker.against(target_number, attack=True, rulings=rulings).map(lambda r: (r.outcome, r.critical))
    hits = {
        (Outcome.FULL, False): hit_distribution(dice, armor_value, damage_type),
        (Outcome.FULL, True): hit_distribution(dice, armor_value, damage_type, critical=True),
        (Outcome.PARTIAL, False): hit_distribution(dice, armor_value, damage_type, partial=True, rulings=rulings),
    }
    return results.bind(lambda key: hits.get(key, Dist.always(0)))


def max_hp(health: int, adjustment: int = 0) -> int:
    """Maximum HP: twice the Health (HLTH) score, plus any gear or cybernetic *adjustment*.

    >>> max_hp(11)
    22
    """
    check_int("health", health, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    check_int("adjustment", adjustment, low=-100, high=100)
    return max(1, 2 * health + adjustment)


def wound_penalty(current_hp: int, max_hp: int, *, rulings: Rulings = STANDARD) -> int:
    """Penalty to every Action Roll for the share of HP left (source "Wound Penalties").

    See :data:`~voidref.pirates.rulings.WOUND_BANDS` for the edges. Only the
    current band counts, unless
    :attr:`~voidref.pirates.rulings.Rulings.wound_penalties_stack` adds every band passed.

    >>> [wound_penalty(hp, 20) for hp in (11, 10, 5, 4, 2, 1)]
    [0, -2, -2, -5, -5, -10]
    >>> wound_penalty(1, 20, rulings=Rulings(wound_penalties_stack=True))
    -17
    """
    check_int("max_hp", max_hp, low=1, high=100_000)
    check_int("current_hp", current_hp, low=-100_000, high=max_hp)
    check_rulings(rulings)
    share = Fraction(current_hp, max_hp)
    top_low, top_penalty = WOUND_BANDS[0]
    if share > top_low:
        return top_penalty
    # Penalties of the bands from the top down to the one this share sits in.
    passed = [penalty for _, penalty in WOUND_BANDS[1:]]
    for i, (low, _) in enumerate(WOUND_BANDS[1:]):
        if share >= low:
            passed = passed[:i + 1]
            break
    else:
        passed.append(WORST_WOUND_PENALTY)
    return sum(passed) if rulings.wound_penalties_stack else passed[-1]


def ongoing_damage_distribution(rounds: int, per_round: Dist = FIRE_DAMAGE) -> Dist:
    """Exact total of an ongoing effect over *rounds* rounds (fire, 1d6 a round), with no armour soak.

    **Source** ("Special Effects", "Armor Soak Clarification"): fire, radiation
    and other ongoing effects work as each one says (fire deals 1d6 a round
    until put out), and special effects come after the soak; nothing says
    whether armour soaks each later round.

    **We chose:** armour never reduces ongoing damage; each round's roll comes
    off HP in full.

    **Why:** the soak step belongs to the hit that started the effect, and the
    source gives ongoing harm no damage type (Physical or Energy) for armour
    to read.

    >>> ongoing_damage_distribution(2).mean()
    Fraction(7, 1)
    """
    check_int("rounds", rounds, low=0, high=100)
    if not isinstance(per_round, Dist):
        raise RulesError(f"'per_round' must be a Dist (got {describe(per_round)})", argument="per_round")
    return per_round.repeat_sum(rounds)


def stun_roll(agility: int, additional: int = 0, *, rulings: Rulings = STANDARD) -> ActionRoll:
    """The AGL Action Roll a Stunned target makes (its AtMod plus *additional*)."""
    check_int("agility", agility, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    return ActionRoll(attribute_modifier=_atmod(agility, rulings=rulings), additional=additional)


def stun_odds(agility: int, additional: int = 0, *, rulings: Rulings = STANDARD) -> Fraction:
    """Chance that a Stunned target keeps its next turn: its AGL roll reaches TN 15.

    A partial (total 14) does not reach it, unless
    :attr:`~voidref.pirates.rulings.Rulings.partial_passes_yes_no` says so.

    >>> stun_odds(10)
    Fraction(3, 8)
    """
    return stun_roll(agility, additional, rulings=rulings).passes(STUN_TN, rulings=rulings)

