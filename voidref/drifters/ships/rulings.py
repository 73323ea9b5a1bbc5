"""Every Void Drifters ship-combat ruling, in one place.

The ship sections of the Void Drifters chapter point to books we do not
have (the Vehicles Manual's Chapters Fourteen and Fifteen, Chapter Eleven's
station list) and print one sentence that reads two ways (Ion). Where the
engine needs an answer, it is chosen here, named and documented: what the
source says, what we chose, and why. The site shows each one in a Ruling
admonition with the anchor ``ruling-drifters-ships-<slug>``; the slug is the
constant's name in lower case with dashes.

The ship rulings that are switches (Disengage range, Armor Bypass against
screen dice, when damage takes hold) are fields of
:class:`voidref.drifters.rulings.Rulings`, passed to
:class:`~voidref.drifters.ships.round.ShipFight`.
"""

from __future__ import annotations

from voidref.drifters.characters import Character, Skill
from voidref.drifters.dice import Difficulty
from voidref.drifters.ships.profiles import ActionKind, Arc, Facing, Mount, ShipRange, Station, StationAction
from voidref.errors import check_int

__all__ = [
    "ION_SYSTEM_DAMAGE_REDUCTION", "ion_reduction",
    "STATIONS", "STATION_ACTIONS",
    "DEFLECTION_FACINGS", "ARCS",
    "SHIP_RANGE_DIFFICULTY",
    "ARMOR_BYPASS_BOONS", "ARMOR_BYPASS_POINTS_PER_SPEND", "JAM_BANES",
    "NEXT_ATTACK_BANE_BANES", "CHANGE_FACING_BOONS",
    "RESOLUTION_ORDER", "ATTACK_FEEDERS",
    "HANDLING_COUNTS_TOWARD_BOON_LIMIT",
    "HEAT_THRESHOLD_EFFECT", "MAX_SHIP_POOL_DICE",
    "OFF_STATION_SLOT", "EXAMPLE_CUTTER_GUNNER", "EXAMPLE_CUTTER_PILOT", "EXAMPLE_RAILGUN_MOUNT",
]

# -- Ion ----------------------------------------------------------------------------

#: **Ion.** Source ("Ship Damage", step 3): Armor cuts the System Damage of
#: an Ion weapon "by half its value, rounded down", which can mean half of
#: the Armor's value or half of the System Damage's value. **We chose:** the
#: System Damage falls by half the target's Armor, rounded down
#: (``armor // 2``), never below 0. **Why:** Armor is the subject of the
#: sentence, so "its" most naturally points back to it; the other reading
#: would make Armor 1 and Armor 10 cut exactly the same amount, unlike every
#: other use of Armor; and this reading grows with Armor the way Armor less
#: Pierce does. The cut uses the printed Armor: Pierce and the 2-Boon spend
#: work on Hull Damage only (the source attaches Pierce to step 2). A weapon
#: with Armor Bypass ignores Armor, so it takes no cut.
ION_SYSTEM_DAMAGE_REDUCTION = "half the target's Armor, rounded down"


def ion_reduction(armor: int) -> int:
    """How much System Damage an Ion hit loses to *armor* (ruling :data:`ION_SYSTEM_DAMAGE_REDUCTION`).

    >>> [ion_reduction(a) for a in range(6)]
    [0, 0, 1, 1, 2, 2]
    """
    check_int("armor", armor, low=0, high=1000)
    return armor // 2


# -- stations -----------------------------------------------------------------------

#: **Stations.** Source ("Your Crew in a Ship Fight"): there are six
#: stations, listed in Chapter Eleven, which we do not have; the worked
#: example names four. **We chose:** the four the example names (Helm,
#: Gunnery, Engineering, Sensors and Comms). **Why:** inventing two names
#: would put words in the book's mouth; a table that has Chapter Eleven can
#: add them. The captain is not a station.
STATIONS = tuple(Station)

