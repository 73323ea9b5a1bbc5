"""Ship combat: phases, gunnery, ramming, repair, system hits and ship states.

Source section: "Sample Ship Combat Turn Structure & Boarding Rules".

Each round, in Initiative order, every ship runs three phases, one Action each:

1. **Pilot** -- change range band or evade (Piloting against TN 15, a ruling),
   or ram at Close range (opposed Piloting, 2d6 x Hull Class multiplier);
2. **Gunnery** -- each shot is Gunnery opposed by the target's Piloting, with
   range, ECM and tractor modifiers; damage minus AV, minimum 1; a natural 18
   adds 1d4 and a system hit;
3. **Engineer** -- repair 2d6 x Rank HP (at most 20 % of total HP a round),
   boost the next roll by +1 to +3, or switch modules.

>>> hit_distribution("12d6", 20, "physical")[28] == Dist.die(6).repeat_sum(12)[48]
True
>>> repair_amount(3, rank=3, max_hp=100)
9
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.pirates.actions import ActionOdds, ActionRoll, Outcome
from voidref.pirates.damage import AV_LIMIT, DamageRoll, DamageType, attack_distribution, hit_distribution
from voidref.pirates.opposed import Contest, opposed_distribution
from voidref.pirates.rulings import SKILL_RANK_MAX, STANDARD, Rulings, check_rulings

__all__ = [
    "HullClass",
    "ShipRange",
    "Ship",
    "Maneuver",
    "SystemHit",
    "ShipState",
    "CLOSE_RANGE_MODIFIER",
    "LONG_RANGE_MODIFIER",
    "ECM_MODIFIER",
    "TRACTOR_MODIFIER",
    "EVASIVE_BONUS",
    "PARTIAL_MANEUVER_COST",
    "RAM_DICE",
    "REPAIR_DICE",
    "REPAIR_CAP_SHARE",
    "CATASTROPHIC_SHARE",
    "SYSTEM_HIT_TABLE",
    "LIFE_SUPPORT_ROUNDS",
    "gunnery_modifier",
    "gunnery_distribution",
    "GunneryOdds",
    "gunnery_odds",
    "maneuver_effect",
    "maneuver_odds",
    "ram_distribution",
    "repair_cap",
    "repair_amount",
    "repair_distribution",
    "boost",
    "max_shots",
    "system_hit",
    "ship_state",
]

CLOSE_RANGE_MODIFIER = 2
"""Gunnery at Close range (under 1 km, or docked) — +2 to the attacker."""
LONG_RANGE_MODIFIER = -4
"""Gunnery at Long range (over 5 km) — -4 to the attacker."""
ECM_MODIFIER = -3
"""An ECM Jammer Pod running on the target — -3 to the attacker."""
TRACTOR_MODIFIER = 1
"""The attacker's Tractor Beam holds the target — +1 to the attacker."""
EVASIVE_BONUS = 2
"""Size of an Evasive Maneuvers modifier (+2 for you or -2 on an enemy's Gunnery)."""
PARTIAL_MANEUVER_COST = -1
"""A partial maneuver (TN - 1) keeps its effect but costs -1 on your own next Gunnery."""
RAM_DICE = DamageRoll(2)
"""Ramming damage before the Hull Class multiplier — 2d6."""
REPAIR_DICE = DamageRoll(2)
"""Repair before the Rank multiplier — 2d6."""
LIFE_SUPPORT_ROUNDS: Dist = Dist.die(6)
"""Rounds until life support fails on a disabled ship — 1d6."""
REPAIR_CAP_SHARE = Fraction(1, 5)
"""Share of total HP a round's Repair may restore at most (20 %), rounded down but at least 1 HP."""
CATASTROPHIC_SHARE = Fraction(-1, 2)
"""Share of total HP (-50 %) at or below which catastrophic failure starts.

**Source:** names a d6 rolled every round of catastrophic failure but prints no
table for it.

**We chose:** roll on the system hit table; -50 % means HP at or below minus
half the total.

**Why:** it is the only d6 table of ship damage in the source. With no other
table offered, there is nothing to switch.
"""


class HullClass(Kind):
    """Hull Classes and their ramming multiplier (the member's value)."""

    POD = 1
    """Pods, fighters, shuttles — x1."""
    FRIGATE = 2
    """Frigates — x2."""
    HAULER = 3
    """Haulers, freighters — x3."""
    CAPITAL = 4
    """Capital ships — x4."""


