"""Void Pirates calculators: each one's fields, then the compute function that answers it.

Each compute function takes the typed values of its fields, asks
:mod:`voidref.pirates` for the exact answer and lays it out as a
:class:`~voidref.calc.results.Result`. No rule is computed here. Every function
also takes ``rulings`` (a :class:`~voidref.pirates.rulings.Rulings`), passed on
to the engine; the form offers the rulings each calculator reads as switches
under "Rulings", starting from :data:`~voidref.pirates.rulings.STANDARD`.

>>> r = action_roll(target_number=15, attribute_modifier=5, skill_rank=2)
>>> print(r.headline)
3d6+7 against TN 15: 83.8% full, 6.9% partial, 9.3% failure
>>> soak_damage(dice="2d6", armor_value=6).fact("Minimum applies")
Figure(Fraction(5, 12), '41.7%')
"""

from __future__ import annotations

import random
from dataclasses import fields
from fractions import Fraction

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, IntField, TextField
from voidref.calc.registry import calculator, roller
from voidref.calc.results import (
    Result,
    Table,
    Text,
    chance_table,
    decimal,
    distribution,
    line,
    numbered_dice,
    pct,
    yes_no,
)
from voidref.errors import check_bool, check_enum, check_int
from voidref.exact import Dist
from voidref.pirates import rulings as _data
from voidref.pirates.actions import ActionRoll, Outcome
from voidref.pirates.damage import (
    PARTIAL_DAMAGE_SHARE,
    DamageRoll,
    DamageType,
    hit_distribution,
    roll_hit_damage,
    soak,
)
from voidref.pirates.environment import Gravity, GravityRating, is_mismatched_gravity
from voidref.pirates.movement import base_move, carry_limit, encumbrance_steps, move_rate, part_move, turn_options
from voidref.pirates.opposed import opposed_odds
from voidref.pirates.rulings import STANDARD, Rulings
from voidref.pirates.ships import ShipRange, gunnery_distribution, gunnery_modifier, gunnery_odds

__all__ = ["action_roll", "opposed_roll", "soak_damage", "move", "ship_gunnery", "roll_action", "roll_damage"]


def _mod(name: str, label: str, default: int = 0, low: int = -10, high: int = 10) -> IntField:
    return IntField(name, label, default, f"{low} to {high}", low=low, high=high)


