"""Upper Hand ship engagements: goals, the Upper Hand, damage, and exact odds.

Source: the "Ship Engagements" rules (``001`` in the source set). Modules, one
per rules concept:

* :mod:`~voidref.upper_hand.rulings` -- every ruling (its ``Rulings`` value), the Task Throw among them
* :mod:`~voidref.upper_hand.ships` -- ships, components, conditions, sides
* :mod:`~voidref.upper_hand.throws` -- skills, stations and the rank limit on Impact
* :mod:`~voidref.upper_hand.goals` -- goals, requirements, leaping, outcomes
* :mod:`~voidref.upper_hand.maneuver` -- the opening throw and the Maneuver phase
* :mod:`~voidref.upper_hand.damage` -- hit locations, components, crew hits
* :mod:`~voidref.upper_hand.engagement` -- a fight tracked step by step
* :mod:`~voidref.upper_hand.odds` -- a whole engagement as an exact Markov chain: the entry points,
  built on :mod:`~voidref.upper_hand.packed` (states as integers), :mod:`~voidref.upper_hand.chain`
  (one round's transitions), :mod:`~voidref.upper_hand.walk` (the chain played out),
  :mod:`~voidref.upper_hand.arithmetic` (exact and bounded numbers) and
  :mod:`~voidref.upper_hand.simulation` (a seeded simulation for the largest chains)
* the site's calculators are in :mod:`voidref.calc.upper_hand` (this package never imports them)
"""

from voidref.upper_hand.answer import EngagementAnswer, Known, Method, answer_engagement
from voidref.upper_hand.damage import (
    CrewHit,
    DamageReport,
    damage_odds,
    hit_location,
    npc_surrender_chance,
    npc_surrenders,
    pc_crew_hit_odds,
    resolve_damage,
)
from voidref.upper_hand.engagement import Engagement, EngagementState, Phase
from voidref.upper_hand.goals import (
    Ending,
    Finish,
    Goal,
    LeapResult,
    Outcome,
    leap,
    leap_odds,
    party_leap_odds,
    requirement_met,
)
from voidref.upper_hand.maneuver import (
    maneuver_odds,
    maneuver_phase,
    maneuver_winner,
    opening_odds,
    opening_upper_hand,
    ship_maneuver,
    upper_hand_after,
)
from voidref.upper_hand.odds import (
    MAX_CHAIN_STATES,
    MAX_CHAIN_WORK,
    EngagementBounds,
    EngagementOdds,
    SimulatedOdds,
    engagement_bounds,
    engagement_odds,
    round_odds,
    simulate_engagement,
)
from voidref.upper_hand.rulings import AS_PRINTED, STANDARD, TASK_THROW, Rulings, TaskThrow
from voidref.upper_hand.ships import Component, Condition, Location, Ship, Side
from voidref.upper_hand.throws import (
    CrewMember,
    Station,
    ThrowResult,
    assign_stations,
    limit_impact,
    roll_throw,
    station_impact,
    station_odds,
    throw_odds,
)

__all__ = [
    "Rulings", "STANDARD", "AS_PRINTED", "TaskThrow", "TASK_THROW",
    "Side", "Condition", "Component", "Location", "Ship",
    "Station", "CrewMember", "assign_stations", "limit_impact", "throw_odds", "station_odds", "station_impact",
    "ThrowResult", "roll_throw",
    "Goal", "requirement_met", "LeapResult", "leap", "leap_odds", "party_leap_odds", "Ending", "Finish", "Outcome",
    "opening_upper_hand", "opening_odds", "maneuver_winner", "upper_hand_after", "maneuver_phase",
    "ship_maneuver", "maneuver_odds",
    "hit_location", "npc_surrenders", "npc_surrender_chance", "pc_crew_hit_odds", "CrewHit", "DamageReport",
    "resolve_damage", "damage_odds",
    "EngagementState", "Phase", "Engagement",
    "MAX_CHAIN_STATES", "MAX_CHAIN_WORK", "round_odds", "EngagementOdds", "engagement_odds",
    "EngagementBounds", "engagement_bounds", "SimulatedOdds", "simulate_engagement",
    "EngagementAnswer", "Known", "Method", "answer_engagement",
]
