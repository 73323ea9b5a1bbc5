"""How a whole engagement is answered in time: which method, and each number as far as it is known.

A question about a whole engagement can be answered four ways, fastest first;
:func:`answer_engagement` takes the first that settles every number shown:

1. the floating-point walk with a proven error bound
   (:func:`~voidref.upper_hand.odds.engagement_bounds`): a number is shown when
   both ends of its bounds print alike, so what prints is the exact value's
   print (method :attr:`Method.DIGITS`);
2. the exact fractions (:func:`~voidref.upper_hand.odds.engagement_odds`),
   when the chain is small: before the walk (:data:`EXACT_FRACTIONS_LIMIT`),
   or once the walk has found it so (:data:`EXACT_AFTER_WALK`), since a value
   exactly on a rounding step needs a small denominator (method
   :attr:`Method.EXACT`);
3. for a bigger chain, a value its bounds leave unsettled printed with one
   more decimal, which they always settle: the bounds are about 1e-10 apart,
   and every step of the finer rounding sits half a finer unit from every
   step of the coarser one (method :attr:`Method.DIGITS`);
4. only when the walk cannot vouch for its bounds (a chance small enough to
   underflow a float) or the chain needs more than *max_work* units, a
   seeded simulation of :data:`TRIALS` engagements (:attr:`Method.SIMULATION`).

How a number prints is the caller's (the one percent rule lives in the
presentation layer), given as two functions: ``chance_text(p, places)`` and
``number_text(x, places)``, each never decreasing as its argument grows.

>>> from voidref.upper_hand import Ship
>>> def show(x, places):
...     return f"{float(x) * 100:.{places}f}"
>>> ans = answer_engagement(Ship("me", players=True), Ship("them"), "jump", "dock", chance_text=show,
...                         number_text=show)
>>> ans.method, ans.win_a.places
(Method.DIGITS, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, TooLargeError, check_bool, check_enum, check_int, describe
from voidref.kinds import Kind
from voidref.upper_hand.goals import Ending, Finish, Goal
from voidref.upper_hand.odds import MAX_CHAIN_WORK, EngagementBounds, EngagementOdds, engagement_bounds, engagement_odds
from voidref.upper_hand.rulings import MAX_RANK, STANDARD, Rulings
from voidref.upper_hand.ships import Ship, Side
from voidref.upper_hand.simulation import SimulatedOdds, simulate_engagement

__all__ = ["Method", "Known", "EngagementAnswer", "answer_engagement", "settled_places", "TRIALS",
           "EXACT_WORK_LIMIT", "EXACT_FRACTIONS_LIMIT", "EXACT_AFTER_WALK"]

TRIALS = 1000
"""Engagements simulated when the exact chain is too big."""
EXACT_WORK_LIMIT = 600_000
"""The exact chain's work bound for the site's calculator, past which it simulates. Every players' ship against
an NPC ship its form accepts (4,374 levels at most, times 11 x 11 shot results) is walked within it, in well under
a second in the browser; a simulation of :data:`TRIALS` engagements takes longer."""
EXACT_FRACTIONS_LIMIT = 15_000
"""The exact fractions, needed when the bounds leave a printed digit unsettled (or without bounds), are worked
out for chains this small before any walk (:func:`~voidref.upper_hand.odds.engagement_odds`' *max_work*: half a
second in CPython at most); they take a minute for the largest. See also :data:`EXACT_AFTER_WALK`."""
EXACT_AFTER_WALK = 50_000
"""A chain the floating-point walk found this small (its
``operations``) has its exact fractions worked out when the bounds
leave a digit unsettled, whatever its size before the walk: a chance or a mean that is exactly on a rounding step
(such as 13/8 rounds, or 1/16) comes from a small chain, and over 973 random forms with chains this small the exact
walk took at most 23 ms in CPython. A bigger chain prints the unsettled value with one more decimal instead."""

CHANCE_PLACES = 1
"""Decimals a chance is shown to (of its percentage), unless one more is needed to settle it."""
NUMBER_PLACES = 2
"""Decimals the expected rounds are shown to, unless one more is needed."""

Show = Callable[[Fraction, int], str]
"""How the caller prints a number to so many decimals."""


class Method(Kind):
    """How an engagement's numbers were found."""

    EXACT = "exact"
    """The exact fractions of the whole chain."""
    DIGITS = "exact to the digits shown"
    """Proven bounds from the floating-point walk, each number printed as its exact value would be."""
    SIMULATION = "simulation"
    """Estimates from a seeded simulation, with their margin of error."""


