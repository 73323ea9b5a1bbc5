"""Cantor calculators: one attack's odds, and what it does to a unit's HP and Structure.

Each compute function takes the typed values of its fields, builds the
engine's own :class:`~voidref.cantor.units.Weapon`,
:class:`~voidref.cantor.units.Target` and
:class:`~voidref.cantor.accuracy.Situation` (everything the form does not ask
takes the engine's default), asks :mod:`voidref.cantor` for the exact answer
and lays it out as a :class:`~voidref.calc.results.Result`. No rule is
computed here.

>>> r = attack(damage="1d6", reliable=1, armor=3, evasion=6, locked=True, grit=1, distance=3, max_range=6)
>>> r.headline, str(r.fact("Chance to hit")), r.fact("Damage on miss")
('Net accuracy +1: roll 1d6, keep the highest, add Grit +1; need 6 (evasion).', '33.3%', '0')
"""

from __future__ import annotations

import random
from fractions import Fraction

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, IntField, TextField
from voidref.calc.registry import calculator, roller
from voidref.calc.results import BarChart, Line, Result, Table, Text, decimal, distribution, line, numbered_dice, pct
from voidref.cantor.accuracy import Situation, Source
from voidref.cantor.attack import Attack, RangeCheck
from voidref.cantor.damage import blast_damage, damage_roll
from voidref.cantor.health import UnitState
from voidref.cantor.kinds import Condition, Cover, DamageType
from voidref.cantor.rulings import STANDARD, NetZero, Rulings
from voidref.cantor.units import DamageRoll, Target, Weapon

__all__ = ["attack", "structure", "roll_attack"]

_ATTACK_FIELDS = (
    TextField("damage", "Damage", "2d6", "e.g. 2d6 or 1d6+2", max_length=20),
    ChoiceField("damage_type", "Damage type", "kinetic", enum=DamageType, choices=(
        ("kinetic", "Kinetic"), ("energy", "Energy"), ("sonic", "Sonic"), ("tech", "Tech"))),
    IntField("max_range", "Weapon range", 8, "1 to 30", low=1, high=30),
    BoolField("melee", "Melee weapon", False),
    IntField("reliable", "Reliable", 0, "0 to 5", low=0, high=5),
    BoolField("armor_piercing", "Armour-piercing", False),
    IntField("distance", "Distance to the target", 4, "1 to 30", low=1, high=30),
    IntField("evasion", "Target's Evasion", 8, "0 to 20", low=0, high=20),
    IntField("armor", "Target's Armour", 1, "0 to 5", low=0, high=5),
    ChoiceField("cover", "Target's cover", "none", enum=Cover,
                choices=(("none", "None"), ("soft", "Soft"), ("hard", "Hard"))),
    BoolField("locked", "Attacker has a Lock On", False),
    IntField("grit", "Attacker's Grit", 2, "0 to 6", low=0, high=6),
    BoolField("exposed", "Target Exposed", False),
    BoolField("braced", "Target Braced", False),
    IntField("extra_accuracy", "Other Accuracy", 0, "0 to 5", low=0, high=5),
    IntField("extra_difficulty", "Other Difficulty", 0, "0 to 5", low=0, high=5),
    ChoiceField("net_zero", "A net of 0 or less rolls", STANDARD.net_zero.value, enum=NetZero, choices=(
        ("keep_lowest", "2 - net dice, keep the lowest (ours)"), ("one_die", "One die"),
        ("no_dice", "No dice, Grit alone (the count as printed)")),
        help="The card is silent; ours is an invention.", group=RULINGS),
    BoolField("reliable_floors_a_hit", "Reliable is also a hit's minimum", STANDARD.reliable_floors_a_hit,
              "Ours: yes.", group=RULINGS),
    BoolField("reliable_when_no_attack", "Reliable lands out of range or TOO CLOSE", STANDARD.reliable_when_no_attack,
              "Ours: no, there is no attack.", group=RULINGS),
)
"""The attack's fields, shared by both calculators; each default is the form's starting value.

The last three switch rulings of :class:`~voidref.cantor.rulings.Rulings`; :func:`~voidref.calc.registry.run`
folds them into the ``rulings`` argument."""


def _attack(damage: str, damage_type: DamageType, max_range: int, melee: bool, reliable: int, armor_piercing: bool,
            distance: int, evasion: int, armor: int, cover: Cover, locked: bool, grit: int, exposed: bool,
            braced: bool, extra_accuracy: int, extra_difficulty: int, rulings: Rulings = STANDARD) -> Attack:
    """The engine's attack for the form's values (built in the order that names the first bad value)."""
    weapon = Weapon("weapon", damage=DamageRoll.parse(damage),
                    damage_type=DamageType.parse(damage_type, "damage_type"), max_range=max_range,
                    melee=melee, reliable=reliable, armor_piercing=armor_piercing)
    conditions = frozenset(c for on, c in ((exposed, Condition.EXPOSED), (locked, Condition.LOCK_ON)) if on)
    target = Target(evasion=evasion, armor=armor, conditions=conditions, braced=braced)
    situation = Situation(distance=distance, cover=Cover.parse(cover, "cover"), grit=grit,
                          extra_accuracy=extra_accuracy, extra_difficulty=extra_difficulty)
    return Attack(weapon, target, situation, rulings=rulings)