#: **The station action table.** Source ("Station Actions at a Glance"): the
#: table itself is missing; the text gives Direct Focus in full and the
#: worked example shows the rest by use. **We chose:** exactly the actions
#: the example uses, with the cost, check and effect it shows; where it does
#: not show one we fill it in as marked. Aimed Fire is the Gunnery attack
#: with no extra effect (the example shows none). Advance, Break and Hold
#: Position are Helm Maneuvers with no check (the cutter holds "as a
#: Maneuver"; Senna plans to Break "as her Maneuver"). Disengage is a Helm
#: Action: an Average Pilot check; how near it may start is the switch
#: :attr:`voidref.drifters.rulings.Rulings.disengage_from`. Pilot checks at
#: the Helm add the ship's
#: Handling as Boon or Bane Dice, as a fixed weapon's Gunnery check does
#: (the example notes "Handling +0 adds nothing" on the Evasive Maneuver).
#: **Why:** the example is the only evidence of
#: the table; where it is silent we take the simplest fill that matches it.
STATION_ACTIONS: dict[str, StationAction] = {a.name: a for a in (
    StationAction("Direct Focus", None, ActionKind.MANEUVER, None, None,
                  "once a round: one named crew member adds 1 Boon Die to their next check this round; "
                  "counts toward the Boon Limit on an attack"),
    StationAction("Evasive Maneuver", Station.HELM, ActionKind.ACTION, "pilot", Difficulty.AVERAGE,
                  "on a success: +1 Bane Die on attacks against the ship until its next turn starts, "
                  "and +1 Bane Die on the ship's own attacks this round"),
    StationAction("Advance", Station.HELM, ActionKind.MANEUVER, None, None,
                  "move closer by the bands the ship's Speed allows"),
    StationAction("Break", Station.HELM, ActionKind.MANEUVER, None, None,
                  "move away by the bands the ship's Speed allows"),
    StationAction("Hold Position", Station.HELM, ActionKind.MANEUVER, None, None,
                  "stay at the current range band"),
    StationAction("Disengage", Station.HELM, ActionKind.ACTION, "pilot", Difficulty.AVERAGE,
                  "from Long range or farther, on a success: the ship leaves the fight"),
    StationAction("Target Lock", Station.SENSORS_COMMS, ActionKind.ACTION, "electronics", Difficulty.AVERAGE,
                  "on a success: the gunner adds 1 Boon Die to their next Gunnery check "
                  "against that target this round; counts toward the Boon Limit"),
    StationAction("Boost Power", Station.ENGINEERING, ActionKind.ACTION, "craft", Difficulty.AVERAGE,
                  "weapons, on a success: one attack this round deals +2 damage and makes +2 Heat; "
                  "no weapon boost again this encounter"),
    StationAction("Aimed Fire", Station.GUNNERY, ActionKind.ACTION, "gunnery", None,
                  "a ship attack; the range band sets the difficulty"),
)}

# -- facings and arcs ---------------------------------------------------------------

#: **Deflection facings.** Source: Deflection gives Bane Dice according to
#: the side of the target being shot at, and profiles print it as two numbers
#: ("Deflection 0 / 0") without naming them. **We chose:** the pair is
#: fore / aft: the first number covers the front half of the ship, the
#: second the rear half; the GM, who notes facing when setting the scene,
#: says which half an attack comes from. **Why:** two numbers mean two
#: facings, and front and rear halves are the usual split for two-zone
#: ships in narrative-dice games.
DEFLECTION_FACINGS = tuple(Facing)

#: **Arcs.** Source: a weapon fires only into the arcs its mount covers; the
#: example names a forward arc and a forward-fixed mount. **We chose:** four
#: arcs (fore, aft, port, starboard); a fixed mount covers exactly one, a
#: turret covers the arcs it lists. **Why:** "forward arc" implies others;
#: four quarters is the smallest set that has a forward arc and sides.
ARCS = tuple(Arc)

# -- range --------------------------------------------------------------------------

#: **Ship attack difficulty by range band.** Source: ship attacks use
#: Gunnery against a difficulty the missing rules set; the example shows
#: Medium is Average. **We chose:** one step per band, nearest first:
#: Engaged and Short Easy, Medium Average, Long Hard, Extra Long Daunting,
#: Extreme Formidable. **Why:** it agrees with the personal ruling
#: (:data:`voidref.drifters.rulings.RANGE_DIFFICULTY`) on every band up to
#: Long, and keeps one step per band once Extra Long is slotted in, so
#: Extreme stays the hardest. A ship at Engaged gets no extra Bane Die
#: (the personal one is for a gun at arm's length).
SHIP_RANGE_DIFFICULTY: dict[ShipRange, Difficulty] = {
    ShipRange.ENGAGED: Difficulty.EASY,
    ShipRange.SHORT: Difficulty.EASY,
    ShipRange.MEDIUM: Difficulty.AVERAGE,
    ShipRange.LONG: Difficulty.HARD,
    ShipRange.EXTRA_LONG: Difficulty.DAUNTING,
    ShipRange.EXTREME: Difficulty.FORMIDABLE,
}

# -- Boon and Bane spends ------------------------------------------------------------

