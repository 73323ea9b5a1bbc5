"""Void Drifters calculators: thin wrappers that turn engine answers into results.

Each compute function takes typed values (see :mod:`voidref.calc.fields`),
asks :mod:`voidref.drifters` for the exact answer and lays it out as a
:class:`~voidref.calc.results.Result`. No rule is computed here.
"""

from __future__ import annotations

from fractions import Fraction

from voidref.calc.fields import ChoiceField, FieldError, IntField, TextField
from voidref.calc.registry import Calculator, register
from voidref.calc.results import BarChart, Result, Table, pct
from voidref.drifters import Difficulty, Pool
from voidref.errors import RulesError

__all__ = ["check_odds"]

_DIFFICULTIES = tuple((d.name.lower(), f"{d.name.title()} ({int(d)} Trial)") for d in Difficulty)


def _distribution_blocks(dist, key, caption: str, axis: str, word: str) -> tuple:
    """A table (chance of exactly and of at least each value) and a bar chart of ``key``."""
    marginal = dist.map(key)
    probs = marginal.probabilities()
    rows = []
    at_least = Fraction(1)
    for value, p in probs.items():
        rows.append((f"{value:+d}" if value else "0", pct(p), pct(at_least)))
        at_least -= p
    table = Table(caption, (axis, "Chance of exactly", "Chance of at least"), tuple(rows))
    chart = BarChart(f"Chance of each number of {word}", axis,
                     tuple((f"{v:+d}" if v else "0", p) for v, p in probs.items()))
    return table, chart


def check_odds(characteristic: int, skill: int, difficulty: str, dice: str, upgrades: int,
               difficulty_upgrades: int, boon_dice: int, bane_dice: int) -> Result:
    """Exact odds of a check: chance of success, net Successes and net Boons, Breakthrough, Calamity.

    >>> r = check_odds(3, 2, "average", "", 0, 0, 0, 0)
    >>> r.facts[0]
    ('Pool', '2 Mastery + 1 Ability vs 2 Trial')
    """
    if dice:
        try:
            pool = Pool.parse(dice)
        except RulesError as exc:
            raise FieldError("dice", f"'Or list the dice' {str(exc).partition(' ')[2]}") from None
    else:
        pool = Pool.for_check(characteristic, skill, difficulty)
    pool = pool.upgrade(upgrades).upgrade_difficulty(difficulty_upgrades)
    pool = pool.add("boon", boon_dice).add("bane", bane_dice)
    dist = pool.distribution()
    success = dist.prob(lambda o: o.successes >= 1)
    facts = (
        ("Pool", pool.describe()),
        ("Chance of success (at least 1 net Success)", f"{pct(success)} (exactly {success})"),
        ("Chance of at least 1 net Boon", pct(dist.prob(lambda o: o.boons >= 1))),
        ("Chance of at least 1 net Bane", pct(dist.prob(lambda o: o.boons <= -1))),
        ("Chance of at least 1 Breakthrough", pct(dist.prob(lambda o: o.breakthroughs >= 1))),
        ("Chance of at least 1 Calamity", pct(dist.prob(lambda o: o.calamities >= 1))),
        ("Average net Successes", f"{float(dist.mean(lambda o: o.successes)):.2f}"),
    )
    s_table, s_chart = _distribution_blocks(dist, lambda o: o.successes, "Net Successes",
                                            "Net Successes", "net Successes")
    b_table, b_chart = _distribution_blocks(dist, lambda o: o.boons, "Net Boons (negative: net Banes)",
                                            "Net Boons", "net Boons")
    return Result(f"Chance of success: {pct(success)}", facts, (s_table, s_chart, b_table, b_chart))


register(Calculator(
    slug="check-odds",
    title="Check odds",
    system="drifters",
    intro="The exact odds of one check, from a characteristic, a skill and a difficulty, or from dice you list.",
    compute=check_odds,
    fields=(
        IntField("characteristic", "Characteristic", 3, "1 to 6", low=1, high=6),
        IntField("skill", "Skill", 1, "0 to 5", low=0, high=5),
        ChoiceField("difficulty", "Difficulty", "average", "", choices=_DIFFICULTIES),
        TextField("dice", "Or list the dice", "",
                  "e.g. 2M 1A vs 2T 1b (M Mastery, A Ability, B Boon Die, T Trial, H upgraded Trial, b Bane Die); "
                  "replaces the three fields above", max_length=60, placeholder="2M 1A vs 2T"),
        IntField("upgrades", "Upgrades of the pool", 0, "0 to 5", low=0, high=5),
        IntField("difficulty_upgrades", "Upgrades of the difficulty", 0, "0 to 5", low=0, high=5),
        IntField("boon_dice", "Boon Dice", 0, "0 to 6", low=0, high=6),
        IntField("bane_dice", "Bane Dice", 0, "0 to 6", low=0, high=6),
    ),
))
