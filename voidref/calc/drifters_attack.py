"""Void Drifters attack calculators: a personal attack, rounds to take a target down, a ship attack.

The form describes attacker, weapon and target with a few numbers; these
functions build the engine's own values (:class:`~voidref.drifters.Character`,
:class:`~voidref.drifters.Weapon`, :class:`~voidref.drifters.Attack`,
:class:`~voidref.drifters.ships.ShipAttack`) and lay out what the engine
answers. No rule is computed here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, IntField
from voidref.calc.registry import calculator
from voidref.calc.results import BarChart, Result, Table, Text, decimal, line, pct
from voidref.drifters import (
    Attack,
    Character,
    Condition,
    Conditions,
    Cover,
    Gravity,
    Health,
    Kind,
    RangeBand,
    Skill,
    Weapon,
    rounds_to_take_down,
)
from voidref.drifters.rulings import STANDARD, Rulings
from voidref.drifters.ships import (
    BOOST_DAMAGE,
    BoonUse,
    Facing,
    Mount,
    Screen,
    ShipAttack,
    ShipProfile,
    ShipRange,
    ShipStanding,
    ShipWeapon,
    WeaponType,
    attack_odds,
    shot_heat,
)
from voidref.exact import Dist

__all__ = ["attack", "rounds", "ship_attack"]

_BANDS = tuple((b.name.lower(), b.name.title()) for b in RangeBand)
_GRAVITY = tuple((g.value, g.value.title()) for g in Gravity)
_SKILLS = (("ranged", "Ranged (Agility)"), ("melee", "Melee (Might)"), ("unarmed", "Unarmed (Might)"))
_KINDS = tuple((k.value, k.value.title()) for k in Kind)
_COVER = (("none", "None"), ("light", "Light"), ("heavy", "Heavy"))


def _dist_blocks(dist: Dist, caption: str, axis: str) -> tuple[Table, BarChart]:
    probs = dist.probabilities()
    rows, at_least = [], Fraction(1)
    for value, p in probs.items():
        rows.append((str(value), pct(p), pct(at_least)))
        at_least -= p
    return (Table(caption, (axis, "Chance of exactly", "Chance of at least"), tuple(rows)),
            BarChart(f"Chance of each number of {axis}", axis, tuple((str(v), p) for v, p in probs.items())))


def _attack(*, characteristic: int, skill_rank: int, weapon_skill: Skill, damage: int, crit: int, pierce: int,
            weapon_range: RangeBand, stun: bool, thrown: bool, band: RangeBand, cover: Cover, target_kind: Kind,
            wound_points: int, resistance: int, defense: int, talent_defense: int, deflecting: int,
            gravity: Gravity, anchored: bool, needs_footing: bool,
            disoriented: bool, boon_dice: int, bane_dice: int, difficulty_upgrades: int, past_range: bool,
            rulings: Rulings = STANDARD) -> Attack:
    """The engine's :class:`~voidref.drifters.Attack` for the form's numbers."""
    stats: dict[str, Any] = {weapon_skill.characteristic.value: characteristic}
    attacker = Character("Attacker", skills={weapon_skill: skill_rank}, **stats)
    melee = weapon_skill is not Skill.RANGED
    weapon = Weapon("Weapon", damage=damage, crit=crit, range=RangeBand.ENGAGED if melee else weapon_range,
                    skill=weapon_skill, pierce=pierce, stun=stun, thrown=thrown and not melee)
    target = Character("Target", kind=target_kind, stated_wound_points=wound_points, stated_resistance=resistance,
                       melee_defense=defense if melee else 0, ranged_defense=0 if melee else defense,
                       talent_melee_defense=talent_defense if melee else 0,
                       talent_ranged_defense=0 if melee else talent_defense,
                       deflecting={weapon.damage_type: deflecting} if deflecting else {})
    conditions = Conditions().apply(Condition.DISORIENTED) if disoriented else Conditions()
    return Attack(attacker, weapon, target, band=RangeBand.ENGAGED if melee else band, cover=cover,
                  gravity=gravity, anchored=anchored, conditions=conditions, boon_dice=boon_dice,
                  bane_dice=bane_dice, difficulty_upgrades=difficulty_upgrades, past_range_allowed=past_range,
                  needs_footing=needs_footing, rulings=rulings)


def _health(a: Attack, wounds: int) -> Health:
    return Health.of(a.target).suffer_wounds(wounds)


def _pool_facts(a: Attack) -> tuple[tuple[str, str], ...]:
    sources = "; ".join(f"{name} {n}" for name, n in a.bane_sources()) or "none"
    return (("Pool", a.pool().describe()), ("Bane Dice from", sources))


_RANGED = (("weapon_skill", ("ranged",)),)
"""What the fields of a ranged attack only need: a ranged weapon."""

_ATTACK_FIELDS = (
    IntField("characteristic", "Attacker's characteristic", 3,
             "Might for melee and unarmed, Agility for ranged; 1 to 6",
             low=1, high=6),
    IntField("skill_rank", "Attacker's skill rank", 2, "0 to 5", low=0, high=5),
    ChoiceField("weapon_skill", "Weapon skill", "ranged", choices=_SKILLS, enum=Skill),
    IntField("damage", "Weapon Damage", 6, "0 to 20", low=0, high=20),
    IntField("crit", "Weapon Crit rating", 3, "1 to 6", low=1, high=6),
    IntField("pierce", "Weapon Pierce", 0, "0 to 10", low=0, high=10),
    ChoiceField("weapon_range", "Weapon range", "medium", "ranged weapons only", choices=_BANDS, enum=RangeBand,
                needs=_RANGED),
    BoolField("stun", "Stun weapon (deals Strain)", False),
    BoolField("thrown", "Thrown weapon", False, "ranged weapons only; gravity shifts its reach", needs=_RANGED),
    ChoiceField("band", "Range band to the target", "short", "ranged attacks only; melee is Engaged", choices=_BANDS,
                enum=RangeBand, needs=_RANGED),
    ChoiceField("cover", "Target's cover", "none", "ranged attacks only", choices=_COVER, enum=Cover,
                needs=_RANGED),
    ChoiceField("target_kind", "Target is a", "elite", choices=_KINDS, enum=Kind),
    IntField("wound_points", "Target's Wound Points", 12, "1 to 40", low=1, high=40),
    IntField("resistance", "Target's Resistance", 2, "0 to 10", low=0, high=10),
    IntField("defense", "Target's Defense (Melee or Ranged, by weapon)", 0,
             "from armor and other gear, 0 to 4; with Deflecting at most 3 Bane Dice", low=0, high=4),
    IntField("talent_defense", "Target's Defense from talents", 0, "0 to 5, added on top, never capped",
             low=0, high=5),
    IntField("deflecting", "Target's Deflecting against this weapon", 0, "0 to 3", low=0, high=3),
    IntField("wounds", "Target's current Wounds", 0, "0 to 40", low=0, high=40),
    ChoiceField("gravity", "Gravity", "standard", choices=_GRAVITY, enum=Gravity),
    BoolField("anchored", "Attacker anchored", False),
    BoolField("needs_footing", "The blow needs planted power or control", True,
              "melee and unarmed in low gravity: the printed rule gives only such blows its Bane Die"),
    BoolField("disoriented", "Attacker Disoriented", False),
    IntField("boon_dice", "Extra Boon Dice", 0, "0 to 4", low=0, high=4),
    IntField("bane_dice", "Extra Bane Dice", 0, "0 to 4", low=0, high=4),
    IntField("difficulty_upgrades", "Upgrades of the difficulty", 0,
             "0 to 3; each turns a Trial Die into a Hazard Die, the only die with a Calamity", low=0, high=3),
    BoolField("past_range", "GM allows a shot past the weapon's range", False),
    BoolField("stun_subtracts_resistance", "Resistance reduces a Stun hit", STANDARD.stun_subtracts_resistance,
              "Ours: yes, a Stun hit is a hit, less Resistance. No: it is Strain dealt directly, which Resistance "
              "does not reduce. The source prints both rules.", group=RULINGS),
    BoolField("thrown_reach_stops_at_engaged", "A thrown weapon shortened past Engaged can still be thrown at Engaged",
              STANDARD.thrown_reach_stops_at_engaged,
              "Ours: no, it cannot be thrown in that gravity (the source is silent).", group=RULINGS),
    BoolField("low_gravity_bane_every_melee", "Every melee or unarmed blow takes the low-gravity Bane Die",
              STANDARD.low_gravity_bane_every_melee,
              "Ours: yes, whatever the blow. Printed: no, only a blow that needs planted power or control.",
              group=RULINGS),
)
"""The fields of an attack, shared by :func:`attack` and :func:`rounds`."""


@calculator("attack", "Attack", "drifters",
            "The pool an attack rolls, its chance to hit, the Wounds it deals and what may follow.",
            _ATTACK_FIELDS + (
                BoolField("ranged_shot_is_physical", "Firing a ranged weapon is a physical action (Drifting)",
                          STANDARD.ranged_shot_is_physical,
                          "Ours: no, only melee, unarmed and thrown attacks are; the source does not say. Yes: a "
                          "Calamity on any shot in microgravity leaves the shooter Drifting.", group=RULINGS),
            ), rulings=STANDARD)
def attack(*, characteristic: int = 3, skill_rank: int = 2, weapon_skill: Skill = Skill.RANGED, damage: int = 6,
           crit: int = 3, pierce: int = 0, weapon_range: RangeBand = RangeBand.MEDIUM, stun: bool = False,
           thrown: bool = False, band: RangeBand = RangeBand.SHORT, cover: Cover = Cover.NONE,
           target_kind: Kind = Kind.ELITE, wound_points: int = 12, resistance: int = 2, defense: int = 0,
           talent_defense: int = 0, deflecting: int = 0, wounds: int = 0,
           gravity: Gravity = Gravity.STANDARD, anchored: bool = False, needs_footing: bool = True,
           disoriented: bool = False,
           boon_dice: int = 0, bane_dice: int = 0, difficulty_upgrades: int = 0, past_range: bool = False,
           rulings: Rulings = STANDARD) -> Result:
    """One attack's pool, chance to hit, Wounds, Critical Injury and incapacitation odds.

    >>> attack().facts[0]
    ('Pool', '2 Mastery + 1 Ability vs 1 Trial')
    """
    a = _attack(characteristic=characteristic, skill_rank=skill_rank, weapon_skill=weapon_skill, damage=damage,
                crit=crit, pierce=pierce, weapon_range=weapon_range, stun=stun, thrown=thrown, band=band,
                cover=cover, target_kind=target_kind, wound_points=wound_points, resistance=resistance,
                defense=defense, talent_defense=talent_defense, deflecting=deflecting, gravity=gravity,
                anchored=anchored, needs_footing=needs_footing, disoriented=disoriented, boon_dice=boon_dice,
                bane_dice=bane_dice, difficulty_upgrades=difficulty_upgrades, past_range=past_range, rulings=rulings)
    odds = a.odds(_health(a, wounds))
    # A Stun hit deals Strain to a character; a Minion or an Elite takes it as Wounds (the engine says which).
    harm, word = (odds.strain, "Strain") if stun and a.target.strain_points is not None else (odds.wounds, "Wounds")
    facts = _pool_facts(a) + (
        ("Chance to hit", pct(odds.hit)),
        (f"Average {word}", decimal(harm.mean())),
        ("Chance a Critical Injury is available", pct(odds.critical_injury)),
        ("Chance the target is incapacitated", pct(odds.incapacitated)),
    )
    if gravity is Gravity.MICRO:
        facts += (("Chance the attacker is left Drifting (a Calamity on a physical attack)", pct(odds.drifting)),)
    blocks: tuple[Table | BarChart, ...] = _dist_blocks(harm, f"{word} dealt (0 on a miss)", word)
    return Result(line("Chance to hit: {}", pct(odds.hit)), facts, blocks)


@calculator("rounds-to-take-down", "Rounds to take down", "drifters",
            "If the same attack repeats every round, the exact chance the target is down by each round.",
            _ATTACK_FIELDS + (IntField("max_rounds", "Rounds to look ahead", 10, "1 to 20", low=1, high=20),),
            rulings=STANDARD)
def rounds(*, characteristic: int = 3, skill_rank: int = 2, weapon_skill: Skill = Skill.RANGED, damage: int = 6,
           crit: int = 3, pierce: int = 0, weapon_range: RangeBand = RangeBand.MEDIUM, stun: bool = False,
           thrown: bool = False, band: RangeBand = RangeBand.SHORT, cover: Cover = Cover.NONE,
           target_kind: Kind = Kind.ELITE, wound_points: int = 12, resistance: int = 2, defense: int = 0,
           talent_defense: int = 0, deflecting: int = 0, wounds: int = 0,
           gravity: Gravity = Gravity.STANDARD, anchored: bool = False, needs_footing: bool = True,
           disoriented: bool = False,
           boon_dice: int = 0, bane_dice: int = 0, difficulty_upgrades: int = 0, past_range: bool = False,
           max_rounds: int = 10,
           rulings: Rulings = STANDARD) -> Result:
    """The exact chance the target goes down in each round when the same attack repeats."""
    a = _attack(characteristic=characteristic, skill_rank=skill_rank, weapon_skill=weapon_skill, damage=damage,
                crit=crit, pierce=pierce, weapon_range=weapon_range, stun=stun, thrown=thrown, band=band,
                cover=cover, target_kind=target_kind, wound_points=wound_points, resistance=resistance,
                defense=defense, talent_defense=talent_defense, deflecting=deflecting, gravity=gravity,
                anchored=anchored, needs_footing=needs_footing, disoriented=disoriented, boon_dice=boon_dice,
                bane_dice=bane_dice, difficulty_upgrades=difficulty_upgrades, past_range=past_range, rulings=rulings)
    t = rounds_to_take_down(a, _health(a, wounds), max_rounds=max_rounds)
    rows = tuple((str(r), pct(p), pct(t.within(r))) for r, p in sorted(t.by_round.items()))
    mean = "never" if t.expected_rounds is None else decimal(t.expected_rounds)
    facts = _pool_facts(a) + (
        ("Average rounds to take the target down", mean),
        (f"Chance the target is still up after {t.max_rounds} rounds", pct(t.beyond)),
    )
    chart = BarChart("Chance the target first goes down in each round", "Round",
                     tuple((str(r), p) for r, p in sorted(t.by_round.items())))
    half = next((r for r in sorted(t.by_round) if t.within(r) >= Fraction(1, 2)), None)
    headline = (f"Down by round {half} at least half the time" if half is not None
                else f"Less than half the time down within {t.max_rounds} rounds")
    return Result(headline, facts,
                  (Table("Rounds to take the target down", ("Round", "Down in this round", "Down by this round"),
                         rows), chart))


# -- ship attack ---------------------------------------------------------------------

_SHIP_BANDS = tuple((b.value, b.value.title()) for b in ShipRange)
_TYPES = tuple((t.value, t.value.title()) for t in WeaponType)
_BOON_USE = (("keep", "Keep every Boon for a Critical Hit"), ("armor", "Spend Boons to bypass Armor first"))


@calculator("ship-attack", "Ship attack", "drifters",
            "A ship weapon's pool with the Boon Limit, its chance to hit, the damage it deals and the Heat it adds.", (
                IntField("agility", "Gunner's Agility", 3, "1 to 6", low=1, high=6),
                IntField("gunnery", "Gunner's Gunnery", 2, "0 to 5", low=0, high=5),
                IntField("handling", "Attacking ship's Handling", 0, "-3 to 3 (fixed weapons only)", low=-3, high=3,
                         needs=(("mount", ("fixed",)),)),
                ChoiceField("mount", "Weapon mount", "turret", choices=tuple((m.value, m.value.title()) for m in Mount),
                            enum=Mount),
                IntField("damage", "Weapon Damage", 5, "0 to 20", low=0, high=20),
                IntField("crit", "Weapon Crit rating", 3, "1 to 6", low=1, high=6),
                IntField("pierce", "Weapon Pierce", 0, "0 to 10", low=0, high=10),
                IntField("heat", "Weapon Heat", 1, "0 to 6", low=0, high=6),
                ChoiceField("weapon_type", "Weapon type", "kinetic", choices=_TYPES, enum=WeaponType),
                BoolField("armor_bypass", "Armor Bypass quality", False),
                IntField("system_damage", "Weapon System Damage", 0, "0 to 10", low=0, high=10),
                BoolField("ion", "Ion weapon", False),
                ChoiceField("band", "Range band", "short", choices=_SHIP_BANDS, enum=ShipRange),
                IntField("armor", "Target's Armor", 2, "0 to 10", low=0, high=10),
                IntField("hull_points", "Target's Hull Points", 18, "1 to 60", low=1, high=60),
                IntField("hull_damage", "Hull Damage already taken", 0, "0 to 60", low=0, high=60),
                IntField("system_points", "Target's System Points", 0, "0 (none listed) to 30", low=0, high=30),
                IntField("system_taken", "System Damage already taken", 0, "0 to 30", low=0, high=30),
                IntField("deflection", "Target's Deflection (facing the shot)", 0, "0 to 4", low=0, high=4),
                IntField("screen_reduction", "Target's screen Damage Reduction", 0, "0 to 6 (beam and plasma)",
                         low=0, high=6),
                IntField("screen_bane_dice", "Target's screen Bane Dice", 0, "0 to 3 (beam and plasma)",
                         low=0, high=3),
                BoolField("screens_active", "Target's screen is up", True),
                BoolField("armor_bypass_ignores_screen_dice", "Armor Bypass also cancels the screen's Bane Dice",
                          STANDARD.armor_bypass_ignores_screen_dice,
                          "Ours: no, it ignores the screen's Damage Reduction only. Printed: yes, it ignores "
                          "screens outright.", group=RULINGS),
                BoolField("ion_cut_is_half_armor", "Armor cuts an Ion hit's System Damage by half the Armor",
                          STANDARD.ion_cut_is_half_armor,
                          "Ours: yes, half the Armor, rounded down. No: any Armor cuts half the System Damage. "
                          "The printed sentence reads both ways.", group=RULINGS),
                IntField("limited_boon_dice", "Boon Dice under the Boon Limit", 0,
                         "0 to 6 (stations, orders, allies…)", low=0, high=6),
                IntField("talent_boon_dice", "Boon Dice from talents", 0, "0 to 3 (outside the limit)",
                         low=0, high=3),
                IntField("bane_dice", "Other Bane Dice", 0, "0 to 4", low=0, high=4),
                BoolField("target_evading", "Target evading", False),
                BoolField("attacker_evading", "Attacker evading", False),
                BoolField("boost", "Boosted shot", False),
                ChoiceField("boon_use", "Boons", "keep", choices=_BOON_USE, enum=BoonUse),
                IntField("current_heat", "Attacker's Heat before the shot", 0, "0 to 40", low=0, high=40),
            ), rulings=STANDARD)
def ship_attack(*, agility: int = 3, gunnery: int = 2, handling: int = 0, mount: Mount = Mount.TURRET,
                damage: int = 5, crit: int = 3, pierce: int = 0, heat: int = 1,
                weapon_type: WeaponType = WeaponType.KINETIC, armor_bypass: bool = False, system_damage: int = 0,
                ion: bool = False, band: ShipRange = ShipRange.SHORT, armor: int = 2, hull_points: int = 18,
                hull_damage: int = 0, system_points: int = 0, system_taken: int = 0, deflection: int = 0,
                screen_reduction: int = 0, screen_bane_dice: int = 0, screens_active: bool = True,
                limited_boon_dice: int = 0, talent_boon_dice: int = 0, bane_dice: int = 0,
                target_evading: bool = False, attacker_evading: bool = False, boost: bool = False,
                boon_use: BoonUse = BoonUse.KEEP, current_heat: int = 0, rulings: Rulings = STANDARD) -> Result:
    """A ship attack's pool, chance to hit, Hull and System Damage, Critical Hit and Heat.

    >>> str(ship_attack().headline)
    'Chance to hit: 82.6%'
    """
    weapon = ShipWeapon("Weapon", damage=damage, ranges=(band,), crit=crit, pierce=pierce, heat=heat,
                        type=weapon_type, mount=mount, armor_bypass=armor_bypass, system_damage=system_damage,
                        ion=ion)
    attacker = ShipProfile("Attacker", speed=3, handling=handling, armor=0, hull_points=10, weapons=(weapon,))
    screen = Screen(damage_reduction=screen_reduction, bane_dice=screen_bane_dice) \
        if (screen_reduction or screen_bane_dice) else None
    target = ShipProfile("Target", speed=3, handling=0, armor=armor, hull_points=hull_points,
                         deflection=(deflection, deflection), system_points=system_points or None, screen=screen)
    shot = ShipAttack(attacker, weapon, target, agility=agility, gunnery=gunnery, band=band, facing=Facing.FORE,
                      limited_boon_dice=limited_boon_dice, talent_boon_dice=talent_boon_dice, bane_dice=bane_dice,
                      target_evading=target_evading, attacker_evading=attacker_evading,
                      boost=BOOST_DAMAGE if boost else 0, screens_active=screens_active, rulings=rulings)
    standing = ShipStanding(hull_damage=hull_damage, system_damage=system_taken if system_points else 0)
    odds = attack_odds(shot, standing, boon_use=boon_use)
    parts = "; ".join(f"{name}: {n} {kind} {'Die' if n == 1 else 'Dice'}" for name, kind, n in shot.parts()) or "none"
    facts: list[tuple[str, Text]] = [("Pool", shot.pool().describe()), ("Extra dice from", parts)]
    if shot.capped_boon_dice:
        facts.append(("Boon Dice lost to the Boon Limit", str(shot.capped_boon_dice)))
    facts += [
        ("Chance to hit", pct(odds.hit)),
        ("Average Hull Damage", decimal(odds.hull_damage.mean())),
        ("Chance a Critical Hit is available", pct(odds.critical_hit)),
        ("Chance the target is destroyed", pct(odds.destroyed)),
        ("Heat after the shot", str(current_heat + shot_heat(weapon, boosted=boost))),
    ]
    if odds.out_of_control is not None:
        facts.append(("Chance the target goes out of control", pct(odds.out_of_control)))
    blocks: tuple[Table | BarChart, ...] = _dist_blocks(odds.hull_damage, "Hull Damage dealt (0 on a miss)",
                                                        "Hull Damage")
    if system_damage or ion:
        blocks += (_dist_blocks(odds.system_damage, "System Damage dealt (0 on a miss)", "System Damage")[0],)
    return Result(line("Chance to hit: {}", pct(odds.hit)), tuple(facts), blocks)
