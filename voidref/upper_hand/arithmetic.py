"""The numbers of the chain walks: exact integers, or floating point with a proven error bound.

* :class:`ExactArithmetic` is the number kernel of
  :func:`~voidref.upper_hand.walk.walk`: every chance is integer numerators
  over an integer denominator, and a :class:`~fractions.Fraction` is formed
  only for a final answer (:func:`~voidref.upper_hand.odds.engagement_odds`);
  its ``begin``, ``gather``, ``add``, ``send``, ``solve`` and ``total`` take
  and return that representation of a list of chances.
* :class:`BoundedArithmetic` holds the floating-point side's argument and
  its pieces (the rounded 3-by-3 inverse, the solve, the sum), used by
  :func:`~voidref.upper_hand.floatwalk.walk_floats` for
  :func:`~voidref.upper_hand.odds.engagement_bounds`; :class:`Uncertain`
  is raised when it cannot vouch for its bound.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction

__all__ = ["ExactArithmetic", "BoundedArithmetic", "Uncertain", "adjugate", "combine"]


class ExactArithmetic:
    """Exact numbers for :func:`~voidref.upper_hand.walk.walk`: integer numerators over integer denominators.

    A level's incoming chances wait as a list of ``(numerators, scale)``
    parts and are added up once, over their least common denominator, when
    the level is reached.
    """

    @staticmethod
    def begin(nums: list, den: int) -> list:
        return [(nums, den)]

    @staticmethod
    def send(weights: list, moves, scale: int, pending: dict, heap: list, progress, ended: dict) -> None:
        """Send chances *weights* (over *scale*) along each node's *moves*: into *pending* levels, or *ended*."""
        spread: dict = {}
        finished: dict = {}
        spreading = spread.get  # bound once: this loop is the walk's hottest
        for n, (ends, _, blocks) in zip(weights, moves):
            if not n:
                continue
            for k, w in ends:
                finished[k] = finished.get(k, 0) + n * w
            for offset, slot, s, entries in blocks:
                ns = n * s
                for base, w in entries:
                    nkey = offset + base
                    part = spreading(nkey)
                    if part is None:
                        part = spread[nkey] = [0, 0, 0, 0, 0, 0]
                    part[slot] += ns * w
        for k, part in finished.items():
            ended[k].append((part, scale))
        for nkey, part in spread.items():
            inflow = pending.get(nkey)
            if inflow is None:
                inflow = pending[nkey] = []
                heapq.heappush(heap, (progress(nkey), nkey))
            inflow.append((part, scale))

    @staticmethod
    def gather(inflow: list) -> tuple[list, int]:
        """Add up ``(numerators, denominator)`` parts over their least common denominator, reduced."""
        den = 1
        for _, d in inflow:
            den = den // math.gcd(den, d) * d
        total = [0] * len(inflow[0][0])
        for nums, d in inflow:
            f = den // d
            for i, x in enumerate(nums):
                if x:
                    total[i] += x * f
        g = math.gcd(den, *total)
        return [x // g for x in total], den // g

    @staticmethod
    def add(x: list, dx: int, y: list, dy: int) -> tuple[list, int]:
        g = math.gcd(dx, dy)
        fx, fy = dy // g, dx // g
        return [p * fx + q * fy for p, q in zip(x, y)], dx * fx

    @staticmethod
    def inverse(stay, denominator: int) -> tuple:
        """``(det, adjugate)`` of ``denominator * I - stay``, for :meth:`solve` (the walk keeps it for levels alike)."""
        n = len(stay)
        return adjugate([[(denominator if i == j else 0) - stay[i][j] for j in range(n)] for i in range(n)])

    @staticmethod
    def solve(stay, denominator: int, mass: list, mass_den: int, inverse: tuple | None = None) -> tuple[list, int]:
        """Expected visits ``v`` to each holder state of one level: ``v (I - stay/den) = mass/mass_den``.

        Solved by the adjugate (*inverse*, from :meth:`inverse`, if given), all in integers; returns
        ``(numerators, den)``.
        """
        n = len(stay)
        det, adj = inverse or ExactArithmetic.inverse(stay, denominator)
        nums = [denominator * sum(mass[i] * adj[i][j] for i in range(n)) for j in range(n)]
        den = det * mass_den
        if den < 0:
            den, nums = -den, [-x for x in nums]
        g = math.gcd(den, *nums)
        return [x // g for x in nums], den // g

    @staticmethod
    def total(parts: list) -> Fraction:
        return Fraction(*combine(parts)) if parts else Fraction(0)




class Uncertain(Exception):
    """Raised by :class:`BoundedArithmetic` when it cannot vouch for its error bound."""




class BoundedArithmetic:
    """Floating-point numbers for :func:`~voidref.upper_hand.floatwalk.walk_floats`, with a proven error bound.

    Every number the walk forms is a sum of products and quotients of
    non-negative numbers: nothing is subtracted, and each level's 3-by-3
    inverse is worked out exactly, then rounded (its entries are never
    negative). Each rounding multiplies a result by at most ``1 + u`` or
    ``1 / (1 - u)``, ``u = 2**-53``, so a result that went through ``K``
    roundings is within ``(1 - u)**-K`` of the exact value either way;
    :func:`~voidref.upper_hand.floatwalk.walk_floats` counts an upper bound on all the roundings it does. Every
    number kept is either zero or at least ``TINY`` (checked, else
    :class:`Uncertain`), so a step that underflows adds at most
    ``2**-1074 / TINY`` relative error, which the bound also counts.
    """

    TINY = 1e-250

    @classmethod
    def _checked(cls, numbers: list) -> list:
        if min(filter(None, numbers), default=1.0) < cls.TINY:  # the numbers are never negative
            raise Uncertain("a chance small enough to underflow")
        return numbers

    @staticmethod
    def inverse(stay, denominator: int) -> tuple:
        """Like :meth:`ExactArithmetic.inverse`, checked non-negative, the adjugate rounded to floats."""
        det, adj = ExactArithmetic.inverse(stay, denominator)
        if det <= 0 or min(map(min, adj)) < 0:  # pragma: no cover - never for a level that can be left
            raise Uncertain("a level's inverse is not non-negative")
        return det, [[float(a) for a in row] for row in adj]  # each the rounding a product with it would make

    @classmethod
    def solve(cls, stay, denominator: int, mass: list, mass_den, inverse: tuple | None = None) -> tuple[list, int]:
        n = len(stay)
        det, adj = inverse or BoundedArithmetic.inverse(stay, denominator)
        scale = denominator / (det * mass_den)  # one correctly rounded division of integers
        if n == 3:
            (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = adj
            m0, m1, m2 = mass
            v = [(m0 * a0 + m1 * b0 + m2 * c0) * scale, (m0 * a1 + m1 * b1 + m2 * c1) * scale,
                 (m0 * a2 + m1 * b2 + m2 * c2) * scale]
        else:
            v = [sum(m * row[j] for m, row in zip(mass, adj)) * scale for j in range(n)]
        return cls._checked(v), 1

    @classmethod
    def total(cls, parts: list) -> float:
        return cls._checked([math.fsum(x / d for x, d in parts)])[0] if parts else 0.0




def adjugate(a):
    """Determinant and adjugate of a 1x1, 2x2 or 3x3 integer matrix (exact, no division)."""
    n = len(a)
    if n == 1:
        return a[0][0], [[1]]
    if n == 2:
        (p, q), (r, t) = a
        return p * t - q * r, [[t, -q], [-r, p]]
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = a
    cof = [[b1 * c2 - b2 * c1, b2 * c0 - b0 * c2, b0 * c1 - b1 * c0],
           [a2 * c1 - a1 * c2, a0 * c2 - a2 * c0, a1 * c0 - a0 * c1],
           [a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0]]
    det = a0 * cof[0][0] + a1 * cof[0][1] + a2 * cof[0][2]
    return det, [[cof[c][r] for c in range(3)] for r in range(3)]


def combine(parts) -> tuple[int, int]:
    """Sum fractions given as ``(numerator, denominator)`` pairs: ``(numerator, denominator)``, reduced.

    Pairs are added in a balanced tree, so most additions work on small numbers.
    """
    parts = list(parts) or [(0, 1)]
    while len(parts) > 1:
        merged = []
        for (n1, d1), (n2, d2) in zip(parts[0::2], parts[1::2]):
            g = math.gcd(d1, d2)
            merged.append((n1 * (d2 // g) + n2 * (d1 // g), d1 // g * d2))
        if len(parts) % 2:
            merged.append(parts[-1])
        parts = merged
    num, den = parts[0]
    g = math.gcd(num, den)
    return num // g, den // g