def _sources(caption: str, sources: tuple[Source, ...]) -> tuple[tuple[tuple[str, str], ...], tuple[Table, ...]]:
    """A list of accuracy or difficulty sources: a fact saying none, or a table of them."""
    if not sources:
        return ((caption, "none"),), ()
    return (), (Table(caption, ("Name", "Dice"), tuple((s.name, str(s.dice)) for s in sources)),)


@calculator("cantor-attack", "Attack (Cantor)", "cantor",
            "One attack's chance to hit and the damage it deals, step by step.", _ATTACK_FIELDS, rulings=STANDARD,
            rolled_by="cantor-roll")
def attack(*, damage: str = "2d6", damage_type: DamageType = DamageType.KINETIC, max_range: int = 8,
           melee: bool = False, reliable: int = 0, armor_piercing: bool = False, distance: int = 4, evasion: int = 8,
           armor: int = 1, cover: Cover = Cover.NONE, locked: bool = False, grit: int = 2, exposed: bool = False,
           braced: bool = False, extra_accuracy: int = 0, extra_difficulty: int = 0,
           rulings: Rulings = STANDARD) -> Result:
    """Chance to hit and damage of one Cantor attack (anchor ``cantor-attack``)."""
    a = _attack(damage, damage_type, max_range, melee, reliable, armor_piercing, distance, evasion, armor, cover,
                locked, grit, exposed, braced, extra_accuracy, extra_difficulty, rulings)
    odds = a.odds()
    check = odds.range_check
    count, keep = odds.dice
    accuracy_facts, accuracy_tables = _sources("Accuracy sources", a.accuracy_sources())
    difficulty_facts, difficulty_tables = _sources("Difficulty sources", a.difficulty_sources())
    splash: Fraction | None = None
    if a.weapon.blast:
        raw = damage_roll(a.weapon, a.target, a.situation)
        splash = raw.map(lambda r: blast_damage(r, 0, a.weapon.armor_piercing, rulings=rulings)).mean()
    facts = (
        ("Range check", check.value), *accuracy_facts, *difficulty_facts,
        ("Net", str(odds.net)), ("Dice", str(count)), ("Keep", keep.value), ("Defense", str(odds.defense)),
        ("Defense kind", a.weapon.defense.value), ("Chance to hit", pct(odds.chance_to_hit)),
        ("Damage on miss", str(odds.damage_on_miss)), ("Mean damage", decimal(odds.damage.mean())),
        ("Mean damage on hit", decimal(odds.damage_on_hit.mean())), ("Chance of no damage", pct(odds.damage[0])),
        ("Burn", str(a.weapon.burn)), ("Blast splash mean", "–" if splash is None else decimal(splash)),
    )
    blocks: tuple[Table | BarChart, ...] = (*accuracy_tables, *difficulty_tables,
                                           *distribution("Damage on hit", odds.damage_on_hit.probabilities()),
                                           *distribution("Damage", odds.damage.probabilities()))
    summary: list[str | Line] = []
    if check is not RangeCheck.IN_RANGE:
        summary.append(f"No attack: {check.value} (distance {a.situation.distance}).")
    else:
        if a.situation.graze:
            summary.append("Graze: no roll, it lands for half damage.")
        else:
            dice = f"roll {count}d6, keep the {keep.value}, add" if count else "no dice: the total is"
            summary.append(f"Net accuracy {odds.net:+d}: {dice} Grit {a.situation.grit:+d}"
                           f"{', Impaired -2' if a.situation.impaired else ''}; "
                           f"need {odds.defense} ({a.weapon.defense.value}).")
        invisible = " (Invisible halves it)" if a.target.has(Condition.INVISIBLE) else ""
        summary.append(line("Chance to hit: {}{}.", pct(odds.chance_to_hit), invisible))
        summary.append(line("Damage on a hit: average {}, from {} to {}.", decimal(odds.damage_on_hit.mean()),
                            min(odds.damage_on_hit), max(odds.damage_on_hit)))
        if a.weapon.reliable:
            summary.append(f"On a miss: Reliable {a.weapon.reliable} deals {odds.damage_on_miss}.")
        summary.append(line("Average damage per attack: {}; no damage at all {}.", decimal(odds.damage.mean()),
                            pct(odds.damage[0])))
    return Result(summary[0], facts, blocks, tuple(summary[1:]))


@calculator("cantor-structure", "Structure (Cantor)", "cantor",
            "What one attack does to a unit's HP and Structure.", _ATTACK_FIELDS + (
                IntField("hp", "Target's HP now", 6, "0 to 40", low=0, high=40),
                IntField("max_hp", "Target's maximum HP", 12, "1 to 40", low=1, high=40),
                IntField("overshield", "Overshield", 0, "0 to 20", low=0, high=20),
                IntField("structure", "Structure left", 2, "0 to 6", low=0, high=6),
            ), rulings=STANDARD)
