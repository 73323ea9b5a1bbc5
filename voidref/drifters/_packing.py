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
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

Point = tuple[int, ...]

#: Above this many decimal digits in the packed product, multiply as Decimal.
DECIMAL_FROM_DIGITS = 12_000


def _context(digits: int) -> decimal.Context:
    ctx = decimal.Context(prec=digits + 8, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    ctx.traps[decimal.Inexact] = True
    ctx.traps[decimal.Rounded] = True
    return ctx


Packed = Any  # an int or a decimal.Decimal, as the grid chose


class Grid:
    """A box of points, one slot per point, and the big numbers that pack counts into those slots.

    The box starts at the point *low* and spans *extent* points on each axis
    (as many axes as *low* has, possibly none); slots run with the last axis
    fastest. Every count it will hold is at most *largest_count*, which sets
    the slot width.
    """

    def __init__(self, low: Point, extent: Point, largest_count: int):
        self.low, self.extent = low, extent
        self.strides = tuple(math.prod(extent[d + 1:]) for d in range(len(extent)))
        self.slots = math.prod(extent)
        self.bytes = (largest_count.bit_length() + 7) // 8
        self.digits = len(str(largest_count))
        self.use_decimal = self.slots * self.digits > DECIMAL_FROM_DIGITS
        self._context = _context(self.slots * self.digits)

    def pack(self, table: Mapping[Point, int], origin: Point) -> Packed:
        """One big number holding *table*, its point *origin* in slot 0.

        Packing two tables with origins ``o1`` and ``o2`` and multiplying
        gives their convolution with origin ``o1 + o2``.
        """
        poly: dict[int, int] = {}
        for p, c in table.items():
            slot = sum((x - o) * s for x, o, s in zip(p, origin, self.strides))
            poly[slot] = poly.get(slot, 0) + c
        if not poly:
            return self.zero()
        if self.use_decimal:
            text = "".join(str(poly.get(i, 0)).zfill(self.digits) for i in range(max(poly), -1, -1))
            return decimal.Decimal(text)
        shift = 8 * self.bytes
        return sum(c << (shift * i) for i, c in poly.items())

    def zero(self) -> Packed:
        return decimal.Decimal(0) if self.use_decimal else 0

    def multiply(self, a: Packed, b: Packed) -> Packed:
        """The product, exactly."""
        return self._context.multiply(a, b) if self.use_decimal else a * b

    def combine(self, plus: Sequence[Packed], minus: Sequence[Packed]) -> Packed:
        """``sum(plus) - sum(minus)``, exactly; each slot's result must not be negative."""
        if not self.use_decimal:
            return sum(plus) - sum(minus)
        total = self.zero()
        for x in plus:
            total = self._context.add(total, x)
        for x in minus:
            total = self._context.subtract(total, x)
        return total

    def power(self, a: Packed, n: int) -> Packed:
        """*a* to the *n*-th power, exactly (square and multiply)."""
        if not self.use_decimal:
            return a ** n
        result, square = decimal.Decimal(1), a
        while n:
            if n & 1:
                result = self.multiply(result, square)
            n >>= 1
            if n:
                square = self.multiply(square, square)
        return result

    def unpack(self, packed: Packed, keys: Iterable[Hashable] | None = None) -> dict[Any, int]:
        """Every nonzero slot of *packed* -> its count, keyed by its point (or by the slot's entry in *keys*)."""
        if keys is None:
            keys = itertools.product(*(range(lo, lo + n) for lo, n in zip(self.low, self.extent)))
        if self.use_decimal:
            width = self.digits
            text = format(packed, "f").zfill(self.slots * width)
            chunks = [text[i:i + width] for i in range(0, len(text), width)]
            chunks.reverse()  # the text begins with the highest slot
            zero = "0" * width
            return {k: int(c) for k, c in zip(keys, chunks) if c != zero}
        size = self.bytes
        raw = int(packed).to_bytes(self.slots * size, "little")
        zero_bytes = bytes(size)
        pieces = [raw[i:i + size] for i in range(0, len(raw), size)]
        return {k: int.from_bytes(c, "little") for k, c in zip(keys, pieces) if c != zero_bytes}


def _low_extent(faces: Iterable[Point], n: int, dims: int) -> tuple[Point, Point]:
    """Where the sums of *n* dice with these face points start, and how many points they span, per axis."""
    points = list(faces)
    low = tuple(min(p[d] for p in points) * n for d in range(dims))
    extent = tuple((max(p[d] for p in points) * n - low[d]) + 1 for d in range(dims))
    return low, extent


def power_table(faces: Mapping[Point, int], n: int, sides: int, dims: int) -> dict[Point, int]:
    """The counts of the sums of *n* dice with these *faces* (point -> number of faces), *sides* faces each.

    Worked in a grid just big enough for them, so raising to a power costs
    little before the result joins the other dice.

    >>> power_table({(1,): 1, (2,): 1}, 3, 2, 1)
    {(3,): 1, (4,): 3, (5,): 3, (6,): 1}
    """
    if n == 1 or not faces:
        return {p: c for p, c in faces.items() if c} if n else {(0,) * dims: 1}
    low, extent = _low_extent(faces, n, dims)
    grid = Grid(low, extent, sides ** n)
    one = tuple(x // n for x in low)
    return grid.unpack(grid.power(grid.pack(faces, one), n))


def packed_products(
    plain: Sequence[tuple[Mapping[Point, int], int]],
    variants: Sequence[tuple[Sequence[Mapping[Point, int]], int]],
    choices: Sequence[tuple[int, ...]],
    dims: int,
    largest_count: int,
) -> tuple[Grid, list[Packed]]:
    """The grid every product fits in, and one packed product per choice in *choices*.

    *plain* lists dice kinds that are the same in every product, as (faces,
    how many). *variants* lists dice kinds that come in several versions
    (say, with all faces, or without the Breakthrough face), as (versions,
    how many). Each choice picks a version of every variant kind by index.
    Points have *dims* coordinates. Counts must stay at most
    *largest_count* (the number of ways to roll every face of every die).

    The kinds are split in two halves of about equal spread, each half's
    products worked out the same way in a grid just big enough for that half
    (down to one kind, raised to its power in its own grid), so only the
    last multiplication of each choice is as large as the answer. Every
    product that several choices share is computed once.

    >>> d6 = {(k,): 1 for k in range(1, 7)}
    >>> grid, (two,) = packed_products([(d6, 2)], [], [()], 1, 36)
    >>> counts = grid.unpack(two)
    >>> counts[(7,)], counts[(2,)], sum(counts.values())
    (6, 1, 36)
    >>> odd = {(1,): 1, (3,): 1, (5,): 1}
    >>> grid, products = packed_products([(d6, 1)], [((d6, odd), 1)], [(0,), (1,)], 1, 36)
    >>> [grid.unpack(p).get((2,), 0) for p in products]  # a total of 2 is 1 + 1 either way
    [1, 1]
    >>> [grid.unpack(p).get((12,), 0) for p in products]  # 6 + 6 needs the even face
    [1, 0]
    """
    kinds = [([faces], n) for faces, n in plain] + list(variants)
    picks = [(0,) * len(plain) + tuple(c) for c in choices]
    products = _Products(kinds, dims)
    everyone = tuple(range(len(kinds)))
    low, extent, _ = products.box(everyone)
    grid = Grid(low, extent, largest_count)
    if not kinds:
        return grid, [grid.pack({low: 1}, low) for _ in picks]
    done: dict[tuple[int, ...], Packed] = {}  # choices that pick the same versions share one product
    for pick in picks:
        if pick in done:
            continue
        if len(kinds) == 1:
            (versions, n), = kinds
            done[pick] = grid.power(grid.pack(versions[pick[0]], tuple(x // n for x in low)), n)
        else:
            done[pick] = products.product(grid, everyone, pick)
    return grid, [done[pick] for pick in picks]


class _Products:
    """The products of some of :func:`packed_products`'s dice kinds, each worked out once and kept.

    *kinds* are ``(versions, how many)``; a group of kinds is a tuple of
    their indices (*members*), and *pick* names the version of each member.
    A group's product is the product of its two halves of about equal
    spread (:meth:`halves`), each worked out the same way in a grid just
    big enough for it (:meth:`box`), down to one kind raised to its power.
    """

    def __init__(self, kinds: Sequence[tuple[Sequence[Mapping[Point, int]], int]], dims: int):
        self.kinds, self.dims = kinds, dims
        self.spans: list[tuple[Point, Point, int]] = []  # per kind: (origin, extent, largest count)
        for versions, n in kinds:
            # Every version of a kind sits in the slots of all its versions' points.
            lo, ex = _low_extent({p for v in versions for p in v}, n, dims)
            self.spans.append((lo, ex, max(sum(v.values()) for v in versions) ** n))
        self.tables: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[Point, int]] = {}
        self.packs: dict[tuple, Packed] = {}

    def box(self, members: Sequence[int]) -> tuple[Point, Point, int]:
        """Where the sums of the kinds *members* start, how many points they span, and their largest count."""
        spans, dims = self.spans, self.dims
        low = tuple(sum(spans[k][0][d] for k in members) for d in range(dims))
        extent = tuple(1 + sum(spans[k][1][d] - 1 for k in members) for d in range(dims))
        return low, extent, math.prod(spans[k][2] for k in members)

    def halves(self, members: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """*members* cut in two, the kinds' spreads as equal as they can be."""
        weight = [sum(self.spans[k][1]) for k in members]
        cut = min(range(1, len(members)), key=lambda i: abs(sum(weight[:i]) - sum(weight[i:])))
        return members[:cut], members[cut:]

    def table(self, members: tuple[int, ...], pick: tuple[int, ...]) -> dict[Point, int]:
        """The counts of the kinds *members*, each in the version *pick* names."""
        tables = self.tables
        if (members, pick) not in tables:
            if len(members) == 1:
                versions, n = self.kinds[members[0]]
                sides = max(sum(v.values()) for v in versions)
                tables[members, pick] = power_table(versions[pick[0]], n, sides, self.dims)
            else:
                low, extent, largest = self.box(members)
                sub = Grid(low, extent, largest)
                tables[members, pick] = sub.unpack(self.product(sub, members, pick))
        return tables[members, pick]

    def packed(self, grid: Grid, members: tuple[int, ...], pick: tuple[int, ...]) -> Packed:
        """The counts of the kinds *members* (versions *pick*) packed in *grid*."""
        key = (grid.low, grid.extent, grid.use_decimal, grid.digits, grid.bytes, members, pick)
        packs = self.packs
        if key not in packs:
            low, extent, _ = self.box(members)
            if len(members) == 1 and 2 * math.prod(extent) >= grid.slots:
                # One kind nearly as spread as the whole answer: raise it to its
                # power in this grid, rather than in its own and then moving it.
                versions, n = self.kinds[members[0]]
                packs[key] = grid.power(grid.pack(versions[pick[0]], tuple(x // n for x in low)), n)
            else:
                packs[key] = grid.pack(self.table(members, pick), low)
        return packs[key]

    def product(self, grid: Grid, members: tuple[int, ...], pick: tuple[int, ...]) -> Packed:
        """The product of the kinds *members* (versions *pick*) in *grid*: its two halves multiplied."""
        first, second = self.halves(members)
        return grid.multiply(self.packed(grid, first, pick[:len(first)]),
                             self.packed(grid, second, pick[len(first):]))


def flagged_counts(
    dice: Sequence[tuple[Sequence[Sequence[int]], int]],
    axes: Sequence[int],
    flags: Sequence[int],
    make: Callable[[tuple[int, ...]], Hashable],
    positions: int,
) -> dict[Any, int]:
    """Count rolls by their sums on *axes* and by which *flags* came up at least once.

    *dice* lists each kind of die as (faces, how many), a face being a tuple
    of *positions* numbers. An axis is a position summed over the dice; a
    flag is a position read only as "some die showed it" (1) or "none did"
    (0). *axes* must be in increasing order. Each count is keyed by
    ``make(values)``, *values* holding every position: the sums on *axes*,
    0 or 1 on *flags*, 0 elsewhere.

    For each set of flags, the dice with the faces showing those flags taken
    away count the rolls where none of them came up; inclusion and exclusion
    over those counts, slot by slot in the packed numbers, gives the rolls
    where exactly a given set came up.

    >>> coin = [(0, 0), (1, 0), (1, 1)]  # second position: a flag on one face
    >>> flagged_counts([(coin, 2)], [0], [1], tuple, 2)
    {(0, 0): 1, (1, 0): 2, (2, 0): 1, (1, 1): 2, (2, 1): 3}
    """
    every = (1 << len(flags)) - 1
    dims = len(axes)
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
    # packed[removed]: rolls showing no flag in the mask *removed*.
    choices = [tuple(removed & mine for mine in masks) for removed in range(every + 1)]
    grid, packed = packed_products(plain, variants, choices, dims, total)
    out: dict[Any, int] = {}
    for up in range(every + 1):
        # Rolls whose flags up are exactly *up*: the products that remove every
        # flag not up and some of those up, signed by how many of those.
        subsets = [q for q in range(up + 1) if q & up == q]
        signed: Counter[tuple[int, ...]] = Counter()
        for q in subsets:
            # Choices that pick the same versions give the same product: they cancel or add up.
            signed[choices[every & ~up | q]] += -1 if bin(q).count("1") % 2 else 1
        if not any(signed.values()):
            continue  # no die shows these flags: no roll has exactly them up
        first = {c: packed[i] for i, c in reversed(list(enumerate(choices)))}
        plus = [first[c] for c, k in signed.items() for _ in range(max(k, 0))]
        minus = [first[c] for c, k in signed.items() for _ in range(max(-k, 0))]
        ranges: list[Sequence[int]] = [(0,)] * positions
        for a, lo, n in zip(axes, grid.low, grid.extent):
            ranges[a] = range(lo, lo + n)
        for bit, flag in enumerate(flags):
            ranges[flag] = (up >> bit & 1,)
        out.update(grid.unpack(grid.combine(plus, minus), map(make, itertools.product(*ranges))))
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
