"""Step-by-step replay of the Docking Bay fight (Void Drifters), run with the engine.

The replay plays the worked example from its dice: the faces each die showed
(as the source gives them, or, where the source gives only the net result,
one set of faces that nets to it, found by :func:`~voidref.drifters.rolled.faces_for`).
Every later number is taken from those rolls by the engine: damage from the
net Successes, Strain from the Banes, conditions from the Boons. Each roll is
checked against its pool, so a result the pool cannot produce is refused.

A few inputs can be changed (:func:`docking_bay` takes them as keywords; the
defaults are the source's example): Senna's Agility, her armor, and the net
result of Agent A's first shot. The steps are data; the page's HTML of
each is written by :mod:`voidref.present.replays.docking_bay`, at build time
(so the replay reads with no JavaScript) and in the browser for changed
inputs (through :mod:`voidref.calc.replays`). The ship replay, One Ship
Round, is in :mod:`voidref.drifters.ship_replay`; its data names are also
importable from here.

>>> steps = docking_bay()
>>> [s.tracks["Agent A"][0].wounds for s in steps][-1]
10
>>> docking_bay(senna_armor=3)[3].tracks["Senna"][0].wounds
2
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
from voidref.drifters.conditions import Condition, Conditions
from voidref.drifters.dice import CheckOutcome, Die, Difficulty, Face, Pool, Roll
from voidref.drifters.health import Health
from voidref.drifters.initiative import Entry, Side, initiative_pool, slot_order, turn_order
from voidref.drifters.movement import maneuvers_to_move
from voidref.drifters.rolled import (
    InputError,
    RolledCheck,
    Step,
    check_roll,
    faces_for,
    faces_text,
    rolled,
    wounds_to_incapacitate,
)
from voidref.drifters.rulings import COMBAT_BANE_SPENDS, COMBAT_BOON_SPENDS
from voidref.drifters.ship_replay import ShipState, ShipStep, ember_drift
from voidref.drifters.turn import plan_turn
from voidref.errors import check_int

__all__ = [
    "InputError", "RolledCheck", "Step", "check_roll", "faces_for", "faces_text", "wounds_to_incapacitate",
    "docking_bay_cast", "docking_bay", "ShipState", "ShipStep", "ember_drift",
]


# -- the Docking Bay fight -----------------------------------------------------------------------------

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


def _strain_for_banes(outcome: CheckOutcome) -> int:
    """Strain the attacker suffers when the GM spends every Bane on the Docking Bay's one Bane spend."""
    return max(0, -outcome.boons) // COMBAT_BANE_SPENDS["the attacker suffers 1 Strain"]


