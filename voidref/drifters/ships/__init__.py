"""Void Drifters ship combat: profiles, range, the attack pool, damage, Heat, the round, boarding, exact odds.

Restates: "Your Crew in a Ship Fight" through "Boarding Actions", and
"Worked Example: One Ship Round", of the Void Drifters chapter. Every
ruling is in :mod:`voidref.drifters.ships.rulings`.

Modules, one per rules concept:

* :mod:`~voidref.drifters.ships.profiles` -- ship and weapon profiles, arcs, facings, bands, stations
* :mod:`~voidref.drifters.ships.range` -- where a weapon fires, arcs, moving by Speed
* :mod:`~voidref.drifters.ships.pool` -- the attack pool and the Boon Limit
* :mod:`~voidref.drifters.ships.damage` -- Hull and System Damage, Critical Hits, destroyed, out of control
* :mod:`~voidref.drifters.ships.heat` -- Heat per shot, boosts, dissipation
* :mod:`~voidref.drifters.ships.stations` -- station actions and their checks, Boon and Bane spends
* :mod:`~voidref.drifters.ships.round` -- the round and the mutable fight tracker
* :mod:`~voidref.drifters.ships.boarding` -- boarding fights
* :mod:`~voidref.drifters.ships.odds` -- exact odds of a ship attack
* :mod:`~voidref.drifters.ships.example` -- the worked example's ships and crew
"""

from voidref.drifters.ships.boarding import (
                                             CRITICAL_HIT_SECTION_EFFECTS,
                                             Interior,
                                             check_interior_band,
                                             interior_bands,
                                             leave_station,
                                             unmanned_stations,
)
from voidref.drifters.ships.damage import (
                                             Hit,
                                             ShipStanding,
                                             armor_after_pierce,
                                             armor_bypass_points,
                                             can_jam,
                                             critical_hit_available,
                                             hit_damage,
                                             resolve_hit,
                                             roll_critical_hit,
                                             system_damage,
                                             useful_bypass_boons,
)
from voidref.drifters.ships.example import AUTOCANNON, CM_440_CUTTER, EMBER_DRIFT, RAILGUN_BATTERY
from voidref.drifters.ships.heat import BOOST_HEAT, at_threshold, dissipate, shot_heat
from voidref.drifters.ships.odds import BoonUse, Resolution, ShipAttackOdds, attack_odds, resolve_outcome
from voidref.drifters.ships.pool import BOON_LIMIT, BOOST_DAMAGE, ShipAttack, boon_dice_after_limit
from voidref.drifters.ships.profiles import (
                                             ActionKind,
                                             Arc,
                                             Ecm,
                                             Facing,
                                             Mount,
                                             Screen,
                                             ShipProfile,
                                             ShipRange,
                                             ShipWeapon,
                                             Station,
                                             StationAction,
                                             WeaponType,
)
from voidref.drifters.ships.range import (
                                             advance,
                                             attack_difficulty,
                                             bands_per_move,
                                             break_away,
                                             check_in_arc,
                                             check_in_range,
                                             in_arc,
                                             in_range,
                                             weapon_bands,
)
from voidref.drifters.ships.round import ROUND_STEPS, FightShip, RoundStep, ShipEnd, ShipFight, Shot, as_outcome
from voidref.drifters.ships.stations import (
                                             BaneSpend,
                                             BoonSpend,
                                             Talent,
                                             handling_dice,
                                             resolution_phase,
                                             station_action,
                                             station_check_pool,
)

__all__ = [
    # profiles
    "ShipProfile", "ShipWeapon", "Screen", "Ecm", "StationAction",
    "ShipRange", "Arc", "Facing", "Mount", "WeaponType", "Station", "ActionKind",
    "AUTOCANNON", "RAILGUN_BATTERY", "EMBER_DRIFT", "CM_440_CUTTER",
    # range
    "weapon_bands", "in_range", "check_in_range", "in_arc", "check_in_arc",
    "bands_per_move", "advance", "break_away", "attack_difficulty",
    # pool
    "BOON_LIMIT", "BOOST_DAMAGE", "boon_dice_after_limit", "ShipAttack",
    # damage
    "Hit", "resolve_hit", "hit_damage", "armor_after_pierce", "armor_bypass_points", "useful_bypass_boons",
    "system_damage", "critical_hit_available", "can_jam", "ShipStanding", "roll_critical_hit",
    # heat
    "BOOST_HEAT", "shot_heat", "dissipate", "at_threshold",
    # stations
    "Talent", "BoonSpend", "BaneSpend", "station_action", "station_check_pool", "resolution_phase",
    "handling_dice",
    # round
    "RoundStep", "ROUND_STEPS", "FightShip", "ShipFight", "Shot", "ShipEnd", "as_outcome",
    # boarding
    "Interior", "interior_bands", "check_interior_band", "leave_station", "unmanned_stations",
    "CRITICAL_HIT_SECTION_EFFECTS",
    # odds
    "BoonUse", "Resolution", "ShipAttackOdds", "attack_odds", "resolve_outcome",
]
