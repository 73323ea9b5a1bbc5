"""Every Void Drifters ruling, in one place.

The Void Drifters combat chapter cites chapters and tables that are not in our
source (the dice chapter, the gear chapter, the Common Actions, Common
Maneuvers, Combat Boon Spends and Conditions tables). Where the engine needs
one of those, the choice is made here, named, and documented: what the source
says, what we chose, and why. The site shows each one in a "Ruling"
admonition with the anchor ``ruling-drifters-<name-with-dashes>``.
"""

from __future__ import annotations

__all__ = [
    "DICE_FACES",
    "HAZARD_DIE_NAME",
    "UPGRADE_WITH_NO_PLAIN_DIE",
    "DOWNGRADE_WITH_NO_UPGRADED_DIE",
    "RANGE_DIFFICULTY",
    "MELEE_DIFFICULTY",
    "ENGAGED_RANGED_BANE_DICE",
    "PAST_RANGE_BANE_DICE_PER_BAND",
    "TAKE_COVER_IS_MANEUVER",
    "DEFENSE_GEAR_CAP",
    "COMBAT_BOON_SPENDS",
    "COMBAT_BANE_SPENDS",
    "DISORIENTED_BANE_DICE",
    "CRITICAL_INJURY_EXTRA_PER_ORDER",
    "MICROGRAVITY_PUSH_OFF",
    "MEDICAL_CARE_WOUNDS",
    "MAX_POOL_DICE",
    "HEAVY_GRAVITY_BANE_DICE",
    "HEAVY_GRAVITY_EXTRA_MANEUVERS",
    "LOW_GRAVITY_MELEE_BANE_DICE",
    "STUN_SUBTRACTS_RESISTANCE",
    "CONDITION_REAPPLY",
    "STRAIN_KNOCKOUT_REST",
    "THROWN_RANGE_LIMITS",
]

#: The faces of the six dice. The dice chapter (Chapter Thirteen) is not in the
#: source, so we use the standard narrative-dice faces. Letters: ``S`` Success,
#: ``F`` Failure, ``B`` Boon, ``b`` Bane, ``!`` Breakthrough (also one
#: Success), ``X`` Calamity (also one Failure), ``-`` blank.
DICE_FACES: dict[str, tuple[str, ...]] = {
    "ability": ("-", "S", "S", "SS", "B", "B", "SB", "BB"),
    "mastery": ("-", "S", "S", "SS", "SS", "B", "SB", "SB", "SB", "BB", "BB", "!"),
    "boon": ("-", "-", "S", "SB", "BB", "B"),
    "trial": ("-", "F", "FF", "b", "b", "b", "bb", "Fb"),
    "hazard": ("-", "F", "F", "FF", "FF", "b", "b", "Fb", "Fb", "bb", "bb", "X"),
    "bane": ("-", "-", "F", "F", "b", "b"),
}

#: The source never names the upgraded Trial die (a d12). We call it the
#: Hazard Die: it pairs with the Mastery Die as the Trial Die pairs with the
#: Ability Die, and "Hazard" says what its Calamity face brings.
HAZARD_DIE_NAME = "Hazard Die"

#: Upgrading a side that has no plain die left (no Ability Die on the positive
#: side, no Trial Die on the negative side) adds one plain die instead; the
#: upgrade is used up adding it. This is the usual narrative-dice rule.
UPGRADE_WITH_NO_PLAIN_DIE = "add a plain die"

#: Downgrading a side with no upgraded die left does nothing (the usual rule).
DOWNGRADE_WITH_NO_UPGRADED_DIE = "no effect"

#: Trial Dice for a ranged attack by range band. The source's dice chapter is
#: missing; the worked examples show Short is Easy (1) and Medium is Average
#: (2, the ship round). Long is Hard and Extreme Daunting, extending one step
#: per band as narrative-dice games do.
RANGE_DIFFICULTY: dict[str, int] = {
    "engaged": 1,
    "short": 1,
    "medium": 2,
    "long": 3,
    "extreme": 4,
}

#: Melee and unarmed attacks are Average (2 Trial Dice) at Engaged. The
#: source is silent; this is the usual narrative-dice default.
MELEE_DIFFICULTY = 2

#: A ranged attack at Engaged adds 1 Bane Die on top of Easy, as the Docking Bay
#: fight shows for Agent B's shot at Engaged ("Easy plus 1 Bane Die").
ENGAGED_RANGED_BANE_DICE = 1

#: Attacking past a weapon's listed range (only if the GM allows it) adds at
#: least 1 Bane Die per band beyond; we add exactly 1 per band.
PAST_RANGE_BANE_DICE_PER_BAND = 1

