"""Void Drifters dice, pools and the exact odds of a check.

Restates: the check procedure the combat chapter relies on ("Building the
Attack Pool", "Rolling the Attack") with the dice of the missing dice chapter,
see :data:`voidref.drifters.rulings.DICE_FACES`.

Words: a **Boon Die** is a die you roll; a **Boon** is a result you spend.
The same goes for the Bane Die and the Bane.

>>> pool = Pool.for_check(characteristic=4, skill=0, difficulty="easy")
>>> pool
Pool(ability=4, trial=1)
>>> pool.describe()
'4 Ability vs 1 Trial'
>>> pool.chance_of_success()
Fraction(853, 1024)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from fractions import Fraction

from voidref.drifters import rulings
from voidref.drifters._joint import joint_counts
from voidref.drifters._packing import Memo, flagged_counts
from voidref.drifters.faces import CheckOutcome, Die, Difficulty, Face
from voidref.errors import RulesError, check_enum, check_int, check_rng, describe
from voidref.exact import Dist

__all__ = ["Die", "Face", "Difficulty", "Pool", "CheckOutcome", "Roll"]


@dataclass(frozen=True)
class Roll:
    """One rolled check: the faces shown and their netted outcome."""

    pool: Pool
    faces: tuple[tuple[Die, Face], ...]

    @property
    def outcome(self) -> CheckOutcome:
        """The netted result."""
        return CheckOutcome(*(sum(f[i] for _, f in self.faces) for i in range(4)))


_LETTERS = {"A": Die.ABILITY, "M": Die.MASTERY, "B": Die.BOON, "T": Die.TRIAL, "H": Die.HAZARD, "b": Die.BANE,
            "a": Die.ABILITY, "m": Die.MASTERY, "t": Die.TRIAL, "h": Die.HAZARD}
_WORDS = ({d.value: d for d in Die} | {d.value + "s": d for d in Die}
          | {"abilities": Die.ABILITY, "masteries": Die.MASTERY})
_UPGRADED = {Die.TRIAL: Die.HAZARD, Die.ABILITY: Die.MASTERY}
_TOKEN = re.compile(r"[0-9]+|[A-Za-z]+|[^\sA-Za-z0-9]")
_COUNT = re.compile(r"[0-9]+")


def _read_die(tokens: list[str], i: int) -> tuple[Die | None, int]:
    """The die named at ``tokens[i]`` and how many tokens its name takes (``(None, 0)``: no die)."""
    token = tokens[i]
    if token in _LETTERS:
        die, used = _LETTERS[token], 1
    elif token.lower() == "upgraded" and i + 1 < len(tokens) and (
            (plain := _WORDS.get(tokens[i + 1].lower())) is not None and plain in _UPGRADED):
        die, used = _UPGRADED[plain], 2
    elif token.lower() in _WORDS:
        die, used = _WORDS[token.lower()], 1
    else:
        return None, 0
    if i + used < len(tokens) and tokens[i + used].lower() in ("die", "dice"):
        used += 1
    return die, used


def _a(word: str) -> str:
    """*word* with its article: "a Boon", "an Ability"."""
    return ("an " if word[:1] in "AEIOU" else "a ") + word


@dataclass(frozen=True)
class Pool:
    """A dice pool: how many of each die are rolled together.

    Build one directly, from a characteristic and skill with
    :meth:`for_check`, or from text with :meth:`parse`. The repr lists only
    the dice present, so it reads as it is written:

    >>> Pool.parse("2M 2A 1B vs 2T 1b")
    Pool(ability=2, mastery=2, boon=1, trial=2, bane=1)
    """

    ability: int = 0
    mastery: int = 0
    boon: int = 0
    trial: int = 0
    hazard: int = 0
    bane: int = 0

    MAX_TEXT_LENGTH = 200
    """The longest text :meth:`parse` reads (all six dice with two-digit counts and full names take 110)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            check_int(f.name, getattr(self, f.name), low=0, high=rulings.MAX_POOL_DICE)
        if self.size > rulings.MAX_POOL_DICE:
            raise RulesError(
                f"'pool' must hold at most {rulings.MAX_POOL_DICE} dice in all (got {self.size})", argument="pool"
            )

    def __repr__(self) -> str:
        inner = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self) if getattr(self, f.name))
        return f"Pool({inner})"

    # -- building ---------------------------------------------------------
    @classmethod
    def for_check(
        cls,
        characteristic: int,
        skill: int = 0,
        difficulty: Difficulty | str | int = Difficulty.AVERAGE,
        *,
        upgrades: int = 0,
        downgrades: int = 0,
        difficulty_upgrades: int = 0,
        difficulty_downgrades: int = 0,
        boon_dice: int = 0,
        bane_dice: int = 0,
    ) -> Pool:
        """The pool of a check: characteristic and skill against a difficulty.

        The higher of characteristic and skill sets how many positive dice;
        the lower sets how many of them are Mastery Dice (ruling
        :func:`~voidref.drifters.rulings.positive_dice`). Difficulty sets the
        Trial Dice. Upgrades and downgrades then apply to either side.

        >>> Pool.for_check(4, 2, "average", boon_dice=1)
        Pool(ability=2, mastery=2, boon=1, trial=2)
        """
        check_int("characteristic", characteristic, low=1, high=10)
        check_int("skill", skill, low=0, high=10)
        level = Difficulty(check_enum("difficulty", difficulty, Difficulty))
        for name, value in (("upgrades", upgrades), ("downgrades", downgrades),
                            ("difficulty_upgrades", difficulty_upgrades),
                            ("difficulty_downgrades", difficulty_downgrades),
                            ("boon_dice", boon_dice), ("bane_dice", bane_dice)):
            check_int(name, value, low=0, high=rulings.MAX_POOL_DICE)
        ability, mastery = rulings.positive_dice(characteristic, skill)
        pool = cls(ability=ability, mastery=mastery, trial=int(level), boon=boon_dice, bane=bane_dice)
        return (pool.upgrade(upgrades).downgrade(downgrades)
                .upgrade_difficulty(difficulty_upgrades).downgrade_difficulty(difficulty_downgrades))

    @classmethod
    def parse(cls, text: str) -> Pool:
        """Read a pool such as ``"2M 2A vs 2T 1b"``, ``"4 ability, 1 trial"`` or ``"2 ability 1 mastery vs average"``.

        Letters: ``A`` Ability, ``M`` Mastery, ``B`` Boon Die, ``T`` Trial,
        ``H`` Hazard, ``b`` Bane Die. ``A``, ``M``, ``T`` and ``H`` may be
        written in either case; ``B`` (Boon) and ``b`` (Bane) may not, since
        the case is what tells them apart. Whole die names work in any case,
        singular or plural, with or without "die" or "dice" after them:
        ``"1 hazard die"``, ``"3 upgraded trial"`` (the Hazard Die),
        ``"1 upgraded ability"`` (the Mastery Die). A difficulty word
        (``easy``, ``average``, ...) adds its Trial Dice. Commas and ``+``
        only separate; "no dice" is an empty side. What :meth:`describe`
        writes reads back as the same pool. Text longer than
        :attr:`MAX_TEXT_LENGTH` characters is refused unread.

        ``vs`` parts the roller's dice from the dice against them, once: after
        it only Trial, Hazard and Bane Dice (or a difficulty) may follow, so a
        Boon Die written there, most likely a Bane Die mistyped, is refused
        rather than given to the roller. Text that names no dice at all, or
        nothing before ``vs``, is refused too (write "no dice" for an empty
        side).

        >>> Pool.parse("3 upgraded trial"), Pool.parse("1 hazard die")
        (Pool(hazard=3), Pool(hazard=1))
        >>> Pool.parse("2 ability 1 mastery vs average")
        Pool(ability=2, mastery=1, trial=2)
        >>> Pool.parse("2m 2a vs 2t 1b")
        Pool(ability=2, mastery=2, trial=2, bane=1)
        >>> Pool.parse("2 ability vs 1 tral")
        Traceback (most recent call last):
        ...
        voidref.errors.RulesError: 'pool' dice must be A, M, B, T, H, b or die names (got '2 ability vs 1 tral'; ...)
        >>> Pool.parse("2A vs 2T 1B")
        Traceback (most recent call last):
        ...
        voidref.errors.RulesError: 'pool' must list only Trial, Hazard and Bane Dice after 'vs' (got a Boon Die \
there in '2A vs 2T 1B'; a Bane Die is a lowercase b)
        >>> Pool.parse("vs")
        Traceback (most recent call last):
        ...
        voidref.errors.RulesError: 'pool' must list the roller's dice before 'vs', or 'no dice' (got 'vs')
        """
        if not isinstance(text, str):
            raise RulesError(argument="pool", expected="text such as '2M 2A vs 2T'", received=text)
        if len(text) > cls.MAX_TEXT_LENGTH:
            raise RulesError(argument="pool", expected=f"text of at most {cls.MAX_TEXT_LENGTH} characters",
                             received=text)

        def refuse(token: str, why: str = "") -> RulesError:
            return RulesError(f"'pool' must be counts and dice such as '2M 2A vs 2T' (got {describe(text)}; "
                              f"could not read {token!r}{why})", argument="pool")

        counts = {d: 0 for d in Die}
        tokens = _TOKEN.findall(text.replace(",", " ").replace("+", " "))
        after_vs = False  # reading the dice against the roller
        named = 0  # dice, difficulties and "no dice" read on the current side
        i = 0
        while i < len(tokens):
            token = tokens[i]
            low = token.lower()
            if _COUNT.fullmatch(token):
                if len(token) > 3:
                    raise refuse(token, ", too many dice")
                if i + 1 == len(tokens):
                    raise refuse(token, ", a count with no die after it")
                die, used = _read_die(tokens, i + 1)
                if die is None:
                    raise RulesError(f"'pool' dice must be A, M, B, T, H, b or die names (got {describe(text)}; "
                                     f"could not read {tokens[i + 1]!r})", argument="pool")
                if after_vs and die.positive:
                    slip = "; a Bane Die is a lowercase b" if die is Die.BOON else ""
                    raise RulesError(f"'pool' must list only Trial, Hazard and Bane Dice after 'vs' (got "
                                     f"{_a(die.label)} Die there in {describe(text)}{slip})", argument="pool")
                counts[die] += int(token)
                named += 1
                i += 1 + used
            elif low == "vs":
                if after_vs:
                    raise refuse(token, ", a second 'vs'")
                if not named:
                    raise RulesError(f"'pool' must list the roller's dice before 'vs', or 'no dice' "
                                     f"(got {describe(text)})", argument="pool")
                after_vs, named = True, 0
                i += 1
            elif low == "no" and tokens[i + 1:i + 2] in (["dice"], ["Dice"]):  # an empty side, as describe() writes it
                named += 1
                i += 2
            elif low.upper() in Difficulty.__members__:
                counts[Die.TRIAL] += int(Difficulty[low.upper()])
                named += 1
                i += 1
            else:
                raise refuse(token, ", a die needs a count before it" if _read_die(tokens, i)[0] else "")
        if not named:
            if after_vs:
                raise RulesError(f"'pool' must list the dice after 'vs', or 'no dice' (got {describe(text)})",
                                 argument="pool")
            raise RulesError(argument="pool", expected="dice such as '2M 2A vs 2T', or 'no dice'", received=text)
        return cls(**{d.value: n for d, n in counts.items()})

    def count(self, die: Die) -> int:
        """How many of *die* the pool holds."""
        return getattr(self, check_enum("die", die, Die).value)

    @property
    def size(self) -> int:
        """How many dice in all."""
        return sum(getattr(self, f.name) for f in fields(self))

    def add(self, die: Die | str, n: int = 1) -> Pool:
        """A copy with *n* more of *die* (``pool.add(Die.BANE)``)."""
        die = check_enum("die", die, Die)
        check_int("n", n, low=0, high=rulings.MAX_POOL_DICE)
        return self._with(**{die.value: self.count(die) + n})

    def _with(self, **changes: int) -> Pool:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return Pool(**values)

    def upgrade(self, n: int = 1) -> Pool:
        """Upgrade the positive side *n* times: Ability becomes Mastery.

        With no Ability Die left, an upgrade adds one Ability Die instead
        (:data:`~voidref.drifters.rulings.UPGRADE_WITH_NO_PLAIN_DIE`).

        >>> Pool(ability=1).upgrade(2)
        Pool(ability=1, mastery=1)
        """
        check_int("upgrades", n, low=0, high=rulings.MAX_POOL_DICE)
        a, m = _upgrade(self.ability, self.mastery, n)
        return self._with(ability=a, mastery=m)

    def downgrade(self, n: int = 1) -> Pool:
        """Downgrade the positive side *n* times: Mastery becomes Ability (none left: no effect)."""
        check_int("downgrades", n, low=0, high=rulings.MAX_POOL_DICE)
        a, m = _downgrade(self.ability, self.mastery, n)
        return self._with(ability=a, mastery=m)

    def upgrade_difficulty(self, n: int = 1) -> Pool:
        """Upgrade the difficulty *n* times: Trial becomes Hazard (none left: add a Trial Die)."""
        check_int("difficulty_upgrades", n, low=0, high=rulings.MAX_POOL_DICE)
        t, h = _upgrade(self.trial, self.hazard, n)
        return self._with(trial=t, hazard=h)

    def downgrade_difficulty(self, n: int = 1) -> Pool:
        """Downgrade the difficulty *n* times: Hazard becomes Trial (none left: no effect)."""
        check_int("difficulty_downgrades", n, low=0, high=rulings.MAX_POOL_DICE)
        t, h = _downgrade(self.trial, self.hazard, n)
        return self._with(trial=t, hazard=h)

    # -- reading ----------------------------------------------------------
    def describe(self) -> str:
        """The pool in words: ``'2 Mastery + 2 Ability vs 2 Trial + 1 Bane'``."""
        def side(dice: tuple[Die, ...]) -> str:
            parts = [f"{self.count(d)} {d.label}" for d in dice if self.count(d)]
            return " + ".join(parts) if parts else "no dice"
        return f"{side((Die.MASTERY, Die.ABILITY, Die.BOON))} vs {side((Die.HAZARD, Die.TRIAL, Die.BANE))}"

    def dice(self) -> tuple[Die, ...]:
        """Every die in the pool, one entry per die."""
        return tuple(d for d in Die for _ in range(self.count(d)))

    # -- rolling ----------------------------------------------------------
    def roll(self, seed: int | None = None, rng: random.Random | None = None) -> Roll:
        """Roll the pool. The same *seed* always gives the same roll.

        >>> Pool(ability=2, trial=1).roll(seed=7) == Pool(ability=2, trial=1).roll(seed=7)
        True
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(argument="seed", expected="an integer or None", received=seed)
        if rng is not None:
            check_rng("rng", rng)
        else:
            rng = random.Random(seed)
        return Roll(self, tuple((d, rng.choice(d.faces)) for d in self.dice()))

    # -- exact odds -------------------------------------------------------
    # Every answer below is remembered for the pool (see _remember), so asking
    # again, or asking a question a remembered answer already holds, is cheap.
    def distribution(self) -> Dist:
        """The exact joint distribution of the check's :class:`CheckOutcome`.

        It counts every Breakthrough and Calamity, so for large pools it is
        large (20 Mastery against 20 Hazard Dice have 620,781 outcomes).
        Most questions need far less: see :meth:`reduced`.

        >>> d = Pool(ability=1).distribution()
        >>> d[CheckOutcome(successes=1, boons=0, breakthroughs=0, calamities=0)]
        Fraction(1, 4)
        """
        return _remember((self, _FULL), lambda: Dist.from_counts(*joint_counts({d: self.count(d) for d in Die})))

    def reduced(self, *, successes: bool = False, boons: bool = False,
                breakthroughs: bool = False, calamities: bool = False) -> Dist:
        """The distribution of only the parts of the outcome a question reads.

        Name the parts you need. Each is a :class:`CheckOutcome` field; a part
        left out reads 0, and ``breakthroughs`` and ``calamities`` read 1 when
        at least one came up (0 when none did), not how many. The answer is
        what :meth:`distribution` gives once each outcome is cut down that
        way, but it is computed on only the parts named, so it stays small
        and quick for any pool.

        >>> pool = Pool(mastery=2, hazard=1)
        >>> odds = pool.reduced(successes=True, breakthroughs=True)
        >>> odds[CheckOutcome(successes=2, boons=0, breakthroughs=1, calamities=0)]
        Fraction(25, 576)
        >>> odds == pool.distribution().map(lambda o: CheckOutcome(o.successes, 0, min(o.breakthroughs, 1), 0))
        True
        """
        keep = (successes, boons, breakthroughs, calamities)
        for name, value in zip(CheckOutcome._fields, keep):
            if not isinstance(value, bool):
                raise RulesError(f"{name!r} must be True or False (got {describe(value)})", argument=name)
        return _remember((self, keep), lambda: _reduce(self, keep))

    def chance_of_success(self) -> Fraction:
        """The exact chance of at least one net Success.

        It reads net Successes alone, so even the largest pool answers at once:

        >>> Pool(ability=4, trial=1).chance_of_success()
        Fraction(853, 1024)
        >>> f"{float(Pool(mastery=20, hazard=20).chance_of_success()):.4f}"
        '0.6043'
        """
        return self.reduced(successes=True).prob(lambda o: o.successes >= 1)

    def net_successes(self) -> Dist:
        """The exact distribution of net Successes alone (negative: net Failures).

        >>> Pool(ability=1, trial=1).net_successes()[1]
        Fraction(17, 64)
        """
        return self.reduced(successes=True).map(lambda o: o.successes)

    def net_boons(self) -> Dist:
        """The exact distribution of net Boons alone (negative: net Banes).

        >>> Pool(boon=1).net_boons()
        Dist({0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)})
        """
        return self.reduced(boons=True).map(lambda o: o.boons)

    def chance_of_breakthrough(self) -> Fraction:
        """The exact chance that at least one Breakthrough comes up.

        >>> Pool(mastery=2).chance_of_breakthrough()
        Fraction(23, 144)
        """
        return self.reduced(breakthroughs=True)[CheckOutcome(0, 0, 1, 0)]

    def chance_of_calamity(self) -> Fraction:
        """The exact chance that at least one Calamity comes up.

        >>> Pool(hazard=1, trial=3).chance_of_calamity()
        Fraction(1, 12)
        """
        return self.reduced(calamities=True)[CheckOutcome(0, 0, 0, 1)]


def _upgrade(plain: int, upgraded: int, n: int) -> tuple[int, int]:
    for _ in range(n):
        if plain:
            plain, upgraded = plain - 1, upgraded + 1
        else:
            plain += 1
    return plain, upgraded


def _downgrade(plain: int, upgraded: int, n: int) -> tuple[int, int]:
    moved = min(n, upgraded)
    return plain + moved, upgraded - moved


# -- answers that read only part of the outcome ------------------------------
#
# A question that reads k of the four parts of the outcome is answered on
# those parts alone: each die's faces are projected onto the axes asked for
# (net Successes, net Boons, both or neither) and the projections multiplied
# (voidref.drifters._packing). "At least one Breakthrough" is not a count but
# a yes/no: the pool with its Breakthrough faces removed counts the rolls
# with none, and all rolls less those count the rolls with at least one. With
# both flags asked for, inclusion and exclusion over the four pools (nothing
# removed, Breakthroughs removed, Calamities removed, both removed) gives the
# count of each yes/no pair. So a question costs one grid per flag pattern,
# of at most 81 by 81 points for 40 dice, never the full four-way joint.

_FULL = "every count"  # the cache key of distribution(), beside the keep-tuples of reduced()
_FLAGS = (2, 3)  # the Face / CheckOutcome positions read as yes/no: breakthroughs, calamities


def _reduced_counts(pool: Pool, keep: tuple[bool, ...]) -> tuple[dict[CheckOutcome, int], int]:
    """Counts of each reduced outcome (see :meth:`Pool.reduced`) and the number of rolls."""
    dice = [(d.faces, pool.count(d)) for d in Die if pool.count(d)]
    axes = [i for i in (0, 1) if keep[i]]
    flags = [i for i in _FLAGS if keep[i]]
    new = tuple.__new__
    counts = flagged_counts(dice, axes, flags, functools.partial(new, CheckOutcome), 4)
    return counts, math.prod(d.sides ** pool.count(d) for d in Die)


def _reduce(pool: Pool, keep: tuple[bool, ...]) -> Dist:
    """:meth:`Pool.reduced`, taken from a remembered finer answer when that is cheaper than counting."""
    # Counting costs about three times as much per grid point and flag
    # pattern as reading one remembered outcome does (measured on 40 dice).
    spread = [1 + sum((max(f[a] for f in d.faces) - min(f[a] for f in d.faces)) * pool.count(d) for d in Die)
              for a in (0, 1)]  # how many values net Successes, net Boons can take
    flags = sum(keep[i] for i in _FLAGS)
    cost = 3 * 2 ** flags * math.prod(spread[a] for a in (0, 1) if keep[a])
    finer = [_MEMO.peek((pool, k)) for k in _finer_keys(keep)]
    known = [d for d in finer if d is not None and len(d) <= cost]
    if known:
        def cut(o: CheckOutcome) -> CheckOutcome:
            return CheckOutcome(o[0] if keep[0] else 0, o[1] if keep[1] else 0,
                                min(o[2], 1) if keep[2] else 0, min(o[3], 1) if keep[3] else 0)
        return min(known, key=len).map(cut)
    return Dist.from_counts(*_reduced_counts(pool, keep))


def _finer_keys(keep: tuple[bool, ...]) -> list[object]:
    """Cache keys of answers that hold *keep*'s answer: the full joint and every reduction reading more."""
    more = [k for k in itertools.product((False, True), repeat=4)
            if k != keep and all(k[i] or not keep[i] for i in range(4))]
    return [_FULL, *more]


#: Up to a million outcomes (one full joint of 40 dice fits) across 256 answers.
_MEMO = Memo(limit=1_000_000, items=256)


def _remember(key: tuple, compute: Callable[[], Dist]) -> Dist:
    return _MEMO.get(key, compute)