def _label(key: str) -> str:
    """An engine key (``at_least_partial``) as a fact label (``At least partial``)."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


_DAMAGE_TYPES = (("physical", "Physical"), ("energy", "Energy"))


def _switch(name: str, label: str, help: str) -> BoolField:
    """A yes/no ruling of :class:`~voidref.pirates.rulings.Rulings`, starting at our reading."""
    return BoolField(name, label, getattr(STANDARD, name), help, group=RULINGS)


_NATURAL_3 = _switch("natural_3_always_fails", "A natural 3 always fails",
                     "Printed and ours: yes. No lets the total decide.")
_NATURAL_18 = _switch("natural_18_attack_hits", "An attack's natural 18 always hits",
                      "Printed and ours: yes, as a Critical Hit. No: the totals decide (an older house reading).")


#: The :class:`~voidref.pirates.actions.ActionOdds` chances the Action Roll calculator lists, in order.
_ACTION_ODDS_FACTS = ("full", "partial", "failure", "at_least_partial", "critical", "inspired", "natural_18", "fumble")


@calculator("pirates-action-roll", "Action roll (Void Pirates)", "pirates",
            "The odds of one Action Roll, 3d6 plus modifiers against a Target Number.", (
                IntField("target_number", "Target Number (TN)", 12, "3 to 30", low=3, high=30),
                _mod("attribute_modifier", "Attribute modifier (AtMod)", 0, -5, 5),
                IntField("skill_rank", "Skill rank", 0, "0 to 10", low=0, high=10),
                _mod("gravity_modifier", "Gravity modifier", 0, -6, 6),
                _mod("additional", "Other modifiers"),
                IntField("partial_margin", "Partial success band (points under the TN)", STANDARD.partial_margin,
                         "Printed and ours: 1. 0 turns partial successes off.", low=0, high=3, group=RULINGS),
                _NATURAL_3,
            ), rulings=STANDARD, rolled_by="pirates-roll")
def action_roll(*, target_number: int = 12, attribute_modifier: int = 0, skill_rank: int = 0,
                gravity_modifier: int = 0, additional: int = 0, rulings: Rulings = STANDARD) -> Result:
    """Odds of one Action Roll against a TN (rule anchor ``pirates-action-roll``)."""
    roll = ActionRoll(attribute_modifier=attribute_modifier, skill_rank_modifier=_data.skill_rank_modifier(skill_rank),
                      gravity_modifier=gravity_modifier, additional=additional)
    odds = roll.odds(target_number, rulings=rulings)
    facts: tuple[tuple[str, Text], ...] = (("Modifier", str(roll.modifier)), ("Target number", str(target_number)),
                                           *((_label(k), pct(getattr(odds, k))) for k in _ACTION_ODDS_FACTS))
    return Result(line("3d6{} against TN {}: {} full, {} partial, {} failure", f"{roll.modifier:+d}", target_number,
                       pct(odds.full), pct(odds.partial), pct(odds.failure)), facts,
                  (chance_table("Odds", (
                      ("Full success", odds.full),
                      ("Partial success (TN - 1)", odds.partial),
                      ("Failure", odds.failure),
                      ("Natural 18 reaching the TN (an attack's 18 always hits)", odds.critical),
                      ("Fumble (natural 3)", odds.fumble),
                  )),))


@calculator("pirates-opposed-roll", "Opposed roll (Void Pirates)", "pirates",
            "Who wins when two Action Rolls are compared, ties included.", (
                _mod("attacker_modifier", "Attacker's total modifier"),
                _mod("defender_modifier", "Defender's total modifier"),
                _NATURAL_18,
                _NATURAL_3,
            ), rulings=STANDARD)
def opposed_roll(*, attacker_modifier: int = 0, defender_modifier: int = 0, rulings: Rulings = STANDARD) -> Result:
    """Odds of an opposed roll from the attacker's side (anchor ``pirates-opposed``)."""
    odds = opposed_odds(ActionRoll(additional=attacker_modifier), ActionRoll(additional=defender_modifier),
                        rulings=rulings)
    return Result(line("3d6{} against 3d6{}: attacker wins {}, ties {}, loses {}", f"{attacker_modifier:+d}",
                       f"{defender_modifier:+d}", pct(odds.win), pct(odds.tie), pct(odds.loss)),
                  tuple((_label(f.name), pct(getattr(odds, f.name))) for f in fields(odds)),
                  (chance_table("Odds", (
                      ("Attacker wins", odds.win),
                      ("Tie: partial for the attacker", odds.tie),
                      ("Defender wins", odds.loss),
                      ("Critical Hit (attacker's natural 18)", odds.critical),
                  )),))


@calculator("pirates-soak", "Damage after armour (Void Pirates)", "pirates",
            "Hit Points lost from one hit once armour has soaked its share.", (
                TextField("dice", "Damage dice", "2d6", "e.g. 2d6 or 1d6+2", max_length=20),
                IntField("armor_value", "Armour Value (AV)", 6, "0 to 20", low=0, high=20),
                ChoiceField("damage_type", "Damage type", "physical", choices=_DAMAGE_TYPES, enum=DamageType),
                BoolField("critical", "Critical hit", False),
                BoolField("partial", "Partial success", False),
                _switch("partial_halves_before_soak", "A partial hit halves the roll before armour",
                        "Ours: yes (the source gives no order). No: halve what gets through the armour."),
            ), rulings=STANDARD, rolled_by="pirates-damage-roll")