def structure(*, hp: int = 6, max_hp: int = 12, overshield: int = 0, structure: int = 2, damage: str = "2d6",
              damage_type: DamageType = DamageType.KINETIC, max_range: int = 8, melee: bool = False, reliable: int = 0,
              armor_piercing: bool = False, distance: int = 4, evasion: int = 8, armor: int = 1,
              cover: Cover = Cover.NONE,
              locked: bool = False, grit: int = 2, exposed: bool = False, braced: bool = False,
              extra_accuracy: int = 0, extra_difficulty: int = 0, rulings: Rulings = STANDARD) -> Result:
    """What one attack does to a unit's tracks: Structure loss, its roll, defeat (anchor ``cantor-structure``)."""
    state = UnitState(hp=hp, max_hp=max_hp, overshield=overshield, structure=structure, cantor=True)
    a = _attack(damage, damage_type, max_range, melee, reliable, armor_piercing, distance, evasion, armor, cover,
                locked, grit, exposed, braced, extra_accuracy, extra_difficulty, rulings)
    outcomes = a.damage().bind(state.outcomes)
    loss = outcomes.prob(lambda o: o.structure_lost == 1)
    destroyed = outcomes.prob(lambda o: o.destroyed)
    stunned = outcomes.prob(lambda o: o.condition is Condition.STUNNED)
    impaired = outcomes.prob(lambda o: o.condition is Condition.IMPAIRED)
    facts = (("Structure loss", pct(loss)), ("Destroyed", pct(destroyed)),
             ("Defeated", pct(outcomes.prob(lambda o: o.defeated))), ("Stunned", pct(stunned)),
             ("Impaired", pct(impaired)))
    headline = line("Loses Structure: {} (destroyed: {}).", pct(loss), pct(destroyed)) if destroyed \
        else line("Loses Structure: {}.", pct(loss))
    return Result(headline, facts, distribution("Hp after", outcomes.map(lambda o: o.state.hp).probabilities()),
                  (line("Then Stunned {}, Impaired {}.", pct(stunned), pct(impaired)),))


# -- Rolling at the table -----------------------------------------------------------

@roller("cantor-roll", "Roll an attack (Cantor)", "cantor",
        "Roll one attack: accuracy and difficulty netted, the d6s kept, hit or miss, and the damage that lands.",
        _ATTACK_FIELDS, rulings=STANDARD,
        nudges=(("One more Accuracy", "extra_accuracy", 1), ("One more Difficulty", "extra_difficulty", 1)))
def roll_attack(*, damage: str = "2d6", damage_type: DamageType = DamageType.KINETIC, max_range: int = 8,
                melee: bool = False, reliable: int = 0, armor_piercing: bool = False, distance: int = 4,
                evasion: int = 8, armor: int = 1, cover: Cover = Cover.NONE, locked: bool = False, grit: int = 2,
                exposed: bool = False, braced: bool = False, extra_accuracy: int = 0, extra_difficulty: int = 0,
                rulings: Rulings = STANDARD, rng: random.Random) -> Result:
    """Roll one attack (:meth:`voidref.cantor.attack.Attack.roll`): the dice, the one kept, hit or miss, the damage.

    >>> roll_attack(rng=random.Random(2)).headline.startswith(("Hit", "Miss"))
    True
    """
    a = _attack(damage, damage_type, max_range, melee, reliable, armor_piercing, distance, evasion, armor, cover,
                locked, grit, exposed, braced, extra_accuracy, extra_difficulty, rulings)
    rolled = a.roll(rng)
    odds = a.odds()
    count, keep = odds.dice
    shown = numbered_dice(rolled.attack_dice, role="Accuracy") + numbered_dice(rolled.damage_dice, role="Damage")
    if rolled.range_check is not RangeCheck.IN_RANGE:
        head = f"No attack: {rolled.range_check.value}"
    elif rolled.hit:
        head = f"Hit: total {rolled.total} against {rolled.defense}, {rolled.damage} damage lands"
    else:
        head = "Miss" + (": the Invisible target's 50% miss" if rolled.invisible_miss else
                         f": total {rolled.total} against {rolled.defense}" if rolled.total is not None else "")
        head += f", {rolled.damage} damage lands" if rolled.damage else ""
    facts: tuple[tuple[str, Text], ...] = (
        ("Net accuracy", f"{odds.net:+d}: roll {count}d6, keep the {keep.value}" if count else f"{odds.net:+d}"),
        ("Chance to hit", pct(odds.chance_to_hit)),
    )
    if rolled.damage:
        facts += ((f"Chance of {rolled.damage} damage or more", pct(odds.damage.prob(lambda d: d >= rolled.damage))),)
    return Result(head, facts, notes=tuple(rolled.log), dice=shown)
