"""Boarding actions, vacuum exposure and hull breaches.

Source sections: "Boarding Rules", "Special Boarding Modifiers", "Vacuum
Exposure" and "Hull Breach".

* boarding needs Close range and one of three ways in (clamp, EVA, tractor);
  the defender gets one free point-defense shot at the boarders;
* inside, fights are personal scale; the bridge and engine fall to TN 18
  rolls, bulkheads seal or vent on TN 12;
* an unprotected body in vacuum takes 1d6 at once and every round, and rolls
  to stabilise each round; failing also bleeds 1 HP a round;
* a breached compartment loses its air in 1d6 rounds; sealing is a TN 12 roll.

>>> BoardingMethod.EVA.target_number
12
>>> eva_arrivals(2, ActionRoll()).probabilities()[2]
Fraction(9, 64)
"""

from __future__ import annotations

from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.pirates.actions import THREE_D6, ActionRoll
from voidref.pirates.rulings import ATTRIBUTE_MAX, ATTRIBUTE_MIN, STANDARD, Rulings, check_rulings
from voidref.pirates.ships import ShipRange

__all__ = [
    "BoardingMethod",
    "ShipSystem",
    "BulkheadAction",
    "BoardingState",
    "ESCAPE_TN",
    "VACUUM_SUIT_ZERO_G_GRM",
    "STOMPER_HIGH_G_BONUS",
    "LNC_PLUGGED_BONUS",
    "VACUUM_DAMAGE",
    "BLEEDOUT_PER_ROUND",
    "AIR_VENT_ROUNDS",
    "ENGINE_FUSE_ROUNDS",
    "SEAL_BREACH_TN",
    "SYSTEM_TN",
    "BULKHEAD_TN",
    "EVA_TN",
    "can_board",
    "passes",
    "eva_arrivals",
    "boarding_state",
    "stabilization_chance",
    "vacuum_round_distribution",
]

ESCAPE_TN = 21
"""Piloting TN to break away once the boarders are dealt with."""
VACUUM_SUIT_ZERO_G_GRM = 1
"""Armored Vacuum Suit or Body Suit — +1 GRM in zero-G corridors."""
STOMPER_HIGH_G_BONUS = 2
"""Stomper Gravity Rating — +2 on Action Rolls in the enemy ship's high-G sections."""
LNC_PLUGGED_BONUS = 2
"""A Living Neuro-Core (LNC) character plugged into enemy systems — +2 Computer and Gunnery."""
VACUUM_DAMAGE: Dist = Dist.die(6)
"""Damage an unprotected body takes in vacuum, at once and each round."""
BLEEDOUT_PER_ROUND = 1
"""HP lost each round while bleeding out (until stabilised or dead)."""
AIR_VENT_ROUNDS: Dist = Dist.die(6)
"""Rounds until a breached compartment's air is gone (the GM rolls in secret)."""
ENGINE_FUSE_ROUNDS: Dist = Dist.die(6)
"""Rounds from engine sabotage to the explosion."""
SEAL_BREACH_TN = 12
"""Vacuum Suit Action Roll (1 Action) to seal a breach."""
SYSTEM_TN = 18
"""TN to take the bridge or sabotage the engine."""
BULKHEAD_TN = 12
"""Security Systems TN to seal bulkheads or vent a compartment."""
EVA_TN = 12
"""Vacuum Suit TN for each boarder of an EVA launch."""


class BoardingMethod(Kind):
    """Ways to get a boarding party across (a Pilot or crew Action)."""

    CLAMP = "clamp"
    """Boarding Clamp module — opposed Piloting."""
    EVA = "eva"
    """EVA team launch — a Vacuum Suit Action Roll at TN 12 for each boarder."""
    TRACTOR = "tractor"
    """Tractor Beam — Gunnery opposed by the target's Strength-equivalent."""

    @property
    def target_number(self) -> int | None:
        """The fixed TN, or None when the roll is opposed."""
        return EVA_TN if self is BoardingMethod.EVA else None


class ShipSystem(Kind):
    """Key systems boarders can go for."""

    BRIDGE = "bridge"
    """INT (Computer or Tactics) at TN 18 takes control; the ship is disabled."""
    ENGINE = "engine"
    """Mechanics or Demolitions at TN 18 sabotages it — it blows in 1d6 rounds."""
    BRIG = "brig"
    """Free Living Neuro-Core prisoners or take loot.

    No roll unless :attr:`~voidref.pirates.rulings.Rulings.brig_needs_roll` asks for one.
    """

    def target_number(self, *, rulings: Rulings = STANDARD) -> int | None:
        """TN of the roll, or None when no roll is needed.

        >>> ShipSystem.BRIDGE.target_number(), ShipSystem.BRIG.target_number()
        (18, None)
        """
        check_rulings(rulings)
        return None if self is ShipSystem.BRIG and not rulings.brig_needs_roll else SYSTEM_TN


