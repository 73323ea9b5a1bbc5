"""Critical Injuries: when they happen, the roll, and its severity band.

Restates: "Critical Injuries" of the Void Drifters chapter.

Triggers:

* a hit on a character who is already incapacitated (by Wounds or Strain);
* the attacker spends a Breakthrough on it;
* the attack has net Boons at least the weapon's Crit rating, spent on it.

The roll: d100 + 10 for each Critical Injury already held. When one attack
inflicts several, each later one adds 10 more (ruling
:data:`~voidref.drifters.rulings.CRITICAL_INJURY_EXTRA_PER_ORDER`).

>>> injury_bonus(held=1, order=2)
30
>>> severity(95), severity(131)
(Severity.DEADLY, Severity.MORTAL)
>>> critical_injury_odds(held=0)[Severity.MINOR]
Fraction(3, 10)

Rolling one (the roller passes ``random.SystemRandom()``, tests a seeded
``random.Random``):

>>> import random
>>> roll_critical_injury(held=1, rng=random.Random(4))
InjuryRoll(d100=31, bonus=10)
>>> _.total, _.severity
(41, Severity.MODERATE)
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from voidref import kinds
from voidref.drifters import rulings
from voidref.errors import check_int, check_rng
from voidref.exact import Dist

__all__ = ["Severity", "severity", "injury_bonus", "critical_injury_odds", "injuries_for_attack", "InjuryRoll",
           "read_critical_injury", "roll_critical_injury"]


class Severity(enum.Enum):
    """The five bands of the Critical Injury table."""

    MINOR = "minor"
    """01 to 30."""
    MODERATE = "moderate"
    """31 to 60."""
    SEVERE = "severe"
    """61 to 85."""
    DEADLY = "deadly"
    """86 to 100."""
    MORTAL = "mortal"
    """101 and higher."""

    __repr__ = kinds.Kind.__repr__  # Severity.MORTAL: the code that names the member

    @property
    def lowest(self) -> int:
        """The lowest total in the band."""
        return _LOWEST[self]


_LOWEST = {Severity.MINOR: 1, Severity.MODERATE: 31, Severity.SEVERE: 61, Severity.DEADLY: 86, Severity.MORTAL: 101}


def severity(total: int) -> Severity:
    """The band a Critical Injury roll's total falls in."""
    check_int("total", total, low=1, high=10_000)
    band = Severity.MINOR
    for s in Severity:
        if total >= s.lowest:
            band = s
    return band


def injury_bonus(held: int, order: int = 0) -> int:
    """The bonus to a roll: +10 per injury held, +10 more per earlier injury of the same attack."""
    check_int("held", held, low=0, high=100)
    check_int("order", order, low=0, high=100)
    return 10 * held + rulings.CRITICAL_INJURY_EXTRA_PER_ORDER * order


def critical_injury_odds(held: int, order: int = 0) -> Dist:
    """The exact chance of each severity band for one Critical Injury roll."""
    bonus = injury_bonus(held, order)
    return Dist.die(100).map(lambda r: severity(r + bonus))


@dataclass(frozen=True)
class InjuryRoll:
    """One Critical Injury roll: the d100 rolled and the bonus added; its total and band follow."""

    d100: int
    bonus: int = 0

    def __post_init__(self) -> None:
        check_int("d100", self.d100, low=1, high=100)
        check_int("bonus", self.bonus, low=0, high=10_000 - 100)

    @property
    def total(self) -> int:
        """The d100 plus the bonus."""
        return self.d100 + self.bonus

    @property
    def severity(self) -> Severity:
        """The band the total falls in."""
        return severity(self.total)


def read_critical_injury(d100: int, held: int, order: int = 0) -> InjuryRoll:
    """The reading of a rolled d100 for a target holding *held* injuries (the *order*-th extra of one attack).

    >>> read_critical_injury(95, held=1).severity
    Severity.MORTAL
    """
    return InjuryRoll(check_int("d100", d100, low=1, high=100), injury_bonus(held, order))


def roll_critical_injury(held: int, rng: random.Random, *, order: int = 0) -> InjuryRoll:
    """Roll one Critical Injury with the random source *rng* (a ``random.Random``; the roller's is the system's)."""
    bonus = injury_bonus(held, order)
    check_rng("rng", rng)
    return InjuryRoll(rng.randint(1, 100), bonus)


def injuries_for_attack(held: int, count: int) -> list[tuple[int, Dist]]:
    """Each roll's bonus and band odds when one attack inflicts *count* injuries."""
    check_int("count", count, low=1, high=10)
    return [(injury_bonus(held, k), critical_injury_odds(held, k)) for k in range(count)]