@dataclass(frozen=True)
class Known:
    """One number of an answer: the least and greatest it can be (equal when exact) and the decimals it is
    shown to (both ends, and so the exact value, print alike with them)."""

    low: Fraction
    high: Fraction
    places: int

    def __post_init__(self) -> None:
        for name in ("low", "high"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
                raise RulesError(argument=name, expected="an exact number (a Fraction)", received=value)
            object.__setattr__(self, name, Fraction(value))
        if self.high < self.low:
            raise RulesError(argument="high", expected=f"at least low, {describe(self.low)}", received=self.high)
        check_int("places", self.places, low=0, high=12)

    @property
    def exact(self) -> bool:
        """Whether the number itself is known (not only bounds that print alike)."""
        return self.low == self.high


@dataclass(frozen=True)
class EngagementAnswer:
    """A whole engagement's answer: the method, then each outcome's chance, each side's win, the stalemate and
    the expected rounds (``None`` when a stalemate is possible); for a simulation, its estimates instead."""

    method: Method
    outcomes: Mapping[Finish, Known]
    win_a: Known | None
    win_b: Known | None
    stalemate: Known | None
    expected_rounds: Known | None
    simulated: SimulatedOdds | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", check_enum("method", self.method, Method))
        if not isinstance(self.outcomes, Mapping) or not all(
                isinstance(f, Finish) and isinstance(k, Known) for f, k in self.outcomes.items()):
            raise RulesError(argument="outcomes", expected="a mapping of Finish to Known", received=self.outcomes)
        for name in ("win_a", "win_b", "stalemate", "expected_rounds"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Known):
                raise RulesError(argument=name, expected="a Known or None", received=value)
        if (self.simulated is None) == (self.method is Method.SIMULATION) or (
                self.simulated is not None and not isinstance(self.simulated, SimulatedOdds)):
            raise RulesError(argument="simulated", expected="SimulatedOdds exactly for the simulation method",
                             received=self.simulated)


def settled_places(low: Fraction, high: Fraction, show: Show, usual: int, finer: bool) -> int | None:
    """The decimals with which *show* prints *low* and *high* alike: *usual*, or one more when *finer*; else ``None``.

    *show* must never decrease as its argument grows (rounding to a fixed
    number of digits never does), so equal ends mean the whole interval,
    the exact value included, prints the same.

    >>> def show(x, places):
    ...     return f"{float(x) * 100:.{places}f}"
    >>> low, high = Fraction(2645, 10000) - Fraction(1, 10**12), Fraction(2645, 10000) + Fraction(1, 10**12)
    >>> settled_places(low, high, show, 1, finer=False) is None, settled_places(low, high, show, 1, finer=True)
    (True, 2)
    """
    for places in (usual, usual + 1) if finer else (usual,):
        if show(low, places) == show(high, places):
            return places
    return None


_STALEMATE = Finish(None, Ending.STALEMATE)


def _from_bounds(bounds: EngagementBounds, chance_text: Show, number_text: Show, finer: bool
                 ) -> EngagementAnswer | None:
    """The answer the bounds settle (one more decimal where needed, with *finer*), or ``None`` if any is not."""
    values = {"win_a": bounds.win(Side.A), "win_b": bounds.win(Side.B), "stalemate": bounds.outcomes[_STALEMATE],
              **{k: v for k, v in bounds.outcomes.items()}}
    known: dict = {}
    for key, (low, high) in values.items():
        places = settled_places(low, high, chance_text, CHANCE_PLACES, finer)
        if places is None:
            return None
        known[key] = Known(low, high, places)
    rounds = None
    if bounds.expected_rounds is not None:
        low, high = bounds.expected_rounds
        places = settled_places(low, high, number_text, NUMBER_PLACES, finer)
        if places is None:
            return None
        rounds = Known(low, high, places)
    return EngagementAnswer(Method.DIGITS, {k: known[k] for k in bounds.outcomes}, known["win_a"], known["win_b"],
                            known["stalemate"], rounds)


def _exact(odds: EngagementOdds) -> EngagementAnswer:
    def k(p: Fraction, places: int = CHANCE_PLACES) -> Known:
        return Known(p, p, places)

    rounds = None if odds.expected_rounds is None else k(odds.expected_rounds, NUMBER_PLACES)
    return EngagementAnswer(Method.EXACT, {f: k(p) for f, p in odds.outcomes.items()}, k(odds.win(Side.A)),
                            k(odds.win(Side.B)), k(odds.stalemate), rounds)


def answer_engagement(a: Ship, b: Ship, goal_a: Goal | str, goal_b: Goal | str, *, chance_text: Show,
                      number_text: Show, rulings: Rulings = STANDARD, dodge_at: int | None = None,
                      bounded: bool = True, max_work: int = EXACT_WORK_LIMIT, trials: int = TRIALS
                      ) -> EngagementAnswer:
    """The engagement of *a* against *b* answered by the first method that settles every number (module doc).

    Args:
        chance_text: how the caller prints a chance to so many decimals (of its percentage).
        number_text: how it prints the expected rounds to so many decimals.
        bounded: try the floating-point walk first (the calculators do); without it, the exact fractions or a
            simulation.
        max_work: the chain's work past which it is simulated (about a microsecond a unit in CPython).
        trials: engagements simulated, from seed 1.
    """
    for name, show in (("chance_text", chance_text), ("number_text", number_text)):
        if not callable(show):
            raise RulesError(argument=name, expected="a function printing a number to so many decimals",
                             received=show)
    check_bool("bounded", bounded)
    check_int("max_work", max_work, low=1, high=MAX_CHAIN_WORK)
    check_int("trials", trials, low=100, high=100_000)
    if dodge_at is not None:
        check_int("dodge_at", dodge_at, low=1, high=MAX_RANK)
    bounds = None
    try:
        if bounded:
            bounds = engagement_bounds(a, b, goal_a, goal_b, rulings=rulings, dodge_at=dodge_at, max_work=max_work)
            settled = None if bounds is None else _from_bounds(bounds, chance_text, number_text, finer=False)
            if settled is not None:
                return settled
        small = bounds is not None and bounds.operations <= EXACT_AFTER_WALK
        return _exact(engagement_odds(a, b, goal_a, goal_b, rulings=rulings, dodge_at=dodge_at,
                                      max_work=max_work if small else min(max_work, EXACT_FRACTIONS_LIMIT)))
    except TooLargeError:
        if bounds is not None:  # too big for the exact fractions in time: one more digit
            settled = _from_bounds(bounds, chance_text, number_text, finer=True)
            if settled is not None:
                return settled
    sim = simulate_engagement(a, b, goal_a, goal_b, trials=trials, seed=1, rulings=rulings, dodge_at=dodge_at)
    return EngagementAnswer(Method.SIMULATION, {}, None, None, None, None, sim)
