"""The rolls of a replay: faces checked against their pool, and found for a stated net result.

A worked example of the combat chapter usually gives only a roll's net result
("1 net Success and 1 Bane"). :func:`faces_for` finds one set of faces of the
pool that nets to it (or refuses: the pool cannot give it), :func:`check_roll`
checks that faces belong to their pool, and :class:`RolledCheck` keeps a check
with the chances it had before the roll. The replays in
:mod:`voidref.drifters.replays` and :mod:`voidref.drifters.ship_replay` are
built from these; :mod:`voidref.present.replays.rolls` writes a check for the page.

>>> faces_text(Face.parse("SB")), faces_text(Face.parse("-")), faces_text(Face.parse("Fb"))
('Success+Boon', 'blank', 'Failure+Bane')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from voidref.drifters.conditions import Conditions
from voidref.drifters.dice import CheckOutcome, Face, Pool, Roll
from voidref.drifters.health import Health
from voidref.errors import RulesError, check_int

__all__ = ["InputError", "RolledCheck", "Step", "check_roll", "faces_for", "faces_text", "net_text", "rolled",
           "wounds_to_incapacitate"]


class InputError(RulesError):
    """A replay input the example cannot use; ``name`` is the input (a keyword of the replay function)."""

    def __init__(self, name: str, detail: str):
        super().__init__(f"'{name}': {detail}")
        self.name = name
        self.detail = detail


def net_text(successes: int, boons: int) -> str:
    """A net result in words: ``'1 Success and 1 Bane'``.

    >>> net_text(2, 0), net_text(-1, 2)
    ('2 Successes', '1 Failure and 2 Boons')
    """
    out = f"{abs(successes)} {'Success' if successes >= 0 else 'Failure'}{'es' if successes > 1 else ''}"
    out += "s" if successes < -1 else ""
    if boons:
        out += f" and {abs(boons)} {'Boon' if boons > 0 else 'Bane'}{'s' if abs(boons) != 1 else ''}"
    return out


# -- rolls ---------------------------------------------------------------------------------------------

def faces_text(face: Face) -> str:
    """A face in the rules' words: ``'Success+Boon'``, ``'Breakthrough'``, ``'blank'``."""
    if face.breakthroughs:
        return "Breakthrough"
    if face.calamities:
        return "Calamity"
    parts = ["Success"] * face.successes + ["Failure"] * -face.successes
    parts += ["Boon"] * face.boons + ["Bane"] * -face.boons
    return "+".join(parts) or "blank"


def check_roll(roll: Roll) -> CheckOutcome:
    """The roll's outcome, after checking that its dice are the pool's and each face is on its die.

    >>> from voidref.drifters.dice import Die
    >>> check_roll(Roll(Pool(ability=1), ((Die.ABILITY, Face.parse("SS")),)))
    CheckOutcome(successes=2, boons=0, breakthroughs=0, calamities=0)
    >>> check_roll(Roll(Pool(ability=1), ((Die.TRIAL, Face.parse("F")),)))
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'faces' must be one face for each die of 1 Ability vs no dice (got Trial)
    """
    dice = Counter(d for d, _ in roll.faces)
    if dice != Counter(roll.pool.dice()):
        got = ", ".join(d.label for d, _ in roll.faces) or "no dice"
        raise RulesError(f"'faces' must be one face for each die of {roll.pool.describe()} (got {got})",
                         argument="faces")
    for die, face in roll.faces:
        if face not in die.faces:
            raise RulesError(f"'faces' {faces_text(face)} is not a face of the {die.label} Die", argument="faces")
    return roll.outcome


