"""Every ruling of the 2D fighting package, in one place.

The 2D fighting source ("Fighting": *Attack, Counterattack & Defense* and
*Armor & Weapons*) is short and points to a *Hardware* chapter that we do not
have. Wherever it is silent or open to two readings, the choice we made lives
here as a named constant or function. Each docstring says what the source
says, what we chose and why. The rest of :mod:`voidref.twodice` imports these
names rather than repeating the choice, and the chapter on the site shows each
one in a ``{ruling}`` box with the same id.
"""

from __future__ import annotations

__all__ = [
    "UNAWARE_TARGET_IS_HIT",
    "DEFENSE_DEALS_NO_DAMAGE",
    "COUNTER_TIES_HIT_BOTH_WAYS",
    "SHOOTING_REACHES_NEAR",
    "UNARMED_COUNTER_ONLY_IN_MELEE",
    "UNARMED_DICE",
    "UNARMED_MODIFIER",
    "KNIFE_IS_FENCING",
    "RECOIL_ON_EVERY_SHOT_OF_A_BURST",
    "SHOTS_PAIR_IN_ORDER",
    "ONE_DEFENSE_ROLL_PER_SHOT",
    "END_POINT_PER_MELEE_ATTACK",
    "EXHAUSTED_AT_ZERO_END",
    "MODIFIER_EMPTIES_HIGHEST_DIE_FIRST",
    "ZERO_DICE_DROPPED",
    "SAVES_ASSIGNED_BEST",
    "RELOAD_REFILLS_TO_CAPACITY",
    "MOVES_PER_TURN",
    "HEAVY_ARMOR_SKILL_RANK",
    "ABILITY_USES_COUNTED",
    "ONE_ROUND_PER_SHOT",
]

#: Ruling ``twodice-unaware-target``.
#:
#: **Source** (*Attack*, *Counterattack*): you can counterattack only an attack
#: you know about, and the sword-against-rifle example lets you defend "if you
#: are aware" of the shot. It never says what happens to a target who is not.
#: **We chose:** an unaware target makes no roll at all, so every shot aimed at
#: it hits. **Why:** the example ties defense to awareness too, and there is no
#: fixed target number in the system to roll against instead.
UNAWARE_TARGET_IS_HIT = True

#: Ruling ``twodice-defense-no-damage``.
#:
#: **Source** (*Defense*): a defense roll is what you make when you cannot or will
#: not counterattack; only counterattacks are said to hurt the loser.
#: **We chose:** winning a defense roll only stops the hit; the attacker takes
#: nothing. **Why:** that is the difference between the two responses: the
#: defender trades the chance to hurt for the tie.
DEFENSE_DEALS_NO_DAMAGE = True

#: Ruling ``twodice-counter-tie``.
#:
#: **Source** (*Counterattack*): the sentence about equal totals hurting both
#: sides sits in the paragraph about brawls and sword fights, and *Defense*
#: names a defense roll as the single case where a tie favours the defender.
#: **We chose:** every counterattack tie, with any weapon at any distance, hits
#: both fighters, each with their own weapon. **Why:** "only" in *Defense*
#: implies ties outside a defense roll are not the defender's, and a tie that
#: hurt nobody in a gunfight would need a rule the source does not give.
COUNTER_TIES_HIT_BOTH_WAYS = True

#: Ruling ``twodice-shooting-reach``.
#:
#: **Source** (*Weapons*): brawling and fencing weapons work only at Near;
#: shooting weapons can be used at Far. It does not say shooting weapons also
#: work at Near.
#: **We chose:** shooting weapons reach both Near and Far. **Why:** the source
#: only restricts the hand weapons; a gun that could not fire at a close target
#: would be a rule of its own.
SHOOTING_REACHES_NEAR = True

#: Ruling ``twodice-unarmed-counter``.
#:
#: **Source** (*Counterattack*): brawls and sword fights allow a counterattack
#: with or without a weapon.
#: **We chose:** an unarmed counterattack is allowed only against a brawling or
#: fencing attack, that is, in a brawl or sword fight. Against a shot you need a
#: weapon that reaches the distance. **Why:** the permission is given for those
#: fights by name; a bare fist has no reach against a gunshot.
UNARMED_COUNTER_ONLY_IN_MELEE = True

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

#: Ruling ``twodice-recoil``.
#:
#: **Source** (*Attack*): multi-shot weapons carry a recoil penalty to accuracy
#: that applies to each shot; the figures are in *Hardware*.
#: **We chose:** a weapon has one recoil number; when it fires two or more shots
#: as one move, every one of those shots (the first too) takes that penalty.
#: A single shot takes none, and the penalty does not grow from shot to shot.
#: **Why:** "each shot" reads as the same penalty on every test; recoil comes
#: from firing in bursts, so a lone shot has none.
RECOIL_ON_EVERY_SHOT_OF_A_BURST = True

