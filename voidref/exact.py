"""Exact probability distributions as fractions.

A :class:`Dist` maps each outcome to its exact probability, a
:class:`fractions.Fraction`. The probabilities of a ``Dist`` always sum to
exactly 1. Floats never appear inside the engine; use :meth:`Dist.percent` or
:func:`voidref.present.percent` only when presenting a number.

>>> d6 = Dist.die(6)
>>> two = d6 + d6
>>> two[7]
Fraction(1, 6)
>>> two.prob(lambda total: total >= 10)
Fraction(1, 6)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Generic, TypeVar, cast

from voidref.errors import RulesError, check_int, describe
from voidref.present import _shown, percent, percent_cell

__all__ = ["Dist", "percent", "percent_cell"]

#: The type of a distribution's outcomes: any hashable value (``Dist[int]`` for a die).
T = TypeVar("T", bound=Hashable)
#: The type of the outcomes of a distribution built from another (by :meth:`Dist.map`, say).
U = TypeVar("U", bound=Hashable)


def _exact(name: str, outcome: Hashable, q: Any) -> Fraction:
    """*q* as a non-negative Fraction, refusing floats (already rounded) and anything else."""
    if isinstance(q, bool) or not isinstance(q, (int, Fraction)):
        raise RulesError(f"{name!r} must be non-negative integers or Fractions (got {describe(q)} for "
                         f"{describe(outcome)})", argument=name)
    if q < 0:
        raise RulesError(f"{name!r} must not be negative (got {_shown(q)} for {describe(outcome)})", argument=name)
    return Fraction(q)


def _function(name: str, f: Any) -> None:
    """Refuse an *f* that cannot be called with the outcome."""
    if not callable(f):
        raise RulesError(argument=name, expected="a function of the outcome", received=f)


def _listed(name: str, values: Any, what: str) -> list[Any]:
    """*values* as a list; anything that cannot be iterated (a number, ``None``) is refused naming *name*."""
    if isinstance(values, Iterable):
        return list(values)
    raise RulesError(argument=name, expected=what, received=values)


class Dist(Mapping[T, Fraction], Generic[T]):
    """An immutable, exact probability distribution over hashable outcomes.

    Build one from exact probabilities (``Dist({"hit": Fraction(1, 3), "miss":
    Fraction(2, 3)})``), or with :meth:`from_weights`, :meth:`from_counts`,
    :meth:`uniform`, :meth:`die` or :meth:`always`; combine with :meth:`map`,
    :meth:`combine`, :meth:`bind`, ``+`` and :meth:`sum_of`. Outcomes with
    probability 0 are dropped. Two distributions are equal when they give every
    outcome the same probability, and equal distributions hash alike.

    Probabilities and weights must be exact, integers or
    :class:`~fractions.Fraction` values; a float is refused, since it has already
    been rounded:

    >>> Dist.from_weights({"hit": 0.5, "miss": 0.5})
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'weights' must be non-negative integers or Fractions (got 0.5 for 'hit')
    """

    __slots__ = ("_w", "_total")
    _w: dict[Any, int]  # outcome -> integer weight, in outcome order
    _total: int  # the weights' sum: P(outcome) = weight / total

    def __init__(self, probabilities: Mapping[T, Fraction | int]):
        if not isinstance(probabilities, Mapping):
            raise RulesError(f"'probabilities' must be a mapping of outcome to probability"
                             f" (got {describe(probabilities)})",
                             argument="probabilities")
        fracs: dict[T, Fraction] = {}
        for outcome, q in probabilities.items():
            fracs[outcome] = fracs.get(outcome, Fraction(0)) + _exact("probabilities", outcome, q)
        total = sum(fracs.values(), Fraction(0))
        if total != 1:
            raise RulesError(f"'probabilities' must sum to exactly 1 (got {total})", argument="probabilities")
        denominator = math.lcm(*(q.denominator for q in fracs.values()))
        self._w = _sorted({o: q.numerator * (denominator // q.denominator) for o, q in fracs.items() if q})
        self._total = denominator

    # -- constructors -------------------------------------------------
    @classmethod
    def from_weights(
        cls, weights: Mapping[U, int | Fraction] | Iterable[tuple[U, int | Fraction]]
    ) -> Dist[U]:
        """Normalise non-negative integer or Fraction weights into a distribution.

        Weights may come as a mapping or as ``(outcome, weight)`` pairs; repeated
        outcomes add up. Floats are refused (see the class docstring).

        >>> Dist.from_weights([("hit", 1), ("miss", 2), ("hit", 1)])
        Dist({'hit': Fraction(1, 2), 'miss': Fraction(1, 2)})
        >>> Dist.from_weights({"hit": Fraction(1, 2), "miss": Fraction(3, 2)})["hit"]
        Fraction(1, 4)
        """
        items = (list(weights.items()) if isinstance(weights, Mapping)
                 else _listed("weights", weights, "a mapping or (outcome, weight) pairs"))
        acc: dict[U, Fraction] = {}
        for item in items:
            if isinstance(item, str) or not isinstance(item, (tuple, list)) or len(item) != 2:
                raise RulesError(argument="weights", expected="(outcome, weight) pairs", received=item)
            outcome, w = item
            acc[outcome] = acc.get(outcome, Fraction(0)) + _exact("weights", outcome, w)
        if sum(acc.values()) <= 0:
            raise RulesError("'weights' must have a positive total (got 0)", argument="weights")
        scale = math.lcm(*(w.denominator for w in acc.values()))
        return cls._make({o: w.numerator * (scale // w.denominator) for o, w in acc.items()})

    @classmethod
    def from_counts(cls, counts: Mapping[U, int], total: int | None = None) -> Dist[U]:
        """A distribution from integer counts: ``P(outcome) = counts[outcome] / total``.

        *total*, if given, must equal the sum of the counts (the engine often
        knows it already, ``6**n`` for *n* dice); it defaults to that sum.
        Probabilities are made into fractions only when asked for.

        >>> Dist.from_counts({"six": 1, "other": 5}, 6)["six"]
        Fraction(1, 6)
        >>> Dist.from_counts({"six": 1, "other": 4}, 6)
        Traceback (most recent call last):
        ...
        voidref.errors.RulesError: 'total' must equal the sum of the counts, 5 (got 6)
        """
        if not isinstance(counts, Mapping):
            raise RulesError(f"'counts' must be a mapping of outcome to count"
                             f" (got {describe(counts)})", argument="counts")
        for outcome, c in counts.items():
            if isinstance(c, bool) or not isinstance(c, int) or c < 0:
                raise RulesError(f"'counts' must be non-negative integers (got {describe(c)} for "
                                 f"{describe(outcome)})", argument="counts")
        size = sum(counts.values())
        if size <= 0:
            raise RulesError("'counts' must have a positive total (got 0)", argument="counts")
        if total is not None and (isinstance(total, bool) or total != size):
            raise RulesError(f"'total' must equal the sum of the counts, {size}"
                             f" (got {describe(total)})", argument="total")
        return cls._make(counts, size)

    @classmethod
    def _make(cls, counts: Mapping[U, int], total: int | None = None) -> Dist[U]:
        """The unchecked constructor behind every public one (counts already valid, summing to *total*)."""
        self = cast("Dist[U]", object.__new__(cls))
        w = {o: c for o, c in counts.items() if c}
        self._w = _sorted(w)
        self._total = sum(w.values()) if total is None else total
        return self

    @classmethod
    def uniform(cls, outcomes: Iterable[U]) -> Dist[U]:
        """Each listed outcome equally likely (repeats count more than once)."""
        outs = _listed("outcomes", outcomes, "a list of outcomes")
        if not outs:
            raise RulesError("'outcomes' must not be empty (got no outcomes)", argument="outcomes")
        return cls.from_weights([(o, 1) for o in outs])

    @classmethod
    def die(cls, sides: int) -> Dist[int]:
        """A fair die numbered 1 to *sides*."""
        check_int("sides", sides, low=1, high=1000)
        return cls.uniform(range(1, sides + 1))

    @classmethod
    def always(cls, outcome: U) -> Dist[U]:
        """The outcome that happens with certainty."""
        if not isinstance(outcome, Hashable):
            raise RulesError(argument="outcome", expected="a hashable value (not a list or a dict)", received=outcome)
        return cls._make({outcome: 1}, 1)

    # -- mapping protocol ---------------------------------------------
    def __getitem__(self, outcome: object) -> Fraction:
        return Fraction(self._w.get(outcome, 0), self._total)

    def __iter__(self) -> Iterator[T]:
        return iter(self._w)

    def __len__(self) -> int:
        return len(self._w)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._w

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dist):
            return self._w.keys() == other._w.keys() and all(
                c * other._total == other._w[o] * self._total for o, c in self._w.items()
            )
        return NotImplemented

    def __hash__(self) -> int:
        # order-free, like __eq__: outcomes that do not sort (sets, say) keep insertion order
        return hash(frozenset((o, Fraction(c, self._total)) for o, c in self._w.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{o!r}: {_frac_repr(self[o])}" for o in self._w)
        return f"Dist({{{inner}}})"

    # -- queries ------------------------------------------------------
    def prob(self, predicate: Callable[[T], object]) -> Fraction:
        """The exact chance that *predicate* holds for the outcome."""
        _function("predicate", predicate)
        return Fraction(sum(c for o, c in self._w.items() if predicate(o)), self._total)

    def mean(self, value: Callable[[T], Any] | None = None) -> Fraction:
        """The exact expected value of the outcome (or of ``value(outcome)``)."""
        if value is not None:
            _function("value", value)
        f: Callable[[T], Any] = value or _identity
        return sum((Fraction(f(o)) * c for o, c in self._w.items()), Fraction(0)) / self._total

    def probabilities(self) -> dict[T, Fraction]:
        """Every outcome with its exact probability, in outcome order."""
        return {o: Fraction(c, self._total) for o, c in self._w.items()}

    def counts(self) -> tuple[dict[T, int], int]:
        """Integer weights and their total: ``P(o) = counts[o] / total``."""
        return dict(self._w), self._total

    def percent(self, predicate: Callable[[T], object], places: int = 1) -> str:
        """:meth:`prob` formatted as a percentage for display."""
        check_int("places", places, low=0, high=12)
        return percent(self.prob(predicate), places)

    # -- combinators --------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``f(outcome)``."""
        _function("f", f)
        acc: dict[U, int] = {}
        for o, c in self._w.items():
            k = f(o)
            acc[k] = acc.get(k, 0) + c
        return Dist._make(acc, self._total)

    def combine(self, other: Dist[Any], f: Callable[[T, Any], U]) -> Dist[U]:
        """The distribution of ``f(a, b)`` for independent *a* from self and *b* from *other*."""
        if not isinstance(other, Dist):
            raise RulesError(argument="other", expected="a Dist", received=other)
        _function("f", f)
        acc: dict[U, int] = {}
        for a, p in self._w.items():
            for b, q in other._w.items():
                k = f(a, b)
                acc[k] = acc.get(k, 0) + p * q
        return Dist._make(acc, self._total * other._total)

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """Chain a step that depends on the outcome: the mixture of ``f(outcome)``."""
        _function("f", f)
        parts = [(p, f(o)) for o, p in self._w.items()]
        for _, d in parts:
            if not isinstance(d, Dist):
                raise RulesError(argument="f", expected="a function giving a Dist for each outcome", received=d)
        denominator = math.lcm(*(d._total for _, d in parts))
        acc: dict[U, int] = {}
        for p, d in parts:
            scale = p * (denominator // d._total)
            for k, q in d._w.items():
                acc[k] = acc.get(k, 0) + scale * q
        return Dist._make(acc, self._total * denominator)

    def __add__(self, other: Dist[Any] | int) -> Dist[Any]:
        if isinstance(other, Dist):
            return self.combine(other, _plus)
        if isinstance(other, int):
            return self.map(lambda a: _plus(a, other))
        return NotImplemented

    __radd__ = __add__

    @classmethod
    def sum_of(cls, dists: Iterable[Dist[Any]]) -> Dist[Any]:
        """The distribution of the sum of independent outcomes (0 for none)."""
        out = cls.always(0)
        for d in _listed("dists", dists, "a list of Dist values"):
            if isinstance(d, bool) or not isinstance(d, (Dist, int)):
                raise RulesError(argument="dists", expected="a list of Dist values", received=d)
            out = out + d
        return out

    def repeat_sum(self, n: int) -> Dist[Any]:
        """The sum of *n* independent copies (``Dist.die(6).repeat_sum(3)`` is 3d6)."""
        check_int("n", n, low=0, high=10_000)
        if n > 1 and all(type(o) is int for o in self._w):
            return self._int_power(n)
        return Dist.sum_of([self] * n)

    def _int_power(self, n: int) -> Dist[int]:
        """:meth:`repeat_sum` of whole-number outcomes, the same counts, as one big-integer power.

        The counts are packed as the digits of one integer in base ``2**width``
        (a slot per outcome from the lowest, wide enough for any count of the
        sum, as no count exceeds ``total**n``), so its *n*-th power holds the
        counts of the sum, unpacked straight into the outcomes.
        """
        low = min(self._w)
        width = ((self._total ** n).bit_length() + 8) // 8  # bytes a slot, one count each
        packed = 0
        for o, c in self._w.items():
            packed |= c << (8 * width * (o - low))
        raw = (packed ** n).to_bytes(width * (n * (max(self._w) - low) + 1), "little")
        acc: dict[int, int] = {}
        for k in range(0, len(raw), width):
            c = int.from_bytes(raw[k:k + width], "little")
            if c:
                acc[n * low + k // width] = c
        return Dist._make(acc, self._total ** n)


def _frac_repr(q: Fraction) -> str:
    return f"Fraction({q.numerator}, {q.denominator})"


def _sorted(p: dict[U, int]) -> dict[U, int]:
    """Order outcomes naturally when they compare, else by their repr."""
    try:
        return dict(sorted(p.items(), key=_outcome))
    except TypeError:
        return dict(sorted(p.items(), key=lambda item: repr(item[0])))


def _outcome(item: tuple[Hashable, int]) -> Any:
    """Sort key: the outcome itself (typed Any: whether it sorts is found out at run time)."""
    return item[0]


def _identity(outcome: Any) -> Any:
    return outcome


def _plus(a: Any, b: Any) -> Any:
    return a + b
