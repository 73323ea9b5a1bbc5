"""Look-up tables for the Cantor pages, computed by the engine.

Every function returns MyST Markdown for a ``{computed}`` block on the site. The
numbers come from :mod:`voidref.cantor`; nothing is typed by hand, so changing a
ruling changes every table that depends on it.

>>> print(dice_table(low=0, high=1))
| Net accuracy | d6 rolled | Die kept | Average kept | Chance of a 6 |
| --- | --- | --- | --- | --- |
| 0 | 2 | lowest | 2.53 | 2.8% |
| +1 | 1 | highest | 3.50 | 16.7% |
"""

from __future__ import annotations

from fractions import Fraction

from voidref.cantor import rulings
from voidref.cantor.accuracy import Situation, hit_chance, kept_die
from voidref.cantor.board import Tide, vespertide_phase
from voidref.cantor.damage import damage_on_hit, damage_on_miss
from voidref.cantor.health import STRUCTURE_TABLE
from voidref.cantor.kinds import Condition, DamageType
from voidref.cantor.turn import Action
from voidref.cantor.units import DamageRoll, Target, Weapon
from voidref.errors import RulesError, check_int
from voidref.exact import Dist
from voidref.present import Table
from voidref.present import percent_cell as _pct

__all__ = [
    "dice_table",
    "hit_chance_table",
    "fall_off_table",
    "damage_vs_armor_table",
    "reliable_table",
    "structure_table",
    "collision_table",
    "action_table",
    "cooldown_table",
    "vespertide_table",
]


def _markdown(headers: list[str], rows: list[list[str]]) -> str:
    return Table("", tuple(headers), tuple(tuple(r) for r in rows)).to_markdown()


