"""Tables for the Void Pirates chapter, computed by the engine and returned as MyST Markdown.

Each function is called at build time by the site's ``{computed}`` directive,
so every number a reader looks up comes from the same code the tests check.

>>> print(soak_table(armor_values=(6,)))
| AV | Physical soak | Energy soak |
| --- | ---: | ---: |
| 6 | 6 | 3 |
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from voidref.errors import RulesError, describe
from voidref.pirates import environment, rulings
from voidref.pirates.actions import THREE_D6, ActionRoll
from voidref.pirates.boarding import (
    ESCAPE_TN,
    SEAL_BREACH_TN,
    BoardingMethod,
    BulkheadAction,
    ShipSystem,
    passes,
    stabilization_chance,
)
from voidref.pirates.damage import STUN_TN, hit_distribution, soak, stun_odds, stun_roll, wound_penalty
from voidref.pirates.fumbles import CLEAR_JAM_TN, FUMBLE_TABLE, Fumble
from voidref.pirates.movement import ITEM_WEIGHTS, base_move, encumbrance_steps, part_move, turn_options
from voidref.pirates.opposed import opposed_odds
from voidref.pirates.ships import (
    CLOSE_RANGE_MODIFIER,
    ECM_MODIFIER,
    LONG_RANGE_MODIFIER,
    SYSTEM_HIT_TABLE,
    TRACTOR_MODIFIER,
    HullClass,
    SystemHit,
    repair_cap,
    repair_distribution,
)
from voidref.present import percent

__all__ = [
    "attribute_modifier_table",
    "target_number_table",
    "three_d6_table",
    "action_roll_table",
    "opposed_table",
    "fumble_table",
    "turn_table",
    "move_table",
    "encumbrance_table",
    "gravity_table",
    "terrain_table",
    "item_weight_table",
    "soak_table",
    "damage_table",
    "wound_table",
    "stun_table",
    "gunnery_modifier_table",
    "hull_class_table",
    "system_hit_table",
    "repair_table",
    "boarding_task_table",
    "stabilization_table",
]


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str | None = None) -> str:
    align = align or "-" + "r" * (len(header) - 1)
    marks = ["---" if a == "-" else "---:" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _minus(n: int) -> str:
    return f"−{-n}" if n < 0 else _signed(n)


def _metres_lost(steps: int) -> str:
    return f"−{steps * environment.ENCUMBRANCE_METRES_PER_STEP} m" if steps else "none"


def _check_list(name: str, values: object) -> list[int]:
    if not isinstance(values, (list, tuple)) or not values:
        raise RulesError(f"{name!r} must be a non-empty list of integers (got {describe(values)})", argument=name)
    return list(values)


def attribute_modifier_table() -> str:
    """Attribute score ranges and their Attribute Modifier (ruling)."""
    groups: list[list[int]] = []
    for score, mod in rulings.ATTRIBUTE_MODIFIER.items():
        if groups and rulings.ATTRIBUTE_MODIFIER[groups[-1][0]] == mod:
            groups[-1].append(score)
        else:
            groups.append([score])
    rows = [[f"{g[0]}–{g[-1]}" if len(g) > 1 else g[0], _signed(rulings.ATTRIBUTE_MODIFIER[g[0]])] for g in groups]
    return _table(["Attribute score", "AtMod"], rows)


_TN_USES = {
    rulings.TargetNumber.ROUTINE: "barely worth a roll",
    rulings.TargetNumber.EASY: "rough terrain",
    rulings.TargetNumber.AVERAGE: "clear a jam, seal a bulkhead, EVA launch",
    rulings.TargetNumber.DIFFICULT: "shake off Stun, ship maneuver",
    rulings.TargetNumber.VERY_DIFFICULT: "take a bridge, sabotage an engine",
    rulings.TargetNumber.HEROIC: "break away after a boarding",
}

_FUMBLE_TEXT = {
    Fumble.MISHAP: ("1–2", "Mishap", f"ranged weapon jams, melee weapon dropped; TN {CLEAR_JAM_TN} "
                                     "Mechanics or Sleight of Hand (1 Action) fixes it"),
    Fumble.SELF_INFLICTED: ("3", "Self-inflicted", "take the weapon's minimum damage, or 1d6 unarmed"),
    Fumble.ALERT: ("4", "Alert", "foes warned, alarm tripped or a fresh hazard (GM picks)"),
    Fumble.ENVIRONMENTAL: ("5", "Environmental", "a planetary hazard or a hull breach where the fight is"),
    Fumble.CATASTROPHIC: ("6", "Catastrophic", "twice the usual failure penalty, and the next Action is lost"),
}

_SYSTEM_TEXT = {
    SystemHit.WEAPON_DISABLED: ("1–2", "one weapon out of action for a round"),
    SystemHit.POWER_FLICKER: ("3–4", "power flicker: −2 on every Action Roll next round"),
    SystemHit.FIRE_BREACH: ("5", "fire or breach: 1d6 fire or radiation damage each round until repaired"),
    SystemHit.MODULE_DESTROYED: ("6", "a module is destroyed (GM picks, or random)"),
}


def target_number_table() -> str:
    """The named TN scale with the chance an unmodified roll reaches each (ruling)."""
    rows = []
    for tn in rulings.TargetNumber:
        o = ActionRoll().odds(tn.value)
        name = tn.name.replace("_", " ").title()
        rows.append([name, tn.value, _TN_USES[tn], percent(o.full), percent(o.partial)])
    return _table(["Name", "TN", "For example", "Reached at +0 (full)", "TN − 1 at +0 (partial)"], rows, "-r-rr")


def three_d6_table() -> str:
    """Every natural 3d6 result with its chance and the chance of rolling at least it."""
    rows = []
    for n in range(3, 19):
        at_least = sum((THREE_D6[t] for t in range(n, 19)), Fraction(0))
        ways = THREE_D6[n].numerator * (216 // THREE_D6[n].denominator)
        rows.append([n, f"{ways}/216", percent(THREE_D6[n]), percent(at_least)])
    return _table(["Natural 3d6", "Ways", "Exactly", "At least"], rows, "rrrr")


def action_roll_table(modifiers: list[int] | tuple[int, ...] = (0, 2, 4, 6, 8, 10),
                      target_numbers: list[int] | tuple[int, ...] = (9, 12, 15, 18, 21)) -> str:
    """Chance the total reaches each TN (in brackets: reaches at least TN - 1, a partial), by total modifier.

    >>> print(action_roll_table(modifiers=(7,), target_numbers=(15,)))
    | Modifier | TN 15: reached (or TN − 1) |
    | --- | ---: |
    | +7 | 83.8% (90.7%) |
    """
    mods = _check_list("modifiers", modifiers)
    tns = _check_list("target_numbers", target_numbers)
    rows = []
    for m in mods:
        row: list[object] = [_signed(m)]
        for tn in tns:
            o = ActionRoll(additional=m).odds(tn)
            row.append(f"{percent(o.full)} ({percent(o.at_least_partial)})")
        rows.append(row)
    return _table(["Modifier"] + [f"TN {t}: reached (or TN − 1)" for t in tns], rows)


def opposed_table(differences: list[int] | tuple[int, ...] = (-6, -4, -2, 0, 2, 4, 6)) -> str:
    """Attacker's win / tie / loss by modifier difference (attacker minus defender)."""
    rows = []
    for diff in _check_list("differences", differences):
        o = opposed_odds(ActionRoll(additional=diff), ActionRoll())
        rows.append([_signed(diff), percent(o.win), percent(o.tie), percent(o.loss), percent(o.critical, 2)])
    return _table(["Attacker's edge", "Win (Critical Hits included)", "Tie (partial)", "Loss",
                   "Critical Hit (natural 18)"], rows)


