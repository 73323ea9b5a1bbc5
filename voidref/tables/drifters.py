"""Look-up tables and charts for the Void Drifters pages, computed by the engine.

Every function here returns MyST Markdown for a ``{computed}`` block on the
site: a table, or an inline SVG chart inside a ``{raw} html`` block. The
numbers come from the engine (pools, attacks, injuries, movement); nothing is
typed by hand, so a change of ruling changes every page that shows it.

Restates nothing of its own: each table names the page and rule it serves.

>>> print(critical_injury_table(max_held=0).splitlines()[2])
| 0 | +0 | 30.0% | 30.0% | 25.0% | 15.0% | – |
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

from voidref.charts import BarChart, svg
from voidref.drifters.attack import Attack, Cover
from voidref.drifters.characters import Character, Kind, RangeBand, Skill, Weapon
from voidref.drifters.dice import Difficulty, Pool
from voidref.drifters.environment import Gravity, extra_move_maneuvers, melee_bane_dice, thrown_range
from voidref.drifters.faces import CheckOutcome
from voidref.drifters.health import Health
from voidref.drifters.injuries import Severity, critical_injury_odds, injuries_for_attack
from voidref.drifters.movement import maneuvers_to_move
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.present import percent_cell as _pct

__all__ = [
    "hit_chance_table",
    "attack_hit_table",
    "critical_injury_table",
    "crit_chance_table",
    "several_injuries_table",
    "resistance_table",
    "movement_table",
    "thrown_range_table",
    "gravity_table",
    "attack_difficulty_table",
    "ship_difficulty_table",
    "station_actions_table",
    "net_successes_chart",
    "attack_wounds_chart",
]

#: Most dice on the positive side that a look-up table lists (rows grow as n²).
_MAX_TABLE_DICE = 6

_DIFFICULTIES = (Difficulty.EASY, Difficulty.AVERAGE, Difficulty.HARD, Difficulty.DAUNTING, Difficulty.FORMIDABLE)


# -- formatting helpers -------------------------------------------------------

def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def _name(member) -> str:
    return member.name.replace("_", " ").title()


def _positive_label(high: int, low: int) -> str:
    parts = []
    if low:
        parts.append(f"{low} Mastery")
    if high - low:
        parts.append(f"{high - low} Ability")
    return " + ".join(parts)


def _positive_rows(max_dice: int) -> list[tuple[int, int]]:
    """Every (larger, smaller) pair of characteristic and skill up to *max_dice*."""
    return [(high, low) for high in range(1, max_dice + 1) for low in range(0, high + 1)]


# -- tables -------------------------------------------------------------------

def hit_chance_table(max_dice: int = 5, bane_dice: int = 0) -> str:
    """Chance of at least 1 net Success: each positive pool against each difficulty.

    Rows are the pools a characteristic and a skill build (the larger gives the
    dice, the smaller how many are Mastery Dice); *bane_dice* Bane Dice are
    added to every cell (for Defense, cover, Disoriented and the like).
    """
    check_int("max_dice", max_dice, low=1, high=_MAX_TABLE_DICE)
    check_int("bane_dice", bane_dice, low=0, high=4)
    header = ["Characteristic / skill", "Pool"] + [
        f"{_name(d)} ({int(d)} Trial)" for d in _DIFFICULTIES]
    rows = []
    for high, low in _positive_rows(max_dice):
        cells = [f"{high} / {low}", _positive_label(high, low)]
        for d in _DIFFICULTIES:
            pool = Pool.for_check(high, low, d, bane_dice=bane_dice)
            cells.append(_pct(pool.chance_of_success()))
        rows.append(cells)
    return _table(header, rows)


def _attack(high: int, low: int, band: RangeBand, cover: Cover, defense: int) -> Attack:
    attacker = Character("Attacker", agility=high, skills={Skill.RANGED: low})
    target = Character("Target", ranged_defense=defense)
    rifle = Weapon("Rifle", damage=6, crit=3, range=RangeBand.EXTREME)
    return Attack(attacker, rifle, target, band=band, cover=cover)


def attack_hit_table(max_dice: int = 5, cover: str = "none", defense: int = 0) -> str:
    """Chance to hit with a ranged attack, by pool and by the target's range band.

    Each cell is the engine's attack pool (difficulty by band, the Bane Die of
    a shot at Engaged, *defense* points of Ranged Defense and *cover*).
    """
    check_int("max_dice", max_dice, low=1, high=_MAX_TABLE_DICE)
    cov = check_enum("cover", cover, Cover)
    check_int("defense", defense, low=0, high=3)
    bands = list(RangeBand)
    header = ["Characteristic / skill", "Pool"] + [_name(b) for b in bands]
    rows = []
    for high, low in _positive_rows(max_dice):
        cells = [f"{high} / {low}", _positive_label(high, low)]
        for band in bands:
            cells.append(_pct(_attack(high, low, band, cov, defense).pool().chance_of_success()))
        rows.append(cells)
    negatives = ["| Band | Negative dice |", "| --- | --- |"]
    for band in bands:
        pool = _attack(1, 0, band, cov, defense).pool()
        negatives.append(f"| {_name(band)} | {pool.describe().split(' vs ')[1]} |")
    return _table(header, rows) + "\nNegative dice in each column:\n\n" + "\n".join(negatives) + "\n"


def critical_injury_table(max_held: int = 5) -> str:
    """Chance of each Critical Injury band, by the number of injuries already held."""
    check_int("max_held", max_held, low=0, high=20)
    header = ["Injuries held", "Bonus"] + [_name(s) for s in Severity]
    rows = []
    for held in range(max_held + 1):
        odds = critical_injury_odds(held)
        rows.append([str(held), f"+{10 * held}"] + [_pct(odds[s]) for s in Severity])
    return _table(header, rows)


def _crit_available(crit: int) -> Callable[[CheckOutcome], bool]:
    """The test 'the check passes and can buy a Critical Injury of rating *crit*' (for ``Dist.prob``)."""
    return lambda o: o.successes >= 1 and (o.boons >= crit or o.breakthroughs >= 1)


def crit_chance_table(max_dice: int = 5, difficulty: str = "easy", bane_dice: int = 0) -> str:
    """Chance that a roll hits and can buy a Critical Injury, by pool and by the weapon's Crit rating.

    A hit can buy one with net Boons at least the Crit rating, or with a
    Breakthrough ("Critical Injuries"; the automatic one on an incapacitated
    target is left out).
    """
    check_int("max_dice", max_dice, low=1, high=_MAX_TABLE_DICE)
    level = Difficulty(check_enum("difficulty", difficulty, Difficulty))
    check_int("bane_dice", bane_dice, low=0, high=4)
    crits = range(1, 6)
    header = ["Characteristic / skill", "Pool"] + [f"Crit {c}" for c in crits]
    rows = []
    for high, low in _positive_rows(max_dice):
        dist = Pool.for_check(high, low, level, bane_dice=bane_dice).distribution()
        cells = [f"{high} / {low}", _positive_label(high, low)]
        for c in crits:
            cells.append(_pct(dist.prob(_crit_available(c))))
        rows.append(cells)
    return _table(header, rows)


def several_injuries_table(held: int = 0, count: int = 3) -> str:
    """The bonus and band odds of each Critical Injury when one attack inflicts *count*."""
    check_int("held", held, low=0, high=20)
    check_int("count", count, low=1, high=6)
    header = ["Injury of this attack", "Bonus"] + [_name(s) for s in Severity]
    ordinals = ["1st", "2nd", "3rd", "4th", "5th", "6th"]
    rows = []
    for k, (bonus, odds) in enumerate(injuries_for_attack(held, count)):
        rows.append([ordinals[k], f"+{bonus}"] + [_pct(odds[s]) for s in Severity])
    return _table(header, rows)


def resistance_table(max_might: int = 6) -> str:
    """Resistance by Might (rows) and armor bonus (columns, capped at +3)."""
    check_int("max_might", max_might, low=1, high=10)
    header = ["Might", "No armor", "Armor +1", "Armor +2", "Armor +3"]
    rows = []
    for might in range(1, max_might + 1):
        cells = [str(might)]
        for armor in range(4):
            cells.append(str(Character("Sheet", might=might, armor_resistance=armor).resistance))
        rows.append(cells)
    return _table(header, rows)


def movement_table(gravity: str = "standard", anchored: bool = False) -> str:
    """Maneuvers for one move between any two range bands, in the given gravity."""
    g = check_enum("gravity", gravity, Gravity)
    check_bool("anchored", anchored)
    bands = list(RangeBand)
    header = ["From \\ to"] + [_name(b) for b in bands]
    rows = []
    for a in bands:
        rows.append([f"**{_name(a)}**"] + [
            "–" if a == b else str(maneuvers_to_move(a, b, g, anchored)) for b in bands])
    return _table(header, rows)


def thrown_range_table() -> str:
    """How far a thrown weapon reaches, by its listed range and the gravity."""
    gravities = list(Gravity)
    header = ["Listed range"] + [_name(g) for g in gravities]
    rows = []
    for band in RangeBand:
        cells = [_name(band)]
        for g in gravities:
            reach = thrown_range(band, g)
            cells.append("cannot be thrown" if reach is None else _name(reach))
        rows.append(cells)
    return _table(header, rows)


def gravity_table() -> str:
    """What each gravity band does in a fight, from the engine: melee Bane Dice, move cost, thrown range."""
    rows = []
    for g in Gravity:
        loose, anchored = melee_bane_dice(g), melee_bane_dice(g, anchored=True)
        melee = str(loose) if loose == anchored else f"{loose} ({anchored} if anchored)"
        extra = extra_move_maneuvers(g)
        extra_anchored = extra_move_maneuvers(g, anchored=True)
        move = f"+{extra}" if extra == extra_anchored else f"+{extra} (+{extra_anchored} if anchored)"
        short = thrown_range(RangeBand.MEDIUM, g)
        shift = (-1 if short is None else int(short)) - int(RangeBand.MEDIUM)
        thrown = "normal" if shift == 0 else (f"{shift:+d} band" + ("s" if abs(shift) > 1 else ""))
        shooter, target = Character("Shooter", agility=2), Character("Target")
        rifle = Weapon("Rifle", damage=6, crit=3, range=RangeBand.EXTREME)
        ranged = Attack(shooter, rifle, target, band=RangeBand.SHORT, gravity=g).pool().bane
        rows.append([_name(g), melee, move, str(ranged), thrown])
    return _table(["Gravity", "Bane Dice on melee and unarmed attacks", "Extra Maneuvers per move",
                   "Bane Dice on ranged attacks", "Thrown weapons"], rows)


def attack_difficulty_table() -> str:
    """Difficulty and extra Bane Dice of a personal attack at each range band, from the engine."""
    attacker = Character("Attacker", might=2, agility=2)
    target = Character("Target")
    rifle = Weapon("Rifle", damage=6, crit=3, range=RangeBand.EXTREME)
    knife = Weapon("Knife", damage=3, crit=3, range=RangeBand.ENGAGED, skill=Skill.MELEE)
    rows = []
    for band in RangeBand:
        shot = Attack(attacker, rifle, target, band=band)
        cells = [_name(band), _difficulty_cell(shot)]
        cells.append(_difficulty_cell(Attack(attacker, knife, target, band=band)) if band is RangeBand.ENGAGED
                     else "out of reach")
        rows.append(cells)
    return _table(["Target's band", "Ranged attack", "Melee or unarmed attack"], rows)


def _difficulty_cell(attack: Attack) -> str:
    level = Difficulty(attack.difficulty())
    extra = sum(n for _, n in attack.bane_sources())
    text = f"{_name(level)} ({int(level)} Trial)"
    if extra:
        text += f" + {extra} Bane Die" + ("s" if extra > 1 else "")
    return text


def ship_difficulty_table() -> str:
    """Difficulty of a ship attack at each ship range band, from the engine."""
    from voidref.drifters.ships.profiles import ShipRange
    from voidref.drifters.ships.range import attack_difficulty
    rows = []
    for band in ShipRange:
        level = attack_difficulty(band)
        rows.append([band.value.title(), _name(level), str(int(level))])
    return _table(["Target's band", "Difficulty", "Trial Dice"], rows)


def station_actions_table() -> str:
    """The station actions the engine knows: station, cost, check and effect."""
    from voidref.drifters.ships.rulings import STATION_ACTIONS
    rows = []
    for action in STATION_ACTIONS.values():
        station = "Captain" if action.station is None else action.station.value.capitalize()
        if action.skill is None:
            check = "none"
        elif action.difficulty is None:
            check = f"{action.skill.title()}, difficulty by range"
        else:
            check = f"{_name(Difficulty(action.difficulty))} {action.skill.title()}"
        rows.append([station, f"**{action.name}**", action.kind.value.title(), check, action.effect])
    return _table(["Station", "Action", "Costs", "Check", "Effect"], rows)


# -- charts -------------------------------------------------------------------

def _bar_chart(title: str, name: str, x_label: str, dist: Dist, highlight=None) -> str:
    """The distribution *dist* over whole numbers drawn by :func:`voidref.charts.svg`, titled *title*."""
    outcomes = list(range(min(dist), max(dist) + 1))
    bars = tuple((str(x), dist.get(x, Fraction(0))) for x in outcomes)
    emphasis = None if highlight is None else tuple(bool(highlight(x)) for x in outcomes)
    chart = svg(BarChart(name, x_label, bars, emphasis))
    return f'<p class="voidref-chart-title">{html.escape(title)}</p>{chart}'


def _raw(picture: str, caption: str) -> str:
    return (f"```{{raw}} html\n<figure class=\"voidref-figure\">{picture}"
            f"<figcaption>{html.escape(caption)}</figcaption></figure>\n```\n")


def net_successes_chart(pool: str = "2M 2A vs 2T") -> str:
    """An SVG bar chart of a check's net Successes (1 or more passes).

    *pool* is written as for :meth:`~voidref.drifters.dice.Pool.parse`, for
    example ``"2M 2A vs 2T 1b"``.
    """
    p = Pool.parse(pool)
    if p.size == 0:
        raise RulesError(f"'pool' must hold at least one die (got {describe(pool)})", argument="pool")
    dist = p.distribution().map(lambda o: o.successes)
    name = f"Net Successes of the check {p.describe()}"
    chart = _bar_chart("Net Successes of one check", name,
                       "net Successes (1 or more passes: darker bars)", dist, highlight=lambda x: x >= 1)
    caption = (f"{p.describe()}: passes {_pct(p.chance_of_success())} of the time; "
               f"average net Successes {float(dist.mean()):.2f}.")
    return _raw(chart, caption)


def attack_wounds_chart(agility: int = 3, ranged: int = 2, damage: int = 6, crit: int = 3, pierce: int = 0,
                        resistance: int = 2, band: str = "short", cover: str = "none",
                        wound_points: int = 12, wounds_taken: int = 0) -> str:
    """An SVG bar chart of the Wounds one ranged attack inflicts (0 includes misses).

    The caption gives the chance to hit, of a Critical Injury being available,
    and of the target ending incapacitated from *wounds_taken* Wounds.
    """
    check_int("agility", agility, low=1, high=6)
    check_int("ranged", ranged, low=0, high=6)
    check_int("wound_points", wound_points, low=1, high=40)
    check_int("wounds_taken", wounds_taken, low=0, high=wound_points - 1)
    b = check_enum("band", band, RangeBand)
    shelter = check_enum("cover", cover, Cover)
    attacker = Character("Attacker", agility=agility, skills={Skill.RANGED: ranged})
    target = Character("Target", kind=Kind.ELITE, stated_wound_points=wound_points, stated_resistance=resistance)
    weapon = Weapon("Weapon", damage=damage, crit=crit, pierce=pierce, range=RangeBand.EXTREME)
    attack = Attack(attacker, weapon, target, band=b, cover=shelter)
    health = Health.of(target).suffer_wounds(wounds_taken)
    odds = attack.odds(health)
    pool = odds.pool
    name = f"Wounds from one attack, {pool.describe()}, Damage {damage}, Pierce {pierce}, Resistance {resistance}"
    chart = _bar_chart("Wounds from one attack", name, "Wounds suffered (0 includes misses)", odds.wounds)
    caption = (f"{pool.describe()} (Agility {agility}, Ranged {ranged}, {_name(b)} range, {cover} cover); "
               f"Damage {damage}, Pierce {pierce}, against Resistance {resistance}: hits {_pct(odds.hit, '0%')}; "
               f"Critical Injury available {_pct(odds.critical_injury, '0%')}; "
               f"average {float(odds.expected_wounds):.2f} Wounds; target at {wounds_taken} of {wound_points} Wounds "
               f"ends incapacitated {_pct(odds.incapacitated, '0%')}.")
    return _raw(chart, caption)