def _net(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _range(name_low: str, low: int, name_high: str, high: int, floor: int, ceil: int) -> None:
    check_int(name_low, low, low=floor, high=ceil)
    check_int(name_high, high, low=floor, high=ceil)
    if high < low:
        raise RulesError(f"{name_high!r} must be at least {name_low!r} ({low}) (got {high})", argument=name_high)


def dice_table(low: int = -3, high: int = 5) -> str:
    """Net accuracy → dice rolled, die kept, average kept die and the chance of a 6.

    Serves "Accuracy vs Difficulty" and the ruling on a net of zero or less.
    """
    _range("low", low, "high", high, -10, 10)
    rows = []
    for n in range(low, high + 1):
        count, keep = rulings.dice_for_net(n)
        kept = kept_die(n)
        rows.append([_net(n), str(count), keep.value, f"{float(kept.mean()):.2f}", _pct(kept[6])])
    return _markdown(["Net accuracy", "d6 rolled", "Die kept", "Average kept", "Chance of a 6"], rows)


def hit_chance_table(grit: int = 0, low: int = -2, high: int = 4, defenses=(3, 4, 5, 6, 7, 8, 9)) -> str:
    """Chance to hit by net accuracy (rows) and defense (columns) for a given Grit.

    Serves "Hit": total (kept die + Grit) at least the defense.
    """
    check_int("grit", grit, low=-5, high=10)
    _range("low", low, "high", high, -10, 10)
    defs = [check_int("defenses", d, low=-10, high=40) for d in defenses]
    if not defs:
        raise RulesError("'defenses' must list at least one defense (got none)", argument="defenses")
    rows = [[_net(n)] + [_pct(hit_chance(n, d, grit)) for d in defs] for n in range(low, high + 1)]
    return _markdown(["Net"] + [f"Def {d}" for d in defs], rows)


def fall_off_table() -> str:
    """Damage lost past optimal range, by damage type (and melee)."""
    rows = [[t.value.capitalize(), str(rulings.FALL_OFF[t])] for t in DamageType]
    return _markdown(["Damage", "Lost past optimal range"], rows + [["Any melee weapon", "0"]])


def damage_vs_armor_table(damage: str = "2d6", armors=(0, 1, 2, 3, 4), exposed: bool = False,
                          distance_past_optimal: bool = False) -> str:
    """Average damage of a hit and the chance of only the floor's 1, by Armor.

    Serves "Damage": fall-off, Exposed, Armor and the min-1 floor.
    """
    weapon = Weapon("w", damage=DamageRoll.parse(damage), damage_type=DamageType.KINETIC, max_range=8)
    situation = Situation(distance=8 if distance_past_optimal else 1)
    arms = [check_int("armors", a, low=0, high=20) for a in armors]
    conditions = frozenset({Condition.EXPOSED} if exposed else ())
    rows = []
    for a in arms:
        d = damage_on_hit(weapon, Target(armor=a, conditions=conditions), situation)
        rows.append([str(a), f"{float(d.mean()):.2f}", _pct(d[1]), str(max(d))])
    return _markdown(["Armor", "Average damage", "Only the floor's 1", "Most damage"], rows)


def reliable_table(reliables=(1, 2, 3), armors=(0, 1, 2, 3)) -> str:
    """Damage a miss deals with Reliable N against Armor (no floor on a miss)."""
    rels = [check_int("reliables", r, low=1, high=20) for r in reliables]
    arms = [check_int("armors", a, low=0, high=20) for a in armors]
    rows = []
    for r in rels:
        w = Weapon("w", damage=DamageRoll(1), reliable=r)
        rows.append([str(r)] + [str(damage_on_miss(w, Target(armor=a), Situation())) for a in arms])
    return _markdown(["Reliable"] + [f"Armor {a}" for a in arms], rows)


def structure_table() -> str:
    """The Structure roll: each 1d6 result, what it inflicts, and the chance of each outcome."""
    table = _markdown(["1d6", "Result"], [[str(roll), cond.name.capitalize() if cond else "nothing"]
                                          for roll, cond in STRUCTURE_TABLE.items()])
    d = Dist.die(6).map(lambda r: STRUCTURE_TABLE[r])
    chances = ", ".join(f"{(c.name.capitalize() if c else 'nothing')} {_pct(p)}" for c, p in
                        sorted(d.probabilities().items(), key=lambda kv: -kv[1]))
    return table + f"\n\nChances: {chances}."


def collision_table() -> str:
    """Collision damage (2d6 raw): the chance of each total and of at least that much."""
    d = Dist.die(6).repeat_sum(2)
    rows = [[str(k), _pct(d[k]), _pct(sum((d[x] for x in d if x >= k), Fraction(0)))] for k in d]
    return _markdown(["Damage", "Exactly", "At least"], rows)


def action_table() -> str:
    """Every board action and the slot of the turn it takes."""
    by_kind: dict[str, list[str]] = {}
    for a in Action:
        by_kind.setdefault(a.kind.value, []).append(a.label.title().replace("& ", "& "))
    per = {"move": "1", "quick": "2 (or a Full)", "full": "1 (instead of 2 Quick)", "reaction": "1",
           "whole turn": "the whole activation"}
    rows = [[kind.capitalize(), per[kind], ", ".join(names)] for kind, names in by_kind.items()]
    return _markdown(["Slot", "Per turn", "Actions"], rows + [["Free", "any number", "–"]])


def cooldown_table(uses: int = 5) -> str:
    """Stress cost of each Cooldown in a scene, and the running total."""
    check_int("uses", uses, low=1, high=20)
    rows = []
    total = 0
    for n in range(uses):
        cost = rulings.cooldown_cost(n)
        total += cost
        rows.append([str(n + 1), str(cost), str(total)])
    return _markdown(["Cooldown", "Costs", "Stress spent so far"], rows)


def vespertide_table(rounds: int = 9) -> str:
    """The Vespertide, round by round."""
    check_int("rounds", rounds, low=1, high=30)
    what = {Tide.CALM: "calm", Tide.GATHERING: "gathering (breaks next round)",
            Tide.BREAKING: "**breaks**: 2 Energy and Slowed in the low band"}
    return _markdown(["Round", "Wave"], [[str(r), what[vespertide_phase(r)]] for r in range(1, rounds + 1)])