def faces_for(pool: Pool, successes: int, boons: int) -> Roll:
    """One roll of *pool* that nets *successes* and *boons*; a RulesError if none can.

    The search tries plain faces first, so the roll shown is a simple one
    among those that give the result.

    >>> [faces_text(f) for _, f in faces_for(Pool(ability=2, trial=1), 1, 0).faces]
    ['blank', 'Success', 'blank']
    >>> faces_for(Pool(ability=1), 3, 0)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'successes' and 'boons' (3, 0) cannot come from the pool 1 Ability vs no dice
    """
    check_int("successes", successes, low=-50, high=50)
    check_int("boons", boons, low=-50, high=50)
    dice = pool.dice()
    options = [sorted(set(d.faces), key=lambda f: (abs(f.successes) + abs(f.boons), d.faces.index(f)))
               for d in dice]
    # the most and least each remaining die can add, to prune the search
    hi_s = [0] * (len(dice) + 1)
    lo_s, hi_b, lo_b = hi_s[:], hi_s[:], hi_s[:]
    for i in range(len(dice) - 1, -1, -1):
        hi_s[i] = hi_s[i + 1] + max(f.successes for f in options[i])
        lo_s[i] = lo_s[i + 1] + min(f.successes for f in options[i])
        hi_b[i] = hi_b[i + 1] + max(f.boons for f in options[i])
        lo_b[i] = lo_b[i + 1] + min(f.boons for f in options[i])

    def search(i: int, s: int, b: int) -> list[Face] | None:
        if not (lo_s[i] <= successes - s <= hi_s[i] and lo_b[i] <= boons - b <= hi_b[i]):
            return None
        if i == len(dice):
            return []
        for f in options[i]:
            rest = search(i + 1, s + f.successes, b + f.boons)
            if rest is not None:
                return [f, *rest]
        return None

    found = search(0, 0, 0)
    if found is None:
        raise RulesError(f"'successes' and 'boons' {(successes, boons)} cannot come from the pool {pool.describe()}",
                         argument="successes")
    return Roll(pool, tuple(zip(dice, found)))


def wounds_to_incapacitate(health: Health) -> int:
    """The fewest more Wounds that take the combatant out, by the engine's own test.

    >>> wounds_to_incapacitate(Health(12, 12, wounds=8))
    4
    """
    n = 0
    while not health.suffer_wounds(n).incapacitated:
        n += 1
    return n


@dataclass(frozen=True)
class RolledCheck:
    """One check in a replay: who rolled, for what, the faces, and the net Successes it needed."""

    who: str
    what: str
    roll: Roll
    stated_faces: bool = False
    """True when the source names the faces; False when it gives only the net result."""
    needed: int | None = 1
    """Net Successes the check needed (``None``: any result counts, as for Initiative)."""

    @property
    def outcome(self) -> CheckOutcome:
        """The checked outcome (see :func:`check_roll`)."""
        return check_roll(self.roll)

    def chance_needed(self) -> Fraction | None:
        """The chance, before the roll, of the net Successes the check needed."""
        if self.needed is None:
            return None
        return self.roll.pool.distribution().prob(lambda o: o.successes >= self.needed)

    def chance_as_good(self) -> Fraction:
        """The chance of at least the net Successes rolled (at most, for a miss)."""
        got = self.outcome.successes
        if self.needed is not None and got < self.needed:
            return self.roll.pool.distribution().prob(lambda o: o.successes <= got)
        return self.roll.pool.distribution().prob(lambda o: o.successes >= got)


@dataclass(frozen=True)
class Step:
    """One step of a replay: its checks, and the state after it, as the engine left it."""

    title: str
    checks: tuple[RolledCheck, ...] = ()
    tracks: Mapping[str, tuple[Health, Conditions]] = field(default_factory=dict)
    facts: tuple[tuple[str, str], ...] = ()
    """Other state after the step, as (label, value) pairs: turn order, ranges, cover."""
    odds: tuple[tuple[str, Fraction], ...] = ()
    """Other chances worth knowing before the step, as (what, chance) pairs."""
    heading: str = "After"
    """The heading of the tracks' column of names."""


# -- a roll from its net result ------------------------------------------------------------------------

def rolled(who: str, what: str, pool: Pool, successes: int, boons: int, *, inputs: str,
           needed: int | None = 1) -> RolledCheck:
    """A check whose net result is given (faces from :func:`faces_for`); an :class:`InputError` naming *inputs*
    when *pool* cannot give that result (a replay input changed the pool or the result).

    >>> rolled("Senna", "shot", Pool(ability=1), 3, 0, inputs="senna_agility")
    Traceback (most recent call last):
    ...
    voidref.drifters.rolled.InputError: 'senna_agility': Senna's shot, with the pool 1 Ability vs ...
    """
    try:
        roll = faces_for(pool, successes, boons)
    except RulesError:
        raise InputError(inputs, f"{who}'s {what}, with the pool {pool.describe()}, cannot roll "
                                 f"{net_text(successes, boons)}") from None
    return RolledCheck(who, what, roll, needed=needed)
