"""Slow, obviously-correct ways to get a pool's joint distribution.

Used as oracles by the tests and as the baseline of the benchmark; the engine
itself uses the fast algorithm in :mod:`voidref.drifters.dice`.
"""

from __future__ import annotations

import itertools

from voidref.drifters.dice import CheckOutcome, Pool


def brute_force_counts(pool: Pool) -> dict[CheckOutcome, int]:
    """Enumerate every combination of faces (only for small pools)."""
    counts: dict[CheckOutcome, int] = {}
    for faces in itertools.product(*(d.faces for d in pool.dice())):
        key = CheckOutcome(*(sum(f[i] for f in faces) for i in range(4)))
        counts[key] = counts.get(key, 0) + 1
    return counts


def convolution_counts(pool: Pool) -> dict[CheckOutcome, int]:
    """Add one die at a time to a dictionary of outcomes (the straightforward way)."""
    counts = {CheckOutcome(0, 0, 0, 0): 1}
    for die in pool.dice():
        nxt: dict[CheckOutcome, int] = {}
        for key, c in counts.items():
            for f in die.faces:
                k = CheckOutcome(key[0] + f[0], key[1] + f[1], key[2] + f[2], key[3] + f[3])
                nxt[k] = nxt.get(k, 0) + c
        counts = nxt
    return counts


def reduced_counts(pool: Pool, keep: tuple[bool, bool, bool, bool]) -> dict[CheckOutcome, int]:
    """Die by die, keeping only the parts of the outcome *keep* names (the oracle of ``Pool.reduced``).

    Net Successes and net Boons add up; Breakthroughs and Calamities only
    record whether one has come up yet. A part not kept stays 0.
    """
    counts = {CheckOutcome(0, 0, 0, 0): 1}
    for die in pool.dice():
        nxt: dict[CheckOutcome, int] = {}
        for key, c in counts.items():
            for f in die.faces:
                k = CheckOutcome(key[0] + f[0] if keep[0] else 0, key[1] + f[1] if keep[1] else 0,
                                 max(key[2], min(f[2], 1)) if keep[2] else 0,
                                 max(key[3], min(f[3], 1)) if keep[3] else 0)
                nxt[k] = nxt.get(k, 0) + c
        counts = nxt
    return counts
