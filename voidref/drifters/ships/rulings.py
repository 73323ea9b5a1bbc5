"""Every Void Drifters ship-combat ruling, in one place.

The ship sections of the Void Drifters chapter point to books we do not
have (the Vehicles Manual's Chapters Fourteen and Fifteen, Chapter Eleven's
station list). Where the engine needs an answer, it is chosen here, named and
documented: what the source says, what we chose, and why; that comment is the
text of its Ruling admonition with the anchor ``ruling-drifters-ships-<slug>``; the slug is the
constant's name in lower case with dashes.

The ship rulings that are switches (Disengage range, Armor Bypass against
screen dice, when damage takes hold, what Armor cuts from an Ion hit) are
fields of :class:`voidref.drifters.rulings.Rulings`, passed to
:class:`~voidref.drifters.ships.round.ShipFight`.
"""

from __future__ import annotations

from voidref.drifters.characters import Character, Skill
from voidref.drifters.dice import Difficulty
from voidref.drifters.ships.profiles import ActionKind, Arc, Facing, Mount, ShipRange, Station, StationAction
from voidref.errors import check_int

__all__ = [
    "ion_reduction",
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


def ion_reduction(armor: int) -> int:
    """How much System Damage an Ion hit loses to *armor*, in our reading.

    Ruling :attr:`~voidref.drifters.rulings.Rulings.ion_cut_is_half_armor`.

    >>> [ion_reduction(a) for a in range(6)]
    [0, 0, 1, 1, 2, 2]
    """
    check_int("armor", armor, low=0, high=1000)
    return armor // 2


# -- stations -----------------------------------------------------------------------

#: The stations a crew member can take in a ship fight.
#:
#: **Source:** there are six, listed in Chapter Eleven, which we do not have; the worked
#: ship round names four.
#:
#: **We chose:** those four, Helm, Gunnery, Engineering, Sensors and Comms. The captain is not
#: a station.
#:
#: **Why:** inventing the two missing names would put words in the book's mouth; a table that
#: has Chapter Eleven can add them.
STATIONS = tuple(Station)

#: The station actions, by name (each a ``StationAction`` with its station, kind, skill, difficulty and effect).
#:
#: **Source:** the table of station actions is missing; the text gives Direct Focus in full,
#: and the worked ship round shows the others being used.
#:
#: **We chose:** just the actions the example uses, with the cost, check and effect it shows.
#: Where it shows none, Aimed Fire is the Gunnery attack with no extra effect; Advance, Break
#: and Hold Position are Helm Maneuvers with no check (the cutter holds as a Maneuver, Senna
#: means to Break as hers); Disengage is a Helm Action, an Average Pilot check (how near it
#: may start is the switch ``Rulings.disengage_from``). Pilot checks at the Helm add the
#: ship's Handling as Boon or Bane Dice, as a fixed weapon's Gunnery check does (the example
#: notes that Handling +0 adds nothing to the Evasive Maneuver).
#:
#: **Why:** the example is the table's only evidence; where it says nothing we take the
#: simplest fill that agrees with it.
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

#: The two facings a ship's two Deflection numbers cover, in the order printed.
#:
#: **Source:** Deflection adds Bane Dice for the side of the ship being attacked, and
#: profiles print it as two unnamed numbers ("Deflection 0 / 0").
#:
#: **We chose:** fore and aft, the first number for the front half of the ship and the second
#: for the rear half; the GM, who notes facing when setting the scene, says which half an
#: attack comes from.
#:
#: **Why:** two numbers mean two facings, and front and rear halves are the usual split for
#: two-zone ships in narrative-dice games.
DEFLECTION_FACINGS = tuple(Facing)

#: The firing arcs of a ship.
#:
#: **Source:** a weapon fires only into the arcs its mount covers; the example names a
#: forward arc and a forward-fixed mount and nothing more.
#:
#: **We chose:** four arcs, fore, aft, port and starboard; a fixed mount covers one, a turret
#: the arcs it lists.
#:
#: **Why:** a forward arc implies others, and four quarters is the smallest set with a
#: forward arc and sides.
ARCS = tuple(Arc)

# -- range --------------------------------------------------------------------------

#: The difficulty of a ship attack, by range band.
#:
#: **Source:** ship attacks roll Gunnery against a difficulty the missing Vehicles Manual
#: sets; the Ember Drift ship round shows that Medium is Average.
#:
#: **We chose:** one step per band, nearest first: Engaged and Short Easy, Medium Average,
#: Long Hard, Extra Long Daunting, Extreme Formidable. A ship at Engaged gets no extra Bane
#: Die.
#:
#: **Why:** it agrees with the personal ruling (``voidref.drifters.rulings.RANGE_DIFFICULTY``)
#: on every band up to Long and keeps one step per band once Extra Long is slotted in, so
#: Extreme stays hardest; the personal Engaged Bane Die is for a gun at arm's length.
SHIP_RANGE_DIFFICULTY: dict[ShipRange, Difficulty] = {
    ShipRange.ENGAGED: Difficulty.EASY,
    ShipRange.SHORT: Difficulty.EASY,
    ShipRange.MEDIUM: Difficulty.AVERAGE,
    ShipRange.LONG: Difficulty.HARD,
    ShipRange.EXTRA_LONG: Difficulty.DAUNTING,
    ShipRange.EXTREME: Difficulty.FORMIDABLE,
}

# -- Boon and Bane spends ------------------------------------------------------------

#: Boons a ship attack spends to bypass more Armor.
#:
#: **Source:** the Vehicles Manual holds the options; the Ember Drift example shows three
#: costs in use.
#:
#: **We chose:** those costs exactly. 2 Boons make the hit bypass 1 more point of Armor
#: (Armor never goes below 0), and the spend may be bought again; 2 Banes make the attacking
#: ship's next attack add 1 Bane Die; 3 Banes jam the weapon that fired; 1 Boon lets an
#: Evasive Maneuver also change facing; Boons equal to the weapon's Crit buy a Critical Hit
#: (from Ship Damage).
#:
#: **Why:** they are the only costs the example gives; buying the Armor spend again is how
#: every other Boon spend works.
ARMOR_BYPASS_BOONS = 2

#: Points of Armor one ``ARMOR_BYPASS_BOONS`` spend bypasses.
ARMOR_BYPASS_POINTS_PER_SPEND = 1

#: Banes it takes to jam the ship weapon that fired (in the example 2 are not enough).
JAM_BANES = 3

#: Banes that make the attacker's next attack add 1 Bane Die (the cutter's spend).
NEXT_ATTACK_BANE_BANES = 2

#: Boons that let an Evasive Maneuver also change facing (Senna's spend).
CHANGE_FACING_BOONS = 1

# -- order and timing ---------------------------------------------------------------

#: The phases in which a ship round's declared choices resolve.
#:
#: **Source:** a ship's choices are declared together, then movement resolves, then
#: attacks, then every other action; yet the Ember Drift shot already uses Direct Focus,
#: Target Lock and Boost Power.
#:
#: **We chose:** three phases, movement (every Helm action and Maneuver), then attacks, each
#: with the checks that feed it (``ATTACK_FEEDERS``) resolved just before its dice are
#: rolled, then the rest.
#:
#: **Why:** it keeps the source's order and still lets the example's shot use what it does.
RESOLUTION_ORDER = ("movement", "attacks (with the checks that feed them)", "everything else")

#: The checks that feed an attack this round, resolved just before it (see :data:`RESOLUTION_ORDER`).
ATTACK_FEEDERS = ("Direct Focus", "Target Lock", "Boost Power")

#: Whether a fixed weapon's Boon Dice from positive Handling count toward the Boon Limit.
#:
#: **Source:** the limit lists its sources (station actions, orders, components, a directive
#: AI, weapon and hull tags, allies), and Handling is not among them.
#:
#: **We chose:** they do not count.
#:
#: **Why:** Handling is the ship's own statistic, not one of the listed sources.
HANDLING_COUNTS_TOWARD_BOON_LIMIT = False

#: What reaching the Heat Threshold does (nothing the engine applies).
#:
#: **Source:** every ship has a Heat Threshold; what passing it does is in Chapter Eleven,
#: which we do not have.
#:
#: **We chose:** the engine reports when a ship's Heat reaches its threshold and applies no
#: effect.
#:
#: **Why:** any effect would be invented.
HEAT_THRESHOLD_EFFECT = None

#: The largest ship-attack pool computed exactly. A pool this size takes
#: well under a second; larger ones are refused with a RulesError.
MAX_SHIP_POOL_DICE = 24

#: The Initiative slot of a character who is not at a station.
#:
#: **Source:** such a character acts on their own Initiative slot, and boarding fights keep
#: the ship fight's order; but the ship round rolls Initiative for ships only.
#:
#: **We chose:** a character who rolled personal Initiative keeps that slot; one with no slot
#: (who leaves a station mid-fight, say) acts on their ship's slot.
#:
#: **Why:** the slot order is fixed for the encounter, so no new slot can appear, and the
#: ship's slot is the one that character already shared.
OFF_STATION_SLOT = "own slot if rolled, else the ship's slot"

#: The gunner of the cutter in the worked example (the pilot is ``EXAMPLE_CUTTER_PILOT``).
#:
#: **Source:** the example gives the cutter's dice results but not its crew.
#:
#: **We chose:** for the odds shown before each roll only, the gunner has Agility 3 and
#: Gunnery 2 (the bounty agents of the Docking Bay fight have Agility 3 and Ranged 2), and the
#: pilot rolls Initiative with Savvy 2 and Perception 1.
#:
#: **Why:** odds need a pool; the results the page uses are still the source's.
EXAMPLE_CUTTER_GUNNER = Character("cutter gunner", agility=3, skills={Skill.GUNNERY: 2})

#: The pilot of the cutter in the worked example (see ``EXAMPLE_CUTTER_GUNNER``).
EXAMPLE_CUTTER_PILOT = Character("cutter pilot", savvy=2, skills={Skill.PERCEPTION: 1})

#: The mount of the cutter's railgun battery in the worked example.
#:
#: **Source:** the example gives that battery no mount or arc.
#:
#: **We chose:** a turret covering all four arcs.
#:
#: **Why:** the cutter fires with no word about facing, and a turret adds no Handling dice,
#: which fits the pool the example states (Average plus the evasion Bane Die).
EXAMPLE_RAILGUN_MOUNT = Mount.TURRET
