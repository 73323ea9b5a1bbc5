"""Worked examples as encounter logs: the Docking Bay fight, event by event, its one script.

The Docking Bay fight is a log of :mod:`~voidref.drifters.encounter.state`
events, as a table would enter them in the tracker: the source's stat blocks,
the result of each roll (with the faces of Senna's first shot, which the
source spells out; the other rolls it gives as net results), the Maneuvers,
the Boon and Bane spends, and the GM's two changes to the scene (the
shutter's heavy cover comes down; Agent B steps round it). The engine does
the rest, and the log ends where the source does. The page's replay, the
tracker's copy of the fight and ``examples/docking_bay.py`` all show this log
(through ``voidref.present.fight``).

A few inputs can be changed (the defaults are the source's example):
Senna's Agility, her armor's Resistance, and the net result of Agent A's first
shot. A changed input that makes a roll impossible for its pool raises
``InputError`` (from ``voidref.drifters.rolled``) naming the input.

>>> from voidref.drifters.encounter.log import replay
>>> state = replay(docking_bay_log())
>>> {f.name: (f.health.wounds, f.health.strain) for f in state.fighters}
{'Senna': (8, 0), 'Davan': (5, 2), 'Agent A': (10, 0), 'Agent B': (0, 0)}
>>> replay(docking_bay_log(senna_armor=3)).fighter("Senna").health.wounds
4
>>> try:
...     docking_bay_log(agent_a_successes=9)
... except InputError as error:
...     print(error.name, "|", error.detail)
agent_a_successes | Agent A's shot at Senna, with the pool 2 Mastery + 1 Ability vs 1 Trial + 1 Bane, cannot roll \
9 Successes and 1 Bane
"""

from __future__ import annotations

from collections import Counter

from voidref.drifters.attack import Attack, Cover
from voidref.drifters.characters import (
    ARMOR_RESISTANCE_CAP,
    MAX_CHARACTERISTIC,
    Character,
    Kind,
    RangeBand,
    Skill,
    Weapon,
)
from voidref.drifters.dice import Die, Difficulty, Pool
from voidref.drifters.encounter.actions import Check, GmSpend, MakeAttack, Maneuver, Move, SpendBoons, TakeCover
from voidref.drifters.encounter.state import (
    Encounter,
    EndRound,
    EndTurn,
    Event,
    Initiative,
    Join,
    SetCover,
    SetRange,
    StartRound,
    TakeTurn,
    apply,
)
from voidref.drifters.initiative import Side
from voidref.drifters.rolled import InputError, net_text
from voidref.errors import RulesError, check_int

__all__ = ["docking_bay_cast", "docking_bay_log"]

_SENNA_FIRST_SHOT = ("SS", "S", "B", "-", "F")
"""The faces the source gives for Senna's first shot: four Ability Dice, then the Trial Die."""


def docking_bay_cast(*, senna_agility: int = 4, senna_armor: int = 1) -> tuple[dict[str, Character], Weapon]:
    """Senna, Davan and the two agents as the source gives them (or with Senna's Agility and armor changed),
    and their sidearm."""
    check_int("senna_agility", senna_agility, low=1, high=MAX_CHARACTERISTIC)
    check_int("senna_armor", senna_armor, low=0, high=ARMOR_RESISTANCE_CAP)
    cast = {
        "Senna": Character("Senna Vael", might=2, agility=senna_agility, savvy=2, willpower=2,
                           skills={Skill.PERCEPTION: 2}, armor_resistance=senna_armor),
        "Davan": Character("Davan Kel", might=2, intellect=4, willpower=2,
                           skills={Skill.CRAFT: 2, Skill.ELECTRONICS: 2}),
        "Agent A": _agent("Agent A"),
        "Agent B": _agent("Agent B"),
    }
    return cast, Weapon("Standard sidearm", damage=6, crit=3, range=RangeBand.MEDIUM)


def _agent(name: str) -> Character:
    """One of the Docking Bay's two bounty agents (the source gives both the same profile)."""
    return Character(name, agility=3, skills={Skill.RANGED: 2}, kind=Kind.ELITE, stated_wound_points=12,
                     stated_resistance=2)


