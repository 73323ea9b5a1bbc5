"""What a whole Upper Hand engagement costs: exact fractions against the bounded floating-point walk, in one run.

Run: ``python3 benchmarks/bench_engagement.py`` (from the repository root).
Prints rough wall-clock timings (best of several runs); nothing here is a test.

* exact: :func:`voidref.upper_hand.odds.engagement_odds`, every chance an
  exact fraction (denominators of thousands of bits).
* bounded: :func:`voidref.upper_hand.odds.engagement_bounds`, the same walk in
  floating point with proven bounds; the site's calculator prints its digits
  when the bounds settle them.
* site: the whole calculator call, :func:`voidref.calc.run`, at its default
  inputs (what the browser runs on each input change).
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from voidref import calc  # noqa: E402
from voidref.upper_hand import Ship, engagement_bounds, engagement_odds  # noqa: E402

SETUPS = {
    "default calculator (jump vs dock)": ("jump", "dock", 1),
    "both reach": ("reach", "reach", 1),
    "Guns 2 (jump vs dock)": ("jump", "dock", 2),
}


def best(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    print("Upper Hand whole engagement, best of 5, ms")
    print(f"  {'set-up':36} {'exact':>9} {'bounded':>9} {'ratio':>7}")
    for name, (goal_a, goal_b, guns) in SETUPS.items():
        me = Ship("me", computer=1, guns=guns, thrusters=2, has_gate_core=True, players=True)
        them = Ship("them", computer=1, guns=1, thrusters=2, has_gate_core=True)
        setup = (me, them, goal_a, goal_b)
        exact = best(lambda setup=setup: engagement_odds(*setup, dodge_at=None))
        bounded = best(lambda setup=setup: engagement_bounds(*setup, dodge_at=None))
        print(f"  {name:36} {exact:9.1f} {bounded:9.1f} {exact / bounded:6.1f}x")
    site = best(lambda: calc.run("upper-hand-engagement", {}))
    print(f"  calculator call at default inputs (calc.run): {site:.1f}")


if __name__ == "__main__":
    main()
