"""Plain-data entry points for the site's Void Pirates calculators.

Each function takes keyword arguments of plain types (ints, strings, bools)
and returns plain data: dicts and lists holding ints, strings and exact
:class:`~fractions.Fraction` probabilities (``percent`` strings are for display
only). The rules live in the engine modules; these functions only gather
their answers. Bad input raises :class:`~voidref.errors.RulesError` naming the
argument.

>>> odds = action_roll_odds(target_number=15, attribute=14, skill_rank=2)
>>> odds["modifier"], odds["full"]
(7, Fraction(181, 216))
>>> damage_after_soak(dice="2d6", armor_value=6, damage_type="physical")["minimum_applies"]
Fraction(5, 12)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from voidref.errors import check_bool, check_enum, check_int
from voidref.exact import Dist, percent
from voidref.pirates import rulings as _data
from voidref.pirates.actions import ActionRoll
from voidref.pirates.damage import PARTIAL_DAMAGE_SHARE, DamageDice, DamageType, hit_distribution, soak
from voidref.pirates.movement import (
    base_move,
    carry_limit,
    encumbrance_steps,
    move_rate,
    part_move,
    turn_options,
)
from voidref.pirates.opposed import opposed_odds
from voidref.pirates.rulings import STANDARD, Rulings
from voidref.pirates.ships import gunnery_distribution, gunnery_modifier, gunnery_odds

__all__ = [
    "action_roll_odds",
    "opposed_roll_odds",
    "damage_after_soak",
    "encumbrance_and_move",
    "ship_gunnery",
]


def _rows(pairs: list[tuple[str, Fraction]]) -> list[dict[str, Any]]:
    return [{"label": label, "probability": p, "percent": percent(p)} for label, p in pairs]


def _dist_rows(d: Dist) -> list[dict[str, Any]]:
    return [{"value": k, "probability": p, "percent": percent(p)} for k, p in d.probabilities().items()]


def _roll(attribute: int | None, attribute_modifier: int, skill_rank: int, gravity_modifier: int,
          additional: int, second_skill_rank: int | None, rulings: Rulings = STANDARD) -> ActionRoll:
    if attribute is not None:
        attribute_modifier = _data.attribute_modifier(attribute, rulings=rulings)
    second = None if second_skill_rank is None else _data.skill_rank_modifier(second_skill_rank)
    return ActionRoll(attribute_modifier=attribute_modifier, skill_rank_modifier=_data.skill_rank_modifier(skill_rank),
                      gravity_modifier=gravity_modifier, additional=additional, inspiration_srm=second)


def action_roll_odds(
    *,
    target_number: int = 12,
    attribute: int | None = None,
    attribute_modifier: int = 0,
    skill_rank: int = 0,
    gravity_modifier: int = 0,
    additional: int = 0,
    second_skill_rank: int | None = None,
    rulings: Rulings = STANDARD,
) -> dict[str, Any]:
    """Odds of one Action Roll against a TN (rule anchor ``pirates-action-roll``).

    Give either an *attribute* score (its AtMod comes from the ruling table)
    or an *attribute_modifier*. *second_skill_rank* switches on Critical
    Inspiration. Returns ``modifier``, ``target_number``, ``full``,
    ``partial``, ``failure``, ``critical``, ``inspired``, ``fumble``,
    ``natural_18``, ``rows`` (label, probability, percent) and ``summary``.
    """
    roll = _roll(attribute, attribute_modifier, skill_rank, gravity_modifier, additional, second_skill_rank, rulings)
    odds = roll.odds(target_number, rulings=rulings)
    out: dict[str, Any] = {"modifier": roll.modifier, "target_number": target_number}
    out.update(odds)
    out["rows"] = _rows([
        ("Full success", odds["full"]),
        ("Partial success (TN - 1)", odds["partial"]),
        ("Failure", odds["failure"]),
        ("Natural 18 reaching the TN (an attack's 18 always hits)", odds["critical"]),
        ("Fumble (natural 3)", odds["fumble"]),
    ])
    out["summary"] = (f"3d6{roll.modifier:+d} against TN {target_number}: "
                      f"{percent(odds['full'])} full, {percent(odds['partial'])} partial, "
                      f"{percent(odds['failure'])} failure")
    out["anchor"] = "pirates-action-roll"
    return out


def opposed_roll_odds(
    *,
    attacker_modifier: int = 0,
    defender_modifier: int = 0,
    attacker_second_skill_rank: int | None = None,
    defender_second_skill_rank: int | None = None,
    rulings: Rulings = STANDARD,
) -> dict[str, Any]:
    """Odds of an opposed roll from the attacker's side (anchor ``pirates-opposed``).

    Modifiers are each side's total. Returns ``win``, ``tie``, ``loss``,
    ``critical``, ``inspired``, ``attacker_fumble``, ``defender_fumble``,
    ``rows`` and ``summary``.

    >>> opposed_roll_odds(attacker_modifier=3)["win"] > opposed_roll_odds()["win"]
    True
    """
    a = _roll(None, 0, 0, 0, attacker_modifier, attacker_second_skill_rank)
    d = _roll(None, 0, 0, 0, defender_modifier, defender_second_skill_rank)
    odds = opposed_odds(a, d, rulings=rulings)
    out: dict[str, Any] = dict(odds)
    out["rows"] = _rows([
        ("Attacker wins", odds["win"]),
        ("Tie: partial for the attacker", odds["tie"]),
        ("Defender wins", odds["loss"]),
        ("Critical Hit (attacker's natural 18)", odds["critical"]),
    ])
    out["summary"] = (f"3d6{attacker_modifier:+d} against 3d6{defender_modifier:+d}: attacker wins "
                      f"{percent(odds['win'])}, ties {percent(odds['tie'])}, loses {percent(odds['loss'])}")
    out["anchor"] = "pirates-opposed"
    return out


def damage_after_soak(
    *,
    dice: str = "2d6",
    armor_value: int = 0,
    damage_type: str = "physical",
    critical: bool = False,
    partial: bool = False,
    rulings: Rulings = STANDARD,
) -> dict[str, Any]:
    """Distribution of HP lost from one hit (anchor ``pirates-soak``).

    Returns ``soak`` (points absorbed), ``distribution`` (rows of value,
    probability, percent), ``mean`` and ``minimum_applies`` (the chance the
    minimum-1 rule is what lets damage through), plus ``summary``.
    """
    kind = check_enum("damage_type", damage_type, DamageType)
    parsed = DamageDice.parse(dice)
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
    return {
        "dice": str(parsed),
        "soak": absorbed,
        "distribution": _dist_rows(d),
        "mean": d.mean(),
        "minimum_applies": minimum,
        "summary": (f"{parsed}{' +1d4' if critical else ''} {kind.value} against AV {armor_value}: "
                    f"armour soaks {absorbed}, average {float(d.mean()):.2f} HP, "
                    f"minimum 1 applies {percent(minimum)} of the time"),
        "anchor": "pirates-soak",
    }


def encumbrance_and_move(
    *,
    agility: int,
    strength: int,
    carried_kg: int = 0,
    gear: int = 0,
    gravity_rating: str = "standard",
    gravity: str = "standard",
    level: int = 1,
    rulings: Rulings = STANDARD,
) -> dict[str, Any]:
    """Move Rate after gear and encumbrance, and each turn option's metres (anchor ``pirates-move``).

    Returns ``base_move``, ``carry_limit``, ``excess_kg``, ``mismatched``,
    ``steps``, ``move`` and ``options`` (text, metres), plus ``summary``.

    >>> r = encumbrance_and_move(agility=9, strength=12, carried_kg=168)
    >>> r["steps"], r["move"], [o["metres"] for o in r["options"]]
    (2, 16, [4, 16])
    """
    mismatched = _data.is_mismatched_gravity(gravity_rating, gravity)
    check_int("level", level, low=1, high=5)
    limit = carry_limit(strength)
    steps = encumbrance_steps(carried_kg, strength, mismatched, rulings=rulings)
    move = move_rate(agility, gear, carried_kg, strength, mismatched, rulings=rulings)
    options = [{"text": o.describe(), "metres": part_move(move, o.move_share)} for o in turn_options(level)]
    return {
        "base_move": base_move(agility),
        "carry_limit": limit,
        "excess_kg": max(0, carried_kg - limit),
        "mismatched": mismatched,
        "steps": steps,
        "move": move,
        "options": options,
        "summary": (f"Move {move} m (AGL {agility} x 2 = {base_move(agility)} m, gear {gear:+d} m, "
                    f"encumbrance -{steps} m); carry limit {limit} kg"),
        "anchor": "pirates-move",
    }


def ship_gunnery(
    *,
    gunner_modifier: int = 0,
    pilot_modifier: int = 0,
    dice: str = "12d6",
    armor_value: int = 0,
    damage_type: str = "physical",
    range_band: str = "medium",
    ecm: bool = False,
    tractor: bool = False,
    rulings: Rulings = STANDARD,
) -> dict[str, Any]:
    """One ship shot: Gunnery against the target's Piloting, then damage after AV (anchor ``pirates-gunnery``).

    Returns ``situational_modifier``, ``win``, ``tie``, ``loss``, ``critical``,
    each system hit's chance, ``distribution`` (HP lost, 0 = miss), ``mean``
    and ``summary``.
    """
    gunner = ActionRoll(additional=gunner_modifier)
    pilot = ActionRoll(additional=pilot_modifier)
    situational = gunnery_modifier(range_band, ecm, tractor, rulings=rulings)
    odds = gunnery_odds(gunner, pilot, range_band, ecm, tractor, rulings=rulings)
    d = gunnery_distribution(gunner, pilot, dice, armor_value, damage_type, range_band, ecm, tractor, rulings=rulings)
    out: dict[str, Any] = {"situational_modifier": situational}
    out.update(odds)
    out["distribution"] = _dist_rows(d)
    out["mean"] = d.mean()
    out["summary"] = (f"Gunnery 3d6{gunner_modifier + situational:+d} against Piloting 3d6{pilot_modifier:+d}: "
                      f"hit {percent(odds['win'] + odds['tie'])} (tie {percent(odds['tie'])}), "
                      f"average {float(d.mean()):.2f} HP a shot")
    out["anchor"] = "pirates-gunnery"
    return out