def soak_damage(*, dice: str = "2d6", armor_value: int = 6, damage_type: DamageType = DamageType.PHYSICAL,
                critical: bool = False, partial: bool = False, rulings: Rulings = STANDARD) -> Result:
    """HP lost from one hit, and how often the minimum of 1 is what lets it through (anchor ``pirates-soak``)."""
    kind = check_enum("damage_type", damage_type, DamageType)
    parsed = DamageRoll.parse(dice)
    check_bool("critical", critical)
    check_bool("partial", partial)
    absorbed = soak(armor_value, kind)
    d = hit_distribution(parsed, armor_value, kind, critical, partial, rulings=rulings)
    raw = parsed.distribution()
    if critical:
        raw = raw + Dist.die(4)
    if partial and rulings.partial_halves_before_soak:
        raw = raw.map(lambda r: int(r * PARTIAL_DAMAGE_SHARE))
    if partial and not rulings.partial_halves_before_soak:
        minimum = raw.prob(lambda r: int(max(1, r - absorbed) * PARTIAL_DAMAGE_SHARE) < 1)
    else:
        minimum = raw.prob(lambda r: r - absorbed < 1)
    return Result(line("{}{} {} against AV {}: armour soaks {}, average {} HP, minimum 1 applies {} of the time",
                       parsed, " +1d4" if critical else "", kind.value, armor_value, absorbed, decimal(d.mean()),
                       pct(minimum)),
                  (("Dice", str(parsed)), ("Soak", str(absorbed)), ("Mean", decimal(d.mean())),
                   ("Minimum applies", pct(minimum))),
                  distribution("Distribution", d.probabilities()))


@calculator("pirates-move", "Move and encumbrance (Void Pirates)", "pirates",
            "Move Rate after gear and carried weight, and the metres of each turn option.", (
                IntField("agility", "Agility (AGL)", 9, "1 to 20", low=1, high=20),
                IntField("strength", "Strength (STR)", 12, "1 to 20", low=1, high=20),
                IntField("carried_kg", "Carried (kg)", 0, "0 to 400", low=0, high=400),
                _mod("gear", "Gear modifier to Move (m)", 0, -10, 10),
                ChoiceField("gravity_rating", "Gravity Rating", "standard", enum=GravityRating,
                            choices=(("floater", "Floater"), ("standard", "Standard"), ("stomper", "Stomper"))),
                ChoiceField("gravity", "Local gravity", "standard", enum=Gravity, choices=(
                    ("zero_g", "Zero G"), ("low", "Low"), ("standard", "Standard"), ("high", "High"))),
                IntField("level", "Level", 1, "1 to 5", low=1, high=5),
                _switch("encumbrance_full_steps_only", "Only whole 20% steps of excess load count",
                        "Ours: yes (the examples fit both). No: any excess starts a new step."),
            ), rulings=STANDARD)
def move(*, agility: int = 9, strength: int = 12, carried_kg: int = 0, gear: int = 0,
         gravity_rating: GravityRating = GravityRating.STANDARD, gravity: Gravity = Gravity.STANDARD, level: int = 1,
         rulings: Rulings = STANDARD) -> Result:
    """Move Rate after gear and encumbrance, and each turn option's metres (anchor ``pirates-move``).

    >>> move(agility=9, strength=12, carried_kg=168).blocks[0].rows
    (('1 action (any) + 1/4 move', '4'), ('full move', '16'))
    """
    mismatched = is_mismatched_gravity(gravity_rating, gravity)
    check_int("level", level, low=1, high=5)
    limit = carry_limit(strength)
    steps = encumbrance_steps(carried_kg, strength, mismatched, rulings=rulings)
    rate = move_rate(agility, gear, carried_kg, strength, mismatched, rulings=rulings)
    options = tuple((o.describe(), str(part_move(rate, o.move_share))) for o in turn_options(level))
    return Result(f"Move {rate} m (AGL {agility} x 2 = {base_move(agility)} m, gear {gear:+d} m, "
                  f"encumbrance -{steps} m); carry limit {limit} kg",
                  (("Base move", str(base_move(agility))), ("Carry limit", str(limit)),
                   ("Excess kg", str(max(0, carried_kg - limit))), ("Mismatched", yes_no(mismatched)),
                   ("Steps", str(steps)), ("Move", str(rate))),
                  (Table("Options", ("Text", "Metres"), options),))


