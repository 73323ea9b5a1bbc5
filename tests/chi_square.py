"""Chi-square goodness of fit of rolled outcomes against an exact distribution, standard library only.

The dice roller's tests roll many times from a seeded source, count each
outcome, and ask whether the counts could come from the engine's exact odds:

>>> from fractions import Fraction
>>> fit = goodness_of_fit({"heads": 5_030, "tails": 4_970}, {"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
>>> fit.df, round(fit.statistic, 2), round(fit.p, 3)
(1, 0.36, 0.549)

:func:`upper_tail` is the p-value of a statistic: the chance that a
chi-square variable with *df* degrees of freedom is at least that large,
which is the regularized upper incomplete gamma function Q(df/2, x/2).
:class:`LoadedRandom` is a die that favours its top face, for checking that
a test catches an unfair source; :func:`dice_source` gives the property
tests a seeded source or one whose every face Hypothesis picks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

__all__ = ["Fit", "goodness_of_fit", "upper_tail", "LoadedRandom", "DrawnDice", "dice_source", "SMALLEST_EXPECTED"]

SMALLEST_EXPECTED = 5
"""Bins expected to hold fewer rolls than this are merged (the usual rule of thumb for the chi-square test)."""

_EPSILON = 1e-15
_TINY = 1e-300
_MOST_STEPS = 10_000


def upper_tail(statistic: float, df: int) -> float:
    """P(X >= *statistic*) for X chi-square with *df* degrees of freedom: Q(df/2, statistic/2).

    Below ``a + 1`` (with ``a = df/2``) the lower function P comes from its power
    series and Q = 1 - P; above it, Q comes straight from its continued fraction
    (evaluated by the modified Lentz method), which converges fast there.

    >>> round(upper_tail(3.841458820694124, 1), 6), round(upper_tail(11.070497693516351, 5), 6)
    (0.05, 0.05)
    >>> upper_tail(0.0, 3)
    1.0
    """
    if df < 1:
        raise ValueError(f"df must be at least 1 (got {df})")
    if statistic <= 0:
        return 1.0
    if math.isinf(statistic):
        return 0.0
    a, x = df / 2, statistic / 2
    log_front = -x + a * math.log(x) - math.lgamma(a)  # log of e^-x x^a / Gamma(a)
    if x < a + 1:
        term = total = 1 / a
        for n in range(1, _MOST_STEPS):
            term *= x / (a + n)
            total += term
            if abs(term) < abs(total) * _EPSILON:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, _MOST_STEPS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < _EPSILON:
            break
    return math.exp(log_front) * h


@dataclass(frozen=True)
class Fit:
    """The outcome of :func:`goodness_of_fit`: the statistic, its degrees of freedom and its p-value."""

    statistic: float
    df: int
    p: float
    bins: int
    """How many bins were compared after merging the small ones (``df + 1``)."""


def goodness_of_fit(observed: Mapping[Hashable, int], expected: Mapping[Hashable, Fraction | float],
                    smallest: float = SMALLEST_EXPECTED) -> Fit:
    """Pearson's chi-square test of the *observed* counts against the probabilities *expected* (a ``Dist`` will do).

    Outcomes expected fewer than *smallest* times are pooled, the least likely
    first, until each pool reaches *smallest* (a pool still short at the end
    joins the last full one); the grouping depends only on *expected*, so the
    test stays valid. An observed outcome that *expected* gives no chance
    makes the fit fail outright (infinite statistic, p = 0).
    """
    n = sum(observed.values())
    if n <= 0:
        raise ValueError("no rolls were counted")
    if any(count and not expected.get(outcome, 0) for outcome, count in observed.items()):
        return Fit(math.inf, max(1, len(expected) - 1), 0.0, len(expected))
    ordered = sorted((o for o in expected if expected[o]), key=lambda o: (expected[o], repr(o)))
    bins: list[list[Hashable]] = []
    pool: list[Hashable] = []
    for outcome in ordered:
        pool.append(outcome)
        if n * sum(float(expected[o]) for o in pool) >= smallest:
            bins.append(pool)
            pool = []
    if pool:
        if not bins:
            raise ValueError(f"too few rolls ({n}) for any bin to be expected {smallest} times")
        bins[-1].extend(pool)
    if len(bins) < 2:
        raise ValueError("the outcomes make a single bin: there is nothing to test")
    statistic = 0.0
    for group in bins:
        want = n * sum(float(expected[o]) for o in group)
        got = sum(observed.get(o, 0) for o in group)
        statistic += (got - want) ** 2 / want
    df = len(bins) - 1
    return Fit(statistic, df, upper_tail(statistic, df), len(bins))


class LoadedRandom(random.Random):
    """A seeded source whose dice land on their top face more often than they should.

    With chance *bias* a ``randint(a, b)`` gives *b*; otherwise it is fair. A
    chi-square test of a roller should reject the dice this source throws:
    that is how each test shows it can fail. *pattern* says which draws are
    loaded, cycling over the calls of ``randint``: ``(False, False, True, True)``
    loads the third and fourth of every four (one side's 2D in an exchange
    that draws two dice a side), where loading every die alike would leave a
    contest between two sides unchanged.
    """

    def __init__(self, seed: int, bias: float = 0.05, pattern: tuple[bool, ...] = (True,)) -> None:
        super().__init__(seed)
        self.bias = bias
        self.pattern = pattern
        self.draws = 0

    def randint(self, a: int, b: int) -> int:
        loaded = self.pattern[self.draws % len(self.pattern)]
        self.draws += 1
        if loaded and self.random() < self.bias:
            return b
        return super().randint(a, b)


class DrawnDice(random.Random):
    """A source whose every die (and every ``choice``) Hypothesis picks as the roll asks for it.

    A seed reaches a rare roll (three 6s: once in 216) only by luck. Here
    Hypothesis first picks how the dice fall: every die on its highest face,
    every die on its lowest, or each die free (but on an end face half the
    time), so the rolls the rules single out (a natural 18 or 3, all 6s, a
    critical d4 of 4) come up often, and a failure shrinks to the faces that
    cause it.
    """

    def __init__(self, data: Any) -> None:
        super().__init__(0)
        self.data = data
        self.fall = data.draw(st.sampled_from(("free", "highest", "lowest")), label="how the dice fall")

    def randint(self, a: int, b: int) -> int:
        if self.fall == "highest":
            return b
        if self.fall == "lowest":
            return a
        return self.data.draw(st.sampled_from((a, b)) | st.integers(a, b))

    def choice(self, seq: Any) -> Any:
        return self.data.draw(st.sampled_from(seq))


def dice_source(data: Any) -> random.Random:
    """For a property test given ``st.data()``: a ``random.Random`` of a drawn seed, or :class:`DrawnDice`."""
    if data.draw(st.booleans(), label="faces picked by Hypothesis"):
        return DrawnDice(data)
    return random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
