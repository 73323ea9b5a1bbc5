"""Cantor tactics: the seven-step attack resolution of a grid skirmish game, computed exactly.

Modules, one per rules concept:

* :mod:`voidref.cantor.kinds` -- the closed sets (damage types, arcs, cover, conditions...)
* :mod:`voidref.cantor.units` -- weapons and targets
* :mod:`voidref.cantor.accuracy` -- steps 1–4: defense, sources, keep-one d6 roll
* :mod:`voidref.cantor.damage` -- step 5 and Blast
* :mod:`voidref.cantor.health` -- steps 6–7: Overshield, HP, Structure
* :mod:`voidref.cantor.attack` -- the seven steps together
* :mod:`voidref.cantor.forced` -- knockback, collisions, ramming, Shatter
* :mod:`voidref.cantor.turn` -- the turn economy, Stress and rate of fire
* :mod:`voidref.cantor.board` -- difficult terrain, the Vespertide, the tow clock
* :mod:`voidref.cantor.rulings` -- every ruling, in one place (:class:`~voidref.cantor.rulings.Rulings`)
* :mod:`voidref.tables.cantor` -- for the site (its calculators: :mod:`voidref.calc.cantor`)

>>> from voidref.cantor import Attack, Weapon, Target, Situation
>>> Attack(Weapon("Needler", damage="1d6", reliable=1), Target(armor=3), Situation()).damage_on_miss()
0
"""

from voidref.cantor.accuracy import (
    Situation,
    Source,
    accuracy_sources,
    attack_total,
    defense_value,
    difficulty_sources,
    hit_chance,
    kept_die,
    net_accuracy,
)
from voidref.cantor.attack import Attack, AttackOdds, AttackResult, RangeCheck
from voidref.cantor.board import Tide, TowClock, path_cost, vespertide_damage, vespertide_phase
from voidref.cantor.damage import (
    Bystander,
    DamageSteps,
    blast_damage,
    blast_splash,
    damage_from_roll,
    damage_on_hit,
    damage_on_miss,
    damage_roll,
    fall_off,
)
from voidref.cantor.forced import Shove, collision_damage, ram_terrain_damage, ram_unit, shatter, shove
from voidref.cantor.health import Applied, UnitState, structure_result
from voidref.cantor.kinds import (
    ActionKind,
    Arc,
    Condition,
    Cover,
    DamageType,
    Defense,
    Keep,
    Mount,
    StoneFracture,
)
from voidref.cantor.rulings import AS_PRINTED, STANDARD, NetZero, Rulings
from voidref.cantor.turn import Action, Stress, Turn, aim_holds, graze_allowed
from voidref.cantor.units import GRAPPLE, DamageRoll, Target, Weapon

__all__ = [
    "AS_PRINTED",
    "NetZero",
    "Rulings",
    "STANDARD",
    "Action",
    "ActionKind",
    "Applied",
    "Arc",
    "Attack",
    "AttackOdds",
    "AttackResult",
    "Bystander",
    "Condition",
    "Cover",
    "DamageRoll",
    "DamageSteps",
    "DamageType",
    "Defense",
    "GRAPPLE",
    "Keep",
    "Mount",
    "RangeCheck",
    "Shove",
    "Situation",
    "Source",
    "StoneFracture",
    "Stress",
    "Target",
    "Tide",
    "TowClock",
    "Turn",
    "UnitState",
    "Weapon",
    "accuracy_sources",
    "aim_holds",
    "attack_total",
    "blast_damage",
    "blast_splash",
    "collision_damage",
    "damage_from_roll",
    "damage_on_hit",
    "damage_on_miss",
    "damage_roll",
    "defense_value",
    "difficulty_sources",
    "fall_off",
    "graze_allowed",
    "hit_chance",
    "kept_die",
    "net_accuracy",
    "path_cost",
    "ram_terrain_damage",
    "ram_unit",
    "shatter",
    "shove",
    "structure_result",
    "vespertide_damage",
    "vespertide_phase",
]