class ShipRange(Kind):
    """Ship range bands (Close, Medium, Long)."""

    CLOSE = "close"
    """Under 1 km or docked — +2 to Gunnery; ramming and boarding possible."""
    MEDIUM = "medium"
    """1 to 5 km — no modifier (a ruling)."""
    LONG = "long"
    """Over 5 km — -4 to Gunnery."""


class Maneuver(Kind):
    """What a successful Pilot Phase roll buys."""

    CHANGE_RANGE = "change_range"
    """Move one range band closer or further."""
    GUNNERY_BONUS = "gunnery_bonus"
    """+2 on your own next Gunnery roll."""
    ENEMY_PENALTY = "enemy_penalty"
    """-2 on one enemy's Gunnery this round."""
    PILOTING_BONUS = "piloting_bonus"
    """+2 on your own next Piloting, only in the KV-220B example's reading.

    Allowed when :attr:`~voidref.pirates.rulings.Rulings.evasive_piloting_bonus` is on.
    """


class SystemHit(Kind):
    """The d6 system hit a natural 18 Gunnery roll adds (and catastrophic failure rolls)."""

    WEAPON_DISABLED = "weapon_disabled"
    """1-2 — one weapon out for a round."""
    POWER_FLICKER = "power_flicker"
    """3-4 — -2 on every Action Roll next round."""
    FIRE_BREACH = "fire_breach"
    """5 — fire or breach, 1d6 fire or radiation damage a round until repaired."""
    MODULE_DESTROYED = "module_destroyed"
    """6 — a module is destroyed (GM's pick or random)."""



class ShipState(Kind):
    """A ship's condition by HP (source: 0 HP and -50 % HP)."""

    OPERATIONAL = "operational"
    """Above 0 HP."""
    DISABLED = "disabled"
    """0 HP or less — drifting, no Actions, life support fails in 1d6 rounds."""
    CATASTROPHIC = "catastrophic"
    """At or below -50 % of total HP — also a d6 catastrophic effect every round."""



@dataclass(frozen=True)
class Ship:
    """A ship's combat numbers (a value; track current HP separately)."""

    name: str
    agility: int
    hull_class: HullClass
    armor_value: int
    max_hp: int
    crew_rating: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"'name' must be a string (got {describe(self.name)})", argument="name")
        check_int("agility", self.agility, low=-20, high=50)
        object.__setattr__(self, "hull_class", check_enum("hull_class", self.hull_class, HullClass))
        check_int("armor_value", self.armor_value, low=0, high=AV_LIMIT)
        check_int("max_hp", self.max_hp, low=1, high=1_000_000)
        check_int("crew_rating", self.crew_rating, low=1, high=10_000)


_SYSTEM_BY_FACE = {1: SystemHit.WEAPON_DISABLED, 2: SystemHit.WEAPON_DISABLED, 3: SystemHit.POWER_FLICKER,
                   4: SystemHit.POWER_FLICKER, 5: SystemHit.FIRE_BREACH, 6: SystemHit.MODULE_DESTROYED}


def system_hit(d6: int) -> SystemHit:
    """Look up a d6 on the system hit table."""
    return _SYSTEM_BY_FACE[check_int("d6", d6, low=1, high=6)]


SYSTEM_HIT_TABLE: Dist = Dist.die(6).map(lambda f: _SYSTEM_BY_FACE[f])
"""Exact chance of each system hit."""


def gunnery_modifier(range_band: ShipRange | str = ShipRange.MEDIUM, ecm: bool = False, tractor: bool = False,
                     *, rulings: Rulings = STANDARD) -> int:
    """Sum of the listed Gunnery modifiers for the attacker.

    Medium range adds :attr:`~voidref.pirates.rulings.Rulings.medium_range_modifier`.

    >>> gunnery_modifier("long", ecm=True)
    -7
    """
    r = check_enum("range_band", range_band, ShipRange)
    check_bool("ecm", ecm)
    check_bool("tractor", tractor)
    check_rulings(rulings)
    by_range = {ShipRange.CLOSE: CLOSE_RANGE_MODIFIER, ShipRange.MEDIUM: rulings.medium_range_modifier,
                ShipRange.LONG: LONG_RANGE_MODIFIER}
    return by_range[r] + (ECM_MODIFIER if ecm else 0) + (TRACTOR_MODIFIER if tractor else 0)


