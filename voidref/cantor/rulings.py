"""Every ruling of the Cantor tactics rules, in one place.

The Cantor card is terse. Where it is silent or could be read two ways, the
choice made for this engine is a named constant or function below; its
docstring gives **Source** (what the card says, in our words), **We chose**
and **Why**. The rest of :mod:`voidref.cantor` imports these names and never
decides such a question itself, so swapping a ruling means editing one place.

>>> dice_for_net(3)
(3, Keep.HIGHEST)
>>> dice_for_net(0)
(2, Keep.LOWEST)
"""

from __future__ import annotations

from voidref.cantor.kinds import DamageType, Keep
from voidref.errors import check_int

__all__ = [
    "dice_for_net",
    "MAX_ATTACK_DICE",
    "FALL_OFF",
    "halve",
    "too_close",
    "RELIABLE_FLOORS_A_HIT",
    "RELIABLE_MISS_TAKES_EXPOSED_AND_BRACE",
    "RELIABLE_ON_INVISIBLE_MISS",
    "RELIABLE_WHEN_NO_ATTACK",
    "ENGAGEMENT_COUNTED_ONCE",
    "REAR_DROP_AFTER_STUNNED_CAP",
    "BURN_IS_A_TRACK",
    "OVERSHIELD_TAKES_RAW_DAMAGE",
    "STRUCTURE_OVERFLOW_LOST",
    "RAM_SHOVE_SPACES",
    "shatter_splinters",
    "blast_reaches",
    "BLAST_RESPECTS_AP_AND_SHREDDED",
    "AIM_ADDS_DICE_ONLY",
    "AURA_BONUS_IS_DICE",
    "cooldown_cost",
    "GRAZE_HITS_AUTOMATICALLY",
    "VESPERTIDE_DAMAGE_MEETS_ARMOR",
    "TAUNT_DISTANCE_IS_SHOOTER_TO_ANCHOR",
    "TOW_CLOCK_HOLDS_WHILE_PRONE",
    "FACING_APPLIES_TO_MELEE",
]


def dice_for_net(net: int) -> tuple[int, Keep]:
    """How many d6 an attack rolls, and which one it keeps, for a net accuracy.

    **Source** (step 3, "Accuracy vs Difficulty"): subtract difficulty dice from
    accuracy dice; the result is the number of d6 rolled, and the best one counts.
    Nothing covers a result of zero, or difficulty outnumbering accuracy.

    **We chose:** a net of 1 or more rolls that many dice and keeps the highest.
    A net of 0 or less rolls ``2 - net`` dice and keeps the lowest: 0 rolls 2
    keeping the lowest, -1 rolls 3 keeping the lowest, and so on.

    **Why:** a plain attack with no sources at all nets 0, so zero dice (a total
    of Grit alone) would make ordinary attacks almost always miss. A single die
    for every net of 1 or less would make a lone accuracy source (Lock On,
    Prone, high ground) worth nothing, and make extra difficulty free once it
    outweighs accuracy. Keeping the lowest of two dice at zero is the familiar
    answer of keep-highest pool games, and counting outward from one die
    makes every source on either side move the odds by one step:
    ..., 3 lowest, 2 lowest, 1 die, 2 highest, 3 highest, ... The card itself
    expects difficulty to bite when nothing offsets it: a capital gun's +2
    against fighters is "why a battle whale is eaten by a fighter screen", and a
    Broadside's +3 through the bow "in practice means blocked". Under this
    ruling +3 with no accuracy rolls 5 dice keeping the lowest, which reaches a
    4 only one time in 32.

    >>> [dice_for_net(n) for n in (-1, 1, 2)]
    [(3, Keep.LOWEST), (1, Keep.HIGHEST), (2, Keep.HIGHEST)]
    """
    check_int("net", net, low=-MAX_ATTACK_DICE + 2, high=MAX_ATTACK_DICE)
    if net >= 1:
        return net, Keep.HIGHEST
    return 2 - net, Keep.LOWEST


