"""Every Void Drifters ruling, in one place.

The Void Drifters combat chapter cites chapters and tables that are not in our
source (the dice chapter, the gear chapter, the Common Actions, Common
Maneuvers, Combat Boon Spends and Conditions tables). Where the engine needs
one of those, the choice is made here, named, and documented: what the source
says, what we chose, and why. The site shows each one in a "Ruling"
admonition with the anchor ``ruling-drifters-<name-with-dashes>``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from voidref.errors import RulesError, check_bool, check_int
from voidref.ruling_base import RulingsBase, check_rulings_of

__all__ = [
    "Rulings",
    "STANDARD",
    "AS_PRINTED",
    "check_rulings",
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
    "MAX_POOL_DICE",
    "HEAVY_GRAVITY_BANE_DICE",
    "LOW_GRAVITY_MELEE_BANE_DICE",
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

#: The most Bane Dice that Defense from gear (armor) and Deflecting give
#: together against one attack, with default gear. Talent Defense and cover
#: add on top of it (the source: Defense itself has no hard cap). The engine
#: applies it unless an attack says the target's gear is not default gear
#: (``Attack(gear_cap=False)``).
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

# In microgravity deliberate movement needs a push-off: 1 more Maneuver per
# move (the source's number, not a ruling). Whether an anchored character
# pays it is the switch Rulings.anchored_skips_push_off.
MICROGRAVITY_PUSH_OFF = 1

#: The largest pool we compute exactly (dice of all six kinds together). Far
#: beyond any pool in play; it keeps every computation well under a second.
MAX_POOL_DICE = 40

#: Bane Dice that physical checks (melee, unarmed, athletics) add in Elevated,
#: High and Extreme gravity. The source points to a Chapter Ten table we do
#: not have; we add 1, 1 and 2: every band "adds Bane Dice", and Extreme is
#: the harshest.
HEAVY_GRAVITY_BANE_DICE: dict[str, int] = {"elevated": 1, "high": 1, "extreme": 2}

#: Low gravity adds 1 Bane Die to Athletics and Unarmed checks and to melee
#: attacks "that need planted power". We treat every melee attack as needing
#: it: the engine cannot tell a lunge from a jab.
LOW_GRAVITY_MELEE_BANE_DICE = 1


# -- the switches the engine reads ------------------------------------------------

_SHIP_BANDS = ("engaged", "short", "medium", "long", "extra long", "extreme")


@dataclass(frozen=True)
class Rulings(RulingsBase):
    """The Void Drifters rulings the engine reads, as one frozen value.

    :data:`STANDARD` is our reading; :data:`AS_PRINTED` is the literal reading
    of the source wherever ours differs (where the source prints no number or
    no answer at all, the two agree). Entry points take ``rulings=`` as a
    keyword, with :data:`STANDARD` as the default.

    >>> AS_PRINTED.anchored_skips_push_off, STANDARD.anchored_skips_push_off
    (False, True)
    >>> Rulings(disengage_from="medium").differences(STANDARD)
    {'disengage_from': ('medium', 'long')}
    >>> sorted(STANDARD.differences(AS_PRINTED))
    ['anchored_skips_push_off', 'armor_bypass_ignores_screen_dice', 'disengage_from']
    """

    #: Extra Maneuvers one move costs in Elevated, High and Extreme gravity, in that order.
    #:
    #: **Source:** in all three bands movement slows, by a Chapter Ten table we do not have.
    #:
    #: **We chose:** ``(1, 1, 2)``: each move costs 1 extra Maneuver in Elevated, 1 in High and 2
    #: in Extreme, the same steps as the Bane Dice those bands add to physical checks.
    #:
    #: **As printed:** no number is printed, so the printed reading is ours too.
    #:
    #: **Why:** the source says all three bands slow you, so no band may be free (none may be 0);
    #: the numbers themselves are ours.
    heavy_gravity_move_maneuvers: tuple[int, int, int] = (1, 1, 2)

    #: Whether an anchored character (mag boots on a ferrous surface, a secure handhold) moves in
    #: microgravity without the push-off Maneuver.
    #:
    #: **Source:** in microgravity a deliberate move needs a push-off and costs 1 extra Maneuver;
    #: anchoring is mentioned only for checks that need a stable stance, and the push-off
    #: sentence names no exception.
    #:
    #: **We chose:** ``True``, our own invention: an anchored character moves without the
    #: push-off.
    #:
    #: **As printed:** ``False``: every deliberate move in microgravity pays the push-off.
    #:
    #: **Why:** mag boots on a deck are what let you walk instead of float.
    anchored_skips_push_off: bool = True

    #: Whether medical care's extra Wound for 2 Boons may be bought again with every further 2
    #: Boons.
    #:
    #: **Source:** each net Success of the Medicine check removes one more Wound, without saying
    #: more than what; and 2 Boons may take off 1 more Wound (or save supplies, or shorten the
    #: recovery), a single sentence naming a single Wound.
    #:
    #: **We chose:** ``False``: the care adds to the full rest's Might, so a rested patient in
    #: care recovers Might plus net Successes, plus 1 if 2 Boons go on Wounds; the Boon Wound is
    #: bought once per check, so 4 Boons still heal 1 more Wound and the rest can go on the other
    #: two uses.
    #:
    #: **As printed:** ``False`` too, the sentence names one Wound; ``True`` is the house rule
    #: that repeats it for every 2 Boons.
    #:
    #: **Why:** the full rest is the only other Wound recovery the chapter gives, and the Boon
    #: sentence names one Wound.
    medical_boons_repeat: bool = False

    #: Whether firing a (not thrown) ranged weapon is a physical action, so that a Calamity on it
    #: leaves the shooter Drifting in microgravity.
    #:
    #: **Source:** a Calamity on a physical action leaves you drifting, without saying which
    #: actions are physical; ranged attacks take no gravity penalty.
    #:
    #: **We chose:** ``False``, our own reading: melee, unarmed and thrown attacks (and Athletics
    #: checks) are physical; pulling a trigger is not. ``True`` makes every attack physical.
    #:
    #: **As printed:** the source is silent, so the printed reading is ours.
    #:
    #: **Why:** those are the attacks that move your body, and the gravity rules already treat
    #: shooting apart.
    ranged_shot_is_physical: bool = False

    #: The nearest ship range band a Helm may Disengage from.
    #:
    #: **Source:** no Disengage rule is printed; the worked example's pilot plans to Break to
    #: Long and then Disengage in the same turn.
    #:
    #: **We chose:** ``"long"``, our own invention: Disengage works only from Long range or
    #: farther.
    #:
    #: **As printed:** no limit, ``"engaged"``: any band.
    #:
    #: **Why:** that plan is the only hint, and it explains why she breaks to Long first.
    disengage_from: str = "long"

    #: Whether Armor Bypass also cancels the Bane Dice a deflection screen adds to the attack.
    #:
    #: **Source:** a weapon with Armor Bypass ignores Armor and screens, said among the damage
    #: steps.
    #:
    #: **We chose:** ``False``, our own reading: it skips the screen's Damage Reduction, but the
    #: Bane Dice a screen adds to the attack roll still count.
    #:
    #: **As printed:** ``True``: read literally, the screen is ignored outright, dice included.
    #:
    #: **Why:** the sentence sits in the damage steps; the attack pool is a separate, earlier
    #: step.
    armor_bypass_ignores_screen_dice: bool = False

    #: When a ship becomes destroyed or out of control, at step 5 or the moment the hit lands.
    #:
    #: **Source:** hits land on the ships' turns (step 4), and step 5 applies the round's Hull
    #: Damage, System Damage and Heat; yet the Ship Damage section says a ship is destroyed
    #: *when* its Hull Damage reaches its Hull Points, and the example gives running totals after
    #: each hit.
    #:
    #: **We chose:** ``True``, our reading of the round's order: keep running totals, and a ship
    #: becomes destroyed or out of control only in step 5. ``False`` makes the state change the
    #: moment the hit lands.
    #:
    #: **As printed:** the printed order of the round says the same, so ``True``; the other
    #: reading is just as defensible.
    #:
    #: **Why:** it follows the printed order, so a ship hit early in a round still takes its
    #: turn.
    ship_states_at_step_five: bool = True

    #: Where a thrown weapon's reach stops when gravity shifts it below Engaged.
    #:
    #: **Source:** one band farther in microgravity, two shorter in High and Extreme gravity,
    #: with no word on the ends of the scale.
    #:
    #: **We chose:** ``False``: never past Extreme, and a weapon shifted below Engaged cannot be
    #: thrown at all in that gravity (a Short knife in High gravity). ``True`` stops the shift at
    #: Engaged, so such a weapon can still be thrown there.
    #:
    #: **As printed:** silent, so the printed reading is ours.
    #:
    #: **Why:** Extreme is the farthest personal band, and there is no band nearer than Engaged.
    thrown_reach_stops_at_engaged: bool = False

    #: How a condition applied again is extended.
    #:
    #: **Source:** applying it again extends its duration and never strengthens it, without
    #: saying by how much.
    #:
    #: **We chose:** ``True``: the new duration is added to the time still left. ``False``
    #: restarts the clock at the longer of the two.
    #:
    #: **As printed:** silent on the amount, so the printed reading is ours.
    #:
    #: **Why:** restarting the clock would sometimes lengthen nothing, which is not an extension.
    condition_reapply_adds: bool = True

    #: Whether Resistance reduces a Stun weapon's hit.
    #:
    #: **Source:** a Stun weapon deals Strain instead of Wounds, and Strain inflicted *directly*
    #: ignores Resistance unless the effect says otherwise; which of the two a Stun hit is, it
    #: does not say.
    #:
    #: **We chose:** ``True``: take Resistance off a Stun hit's damage as usual; what is left is
    #: Strain. ``False`` treats the hit as direct Strain.
    #:
    #: **As printed:** both sentences are printed, so either reading is literal; the printed
    #: reading keeps ours.
    #:
    #: **Why:** a Stun hit is still a hit with a Damage value, not an effect that inflicts Strain
    #: outright.
    stun_subtracts_resistance: bool = True

    def __post_init__(self) -> None:
        slow = self.heavy_gravity_move_maneuvers
        if not isinstance(slow, tuple) or len(slow) != 3:
            raise RulesError("'heavy_gravity_move_maneuvers' must be three integers for elevated, high, extreme "
                             f"(got {slow!r})")
        for band, n in zip(("elevated", "high", "extreme"), slow):
            check_int(f"heavy_gravity_move_maneuvers[{band}]", n, low=1, high=4)
        for f in fields(self):
            if f.type == "bool":
                check_bool(f.name, getattr(self, f.name))
        if self.disengage_from not in _SHIP_BANDS:
            raise RulesError(f"'disengage_from' must be one of {', '.join(_SHIP_BANDS)} "
                             f"(got {self.disengage_from!r})")



#: Our reading of every ruling.
STANDARD = Rulings()

#: The literal reading of the source, wherever it differs from ours.
AS_PRINTED = Rulings(anchored_skips_push_off=False, disengage_from="engaged",
                     armor_bypass_ignores_screen_dice=True)


def check_rulings(value: object) -> Rulings:
    """Return *value* if it is a :class:`Rulings`, else raise a RulesError naming ``rulings``."""
    return check_rulings_of(Rulings, value)
