"""Benchmark: exact joint distributions of Void Drifters pools.

Prints, from one run on this machine:

* the 7-die pool (2 Ability, 2 Mastery, 2 Trial, 1 Hazard): our time (target < 5 ms);
* the 20-die pool (6 Mastery, 6 Hazard, 4 Boon, 4 Bane): our time against a
  straightforward die-by-die dictionary convolution (target >= 5x) and against
  icepool computing the same joint distribution (target >= 100x).

Run: ``make bench`` (installs icepool, which only the benchmark uses) or
``python benchmarks/bench_pools.py [--no-icepool]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from voidref.drifters import Pool
from voidref.drifters._oracle import convolution_counts


def best_of(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def icepool_joint(pool: Pool):
    import icepool

    dice = [icepool.Die([icepool.Vector(tuple(f)) for f in d.faces]) for d in pool.dice()]
    total = dice[0]
    for d in dice[1:]:
        total = total + d
    return total


def main(argv: list[str]) -> int:
    small = Pool(ability=2, mastery=2, trial=2, hazard=1)
    big = Pool(mastery=6, hazard=6, boon=4, bane=4)
    best, median = best_of(small.distribution, 50)
    print(f"7-die pool {small!r}: best {best * 1e3:.2f} ms, median {median * 1e3:.2f} ms (target < 5 ms)")

    ours, ours_med = best_of(big.distribution, 7)
    naive, _ = best_of(lambda: convolution_counts(big), 3)
    assert big.distribution().counts()[0] == convolution_counts(big)
    print(f"20-die pool {big!r}: voidref best {ours * 1e3:.1f} ms (median {ours_med * 1e3:.1f} ms)")
    print(f"  die-by-die dict convolution: {naive * 1e3:.1f} ms -> voidref is {naive / ours:.1f}x faster (target >= 5x)")
    if "--no-icepool" not in argv:
        try:
            import icepool
        except ImportError:
            print("  icepool not installed: pip install icepool (or make bench)")
            return 0
        t = time.perf_counter()
        joint = icepool_joint(big)
        ice = time.perf_counter() - t
        assert len(joint) == len(big.distribution())
        print(f"  icepool {icepool.__version__} summing Vector dice: {ice * 1e3:.0f} ms -> voidref is "
              f"{ice / ours:.0f}x faster (target >= 100x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