#: **Boon and Bane spends on a ship attack.** Source: the Vehicles Manual
#: has the options; the example shows three. **We chose:**
#: 2 Boons make the hit bypass 1 more point of Armor (repeatable; Armor
#: never goes below 0); 2 Banes make the attacking ship's next attack add
#: 1 Bane Die; 3 Banes jam the weapon that fired; Boons equal to the
#: weapon's Crit buy a Critical Hit (stated by "Ship Damage"). **Why:**
#: these are the exact costs the example uses; repeating the Armor spend is
#: how every other Boon spend works (pay again, get it again).
ARMOR_BYPASS_BOONS = 2

#: Points of Armor one :data:`ARMOR_BYPASS_BOONS` spend bypasses.
ARMOR_BYPASS_POINTS_PER_SPEND = 1

#: Banes it takes to jam a ship weapon (in the example 2 are not enough).
JAM_BANES = 3

#: Banes that make the attacker's next attack add 1 Bane Die (the cutter's spend).
NEXT_ATTACK_BANE_BANES = 2

#: Boons that let an Evasive Maneuver also change facing (Senna's spend).
CHANGE_FACING_BOONS = 1

# -- order and timing ---------------------------------------------------------------

#: **Order of resolution.** Source: all of a ship's choices are declared
#: together; movement resolves first, then attacks, then every other
#: action; yet the example's shot uses the Boon Dice of Direct Focus and
#: Target Lock and the boost of Boost Power. **We chose:** three phases:
#: movement (every Helm action and Maneuver), then attacks, each with the
#: checks that feed it (Direct Focus, Target Lock, Boost Power) resolved
#: just before its dice are rolled, then everything else. **Why:** it keeps
#: the source's order and still lets the example's shot use what it does.
RESOLUTION_ORDER = ("movement", "attacks (with the checks that feed them)", "everything else")

#: The checks that feed an attack this round, resolved just before it (see :data:`RESOLUTION_ORDER`).
ATTACK_FEEDERS = ("Direct Focus", "Target Lock", "Boost Power")

#: **Handling and the Boon Limit.** Source: the limit lists station actions,
#: orders, components, a directive AI, weapon and hull tags and allies.
#: **We chose:** Handling's Boon Dice on a fixed weapon do not count. **Why:**
#: Handling is the ship's own statistic, not one of the listed sources.
HANDLING_COUNTS_TOWARD_BOON_LIMIT = False

#: **Heat Threshold.** Source: each ship has a Heat Threshold; what passing
#: it does is in Chapter Eleven, which we do not have. **We chose:** the
#: engine reports when a ship's Heat reaches its threshold and applies no
#: effect. **Why:** any effect would be invented.
HEAT_THRESHOLD_EFFECT = None

#: The largest ship-attack pool computed exactly. A pool this size takes
#: well under a second; larger ones are refused with a RulesError.
MAX_SHIP_POOL_DICE = 24

#: **Characters off station.** Source: a character not at a station acts on
#: their own Initiative slot; boarding fights keep the ship fight's order.
#: The ship round only rolls Initiative for ships. **We chose:** a character
#: who rolled personal Initiative keeps that slot; one who has no slot
#: (for example, who leaves a station mid-fight) acts on their ship's slot.
#: **Why:** the slot order is fixed for the encounter, so no new slot can
#: appear, and the ship's slot is the one that character already shared.
OFF_STATION_SLOT = "own slot if rolled, else the ship's slot"

#: **The cutter's crew in the worked example.** Source: the example gives
#: the cutter's results but not its crew. **We chose:** for the odds before
#: each roll only, its gunner has Agility 3 and Gunnery 2 (the bounty agents
#: of the Docking Bay fight have Agility 3 and Ranged 2) and its pilot rolls
#: Initiative with Savvy 2 and Perception 1. **Why:** the odds need a pool;
#: the results the page uses are still the source's.
EXAMPLE_CUTTER_GUNNER = Character("cutter gunner", agility=3, skills={Skill.GUNNERY: 2})

#: See :data:`EXAMPLE_CUTTER_GUNNER`.
EXAMPLE_CUTTER_PILOT = Character("cutter pilot", savvy=2, skills={Skill.PERCEPTION: 1})

#: **The railgun battery's mount.** Source: the example gives the cutter's
#: railgun battery no mount or arc. **We chose:** a turret covering all four
#: arcs. **Why:** the cutter fires without any word about facing, and a
#: turret adds no Handling dice, which matches the stated pool (Average plus
#: the evasion Bane Die).
EXAMPLE_RAILGUN_MOUNT = Mount.TURRET
