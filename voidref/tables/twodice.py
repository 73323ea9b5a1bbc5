"""Look-up tables for the 2D fighting pages, computed by the engine.

Every function returns MyST Markdown for a ``{computed}`` block: the numbers
come from :mod:`voidref.twodice`, never typed by hand, so a changed ruling
changes every page that shows it.

>>> print(two_dice_table().splitlines()[2])
| 2 | 2.8% | 100% |
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from voidref.errors import RulesError, check_int, describe
from voidref.present import Table
from voidref.present import percent_cell as pct
from voidref.twodice.armor import ArmorClass, can_sprint, moves_per_turn, save_dist
from voidref.twodice.damage import as_damage, damage_items, hit_damage_dist
from voidref.twodice.dice import FightingRoll, two_dice
from voidref.twodice.exchange import (
    Combatant,
    Exchange,
    Outcome,
    TestKind,
    counter_limit,
    counterattack_odds,
    defense_odds,
)
from voidref.twodice.weapons import KNIFE, DamageRoll, Distance, Weapon, WeaponCategory

__all__ = [
    "pct",
    "two_dice_table",
    "exchange_table",
    "save_stops_table",
    "damage_by_armor_table",
    "weapon_armor_table",
    "negative_modifier_table",
    "moves_table",
    "burst_answer_table",
    "quick_exchange_table",
    "quick_save_table",
]


def _num(q: Fraction) -> str:
    return f"{float(q):.2f}"


def _table(header: list[str], rows: list[list[str]]) -> str:
    return Table("", tuple(header), tuple(tuple(r) for r in rows)).to_markdown() + "\n"


def two_dice_table() -> str:
    """2D totals: the chance of each, and of rolling at least it (page: attack)."""
    d = two_dice()
    rows = [[str(s), pct(d[s]), pct(sum((d[t] for t in d if t >= s), Fraction(0)))] for s in range(2, 13)]
    return _table(["2D", "exactly", "at least"], rows)


def exchange_table(low: int = -6, high: int = 6) -> str:
    """Chance of each result by bonus difference (attacker's bonus minus the other side's).

    Columns: for a counterattack, attacker wins / tie (both hit) / counterattacker
    wins; for a defense roll, the attack hits / the defense holds.
    """
    check_int("low", low, -20, 20)
    check_int("high", high, low, 20)
    rows = []
    zero = FightingRoll(0)
    for diff in range(low, high + 1):
        att = FightingRoll(0, modifier=diff)
        c = counterattack_odds(att, zero)
        d = defense_odds(att, zero)
        rows.append(
            [
                f"{diff:+d}" if diff else "0",
                pct(c[Outcome.DEFENDER_HIT]),
                pct(c[Outcome.BOTH_HIT]),
                pct(c[Outcome.ATTACKER_HIT]),
                pct(d[Outcome.DEFENDER_HIT]),
                pct(d[Outcome.NO_HIT]),
            ]
        )
    return _table(
        [
            "attacker bonus − other bonus",
            "counter: attacker wins",
            "counter: tie, both hit",
            "counter: counterattacker wins",
            "defense: attack hits",
            "defense: holds",
        ],
        rows,
    )


def save_stops_table() -> str:
    """Chance that one armor save roll holds at least one die of each value.

    A lone damage die (or a flat bonus) of that value is stopped exactly this often.
    """
    rows = []
    for armor in ArmorClass:
        if armor is ArmorClass.NONE:
            continue
        s = save_dist(armor)
        rows.append(
            [armor.value, f"{armor.save_dice}D"]
            + [pct(sum((p for dice, p in s.probabilities().items() if max(dice, default=0) >= v), Fraction(0)))
               for v in range(1, 7)]
        )
    return _table(["armor", "save"] + [f"stops a {v}" for v in range(1, 7)], rows)


def damage_by_armor_table(damage: str = "2D+4") -> str:
    """Chance of each amount of damage from one hit of *damage*, for each armor class."""
    roll = as_damage(damage)
    dists = {a: hit_damage_dist(roll, a) for a in ArmorClass}
    most = max(max(d) for d in dists.values())
    rows = [[str(v)] + [pct(dists[a][v]) for a in ArmorClass] for v in range(0, most + 1)]
    rows.append(["**mean**"] + [f"**{_num(dists[a].mean())}**" for a in ArmorClass])
    return _table([f"damage ({roll})"] + [a.value for a in ArmorClass], rows)


def weapon_armor_table(damages: tuple[str, ...] = ("1D", "2D-3", "2D", "2D+4", "3D")) -> str:
    """Mean damage per hit, and the chance of none, for several weapons against each armor."""
    if not isinstance(damages, (tuple, list)) or not damages or len(damages) > 12:
        raise RulesError(f"'damages' must list 1 to 12 damage rolls (got {describe(damages)})", argument="damages")
    rows = []
    for text in damages:
        roll = as_damage(text)
        cells = []
        for a in ArmorClass:
            d = hit_damage_dist(roll, a)
            cells.append(f"{_num(d.mean())} ({pct(d[0])})")
        rows.append([str(roll)] + cells)
    return _table(["weapon damage"] + [a.value for a in ArmorClass], rows)


def negative_modifier_table(rolled: tuple[int, ...] = (5, 4), lowest: int = -9) -> str:
    """What dice remain when each negative modifier meets the same roll."""
    check_int("lowest", lowest, -48, -1)
    shown = ", ".join(str(x) for x in sorted(rolled, reverse=True))
    rows = []
    for m in range(0, lowest - 1, -1):
        items = damage_items(rolled, m)
        rows.append([str(m) if m else "0", ", ".join(map(str, items)) or "none", str(sum(items))])
    return _table([f"modifier on {shown}", "dice left", "damage before saves"], rows)


def moves_table() -> str:
    """Armor's save dice, sprinting and moves per turn (with and without the exceptions)."""
    rows = []
    for a in ArmorClass:
        rows.append(
            [
                a.value,
                f"{a.save_dice}D" if a.save_dice else "–",
                "yes" if can_sprint(a) else "no",
                str(moves_per_turn(a)),
                str(moves_per_turn(a, mechanics=1)),
            ]
        )
    return _table(
        ["armor", "save", "may sprint", "moves a turn", "moves with Mechanics 1, Astro/Cosmo 1 or ex-legionnaire"],
        rows,
    )


