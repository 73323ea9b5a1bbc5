"""Blocks of moves: the chain's tables as shared entries, so a level's tables cost one item per block.

A block ``(offset, slot, scale, entries)`` stands for the moves ``(offset +
base, slot, scale * weight)`` of its ``(base, weight)`` entries
(:func:`flat`). :mod:`~voidref.upper_hand.chain` makes the entries once and
shares them between levels.

>>> flat([(100, 4, 3, ((1, 5), (2, 7)))])
[(101, 4, 15), (102, 4, 21)]
"""

from __future__ import annotations

__all__ = ["flat", "groups"]


def flat(blocks) -> list:
    """The ``(level, slot, weight)`` moves of a list of blocks.

    A block ``(offset, slot, scale, entries)`` stands for the moves ``(offset + base, slot, scale * weight)`` of
    its ``(base, weight)`` entries: the tables of a level share their entries with other levels and only the
    blocks are made per level.
    """
    return [(offset + base, slot, scale * w) for offset, slot, scale, entries in blocks for base, w in entries]


def groups(cache: dict, hits: tuple, span: int) -> tuple:
    """*hits* ``(state, weight)`` by the Guns condition of the state: ``(guns, total, entries)``.

    The entries are the group's ``(state * span, weight)``; kept in *cache*.
    """
    key = ("g", id(hits), span)
    found = cache.get(key)
    if found is None:
        by: dict = {}
        for y, w in hits:
            by.setdefault(y // 3 % 3, []).append((y * span, w))
        found = cache[key] = tuple((g, sum(w for _, w in ys), tuple(ys)) for g, ys in by.items())
    return found
