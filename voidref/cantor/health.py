"""Steps 6 and 7 of an attack: Overshield, HP, Burn, and a Cantor's Structure.

Sources: "How an attack resolves" steps 6 ("Apply") and 7 ("At 0 HP").

>>> pilot = UnitState(hp=3, max_hp=10, structure=2, cantor=True)
>>> result = pilot.take(5, structure_roll=3)
>>> result.state, result.condition
(UnitState(hp=10, max_hp=10, overshield=0, structure=1, cantor=True, burn=0), Condition.IMPAIRED)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voidref.cantor.kinds import Condition
from voidref.errors import NeedsRollError, RulesError, check_bool, check_int
from voidref.exact import Dist

__all__ = ["UnitState", "Applied", "structure_result", "STRUCTURE_TABLE"]

STRUCTURE_TABLE: dict[int, Condition | None] = {
    1: Condition.STUNNED,
    2: Condition.IMPAIRED,
    3: Condition.IMPAIRED,
    4: Condition.IMPAIRED,
    5: None,
    6: None,
}
"""The 1d6 a Cantor rolls after losing Structure (step 7), 1 Stunned, 2–4 Impaired, 5–6 nothing."""


def structure_result(roll: int) -> Condition | None:
    """What a Structure roll of *roll* (1–6) inflicts.

    >>> structure_result(1), structure_result(6)
    (Condition.STUNNED, None)
    """
    check_int("structure_roll", roll, low=1, high=6)
    return STRUCTURE_TABLE[roll]


@dataclass(frozen=True)
class Applied:
    """What applying some damage did.

    Args:
        state: the unit afterwards.
        absorbed: taken by Overshield.
        hp_lost: HP removed (up to what the unit had).
        structure_lost: Structure removed (0 or 1).
        structure_roll: the 1d6 rolled for the Structure loss, if any.
        condition: the status that roll inflicted, if any.
        destroyed: a Cantor at Structure 0.
        defeated: a non-Cantor at 0 HP.
    """

    state: UnitState
    absorbed: int
    hp_lost: int
    structure_lost: int = 0
    structure_roll: int | None = None
    condition: Condition | None = None
    destroyed: bool = False
    defeated: bool = False


@dataclass(frozen=True)
class UnitState:
    """A unit's damage tracks. Frozen: :meth:`take` returns the new state.

    Args:
        hp: current HP.
        max_hp: HP refilled to after a Structure loss.
        overshield: Overshield, which absorbs damage before HP.
        structure: Structure (Cantors only matter; others are defeated at 0 HP).
        cantor: a Cantor (player machine) rather than an ordinary enemy.
        burn: Burn the unit carries.
    """

    hp: int
    max_hp: int
    overshield: int = 0
    structure: int = 1
    cantor: bool = False
    burn: int = 0

    def __post_init__(self) -> None:
        check_int("max_hp", self.max_hp, low=1, high=1000)
        check_int("hp", self.hp, low=0, high=self.max_hp)
        check_int("overshield", self.overshield, low=0, high=1000)
        check_int("structure", self.structure, low=0, high=20)
        check_bool("cantor", self.cantor)
        check_int("burn", self.burn, low=0, high=1000)

    def add_burn(self, amount: int) -> UnitState:
        """Add *amount* to the Burn track (step 6; a ruling: Burn is a track, not damage of this attack)."""
        check_int("amount", amount, low=0, high=1000)
        return replace(self, burn=self.burn + amount)

    def take(self, amount: int, structure_roll: int | None = None) -> Applied:
        """Apply *amount* damage: Overshield first, then HP, then step 7 at 0 HP.

        A Cantor reaching 0 HP with Structure left after the loss needs
        *structure_roll* (1–6); leave it out to get a :class:`~voidref.errors.NeedsRollError` naming
        it, or use :meth:`outcomes` for the exact spread.

        Raises:
            voidref.errors.NeedsRollError: the roll is needed and was not given.
            voidref.errors.RulesError: a bad amount or roll.
        """
        check_int("amount", amount, low=0, high=10_000)
        if structure_roll is not None:
            check_int("structure_roll", structure_roll, low=1, high=6)
        if self.hp == 0:
            raise RulesError("'hp' must be at least 1 for a unit to take damage (got 0)", argument="hp")
        absorbed = min(self.overshield, amount)
        rest = amount - absorbed
        hp_lost = min(self.hp, rest)
        state = replace(self, overshield=self.overshield - absorbed, hp=self.hp - hp_lost)
        if state.hp > 0:
            return Applied(state, absorbed, hp_lost)
        if not self.cantor:
            return Applied(state, absorbed, hp_lost, defeated=True)
        structure = self.structure - 1
        if structure <= 0:
            return Applied(replace(state, structure=0), absorbed, hp_lost, structure_lost=1, destroyed=True)
        if structure_roll is None:
            raise NeedsRollError("'structure_roll' is needed: the Cantor lost Structure (give 1 to 6)",
                             argument="structure_roll")
        # a ruling: damage past 0 HP is lost, so one hit costs at most one Structure
        refilled = replace(state, structure=structure, hp=self.max_hp)
        return Applied(refilled, absorbed, hp_lost, 1, structure_roll, structure_result(structure_roll))

    def outcomes(self, amount: int) -> Dist:
        """Exact distribution of :class:`Applied` for *amount* damage (the Structure roll is a d6)."""
        check_int("amount", amount, low=0, high=10_000)
        try:
            return Dist.always(self.take(amount))
        except NeedsRollError:
            pass
        return Dist.die(6).map(lambda r: self.take(amount, r))
