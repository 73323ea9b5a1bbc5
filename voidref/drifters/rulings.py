"""Every Void Drifters ruling, in one place.

The Void Drifters combat chapter cites chapters and tables that are not in our
source (the dice chapter, the gear chapter, the Common Actions, Common
Maneuvers, Combat Boon Spends and Conditions tables). Where the engine needs
one of those, the choice is made here, named, and documented: what the source
says, what we chose, and why; that comment is the text of its "Ruling"
admonition with the anchor ``ruling-drifters-<name-with-dashes>``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from voidref.errors import RulesError, check_bool, check_int, describe
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
    "DIFFICULTY_NAMES",
    "MICROGRAVITY_PUSH_OFF",
    "DRIFTING_IS_A_CONDITION",
    "CRITICAL_INJURY_NEEDS_A_HIT",
    "positive_dice",
]

#: The faces of the six dice, one letter per symbol.
#:
#: **Source:** the combat chapter leaves the dice to a dice chapter (Chapter Thirteen) that
#: is not in our copy.
#:
#: **We chose:** the standard narrative-dice faces. Letters ``S`` Success, ``F`` Failure,
#: ``B`` Boon, ``b`` Bane, ``!`` Breakthrough (which also counts one Success), ``X`` Calamity
#: (which also counts one Failure), ``-`` blank.
#:
#: **Why:** every pool and net result of the worked examples comes out right with them.
DICE_FACES: dict[str, tuple[str, ...]] = {
    "ability": ("-", "S", "S", "SS", "B", "B", "SB", "BB"),
    "mastery": ("-", "S", "S", "SS", "SS", "B", "SB", "SB", "SB", "BB", "BB", "!"),
    "boon": ("-", "-", "S", "SB", "BB", "B"),
    "trial": ("-", "F", "FF", "b", "b", "b", "bb", "Fb"),
    "hazard": ("-", "F", "F", "FF", "FF", "b", "b", "Fb", "Fb", "bb", "bb", "X"),
    "bane": ("-", "-", "F", "F", "b", "b"),
}

#: The name we give the d12 that an upgraded Trial Die becomes.
#:
#: **Source:** that die is never named.
#:
#: **We chose:** *Hazard Die*.
#:
#: **Why:** it stands to the Mastery Die as the Trial Die stands to the Ability Die, and
#: "Hazard" says what its Calamity face brings.
HAZARD_DIE_NAME = "Hazard Die"

#: What an upgrade does to a side with no plain die left to upgrade.
#:
#: **Source:** silent, since the dice chapter is missing.
#:
#: **We chose:** it adds one plain die (an Ability Die on the positive side, a Trial Die on
#: the negative one), and the upgrade is used up doing so; a downgrade with no upgraded die
#: left does nothing (``DOWNGRADE_WITH_NO_UPGRADED_DIE``).
#:
#: **Why:** that is how narrative-dice games usually handle both cases.
UPGRADE_WITH_NO_PLAIN_DIE = "add a plain die"

#: What a downgrade does to a side with no upgraded die left (nothing).
DOWNGRADE_WITH_NO_UPGRADED_DIE = "no effect"

#: Trial Dice of a ranged attack, by range band.
#:
#: **Source:** the dice chapter that would set an attack's difficulty is missing.
#:
#: **We chose:** Engaged and Short 1 (Easy), Medium 2 (Average), Long 3 (Hard), Extreme 4
#: (Daunting); a shot at Engaged also adds ``ENGAGED_RANGED_BANE_DICE``.
#:
#: **Why:** each shot at Short in the Docking Bay fight is Easy and the Medium shots of the
#: Ember Drift ship round are Average; past Medium we go on one step per band, as
#: narrative-dice games do.
RANGE_DIFFICULTY: dict[str, int] = {
    "engaged": 1,
    "short": 1,
    "medium": 2,
    "long": 3,
    "extreme": 4,
}

#: Trial Dice of a melee or unarmed attack, made at Engaged.
#:
#: **Source:** gives no difficulty for melee or unarmed attacks.
#:
#: **We chose:** Average, 2 Trial Dice.
#:
#: **Why:** the usual default of narrative-dice games; no worked example shows a melee
#: attack to say otherwise.
MELEE_DIFFICULTY = 2

#: Bane Dice added to a ranged attack against a target at Engaged.
#:
#: **Source:** has no rule for shooting someone next to you; only an example shows it.
#:
#: **We chose:** Easy plus 1 Bane Die.
#:
#: **Why:** Agent B's shot at the Engaged Davan in the Docking Bay fight is rolled exactly
#: that way.
ENGAGED_RANGED_BANE_DICE = 1

#: Bane Dice per band when a GM allows a shot beyond the weapon's listed range.
#:
#: **Source:** asks for no fewer than 1 Bane Die for each band beyond.
#:
#: **We chose:** exactly 1 per band; a GM who wants more adds them as situational Bane Dice.
#:
#: **Why:** the lower bound is the only number given.
PAST_RANGE_BANE_DICE_PER_BAND = 1

#: Whether taking cover costs a Maneuver (rather than an Action).
#:
#: **Source:** refers to a Common Maneuvers table we do not have, so what taking cover costs
#: is never stated.
#:
#: **We chose:** a Maneuver.
#:
#: **Why:** in the Docking Bay fight Senna gets behind a loader as her Maneuver and still
#: fires as her Action, and Davan pays 2 Strain for a second Maneuver to duck behind the
#: shutter.
TAKE_COVER_IS_MANEUVER = True

#: The most Bane Dice that gear Defense (armor) and Deflecting add together to one attack.
#:
#: **Source:** Defense has no hard cap, but default gear keeps Defense plus Deflecting to 3
#: Bane Dice, with cover on top; the gear rules it cites are missing. The source is clear
#: that only the gear part is capped, so talent Defense and cover are not, in our reading and
#: the printed one alike.
#:
#: **We chose:** how to tell default gear: a target's gear counts as default unless the
#: attack says it is not (``Attack(gear_cap=False)``, for gear the GM rules special).
#:
#: **Why:** the gear chapter, which would say what gear escapes the cap, is missing.
DEFENSE_GEAR_CAP = 3

#: What Boons buy on an attack, spend to cost in Boons (-1 is the weapon's Crit rating).
#:
#: **Source:** points to a Combat Boon Spends table that is not printed.
#:
#: **We chose:** the spends the chapter's worked examples use or its text states elsewhere,
#: at the cost shown there.
#:
#: **Why:** they are the only spends with evidence behind them.
COMBAT_BOON_SPENDS: dict[str, int] = {
    "add 1 Boon Die to an ally's next check": 1,  # Senna, Docking Bay round 1
    "recover 1 Strain": 1,  # Strain Recovery: 1 Boon with no stronger use
    "inflict Disoriented on the target": 2,  # Senna, Docking Bay round 2
    "trigger an active weapon quality": 2,  # Weapon Qualities
    "inflict a Critical Injury": -1,  # costs the weapon's Crit rating
}

#: What the GM may buy with an attack's Banes, spend to cost in Banes.
#:
#: **Source:** lists typical results of Banes without any costs.
#:
#: **We chose:** 1 Bane can give the attacker 1 Strain.
#:
#: **Why:** in the Docking Bay fight the GM turns Agent A's Bane into 1 Strain, which an
#: Elite takes as 1 Wound.
COMBAT_BANE_SPENDS: dict[str, int] = {
    "the attacker suffers 1 Strain": 1,
}

#: Bane Dice that Disoriented adds to the character's checks.
#:
#: **Source:** the effect is in the Conditions table, which is missing.
#:
#: **We chose:** 1 Bane Die on each check of the Disoriented character, until the end of
#: their next turn.
#:
#: **Why:** in the Docking Bay fight the Disoriented Agent A shoots with one Bane Die for
#: Senna's cover and one for the condition, and it ends after that turn.
DISORIENTED_BANE_DICE = 1

#: The bonus per place in line of each extra Critical Injury one attack inflicts.
#:
#: **Source:** the second injury from one attack adds a further +10, the third a further +20.
#:
#: **We chose:** the k-th extra injury (k = 1 for the second) rolls with +10 x k, on top of
#: the +10 per injury the target already held before the attack.
#:
#: **Why:** every injury inflicted goes on adding +10 to later rolls, so the attack's first
#: injury is already held when its second is rolled.
CRITICAL_INJURY_EXTRA_PER_ORDER = 10

#: Whether an attack that misses can still buy a Critical Injury.
#:
#: **Source:** a Breakthrough on the attack, or net Boons at least the weapon's Crit rating
#: spent on it, triggers a Critical Injury; the trigger list does not say the attack must hit
#: (only the automatic injury names "a hit" on an incapacitated character).
#:
#: **We chose:** ``True``: only a hit buys one, whatever the Boons or Breakthrough of a miss.
#:
#: **Why:** a Critical Injury is an injury dealt by the attack, and every spend the chapter
#: names for a Breakthrough or Boons rides on what the roll did; the Docking Bay's only
#: injury-grade spends are on hits. A miss's Boons and Breakthrough still go to other spends.
CRITICAL_INJURY_NEEDS_A_HIT = True

def positive_dice(characteristic: int, skill: int) -> tuple[int, int]:
    """The Ability and Mastery Dice a characteristic and a skill give a check.

    **Source:** the combat chapter builds the positive pool "from the characteristic and
    skill" as its dice chapter (Chapter Thirteen) describes, and that chapter is not in our
    copy.

    **We chose:** the standard narrative-dice rule: the higher of the two sets how many
    positive dice, the lower how many of them are Mastery Dice (the rest Ability Dice).

    **Why:** every pool of the worked examples comes out so: Agility 4 untrained gives 4
    Ability Dice, Agility 3 with Ranged 2 gives 2 Mastery Dice and 1 Ability Die, Intellect 4
    with Craft 2 gives 2 Mastery Dice and 2 Ability Dice.

    >>> positive_dice(3, 2), positive_dice(4, 0), positive_dice(1, 3)
    ((1, 2), (4, 0), (2, 1))
    """
    check_int("characteristic", characteristic, low=0, high=MAX_POOL_DICE)
    check_int("skill", skill, low=0, high=MAX_POOL_DICE)
    high, low = max(characteristic, skill), min(characteristic, skill)
    return high - low, low


#: Extra Maneuvers of the microgravity push-off, paid once for each whole move.
#:
#: **Source:** a deliberate move in microgravity takes a push-off, which costs 1 more
#: Maneuver (that number is printed); whether it is paid once for the move, once per band
#: crossed or once per Maneuver spent moving, the sentence does not say.
#:
#: **We chose:** once for each move from one band to another, however many bands it crosses
#: or turns it takes: Engaged to Medium costs 1 + 1 + 1 = 3 Maneuvers, not 4. Whether an
#: anchored character pays it is the switch ``Rulings.anchored_skips_push_off``.
#:
#: **Why:** the source prices the movement at one extra Maneuver, not each step of it, and
#: one push is enough to float the whole way.
MICROGRAVITY_PUSH_OFF = 1

#: The names of the difficulty ladder, by number of Trial Dice (the first is 0).
#:
#: **Source:** only two steps are named, in the worked examples: Easy, with 1 Trial Die (each
#: shot at Short in the Docking Bay fight), and Average, with 2 (Davan's Craft check, the
#: checks of the ship round). The dice chapter that would give the whole ladder is missing.
#:
#: **We chose:** Simple 0, Easy 1, Average 2, Hard 3, Daunting 4, Formidable 5 Trial Dice: the
#: names of the engine's ``Difficulty``, one more Trial Die per step.
#:
#: **Why:** the two printed steps are those of the usual narrative-dice ladder, and the other
#: four are that ladder's names.
DIFFICULTY_NAMES: tuple[str, ...] = ("Simple", "Easy", "Average", "Hard", "Daunting", "Formidable")

#: Whether drifting in microgravity counts as a condition.
#:
#: **Source:** a Calamity on a physical action in microgravity leaves the character adrift
#: until an Average Athletics check succeeds or an ally gets to them; the chapter never calls
#: this a condition, and its Conditions table is missing.
#:
#: **We chose:** it is a condition, Drifting, tracked with the others: it lasts until that
#: printed end rather than to the end of the next turn, applying it again changes nothing,
#: and it adds no dice (the source gives it no other effect).
#:
#: **Why:** it is a passing state with an end of its own, the way conditions are, and keeping
#: it with them lets a fight's record show who is adrift.
DRIFTING_IS_A_CONDITION = True

#: The most dice (of all six kinds together) one pool may hold.
#:
#: **Source:** sets no limit; pools in play seldom pass a dozen dice.
#:
#: **We chose:** 40; a bigger pool is refused with an error that says so.
#:
#: **Why:** every exact answer then comes well under a second, on a phone too.
MAX_POOL_DICE = 40

#: Bane Dice added to physical checks in heavy gravity, by band.
#:
#: **Source:** Elevated, High and Extreme gravity add Bane Dice to physical checks, by a
#: Chapter Ten table we do not have.
#:
#: **We chose:** Elevated 1, High 1, Extreme 2, on melee, unarmed and Athletics checks.
#:
#: **Why:** every band adds some, and Extreme is the harshest.
HEAVY_GRAVITY_BANE_DICE: dict[str, int] = {"elevated": 1, "high": 1, "extreme": 2}

# In low gravity a melee attack that needs planted power (or an unarmed one that
# needs control) adds 1 Bane Die (the source's number, not a ruling). Which
# attacks take it is the switch Rulings.low_gravity_bane_every_melee.
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
    >>> sorted(STANDARD.differences(AS_PRINTED))  # doctest: +NORMALIZE_WHITESPACE
    ['anchored_skips_push_off', 'armor_bypass_ignores_screen_dice', 'disengage_from', 'ion_cut_is_half_armor',
     'low_gravity_bane_every_melee']
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

    #: Whether every melee or unarmed attack in low gravity takes the low-gravity Bane Die.
    #:
    #: **Source:** low gravity costs 1 Bane Die on Athletics or Unarmed checks that depend on
    #: control, and on melee blows that depend on planted power; which blows those are, it never
    #: says.
    #:
    #: **We chose:** ``True``: every melee and unarmed attack in low gravity adds the 1 Bane Die,
    #: whatever the attack says about its footing (``Attack.needs_footing`` counts only in the
    #: printed reading).
    #:
    #: **As printed:** ``False``: only an attack that needs planted power (or control) takes it,
    #: and the attack says which: ``Attack(needs_footing=False)`` is a blow that does not, so it
    #: adds nothing (an attack needs footing unless it says otherwise).
    #:
    #: **Why:** nothing in the rules tells a blow that needs planted power from one that does not,
    #: and a swing with a weapon or a fist usually puts the body behind it; one rule for all
    #: keeps every melee pool in low gravity the same.
    low_gravity_bane_every_melee: bool = True

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

    #: Whether Armor cuts an Ion weapon's System Damage by half the Armor (or by half the System
    #: Damage).
    #:
    #: **Source:** in step 3 of Ship Damage, Armor reduces an Ion weapon's System Damage by half
    #: its value, rounded down, where "its" may be the Armor or the System Damage.
    #:
    #: **We chose:** ``True``: System Damage falls by half the target's printed Armor, rounded
    #: down (``armor // 2``, ``voidref.drifters.ships.rulings.ion_reduction``), never below 0.
    #: Pierce and the 2-Boon spend touch Hull Damage only (the source ties Pierce to step 2);
    #: Armor Bypass ignores Armor, so it means no cut at all, in both readings.
    #:
    #: **As printed:** ``False``, the other way to read the sentence: a target with any Armor
    #: cuts half the System Damage, rounded down, whatever its Armor; a target with Armor 0 cuts
    #: nothing.
    #:
    #: **Why:** Armor is the sentence's subject, so "its" most naturally points back to it; the
    #: other reading would make Armor 1 and Armor 10 cut alike, unlike every other use of Armor,
    #: while ours grows with Armor as Armor less Pierce does.
    ion_cut_is_half_armor: bool = True

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
                             f"(got {describe(slow)})", argument="heavy_gravity_move_maneuvers")
        for band, n in zip(("elevated", "high", "extreme"), slow):
            check_int(f"heavy_gravity_move_maneuvers[{band}]", n, low=1, high=4)
        for f in fields(self):
            if f.type == "bool":
                check_bool(f.name, getattr(self, f.name))
        if self.disengage_from not in _SHIP_BANDS:
            raise RulesError(f"'disengage_from' must be one of {', '.join(_SHIP_BANDS)} "
                             f"(got {describe(self.disengage_from)})", argument="disengage_from")



#: Our reading of every ruling.
STANDARD = Rulings()

#: The literal reading of the source, wherever it differs from ours.
AS_PRINTED = Rulings(anchored_skips_push_off=False, disengage_from="engaged",
                     armor_bypass_ignores_screen_dice=True, ion_cut_is_half_armor=False,
                     low_gravity_bane_every_melee=False)


def check_rulings(value: object) -> Rulings:
    """Return *value* if it is a :class:`Rulings`, else raise a RulesError naming ``rulings``."""
    return check_rulings_of(Rulings, value)