class BulkheadAction(Kind):
    """Defenders' compartment controls (Security Systems, TN 12)."""

    SEAL = "seal"
    """Seal the bulkheads."""
    VENT = "vent"
    """Vent a compartment to vacuum — the unprotected inside suffer vacuum exposure."""

    @property
    def target_number(self) -> int:
        """Both need Security Systems against TN 12."""
        return BULKHEAD_TN


class BoardingState(Kind):
    """Where a boarding action stands."""

    ONGOING = "ongoing"
    """Both sides still have someone fighting."""
    CAPTURED = "captured"
    """Every defender is at 0 HP or has surrendered — the attackers take the ship (Crew Rating = party size)."""
    REPELLED = "repelled"
    """Every attacker is dead or thrown out; the ship may try to break away (Piloting TN 21)."""



def can_board(range_band: ShipRange | str) -> bool:
    """Boarding is possible only at Close range.

    >>> can_board("medium")
    False
    """
    return check_enum("range_band", range_band, ShipRange) is ShipRange.CLOSE


def passes(roll: ActionRoll, target_number: int, *, rulings: Rulings = STANDARD) -> Fraction:
    """Chance a yes-or-no task passes: the total reaches the TN.

    A partial (TN - 1) does not pass unless
    :attr:`~voidref.pirates.rulings.Rulings.partial_passes_yes_no` says so.

    >>> passes(ActionRoll(attribute_modifier=3, skill_rank_modifier=2), ESCAPE_TN)
    Fraction(5, 108)
    """
    if not isinstance(roll, ActionRoll):
        raise RulesError(f"'roll' must be an ActionRoll (got {describe(roll)})", argument="roll")
    return roll.passes(target_number, rulings=rulings)


def eva_arrivals(boarders: int, roll: ActionRoll, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of how many EVA boarders make it across (each rolls TN 12)."""
    check_int("boarders", boarders, low=0, high=200)
    p = passes(roll, EVA_TN, rulings=rulings)
    one = Dist({1: p, 0: 1 - p})
    return one.repeat_sum(boarders)


def boarding_state(defenders_standing: int, attackers_standing: int) -> BoardingState:
    """Who has won the boarding, from how many on each side can still fight.

    >>> boarding_state(defenders_standing=0, attackers_standing=3)
    BoardingState.CAPTURED
    """
    d = check_int("defenders_standing", defenders_standing, low=0, high=100_000)
    a = check_int("attackers_standing", attackers_standing, low=0, high=100_000)
    if a == 0 and d == 0:
        raise RulesError("'attackers_standing' and 'defenders_standing' cannot both be 0 (got 0 and 0)",
                         argument="attackers_standing")
    if d == 0:
        return BoardingState.CAPTURED
    if a == 0:
        return BoardingState.REPELLED
    return BoardingState.ONGOING


def stabilization_chance(health: int, *, rulings: Rulings = STANDARD) -> Fraction:
    """Chance the raw 3d6 Stabilization roll in vacuum succeeds.

    Under :data:`~voidref.pirates.rulings.STANDARD` a roll at or under HLTH
    succeeds; :data:`~voidref.pirates.rulings.AS_PRINTED` needs a roll over it
    (:attr:`~voidref.pirates.rulings.Rulings.stabilization_roll_under`).

    >>> from voidref.pirates.rulings import AS_PRINTED
    >>> stabilization_chance(12), stabilization_chance(12, rulings=AS_PRINTED)
    (Fraction(20, 27), Fraction(7, 27))
    """
    h = check_int("health", health, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    check_rulings(rulings)
    if rulings.stabilization_roll_under:
        return THREE_D6.prob(lambda n: n <= h)
    return THREE_D6.prob(lambda n: n > h)


def vacuum_round_distribution(health: int, protected: bool = False, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact HP lost in one round of vacuum: 1d6, plus 1 bleedout if the Stabilization roll fails.

    A Breather Mask, Vacuum Suit or Lung Filters stop it all (*protected*).
    """
    check_bool("protected", protected)
    p = stabilization_chance(health, rulings=rulings)
    if protected:
        return Dist.always(0)
    bleed = Dist({0: p, BLEEDOUT_PER_ROUND: 1 - p})
    return VACUUM_DAMAGE + bleed
