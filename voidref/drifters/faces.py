"""The six Void Drifters dice, their faces, difficulties and the netted outcome of a check.

The faces come from :data:`voidref.drifters.rulings.DICE_FACES` (the dice
chapter is missing from the source, so they are a ruling). :mod:`voidref.drifters.dice`
builds pools from these dice and re-exports every name here.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from voidref import kinds
from voidref.drifters import rulings
from voidref.errors import RulesError
from voidref.exact import Dist

__all__ = ["Face", "Die", "Difficulty", "CheckOutcome"]


_SYMBOLS = frozenset("SFBb!X-")
"""The letters a face is written with (``-`` is a blank face)."""
_LONGEST_FACE = 10
"""The longest text :meth:`Face.parse` reads (a face of the six dice shows at most two symbols)."""


class Face(NamedTuple):
    """What one face shows, netted: Successes less Failures, Boons less Banes.

    A Breakthrough face is one Success and one Breakthrough; a Calamity face
    is one Failure and one Calamity.
    """

    successes: int = 0
    boons: int = 0
    breakthroughs: int = 0
    calamities: int = 0

    @classmethod
    def parse(cls, symbols: str) -> Face:
        """Read a face written with the letters of :data:`~voidref.drifters.rulings.DICE_FACES`.

        >>> Face.parse("SB")
        Face(successes=1, boons=1, breakthroughs=0, calamities=0)
        >>> Face.parse("S?")
        Traceback (most recent call last):
        ...
        voidref.errors.RulesError: 'symbols' must be the face letters S, F, B, b, !, X or - (got 'S?')
        """
        if isinstance(symbols, str) and len(symbols) > _LONGEST_FACE:
            raise RulesError(argument="symbols", expected=f"text of at most {_LONGEST_FACE} characters",
                             received=symbols)
        if not isinstance(symbols, str) or not _SYMBOLS.issuperset(symbols):
            raise RulesError(argument="symbols", expected="the face letters S, F, B, b, !, X or -", received=symbols)
        s = symbols.count("S") - symbols.count("F") + symbols.count("!") - symbols.count("X")
        b = symbols.count("B") - symbols.count("b")
        return cls(s, b, symbols.count("!"), symbols.count("X"))


class Die(enum.Enum):
    """The six Void Drifters dice. Each value is the pool field that counts it."""

    ABILITY = "ability"
    """The Ability Die, a d8 and the plain positive die."""
    MASTERY = "mastery"
    """The Mastery Die, a d12 and the upgraded Ability Die; one face is a Breakthrough."""
    BOON = "boon"
    """The Boon Die, a d6 added by help, position and gear."""
    TRIAL = "trial"
    """The Trial Die, a d8 and the plain negative die; difficulty sets how many."""
    HAZARD = "hazard"
    """The Hazard Die, a d12 (our name for the upgraded Trial Die); one face is a Calamity."""
    BANE = "bane"
    """The Bane Die, a d6 added by Defense, cover and hindrances."""

    __repr__ = kinds.Kind.__repr__  # Die.BANE: the code that names the member

    @property
    def faces(self) -> tuple[Face, ...]:
        """Every face of the die, as :class:`Face` values (repeats kept)."""
        return _FACES[self]

    @property
    def sides(self) -> int:
        """How many faces the die has."""
        return len(_FACES[self])

    @property
    def label(self) -> str:
        """The die's name as the rules write it."""
        if self is Die.HAZARD:
            return rulings.HAZARD_DIE_NAME.removesuffix(" Die")
        return self.value.capitalize()

    @property
    def positive(self) -> bool:
        """True for the dice on the roller's side."""
        return self in (Die.ABILITY, Die.MASTERY, Die.BOON)

    def distribution(self) -> Dist:
        """The exact distribution of one roll of this die, over :class:`Face`."""
        return Dist.uniform(self.faces)


_FACES = {die: tuple(Face.parse(f) for f in rulings.DICE_FACES[die.value]) for die in Die}


class Difficulty(enum.IntEnum):
    """How hard a check is: the number of Trial Dice it starts with."""

    SIMPLE = 0
    """No Trial Dice."""
    EASY = 1
    """1 Trial Die."""
    AVERAGE = 2
    """2 Trial Dice."""
    HARD = 3
    """3 Trial Dice."""
    DAUNTING = 4
    """4 Trial Dice."""
    FORMIDABLE = 5
    """5 Trial Dice."""

    __repr__ = kinds.Kind.__repr__  # Difficulty.HARD: the code that names the member


class CheckOutcome(NamedTuple):
    """The netted result of a check: what the joint distribution is over."""

    successes: int
    """Net Successes (Successes less Failures); a hit or pass needs at least 1."""
    boons: int
    """Net Boons, negative for net Banes."""
    breakthroughs: int
    """Breakthroughs rolled (each also counted as a Success)."""
    calamities: int
    """Calamities rolled (each also counted as a Failure)."""

    @property
    def success(self) -> bool:
        """At least one net Success."""
        return self.successes >= 1