def docking_bay(*, senna_agility: int = 4, senna_armor: int = 1, agent_a_successes: int = 1,
                agent_a_boons: int = -1) -> tuple[Step, ...]:
    """Replay the Docking Bay fight; return each step with the state the engine reaches.

    The source's net results are the inputs (and the faces of Senna's first
    shot, which it spells out); damage, Strain, conditions, ranges and the
    slot order all come from the engine. The keywords change the example:
    Senna's Agility (1 to 10), her armor's Resistance (0 to 3), and the net
    Successes and Boons (negative: Banes) of Agent A's first shot at her. A
    roll the changed pool cannot give raises :class:`InputError` naming the
    input (with another Agility, Senna's first shot shows one way to roll
    the source's net result, since the source's faces no longer fit).

    >>> try:
    ...     docking_bay(agent_a_successes=9)
    ... except InputError as error:
    ...     print(error.name, "|", str(error).split(", ")[-1])
    agent_a_successes | cannot roll 9 Successes and 1 Bane
    """
    check_int("agent_a_successes", agent_a_successes, low=-20, high=20)
    check_int("agent_a_boons", agent_a_boons, low=-20, high=20)
    cast, sidearm = docking_bay_cast(senna_agility=senna_agility, senna_armor=senna_armor)
    senna, davan, agent_a, agent_b = cast.values()
    health = {name: Health.of(c) for name, c in cast.items()}
    conds = {name: Conditions() for name in cast}
    band = {("Senna", "Agent A"): RangeBand.SHORT, ("Davan", "Agent B"): RangeBand.SHORT}
    cover = {"Senna": Cover.NONE, "Davan": Cover.NONE}
    steps: list[Step] = []

    def snapshot(title, checks, *facts, odds=(), heading="After"):
        where = "; ".join(f"{a} and {b} at {band[(a, b)].name.capitalize()}" for a, b in band)
        covered = "; ".join(f"{who} {c.name.lower()}" for who, c in cover.items() if c is not Cover.NONE) or "nobody"
        steps.append(Step(title, tuple(checks), {n: (health[n], conds[n]) for n in cast},
                          (*facts, ("Range", where), ("Cover", covered)), tuple(odds), heading))

    def hit(attack: Attack, outcome: CheckOutcome, target: str) -> None:
        if outcome.successes >= 1:
            dmg = attack.damage(outcome.successes)
            health[target] = health[target].suffer_wounds(dmg.wounds).suffer_strain(dmg.strain)

    # Initiative: Senna watched the exit (Savvy + Perception); Davan is caught out (Willpower + Readiness).
    s_init = RolledCheck("Senna", "Initiative", faces_for(initiative_pool(senna), 2, 0), needed=None)
    d_init = RolledCheck("Davan", "Initiative (caught out)", faces_for(initiative_pool(davan, surprised=True), 1, 0),
                         needed=None)
    entries = [Entry("Senna", Side.PLAYER, s_init.outcome.successes), Entry("Agent A", Side.GM, 1),
               Entry("Davan", Side.PLAYER, d_init.outcome.successes), Entry("Agent B", Side.GM, 0)]
    order = turn_order(entries)
    slots = ", ".join("GM" if side is Side.GM else "player" for side in slot_order(entries))
    snapshot("Initiative", (s_init, d_init), ("Slots", slots), ("Turn order", ", ".join(order)))

    # Round 1, Senna: Take Cover behind the loader, then shoot Agent A. The source names these faces.
    cover["Senna"] = Cover.LIGHT
    shot = Attack(senna, sidearm, agent_a, band=RangeBand.SHORT)
    faces = tuple((Die.ABILITY, Face.parse(f)) for f in ("SS", "S", "B", "-")) + ((Die.TRIAL, Face.parse("F")),)
    if Counter(d for d, _ in faces) == Counter(shot.pool().dice()):
        s1 = RolledCheck("Senna", "shot at Agent A", Roll(shot.pool(), faces), stated_faces=True)
    else:  # another Agility: the source's faces do not fit the pool, its net result may
        s1 = rolled("Senna", "shot at Agent A", shot.pool(), 2, 1, inputs="senna_agility")
    hit(shot, s1.outcome, "Agent A")
    davan_boon_dice = s1.outcome.boons // COMBAT_BOON_SPENDS["add 1 Boon Die to an ally's next check"]
    snapshot("Round 1: Senna", (s1,), ("Davan's next check", f"+{davan_boon_dice} Boon Die"),
             odds=(("a Critical Injury possible", shot.odds().critical_injury),))

    # Davan: move to the shutter controls (same band), Craft check with Senna's Boon Die.
    craft = Pool.for_check(davan.intellect, davan.skill(Skill.CRAFT), Difficulty.AVERAGE, boon_dice=davan_boon_dice)
    d1 = RolledCheck("Davan", "Craft: drop the shutter", faces_for(craft, 1, -1))
    cover["Davan"] = Cover.HEAVY if d1.outcome.success else Cover.NONE
    snapshot("Round 1: Davan", (d1,), ("Alarm", "tripped" if d1.outcome.boons < 0 else "quiet"))

    # Agent A shoots Senna in light cover; the GM turns the Bane into Strain, which an Elite takes as Wounds.
    a_shot = Attack(agent_a, sidearm, senna, band=RangeBand.SHORT, cover=cover["Senna"])
    a1 = rolled("Agent A", "shot at Senna", a_shot.pool(), agent_a_successes, agent_a_boons,
                inputs="agent_a_successes")
    hit(a_shot, a1.outcome, "Senna")
    health["Agent A"] = health["Agent A"].suffer_strain(_strain_for_banes(a1.outcome))
    snapshot("Round 1: Agent A", (a1,))

    # Agent B goes around the shutter: Short to Engaged with Davan, where the shutter does not cover him.
    moves = maneuvers_to_move(RangeBand.SHORT, RangeBand.ENGAGED)
    band[("Davan", "Agent B")] = RangeBand.ENGAGED
    b_shot = Attack(agent_b, sidearm, davan, band=RangeBand.ENGAGED)
    b1 = RolledCheck("Agent B", "shot at Davan", faces_for(b_shot.pool(), 1, 0))
    hit(b_shot, b1.outcome, "Davan")
    snapshot("Round 1: Agent B", (b1,), ("Agent B's Maneuvers to close", str(moves)))

    # Round 2, Senna: the same shot; 2 Boons buy Disoriented on Agent A.
    before = health["Agent A"]
    s2 = rolled("Senna", "shot at Agent A", shot.pool(), 1, 2, inputs="senna_agility")
    hit(shot, s2.outcome, "Agent A")
    if s2.outcome.boons >= COMBAT_BOON_SPENDS["inflict Disoriented on the target"]:
        conds["Agent A"] = conds["Agent A"].apply(Condition.DISORIENTED)
    left = wounds_to_incapacitate(health["Agent A"])
    snapshot("Round 2: Senna", (s2,), ("Agent A is out after", f"{left} more Wounds"),
             odds=(("Agent A taken out by this shot", shot.odds(before).incapacitated),))

    # Davan: back to Short (first Maneuver), Take Cover as a second Maneuver for Strain, then the comm panel.
    back = maneuvers_to_move(RangeBand.ENGAGED, RangeBand.SHORT)
    band[("Davan", "Agent B")] = RangeBand.SHORT
    plan = plan_turn(maneuvers=1 + back, keep_action=True)
    health["Davan"] = health["Davan"].suffer_strain(plan.strain)
    cover["Davan"] = Cover.HEAVY
    comms = Pool.for_check(davan.intellect, davan.skill(Skill.ELECTRONICS), Difficulty.AVERAGE)
    d2 = RolledCheck("Davan", "Electronics: call station security", faces_for(comms, 2, 0))
    snapshot("Round 2: Davan", (d2,), ("Davan's Maneuvers", f"{plan.maneuvers}, Action kept for {plan.strain} Strain"))

    # Agent A, Disoriented, shoots Senna; Disoriented ends with his turn.
    a2_shot = Attack(agent_a, sidearm, senna, band=RangeBand.SHORT, cover=cover["Senna"], conditions=conds["Agent A"])
    a2 = RolledCheck("Agent A", "shot at Senna (Disoriented)", faces_for(a2_shot.pool(), 1, 0))
    hit(a2_shot, a2.outcome, "Senna")
    conds["Agent A"] = conds["Agent A"].end_turn()
    left = wounds_to_incapacitate(health["Senna"])
    snapshot("Round 2: Agent A", (a2,), ("Senna is out after", f"{left} more Wounds"))

    # Agent B fires at Davan behind the shutter's heavy cover: no net Success.
    b2_shot = Attack(agent_b, sidearm, davan, band=band[("Davan", "Agent B")], cover=cover["Davan"])
    b2 = RolledCheck("Agent B", "shot at Davan (heavy cover)", faces_for(b2_shot.pool(), 0, 0))
    hit(b2_shot, b2.outcome, "Davan")
    snapshot("Round 2: Agent B", (b2,))

    # Ending the encounter now: Davan's Strain drops by his Willpower.
    health["Davan"] = health["Davan"].end_of_encounter(willpower=davan.willpower)
    snapshot("If the fight ends now", (), ("Davan recovers", f"{davan.willpower} Strain (his Willpower)"),
             heading="If it ends now")
    return tuple(steps)
