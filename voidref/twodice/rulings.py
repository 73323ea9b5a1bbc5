"""Every ruling of the 2D fighting package, in one place.

The 2D fighting source ("Fighting": *Attack, Counterattack & Defense* and
*Armor & Weapons*) is short and points to a *Hardware* chapter that we do not
have. Wherever it is silent or open to two readings and the choice changes a
result, the choice is a field of the frozen :class:`Rulings` value:
:data:`STANDARD` is ours, :data:`AS_PRINTED` the literal reading wherever ours
differs, and the engine's entry points take either as a keyword ``rulings``.
Numbers the missing chapter would give (unarmed damage, the knife's category)
and the counts the source implies (one END point per blow, two moves a turn)
stay plain constants. Each comment names the ruling id of its ``{ruling}`` box
and says what the source says, what we chose and why.

>>> STANDARD.differences(AS_PRINTED)
{}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from voidref.errors import check_bool
from voidref.ruling_base import RulingsBase, check_rulings_of

__all__ = [
    "Rulings",
    "STANDARD",
    "AS_PRINTED",
    "check_rulings",
    "UNARMED_DICE",
    "UNARMED_MODIFIER",
    "KNIFE_IS_FENCING",
    "END_POINT_PER_MELEE_ATTACK",
    "MOVES_PER_TURN",
    "HEAVY_ARMOR_SKILL_RANK",
    "ONE_ROUND_PER_SHOT",
]


@dataclass(frozen=True, repr=False)  # RulingsBase's repr: only the switches off STANDARD
class Rulings(RulingsBase):
    """Every 2D fighting reading the engine consults, as one frozen value.

    Each field is a place where the source is silent or names only some cases;
    none overrules a printed sentence, so :data:`AS_PRINTED` equals
    :data:`STANDARD` and each field's comment gives the other reading.

    >>> Rulings(counter_ties_hit_both_ways=False)
    Rulings(counter_ties_hit_both_ways=False)
    """

    #: Ruling ``twodice-unaware-target``.
    #:
    #: **Source** (*Attack*, *Counterattack*): you can counterattack only an attack
    #: you know about, and the sword-against-rifle example lets you defend "if you
    #: are aware" of the shot. It never says what happens to a target who is not.
    #: **We chose:** an unaware target makes no roll at all, so every shot aimed at
    #: it hits. **Why:** the example ties defense to awareness too, and there is no
    #: fixed target number in the system to roll against instead.
    #: **Other reading** (False): a shot at an unaware target simply misses (nobody is
    #: hit). Printed reading: silent, so True.
    unaware_target_is_hit: bool = True

    #: Ruling ``twodice-counter-tie``.
    #:
    #: **Source** (*Counterattack*): the sentence about equal totals hurting both
    #: sides sits in the paragraph about brawls and sword fights, and *Defense*
    #: names a defense roll as the single case where a tie favours the defender.
    #: **We chose:** every counterattack tie, with any weapon at any distance, hits
    #: both fighters, each with their own weapon. **Why:** "only" in *Defense*
    #: implies ties outside a defense roll are not the defender's, and a tie that
    #: hurt nobody in a gunfight would need a rule the source does not give.
    #: **Other reading** (False): an equal counterattack total hurts nobody. Printed
    #: reading: True, the sentence names brawls and sword fights and no other case says
    #: otherwise.
    counter_ties_hit_both_ways: bool = True

    #: Ruling ``twodice-shooting-reach``.
    #:
    #: **Source** (*Weapons*): brawling and fencing weapons work only at Near;
    #: shooting weapons can be used at Far. It does not say shooting weapons also
    #: work at Near.
    #: **We chose:** shooting weapons reach both Near and Far. **Why:** the source
    #: only restricts the hand weapons; a gun that could not fire at a close target
    #: would be a rule of its own.
    #: **Other reading** (False): shooting weapons work only at Far, read as a closed
    #: list. Printed reading: the text restricts only hand weapons, so True.
    shooting_reaches_near: bool = True

    #: Ruling ``twodice-unarmed-counter``.
    #:
    #: **Source** (*Counterattack*): brawls and sword fights allow a counterattack
    #: with or without a weapon.
    #: **We chose:** an unarmed counterattack is allowed only against a brawling or
    #: fencing attack, that is, in a brawl or sword fight. Against a shot you need a
    #: weapon that reaches the distance. **Why:** the permission is given for those
    #: fights by name; a bare fist has no reach against a gunshot.
    #: **Other reading** (False): a bare-handed fighter may counter any attack at Near,
    #: shots included. Printed reading: the permission names brawls and sword fights, so
    #: True.
    unarmed_counter_only_in_melee: bool = True

    #: Ruling ``twodice-zero-dice``.
    #:
    #: **Source** (*Weapons*): some weapons can deal zero damage.
    #: **We chose:** a damage die brought to 0 is removed; it deals nothing and does
    #: not use up a save die. **Why:** a zero needs no stopping.
    #: **Other reading** (False): a die brought to 0 stays and takes a save die of its
    #: own. Printed reading: silent, so True.
    zero_dice_dropped: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            check_bool(f.name, getattr(self, f.name))



STANDARD = Rulings()
"""Our reading of every ruling (the default everywhere)."""

AS_PRINTED = Rulings()
"""The literal reading of the source, equal to :data:`STANDARD` because every field fills a silence."""


def check_rulings(value: object) -> Rulings:
    """Check a ``rulings`` argument."""
    return check_rulings_of(Rulings, value)


#: Ruling ``twodice-unarmed-damage`` (number of dice).
#:
#: **Source:** unarmed fighters may counterattack in melee, but damage by weapon
#: type lives in the missing *Hardware* chapter.
#: **We chose:** an unarmed blow does 1D with no modifier. **Why:** a stand-in
#: smaller than any armed weapon; every function takes a weapon, so a table that
#: has the real figure simply passes its own.
UNARMED_DICE = 1

#: Ruling ``twodice-unarmed-damage`` (flat modifier); see :data:`UNARMED_DICE`.
UNARMED_MODIFIER = 0

#: Ruling ``twodice-knife-category``.
#:
#: **Source** (*Armor*): the knife does 2D-3; its category is in *Hardware*.
#: **We chose:** the knife is a fencing weapon. **Why:** it is a blade; and in
#: this source brawling and fencing follow identical rules (Near only, END per
#: attack), so the choice changes no result.
KNIFE_IS_FENCING = True

#: Ruling ``twodice-end-spend``.
#:
#: **Source** (*Counterattack*, *Weapons*): brawling and fencing attacks and
#: counterattacks are capped at one per END point per fight scene; END is
#: temporarily lowered and recovers like other abilities; defense rolls are
#: exempt.
#: **We chose:** each brawling or fencing attack or counterattack spends one
#: point of END. With no END left a fighter cannot make either, but may still
#: defend and shoot. Spent END returns only when the caller says it recovers
#: (recovery is outside this source). The ability added to a roll is always the
#: value the caller passes. **Why:** a spent point is the plainest way to count
#: "one per point"; the recovery rules live elsewhere.
END_POINT_PER_MELEE_ATTACK = 1

#: Ruling ``twodice-moves-per-turn``.
#:
#: **Source** (*Armor*): heavy armor leaves you "one move" unless an exception
#: gives you "both moves".
#: **We chose:** a turn has two moves. **Why:** "both" means two.
MOVES_PER_TURN = 2

#: Ruling ``twodice-heavy-armor-skills``.
#:
#: **Source** (*Armor*): Mechanics 1 or Astro/Cosmo 1, or a legionnaire past,
#: keeps both moves in heavy armor.
#: **We chose:** rank 1 *or more* in either skill counts. **Why:** a higher rank
#: cannot be worse than rank 1.
HEAVY_ARMOR_SKILL_RANK = 1

#: Ruling ``twodice-ammunition``.
#:
#: **Source** (*Counterattack*, *Weapons*): you need enough ammunition to shoot
#: back; empty weapons cannot counterattack.
#: **We chose:** every shot, attack or counterattack, uses one round; a burst
#: of n shots needs n rounds loaded. **Why:** the shot capacity is counted in
#: shots.
ONE_ROUND_PER_SHOT = 1