#: Take Cover is a Maneuver (the Common Maneuvers table is missing; Senna and
#: Davan both take cover as a Maneuver in the Docking Bay fight).
TAKE_COVER_IS_MANEUVER = True

#: The most Bane Dice that Defense and Deflecting from standard gear give
#: together against one attack; cover is counted separately, over the cap.
#: The engine applies the cap by default (``gear_cap=True``); a GM can lift
#: it for special gear.
DEFENSE_GEAR_CAP = 3

#: The Combat Boon Spends table is missing. Spends shown by the worked
#: examples, plus the ones the chapter's text states elsewhere: name -> Boons.
COMBAT_BOON_SPENDS: dict[str, int] = {
    "add 1 Boon Die to an ally's next check": 1,  # Senna, Docking Bay round 1
    "recover 1 Strain": 1,  # Strain Recovery: 1 Boon with no stronger use
    "inflict Disoriented on the target": 2,  # Senna, Docking Bay round 2
    "trigger an active weapon quality": 2,  # Weapon Qualities
    "inflict a Critical Injury": -1,  # costs the weapon's Crit rating
}

#: Bane spends the GM may choose (the table is missing). The Docking Bay fight
#: turns 1 Bane into 1 Strain for the attacker.
COMBAT_BANE_SPENDS: dict[str, int] = {
    "the attacker suffers 1 Strain": 1,
}

#: Disoriented adds 1 Bane Die to the affected character's checks (Agent A's
#: round-2 shot), until the end of that character's next turn.
DISORIENTED_BANE_DICE = 1

#: Several Critical Injuries from one attack. The source says the second adds
#: "a further +10", the third "a further +20". We read the bonus of the k-th
#: injury (k = 0, 1, 2, ...) as +10 x k on top of +10 per injury already
#: held, because each injury inflicted adds +10 to every later roll.
CRITICAL_INJURY_EXTRA_PER_ORDER = 10

#: In microgravity deliberate movement needs a push-off, +1 Maneuver per move.
#: Anchored characters (mag boots on a ferrous surface, a secure handhold) walk
#: and do not pay it. The source ties anchoring only to stable-stance checks;
#: we extend it to movement because mag boots are what let you walk.
MICROGRAVITY_PUSH_OFF = 1

#: Medical care. Each net Success removes 1 Wound on top of the full rest's
#: Might, and 2 Boons may remove 1 more. The source says "additional" without
#: saying to what; we read it as additional to the full rest.
MEDICAL_CARE_WOUNDS = "might + net successes (+1 per 2 Boons if chosen)"

#: The largest pool we compute exactly (dice of all six kinds together). Far
#: beyond any pool in play; it keeps every computation well under a second.
MAX_POOL_DICE = 40

#: Bane Dice that physical checks (melee, unarmed, athletics) add in Elevated,
#: High and Extreme gravity. The source points to a Chapter Ten table we do
#: not have; we add 1, 1 and 2: every band "adds Bane Dice", and Extreme is
#: the harshest.
HEAVY_GRAVITY_BANE_DICE: dict[str, int] = {"elevated": 1, "high": 1, "extreme": 2}

#: Extra Maneuvers per move in heavy gravity ("movement slows", table
#: missing): none in Elevated, 1 in High and Extreme.
HEAVY_GRAVITY_EXTRA_MANEUVERS: dict[str, int] = {"elevated": 0, "high": 1, "extreme": 1}

#: Low gravity adds 1 Bane Die to Athletics and Unarmed checks and to melee
#: attacks "that need planted power". We treat every melee attack as needing
#: it: the engine cannot tell a lunge from a jab.
LOW_GRAVITY_MELEE_BANE_DICE = 1

#: Stun damage. The source says a Stun weapon deals Strain instead of Wounds
#: and that *direct* Strain ignores Resistance. A Stun hit is still a hit's
#: damage, so we subtract Resistance first, then the rest is Strain.
STUN_SUBTRACTS_RESISTANCE = True

#: Re-applying a condition "extends its duration". We add the new duration to
#: what is left, rather than restarting it.
CONDITION_REAPPLY = "add the new duration to the time left"

#: Strain incapacitation and full rest. The character's Strain becomes half
#: their Strain Points, rounded down (not "at most" that: the source says
#: reduce *to* it, and a full rest never raises Strain because the knocked-out
#: character is at or above their Strain Points when it starts).
STRAIN_KNOCKOUT_REST = "half strain points, rounded down"

#: Thrown weapons in strong or weak gravity. The source gives the shift (one
#: band farther in microgravity, two shorter in High and Extreme) but not its
#: limits. We stop at Extreme, the farthest personal band, and a weapon whose
#: reach falls below Engaged cannot be thrown at all in that gravity.
THROWN_RANGE_LIMITS = "no farther than extreme; below engaged cannot be thrown"
