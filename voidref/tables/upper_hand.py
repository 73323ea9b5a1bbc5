"""Look-up tables for the Upper Hand pages, computed by the engine.

Every function returns MyST Markdown for a ``{computed}`` block on the site.
Nothing is typed by hand: change a ruling and every table follows.

>>> print(surrender_table().splitlines()[2])
| 1 | 1 in 6 | 16.7% |
"""

from __future__ import annotations

from collections.abc import Callable

from voidref.errors import check_int, describe
from voidref.present import percent_cell as _pct
from voidref.upper_hand.damage import npc_surrender_chance
from voidref.upper_hand.goals import Ending, Finish, LeapResult, leap_odds
from voidref.upper_hand.maneuver import maneuver_odds, opening_odds
from voidref.upper_hand.odds import engagement_odds
from voidref.upper_hand.rulings import MAX_SKILL, TASK_THROW
from voidref.upper_hand.ships import Ship, Side
from voidref.upper_hand.throws import throw_odds

__all__ = [
    "throw_table",
    "limit_table",
    "maneuver_table",
    "opening_table",
    "surrender_table",
    "leap_table",
    "engagement_table",
    "quick_throw_table",
]


def _at_least(k: int) -> Callable[[int], bool]:
    """The test 'an Impact of *k* or more', for :meth:`~voidref.exact.Dist.prob`."""
    return lambda i: i >= k


def throw_table(max_bonus: int = 4) -> str:
    """Chance of each Impact or more for a Task Throw, by bonus, plain and disadvantaged."""
    check_int("max_bonus", max_bonus, low=0, high=MAX_SKILL)
    lines = ["| Bonus | Throw | Fails | Impact 1+ | Impact 2+ | Impact 3+ | Impact 4+ |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for bonus in range(max_bonus + 1):
        for dis in (False, True):
            d = TASK_THROW.impact_odds(bonus, dis)
            cells = [_pct(d.prob(_at_least(k))) for k in range(1, 5)]
            kind = "disadvantaged" if dis else "plain"
            lines.append(f"| +{bonus} | {kind} | {_pct(d[0])} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def limit_table(bonus: int = 2) -> str:
    """Average Impact of a throw at *bonus* under each component rank."""
    check_int("bonus", bonus, low=0, high=MAX_SKILL)
    lines = ["| Component rank | Average Impact | Chance the rank caps it |", "| --- | --- | --- |"]
    raw = TASK_THROW.impact_odds(bonus)
    for rank in range(0, 5):
        capped = throw_odds(bonus, rank)
        lines.append(f"| {rank} | {float(capped.mean()):.2f} | {_pct(raw.prob(_at_least(rank + 1)))} |")
    return "\n".join(lines)


def maneuver_table(thrusters: int = 2, max_pilot: int = 3, holder: str | None = None) -> str:
    """Chance that ship A holds the Upper Hand after one Maneuver phase, by both Pilot skills.

    Both ships have Thrusters *thrusters*, intact; *holder* is who held it before.
    """
    check_int("thrusters", thrusters, low=0, high=6)
    check_int("max_pilot", max_pilot, low=0, high=6)
    head = "| A's Pilot \\ B's Pilot | " + " | ".join(f"+{b}" for b in range(max_pilot + 1)) + " |"
    lines = [head, "| --- |" + " --- |" * (max_pilot + 1)]
    for pa in range(max_pilot + 1):
        row = []
        for pb in range(max_pilot + 1):
            d = maneuver_odds(Ship("A", thrusters=thrusters, pilot=pa), Ship("B", thrusters=thrusters, pilot=pb),
                              holder)
            row.append(_pct(d[Side.A]))
        lines.append(f"| +{pa} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def opening_table(computer: int = 2, max_software: int = 3) -> str:
    """Who starts with the Upper Hand: A, nobody, B, for Software bonuses against an untrained B."""
    check_int("computer", computer, low=0, high=6)
    check_int("max_software", max_software, low=0, high=6)
    lines = ["| A's Software | A starts with it | Nobody | B starts with it |", "| --- | --- | --- | --- |"]
    for s in range(max_software + 1):
        d = opening_odds(Ship("A", computer=computer, software=s), Ship("B", computer=computer))
        lines.append(f"| +{s} | {_pct(d[Side.A])} | {_pct(d[None])} | {_pct(d[Side.B])} |")
    return "\n".join(lines)


def surrender_table() -> str:
    """Chance that an NPC ship gives up at the check after each crew hit."""
    lines = ["| Crew hit number | Gives up on | Chance |", "| --- | --- | --- |"]
    for n in range(1, 7):
        lines.append(f"| {n} | {n} in 6 | {_pct(npc_surrender_chance(n))} |")
    return "\n".join(lines)


def leap_table(max_agility: int = 3) -> str:
    """One boarder's leap by Agility: lands, dies against the hull, drifts away."""
    check_int("max_agility", max_agility, low=0, high=MAX_SKILL)
    lines = ["| Agility | Lands | Dies on the hull | Drifts away |", "| --- | --- | --- | --- |"]
    for ag in range(max_agility + 1):
        d = leap_odds(ag)
        lines.append(f"| +{ag} | {_pct(d[LeapResult.LANDED])} | {_pct(d[LeapResult.DIED])} | "
                     f"{_pct(d[LeapResult.DRIFTED])} |")
    return "\n".join(lines)


def engagement_table(guns: int = 1, thrusters: int = 2, skill: int = 1) -> str:
    """Exact outcome odds of each goal pair for a players' ship against an NPC ship.

    Both ships have the same ranks (Computer 1, Guns *guns*, Thrusters
    *thrusters*); the players add *skill* to every ship throw, the NPC crew
    nothing.
    """
    check_int("guns", guns, low=0, high=2)
    check_int("thrusters", thrusters, low=0, high=3)
    check_int("skill", skill, low=0, high=4)
    pcs = Ship("Players", computer=1, guns=guns, thrusters=thrusters, software=skill, pilot=skill, gunnery=skill,
               players=True)
    npc = Ship("NPC", computer=1, guns=guns, thrusters=thrusters)
    lines = ["| Players want | NPC wants | Players' goal | by NPC surrender | NPC's goal | Stalemate |",
             "| --- | --- | --- | --- | --- | --- |"]
    for ga, gb in (("reach", "dock"), ("jump", "dock"), ("dock", "jump"), ("reach", "reach")):
        o = engagement_odds(pcs, npc, ga, gb)
        lines.append(f"| {ga} | {gb} | {_pct(o.outcomes[Finish(Side.A, Ending.GOAL)])} | "
                     f"{_pct(o.outcomes[Finish(Side.A, Ending.SURRENDER)])} | {_pct(o.win(Side.B))} | "
                     f"{_pct(o.stalemate)} |")
    return "\n".join(lines)


def quick_throw_table(max_bonus: int = 3, disadvantaged: bool = False) -> str:
    """One kind of throw from :func:`throw_table`, in six narrow columns for a phone (page: quick)."""
    check_int("max_bonus", max_bonus, low=0, high=MAX_SKILL)
    if not isinstance(disadvantaged, bool):
        raise TypeError(f"'disadvantaged' must be True or False (got {describe(disadvantaged)})")
    lines = ["| Bonus | Fails | Impact 1+ | 2+ | 3+ | 4+ |", "| --- | --- | --- | --- | --- | --- |"]
    for bonus in range(max_bonus + 1):
        d = TASK_THROW.impact_odds(bonus, disadvantaged)
        cells = [_pct(d[0])] + [_pct(d.prob(_at_least(k))) for k in range(1, 5)]
        lines.append(f"| +{bonus} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
