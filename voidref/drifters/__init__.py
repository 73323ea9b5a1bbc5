"""Void Drifters: the headline system's personal combat rules.

One module per rules concept:

* :mod:`~voidref.drifters.dice` -- dice, pools, exact check odds
* :mod:`~voidref.drifters.characters` -- stat blocks, weapons, range bands
* :mod:`~voidref.drifters.initiative` -- slots and turn order
* :mod:`~voidref.drifters.turn` -- Actions, Maneuvers, Strain for the second
* :mod:`~voidref.drifters.movement` -- Maneuvers to move between bands
* :mod:`~voidref.drifters.environment` -- gravity in a fight
* :mod:`~voidref.drifters.attack` -- attack pools, damage, exact attack odds
* :mod:`~voidref.drifters.health` -- Wounds, Strain, incapacitation, recovery
* :mod:`~voidref.drifters.injuries` -- Critical Injuries
* :mod:`~voidref.drifters.rounds` -- rounds until a repeated attack takes a target down
* :mod:`~voidref.drifters.conditions` -- conditions and their durations
* :mod:`~voidref.drifters.rulings` -- every ruling, in one place
"""

from voidref.drifters.attack import Attack, AttackOdds, Cover, Damage
from voidref.drifters.characters import Character, Characteristic, Kind, RangeBand, Skill, Weapon, unarmed
from voidref.drifters.conditions import Condition, Conditions
from voidref.drifters.dice import CheckOutcome, Die, Difficulty, Face, Pool, Roll
from voidref.drifters.environment import Gravity, thrown_range
from voidref.drifters.health import Health
from voidref.drifters.initiative import Entry, Side, initiative_pool, slot_order, turn_order
from voidref.drifters.injuries import (
    InjuryRoll,
    Severity,
    critical_injury_odds,
    injuries_for_attack,
    injury_bonus,
    read_critical_injury,
    roll_critical_injury,
    severity,
)
from voidref.drifters.movement import MovePlan, maneuvers_to_move, move_plan
from voidref.drifters.rounds import TakeDown, rounds_to_take_down
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.drifters.turn import TurnPlan, plan_turn

__all__ = [
    "Attack", "AttackOdds", "Cover", "Damage",
    "Character", "Characteristic", "Kind", "RangeBand", "Skill", "Weapon", "unarmed",
    "Condition", "Conditions",
    "CheckOutcome", "Die", "Difficulty", "Face", "Pool", "Roll",
    "Gravity", "thrown_range",
    "Health",
    "Entry", "Side", "initiative_pool", "slot_order", "turn_order",
    "Severity", "critical_injury_odds", "injuries_for_attack", "injury_bonus", "severity", "InjuryRoll",
    "read_critical_injury", "roll_critical_injury",
    "MovePlan", "maneuvers_to_move", "move_plan",
    "TakeDown", "rounds_to_take_down",
    "TurnPlan", "plan_turn",
    "Rulings", "STANDARD", "AS_PRINTED",
]