def _with_extra(roll: ActionRoll, name: str, extra: int) -> ActionRoll:
    if not isinstance(roll, ActionRoll):
        raise RulesError(f"{name!r} must be an ActionRoll (got {describe(roll)})", argument=name)
    return dataclasses.replace(roll, additional=roll.additional + extra)


def gunnery_distribution(
    gunner: ActionRoll,
    pilot: ActionRoll,
    dice: DamageRoll | str,
    armor_value: int,
    damage_type: DamageType | str = DamageType.PHYSICAL,
    range_band: ShipRange | str = ShipRange.MEDIUM,
    ecm: bool = False,
    tractor: bool = False,
    *,
    rulings: Rulings = STANDARD,
) -> Dist:
    """Exact distribution of HP one shot takes from the target (0 = miss), a tie being a partial hit.

    **Source** ("Gunnery Phase"): each shot is Gunnery opposed by the target's
    Piloting, and the winner deals the weapon's damage less the target's AV
    (minimum 1); a tie at the guns is not mentioned. The one tie rule printed,
    for opposed rolls in personal combat, makes a tie a partial success for the
    attacker, with half damage as its example.

    **We chose:** a tied shot is a partial hit, half the weapon's roll soaked
    as usual and at least 1, exactly as in personal combat; a win deals the
    full roll (+1d4 on a natural 18) less the AV, and a loss misses. The
    gunner's roll gets :func:`gunnery_modifier`.

    **Why:** the source says ship combat uses the same Action Roll, with its
    full, partial and failed results, and adds no new subsystem; ships even
    roll Initiative exactly like characters.
    """
    g = _with_extra(gunner, "gunner", gunnery_modifier(range_band, ecm, tractor, rulings=rulings))
    _with_extra(pilot, "pilot", 0)
    # A shot is an opposed attack like any other, with the gunnery modifiers on the gunner.
    return attack_distribution(g, pilot, dice, armor_value, damage_type, rulings=rulings)


@dataclass(frozen=True)
class GunneryOdds:
    """The exact chances of one ship's shot (what :func:`gunnery_odds` returns), from the gunner's side.

    ``win``, ``tie`` and ``loss`` are the opposed Gunnery against Piloting
    roll (a tie is a partial hit); ``critical`` a win on a natural 18, which
    adds a system hit (:meth:`system_hit`).

    >>> odds = gunnery_odds(ActionRoll(), ActionRoll())
    >>> odds.system_hit("module_destroyed")
    Fraction(1, 1296)
    >>> eval(repr(odds)) == odds
    True
    """

    win: Fraction
    tie: Fraction
    loss: Fraction
    critical: Fraction

    def system_hit(self, hit: SystemHit | str) -> Fraction:
        """Chance the shot is a Critical Hit that rolls *hit* on the system hit table."""
        return self.critical * SYSTEM_HIT_TABLE[check_enum("hit", hit, SystemHit)]

    def system_hits(self) -> dict[SystemHit, Fraction]:
        """Chance of each system hit, in the table's order."""
        return {hit: self.critical * p for hit, p in SYSTEM_HIT_TABLE.probabilities().items()}


def gunnery_odds(
    gunner: ActionRoll,
    pilot: ActionRoll,
    range_band: ShipRange | str = ShipRange.MEDIUM,
    ecm: bool = False,
    tractor: bool = False,
    *,
    rulings: Rulings = STANDARD,
) -> GunneryOdds:
    """Exact chances of one shot, as a :class:`GunneryOdds`.

    >>> gunnery_odds(ActionRoll(), ActionRoll()).critical
    Fraction(1, 216)
    """
    from voidref.pirates.opposed import opposed_odds

    g = _with_extra(gunner, "gunner", gunnery_modifier(range_band, ecm, tractor, rulings=rulings))
    _with_extra(pilot, "pilot", 0)
    odds = opposed_odds(g, pilot, rulings=rulings)
    return GunneryOdds(win=odds.win, tie=odds.tie, loss=odds.loss, critical=odds.critical)


