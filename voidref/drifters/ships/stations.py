"""Station actions, the checks they roll, and the Boon and Bane spends of a ship fight.

Restates: "Station Actions at a Glance" and step 4 of "How a Ship Round
Works" of the Void Drifters chapter. The station table is missing from our
source; the actions and spends here are the ones its worked example uses
(ruling :data:`~voidref.drifters.ships.rulings.STATION_ACTIONS`).

* Everyone at a station gets an Action and a Maneuver, used at that
  station; a second Maneuver costs the Action or 2 Strain (as in personal combat).
* Switching stations costs the Action for the round.
* The captain gives orders as Maneuvers: Direct Focus, once a round.
* Helm Pilot checks add the ship's Handling as Boon or Bane Dice.

>>> from voidref.drifters import Character
>>> rhi = Character("Rhi", intellect=4)
>>> station_check_pool("Target Lock", rhi)
Pool(ability=4, trial=2)
>>> station_action("evasive maneuver").kind
ActionKind.ACTION
"""

from __future__ import annotations

from voidref.drifters.characters import Character, Skill
from voidref.drifters.dice import Pool
from voidref.drifters.ships import rulings
from voidref.drifters.ships.profiles import StationAction
from voidref.errors import RulesError, check_int, describe
from voidref.kinds import Kind

__all__ = [
    "Talent", "BoonSpend", "BaneSpend", "station_action", "station_check_pool",
    "resolution_phase", "handling_dice", "SWITCH_STATION_COSTS_ACTION",
]

#: Switching stations costs the crew member's Action for the round ("How a Ship Round Works", step 2).
SWITCH_STATION_COSTS_ACTION = True


class Talent(Kind):
    """Talents the ship round uses ("Worked Example: One Ship Round")."""

    FIRE_CONTROL = "fire control"
    """+1 Boon Die on the first Gunnery check of the encounter, outside the Boon Limit."""
    EVASIVE_INSTINCT = "evasive instinct"
    """Senna's; it works once the ship is targeted. Its effect is not in our source, so it is only recorded."""


class BoonSpend(Kind):
    """Boon spends on a ship fight's checks.

    Costs from ruling :data:`~voidref.drifters.ships.rulings.ARMOR_BYPASS_BOONS`.
    """

    BYPASS_ARMOR = "bypass armor"
    """Bypass 1 more point of Armor on a hit (repeatable)."""
    CHANGE_FACING = "change facing"
    """Change facing as well, on an Evasive Maneuver."""

    @property
    def boons(self) -> int:
        """What the spend costs."""
        return rulings.ARMOR_BYPASS_BOONS if self is BoonSpend.BYPASS_ARMOR else rulings.CHANGE_FACING_BOONS


class BaneSpend(Kind):
    """Bane spends on a ship attack; costs from ruling :data:`~voidref.drifters.ships.rulings.JAM_BANES`."""

    NEXT_ATTACK_BANE_DIE = "next attack bane die"
    """The attacking ship's next attack adds 1 Bane Die."""
    JAM_WEAPON = "jam weapon"
    """The weapon that fired jams."""

    @property
    def banes(self) -> int:
        """What the spend costs."""
        return rulings.JAM_BANES if self is BaneSpend.JAM_WEAPON else rulings.NEXT_ATTACK_BANE_BANES


def station_action(name: str | StationAction) -> StationAction:
    """Look up a station action by name, in any case.

    The actions: ruling :data:`~voidref.drifters.ships.rulings.STATION_ACTIONS`.
    """
    if isinstance(name, StationAction):
        return name
    if isinstance(name, str):
        key = name.strip().lower()
        for action in rulings.STATION_ACTIONS.values():
            if action.name.lower() == key:
                return action
    choices = ", ".join(a.name.lower() for a in rulings.STATION_ACTIONS.values())
    raise RulesError(argument="action", expected=f"one of {choices}", received=name)


def handling_dice(handling: int) -> tuple[int, int]:
    """``(boon_dice, bane_dice)`` from a ship's Handling: positive adds Boon Dice, negative Bane Dice."""
    check_int("handling", handling, low=-5, high=5)
    return (handling, 0) if handling > 0 else (0, -handling)


def station_check_pool(action: str | StationAction, crew: Character, *, handling: int = 0,
                       boon_dice: int = 0, bane_dice: int = 0) -> Pool:
    """The pool of a station check: the action's skill with its characteristic, against its difficulty.

    Helm checks add *handling* as Boon or Bane Dice. *boon_dice* and
    *bane_dice* are any others (Direct Focus, gear). Ship attacks use
    :class:`~voidref.drifters.ships.pool.ShipAttack` instead, because range
    sets their difficulty.
    """
    action = station_action(action)
    if not isinstance(crew, Character):
        raise RulesError(f"'crew' must be a Character (got {describe(crew)})", argument="crew")
    if action.skill is None:
        raise RulesError(f"'action' must be one that rolls a check ({action.name} has none)", argument="action")
    if action.difficulty is None:
        raise RulesError(f"'action' {action.name} is an attack: build a ShipAttack for its pool", argument="action")
    skill = Skill(action.skill)
    check_int("boon_dice", boon_dice, low=0, high=10)
    check_int("bane_dice", bane_dice, low=0, high=10)
    hb, hn = handling_dice(handling) if action.station is not None and action.station.name == "HELM" else (0, 0)
    return Pool.for_check(crew.characteristic(skill.characteristic), crew.skill(skill), action.difficulty,
                          boon_dice=boon_dice + hb, bane_dice=bane_dice + hn)


def resolution_phase(action: str | StationAction) -> int:
    """When a declared action resolves (ruling :data:`~voidref.drifters.ships.rulings.RESOLUTION_ORDER`).

    0: movement (Helm); 1: the checks that feed an attack (Direct Focus,
    Target Lock, Boost Power); 2: attacks; 3: everything else.

    >>> sorted(["Aimed Fire", "Target Lock", "Evasive Maneuver"], key=resolution_phase)
    ['Evasive Maneuver', 'Target Lock', 'Aimed Fire']
    """
    action = station_action(action)
    if action.station is not None and action.station.name == "HELM":
        return 0
    if action.name in rulings.ATTACK_FEEDERS:
        return 1
    if action.name == "Aimed Fire":
        return 2
    return 3