#: Ruling ``twodice-shot-pairing``.
#:
#: **Source** (*Counterattack*): against a three-shot burst a revolver shoots
#: back once and defends twice, an autopistol shoots back twice and defends
#: once; a lone shot answered by a burst must defend against it.
#: **We chose:** each counter shot is matched with one incoming shot, in order.
#: Incoming shots left unmatched are met by the defender's defense rolls; counter
#: shots left unmatched are new attacks that the first attacker can only
#: defend against. **Why:** this reproduces both of the source's examples with
#: one rule.
SHOTS_PAIR_IN_ORDER = True

#: Ruling ``twodice-defense-per-shot``.
#:
#: **Source** (*Attack*): every shot of a burst is its own test; *Defense* does
#: not say how many defense rolls a burst needs.
#: **We chose:** one fresh defense roll against each shot. **Why:** each shot is
#: tested on its own, so each needs its own opposing total.
ONE_DEFENSE_ROLL_PER_SHOT = True

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

#: Ruling ``twodice-exhaustion``.
#:
#: **Source** (*Counterattack*): once the END allowance is used, the character is
#: wounded by exhaustion. What a wound does is not in this source.
#: **We chose:** the fighter becomes exhausted (wounded) at the moment the last
#: END point is spent, and stays so until END recovers. We record the wound; its
#: effects belong to the rules on wounds. **Why:** "after that" follows the
#: last allowed attack, not a further, forbidden one.
EXHAUSTED_AT_ZERO_END = True

#: Ruling ``twodice-negative-modifier``.
#:
#: **Source** (*Armor*): a negative damage modifier comes off the highest die
#: first and any remainder off the next highest (knife: 5 and 2 with -3 gives 2
#: and 2).
#: **We chose:** the highest die absorbs as much of the modifier as it can, down
#: to 0, before the next highest absorbs the rest; the dice are not levelled one
#: point at a time. Any remainder after every die is at 0 is lost (damage is
#: never negative). **Why:** that is the literal order the source gives, and it
#: reproduces the knife. (Levelling would turn 5 and 4 with -3 into 3 and 3,
#: not 2 and 4; the totals agree, only the saves differ.)
MODIFIER_EMPTIES_HIGHEST_DIE_FIRST = True

#: Ruling ``twodice-zero-dice``.
#:
#: **Source** (*Weapons*): some weapons can deal zero damage.
#: **We chose:** a damage die brought to 0 is removed; it deals nothing and does
#: not use up a save die. **Why:** a zero needs no stopping.
ZERO_DICE_DROPPED = True

#: Ruling ``twodice-save-assignment``.
#:
#: **Source** (*Armor*): each save die cancels one damage die (or the flat
#: bonus) whose value is no higher than the save; no save is split. It does not
#: say who pairs them or how.
#: **We chose:** the wearer pairs them to stop as much damage as possible. In
#: practice: take damage dice from the highest down; each is stopped if an
#: unused save die is at least as high. **Why:** the armor's owner decides,
#: and would always pick the best pairing; this greedy order is provably the
#: best one (tests check it against every possible pairing).
SAVES_ASSIGNED_BEST = True

#: Ruling ``twodice-reload``.
#:
#: **Source** (*Weapons*): shooting weapons hold a number of shots, must be
#: reloaded when empty, and reloading takes a move.
#: **We chose:** a reload fills the weapon to capacity and may be done at any
#: time, empty or not. **Why:** the source names no partial reload and no
#: reason to forbid topping up.
RELOAD_REFILLS_TO_CAPACITY = True

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

#: Ruling ``twodice-ability-uses``.
#:
#: **Source** (*Counterattack*): counterattacks cost no move but count toward
#: the session's limit on ability use; the limit itself is elsewhere.
#: **We chose:** we count one use for every attack move and every counterattack
#: (a burst counts once: it uses a single ability); defense rolls are not
#: counted. We count but do not enforce, unless the caller gives a limit.
#: **Why:** the source mentions the count only for attacks and counterattacks.
ABILITY_USES_COUNTED = True

#: Ruling ``twodice-ammunition``.
#:
#: **Source** (*Counterattack*, *Weapons*): you need enough ammunition to shoot
#: back; empty weapons cannot counterattack.
#: **We chose:** every shot, attack or counterattack, uses one round; a burst
#: of n shots needs n rounds loaded. **Why:** the shot capacity is counted in
#: shots.
ONE_ROUND_PER_SHOT = 1
