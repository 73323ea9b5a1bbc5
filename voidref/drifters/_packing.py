"""Exact counting by multiplying packed generating polynomials.

A die whose faces land on points of a small grid (one axis, two, or none)
is a polynomial: the coefficient of a point is how many faces land there.
Rolling dice together multiplies their polynomials, and the product's
coefficients count the ways each total comes up. We pack a polynomial into
one big number, one fixed-width slot per grid point (Kronecker substitution),
so one multiplication of big numbers convolves whole distributions at once.

Two kinds of big number do the multiplying, with the same exact result:

* Python's ``int`` (slots of whole bytes), quickest for small grids;
* :class:`decimal.Decimal` with enough precision for every digit (slots of
  whole decimal digits) for large grids: the C decimal library multiplies
  numbers of a hundred thousand digits and more with a number-theoretic
  transform, several times faster than ``int``. The context traps any
  rounding, so a result is exact or the call fails loudly.

Nothing here knows about the game: :mod:`voidref.drifters.dice` hands in
each die's faces as points and how many of that die are rolled.
"""

from __future__ import annotations

import decimal
import itertools
import math
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

Point = tuple[int, ...]

#: Above this many decimal digits in the packed product, multiply as Decimal.
DECIMAL_FROM_DIGITS = 12_000


def _context(digits: int) -> decimal.Context:
    ctx = decimal.Context(prec=digits + 8, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    ctx.traps[decimal.Inexact] = True
    ctx.traps[decimal.Rounded] = True
    return ctx


class Grid:
    """The box every product of a set of dice fits in, and how points map to slots.

    *factors* lists, per kind of die, its faces as a mapping of point to
    number of faces, and how many of that die are rolled. Points have one
    coordinate per axis, *dims* of them (possibly none).
    """

    def __init__(self, factors: Sequence[tuple[Mapping[Point, int], int]], dims: int, largest_count: int):
        self.dims = dims
        low = [0] * self.dims
        extent = [1] * self.dims
        self._lows: list[Point] = []
        for faces, n in factors:
            lo = tuple(min(p[d] for p in faces) for d in range(self.dims))
            self._lows.append(lo)
            for d in range(self.dims):
                low[d] += lo[d] * n
                extent[d] += (max(p[d] for p in faces) - lo[d]) * n
        self.low = tuple(low)
        self.extent = tuple(extent)
        self.strides = tuple(math.prod(extent[d + 1:]) for d in range(self.dims))
        self.slots = math.prod(extent)
        self.bytes = (largest_count.bit_length() + 7) // 8
        self.digits = len(str(largest_count))
        self.use_decimal = self.slots * self.digits > DECIMAL_FROM_DIGITS
        self._context = _context(self.slots * self.digits)

    def polynomial(self, index: int, faces: Mapping[Point, int]) -> dict[int, int]:
        """The faces of factor *index* as slot -> count, shifted to start at slot 0."""
        lo = self._lows[index]
        out: dict[int, int] = {}
        for p, c in faces.items():
            slot = sum((p[d] - lo[d]) * self.strides[d] for d in range(self.dims))
            out[slot] = out.get(slot, 0) + c
        return out

    def pack(self, poly: Mapping[int, int]) -> int | decimal.Decimal:
        """One big number holding *poly*, a slot per grid point."""
        if not poly:
            return self.one() * 0
        if self.use_decimal:
            top = max(poly)
            text = "".join(str(poly.get(i, 0)).zfill(self.digits) for i in range(top, -1, -1))
            return decimal.Decimal(text)
        shift = 8 * self.bytes
        return sum(c << (shift * i) for i, c in poly.items())

    def one(self) -> int | decimal.Decimal:
        """The packed polynomial 1 (no dice)."""
        return decimal.Decimal(1) if self.use_decimal else 1

    def multiply(self, a: int | decimal.Decimal, b: int | decimal.Decimal) -> int | decimal.Decimal:
        """The product, exactly."""
        if self.use_decimal:
            return self._context.multiply(a, b)
        return a * b

    def power(self, a: int | decimal.Decimal, n: int) -> int | decimal.Decimal:
        """*a* to the *n*-th power, exactly (square and multiply)."""
        if not self.use_decimal:
            return a ** n
        result, square = self.one(), a
        while n:
            if n & 1:
                result = self.multiply(result, square)
            n >>= 1
            if n:
                square = self.multiply(square, square)
        return result

    def unpack(self, packed: int | decimal.Decimal) -> dict[Point, int]:
        """Every nonzero slot of *packed* as its grid point (with the offsets put back) -> count."""
        # Slots run with the last axis fastest, as itertools.product does.
        points = itertools.product(*(range(lo, lo + n) for lo, n in zip(self.low, self.extent)))
        if self.use_decimal:
            width = self.digits
            text = format(packed, "f").zfill(self.slots * width)
            chunks = [text[i:i + width] for i in range(0, len(text), width)]
            chunks.reverse()  # the text begins with the highest slot
            zero = "0" * width
            return {p: int(c) for p, c in zip(points, chunks) if c != zero}
        size = self.bytes
        raw = int(packed).to_bytes(self.slots * size, "little")
        zero_bytes = bytes(size)
        chunks = [raw[i:i + size] for i in range(0, len(raw), size)]
        return {p: int.from_bytes(c, "little") for p, c in zip(points, chunks) if c != zero_bytes}


def product_counts(
    plain: Sequence[tuple[Mapping[Point, int], int]],
    variants: Sequence[tuple[Sequence[Mapping[Point, int]], int]],
    choices: Sequence[tuple[int, ...]],
    dims: int,
    largest_count: int,
) -> list[dict[Point, int]]:
    """Count the ways to reach each point, once for every choice in *choices*.

    *plain* lists dice kinds that are the same in every product, as (faces,
    how many). *variants* lists dice kinds that come in several versions
    (say, with all faces, or without the Breakthrough face), as (versions,
    how many). Each choice picks a version of every variant kind by index,
    and gets its own count table, in the order of *choices*. Points have
    *dims* coordinates. Counts must stay at most *largest_count* (the number
    of ways to roll every face of every die): that sets the slot width.

    The product of the plain dice is computed once; so is each power of a
    version, and each partial product that several choices begin with.

    >>> d6 = {(k,): 1 for k in range(1, 7)}
    >>> two = product_counts([(d6, 2)], [], [()], 1, 36)[0]
    >>> two[(7,)], two[(2,)], sum(two.values())
    (6, 1, 36)
    >>> odd = {(1,): 1, (3,): 1, (5,): 1}
    >>> [t.get((2,), 0) for t in product_counts([(d6, 1)], [((d6, odd), 1)], [(0,), (1,)], 1, 36)]
    [1, 1]
    """
    # Every version of a variant kind is placed as if it had the points of
    # all its versions, so all versions fit the same slots.
    union = [{p: 1 for v in versions for p in v} for versions, _ in variants]
    grid = Grid(list(plain) + [(points, n) for points, (_, n) in zip(union, variants)], dims, largest_count)
    base = grid.one()
    for index, (faces, n) in enumerate(plain):
        if n:
            base = grid.multiply(base, grid.power(grid.pack(grid.polynomial(index, faces)), n))
    powers: dict[tuple[int, int], int | decimal.Decimal] = {}
    prefixes: dict[tuple[int, ...], int | decimal.Decimal] = {(): base}

    def product(choice: tuple[int, ...]) -> int | decimal.Decimal:
        if choice not in prefixes:
            k, v = len(choice) - 1, choice[-1]
            versions, n = variants[k]
            if (k, v) not in powers:
                powers[k, v] = grid.power(grid.pack(grid.polynomial(len(plain) + k, versions[v])), n)
            prefixes[choice] = grid.multiply(product(choice[:-1]), powers[k, v])
        return prefixes[choice]

    return [grid.unpack(product(tuple(choice))) for choice in choices]


def flagged_counts(
    dice: Sequence[tuple[Sequence[Sequence[int]], int]],
    axes: Sequence[int],
    flags: Sequence[int],
    make: Callable[[list[int]], Hashable],
    positions: int,
) -> dict[Hashable, int]:
    """Count rolls by their sums on *axes* and by which *flags* came up at least once.

    *dice* lists each kind of die as (faces, how many), a face being a tuple
    of *positions* numbers. An axis is a position summed over the dice; a flag is a
    position read only as "some die showed it" (1) or "none did" (0). Each
    count is keyed by ``make(values)``, *values* holding every position of a
    face: the sums on *axes*, 0 or 1 on *flags*, 0 elsewhere.

    For each set of flags, the dice with the faces showing those flags taken
    away count the rolls where none of them came up; inclusion and exclusion
    over those counts gives the rolls where exactly a given set came up.

    >>> coin = [(0, 0), (1, 0), (1, 1)]  # second position: a flag on one face
    >>> flagged_counts([(coin, 2)], [0], [1], tuple, 2)
    {(0, 0): 1, (1, 0): 2, (1, 1): 2, (2, 0): 1, (2, 1): 3}
    """
    every = (1 << len(flags)) - 1
    total = math.prod(len(faces) ** n for faces, n in dice)

    def version(faces: Sequence[Sequence[int]], removed: int) -> Counter:
        """The faces projected on the axes, less those showing a flag in the mask *removed*."""
        return Counter(tuple(f[a] for a in axes) for f in faces
                       if not any(f[flag] for bit, flag in enumerate(flags) if removed >> bit & 1))

    plain: list[tuple[Mapping[Point, int], int]] = []
    variants: list[tuple[Sequence[Mapping[Point, int]], int]] = []
    masks: list[int] = []
    for faces, n in dice:
        mine = sum(1 << bit for bit, flag in enumerate(flags) if any(f[flag] for f in faces))
        if mine:
            variants.append(([version(faces, removed) for removed in range(every + 1)], n))
            masks.append(mine)
        else:
            plain.append((version(faces, 0), n))
    # grids[removed]: rolls showing no flag in the mask *removed*.
    choices = [tuple(removed & mine for mine in masks) for removed in range(every + 1)]
    grids = product_counts(plain, variants, choices, len(axes), total)
    # Rolls whose flags up are exactly the mask *up*: the grids that remove
    # every flag not up and some of those up, signed by how many of those.
    terms = [[(every & ~up | q, -1 if bin(q).count("1") % 2 else 1) for q in range(up + 1) if q & up == q]
             for up in range(every + 1)]
    templates = []
    for up in range(every + 1):
        template = [0] * positions
        for bit, flag in enumerate(flags):
            template[flag] = up >> bit & 1
        templates.append(template)
    out: dict[Hashable, int] = {}
    for point, whole in grids[0].items():
        if every == 0:
            counts = [whole]
        elif every == 1:
            none = grids[1].get(point, 0)
            counts = [none, whole - none]
        else:
            values = [whole] + [grid.get(point, 0) for grid in grids[1:]]
            counts = [sum(sign * values[g] for g, sign in signs) for signs in terms]
        for up, c in enumerate(counts):
            if c:
                key = templates[up].copy()
                for a, v in zip(axes, point):
                    key[a] = v
                out[make(key)] = c
    return out


class Memo:
    """Answers last computed, the least recently used dropped first, holding at most *limit* outcomes in all.

    Values are anything with a length (distributions); keys must be immutable
    values (a frozen pool and the question), so an answer stays right for as
    long as it is kept.

    >>> memo = Memo(limit=3, items=10)
    >>> memo.get("a", lambda: [1, 2]), memo.get("b", lambda: [3, 4]), memo.peek("a")
    ([1, 2], [3, 4], None)
    """

    def __init__(self, limit: int, items: int):
        self.limit, self.items = limit, items
        self._store: OrderedDict[Hashable, Any] = OrderedDict()
        self._held = 0

    def peek(self, key: Hashable) -> Any:
        """The answer kept for *key*, or None (not counted as a use)."""
        return self._store.get(key)

    def get(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The answer kept for *key*, else ``compute()``, kept for next time."""
        if key in self._store:
            self._store.move_to_end(key)
            return self._store[key]
        value = compute()
        self._store[key] = value
        self._held += len(value)
        while len(self._store) > 1 and (self._held > self.limit or len(self._store) > self.items):
            _, dropped = self._store.popitem(last=False)
            self._held -= len(dropped)
        return value

    def clear(self) -> None:
        """Forget every answer."""
        self._store.clear()
        self._held = 0
