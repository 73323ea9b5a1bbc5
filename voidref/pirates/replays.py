"""The KV-220B's turn ("Example in Play" of Void Pirates ship combat), replayed step by step.

The source gives the results: Initiative 15, a successful Piloting roll that
closes the range, a Gunnery win with 48 on 12d6 against AV 20, a repair of
2d6 = 3 by a Rank 3 engineer, and the Lander's Evasive Maneuvers. Each is
checked as a result its dice can give, and every later figure (the band, the
damage through the armour, the HP restored, the modifier on the next shot)
comes from the engine.

The source prints no crew or ship numbers. To show the odds before each roll,
the replay gives the hauler AGL 3 and a pilot with Piloting SRM 2 (so a 3d6
roll of 10 makes its 15), takes the ships to start at Medium range (one band
out, so that closing reaches Close, where the Gunnery bonus and boarding
apply), lets equal crews oppose each other, and gives the hauler 200 HP (only
the repair cap reads it). These are stated on the page beside the replay.
The steps are data; :mod:`voidref.present.replays.kv220b` writes them for the
page.

>>> steps = kv220b()
>>> [s.title for s in steps]
['Initiative', 'Pilot phase', 'Gunner phase', 'Engineer phase', "The Lander's turn"]
>>> dict(steps[2].state)["Type-87 Lander"]
'28 damage taken'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_int
from voidref.exact import Dist
from voidref.pirates.actions import THREE_D6, ActionRoll, Outcome
from voidref.pirates.damage import DamageRoll, after_soak
from voidref.pirates.initiative import Combatant
from voidref.pirates.rulings import STANDARD, Rulings
from voidref.pirates.ships import REPAIR_DICE, ShipRange, gunnery_odds, maneuver_effect, repair_amount

__all__ = ["KV220B", "KV220BSetup", "PirateStep", "rolled_total", "shift_range", "kv220b"]

@dataclass(frozen=True)
class KV220BSetup:
    """The figures the KV-220B replay assumes where the source prints none (see the module docstring)."""

    agility: int = 3
    pilot_srm: int = 2
    start: ShipRange = ShipRange.MEDIUM
    max_hp: int = 200
    lander_av: int = 20
    engineer_rank: int = 3
    autocannons: str = "12d6"


#: The set-up the replay and the example page use.
KV220B = KV220BSetup()

_BANDS = (ShipRange.CLOSE, ShipRange.MEDIUM, ShipRange.LONG)


def rolled_total(dice: Dist, total: int, what: str) -> int:
    """*total*, after checking that *dice* can roll it; a RulesError names *what* otherwise.

    >>> rolled_total(THREE_D6, 10, "3d6")
    10
    >>> rolled_total(THREE_D6, 19, "3d6")
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'total' 19 cannot come from 3d6
    """
    if not dice[total]:
        raise RulesError(f"'total' {total} cannot come from {what}", argument="total")
    return total


def shift_range(band: ShipRange | str, closer: int) -> ShipRange:
    """The band *closer* bands nearer (negative: farther), stopping at Close and Long.

    >>> shift_range("medium", 1), shift_range("close", 1), shift_range("medium", -1)
    (ShipRange.CLOSE, ShipRange.CLOSE, ShipRange.LONG)
    """
    band = ShipRange(band)
    check_int("closer", closer, low=-2, high=2)
    return _BANDS[min(len(_BANDS) - 1, max(0, _BANDS.index(band) - closer))]


@dataclass(frozen=True)
class PirateStep:
    """One step of the KV-220B replay: what was rolled, the odds before, the state after."""

    title: str
    rolls: tuple[tuple[str, str], ...]
    """(what was rolled, the result) pairs, checked against their dice."""
    odds: tuple[tuple[str, Fraction], ...]
    state: tuple[tuple[str, str], ...]
    odds_label: str = "Odds before the roll"


def kv220b(rulings: Rulings = STANDARD) -> tuple[PirateStep, ...]:
    """Replay the KV-220B's turn and the Lander's answer; *rulings* picks how the Lander's evasion reads."""
    a = KV220B
    steps: list[PirateStep] = []
    band = a.start
    lander_damage = 0

    # Initiative: 3d6 + the ship's AGL + the pilot's Piloting SRM.
    roll = rolled_total(THREE_D6, 10, "3d6")
    hauler = Combatant.ship("KV-220B", agility=a.agility, roll=roll, pilot_srm=a.pilot_srm, rulings=rulings)
    steps.append(PirateStep(
        "Initiative", (("3d6", str(roll)), ("Initiative", f"{roll} + {hauler.modifier} = {hauler.total}")),
        ((f"{hauler.total} or more", THREE_D6.prob(lambda n: n + hauler.modifier >= hauler.total)),),
        (("Acts", "first (the source has the Lander acting after it)"), ("Range", band.value.capitalize()))))

    # Pilot phase: a full success, spent on closing one band.
    pilot = ActionRoll(skill_rank_modifier=a.pilot_srm)
    tn = rulings.pilot_maneuver_tn
    effect = maneuver_effect(Outcome.FULL, "change_range", rulings=rulings)
    band = shift_range(band, effect["range_bands"])
    steps.append(PirateStep(
        "Pilot phase", ((f"Piloting against TN {tn}", "full success"),),
        (("a full success", pilot.odds(tn, rulings=rulings).full),),
        (("Range", f"{band.value.capitalize()} ({effect['range_bands']} band closer)"),)))

    # Gunner phase: the opposed roll is won; 12d6 total 48 goes through AV 20.
    guns = DamageRoll.parse(a.autocannons)
    shot = rolled_total(guns.distribution(), 48, a.autocannons)
    through = after_soak(shot, armor_value=a.lander_av, damage_type="physical")
    lander_damage += through
    win = gunnery_odds(ActionRoll(), ActionRoll(), range_band=band, rulings=rulings).win
    steps.append(PirateStep(
        "Gunner phase", (("Gunnery, opposed by the Lander's Piloting", "won"),
                         (a.autocannons, f"{shot}, less AV {a.lander_av}: {through}")),
        (("winning at " + band.value.capitalize() + ", equal crews", win),
         (f"{shot} or more on {a.autocannons}", guns.distribution().prob(lambda n: n >= shot))),
        (("Type-87 Lander", f"{lander_damage} damage taken"), ("Range", band.value.capitalize()))))

    # Engineer phase: 2d6 x Mechanics Rank.
    two = rolled_total(REPAIR_DICE.distribution(), 3, "2d6")
    fixed = repair_amount(two, rank=a.engineer_rank, max_hp=a.max_hp, rulings=rulings)
    steps.append(PirateStep(
        "Engineer phase", (("2d6", f"{two} x Rank {a.engineer_rank} = {fixed} HP"),),
        ((f"{two} or less on 2d6", REPAIR_DICE.distribution().prob(lambda n: n <= two)),),
        (("KV-220B", f"{fixed} HP restored"), ("Type-87 Lander", f"{lander_damage} damage taken"))))

    # The Lander's turn: Evasive Maneuvers. The source's "+2 to its next Piloting" is a ruling.
    try:
        evade = maneuver_effect(Outcome.FULL, "piloting_bonus", rulings=rulings)
        reading = "+2 on its next Piloting (the source's line, as printed)"
        hauler_gunner, lander_pilot = ActionRoll(), ActionRoll(additional=evade["own_next_piloting"])
    except RulesError:
        evade = maneuver_effect(Outcome.FULL, "enemy_penalty", rulings=rulings)
        reading = f"{evade['enemy_gunnery']} on the KV-220B's Gunnery this round (a choice the rule lists)"
        hauler_gunner, lander_pilot = ActionRoll(additional=evade["enemy_gunnery"]), ActionRoll()
    next_win = gunnery_odds(hauler_gunner, lander_pilot, range_band=band, rulings=rulings).win
    steps.append(PirateStep(
        "The Lander's turn", (("Evasive Maneuvers", "full success"),),
        (("the KV-220B's next shot winning", next_win),),
        (("Evasion", reading), ("Type-87 Lander", f"{lander_damage} damage taken"),
         ("Range", band.value.capitalize())), odds_label="Odds after the evasion"))
    return tuple(steps)