def fumble_table() -> str:
    """The d6 Fumble Table with each result's chance."""
    rows = [list(_FUMBLE_TEXT[f]) + [percent(FUMBLE_TABLE[f])] for f in Fumble]
    return _table(["d6", "Result", "Effect", "Chance"], rows, "--" + "-r")


def turn_table() -> str:
    """Turn options by level, and the metres each gives at an 18 m Move Rate."""
    rows = []
    for level in range(1, 6):
        a, b = turn_options(level)
        rows.append([level, a.describe(), part_move(18, a.move_share), b.describe(), part_move(18, b.move_share)])
    return _table(["Level", "Option A", "m at Move 18", "Option B", "m at Move 18"], rows, "r-r-r")


def move_table(agilities: list[int] | tuple[int, ...] = (4, 6, 8, 9, 10, 12, 14, 16, 18, 20)) -> str:
    """Move Rate by AGL and the part moves each level grants (rounded up)."""
    shares = [Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2)]
    rows = []
    for agl in _check_list("agilities", agilities):
        m = base_move(agl)
        rows.append([agl] + [part_move(m, s) for s in shares])
    return _table(["AGL", "¼ move", "½ move", "Full move", "×1.5", "×2"], rows, "rrrrrr")


def encumbrance_table(strength: int = 12, loads: list[int] | tuple[int, ...] | None = None) -> str:
    """Move penalty by load for one STR score, in matched and mismatched gravity."""
    limit = 10 * strength
    kgs = _check_list("loads", loads) if loads is not None else [limit + limit * k // 10 for k in range(0, 11, 1)]
    rows = []
    for kg in kgs:
        over = Fraction(max(0, kg - limit) * 100, limit)
        rows.append([kg, f"{float(over):g} %", _metres_lost(encumbrance_steps(kg, strength)),
                     _metres_lost(encumbrance_steps(kg, strength, mismatched_gravity=True))])
    return _table(["Load (kg)", "Over the limit", "Move penalty", "Mismatched gravity"], rows)


def gravity_table() -> str:
    """The Gravity Rating Modifier table (ruling)."""
    cols = list(environment.Gravity)
    rows = [[r.name.title()] + [_signed(environment.GRAVITY_RATING_MODIFIER[r][g]) for g in cols]
            for r in environment.GravityRating]
    names = {environment.Gravity.ZERO_G: "Zero-G (under 0.1G)", environment.Gravity.LOW: "Low (0.1–0.7G)",
             environment.Gravity.STANDARD: "Standard (0.8–1.5G)", environment.Gravity.HIGH: "High (1.6G+)"}
    return _table(["Gravity Rating"] + [names[g] for g in cols], rows)


def terrain_table() -> str:
    """Terrain grades, their TN and what each roll result leaves of an 18 m move (ruling)."""
    rows = []
    for t in environment.Terrain:
        if t is environment.Terrain.CLEAR:
            rows.append([t.name.title(), "no roll", 18, 18, 18])
            continue
        rows.append([t.name.title(), t.value] + [part_move(18, environment.TERRAIN_MOVE_SHARE[k])
                                                 for k in ("full", "partial", "failure")])
    return _table(["Terrain", "TN", "Full (m)", "Partial (m)", "Failure (m)"], rows)


def item_weight_table() -> str:
    """Typical carried weights (from the source's list)."""
    rows = [[name[0].upper() + name[1:], f"{lo}–{hi}"] for name, (lo, hi) in ITEM_WEIGHTS.items()]
    return _table(["Item", "kg"], rows)


def soak_table(armor_values: list[int] | tuple[int, ...] = (0, 2, 4, 6, 8, 10, 12)) -> str:
    """Points soaked by AV against Physical and Energy damage."""
    rows = [[av, soak(av, "physical"), soak(av, "energy")] for av in _check_list("armor_values", armor_values)]
    return _table(["AV", "Physical soak", "Energy soak"], rows)


def damage_table(dice: str = "2d6", armor_values: list[int] | tuple[int, ...] = (0, 2, 4, 6, 8, 10, 12)) -> str:
    """Average HP lost per hit, and the chance only the minimum 1 gets through, by AV and type."""
    rows = []
    for av in _check_list("armor_values", armor_values):
        p = hit_distribution(dice, av, "physical")
        e = hit_distribution(dice, av, "energy")
        rows.append([av, f"{float(p.mean()):.2f}", percent(p[1]), f"{float(e.mean()):.2f}", percent(e[1])])
    return _table(["AV", "Physical: average", "Physical: just 1", "Energy: average", "Energy: just 1"], rows)


def wound_table(max_hp: int = 40) -> str:
    """Wound penalty bands, with the HP they cover for one Max HP, under our ruling and as printed.

    >>> print(wound_table(20).splitlines()[-1])
    | under 1/10 | 0–1 | −10 | −17 |
    """
    bands: list[tuple[int, int, int]] = []
    for hp in range(max_hp, -1, -1):
        pen = wound_penalty(hp, max_hp)
        if bands and bands[-1][2] == pen:
            bands[-1] = (bands[-1][0], hp, pen)
        else:
            bands.append((hp, hp, pen))
    share = {0: "over 1/2", -2: "1/4 to 1/2", -5: "1/10 to under 1/4", -10: "under 1/10"}
    rows = [[share[pen], f"{lo}–{hi}" if lo != hi else hi, _minus(pen),
             _minus(wound_penalty(lo, max_hp, rulings=rulings.AS_PRINTED))] for hi, lo, pen in bands]
    return _table(["Share of Max HP left", f"HP left (Max HP {max_hp})", "Penalty (this band only, ours)",
                   "Penalty (bands add up, as printed)"], rows, "-rrr")


def stun_table(agilities: list[int] | tuple[int, ...] = (6, 8, 10, 12, 14, 16)) -> str:
    """Chance to shake off Stun (the AGL roll reaches TN 15), and of a partial (total 14), by AGL score.

    >>> print(stun_table(agilities=(10,)))
    | AGL | AtMod | Reaches TN 15: keeps the turn | Total 14 (partial): loses it |
    | --- | ---: | ---: | ---: |
    | 10 | +3 | 37.5% | 12.5% |
    """
    rows = [[a, _signed(rulings.attribute_modifier(a)), percent(stun_odds(a)),
             percent(stun_roll(a).odds(STUN_TN).partial)]
            for a in _check_list("agilities", agilities)]
    return _table(["AGL", "AtMod", f"Reaches TN {STUN_TN}: keeps the turn",
                   f"Total {STUN_TN - rulings.STANDARD.partial_margin} (partial): loses it"], rows)


def gunnery_modifier_table() -> str:
    """The listed Gunnery modifiers."""
    rows = [["Close range (under 1 km, or docked)", _signed(CLOSE_RANGE_MODIFIER)],
            ["Medium range (1–5 km), a ruling", _signed(rulings.STANDARD.medium_range_modifier)],
            ["Long range (over 5 km)", _signed(LONG_RANGE_MODIFIER)],
            ["ECM Jammer Pod running on the target", _signed(ECM_MODIFIER)],
            ["Your Tractor Beam holds the target", _signed(TRACTOR_MODIFIER)]]
    return _table(["Situation", "Attacker"], rows)


def hull_class_table() -> str:
    """Hull Classes, their ram multiplier and the ram damage before armour."""
    from voidref.pirates.damage import DamageRoll

    rows = []
    for h in HullClass:
        d = DamageRoll(2, multiplier=h.value).distribution()
        rows.append([h.name.title(), f"×{h.value}", f"{min(d)}–{max(d)}", f"{float(d.mean()):g}"])
    return _table(["Hull Class", "Multiplier", "Ram damage", "Average"], rows)


def system_hit_table() -> str:
    """The d6 system hit table with each result's chance."""
    rows = [list(_SYSTEM_TEXT[h]) + [percent(SYSTEM_HIT_TABLE[h])] for h in SystemHit]
    return _table(["d6", "Effect", "Chance"], rows, "--r")


def repair_table(max_hp: int = 200, target_number: int = 12) -> str:
    """Chance a Repair restores anything (full or partial) and the average HP it restores, by Rank.

    The Mechanics SRM equals the Rank; misses count as 0 in the average.
    """
    rows = []
    for rank in range(1, 6):
        d = repair_distribution(ActionRoll(skill_rank_modifier=rank), rank, max_hp, target_number)
        rows.append([rank, f"{2 * rank}–{12 * rank}", percent(d.prob(lambda x: x > 0)), f"{float(d.mean()):.2f}"])
    return _table(["Rank", "2d6 × Rank", f"Restores any HP (TN {target_number}, or TN − 1 for half)",
                   f"Average HP, misses as 0 (cap {repair_cap(max_hp)})"], rows)


def boarding_task_table(modifier: int = 4) -> str:
    """Boarding and breach tasks with their TN and the chance the total reaches it, at one total modifier.

    >>> print(boarding_task_table(3).splitlines()[2])
    | EVA launch, each boarder (Vacuum Suit) | 12 | 74.1% |
    """
    roll = ActionRoll(additional=modifier)
    tasks = [
        ("EVA launch, each boarder (Vacuum Suit)", BoardingMethod.EVA.target_number),
        ("Seal bulkheads (Security Systems)", BulkheadAction.SEAL.target_number),
        ("Vent a compartment (Security Systems)", BulkheadAction.VENT.target_number),
        ("Seal a hull breach (Vacuum Suit, 1 Action)", SEAL_BREACH_TN),
        ("Take the bridge (INT: Computer or Tactics)", ShipSystem.BRIDGE.target_number()),
        ("Sabotage the engine (Mechanics or Demolitions)", ShipSystem.ENGINE.target_number()),
        ("Break away afterwards (Piloting)", ESCAPE_TN),
    ]
    rows = [[name, tn, percent(passes(roll, tn))] for name, tn in tasks if tn is not None]
    return _table(["Task", "TN", f"Reaches the TN at {_signed(modifier)}"], rows, "-rr")


def stabilization_table(healths: list[int] | tuple[int, ...] = (6, 8, 10, 12, 14, 16)) -> str:
    """Chance a raw 3d6 Stabilization roll succeeds, by HLTH, under our ruling and as printed.

    >>> print(stabilization_table(healths=(12,)))
    | HLTH | Stabilises: 3d6 ≤ HLTH (ours) | Stabilises: 3d6 > HLTH (as printed) |
    | --- | ---: | ---: |
    | 12 | 74.1% | 25.9% |
    """
    rows = [[h, percent(stabilization_chance(h, rulings=rulings.STANDARD)),
             percent(stabilization_chance(h, rulings=rulings.AS_PRINTED))] for h in _check_list("healths", healths)]
    return _table(["HLTH", "Stabilises: 3d6 ≤ HLTH (ours)", "Stabilises: 3d6 > HLTH (as printed)"], rows)
