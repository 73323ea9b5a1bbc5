"""Wounds, Strain, incapacitation and recovery.

Restates: "Wounds, Strain, and Incapacitation" and "Ending an Encounter and
Recovery" of the Void Drifters chapter.

* Wounds and Strain count up from 0.
* Wounds at or over Wound Points: incapacitated until Wounds drop below.
* Strain at or over Strain Points: incapacitated too.
* Minions and Elites have no Strain Points: Strain becomes Wounds, 1 for 1.
* A hit on an incapacitated character triggers a Critical Injury.

Recovery:

* End of an encounter: recover Strain equal to Willpower.
* Full rest: recover all Strain (after a Strain knockout: Strain becomes
  half the Strain Points, rounded down) and Wounds equal to Might.
* Catch Breath (a Maneuver, once per encounter): recover 1 Strain.
* 1 Boon with no stronger use: recover 1 Strain.
* Medical care: each net Success removes 1 more Wound; 2 Boons may remove
  1 more (once per check, unless
  :attr:`~voidref.drifters.rulings.Rulings.medical_boons_repeat`).

>>> davan = Health.of(Character("Davan Kel", might=2, intellect=4, willpower=2))
>>> davan = davan.suffer_wounds(5).suffer_strain(2)
>>> davan
Health(wound_points=12, strain_points=12, wounds=5, strain=2)
>>> davan.end_of_encounter(willpower=2)
Health(wound_points=12, strain_points=12, wounds=5)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voidref.drifters.characters import Character
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError, check_bool, check_int

__all__ = ["Health"]


@dataclass(frozen=True)
class Health:
    """A combatant's damage track. Frozen: each change returns a new value."""

    wound_points: int
    strain_points: int | None
    wounds: int = 0
    strain: int = 0
    critical_injuries: int = 0
    strain_knockout: bool = False
    caught_breath: bool = False

    def __post_init__(self) -> None:
        check_int("wound_points", self.wound_points, low=1, high=100)
        if self.strain_points is not None:
            check_int("strain_points", self.strain_points, low=1, high=100)
        check_int("wounds", self.wounds, low=0, high=1000)
        check_int("strain", self.strain, low=0, high=1000)
        if self.strain_points is None and self.strain:
            raise RulesError(f"'strain' must be 0 for a combatant with no Strain Points (got {self.strain})",
                             argument="strain")
        check_int("critical_injuries", self.critical_injuries, low=0, high=100)
        check_bool("strain_knockout", self.strain_knockout)
        check_bool("caught_breath", self.caught_breath)

    def __repr__(self) -> str:
        parts = [f"wound_points={self.wound_points}", f"strain_points={self.strain_points}"]
        for name in ("wounds", "strain", "critical_injuries", "strain_knockout", "caught_breath"):
            if getattr(self, name):
                parts.append(f"{name}={getattr(self, name)!r}")
        return f"Health({', '.join(parts)})"

    @classmethod
    def of(cls, character: Character) -> Health:
        """A fresh, unhurt track for *character*."""
        if not isinstance(character, Character):
            raise RulesError(argument="character", expected="a Character", received=character)
        return cls(character.wound_points, character.strain_points)

    # -- state ------------------------------------------------------------
    @property
    def incapacitated_by_wounds(self) -> bool:
        """Wounds at or over Wound Points."""
        return self.wounds >= self.wound_points

    @property
    def incapacitated_by_strain(self) -> bool:
        """Strain at or over Strain Points."""
        return self.strain_points is not None and self.strain >= self.strain_points

    @property
    def incapacitated(self) -> bool:
        """Out of the fight, by Wounds or by Strain."""
        return self.incapacitated_by_wounds or self.incapacitated_by_strain

    # -- taking harm ----------------------------------------------------
    def suffer_wounds(self, n: int) -> Health:
        """Add *n* Wounds."""
        check_int("wounds", n, low=0, high=1000)
        return replace(self, wounds=self.wounds + n)

    def suffer_strain(self, n: int) -> Health:
        """Add *n* Strain; with no Strain Points it becomes *n* Wounds instead."""
        check_int("strain", n, low=0, high=1000)
        if self.strain_points is None:
            return self.suffer_wounds(n)
        strain = self.strain + n
        return replace(self, strain=strain, strain_knockout=self.strain_knockout or strain >= self.strain_points)

    def add_critical_injury(self, n: int = 1) -> Health:
        """Record *n* more Critical Injuries held."""
        check_int("n", n, low=0, high=100)
        return replace(self, critical_injuries=self.critical_injuries + n)

    # -- recovery ---------------------------------------------------------
    def end_of_encounter(self, willpower: int) -> Health:
        """Recover Strain equal to Willpower; Catch Breath is available again."""
        check_int("willpower", willpower, low=1, high=10)
        return replace(self, strain=max(0, self.strain - willpower), caught_breath=False)

    def catch_breath(self) -> Health:
        """The Catch Breath Maneuver: recover 1 Strain, once per encounter."""
        if self.caught_breath:
            raise RulesError("'catch_breath' can be used once per encounter (got a second use)",
                             argument="catch_breath")
        return replace(self, strain=max(0, self.strain - 1), caught_breath=True)

    def spend_boons_on_strain(self, boons: int) -> Health:
        """Recover 1 Strain per Boon spent this way."""
        check_int("boons", boons, low=0, high=50)
        return replace(self, strain=max(0, self.strain - boons))

    def full_rest(self, might: int) -> Health:
        """A full rest: Wounds drop by Might; Strain clears, or becomes half the Strain Points after a Strain knockout.

        >>> Health(12, 12, strain=12, strain_knockout=True).full_rest(2).strain
        6
        """
        check_int("might", might, low=1, high=10)
        if self.strain_knockout and self.strain_points is not None:
            strain = self.strain_points // 2
        else:
            strain = 0
        return replace(self, wounds=max(0, self.wounds - might), strain=strain, strain_knockout=False)

    def medical_care(self, might: int, net_successes: int, boons: int = 0,
                     boons_on_wounds: bool = True, *, rulings: Rulings = STANDARD) -> Health:
        """Full rest with medical care: each net Success heals 1 more Wound, and 2 Boons 1 more.

        The 2-Boon Wound is bought once per check, or once per 2 Boons under
        :attr:`~voidref.drifters.rulings.Rulings.medical_boons_repeat`.
        *boons_on_wounds* False keeps the Boons for the other uses (saving
        supplies, a shorter recovery).

        >>> hurt = Health(12, 12, wounds=10)
        >>> hurt.medical_care(2, net_successes=1, boons=4).wounds
        6
        """
        check_int("net_successes", net_successes, low=0, high=50)
        check_int("boons", boons, low=0, high=50)
        check_bool("boons_on_wounds", boons_on_wounds)
        r = check_rulings(rulings)
        from_boons = boons // 2 if r.medical_boons_repeat else min(1, boons // 2)
        extra = net_successes + (from_boons if boons_on_wounds else 0)
        rested = self.full_rest(might)
        return replace(rested, wounds=max(0, rested.wounds - extra))

    def treat_critical_injury(self, success: bool) -> Health:
        """A Medicine check to remove one Critical Injury: gone on a success."""
        check_bool("success", success)
        if not self.critical_injuries:
            raise RulesError("'critical_injuries' must be at least 1 to treat one (got 0)",
                             argument="critical_injuries")
        return replace(self, critical_injuries=self.critical_injuries - (1 if success else 0))
