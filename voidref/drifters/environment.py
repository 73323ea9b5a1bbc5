"""Gravity and the environment in a fight.

Restates: "Gravity and Environment" of the Void Drifters chapter. The full
gravity table is in a chapter we do not have; the numbers it would give are
rulings (:mod:`voidref.drifters.rulings`).

* Microgravity: stable-stance actions (melee, unarmed) add 2 Bane Dice unless
  anchored; deliberate movement costs 1 extra Maneuver (push-off).
* Low gravity: Athletics, Unarmed and planted melee add 1 Bane Die (which
  attacks: :attr:`~voidref.drifters.rulings.Rulings.low_gravity_bane_every_melee`);
  movement is normal.
* Elevated, High, Extreme: physical checks add Bane Dice and every move costs
  more Maneuvers (how many: :attr:`~voidref.drifters.rulings.Rulings.heavy_gravity_move_maneuvers`).
* A Calamity on a physical action in microgravity leaves the character
  Drifting (:func:`calamity_sets_drifting`) until an Average Athletics check
  (:func:`drift_recovery_pool`) or an ally reaching them ends it.
* Ranged attacks never take a gravity penalty. Thrown weapons reach one band
  farther in microgravity and two bands shorter in High and Extreme gravity.
"""

from __future__ import annotations

import enum

from voidref import kinds
from voidref.drifters import rulings as _constants
from voidref.drifters.characters import Character, RangeBand, Skill
from voidref.drifters.dice import Difficulty, Pool
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings, check_rulings  # noqa: F401 - AS_PRINTED: doctests
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe

__all__ = ["Gravity", "melee_bane_dice", "extra_move_maneuvers", "thrown_range", "calamity_sets_drifting",
           "drift_recovery_pool", "DRIFT_RECOVERY_DIFFICULTY"]

#: Ending a drift takes an Average Athletics check (the source's difficulty).
DRIFT_RECOVERY_DIFFICULTY = Difficulty.AVERAGE



class Gravity(enum.Enum):
    """Gravity bands, lightest first."""

    MICRO = "micro"
    """Microgravity, floating; you push off to move."""
    LOW = "low"
    """Low gravity, light footing."""
    STANDARD = "standard"
    """Standard gravity, no effect."""
    ELEVATED = "elevated"
    """Elevated gravity, heavier than standard."""
    HIGH = "high"
    """High gravity, hard going."""
    EXTREME = "extreme"
    """Extreme gravity, crushing."""

    __repr__ = kinds.Kind.__repr__  # Gravity.LOW: the code that names the member


def melee_bane_dice(gravity: Gravity | str, anchored: bool = False, unarmed: bool = False, *,
                    needs_footing: bool = True, rulings: Rulings = STANDARD) -> int:
    """Bane Dice that gravity adds to a melee or unarmed attack.

    In low gravity, *needs_footing* False (a blow that needs no planted power
    or control) escapes the Bane Die only under the printed reading
    (:attr:`~voidref.drifters.rulings.Rulings.low_gravity_bane_every_melee` False).

    >>> melee_bane_dice("micro"), melee_bane_dice("micro", anchored=True)
    (2, 0)
    >>> melee_bane_dice("low", needs_footing=False), melee_bane_dice("low", needs_footing=False, rulings=AS_PRINTED)
    (1, 0)
    """
    g = check_enum("gravity", gravity, Gravity)
    check_bool("anchored", anchored)
    check_bool("unarmed", unarmed)
    check_bool("needs_footing", needs_footing)
    r = check_rulings(rulings)
    if g is Gravity.MICRO:
        return 0 if anchored else 2
    if g is Gravity.LOW:
        return _constants.LOW_GRAVITY_MELEE_BANE_DICE if needs_footing or r.low_gravity_bane_every_melee else 0
    return _constants.HEAVY_GRAVITY_BANE_DICE.get(g.value, 0)


def extra_move_maneuvers(gravity: Gravity | str, anchored: bool = False, *, rulings: Rulings = STANDARD) -> int:
    """Extra Maneuvers one move costs in this gravity.

    Microgravity: the push-off (an anchored character skips it under
    :attr:`~voidref.drifters.rulings.Rulings.anchored_skips_push_off`).
    Elevated, High, Extreme: :attr:`~voidref.drifters.rulings.Rulings.heavy_gravity_move_maneuvers`.

    >>> [extra_move_maneuvers(g) for g in ("micro", "low", "standard", "elevated", "high", "extreme")]
    [1, 0, 0, 1, 1, 2]
    >>> extra_move_maneuvers("micro", anchored=True), extra_move_maneuvers("micro", anchored=True, rulings=AS_PRINTED)
    (0, 1)
    """
    g = check_enum("gravity", gravity, Gravity)
    check_bool("anchored", anchored)
    r = check_rulings(rulings)
    if g is Gravity.MICRO:
        return 0 if anchored and r.anchored_skips_push_off else _constants.MICROGRAVITY_PUSH_OFF
    heavy = (Gravity.ELEVATED, Gravity.HIGH, Gravity.EXTREME)
    return r.heavy_gravity_move_maneuvers[heavy.index(g)] if g in heavy else 0



def thrown_range(listed: RangeBand | str, gravity: Gravity | str, *, rulings: Rulings = STANDARD) -> RangeBand | None:
    """How far a thrown weapon reaches: ``None`` if it cannot reach even Engaged.

    Never past Extreme; below Engaged, see
    :attr:`~voidref.drifters.rulings.Rulings.thrown_reach_stops_at_engaged`.

    >>> thrown_range("short", "micro"), thrown_range("short", "high")
    (RangeBand.MEDIUM, None)
    >>> thrown_range("short", "high", rulings=Rulings(thrown_reach_stops_at_engaged=True))
    RangeBand.ENGAGED
    """
    band = check_enum("listed", listed, RangeBand)
    g = check_enum("gravity", gravity, Gravity)
    r = check_rulings(rulings)
    shift = {Gravity.MICRO: 1, Gravity.HIGH: -2, Gravity.EXTREME: -2}.get(g, 0)
    reach = min(int(band) + shift, int(RangeBand.EXTREME))
    if reach < 0 and r.thrown_reach_stops_at_engaged:
        reach = 0
    return RangeBand(reach) if reach >= 0 else None


def calamity_sets_drifting(gravity: Gravity | str, calamities: int, physical: bool) -> bool:
    """Whether a check leaves the character Drifting: a Calamity on a physical action in microgravity.

    Which attacks count as physical: :meth:`voidref.drifters.attack.Attack.physical`.

    >>> calamity_sets_drifting("micro", 1, physical=True), calamity_sets_drifting("low", 1, physical=True)
    (True, False)
    """
    g = check_enum("gravity", gravity, Gravity)
    check_int("calamities", calamities, low=0, high=100)
    check_bool("physical", physical)
    return g is Gravity.MICRO and physical and calamities >= 1


def drift_recovery_pool(character: Character, boon_dice: int = 0, bane_dice: int = 0) -> Pool:
    """The Average Athletics check that ends a drift.

    >>> drift_recovery_pool(Character("Senna Vael", might=2, agility=4))
    Pool(ability=2, trial=2)
    """
    if not isinstance(character, Character):
        raise RulesError(f"'character' must be a Character (got {describe(character)})", argument="character")
    return Pool.for_check(character.might, character.skill(Skill.ATHLETICS), DRIFT_RECOVERY_DIFFICULTY,
                          boon_dice=boon_dice, bane_dice=bane_dice)