def maneuver_effect(outcome: Outcome | str, maneuver: Maneuver | str, *, rulings: Rulings = STANDARD) -> dict[str, int]:
    """What a Pilot Phase roll gives: range bands moved and modifiers to later rolls.

    Keys: ``range_bands`` (0 or 1), ``own_next_gunnery``, ``enemy_gunnery``,
    ``own_next_piloting``. A partial keeps the effect and adds -1 to your own
    next Gunnery. :attr:`Maneuver.PILOTING_BONUS` is refused unless
    :attr:`~voidref.pirates.rulings.Rulings.evasive_piloting_bonus` allows it.

    >>> maneuver_effect("partial", "gunnery_bonus")
    {'range_bands': 0, 'own_next_gunnery': 1, 'enemy_gunnery': 0, 'own_next_piloting': 0}
    """
    o = check_enum("outcome", outcome, Outcome)
    m = check_enum("maneuver", maneuver, Maneuver)
    check_rulings(rulings)
    if m is Maneuver.PILOTING_BONUS and not rulings.evasive_piloting_bonus:
        raise RulesError("'maneuver' must be one of change_range, gunnery_bonus, enemy_penalty "
                         "(got 'piloting_bonus'; the rule lists no Piloting bonus, "
                         "see Rulings.evasive_piloting_bonus)", argument="maneuver")
    effect = {"range_bands": 0, "own_next_gunnery": 0, "enemy_gunnery": 0, "own_next_piloting": 0}
    if o is Outcome.FAILURE:
        return effect
    if m is Maneuver.CHANGE_RANGE:
        effect["range_bands"] = 1
    elif m is Maneuver.GUNNERY_BONUS:
        effect["own_next_gunnery"] = EVASIVE_BONUS
    elif m is Maneuver.PILOTING_BONUS:
        effect["own_next_piloting"] = EVASIVE_BONUS
    else:
        effect["enemy_gunnery"] = -EVASIVE_BONUS
    if o is Outcome.PARTIAL:
        effect["own_next_gunnery"] += PARTIAL_MANEUVER_COST
    return effect


def maneuver_odds(pilot: ActionRoll, target_number: int | None = None, *,
                  rulings: Rulings = STANDARD) -> ActionOdds:
    """Exact chances of a Pilot Phase maneuver (an :class:`~voidref.pirates.actions.ActionOdds`).

    The TN is :attr:`~voidref.pirates.rulings.Rulings.pilot_maneuver_tn` unless *target_number* is given.
    """
    if not isinstance(pilot, ActionRoll):
        raise RulesError(f"'pilot' must be an ActionRoll (got {describe(pilot)})", argument="pilot")
    check_rulings(rulings)
    tn = rulings.pilot_maneuver_tn if target_number is None else target_number
    return pilot.odds(tn, rulings=rulings)