@calculator("pirates-ship-gunnery", "Ship gunnery (Void Pirates)", "pirates",
            "One ship shot: Gunnery against the target's Piloting, then damage after AV.", (
                _mod("gunner_modifier", "Gunner's modifier"),
                _mod("pilot_modifier", "Target pilot's modifier"),
                TextField("dice", "Damage dice", "12d6", "e.g. 12d6", max_length=20),
                IntField("armor_value", "Target's AV", 0, "0 to 30", low=0, high=30),
                ChoiceField("damage_type", "Damage type", "physical", choices=_DAMAGE_TYPES, enum=DamageType),
                ChoiceField("range_band", "Range", "medium", enum=ShipRange,
                            choices=(("close", "Close"), ("medium", "Medium"), ("long", "Long"))),
                BoolField("ecm", "Target's ECM on", False),
                BoolField("tractor", "Target held by a tractor beam", False),
                IntField("medium_range_modifier", "Gunnery modifier at Medium range", STANDARD.medium_range_modifier,
                         "Ours: 0 (the source lists only Close and Long).", low=-4, high=2, group=RULINGS),
                _NATURAL_18,
                _NATURAL_3,
            ), rulings=STANDARD)
def ship_gunnery(*, gunner_modifier: int = 0, pilot_modifier: int = 0, dice: str = "12d6", armor_value: int = 0,
                 damage_type: DamageType = DamageType.PHYSICAL, range_band: ShipRange = ShipRange.MEDIUM,
                 ecm: bool = False, tractor: bool = False, rulings: Rulings = STANDARD) -> Result:
    """One ship shot: Gunnery against Piloting, then damage after AV (anchor ``pirates-gunnery``)."""
    gunner = ActionRoll(additional=gunner_modifier)
    pilot = ActionRoll(additional=pilot_modifier)
    situational = gunnery_modifier(range_band, ecm, tractor, rulings=rulings)
    odds = gunnery_odds(gunner, pilot, range_band, ecm, tractor, rulings=rulings)
    d = gunnery_distribution(gunner, pilot, dice, armor_value, damage_type, range_band, ecm, tractor, rulings=rulings)
    return Result(line("Gunnery 3d6{} against Piloting 3d6{}: hit {} (tie {}), average {} HP a shot",
                       f"{gunner_modifier + situational:+d}", f"{pilot_modifier:+d}", pct(odds.win + odds.tie),
                       pct(odds.tie), decimal(d.mean())),
                  (("Situational modifier", str(situational)),
                   *((_label(f.name), pct(getattr(odds, f.name))) for f in fields(odds)),
                   *((_label(hit.value), pct(p)) for hit, p in odds.system_hits().items()),
                   ("Mean", decimal(d.mean()))),
                  distribution("Distribution", d.probabilities()))


# -- Rolling at the table -----------------------------------------------------------

_OUTCOME_WORDS = {Outcome.FULL: "Full success", Outcome.PARTIAL: "Partial success", Outcome.FAILURE: "Failure"}


@roller("pirates-roll", "Roll an Action Roll (Void Pirates)", "pirates",
        "Roll 3d6 plus modifiers against a Target Number: full, partial or failure, with naturals 18 and 3.", (
            IntField("target_number", "Target Number (TN)", 12, "3 to 30", low=3, high=30),
            _mod("attribute_modifier", "Attribute modifier (AtMod)", 0, -5, 5),
            IntField("skill_rank", "Skill rank", 0, "0 to 10", low=0, high=10),
            _mod("gravity_modifier", "Gravity modifier", 0, -6, 6),
            _mod("additional", "Other modifiers"),
            BoolField("attack", "An attack against a fixed TN", False, "a natural 18 is then a Critical Hit"),
            IntField("partial_margin", "Partial success band (points under the TN)", STANDARD.partial_margin,
                     "Printed and ours: 1. 0 turns partial successes off.", low=0, high=3, group=RULINGS),
            _NATURAL_18,
            _NATURAL_3,
        ), rulings=STANDARD,
        nudges=(("One more modifier", "additional", 1), ("One less modifier", "additional", -1)))
