"""Every ruling of the Cantor tactics rules, in one place.

The Cantor card is terse. Where it is silent or could be read two ways and the
choice changes a result, the choice is a field of the frozen :class:`Rulings`
value: :data:`STANDARD` is ours, :data:`AS_PRINTED` the most literal reading of
the card wherever ours differs, and the engine's entry points take either as a
keyword ``rulings``. Game data the card leaves out (Tech fall-off, rounding, the
number of splinters, the Cooldown price after the second) is filled in here as
documented constants and functions. Each field comment or docstring gives
**Source** (what the card says, in our words), **We chose** and **Why**.

>>> dice_for_net(3)
(3, Keep.HIGHEST)
>>> dice_for_net(0)
(2, Keep.LOWEST)
>>> dice_for_net(0, rulings=AS_PRINTED)
(0, Keep.HIGHEST)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from voidref.cantor.kinds import DamageType, Keep
from voidref.errors import check_bool, check_enum, check_int
from voidref.kinds import Kind
from voidref.ruling_base import RulingsBase, check_rulings_of

__all__ = [
    "NetZero",
    "Rulings",
    "STANDARD",
    "AS_PRINTED",
    "check_rulings",
    "dice_for_net",
    "MAX_ATTACK_DICE",
    "FALL_OFF",
    "halve",
    "too_close",
    "RAM_SHOVE_SPACES",
    "shatter_splinters",
    "blast_reaches",
    "cooldown_cost",
]


class NetZero(Kind):
    """What an attack rolls when difficulty matches or outnumbers accuracy (net 0 or less)."""

    KEEP_LOWEST = ("keep_lowest", "Roll 2 - net dice and keep the lowest (our invention).")
    ONE_DIE = ("one_die", "Roll one die, as for a net of 1.")
    NO_DICE = ("no_dice", "Roll no dice: the total is Grit alone (the card's count taken literally).")


@dataclass(frozen=True, repr=False)  # RulingsBase's repr: only the switches off STANDARD
class Rulings(RulingsBase):
    """Every Cantor reading the engine consults, as one frozen value.

    :data:`STANDARD` is our reading, :data:`AS_PRINTED` the literal one where
    the two differ. Build a variant with ``dataclasses.replace``.

    >>> AS_PRINTED  # doctest: +NORMALIZE_WHITESPACE
    Rulings(net_zero=NetZero.NO_DICE, blast_n_is_radius=False, facing_applies_to_melee=False,
            taunt_applies_to_melee=False)
    """

    #: What a net of 0 or less rolls.
    #:
    #: **Source:** net the dice, roll that many d6 and keep the highest; it never says what
    #: happens when the net is 0 or below.
    #:
    #: **We chose:** ``NetZero.KEEP_LOWEST``, our own invention, not the card's: a net of 0 rolls
    #: 2 dice and keeps the **lowest**, and each step below 0 adds one more die kept lowest (-1
    #: rolls 3, -2 rolls 4). A third reading, ``NetZero.ONE_DIE``, rolls one die for any net of 1
    #: or less.
    #:
    #: **As printed:** ``NetZero.NO_DICE``: the count taken literally, so no dice are rolled and
    #: the total is Grit alone.
    #:
    #: **Why:** a plain shot with no sources nets 0, and under the literal count its total would
    #: be Grit alone; counting outward from one die makes every source on either side move the
    #: odds by one step, and it bears out the card's remarks that a capital gun's +2 lets
    #: fighters eat a battle whale and that +3 through a Broadside's bow is in practice blocked
    #: (+3 with nothing against it rolls 5 dice keeping the lowest).
    net_zero: NetZero = NetZero.KEEP_LOWEST

    #: How far Blast N reaches.
    #:
    #: **Source:** gives the splash to everything adjacent to the target and never uses N.
    #:
    #: **We chose:** ``True``, our own invention: N is the radius, everything within N spaces.
    #: The two readings agree for Blast 1.
    #:
    #: **As printed:** ``False``: adjacent spaces only, whatever N is.
    #:
    #: **Why:** a number after a tag usually sizes it on a grid; the card never says so.
    blast_n_is_radius: bool = True

    #: Whether the attacker's own facing (side +1, rear +2) counts for melee.
    #:
    #: **Source:** lists your own facing among the difficulty sources and speaks of firing out of
    #: an arc.
    #:
    #: **We chose:** ``True``, our own reading: the side and rear penalties apply to every
    #: attack, melee included.
    #:
    #: **As printed:** ``False``: only shots fired out of an arc pay them.
    #:
    #: **Why:** the list of sources is general, and the card uses "fire" for any attack (rate of
    #: fire counts every attack).
    facing_applies_to_melee: bool = True

    #: Whether Taunt's +2 also falls on a melee attack against someone other than the anchor.
    #:
    #: **Source:** Taunt puts +2 difficulty on an enemy that *shoots* at anyone but the unit that
    #: Taunted it, within 5 spaces or the shooter's weapon range if longer (no limit for a capital
    #: in ship mode).
    #:
    #: **We chose:** ``True``, our own reading: every attack on someone other than the anchor pays
    #: the +2, melee included (a melee weapon's reach is the 5 spaces).
    #:
    #: **As printed:** ``False``: only shots pay it; a melee swing at someone else is free.
    #:
    #: **Why:** a Taunt exists to draw the enemy's attacks onto the anchor, and the card says
    #: "shoot" and "fire" for attacks in general, as with facing (rate of fire counts every
    #: attack).
    taunt_applies_to_melee: bool = True

    #: The order of the Stunned cap and the rear-arc drop.
    #:
    #: **Source:** caps a Stunned target's Evasion at 5 in step 1 and, among the accuracy
    #: sources, has an attack into the rear arc drop the defense by 2, without ordering the two
    #: or naming a defense.
    #:
    #: **We chose:** ``True``: apply the cap first, then take 2 off whichever defense the attack
    #: uses, E-Defense included; a Stunned target hit from behind is at 3 or lower. ``False``
    #: takes the 2 off first, then caps, so the same target is at 5 or lower.
    #:
    #: **As printed:** the card gives no order, so the printed reading keeps ours.
    #:
    #: **Why:** the defense is settled in step 1, before the sources of step 3 are counted.
    rear_drop_after_stunned_cap: bool = True

    #: Whether Reliable N is also the least a hit's damage can be after fall-off.
    #:
    #: **Source:** fall-off leaves a Reliable minimum alone; otherwise Reliable is spoken of only
    #: on a miss.
    #:
    #: **We chose:** ``True``: after fall-off, a hit's rolled damage is at least N. ``False``
    #: lets fall-off take a hit below N, down to 1.
    #:
    #: **As printed:** ``True``, we take this to be the card's reading too.
    #:
    #: **Why:** the card calls it a minimum, and a hit should never do less than the same
    #: weapon's miss.
    reliable_floors_a_hit: bool = True

    #: Whether Reliable lands when there is no attack (out of range, or TOO CLOSE).
    #:
    #: **Source:** out of range means no hit; TOO CLOSE ordnance is disarmed; Reliable damage
    #: lands on a miss.
    #:
    #: **We chose:** ``False``: neither case is an attack: nothing is rolled, Reliable does not
    #: land, and Lock On, Bolster and Aim are not spent. ``True`` lets Reliable land as on any
    #: miss.
    #:
    #: **As printed:** ``False``, which is also the card's reading.
    #:
    #: **Why:** the card says Lock On is spent by an *in-range* attack, so a shot out of range is
    #: not an attack; disarmed ordnance deals nothing.
    reliable_when_no_attack: bool = False

    #: Whether AP weapons and Shredded bystanders skip Armor in the Blast splash.
    #:
    #: **Source:** the splash is half the raw damage less each unit's Armor; AP and Shredded skip
    #: Armor in step 5.
    #:
    #: **We chose:** ``True``: AP weapons and Shredded bystanders skip Armor here too; the splash
    #: ignores the bystanders' Exposed and Brace. "Raw damage" is the damage dice as rolled, with
    #: Aim's and Sniper's dice, before fall-off, Exposed, Armor and Brace. ``False`` takes each
    #: bystander's Armor off every splash.
    #:
    #: **As printed:** ``True``, also our reading of the card.
    #:
    #: **Why:** AP and Shredded mean Armor does not count wherever it is counted; "raw" excludes
    #: the other steps.
    blast_respects_ap_and_shredded: bool = True

    #: Whether Armor comes off the Vespertide wave's 2 Energy.
    #:
    #: **Source:** the wave deals 2 Energy to everything in the low band.
    #:
    #: **We chose:** ``True``: Exposed doubles it and Armor (unless Shredded) comes off; no floor
    #: lifts it to 1. ``False`` lands the full 2, or 4 when Exposed, whatever the Armor.
    #:
    #: **As printed:** ``True``, our reading of the card.
    #:
    #: **Why:** the card strips Armor only where it says "raw" or "no Armor", and the floor of 1
    #: belongs to a clean hit.
    vespertide_damage_meets_armor: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.type == "bool":
                check_bool(f.name, getattr(self, f.name))
        object.__setattr__(self, "net_zero", check_enum("net_zero", self.net_zero, NetZero))



STANDARD = Rulings()
"""Our reading of every ruling (the default everywhere)."""

AS_PRINTED = Rulings(net_zero=NetZero.NO_DICE, blast_n_is_radius=False, facing_applies_to_melee=False,
                     taunt_applies_to_melee=False)
"""The literal reading of the card wherever it differs from :data:`STANDARD`."""


def check_rulings(value: object) -> Rulings:
    """Check a ``rulings`` argument."""
    return check_rulings_of(Rulings, value)


def dice_for_net(net: int, *, rulings: Rulings = STANDARD) -> tuple[int, Keep]:
    """How many d6 an attack rolls, and which one it keeps, for a net accuracy.

    **Source** (step 3): subtract difficulty dice from accuracy dice, roll that many
    d6 and keep the best one, never the sum: five accuracy sources and nothing
    against them roll five dice and keep one. Nothing covers a net of 0 or less.

    A net of 1 or more rolls that many dice, keeping the highest. At 0 or less the
    answer is :attr:`Rulings.net_zero`: ours (:attr:`NetZero.KEEP_LOWEST`, an
    invention) rolls ``2 - net`` dice keeping the lowest, so every source on
    either side moves the odds one step (..., 3 lowest, 2 lowest, 1 die, 2
    highest, ...) and the card's remarks that +2 or +3 difficulty cripple a shot
    hold (+3 with nothing against it reaches a 4 one time in 32).
    :attr:`NetZero.NO_DICE` rolls nothing (the total is Grit alone) and
    :attr:`NetZero.ONE_DIE` rolls one die.

    >>> [dice_for_net(n) for n in (-1, 1, 2)]
    [(3, Keep.LOWEST), (1, Keep.HIGHEST), (2, Keep.HIGHEST)]
    >>> dice_for_net(-1, rulings=Rulings(net_zero="one_die"))
    (1, Keep.HIGHEST)
    """
    check_int("net", net, low=-MAX_ATTACK_DICE + 2, high=MAX_ATTACK_DICE)
    rule = check_rulings(rulings).net_zero
    if net >= 1:
        return net, Keep.HIGHEST
    if rule is NetZero.ONE_DIE:
        return 1, Keep.HIGHEST
    if rule is NetZero.NO_DICE:
        return 0, Keep.HIGHEST
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


def blast_reaches(distance: int, blast: int, *, rulings: Rulings = STANDARD) -> bool:
    """True when a unit *distance* spaces from the target is caught by Blast *blast*.

    **Source** ("Blast N"): everything adjacent to the target; N is not used.
    **We chose** (our invention) N as a radius: see :attr:`Rulings.blast_n_is_radius`,
    which also offers the card's adjacent-only reading. Both agree for Blast 1.

    >>> blast_reaches(1, 1), blast_reaches(2, 1), blast_reaches(2, 2)
    (True, False, True)
    >>> blast_reaches(2, 2, rulings=AS_PRINTED)
    False
    """
    check_int("distance", distance, low=1)
    check_int("blast", blast, low=0)
    if not blast:
        return False
    return distance <= (blast if check_rulings(rulings).blast_n_is_radius else 1)


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
