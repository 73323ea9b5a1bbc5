"""What a combatant does on a turn, refereed by the engine: Maneuvers, the Action (an attack or another check),
and what its roll buys (Boons, Banes, a Critical Injury).

Each is an :class:`~voidref.drifters.encounter.state.Event` of the encounter's log
(:mod:`voidref.drifters.encounter.state`). A turn has one Action and up to two
Maneuvers: the first free, the second for the Action or 2 Strain, never a
third (:mod:`voidref.drifters.turn`). An attack's pool is the engine's
(:class:`~voidref.drifters.attack.Attack`, from band, cover, Defense,
gravity and the attacker's conditions); the player enters the roll's net
result, and the engine deals the damage and keeps the roll for its spends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from voidref.drifters import rulings as dr
from voidref.drifters.attack import Attack as _Attack
from voidref.drifters.attack import Cover
from voidref.drifters.characters import RangeBand
from voidref.drifters.conditions import Condition
from voidref.drifters.dice import Pool
from voidref.drifters.encounter.state import (
    Encounter,
    Event,
    Fighter,
    LastRoll,
    SetRange,
    check_faces,
    check_names,
    on_turn,
    playing,
)
from voidref.drifters.environment import calamity_sets_drifting
from voidref.drifters.injuries import read_critical_injury
from voidref.drifters.movement import maneuvers_to_move
from voidref.drifters.rolled import stated_roll
from voidref.drifters.turn import MAX_MANEUVERS, SECOND_MANEUVER_STRAIN
from voidref.errors import RulesError, check_bool, check_enum, check_int

__all__ = ["Maneuver", "Move", "TakeCover", "MakeAttack", "Check", "SpendBoons", "GmSpend", "CriticalInjury", "SPENDS"]


def _spend_maneuver(state: Encounter, fighter: Fighter, strain: bool) -> Fighter:
    """*fighter* after one more Maneuver: the first is free, the second costs the Action or 2 Strain, no third."""
    check_bool("strain", strain)
    if fighter.maneuvers >= MAX_MANEUVERS:
        raise RulesError(f"'maneuver' {fighter.name} has taken {MAX_MANEUVERS} Maneuvers this turn: a turn has no "
                         "third", argument="maneuver")
    if fighter.maneuvers == 0:
        return replace(fighter, maneuvers=1)
    if strain:
        return replace(fighter, maneuvers=2, health=fighter.health.suffer_strain(SECOND_MANEUVER_STRAIN))
    if fighter.action_used:
        raise RulesError(f"'strain' {fighter.name}'s second Maneuver must cost 2 Strain: the Action is spent "
                         "(got the Action)", argument="strain")
    return replace(fighter, maneuvers=2, action_used=True)


@dataclass(frozen=True)
class Maneuver(Event):
    """Any other Maneuver (Aim, stand up, draw a weapon, interact...): *what* it was, for the record.

    *strain* pays a second Maneuver with 2 Strain instead of the Action.
    """

    name: str
    what: str
    strain: bool = False
    type: ClassVar[str] = "maneuver"

    def __post_init__(self) -> None:
        check_names(self, "name", "what")
        check_bool("strain", self.strain)

    def apply(self, state: Encounter) -> Encounter:
        fighter = on_turn(state, self.name)
        return state._with(_spend_maneuver(state, fighter, self.strain))


@dataclass(frozen=True)
class Move(Event):
    """Maneuvers moving toward or away from *target*, to *band* (as many as the move costs, two at most a turn;
    *strain* pays a second with 2 Strain instead of the Action). Moving leaves cover behind."""

    name: str
    target: str
    band: RangeBand
    strain: bool = False
    type: ClassVar[str] = "move"

    def __post_init__(self) -> None:
        object.__setattr__(self, "band", check_enum("band", self.band, RangeBand))
        check_bool("strain", self.strain)

    def apply(self, state: Encounter) -> Encounter:
        fighter = on_turn(state, self.name)
        state.fighter(self.target, "target")
        start = state.band(self.name, self.target)
        cost = maneuvers_to_move(start, self.band, state.gravity, rulings=state.rulings)
        if cost == 0:
            raise RulesError(argument="band", expected=f"another band than {start.name.lower()}, where "
                             f"{self.name} and {self.target} are now", received=self.band)
        if fighter.maneuvers + cost > MAX_MANEUVERS:
            raise RulesError(f"'band' {start.name.lower()} to {self.band.name.lower()} takes {cost} Maneuvers and "
                             f"{self.name} has {MAX_MANEUVERS - fighter.maneuvers} left this turn: move part of the "
                             "way now", argument="band")
        for _ in range(cost):
            fighter = _spend_maneuver(state, fighter, self.strain)
        moved = SetRange(self.name, self.target, self.band).apply(state._with(fighter))
        return moved._with(replace(moved.fighter(self.name), cover=Cover.NONE)) if cost else moved


@dataclass(frozen=True)
class TakeCover(Event):
    """A Maneuver getting behind cover (ruling :data:`~voidref.drifters.rulings.TAKE_COVER_IS_MANEUVER`)."""

    name: str
    cover: Cover = Cover.LIGHT
    strain: bool = False
    type: ClassVar[str] = "take-cover"

    def __post_init__(self) -> None:
        check_names(self, "name")
        object.__setattr__(self, "cover", check_enum("cover", self.cover, Cover))
        check_bool("strain", self.strain)

    def apply(self, state: Encounter) -> Encounter:
        fighter = _spend_maneuver(state, on_turn(state, self.name), self.strain)
        return state._with(replace(fighter, cover=self.cover))


def _use_action(state: Encounter, name: str) -> Fighter:
    fighter = on_turn(state, name)
    if fighter.action_used:
        raise RulesError(f"'action' {name} has already used the Action this turn (a second Maneuver costs 2 Strain "
                         "instead, or end the turn)", argument="action")
    return replace(fighter, action_used=True)


@dataclass(frozen=True)
class MakeAttack(Event):
    """The Action: an attack with *weapon* on *target*, rolled and read as net results (or faces, netted).

    The engine builds the pool (band, cover, Defense, gravity, conditions),
    deals the damage of a hit (Wounds, or Strain for Stun; a Minion or an
    Elite takes it as Wounds) and keeps the roll for its spends.
    """

    name: str
    target: str
    weapon: str
    successes: int
    boons: int = 0
    breakthroughs: int = 0
    calamities: int = 0
    boon_dice: int = 0
    bane_dice: int = 0
    difficulty_upgrades: int = 0
    """Trial Dice the GM upgrades to Hazard Dice (the only dice with a Calamity face)."""
    faces: tuple[str, ...] = ()
    """The faces rolled, one per die of the pool in its order (``()``: only the net result was entered)."""
    type: ClassVar[str] = "attack"

    def __post_init__(self) -> None:
        check_names(self, "name", "target", "weapon")
        check_int("successes", self.successes, low=-40, high=40)
        check_int("boons", self.boons, low=-40, high=40)
        check_int("breakthroughs", self.breakthroughs, low=0, high=10)
        check_int("calamities", self.calamities, low=0, high=10)
        check_int("boon_dice", self.boon_dice, low=0, high=10)
        check_int("bane_dice", self.bane_dice, low=0, high=10)
        check_int("difficulty_upgrades", self.difficulty_upgrades, low=0, high=10)
        check_faces(self)

    def attack(self, state: Encounter) -> _Attack:
        """The engine's attack this event makes (its pool is what the player rolls)."""
        playing(state)
        if self.target == self.name:
            raise RulesError(argument="target", expected=f"another combatant than {self.name}", received=self.target)
        shooter, target = state.fighter(self.name), state.fighter(self.target, "target")
        return _Attack(shooter.character, shooter.weapon(self.weapon), target.character,
                       band=state.band(self.name, self.target), cover=target.cover, gravity=state.gravity,
                       conditions=shooter.conditions, boon_dice=self.boon_dice, bane_dice=self.bane_dice,
                       difficulty_upgrades=self.difficulty_upgrades,
                       rulings=state.rulings)

    def apply(self, state: Encounter) -> Encounter:
        attack = self.attack(state)
        shooter = _use_action(state, self.name)
        stated_roll(attack.pool(), self.successes, self.boons, self.faces, breakthroughs=self.breakthroughs,
                    calamities=self.calamities)
        target = state.fighter(self.target, "target")
        hit = self.successes >= 1
        health = target.health
        was_down = health.incapacitated
        if hit:
            dmg = attack.damage(self.successes)
            health = health.suffer_wounds(dmg.wounds).suffer_strain(dmg.strain)
        crit = hit and (was_down or self.breakthroughs >= 1 or self.boons >= attack.weapon.crit)
        roll = LastRoll(self.name, self.target, attack.weapon.name, self.successes, self.boons, self.breakthroughs,
                        self.calamities, max(self.boons, 0), max(-self.boons, 0), crit)
        if calamity_sets_drifting(state.gravity, self.calamities, attack.physical()):
            shooter = replace(shooter, conditions=shooter.conditions.apply(Condition.DRIFTING, rulings=state.rulings))
        state = state._with(replace(target, health=health))._with(shooter)
        return replace(state, last_roll=roll)


