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

import functools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from voidref.drifters.dice import CheckOutcome, Face, Pool, Roll
from voidref.drifters.health import Health
from voidref.errors import RulesError, check_int

__all__ = ["InputError", "RolledCheck", "check_roll", "face_symbols", "faces_for", "faces_text", "net_text",
           "rolled", "stated_roll", "wounds_to_incapacitate"]


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


def faces_for(pool: Pool, successes: int, boons: int | None, *, breakthroughs: int | None = None,
              calamities: int | None = None) -> Roll:
    """One roll of *pool* that nets *successes* and *boons*; a RulesError if none can.

    ``None`` leaves a count free (an Initiative check states only its
    Successes); *breakthroughs* and *calamities*, when given, must be met too.
    The search tries plain faces first, so the roll shown is a simple one
    among those that give the result, and it remembers the dead ends, so it
    ends quickly on any pool.

    >>> [faces_text(f) for _, f in faces_for(Pool(ability=2, trial=1), 1, 0).faces]
    ['blank', 'Success', 'blank']
    >>> [faces_text(f) for _, f in faces_for(Pool(mastery=1), 1, None, breakthroughs=1).faces]
    ['Breakthrough']
    >>> faces_for(Pool(ability=1), 3, 0)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'successes' and 'boons' (3, 0) cannot come from the pool 1 Ability vs no dice
    """
    check_int("successes", successes, low=-50, high=50)
    if boons is not None:
        check_int("boons", boons, low=-50, high=50)
    for name, count in (("breakthroughs", breakthroughs), ("calamities", calamities)):
        if count is not None:
            check_int(name, count, low=0, high=50)
    # the target as (successes, boons, breakthroughs, calamities); a free count is tracked as 0
    want = (successes, boons or 0, breakthroughs or 0, calamities or 0)
    free = (False, boons is None, breakthroughs is None, calamities is None)
    found = _search(pool, want, free) if isinstance(pool, Pool) else None
    if found is None:
        if not isinstance(pool, Pool):
            raise RulesError(argument="pool", expected="a Pool", received=pool)
        stated = (successes, boons) + tuple(c for c in (breakthroughs, calamities) if c)
        names = "'successes' and 'boons'" + (" (with Breakthroughs and Calamities)" if len(stated) > 2 else "")
        raise RulesError(f"{names} {stated} cannot come from the pool {pool.describe()}", argument="successes")
    return Roll(pool, tuple(zip(pool.dice(), found)))


@functools.lru_cache(maxsize=512)
def _search(pool: Pool, want: tuple[int, ...], free: tuple[bool, ...]) -> tuple[Face, ...] | None:
    """The faces :func:`faces_for` shows (remembered: a log's render asks again for the rolls its replay
    checked), or None when the pool cannot give *want*."""
    dice = pool.dice()
    # each die's distinct faces, plainest first, with what each adds to the four counts tracked
    options = [[(f, tuple(0 if free[k] else v for k, v in enumerate(f)))
                for f in sorted(set(d.faces), key=lambda f: (abs(f.successes) + abs(f.boons), d.faces.index(f)))]
               for d in dice]
    # the most and least each remaining die can add, to prune the search
    hi = [[0] * 4 for _ in range(len(dice) + 1)]
    lo = [[0] * 4 for _ in range(len(dice) + 1)]
    for i in range(len(dice) - 1, -1, -1):
        for k in range(4):
            hi[i][k] = hi[i + 1][k] + max(adds[k] for _, adds in options[i])
            lo[i][k] = lo[i + 1][k] + min(adds[k] for _, adds in options[i])
    dead: set[tuple[int, tuple[int, ...]]] = set()

    def search(i: int, got: tuple[int, ...]) -> list[Face] | None:
        if any(not lo[i][k] <= want[k] - got[k] <= hi[i][k] for k in range(4)) or (i, got) in dead:
            return None
        if i == len(dice):
            return []
        for f, adds in options[i]:
            rest = search(i + 1, tuple(g + v for g, v in zip(got, adds)))
            if rest is not None:
                return [f, *rest]
        dead.add((i, got))
        return None

    found = search(0, (0, 0, 0, 0))
    return None if found is None else tuple(found)


def face_symbols(face: Face) -> str:
    """A face in the letters :meth:`Face.parse` reads back: ``'SB'``, ``'!'``, ``'-'``.

    >>> [face_symbols(Face.parse(s)) for s in ("SS", "SB", "!", "X", "Fb", "-")]
    ['SS', 'SB', '!', 'X', 'Fb', '-']
    """
    rest = face.successes - face.breakthroughs + face.calamities
    out = "!" * face.breakthroughs + "X" * face.calamities + ("S" * rest if rest > 0 else "F" * -rest)
    out += "B" * face.boons if face.boons > 0 else "b" * -face.boons
    return out or "-"


def stated_roll(pool: Pool, successes: int, boons: int | None, faces: tuple[str, ...] = (), *,
                breakthroughs: int | None = None, calamities: int | None = None) -> Roll:
    """The roll a log's event states: its *faces* (one per die of *pool*, in :meth:`Pool.dice` order) checked
    against the pool and the net result, or, with no faces, one roll found that gives the net result.

    The referee refuses a result the pool cannot give, naming the field to change.

    >>> stated_roll(Pool(ability=2), 1, 1, ("SB", "-")).outcome
    CheckOutcome(successes=1, boons=1, breakthroughs=0, calamities=0)
    >>> stated_roll(Pool(ability=2), 2, 0, ("SB", "-"))
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'faces' must be faces that net 2 Successes (got 'SB -', which nets 1 Success and 1 Boon)
    """
    if not faces:
        return faces_for(pool, successes, boons, breakthroughs=breakthroughs, calamities=calamities)
    dice = pool.dice()
    if len(faces) != len(dice):
        order = ", ".join(d.label for d in dice) or "no dice"
        raise RulesError(argument="faces", expected=f"one face for each die of {pool.describe()} ({order})",
                         received=" ".join(faces))
    parsed = []
    for text in faces:
        try:
            parsed.append(Face.parse(text))
        except RulesError as error:
            raise error.renamed("faces") from None
    roll = Roll(pool, tuple(zip(dice, parsed)))
    o = check_roll(roll)
    stated = (successes, boons, breakthroughs, calamities)
    if any(want is not None and want != got for want, got in zip(stated, o)):
        raise RulesError(f"'faces' must be faces that net {net_text(successes, boons or 0)} (got "
                         f"{' '.join(faces)!r}, which nets {net_text(o.successes, o.boons)})", argument="faces")
    return roll


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