MAX_ATTACK_DICE = 40
"""Engine limit (not a rule), an attack may roll at most this many d6.

No sane board comes near it (the card's sources add up to about a dozen);
the cap keeps a typo from asking for an absurd pool.
"""

FALL_OFF: dict[DamageType, int] = {
    DamageType.KINETIC: 2,
    DamageType.ENERGY: 1,
    DamageType.SONIC: 1,
    DamageType.TECH: 0,
}
"""Damage lost past optimal range, by damage type (melee weapons never lose any).

**Source** (step 5, "Damage"): Kinetic loses 2, Energy and Sonic lose 1, melee
never. Tech is not in the list.

**We chose:** Tech loses nothing.

**Why:** the card lists every type that falls off; a tech attack is an
electronic intrusion, not a projectile that spends itself over distance.
"""


def halve(amount: int) -> int:
    """Half of a damage figure, rounded down (Brace, Blast splash and the Graze).

    **Source:** Brace halves what is left, Blast deals half the raw damage and a
    Graze lands half damage; the card never says which way to round, although it
    says "rounded up" where it wants that (optimal range).

    **We chose:** round down.

    **Why:** the card spells out rounding up where it means it, and a clean hit is
    lifted back to 1 by the min-1 floor anyway.

    >>> halve(5), halve(1)
    (2, 0)
    """
    check_int("amount", amount, low=0)
    return amount // 2


def too_close(distance: int, min_range: int) -> bool:
    """True when ordnance with Min Range *min_range* is disarmed at *distance*.

    **Source** (step 2, "Range + Engagement"): Min Range N ordnance will not arm
    when the target is inside N spaces; the board shows TOO CLOSE.

    **We chose:** inside means strictly closer than N: at exactly N spaces the
    ordnance is armed.

    **Why:** a *minimum* range of N reads as "N is the closest legal shot", the
    same way a maximum range of N includes N.

    >>> too_close(2, 3), too_close(3, 3)
    (True, False)
    """
    check_int("distance", distance, low=0)
    check_int("min_range", min_range, low=0)
    return distance < min_range


RELIABLE_FLOORS_A_HIT = True
"""Reliable N is also the least a hit's rolled damage can be after fall-off.

**Source:** fall-off never takes damage below 1 and leaves "a Reliable minimum"
alone; Reliable N otherwise appears only as damage on a miss.

**We chose:** on a hit, the rolled damage after fall-off is at least N.

**Why:** the card calls Reliable a minimum, and a hit should never do less than
the miss the same weapon would have done.
"""

RELIABLE_MISS_TAKES_EXPOSED_AND_BRACE = True
"""Reliable damage on a miss goes through Exposed, Armor and Brace like a hit; only the floor is skipped.

**Source:** a miss still deals Reliable N; Armor reduces that amount and no
floor of 1 lifts it. Exposed and Brace are not mentioned.

**We chose:** the N enters step 5 where the rolled damage would (after
fall-off, which never touches it): Exposed doubles it, Armor comes off, Brace
halves it, and nothing lifts it back to 1.

**Why:** the card singles out the floor as the one step a miss skips, so every
other step of the order stays in force.
"""

RELIABLE_ON_INVISIBLE_MISS = True
"""Reliable damage also lands when an Invisible target's 50 % miss happens.

**Source:** Invisible gives a 50 % miss before the roll; Reliable lands on a miss.

**We chose:** the Invisible miss is a miss like any other, so Reliable lands.

**Why:** the card makes no exception, and Reliable is meant to be the damage
that gets through no matter how the roll goes.
"""

RELIABLE_WHEN_NO_ATTACK = False
"""No Reliable damage when the target is out of range or the ordnance is TOO CLOSE.

**Source:** out of range means no hit; TOO CLOSE ordnance is disarmed.

**We chose:** neither case is an attack at all: nothing is rolled, Reliable does
not land, Lock On and Bolster are not spent.

**Why:** Lock On is spent only by an in-range attack, so an out-of-range shot is
not an attack; disarmed ordnance cannot deal damage of any kind.
"""

