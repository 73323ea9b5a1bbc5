"""Calculators for the other systems: each wraps a plain-data function of ``voidref.<system>.calculators``.

Those functions return dicts of numbers, text, exact fractions and lists of
rows; :func:`plain_result` lays any such dict out as a
:class:`~voidref.calc.results.Result` (scalars as facts, lists of rows as
tables, a row list with values and probabilities also as a bar chart).

>>> r = plain_result({"summary": "ok", "chance": Fraction(1, 4), "rows": [{"label": "a", "percent": "25.0%"}]})
>>> r.headline, r.facts, r.blocks[0].caption, r.blocks[0].rows
('ok', (('Chance', '25.0%'),), 'Odds', (('a', '25.0%'),))
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from voidref.calc.fields import BoolField, ChoiceField, Field, IntField, TextField
from voidref.calc.registry import Calculator, register
from voidref.calc.results import BarChart, Result, Table, decimal, pct
from voidref.cantor import calculators as cantor
from voidref.pirates import calculators as pirates
from voidref.twodice import calculators as twodice
from voidref.upper_hand import calculators as upper_hand

__all__ = ["plain_result"]

_SKIP = {"summary", "anchor", "probability", "mean_value", "key"}


_NAMES = {"rows": "Odds", "percent": "Chance"}


def _label(key: str) -> str:
    if key in _NAMES:
        return _NAMES[key]
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _cell(key: str, value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if "percent" in value:
            return str(value["percent"])
        return ", ".join(f"{_label(k)} {_cell(k, v)}" for k, v in value.items() if k not in _SKIP)
    if isinstance(value, Fraction):
        if "mean" in key or value > 1 or value < 0:
            return decimal(value)
        return pct(value)
    if isinstance(value, float):
        return decimal(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(key, v) for v in value)
    return str(value)


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    cols: list[str] = []
    for row in rows:
        for k, v in row.items():
            if k in cols or k in _SKIP or isinstance(v, list) or k.endswith("_percent"):
                continue
            cols.append(k)
    return cols


def _table_and_chart(caption: str, rows: list[dict[str, Any]]) -> list[Table | BarChart]:
    cols = _columns(rows)
    def cell(c: str, r: dict[str, Any]) -> str:
        if c == "percent" and isinstance(r.get("probability"), Fraction):
            return pct(r["probability"])  # never a false 0.0% for a tiny chance
        return _cell(c, r.get(c))

    table = Table(caption, tuple(_label(c) for c in cols), tuple(tuple(cell(c, r) for c in cols) for r in rows))
    out: list[Table | BarChart] = [table]
    axis = next((c for c in ("value", "damage", "hp") if all(c in r for r in rows)), None)
    if axis and all(isinstance(r.get("probability"), (Fraction, float, int)) for r in rows):
        out.append(BarChart(f"Chance of each {_label(axis).lower()}: {caption.lower()}", _label(axis),
                            tuple((str(r[axis]), Fraction(r["probability"]).limit_denominator(10**12)
                                   if isinstance(r["probability"], float) else Fraction(r["probability"]))
                                  for r in rows)))
    for r in rows:  # rows that hold their own distribution (one per armour class, say)
        for k, v in r.items():
            if isinstance(v, list) and v and isinstance(v[0], dict):
                name = ", ".join(f"{_label(c)} {_cell(c, r[c])}" for c in cols[:1])
                out += _table_and_chart(f"{_label(k)} ({name})", v)
    return out


def plain_result(data: dict[str, Any], title: str = "") -> Result:
    """Lay out a plain-data answer: headline from ``summary``, facts, tables, charts."""
    summary = data.get("summary", title)
    lines = [summary] if isinstance(summary, str) else list(summary)
    facts, blocks = [], []
    for key, value in data.items():
        if key in _SKIP or key.endswith("_percent"):
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            blocks += _table_and_chart(_label(key), value)
        elif isinstance(value, list) and not value:
            facts.append((_label(key), "none"))
        else:
            facts.append((_label(key), _cell(key, value)))
    return Result(lines[0] if lines else title, tuple(facts), tuple(blocks), tuple(lines[1:]))


def _wrap(func: Callable[..., dict[str, Any]], title: str, fixed: dict[str, Any] | None = None,
          none_if_zero: tuple[str, ...] = ()) -> Callable[..., Result]:
    def compute(**values: Any) -> Result:
        kwargs = dict(fixed or {})
        for k, v in values.items():
            kwargs[k] = None if (k in none_if_zero and v in (0, "all")) else v
        return plain_result(func(**kwargs), title)
    compute.__name__ = func.__name__
    compute.__doc__ = f"{title}: :func:`{func.__module__}.{func.__name__}`, laid out."
    return compute


def _add(slug: str, title: str, system: str, intro: str, func, fields: tuple[Field, ...], **kw) -> None:
    register(Calculator(slug=slug, title=title, system=system, intro=intro, compute=_wrap(func, title, **kw),
                        fields=fields))


def _mod(name: str, label: str, default: int = 0, low: int = -10, high: int = 10, help: str = "") -> IntField:
    return IntField(name, label, default, help or f"{low} to {high}", low=low, high=high)


_DAMAGE_TYPES = (("physical", "Physical"), ("energy", "Energy"))

# -- Void Pirates --------------------------------------------------------------------------
_add("pirates-action-roll", "Action roll (Void Pirates)", "pirates",
     "The odds of one Action Roll, 3d6 plus modifiers against a Target Number.", pirates.action_roll_odds, (
         IntField("target_number", "Target Number (TN)", 12, "3 to 30", low=3, high=30),
         _mod("attribute_modifier", "Attribute modifier (AtMod)", 0, -5, 5),
         IntField("skill_rank", "Skill rank", 0, "0 to 10", low=0, high=10),
         _mod("gravity_modifier", "Gravity modifier", 0, -6, 6),
         _mod("additional", "Other modifiers"),
     ))
_add("pirates-opposed-roll", "Opposed roll (Void Pirates)", "pirates",
     "Who wins when two Action Rolls are compared, ties included.", pirates.opposed_roll_odds, (
         _mod("attacker_modifier", "Attacker's total modifier"),
         _mod("defender_modifier", "Defender's total modifier"),
     ))
_add("pirates-soak", "Damage after armour (Void Pirates)", "pirates",
     "Hit Points lost from one hit once armour has soaked its share.", pirates.damage_after_soak, (
         TextField("dice", "Damage dice", "2d6", "e.g. 2d6 or 1d6+2", max_length=20),
         IntField("armor_value", "Armour Value (AV)", 6, "0 to 20", low=0, high=20),
         ChoiceField("damage_type", "Damage type", "physical", choices=_DAMAGE_TYPES),
         BoolField("critical", "Critical hit", False),
         BoolField("partial", "Partial success", False),
     ))
_add("pirates-move", "Move and encumbrance (Void Pirates)", "pirates",
     "Move Rate after gear and carried weight, and the metres of each turn option.",
     pirates.encumbrance_and_move, (
         IntField("agility", "Agility (AGL)", 9, "1 to 20", low=1, high=20),
         IntField("strength", "Strength (STR)", 12, "1 to 20", low=1, high=20),
         IntField("carried_kg", "Carried (kg)", 0, "0 to 400", low=0, high=400),
         _mod("gear", "Gear modifier to Move (m)", 0, -10, 10),
         ChoiceField("gravity_rating", "Gravity Rating", "standard",
                     choices=(("floater", "Floater"), ("standard", "Standard"), ("stomper", "Stomper"))),
         ChoiceField("gravity", "Local gravity", "standard", choices=(
             ("zero_g", "Zero G"), ("low", "Low"), ("standard", "Standard"), ("high", "High"))),
         IntField("level", "Level", 1, "1 to 5", low=1, high=5),
     ))
_add("pirates-ship-gunnery", "Ship gunnery (Void Pirates)", "pirates",
     "One ship shot: Gunnery against the target's Piloting, then damage after AV.", pirates.ship_gunnery, (
         _mod("gunner_modifier", "Gunner's modifier"),
         _mod("pilot_modifier", "Target pilot's modifier"),
         TextField("dice", "Damage dice", "12d6", "e.g. 12d6", max_length=20),
         IntField("armor_value", "Target's AV", 0, "0 to 30", low=0, high=30),
         ChoiceField("damage_type", "Damage type", "physical", choices=_DAMAGE_TYPES),
         ChoiceField("range_band", "Range", "medium", choices=(("close", "Close"), ("medium", "Medium"),
                                                              ("long", "Long"))),
         BoolField("ecm", "Target's ECM on", False),
         BoolField("tractor", "Target held by a tractor beam", False),
     ))

# -- Cantor ----------------------------------------------------------------------------------
_CANTOR_ATTACK = (
    TextField("damage", "Damage", "2d6", "e.g. 2d6 or 1d6+2", max_length=20),
    ChoiceField("damage_type", "Damage type", "kinetic", choices=(
        ("kinetic", "Kinetic"), ("energy", "Energy"), ("sonic", "Sonic"), ("tech", "Tech"))),
    IntField("max_range", "Weapon range", 8, "1 to 30", low=1, high=30),
    BoolField("melee", "Melee weapon", False),
    IntField("reliable", "Reliable", 0, "0 to 5", low=0, high=5),
    BoolField("armor_piercing", "Armour-piercing", False),
    IntField("distance", "Distance to the target", 4, "1 to 30", low=1, high=30),
    IntField("evasion", "Target's Evasion", 8, "0 to 20", low=0, high=20),
    IntField("armor", "Target's Armour", 1, "0 to 5", low=0, high=5),
    ChoiceField("cover", "Target's cover", "none", choices=(("none", "None"), ("soft", "Soft"), ("hard", "Hard"))),
    BoolField("locked", "Attacker has a Lock On", False),
    IntField("grit", "Attacker's Grit", 2, "0 to 6", low=0, high=6),
    BoolField("exposed", "Target Exposed", False),
    BoolField("braced", "Target Braced", False),
    IntField("extra_accuracy", "Other Accuracy", 0, "0 to 5", low=0, high=5),
    IntField("extra_difficulty", "Other Difficulty", 0, "0 to 5", low=0, high=5),
)
_add("cantor-attack", "Attack (Cantor)", "cantor",
     "One attack's chance to hit and the damage it deals, step by step.", cantor.attack_odds, _CANTOR_ATTACK)
_add("cantor-structure", "Structure (Cantor)", "cantor",
     "What one attack does to a unit's HP and Structure.", cantor.structure_odds, _CANTOR_ATTACK + (
         IntField("hp", "Target's HP now", 6, "0 to 40", low=0, high=40),
         IntField("max_hp", "Target's maximum HP", 12, "1 to 40", low=1, high=40),
         IntField("overshield", "Overshield", 0, "0 to 20", low=0, high=20),
         IntField("structure", "Structure left", 2, "0 to 6", low=0, high=6),
     ))

# -- 2D fighting -------------------------------------------------------------------------------
_add("twodice-exchange", "Attack and response (2D fighting)", "twodice",
     "The chance of each result when an attack meets a counterattack or a defense roll.", twodice.exchange_odds, (
         IntField("attack_ability", "Attacker's ability", 3, "0 to 10", low=0, high=10),
         IntField("attack_skill", "Attacker's skill", 1, "0 to 10", low=0, high=10),
         _mod("attack_modifier", "Attacker's modifier (recoil is negative)"),
         ChoiceField("response", "Response", "counterattack",
                     choices=(("counterattack", "Counterattack"), ("defend", "Defend"))),
         IntField("response_ability", "Responder's ability", 3, "0 to 10", low=0, high=10),
         IntField("response_skill", "Responder's skill", 0, "0 to 10", low=0, high=10),
         _mod("response_modifier", "Responder's modifier"),
     ))
_add("twodice-armor", "Damage through armour (2D fighting)", "twodice",
     "Damage one hit deals through each class of armour.", twodice.armor_damage, (
         IntField("dice", "Damage dice (D)", 2, "1 to 8", low=1, high=8),
         _mod("modifier", "Damage modifier", 0, -6, 10),
         ChoiceField("armor", "Armour", "all", choices=(("all", "Every class"), ("none", "None"),
                                                         ("light", "Light"), ("medium", "Medium"),
                                                         ("heavy", "Heavy"))),
     ), none_if_zero=("armor",))

# -- Upper Hand ----------------------------------------------------------------------------------
_add("upper-hand-phase", "Maneuver phase (Upper Hand)", "upper_hand",
     "Who wins one Maneuver phase and who holds the Upper Hand after it.", upper_hand.upper_hand_chance, (
         IntField("my_thrusters", "My Thrusters rank", 2, "0 to 10", low=0, high=10),
         IntField("my_pilot", "My Pilot skill", 0, "0 to 10", low=0, high=10),
         ChoiceField("my_thrusters_condition", "My Thrusters", "intact",
                     choices=(("intact", "Intact"), ("damaged", "Damaged"), ("disabled", "Disabled"))),
         IntField("their_thrusters", "Their Thrusters rank", 2, "0 to 10", low=0, high=10),
         IntField("their_pilot", "Their Pilot skill", 0, "0 to 10", low=0, high=10),
         ChoiceField("their_thrusters_condition", "Their Thrusters", "intact",
                     choices=(("intact", "Intact"), ("damaged", "Damaged"), ("disabled", "Disabled"))),
         ChoiceField("holder", "Who holds the Upper Hand now", "nobody",
                     choices=(("nobody", "Nobody"), ("me", "Me"), ("them", "Them"))),
     ))

_GOALS = (("jump", "Jump out"), ("dock", "Dock and board"), ("reach", "Reach a position"),
          ("leap", "Leap across (needs boarders)"))


def _engagement_ship(who: str, label: str, goal: str) -> tuple:
    """One ship's fields for the whole-engagement calculator (*who* is ``my`` or ``their``)."""
    ranks = (("computer", "Computer rank", 1), ("guns", "Guns rank", 1), ("thrusters", "Thrusters rank", 2),
             ("gunnery", "Gunnery skill", 0), ("pilot", "Pilot skill", 0), ("boarders", "boarders (for a leap)", 0))
    return (ChoiceField(f"{who}_goal", f"{label} goal", goal, choices=_GOALS),
            *(IntField(f"{who}_{name}", f"{label} {text}", default, "0 to 10", low=0, high=10)
              for name, text, default in ranks))


_add("upper-hand-engagement", "Whole engagement (Upper Hand)", "upper_hand",
     "A whole engagement played to its end: exact (a Markov chain) when the chain is small enough, "
     "otherwise a seeded simulation with its margin of error.", upper_hand.engagement_outcome_odds,
     _engagement_ship("my", "My", "jump") + _engagement_ship("their", "Their", "dock"),
     fixed={"trials": 1000, "exact_work_limit": 200_000, "exact_fractions": False})