def ram_distribution(rammer: Ship, target: Ship, rammer_pilot: ActionRoll, target_pilot: ActionRoll, *,
                     rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of ``(target_damage, rammer_damage)`` from a ram at Close range.

    Opposed Piloting (not an attack, so a natural 18 goes by the totals); the
    winner deals 2d6 x its own Hull Class multiplier (or the struck ship's,
    see :attr:`~voidref.pirates.rulings.Rulings.ram_multiplier_from_winner`)
    as Physical damage, soaked by the other ship's AV (minimum 1). A tie is a
    partial for the rammer: half damage to the target.
    """
    for name, s in (("rammer", rammer), ("target", target)):
        if not isinstance(s, Ship):
            raise RulesError(f"{name!r} must be a Ship (got {describe(s)})", argument=name)
    for name, pilot in (("rammer_pilot", rammer_pilot), ("target_pilot", target_pilot)):
        if not isinstance(pilot, ActionRoll):
            raise RulesError(argument=name, expected="an ActionRoll", received=pilot)

    check_rulings(rulings)

    def dice_of(winner: Ship, struck: Ship) -> DamageRoll:
        hull = winner if rulings.ram_multiplier_from_winner else struck
        return dataclasses.replace(RAM_DICE, multiplier=hull.hull_class.value)

    into_target = hit_distribution(dice_of(rammer, target), target.armor_value, DamageType.PHYSICAL)
    half_into_target = hit_distribution(dice_of(rammer, target), target.armor_value, DamageType.PHYSICAL, partial=True,
                                        rulings=rulings)
    into_rammer = hit_distribution(dice_of(target, rammer), rammer.armor_value, DamageType.PHYSICAL)
    contest = opposed_distribution(rammer_pilot, target_pilot, attack=False, rulings=rulings).map(lambda r: r.contest)
    return contest.bind(lambda c: {
        Contest.WIN: into_target.map(lambda d: (d, 0)),
        Contest.TIE: half_into_target.map(lambda d: (d, 0)),
        Contest.LOSS: into_rammer.map(lambda d: (0, d)),
    }[c])


def repair_cap(max_hp: int) -> int:
    """Most HP a Repair can restore in one round: 20 % of total HP, down, at least 1.

    >>> repair_cap(120)
    24
    """
    check_int("max_hp", max_hp, low=1, high=1_000_000)
    return max(1, int(max_hp * REPAIR_CAP_SHARE))


def repair_amount(two_d6: int, rank: int, max_hp: int, current_hp: int | None = None, partial: bool = False,
                  *, rulings: Rulings = STANDARD) -> int:
    """HP a Repair restores from a known 2d6: 2d6 x Mechanics Rank, capped (and never past max HP).

    A *partial* restores :attr:`~voidref.pirates.rulings.Rulings.repair_partial_share` of it, rounded down.
    """
    check_int("two_d6", two_d6, low=2, high=12)
    check_int("rank", rank, low=0, high=SKILL_RANK_MAX)
    check_bool("partial", partial)
    check_rulings(rulings)
    amount = two_d6 * rank
    if partial:
        amount = int(amount * rulings.repair_partial_share)
    amount = min(amount, repair_cap(max_hp))
    if current_hp is not None:
        check_int("current_hp", current_hp, low=-10 * max_hp, high=max_hp)
        amount = min(amount, max_hp - current_hp)
    return amount


def repair_distribution(
    mechanic: ActionRoll,
    rank: int,
    max_hp: int,
    target_number: int | None = None,
    current_hp: int | None = None,
    *,
    rulings: Rulings = STANDARD,
) -> Dist:
    """Exact distribution of HP restored by one Repair action (Mechanics against TN 12-18).

    With no *target_number*, :attr:`~voidref.pirates.rulings.Rulings.repair_default_tn`.

    >>> repair_distribution(ActionRoll(skill_rank_modifier=3), rank=3, max_hp=1000).mean()
    Fraction(1589, 96)
    """
    check_rulings(rulings)
    if target_number is None:
        target_number = rulings.repair_default_tn
    check_int("target_number", target_number, low=12, high=18)
    if not isinstance(mechanic, ActionRoll):
        raise RulesError(f"'mechanic' must be an ActionRoll (got {describe(mechanic)})", argument="mechanic")
    repair_amount(7, rank, max_hp, current_hp)  # validates
    two = REPAIR_DICE.distribution()
    full = two.map(lambda t: repair_amount(t, rank, max_hp, current_hp))
    half = two.map(lambda t: repair_amount(t, rank, max_hp, current_hp, partial=True, rulings=rulings))
    outcome = mechanic.against(target_number, rulings=rulings).map(lambda r: r.outcome)
    return outcome.bind(lambda o: {Outcome.FULL: full, Outcome.PARTIAL: half}.get(o, Dist.always(0)))


def boost(amount: int) -> int:
    """An Engineer's Boost: +1 to +3 on the next Gunnery or Piloting roll."""
    return check_int("amount", amount, low=1, high=3)


def max_shots(crew_rating: int, weapons: int) -> int:
    """Shots in one Gunnery Phase: one per weapon, at most the Crew Rating.

    >>> max_shots(crew_rating=2, weapons=3)
    2
    """
    check_int("crew_rating", crew_rating, low=1, high=10_000)
    check_int("weapons", weapons, low=1, high=10_000)
    return min(crew_rating, weapons)


def ship_state(current_hp: int, max_hp: int) -> ShipState:
    """A ship's state from its HP.

    >>> ship_state(-50, 100)
    ShipState.CATASTROPHIC
    """
    check_int("max_hp", max_hp, low=1, high=1_000_000)
    check_int("current_hp", current_hp, low=-10 * max_hp, high=max_hp)
    if current_hp > 0:
        return ShipState.OPERATIONAL
    if Fraction(current_hp, max_hp) <= CATASTROPHIC_SHARE:
        return ShipState.CATASTROPHIC
    return ShipState.DISABLED