ENGAGEMENT_COUNTED_ONCE = True
"""The +1 difficulty for shooting while adjacent to a hostile is counted once.

**Source:** step 2 and the list of difficulty sources both describe it.

**We chose:** one source, +1, cleared by Disengage.

**Why:** both passages describe the same penalty with the same cure.
"""

REAR_DROP_AFTER_STUNNED_CAP = True
"""A rear-arc attack lowers the defense by 2 after Stunned caps Evasion at 5.

**Source:** step 1 caps a Stunned target's Evasion at 5; a rear-arc attack drops
"its defense" by 2. Neither says which comes first, or whether E-Defense drops.

**We chose:** cap first, then subtract 2 from whichever defense is used (so a
Stunned target hit from behind is at 3 at most).

**Why:** the defense is chosen and capped in step 1, before the accuracy and
difficulty sources of step 3; "its defense" names no particular one.
"""

BURN_IS_A_TRACK = True
"""A weapon's Burn is added to the target's Burn track, not to this attack's damage.

**Source** (step 6, "Apply"): "Burn is added", with no rule for when Burn hurts.

**We chose:** a hit adds the weapon's Burn value to the target's Burn; the attack's
damage (and every damage distribution here) leaves it out and reports it apart.

**Why:** the card puts Burn after Overshield and HP as a separate item; counting
it as damage would give it Armor, Exposed and the floor, which the card never does.
"""

OVERSHIELD_TAKES_RAW_DAMAGE = True
"""Collision and ramming damage still meets Overshield before HP.

**Source:** collisions deal 2d6 raw with no Armor; Overshield absorbs first.

**We chose:** "raw" skips Armor, Exposed, Brace and the floor, but the damage is
still applied the step-6 way: Overshield first, then HP.

**Why:** Overshield is how damage is applied, not a reduction of the damage.
"""

STRUCTURE_OVERFLOW_LOST = True
"""Damage past 0 HP is lost, so one hit costs at most one Structure.

**Source** (step 7): at 0 HP a Cantor loses 1 Structure, refills HP and rolls 1d6.

**We chose:** the damage beyond the HP the Cantor had is discarded; the refill is
to full. A Cantor whose Structure reaches 0 is destroyed and makes no roll.

**Why:** the card describes one loss and one refill per time HP reaches 0 and
never mentions carrying damage over.
"""

RAM_SHOVE_SPACES = 1
"""A Ram shoves its target 1 space (and knocks it Prone) and deals it no damage.

**Source:** a Ram is a Quick action with no roll that shoves its target and knocks
it Prone; the distance is not given.

**We chose:** 1 space, no damage to the target.

**Why:** the smallest shove that still moves the target, and the card lists only
damage to the rammer (against solid terrain), never to a rammed unit.
"""


def shatter_splinters(size: int) -> int:
    """How many 12-HP splinters a destroyed rock breaks into.

    **Source** ("Shatter"): a rock of Size 2 or more breaks into two or three.

    **We chose:** a Size 2 rock makes 2 splinters, Size 3 or more makes 3; a Size 1
    rock makes none.

    **Why:** bigger rocks make more pieces, and a fixed number keeps the board
    reproducible without an extra roll the card never asks for.

    >>> [shatter_splinters(s) for s in (1, 2, 3)]
    [0, 2, 3]
    """
    check_int("size", size, low=1, high=20)
    if size < 2:
        return 0
    return 2 if size == 2 else 3


def blast_reaches(distance: int, blast: int) -> bool:
    """True when a unit *distance* spaces from the target is caught by Blast *blast*.

    **Source** ("Blast N"): everything adjacent to the target takes the splash; the
    card does not use N.

    **We chose:** N is the radius: everything within N spaces of the target (Blast 1
    is exactly "adjacent").

    **Why:** that is what a number after "Blast" means in grid tactics games, and it
    agrees with the card for Blast 1.

    >>> blast_reaches(1, 1), blast_reaches(2, 1), blast_reaches(2, 2)
    (True, False, True)
    """
    check_int("distance", distance, low=1)
    check_int("blast", blast, low=0)
    return distance <= blast