def roll_action(*, target_number: int = 12, attribute_modifier: int = 0, skill_rank: int = 0,
                gravity_modifier: int = 0, additional: int = 0, attack: bool = False,
                rulings: Rulings = STANDARD, rng: random.Random) -> Result:
    """Roll one Action Roll (:meth:`voidref.pirates.actions.ActionRoll.roll`): the dice, the total, the reading.

    >>> roll_action(target_number=12, additional=2, rng=random.Random(1)).headline
    'Failure: 2 + 5 + 1 = 8, 10 with modifiers, against TN 12'
    """
    roll = ActionRoll(attribute_modifier=attribute_modifier, skill_rank_modifier=_data.skill_rank_modifier(skill_rank),
                      gravity_modifier=gravity_modifier, additional=additional)
    rolled = roll.roll(target_number, rng, attack=attack, rulings=rulings)
    odds = roll.odds(target_number, attack=attack, rulings=rulings)
    order = (Outcome.FAILURE, Outcome.PARTIAL, Outcome.FULL)
    as_well = sum((odds.chance(o) for o in order[order.index(rolled.outcome):]), Fraction(0))
    marks = [("natural 18", rolled.natural == 18), ("Critical Hit", rolled.critical),
             ("Critical Inspiration", rolled.inspired), ("natural 3: a fumble", rolled.fumble)]
    facts: tuple[tuple[str, Text], ...] = (
        ("Modifier", f"{roll.modifier:+d}"), ("Natural (3d6)", str(rolled.natural)), ("Total", str(rolled.total)),
        ("Outcome", _OUTCOME_WORDS[rolled.outcome]),
        ("Marks", ", ".join(name for name, on in marks if on) or "none"),
        ("Chance of a full success with these modifiers", pct(odds.full)),
        (f"Chance of {_OUTCOME_WORDS[rolled.outcome].lower()} or better", pct(as_well)),
    )
    headline = (f"{_OUTCOME_WORDS[rolled.outcome]}: {' + '.join(map(str, rolled.dice))} = {rolled.natural}, "
                f"{rolled.total} with modifiers, against TN {target_number}")
    return Result(headline, facts, dice=numbered_dice(rolled.dice))


@roller("pirates-damage-roll", "Roll damage (Void Pirates)", "pirates",
        "Roll a hit's damage dice and take off what the armour soaks.", (
            TextField("dice", "Damage dice", "2d6", "e.g. 2d6 or 1d6+2", max_length=20),
            IntField("armor_value", "Armour Value (AV)", 6, "0 to 20", low=0, high=20),
            ChoiceField("damage_type", "Damage type", "physical", choices=_DAMAGE_TYPES, enum=DamageType),
            BoolField("critical", "Critical hit (+1d4)", False),
            BoolField("partial", "Partial success (half damage)", False),
            _switch("partial_halves_before_soak", "A partial hit halves the roll before armour",
                    "Ours: yes (the source gives no order). No: halve what gets through the armour."),
        ), rulings=STANDARD)
def roll_damage(*, dice: str = "2d6", armor_value: int = 6, damage_type: DamageType = DamageType.PHYSICAL,
                critical: bool = False, partial: bool = False, rulings: Rulings = STANDARD,
                rng: random.Random) -> Result:
    """Roll a hit's damage (:func:`voidref.pirates.damage.roll_hit_damage`): the faces, the raw damage and the HP lost.

    >>> roll_damage(dice="2d6", armor_value=6, damage_type=DamageType.ENERGY, rng=random.Random(5)).headline
    '5 HP lost: 8 rolled, armour soaks 3'
    """
    parsed = DamageRoll.parse(dice)
    rolled = roll_hit_damage(parsed, armor_value, damage_type, rng, critical=critical, partial=partial,
                             rulings=rulings)
    d = hit_distribution(parsed, armor_value, damage_type, critical, partial, rulings=rulings)
    shown = numbered_dice(rolled.faces, parsed.sides)
    if rolled.critical_die is not None:
        shown += numbered_dice([rolled.critical_die], 4, role="Critical")
    absorbed = soak(armor_value, damage_type)
    facts: tuple[tuple[str, Text], ...] = (
        ("Dice", str(parsed) + (" +1d4" if critical else "")), ("Rolled", str(rolled.rolled)),
        ("Armour soaks", str(absorbed)), ("HP lost", str(rolled.hp_lost)),
        ("Average HP lost with these dice", decimal(d.mean())),
        (f"Chance of {rolled.hp_lost} HP or more", pct(d.prob(lambda hp: hp >= rolled.hp_lost))),
    )
    return Result(f"{rolled.hp_lost} HP lost: {rolled.rolled} rolled, armour soaks {absorbed}", facts, dice=shown)