@dataclass(frozen=True)
class Check(Event):
    """Another check with the Action (Craft, Electronics...): its net result, kept for its spends.

    *dice*, when given, is the pool rolled (``"2M 2A 1B vs 2T"``, as
    :meth:`~voidref.drifters.dice.Pool.parse` reads it); the result must be
    one the pool can give, and *faces* (one per die) are checked against it.
    """

    name: str
    what: str
    successes: int
    boons: int = 0
    dice: str = ""
    faces: tuple[str, ...] = ()
    type: ClassVar[str] = "check"

    def __post_init__(self) -> None:
        check_names(self, "name", "what")
        check_int("successes", self.successes, low=-40, high=40)
        check_int("boons", self.boons, low=-40, high=40)
        if not isinstance(self.dice, str):
            raise RulesError(argument="dice", expected="a pool as text, such as '2A vs 2T' ('' if not given)",
                             received=self.dice)
        if self.dice:
            try:
                object.__setattr__(self, "dice", Pool.parse(self.dice).describe())
            except RulesError as error:
                raise error.renamed("dice") from None
        elif self.faces:
            raise RulesError(argument="faces", expected="no faces unless the pool (dice) is given", received=self.faces)
        check_faces(self)

    def pool(self) -> Pool | None:
        """The pool rolled, if the event gives it."""
        return Pool.parse(self.dice) if self.dice else None

    def apply(self, state: Encounter) -> Encounter:
        shooter = _use_action(state, self.name)
        pool = self.pool()
        if pool is not None:
            stated_roll(pool, self.successes, self.boons, self.faces)
        roll = LastRoll(self.name, None, None, self.successes, self.boons, boons_left=max(self.boons, 0),
                        banes_left=max(-self.boons, 0))
        return replace(state._with(shooter), last_roll=roll)