def _events(senna_agility: int, senna_armor: int, a_successes: int, a_boons: int) -> list[Event]:
    cast, sidearm = docking_bay_cast(senna_agility=senna_agility, senna_armor=senna_armor)
    sides = {"Senna": Side.PLAYER, "Davan": Side.PLAYER, "Agent A": Side.GM, "Agent B": Side.GM}
    davan, gun = cast["Davan"], sidearm.name
    # The source's faces fit Senna's pool only as printed (Agility 4); otherwise her net result stands alone.
    pool = Attack(cast["Senna"], sidearm, cast["Agent A"], band=RangeBand.SHORT).pool()
    stated = Counter(pool.dice()) == Counter([Die.ABILITY] * 4 + [Die.TRIAL])
    craft = Pool.for_check(davan.intellect, davan.skill(Skill.CRAFT), Difficulty.AVERAGE, boon_dice=1)
    comms = Pool.for_check(davan.intellect, davan.skill(Skill.ELECTRONICS), Difficulty.AVERAGE)
    return [
        *(Join(name, sides[name], character, (sidearm,)) for name, character in cast.items()),
        SetRange("Senna", "Agent A", RangeBand.SHORT), SetRange("Davan", "Agent B", RangeBand.SHORT),
        # Senna watched the exit (Savvy + Perception); Davan was caught mid-deal (Willpower + Readiness).
        Initiative("Senna", 2), Initiative("Davan", 1, surprised=True), Initiative("Agent A", 1),
        Initiative("Agent B", 0), StartRound(),
        # Round 1
        TakeTurn("Senna"), TakeCover("Senna", Cover.LIGHT),
        MakeAttack("Senna", "Agent A", gun, successes=2, boons=1, faces=_SENNA_FIRST_SHOT if stated else ()),
        SpendBoons("Senna", "ally boon die"), EndTurn("Senna"),
        TakeTurn("Davan"), Maneuver("Davan", "move to the shutter controls"),
        Check("Davan", "Craft: drop the shutter", successes=1, boons=-1, dice=craft.describe()),
        SetCover("Davan", Cover.HEAVY), EndTurn("Davan"),
        TakeTurn("Agent A"), MakeAttack("Agent A", "Senna", gun, successes=a_successes, boons=a_boons),
        *([GmSpend("Agent A", -a_boons)] if a_boons < 0 else []), EndTurn("Agent A"),
        TakeTurn("Agent B"), Move("Agent B", "Davan", RangeBand.ENGAGED), SetCover("Davan", Cover.NONE),
        MakeAttack("Agent B", "Davan", gun, successes=1), EndTurn("Agent B"), EndRound(),
        # Round 2
        TakeTurn("Senna"), MakeAttack("Senna", "Agent A", gun, successes=1, boons=2),
        SpendBoons("Senna", "disoriented"), EndTurn("Senna"),
        TakeTurn("Davan"), Move("Davan", "Agent B", RangeBand.SHORT), TakeCover("Davan", Cover.HEAVY, strain=True),
        Check("Davan", "Electronics: call station security", successes=2, dice=comms.describe()), EndTurn("Davan"),
        TakeTurn("Agent A"), MakeAttack("Agent A", "Senna", gun, successes=1), EndTurn("Agent A"),
        TakeTurn("Agent B"), MakeAttack("Agent B", "Davan", gun, successes=0), EndTurn("Agent B"),
    ]


def docking_bay_log(*, senna_agility: int = 4, senna_armor: int = 1, agent_a_successes: int = 1,
                    agent_a_boons: int = -1) -> tuple[Event, ...]:
    """The Docking Bay fight as the tracker's log: four combatants, Initiative, two rounds, eight turns.

    The keywords change the example (Senna's Agility 1 to 10, her armor's
    Resistance 0 to 3, the net Successes and Boons of Agent A's first shot,
    Banes below 0, each spent by the GM as 1 Strain on him). The log is
    replayed before it is returned; a roll the changed pool cannot give
    raises ``InputError`` (from ``voidref.drifters.rolled``) naming the input.
    """
    check_int("agent_a_successes", agent_a_successes, low=-20, high=20)
    check_int("agent_a_boons", agent_a_boons, low=-20, high=20)
    events = _events(senna_agility, senna_armor, agent_a_successes, agent_a_boons)
    state = Encounter()
    for at, event in enumerate(events):
        try:
            state = apply(state, event)
        except RulesError as error:
            if isinstance(event, MakeAttack) and event.name in ("Senna", "Agent A"):
                name = "senna_agility" if event.name == "Senna" else "agent_a_successes"
                raise InputError(name, f"{event.name}'s shot at {event.target}, with the pool "
                                       f"{event.attack(state).pool().describe()}, cannot roll "
                                       f"{net_text(event.successes, event.boons)}") from None
            raise RulesError(f"'events[{at}]' ({event.type}) cannot happen here: {error}",
                             argument=f"events[{at}]") from error
    return tuple(events)
