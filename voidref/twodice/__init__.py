"""2D fighting: attack, counterattack and defense on 2D, armor saves that cancel damage dice.

Source: the 2D fighting document, "Fighting" (*Attack, Counterattack &
Defense*; *Armor & Weapons*). Modules, one per rules concept:

* :mod:`~voidref.twodice.dice` -- the 2D + ability + skill roll
* :mod:`~voidref.twodice.weapons` -- categories, reach, damage rolls, bursts
* :mod:`~voidref.twodice.armor` -- save dice, sprinting and moves per turn
* :mod:`~voidref.twodice.damage` -- modifiers, save dice cancelling damage dice
* :mod:`~voidref.twodice.exchange` -- who hits whom, counter limits, bursts
* :mod:`~voidref.twodice.fighter` -- a fighter's END, rounds and moves over a fight
* :mod:`~voidref.twodice.rulings` -- every choice the source leaves open
* :mod:`~voidref.tables.twodice` -- for the site (its calculators: :mod:`voidref.calc.twodice`)

>>> from voidref.twodice import damage_items, hit_damage_dist
>>> damage_items((5, 2), -3)
(2, 2)
"""

from voidref.twodice import rulings
from voidref.twodice.armor import ArmorClass, can_sprint, moves_per_turn, save_dist
from voidref.twodice.damage import (
    DamageResult,
    SaveResult,
    apply_saves,
    cancel,
    damage_items,
    hit_damage_dist,
    items_dist,
    roll_hit_damage,
)
from voidref.twodice.dice import FightingRoll, FightingRollResult, dice_sum, two_dice
from voidref.twodice.exchange import (
    Combatant,
    Exchange,
    ExchangeResult,
    Outcome,
    TestKind,
    TestResult,
    counter_limit,
    counterattack_odds,
    defense_odds,
    opposed,
)
from voidref.twodice.fighter import Fighter
from voidref.twodice.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.twodice.weapons import KNIFE, UNARMED, DamageRoll, Distance, Weapon, WeaponCategory

__all__ = [
    "rulings",
    "Rulings",
    "STANDARD",
    "AS_PRINTED",
    "ArmorClass",
    "can_sprint",
    "moves_per_turn",
    "save_dist",
    "SaveResult",
    "apply_saves",
    "cancel",
    "damage_items",
    "hit_damage_dist",
    "items_dist",
    "DamageResult",
    "roll_hit_damage",
    "FightingRoll",
    "FightingRollResult",
    "dice_sum",
    "two_dice",
    "Exchange",
    "ExchangeResult",
    "Outcome",
    "Combatant",
    "TestKind",
    "TestResult",
    "counter_limit",
    "counterattack_odds",
    "defense_odds",
    "opposed",
    "Fighter",
    "KNIFE",
    "UNARMED",
    "DamageRoll",
    "Distance",
    "Weapon",
    "WeaponCategory",
]