BLAST_RESPECTS_AP_AND_SHREDDED = True
"""AP weapons and Shredded bystanders skip Armor in the Blast splash too.

**Source:** the splash is half the raw damage minus each unit's own Armor; AP and
Shredded skip Armor in step 5.

**We chose:** they skip it here as well. The splash ignores Exposed and Brace
("raw" damage) and has no min-1 floor.

**Why:** AP and Shredded mean "Armor does not count", wherever Armor is counted.
"""

AIM_ADDS_DICE_ONLY = True
"""Aim adds a second roll of the weapon's dice, not of its flat bonus.

**Source** ("Aim"): the aimed shot rolls a whole extra instance of its damage dice.

**We chose:** ``2d6+2`` aimed is ``4d6+2``.

**Why:** the card says dice; a flat bonus is not rolled.
"""

AURA_BONUS_IS_DICE = True
"""A friendly aura's hit bonus counts as that many accuracy dice.

**Source:** an allied field hands its hit bonus to every ally shooting out of it.

**We chose:** the bonus is a number of accuracy dice added to the net.

**Why:** every other hit bonus on the card is counted in dice and all of them net
to one number.
"""


def cooldown_cost(uses_before: int) -> int:
    """Stress a Cooldown costs when *uses_before* Cooldowns were already taken this scene.

    **Source:** the first Cooldown in a scene is free, then 1, then 2.

    **We chose:** the third and every later Cooldown cost 2; a Cooldown that costs
    more Stress than the Cantor has cannot be taken.

    **Why:** the card's list stops at 2, so the price stays there.

    >>> [cooldown_cost(n) for n in range(4)]
    [0, 1, 2, 2]
    """
    check_int("uses_before", uses_before, low=0, high=1000)
    return min(uses_before, 2)


GRAZE_HITS_AUTOMATICALLY = True
"""A Graze needs no attack roll and always lands, for half damage.

**Source:** the Graze is the reaction that swings, and "it lands half damage".

**We chose:** no attack roll; the weapon's damage is rolled and halved (rounded
down) right after fall-off, then Exposed, Armor, Brace and the floor follow as
for any hit.

**Why:** "lands" says it connects; halving before Exposed and Armor keeps the usual
order of step 5.
"""

VESPERTIDE_DAMAGE_MEETS_ARMOR = True
"""The Vespertide's 2 Energy is reduced by Armor and doubled by Exposed, with no floor.

**Source:** the wave deals 2 Energy to everything in the low band.

**We chose:** Exposed doubles it, Armor (unless Shredded) comes off, the min-1 floor
does not apply.

**Why:** the card removes Armor only where it says "raw" or "no Armor", and the floor
belongs to a clean hit of an attack.
"""

TAUNT_DISTANCE_IS_SHOOTER_TO_ANCHOR = True
"""Taunt's reach is measured from the Taunting anchor to the shooter.

**Source:** the +2 reaches out to the greater of 5 spaces and the shooter's weapon
range (no limit against a capital in ship mode).

**We chose:** measure from the anchor to the shooter being taunted.

**Why:** Taunt pulls the shooter's attention; the reach says which shooters are
close enough to feel it.
"""

TOW_CLOCK_HOLDS_WHILE_PRONE = True
"""A round advance with the tug Prone neither drags the hauler nor counts as a tow.

**Source:** the tug drags 6 spaces per round advance; three tows and the cargo is off
the map; a Prone tug holds the clock.

**We chose:** a held advance is skipped entirely.

**Why:** "holds" means the clock does not move.
"""

FACING_APPLIES_TO_MELEE = True
"""The attacker's own-facing difficulty (side +1, rear +2) applies to melee swings too.

**Source:** "Your own facing" is in the list of difficulty sources and speaks of
firing out of an arc.

**We chose:** it applies to every attack, melee included.

**Why:** the list of difficulty sources is general, and the card uses "fire" for
any attack (rate of fire counts every attack a weapon makes).
"""
