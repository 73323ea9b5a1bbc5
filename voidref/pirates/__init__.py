"""Void Pirates (NOVACore): 3d6 plus modifiers against a Target Number.

One module per rules concept:

* :mod:`~voidref.pirates.rulings` -- the :class:`~voidref.pirates.rulings.Rulings` switches
  (``STANDARD``, ``AS_PRINTED``) and the tables the source leaves out;
* :mod:`~voidref.pirates.actions` -- the Action Roll, partials, criticals, fumbles;
* :mod:`~voidref.pirates.opposed` -- opposed rolls and ties;
* :mod:`~voidref.pirates.fumbles` -- the d6 Fumble Table;
* :mod:`~voidref.pirates.initiative` -- Initiative and its tie-breaks;
* :mod:`~voidref.pirates.movement` -- turns by level, Move Rate, encumbrance, terrain;
* :mod:`~voidref.pirates.damage` -- soak by damage type, wounds, HP, Stun;
* :mod:`~voidref.pirates.ships` -- ship phases, gunnery, ramming, repair, system hits;
* :mod:`~voidref.pirates.boarding` -- boarding, vacuum and hull breaches;
* the site's calculators are in :mod:`voidref.calc.pirates` (this package never imports them).

>>> from voidref.pirates import ActionRoll, after_soak
>>> ActionRoll.from_scores(14, skill_rank=2).modifier
7
>>> after_soak(12, armor_value=6, damage_type="energy")
9
"""

from voidref.pirates.actions import (
    AGGRESSIVE_NONCOMBAT_PENALTY,
    THREE_D6,
    ActionOdds,
    ActionRoll,
    Outcome,
    RollResult,
)
from voidref.pirates.boarding import (
    ESCAPE_TN,
    BoardingMethod,
    BoardingState,
    BulkheadAction,
    ShipSystem,
    boarding_state,
    can_board,
    eva_arrivals,
    passes,
    stabilization_chance,
    vacuum_round_distribution,
)
from voidref.pirates.damage import (
    PERSONAL_AV_CAP,
    DamageResult,
    DamageRoll,
    DamageType,
    after_soak,
    attack_distribution,
    attack_vs_tn_distribution,
    hit_damage,
    hit_distribution,
    max_hp,
    ongoing_damage_distribution,
    roll_hit_damage,
    soak,
    stack_armor,
    stun_odds,
    wound_penalty,
)
from voidref.pirates.environment import Gravity, GravityRating, Terrain, gravity_rating_modifier, is_mismatched_gravity
from voidref.pirates.fumbles import FUMBLE_TABLE, Fumble, fumble, self_inflicted_damage
from voidref.pirates.initiative import (
    Combatant,
    InitiativeOdds,
    chance_to_act_first,
    initiative_distribution,
    initiative_order,
)
from voidref.pirates.movement import (
    ActionKind,
    TurnOption,
    base_move,
    carry_limit,
    encumbrance_steps,
    move_rate,
    part_move,
    terrain_move_distribution,
    turn_options,
)
from voidref.pirates.opposed import (
    Contest,
    OpposedOdds,
    OpposedResult,
    opposed_distribution,
    opposed_odds,
    resolve_opposed,
)
from voidref.pirates.rulings import (
    AS_PRINTED,
    STANDARD,
    FinalTie,
    Rulings,
    TargetNumber,
    attribute_modifier,
    skill_rank_modifier,
)
from voidref.pirates.ships import (
    SYSTEM_HIT_TABLE,
    GunneryOdds,
    HullClass,
    Maneuver,
    Ship,
    ShipRange,
    ShipState,
    SystemHit,
    gunnery_distribution,
    gunnery_modifier,
    gunnery_odds,
    maneuver_effect,
    maneuver_odds,
    max_shots,
    ram_distribution,
    repair_amount,
    repair_cap,
    repair_distribution,
    ship_state,
    system_hit,
)

__all__ = [
    # rulings
    "Rulings", "STANDARD", "AS_PRINTED", "FinalTie",
    "attribute_modifier", "skill_rank_modifier", "TargetNumber", "Terrain", "Gravity", "GravityRating",
    "gravity_rating_modifier", "is_mismatched_gravity",
    # actions
    "THREE_D6", "ActionOdds", "ActionRoll", "Outcome", "RollResult", "AGGRESSIVE_NONCOMBAT_PENALTY",
    "Contest", "OpposedResult", "OpposedOdds", "resolve_opposed", "opposed_distribution", "opposed_odds",
    "Fumble", "fumble", "FUMBLE_TABLE", "self_inflicted_damage",
    # initiative and movement
    "Combatant", "initiative_order", "initiative_distribution", "InitiativeOdds", "chance_to_act_first",
    "ActionKind", "TurnOption", "turn_options", "base_move", "carry_limit", "encumbrance_steps",
    "move_rate", "part_move", "terrain_move_distribution",
    # damage
    "DamageType", "DamageRoll", "PERSONAL_AV_CAP", "soak", "after_soak", "stack_armor", "hit_damage",
    "hit_distribution", "attack_distribution", "attack_vs_tn_distribution", "max_hp", "wound_penalty",
    "stun_odds", "ongoing_damage_distribution", "DamageResult", "roll_hit_damage",
    # ships
    "HullClass", "ShipRange", "Ship", "Maneuver", "SystemHit", "ShipState", "SYSTEM_HIT_TABLE",
    "gunnery_modifier", "gunnery_distribution", "GunneryOdds", "gunnery_odds", "maneuver_effect", "maneuver_odds",
    "ram_distribution", "repair_cap", "repair_amount", "repair_distribution", "max_shots", "system_hit",
    "ship_state",
    # boarding
    "BoardingMethod", "ShipSystem", "BulkheadAction", "BoardingState", "ESCAPE_TN", "can_board",
    "passes", "eva_arrivals", "boarding_state", "stabilization_chance", "vacuum_round_distribution",
]
