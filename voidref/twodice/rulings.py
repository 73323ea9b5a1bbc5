"""Every ruling of the 2D fighting package, in one place.

The 2D fighting source ("Fighting": *Attack, Counterattack & Defense* and
*Armor & Weapons*) is short and points to a *Hardware* chapter that we do not
have. Wherever it is silent or open to two readings and the choice changes a
result, the choice is a field of the frozen :class:`Rulings` value:
:data:`STANDARD` is ours, :data:`AS_PRINTED` the literal reading wherever ours
differs, and the engine's entry points take either as a keyword ``rulings``.
Numbers the missing chapter would give (unarmed damage, the knife's category)
and the counts the source implies (one END point per blow, two moves a turn)
stay plain constants. Each one's ``#:`` comment says what the source says, what
we chose and why, and is the text of its box on the site
(``{ruling-note} twodice.MOVES_PER_TURN``).

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

    #: What a shot at a target who does not see it coming does.
    #:
    #: **Source** (*Attack*, *Counterattack*): a counterattack needs awareness of the attack, and
    #: the sword-and-rifle example allows a defense only to someone aware of the shot; what
    #: happens to a target who is unaware is not said.
    #:
    #: **We chose:** ``True``: an unaware target makes no roll, and every shot at them hits.
    #: ``False``: the shot simply misses an unaware target (nobody is hit).
    #:
    #: **As printed:** silent, so the printed reading keeps ours.
    #:
    #: **Why:** the example ties defense to awareness as well, and the system has no fixed number
    #: to roll against instead.
    unaware_target_is_hit: bool = True

    #: Whether a counterattack tie hurts both fighters in every kind of fight.
    #:
    #: **Source** (*Counterattack*, *Defense*): the line that equal totals hurt both sides comes
    #: in the paragraph on brawls and sword fights; the defense rules call a defense roll the one
    #: case where ties favour the defender.
    #:
    #: **We chose:** ``True``: a counterattack tie hits both fighters, each with their own
    #: weapon, with any weapon at any distance. ``False``: an equal counterattack total hurts
    #: nobody.
    #:
    #: **As printed:** ``True``, which we take to be the printed reading too: no other case says
    #: otherwise.
    #:
    #: **Why:** if defense is the one such case, ties elsewhere are not the defender's, and a
    #: gunfight tie that hurt nobody would need a rule the source does not give.
    counter_ties_hit_both_ways: bool = True

    #: Whether shooting weapons work at Near as well as at Far.
    #:
    #: **Source** (*Weapons*): hand weapons are limited to Near; guns are allowed at Far. Whether
    #: guns also work at Near is not said.
    #:
    #: **We chose:** ``True``: shooting weapons reach both distances. ``False``: shooting weapons
    #: work at Far only, the list read as closed.
    #:
    #: **As printed:** the text restricts only the hand weapons, so the printed reading keeps
    #: ours.
    #:
    #: **Why:** a gun that could not fire at close range would need a rule of its own.
    shooting_reaches_near: bool = True

    #: Whether an unarmed counterattack answers only a brawling or fencing attack.
    #:
    #: **Source** (*Counterattack*): the permission to counterattack armed or not is given for
    #: brawls and sword fights.
    #:
    #: **We chose:** ``True``: an unarmed counterattack answers only a brawling or fencing
    #: attack; against a shot you need a weapon that reaches the distance. ``False``: bare hands
    #: may counter any attack at Near, shots included.
    #:
    #: **As printed:** the permission names brawls and sword fights, so ``True``.
    #:
    #: **Why:** the permission names those fights, and a fist has no reach against a gunshot.
    unarmed_counter_only_in_melee: bool = True

    #: Whether a damage die brought to 0 is removed.
    #:
    #: **Source** (*Weapons*): some weapons can do no damage at all.
    #:
    #: **We chose:** ``True``: a damage die lowered to 0 is removed: it deals nothing and uses up
    #: no save die. ``False``: it stays and takes a save die of its own.
    #:
    #: **As printed:** silent, so the printed reading keeps ours.
    #:
    #: **Why:** there is nothing to stop.
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


#: Damage dice of an unarmed blow.
#:
#: **Source:** unarmed fighters may counterattack in melee, but damage goes by weapon type
#: and the weapon tables are in the missing *Hardware* chapter; nothing gives bare hands a
#: figure.
#:
#: **We chose:** 1D with no modifier (``UNARMED_MODIFIER``); ``voidref.twodice.UNARMED`` is
#: that weapon.
#:
#: **Why:** a stand-in below any real weapon; every function takes a weapon, so a table with
#: the real figure passes its own.
UNARMED_DICE = 1

#: The flat modifier of an unarmed blow's damage (see ``UNARMED_DICE``).
UNARMED_MODIFIER = 0

#: Whether the knife is a fencing weapon (rather than a brawling one).
#:
#: **Source:** gives the knife's damage, 2D-3, and leaves its category to *Hardware*.
#:
#: **We chose:** fencing (``voidref.twodice.KNIFE``).
#:
#: **Why:** it is a blade; and here brawling and fencing follow the same rules (Near only, END
#: per attack), so no result depends on the choice.
KNIFE_IS_FENCING = True

#: END points one brawling or fencing attack or counterattack spends.
#:
#: **Source:** such attacks and counterattacks are limited to one per END point per fight
#: scene; END drops for a while and comes back like other abilities; defense rolls are exempt.
#:
#: **We chose:** each such attack or counterattack spends one END point (``Fighter.end``);
#: with none left the fighter cannot make them but can still defend and shoot. Spent END
#: returns only when the caller applies recovery, whose pace is outside this source. The
#: ability added to a roll is whatever the caller passes.
#:
#: **Why:** spending a point is the plainest way to count one per point; recovery belongs to
#: other rules.
END_POINT_PER_MELEE_ATTACK = 1

#: Moves in one turn.
#:
#: **Source:** heavy armor leaves you one move unless an exception lets you keep both.
#:
#: **We chose:** two moves a turn.
#:
#: **Why:** "both" means two.
MOVES_PER_TURN = 2

#: The skill rank that keeps both moves in heavy armor.
#:
#: **Source:** Mechanics 1 or Astro/Cosmo 1, or a past as a legionnaire, keeps both moves in
#: heavy armor.
#:
#: **We chose:** rank 1 or more in either skill.
#:
#: **Why:** more training cannot do worse than rank 1.
HEAVY_ARMOR_SKILL_RANK = 1

#: Rounds of ammunition one shot uses.
#:
#: **Source:** shooting back needs enough ammunition, and an empty weapon cannot
#: counterattack.
#:
#: **We chose:** every shot, attack or counter, uses one round, so a burst of n shots needs n
#: rounds loaded.
#:
#: **Why:** capacity is counted in shots.
ONE_ROUND_PER_SHOT = 1
