"""Calculators for 2D fighting: plain keyword arguments in, plain data out.

These are the functions the site's calculators call (in the browser and at
build time). Inputs are ints and short strings; outputs are dicts and lists of
ints, floats and strings only, so they pass through JSON unchanged. Each
probability is given three ways: ``exact`` (a fraction as text, e.g.
``"575/1296"``), ``probability`` (a float, for charts) and ``percent`` (text
for people). Bad input raises :class:`~voidref.errors.RulesError` naming the
argument.

>>> odds = exchange_odds(attack_ability=3, attack_skill=1, response="defend", response_ability=4)
>>> [(o["key"], o["exact"]) for o in odds["outcomes"]]
[('hit', '575/1296'), ('held', '721/1296')]
>>> armor_damage(dice=2, modifier=-3)["armor"][1]["no_damage"]["exact"]
'25/108'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from voidref.errors import RulesError, check_enum
from voidref.kinds import Kind
from voidref.twodice.armor import ArmorClass
from voidref.twodice.damage import hit_damage_dist
from voidref.twodice.dice import FightingRoll
from voidref.twodice.exchange import Outcome, counterattack_odds, defense_odds
from voidref.twodice.tables import pct
from voidref.twodice.weapons import DamageRoll

__all__ = ["Response", "exchange_odds", "armor_damage"]


class Response(Kind):
    """How the fighter attacked answers (source: *Counterattack*, *Defense*)."""

    COUNTERATTACK = "counterattack"
    """Hit back; the higher total hits the lower, and a tie hits both."""
    DEFEND = "defend"
    """Only defend; the attack must beat the total, and ties hold."""


def _prob(p: Fraction) -> dict[str, Any]:
    return {"exact": f"{p.numerator}/{p.denominator}", "probability": float(p), "percent": pct(p)}


def exchange_odds(
    *,
    attack_ability: int,
    attack_skill: int = 0,
    attack_modifier: int = 0,
    response: str = "counterattack",
    response_ability: int = 0,
    response_skill: int = 0,
    response_modifier: int = 0,
) -> dict[str, Any]:
    """Chance of each result of one attack against a counterattack or a defense roll.

    Source: *Attack*, *Counterattack* and *Defense*. Each side rolls 2D + ability
    + skill + modifier (a modifier carries recoil or any other adjustment).

    Args:
        attack_ability: the attacker's ability.
        attack_skill: the attacker's fighting skill (0 if none).
        attack_modifier: any other adjustment to the attack (recoil is negative).
        response: ``"counterattack"`` or ``"defend"``.
        response_ability: the answering fighter's ability.
        response_skill: the answering fighter's fighting skill.
        response_modifier: any other adjustment to the answering roll.

    Returns:
        ``{"response", "attack_bonus", "response_bonus", "difference", "outcomes"}``;
        ``outcomes`` lists ``{"key", "label", "exact", "probability", "percent"}``.
        Keys for a counterattack: ``attacker_wins``, ``tie``, ``counter_wins``;
        for a defense: ``hit``, ``held``.
    """
    kind = check_enum("response", response, Response)
    attack = _roll("attack", attack_ability, attack_skill, attack_modifier)
    answer = _roll("response", response_ability, response_skill, response_modifier)
    if kind is Response.COUNTERATTACK:
        d = counterattack_odds(attack, answer)
        rows = [
            ("attacker_wins", "The attacker wins: the counterattacker is hit", d[Outcome.DEFENDER_HIT]),
            ("tie", "A tie: both are hit", d[Outcome.BOTH_HIT]),
            ("counter_wins", "The counterattacker wins: the attacker is hit", d[Outcome.ATTACKER_HIT]),
        ]
    else:
        d = defense_odds(attack, answer)
        rows = [
            ("hit", "The attack hits", d[Outcome.DEFENDER_HIT]),
            ("held", "The defense holds (ties included)", d[Outcome.NO_HIT]),
        ]
    return {
        "response": kind.value,
        "attack_bonus": attack.bonus,
        "response_bonus": answer.bonus,
        "difference": attack.bonus - answer.bonus,
        "outcomes": [{"key": k, "label": label, **_prob(p)} for k, label, p in rows],
    }


def _roll(prefix: str, ability: Any, skill: Any, modifier: Any) -> FightingRoll:
    try:
        return FightingRoll(ability, skill, modifier)
    except RulesError as e:
        # Name the calculator's own argument ('attack_skill', not 'skill').
        for name in ("ability", "skill", "modifier"):
            if str(e).startswith(f"'{name}'"):
                raise RulesError(f"'{prefix}_{name}'" + str(e)[len(name) + 2:]) from None
        raise


def armor_damage(*, dice: int, modifier: int = 0, armor: str | None = None) -> dict[str, Any]:
    """Damage one hit of a weapon deals through each class of armor, exactly.

    Source: *Armor* (saves cancel damage dice; flat bonuses are saved like dice;
    negative modifiers come off the highest die first).

    Args:
        dice: the weapon's damage dice (1 to 8).
        modifier: its flat damage modifier (e.g. -3 for 2D-3, 4 for 2D+4).
        armor: one class (``"none"``, ``"light"``, ``"medium"``, ``"heavy"``) or
            ``None`` for all four.

    Returns:
        ``{"damage": "2D+4", "armor": [...]}``; each armor entry holds ``armor``,
        ``save_dice``, ``mean`` (exact text), ``mean_value`` (float), ``no_damage``
        (a probability) and ``distribution``, a list of ``{"damage", "exact",
        "probability", "percent"}`` from the least damage up.
    """
    roll = DamageRoll(dice, modifier)
    classes = list(ArmorClass) if armor is None else [check_enum("armor", armor, ArmorClass)]
    out = []
    for a in classes:
        d = hit_damage_dist(roll, a)
        mean = d.mean()
        out.append(
            {
                "armor": a.value,
                "save_dice": a.save_dice,
                "mean": f"{mean.numerator}/{mean.denominator}" if mean.denominator != 1 else str(mean.numerator),
                "mean_value": float(mean),
                "no_damage": _prob(d[0]),
                "distribution": [{"damage": v, **_prob(p)} for v, p in d.probabilities().items()],
            }
        )
    return {"damage": str(roll), "armor": out}
