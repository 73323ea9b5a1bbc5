"""A Cantor's turn: action slots, the Graze, Stress and Cooldown, rate of fire, sandbox mode.

Source: "Your turn" and "Rate of fire", "Sandbox mode", "Facing lock".

A turn is 1 Move, then 2 Quick actions or 1 Full, any number of Free actions, and 1
Reaction. The Bond Move takes the whole activation, Move included.

>>> turn = Turn()
>>> turn.take("lock on"); turn.take("bolster")
>>> turn.take("aim")
Traceback (most recent call last):
...
voidref.errors.RulesError: 'action' Aim needs a Full action, but the Quick actions are already used (got 'aim')
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.cantor import rulings
from voidref.cantor.kinds import ActionKind, Arc
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.kinds import Kind

__all__ = [
    "Action", "Turn", "graze_allowed", "aim_holds", "Stress", "CANTOR_SHOTS_PER_TURN", "GRAZE_MIN_SPEED", "GRAZE_REACH",
]

CANTOR_SHOTS_PER_TURN = 1
"""On the Cantor sheets, one shot per turn across every weapon ("Rate of fire")."""

GRAZE_MIN_SPEED = 4
"""A Graze needs Speed 4 or better ("Your turn")."""

GRAZE_REACH = 3
"""A Graze reaches a runner within 3 spaces, in the front arc."""


class Action(Kind):
    """The board's actions and the slot each takes ("Your turn").

    Each member's value is its label (``"turn & brace"``); its ``kind`` is the slot it spends.
    """

    MOVE = ("move", ActionKind.MOVE, "Move: the turn's one movement.")
    BOOST = ("boost", ActionKind.QUICK, "Boost (Quick).")
    BOLSTER = ("bolster", ActionKind.QUICK, "Bolster (Quick): +1 die on your own next attack.")
    LOCK_ON = ("lock on", ActionKind.QUICK, "Lock On (Quick): +1 die for the next attacker on the target.")
    GRAPPLE = ("grapple", ActionKind.QUICK, "Grapple (Quick).")
    RAM = ("ram", ActionKind.QUICK, "Ram (Quick): no roll; the target goes Prone and is shoved.")
    TURN_AND_BRACE = ("turn & brace", ActionKind.QUICK, "Turn & Brace (Quick): re-face and raise a front shield.")
    SAVE = ("save", ActionKind.QUICK, "Save (Quick).")
    COOLDOWN = ("cooldown", ActionKind.QUICK, "Cooldown (Quick): pay Stress.")
    STABILIZE = ("stabilize", ActionKind.FULL, "Stabilize (Full).")
    DISENGAGE = ("disengage", ActionKind.FULL, "Disengage (Full): clears the engagement penalty.")
    AIM = ("aim", ActionKind.FULL, "Aim (Full): the next Aimable shot rolls its damage dice twice.")
    UMBRAL_VEIL = ("umbral veil", ActionKind.FULL, "Umbral Veil (Full, Stone-gated).")
    ORBITAL_LANCE = ("orbital lance", ActionKind.FULL, "Orbital Lance (Full, Stone-gated).")
    BOND_MOVE = ("bond move", ActionKind.WHOLE_TURN, "Bond Move: the whole activation; clears the Fracture.")
    BRACE = ("brace", ActionKind.REACTION, "Brace (Reaction): halves damage into the front arc.")
    OVERWATCH = ("overwatch", ActionKind.REACTION, "Overwatch (Reaction).")
    GRAZE = ("graze", ActionKind.REACTION, "Graze (Reaction): swing at a runner for half damage.")

    kind: ActionKind

    def __new__(cls, label: str, kind: ActionKind, doc: str) -> Action:
        obj = object.__new__(cls)
        obj._value_ = label
        obj.__doc__ = doc
        obj.kind = kind
        return obj

    @property
    def label(self) -> str:
        """How the rules write the action (the member's value)."""
        return self.value


class Turn:
    """Counts what a unit has spent this turn. Mutable: it tracks the turn as it goes.

    Args:
        cantor: a Cantor (its sheets allow 1 shot per turn in total).
        sandbox: sandbox mode: nothing is enforced.
    """

    def __init__(self, cantor: bool = True, sandbox: bool = False) -> None:
        self.cantor = check_bool("cantor", cantor)
        self.sandbox = check_bool("sandbox", sandbox)
        self.moves = self.quick = self.full = self.reactions = self.shots = 0
        self.whole_turn = False
        self.fired: dict[str, int] = {}
        self.facing_locked = False

    def __repr__(self) -> str:
        return f"Turn(cantor={self.cantor}, sandbox={self.sandbox})"

    def take(self, action) -> None:
        """Spend the slot *action* needs, or raise :class:`~voidref.errors.RulesError` if it is gone."""
        act = Action.parse(action, "action")
        if self.sandbox:
            return
        kind = act.kind
        if self.whole_turn and kind is not ActionKind.REACTION:
            raise RulesError(
                f"'action' {act.label} is not possible: the Bond Move took the whole activation"
                f" (got {describe(action)})",
                argument="action")
        if kind is ActionKind.WHOLE_TURN:
            if self.moves or self.quick or self.full or self.shots:
                raise RulesError(f"'action' bond move needs the whole activation, Move included"
                                 f" (got {describe(action)})",
                                 argument="action")
            self.whole_turn = True
        elif kind is ActionKind.MOVE:
            if self.moves:
                raise RulesError(f"'action' move: only 1 Move per turn (got {describe(action)})", argument="action")
            self.moves += 1
        elif kind is ActionKind.QUICK:
            if self.full or self.quick >= 2:
                raise RulesError(f"'action' {act.label}: no Quick action left"
                                 f" (got {describe(action)})", argument="action")
            self.quick += 1
        elif kind is ActionKind.FULL:
            if self.full or self.quick:
                raise RulesError(
                    f"'action' {act.name.capitalize()} needs a Full action, "
                    f"but the Quick actions are already used (got {describe(action)})", argument="action"
                )
            self.full += 1
        elif kind is ActionKind.REACTION:
            if self.reactions:
                raise RulesError(f"'action' {act.label}: only 1 Reaction per turn"
                                 f" (got {describe(action)})", argument="action")
            self.reactions += 1
        if act is Action.TURN_AND_BRACE:
            self.facing_locked = False

    def fire(self, weapon_name: str, rate_of_fire: int = 1) -> None:
        """Record one shot of a weapon, enforcing its rate of fire and the Cantor sheet's 1 per turn.

        Firing locks the unit's facing until its next activation.
        """
        if not isinstance(weapon_name, str) or not weapon_name:
            raise RulesError(f"'weapon_name' must be a non-empty string"
                             f" (got {describe(weapon_name)})", argument="weapon_name")
        check_int("rate_of_fire", rate_of_fire, low=1, high=10)
        if not self.sandbox:
            if self.whole_turn:
                raise RulesError(f"'weapon_name' {weapon_name} cannot fire: the Bond Move took the whole activation",
                                 argument="weapon_name")
            if self.cantor and self.shots >= CANTOR_SHOTS_PER_TURN:
                raise RulesError(f"'weapon_name' {weapon_name}: a Cantor fires 1 shot per turn (got a second)",
                                 argument="weapon_name")
            if self.fired.get(weapon_name, 0) >= rate_of_fire:
                raise RulesError(f"'weapon_name' {weapon_name} fires {rate_of_fire} times per turn (got one more)",
                                 argument="weapon_name")
        self.fired[weapon_name] = self.fired.get(weapon_name, 0) + 1
        self.shots += 1
        self.facing_locked = True


def graze_allowed(speed: int, runner_arc: Arc, runner_distance: int, runner_disengaged: bool) -> bool:
    """True when a Graze may swing at a runner ("Your turn").

    Speed 4 or better, the runner in the front arc within 3 spaces, not Disengaged.

    >>> graze_allowed(4, "front", 3, False), graze_allowed(3, "front", 1, False)
    (True, False)
    """
    check_int("speed", speed, low=0, high=20)
    arc = check_enum("runner_arc", runner_arc, Arc)
    check_int("runner_distance", runner_distance, low=0, high=100)
    check_bool("runner_disengaged", runner_disengaged)
    return speed >= GRAZE_MIN_SPEED and arc is Arc.FRONT and runner_distance <= GRAZE_REACH and not runner_disengaged


def aim_holds(moved: bool, fired: bool, hit: bool) -> bool:
    """True while an Aim is still waiting for its shot ("Aim").

    Aim (a Full action) lasts into the unit's next activation, but moving, firing or
    taking a hit ends it at once. Whichever happened since the Aim, pass True.

    >>> aim_holds(moved=False, fired=False, hit=False), aim_holds(moved=True, fired=False, hit=False)
    (True, False)
    """
    check_bool("moved", moved)
    check_bool("fired", fired)
    check_bool("hit", hit)
    return not (moved or fired or hit)


@dataclass(frozen=True)
class Stress:
    """A Cantor's Stress for the scene and the Cooldowns taken so far. Frozen: methods return new values.

    >>> s = Stress(3)
    >>> s = s.cooldown(); s = s.cooldown(); s
    Stress(points=2, cooldowns=2)
    >>> s.cooldown().stressed_out
    True
    """

    points: int
    cooldowns: int = 0

    def __post_init__(self) -> None:
        check_int("points", self.points, low=0, high=100)
        check_int("cooldowns", self.cooldowns, low=0, high=1000)

    @property
    def next_cost(self) -> int:
        """Stress the next Cooldown costs (the first is free, then 1, then 2)."""
        return rulings.cooldown_cost(self.cooldowns)

    @property
    def stressed_out(self) -> bool:
        """At 0 Stress a Cantor is Stressed Out."""
        return self.points == 0

    def cooldown(self) -> Stress:
        """Take a Cooldown, paying its Stress; RulesError if there is not enough."""
        cost = self.next_cost
        if cost > self.points:
            raise RulesError(f"'points' must cover the Cooldown's cost of {cost} (got {self.points})",
                             argument="points")
        return Stress(self.points - cost, self.cooldowns + 1)
