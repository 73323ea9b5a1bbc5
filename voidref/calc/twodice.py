"""2D fighting calculators: an attack against its answer, and one hit's damage through armour.

Each compute function takes the typed values of its fields, builds the
engine's own types (:class:`~voidref.twodice.dice.FightingRoll`,
:class:`~voidref.twodice.weapons.DamageRoll`,
:class:`~voidref.twodice.armor.ArmorClass`), asks :mod:`voidref.twodice` for
the exact answer and lays it out as a :class:`~voidref.calc.results.Result`,
each chance both as an exact fraction and as a percentage.

>>> r = exchange(attack_ability=3, attack_skill=1, response="defend", response_ability=4)
>>> r.blocks[0].texts()
(('The attack hits', '575/1296', '44.4%'), ('The defense holds (ties included)', '721/1296', '55.6%'))
>>> armor(dice=2, modifier=-3).blocks[0].texts()[1]
('light', '1', '13/6', '23.1%')
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, IntField
from voidref.calc.registry import calculator, roller
from voidref.calc.results import BarChart, Result, Table, Text, decimal, line, numbered_dice, pct
from voidref.calc.results import pct_cell as percent_cell
from voidref.errors import RulesError, check_enum, check_int
from voidref.kinds import Kind
from voidref.twodice.armor import ArmorClass
from voidref.twodice.damage import hit_damage_dist, roll_hit_damage
from voidref.twodice.dice import FightingRoll
from voidref.twodice.exchange import Outcome, TestKind, counterattack_odds, defense_odds, opposed
from voidref.twodice.rulings import STANDARD, Rulings
from voidref.twodice.weapons import DAMAGE_MODIFIER_RANGE, MAX_DAMAGE_DICE, DamageRoll

__all__ = ["Response", "exchange", "armor", "roll_exchange", "roll_damage"]


class Response(Kind):
    """How the fighter attacked answers (source: *Counterattack*, *Defense*)."""

    COUNTERATTACK = "counterattack"
    """Hit back; the higher total hits the lower, and a tie hits both."""
    DEFEND = "defend"
    """Only defend; the attack must beat the total, and ties hold."""


def _fraction(p: Fraction) -> str:
    """An exact value as ``n/d`` text (``1/1`` for certainty)."""
    return f"{p.numerator}/{p.denominator}"


def _mod(name: str, label: str, default: int = 0, low: int = -10, high: int = 10) -> IntField:
    return IntField(name, label, default, f"{low} to {high}", low=low, high=high)


def _roll(prefix: str, ability: Any, skill: Any, modifier: Any) -> FightingRoll:
    try:
        return FightingRoll(ability, skill, modifier)
    except RulesError as e:
        # Name the calculator's own argument ('attack_skill', not 'skill').
        if e.argument in ("ability", "skill", "modifier"):
            raise e.renamed(f"{prefix}_{e.argument}") from None
        raise


#: an attack and its answer: the exchange calculator's fields, which its roller rolls
_EXCHANGE_FIELDS = (
    IntField("attack_ability", "Attacker's ability", 3, "0 to 10", low=0, high=10),
    IntField("attack_skill", "Attacker's skill", 1, "0 to 10", low=0, high=10),
    _mod("attack_modifier", "Attacker's modifier (recoil is negative)"),
    ChoiceField("response", "Response", "counterattack", enum=Response,
                choices=(("counterattack", "Counterattack"), ("defend", "Defend"))),
    IntField("response_ability", "Responder's ability", 3, "0 to 10", low=0, high=10),
    IntField("response_skill", "Responder's skill", 0, "0 to 10", low=0, high=10),
    _mod("response_modifier", "Responder's modifier"),
    BoolField("counter_ties_hit_both_ways", "A counterattack tie hits both",
              STANDARD.counter_ties_hit_both_ways,
              "Ours and, we read, the source's: yes. No: a tie hurts nobody.", group=RULINGS),
)


@calculator("twodice-exchange", "Attack and response (2D fighting)", "twodice",
            "The chance of each result when an attack meets a counterattack or a defense roll.",
            _EXCHANGE_FIELDS, rulings=STANDARD, rolled_by="twodice-roll")
def exchange(*, attack_ability: int = 3, attack_skill: int = 1, attack_modifier: int = 0,
             response: Response = Response.COUNTERATTACK, response_ability: int = 3, response_skill: int = 0,
             response_modifier: int = 0, rulings: Rulings = STANDARD) -> Result:
    """Chance of each result of one attack against a counterattack or a defense roll.

    Source: *Attack*, *Counterattack* and *Defense*. Each side rolls 2D + ability
    + skill + modifier (a modifier carries recoil or any other adjustment).
    """
    kind = check_enum("response", response, Response)
    rows: tuple[tuple[str, Fraction], ...]
    attack = _roll("attack", attack_ability, attack_skill, attack_modifier)
    answer = _roll("response", response_ability, response_skill, response_modifier)
    if kind is Response.COUNTERATTACK:
        d = counterattack_odds(attack, answer, rulings=rulings)
        tie = Outcome.BOTH_HIT if rulings.counter_ties_hit_both_ways else Outcome.NO_HIT
        rows = (("The attacker wins: the counterattacker is hit", d[Outcome.DEFENDER_HIT]),
                ("A tie: both are hit" if rulings.counter_ties_hit_both_ways else "A tie: nobody is hit", d[tie]),
                ("The counterattacker wins: the attacker is hit", d[Outcome.ATTACKER_HIT]))
        tie_text = "tie (both hit)" if rulings.counter_ties_hit_both_ways else "tie (nobody hit)"
        headline = line("Attacker wins {}, {} {}, counterattacker wins {}", pct(d[Outcome.DEFENDER_HIT]), tie_text,
                        pct(d[tie]), pct(d[Outcome.ATTACKER_HIT]))
    else:
        d = defense_odds(attack, answer, rulings=rulings)
        rows = (("The attack hits", d[Outcome.DEFENDER_HIT]),
                ("The defense holds (ties included)", d[Outcome.NO_HIT]))
        headline = line("The attack hits {}, the defense holds {}", pct(d[Outcome.DEFENDER_HIT]),
                        pct(d[Outcome.NO_HIT]))
    facts = (("Response", kind.value), ("Attack bonus", str(attack.bonus)), ("Response bonus", str(answer.bonus)),
             ("Difference", str(attack.bonus - answer.bonus)))
    table = Table("Outcomes", ("Label", "Exact", "Chance"),
                  tuple((label, _fraction(p), percent_cell(p)) for label, p in rows))
    return Result(headline, facts, (table,))


@calculator("twodice-armor", "Damage through armour (2D fighting)", "twodice",
            "Damage one hit deals through each class of armour.", (
                IntField("dice", "Damage dice (D)", 2, "1 to 8", low=1, high=8),
                _mod("modifier", "Damage modifier", 0, -6, 10),
                ChoiceField("armor", "Armour", "all", choices=(("all", "Every class"), ("none", "None"),
                                                                ("light", "Light"), ("medium", "Medium"),
                                                                ("heavy", "Heavy"))),
            ))
def armor(*, dice: int = 2, modifier: int = 0, armor: str = "all") -> Result:
    """Damage one hit of a weapon deals through each class of armour (or one class), exactly.

    Source: *Armor* (saves cancel damage dice; flat bonuses are saved like dice;
    negative modifiers come off the highest die first).
    """
    # The form says dice and modifier (the source's words); the engine's roll says count and bonus.
    check_int("dice", dice, 1, MAX_DAMAGE_DICE)
    check_int("modifier", modifier, *DAMAGE_MODIFIER_RANGE)
    roll = DamageRoll(dice, bonus=modifier)
    classes = list(ArmorClass) if armor == "all" else [check_enum("armor", armor, ArmorClass)]
    summary = []
    headline = line("Mean damage of {}: ", roll)
    blocks: list[Table | BarChart] = []
    for a in classes:
        d = hit_damage_dist(roll, a)
        mean = d.mean()
        summary.append((a.value, str(a.save_dice), str(mean) if mean.denominator == 1 else _fraction(mean),
                        percent_cell(d[0])))
        if len(classes) > 1:
            headline += line("{}{} {}", ", " if a is not classes[0] else "", a.value, decimal(mean))
        else:
            headline += line("{} armour {}, no damage {}", a.value, decimal(mean), pct(d[0]))
        caption = f"Distribution (Armor {a.value})"
        probabilities = d.probabilities()
        blocks.append(Table(caption, ("Damage", "Exact", "Chance"),
                            tuple((str(v), _fraction(p), percent_cell(p)) for v, p in probabilities.items())))
        blocks.append(BarChart(f"Chance of each damage: {caption.lower()}", "Damage",
                               tuple((str(v), p) for v, p in probabilities.items())))
    table = Table("Armor", ("Armor", "Save dice", "Mean", "No damage"), tuple(summary))
    return Result(headline, (("Damage", str(roll)),), (table, *blocks))


# -- Rolling at the table -----------------------------------------------------------

_OUTCOME_WORDS = {Outcome.DEFENDER_HIT: "The attack hits", Outcome.ATTACKER_HIT: "The counterattack hits",
                  Outcome.BOTH_HIT: "Both are hit", Outcome.NO_HIT: "Nobody is hit"}


@roller("twodice-roll", "Roll an attack and its answer (2D fighting)", "twodice",
        "Roll 2D + ability + skill for the attack and for the counterattack or defence, and who is hit.",
        _EXCHANGE_FIELDS, rulings=STANDARD,
        nudges=(("Attacker +1", "attack_modifier", 1), ("Attacker −1", "attack_modifier", -1)))
def roll_exchange(*, attack_ability: int = 3, attack_skill: int = 1, attack_modifier: int = 0,
                  response: Response = Response.COUNTERATTACK, response_ability: int = 3, response_skill: int = 0,
                  response_modifier: int = 0, rulings: Rulings = STANDARD, rng: random.Random) -> Result:
    """Roll an attack and its answer (:meth:`voidref.twodice.dice.FightingRoll.roll`), read by the engine's ``opposed``.

    >>> roll_exchange(rng=random.Random(1)).headline
    'The attack hits: 2 + 5 + 4 = 11 against 1 + 3 + 3 = 7'
    """
    kind = check_enum("response", response, Response)
    attack, answer = (_roll("attack", attack_ability, attack_skill, attack_modifier),
                      _roll("response", response_ability, response_skill, response_modifier))
    a, d = attack.roll(rng), answer.roll(rng)
    test = TestKind.COUNTERATTACK if kind is Response.COUNTERATTACK else TestKind.DEFENSE
    outcome = opposed(test, a.total, d.total, rulings=rulings)
    odds = (counterattack_odds if kind is Response.COUNTERATTACK else defense_odds)(attack, answer, rulings=rulings)
    facts: tuple[tuple[str, Text], ...] = (
        ("Attack", f"2D {'+'.join(map(str, a.dice))} {attack.bonus:+d} = {a.total}"),
        (kind.value.title(), f"2D {'+'.join(map(str, d.dice))} {answer.bonus:+d} = {d.total}"),
        (f"Chance of this result ({_OUTCOME_WORDS[outcome].lower()})", pct(odds[outcome])),
    )
    head = (f"{_OUTCOME_WORDS[outcome]}: {' + '.join(map(str, a.dice))} + {attack.bonus} = {a.total} against "
            f"{' + '.join(map(str, d.dice))} + {answer.bonus} = {d.total}")
    shown = numbered_dice(a.dice, role="Attack") + numbered_dice(d.dice, role=kind.value.title())
    return Result(head, facts, dice=shown)


@roller("twodice-damage-roll", "Roll damage through armour (2D fighting)", "twodice",
        "Roll a hit's damage dice and the armour's save dice: what the saves stop and what gets through.", (
            IntField("dice", "Damage dice (D)", 2, "1 to 8", low=1, high=8),
            _mod("modifier", "Damage modifier", 0, -6, 10),
            ChoiceField("armor", "Armour", "none", choices=(("none", "None"), ("light", "Light"),
                                                            ("medium", "Medium"), ("heavy", "Heavy"))),
        ))
def roll_damage(*, dice: int = 2, modifier: int = 0, armor: str = "none", rng: random.Random) -> Result:
    """Roll a hit's damage and saves (:func:`voidref.twodice.damage.roll_hit_damage`): faces, what is stopped, damage.

    >>> roll_damage(dice=2, modifier=-3, armor="light", rng=random.Random(0)).headline
    '4 damage: 1 of 2 dice got through the saves'
    """
    roll = DamageRoll(check_int("dice", dice, 1, MAX_DAMAGE_DICE),
                      bonus=check_int("modifier", modifier, *DAMAGE_MODIFIER_RANGE))
    armour = check_enum("armor", armor, ArmorClass)
    hit = roll_hit_damage(roll, armour, rng)
    d = hit_damage_dist(roll, armour)
    saved = hit.saved
    facts: tuple[tuple[str, Text], ...] = (
        ("Damage", str(roll)), ("Damage items after the modifier", ", ".join(map(str, saved.items)) or "none"),
        ("Saves", ", ".join(map(str, saved.saves)) or "none"),
        ("Stopped", ", ".join(map(str, saved.stopped)) or "none"),
        (f"Chance of {saved.damage} damage or more", pct(d.prob(lambda x: x >= saved.damage))),
    )
    head = f"{saved.damage} damage: {len(saved.left)} of {len(saved.items)} dice got through the saves"
    shown = numbered_dice(hit.faces, role="Damage") + numbered_dice(hit.save_faces, role="Save")
    return Result(head, facts, dice=shown)
