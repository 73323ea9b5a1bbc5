"""Blocks of moves: the chain's tables as shared entries, so a level's tables cost one item per block.

A block ``(offset, slot, scale, entries, float_scale, float_entries)`` stands
for the moves ``(offset + base, slot, scale * weight)`` of its ``(base,
weight)`` entries (:func:`flat`). :mod:`~voidref.upper_hand.chain` makes the
entries once and shares them between levels; the float copies let
:class:`~voidref.upper_hand.arithmetic.BoundedArithmetic` multiply floats.

>>> flat([(100, 4, 3, ((1, 5), (2, 7)), 3.0, None)])
[(101, 4, 15), (102, 4, 21)]
"""

from __future__ import annotations

__all__ = ["flat", "floated", "float_or_none", "floated_pair", "groups"]


def float_or_none(w: int) -> float | None:
    """*w* as a float if that is exactly *w*, else ``None``."""
    f = float(w)
    return f if f == w else None


def floated(entries: tuple) -> tuple | None:
    """*entries* with float weights, or ``None`` unless every weight is exactly a float."""
    out = []
    for base, w in entries:
        f = float(w)
        if f != w:
            return None
        out.append((base, f))
    return tuple(out)


def floated_pair(entries) -> tuple:
    """``(entries, floated(entries))``, the entries as a tuple."""
    entries = tuple(entries)
    return entries, floated(entries)


def flat(blocks) -> list:
    """The ``(level, slot, weight)`` moves of a list of blocks.

    A block ``(offset, slot, scale, entries, float_scale, float_entries)`` stands for the moves ``(offset + base,
    slot, scale * weight)`` of its ``(base, weight)`` entries: the tables of a level share their entries with
    other levels and only the blocks are made per level. The float copies (``None`` unless every weight is
    exactly a float) let :class:`~voidref.upper_hand.arithmetic.BoundedArithmetic` multiply floats: the product
    of two exact floats is the rounding of the product of the integers, as before.
    """
    return [(offset + base, slot, scale * w) for offset, slot, scale, entries, _, _ in blocks for base, w in entries]


def groups(cache: dict, hits: tuple, span: int) -> tuple:
    """*hits* ``(state, weight)`` by the Guns condition of the state: ``(guns, total, (entries, float entries))``.

    The entries are the group's ``(state * span, weight)``; kept in *cache*.
    """
    key = ("g", id(hits), span)
    found = cache.get(key)
    if found is None:
        by: dict = {}
        for y, w in hits:
            by.setdefault(y // 3 % 3, []).append((y * span, w))
        found = cache[key] = tuple((g, sum(w for _, w in ys), floated_pair(ys)) for g, ys in by.items())
    return found