def burst_answer_table(shots: int = 3) -> str:
    """How defenders with different weapons answer a burst of *shots* at Far or Near."""
    check_int("shots", shots, 1, 3)
    shooting, far, near, two_d = WeaponCategory.SHOOTING, Distance.FAR, Distance.NEAR, DamageRoll(2)
    rifle = Weapon("battle rifle", category=shooting, damage=DamageRoll(3), firing_limit=3, recoil=1, capacity=30)
    defenders: list[tuple[str, Weapon | None, Distance]] = [
        ("revolver (firing limit 1)", Weapon("revolver", category=shooting, damage=two_d, capacity=6), far),
        (
            "autopistol (firing limit 2)",
            Weapon("autopistol", category=shooting, damage=two_d, firing_limit=2, recoil=1, capacity=12),
            far,
        ),
        ("battle rifle (firing limit 3)", rifle, far),
        ("sword, at Far", Weapon("sword", category=WeaponCategory.FENCING, damage=two_d), far),
        ("knife, at Near", KNIFE, near),
        ("unarmed, at Near", None, near),
    ]
    rows = []
    for label, weapon, distance in defenders:
        limit = counter_limit(weapon, rifle, distance)
        ex = Exchange(Combatant(FightingRoll(0), rifle), Combatant(FightingRoll(0), weapon), distance,
                      shots=shots, counter_shots=limit)
        kinds = ex.kinds
        rows.append(
            [
                label,
                str(sum(k is TestKind.COUNTERATTACK for k in kinds)),
                str(sum(k is TestKind.DEFENSE for k in kinds)),
            ]
        )
    return _table([f"defender against a {shots}-shot burst", "shoots back", "defends"], rows)


def quick_exchange_table(low: int = -3, high: int = 3) -> str:
    """The attacker's side of :func:`exchange_table`, narrow enough for a phone (page: quick).

    Columns: against a counterattack, the attacker hits / both hit / the attacker is hit.
    Against a defense roll the attacker hits exactly as often as in the first column
    (the tie goes to the defender), so that column is left out.
    """
    check_int("low", low, -20, 20)
    check_int("high", high, low, 20)
    zero = FightingRoll(0)
    rows = []
    for diff in range(low, high + 1):
        att = FightingRoll(0, modifier=diff)
        c = counterattack_odds(att, zero)
        rows.append([f"{diff:+d}" if diff else "0", pct(c[Outcome.DEFENDER_HIT]), pct(c[Outcome.BOTH_HIT]),
                     pct(c[Outcome.ATTACKER_HIT])])
    return _table(["your edge", "you hit", "both hit", "you are hit"], rows)


def _any_die_at_least(v: int) -> Callable[[tuple[int, ...]], bool]:
    """The test 'some save die shows *v* or more', for :meth:`~voidref.exact.Dist.prob`."""
    return lambda dice: any(x >= v for x in dice)


def quick_save_table() -> str:
    """:func:`save_stops_table` turned on its side: a row per damage die value (page: quick)."""
    armors = [a for a in ArmorClass if a is not ArmorClass.NONE]
    saves = {a: save_dist(a) for a in armors}
    rows = [[str(v)] + [pct(saves[a].prob(_any_die_at_least(v))) for a in armors]
            for v in range(1, 7)]
    return _table(["damage die"] + [f"{a.value} ({a.save_dice}D)" for a in armors], rows)