SPENDS = {"disoriented": "inflict Disoriented on the target", "recover strain": "recover 1 Strain",
          "ally boon die": "add 1 Boon Die to an ally's next check"}
"""What a player may spend Boons on here, named as the tracker names them (costs from
:data:`~voidref.drifters.rulings.COMBAT_BOON_SPENDS`)."""


@dataclass(frozen=True)
class SpendBoons(Event):
    """The roller spends Boons of this turn's roll: Disoriented on the target, Strain back, an ally's Boon Die."""

    name: str
    spend: str
    type: ClassVar[str] = "spend-boons"

    def __post_init__(self) -> None:
        check_names(self, "name")
        if not isinstance(self.spend, str) or self.spend not in SPENDS:
            raise RulesError(argument="spend", expected="one of " + ", ".join(SPENDS), received=self.spend)

    def apply(self, state: Encounter) -> Encounter:
        fighter = on_turn(state, self.name)
        roll = state.last_roll
        cost = dr.COMBAT_BOON_SPENDS[SPENDS[self.spend]]
        if roll is None or roll.name != self.name or roll.boons_left < cost:
            have = 0 if roll is None or roll.name != self.name else roll.boons_left
            raise RulesError(f"'spend' {self.spend} costs {cost} Boons and {self.name} has {have} left from this "
                             "turn's roll", argument="spend")
        roll = replace(roll, boons_left=roll.boons_left - cost)
        if self.spend == "disoriented":
            if roll.target is None or roll.successes < 1:
                raise RulesError("'spend' Disoriented needs a hit on a target this turn", argument="spend")
            target = state.fighter(roll.target)
            state = state._with(replace(target, conditions=target.conditions.apply(Condition.DISORIENTED,
                                                                                    rulings=state.rulings)))
        elif self.spend == "recover strain":
            state = state._with(replace(fighter, health=fighter.health.spend_boons_on_strain(1)))
        return replace(state, last_roll=roll)


@dataclass(frozen=True)
class GmSpend(Event):
    """The GM spends Banes of this turn's roll: *strain* Strain on the roller (ruling
    :data:`~voidref.drifters.rulings.COMBAT_BANE_SPENDS`: 1 Bane, 1 Strain)."""

    name: str
    strain: int = 1
    type: ClassVar[str] = "gm-spend"

    def __post_init__(self) -> None:
        check_names(self, "name")
        check_int("strain", self.strain, low=1, high=10)

    def apply(self, state: Encounter) -> Encounter:
        fighter = on_turn(state, self.name)
        roll = state.last_roll
        cost = self.strain * dr.COMBAT_BANE_SPENDS["the attacker suffers 1 Strain"]
        if roll is None or roll.name != self.name or roll.banes_left < cost:
            raise RulesError(f"'strain' {self.strain} Strain costs {cost} Banes of this turn's roll and "
                             f"{0 if roll is None else roll.banes_left} are left", argument="strain")
        state = state._with(replace(fighter, health=fighter.health.suffer_strain(self.strain)))
        return replace(state, last_roll=replace(roll, banes_left=roll.banes_left - cost))


@dataclass(frozen=True)
class CriticalInjury(Event):
    """The Critical Injury this turn's hit made available, rolled (*d100*, the bonus added by the engine)."""

    target: str
    d100: int
    type: ClassVar[str] = "critical-injury"

    def __post_init__(self) -> None:
        check_names(self, "target")
        check_int("d100", self.d100, low=1, high=100)

    def apply(self, state: Encounter) -> Encounter:
        playing(state)
        target = state.fighter(self.target, "target")
        roll = state.last_roll
        if roll is None or roll.target != self.target or not roll.crit_available:
            raise RulesError(f"'target' no Critical Injury is available on {self.target}: this turn's hit needs a "
                             "Breakthrough, net Boons of at least the Crit rating, or a target already "
                             "incapacitated", argument="target")
        injury = read_critical_injury(self.d100, target.health.critical_injuries)
        state = state._with(replace(target, health=target.health.add_critical_injury(),
                                    injuries=(*target.injuries, injury)))
        return replace(state, last_roll=replace(roll, crit_available=False, boons_left=0))
