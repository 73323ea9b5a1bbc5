"""Benchmark: exact odds of Void Drifters pools.

Prints, from one run on this machine:

* the 7-die pool (2 Ability, 2 Mastery, 2 Trial, 1 Hazard): our time (target < 5 ms);
* the 20-die pool (6 Mastery, 6 Hazard, 4 Boon, 4 Bane): our full joint
  distribution against a straightforward die-by-die dictionary convolution
  (target >= 5x) and against icepool computing the same joint (target >= 100x);
* the 40-die pool (20 Mastery vs 20 Hazard, the engine's largest) and other
  40-die pools: each question a calculator or the command line asks, as a
  ratio to the 20-die pool's full distribution timed in the same run (target
  <= 3x): chance of success, net Boons, any Breakthrough, the attack's joint
  (net Successes, net Boons, any Breakthrough), every figure of the check-odds
  calculator, and the full four-way joint (never within the target: it has
  620,781 outcomes; timed once unless ``--no-full``).

Every time is the best of several cold runs (the pool's remembered answers
are forgotten before each one), in CPU seconds of this process, so that other
work on a shared machine disturbs the ratios less. The same question asked
again is answered from memory; that figure is printed too.

Figures, not tests. Run: ``make bench`` (installs icepool, which only the
benchmark uses) or ``python benchmarks/bench_pools.py [--no-icepool] [--no-full]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from voidref.calc.drifters import check_odds
from voidref.drifters import Attack, Character, Pool, Weapon, dice
from voidref.drifters._oracle import convolution_counts

TARGET = 3.0

REFERENCE_POOL = Pool(mastery=6, hazard=6, boon=4, bane=4)
"""The 20-die pool whose full distribution is the baseline (``bench_calculators.py`` times it too)."""


def best_of(f, repeat: int, forget: bool = True) -> tuple[float, float]:
    """Best and median CPU seconds of *repeat* calls, each from a cold start if *forget*."""
    times = []
    for _ in range(repeat):
        if forget:
            dice._MEMO.clear()
        t = time.process_time()
        f()
        times.append(time.process_time() - t)
    return min(times), statistics.median(times)


def icepool_joint(pool: Pool):
    import icepool

    dice_ = [icepool.Die([icepool.Vector(tuple(f)) for f in d.faces]) for d in pool.dice()]
    total = dice_[0]
    for d in dice_[1:]:
        total = total + d
    return total


def _largest_attack() -> Attack:
    """An attack with a 40-die pool: 10 Agility, 10 Ranged, 10 Boon Dice, 10 difficulty upgrades, Bane Dice to fill."""
    shooter = Character("Shooter", agility=10, skills={"ranged": 10})
    target = Character("Target", kind="elite", stated_wound_points=30, stated_resistance=3, ranged_defense=3)
    rifle = Weapon("Rifle", damage=9, crit=3, range="extreme")

    def shot(bane_dice: int) -> Attack:
        return Attack(shooter, rifle, target, band="extreme", cover="heavy", boon_dice=10, bane_dice=bane_dice,
                      difficulty_upgrades=10)

    return shot(40 - shot(0).pool().size)


def _questions(pool: Pool) -> list[tuple[str, object]]:
    return [
        ("chance of success", pool.chance_of_success),
        ("net Boons (marginal)", pool.net_boons),
        ("any Breakthrough", pool.chance_of_breakthrough),
        ("attack joint (net S, net B, any Breakthrough)",
         lambda: pool.reduced(successes=True, boons=True, breakthroughs=True)),
        ("all four parts, flags as 'any'",
         lambda: pool.reduced(successes=True, boons=True, breakthroughs=True, calamities=True)),
    ]


def main(argv: list[str]) -> int:
    small = Pool(ability=2, mastery=2, trial=2, hazard=1)
    big = REFERENCE_POOL
    best, median = best_of(small.distribution, 50)
    print(f"7-die pool {small!r}: best {best * 1e3:.2f} ms, median {median * 1e3:.2f} ms (target < 5 ms)")

    ref, ref_med = best_of(big.distribution, 7)
    naive, _ = best_of(lambda: convolution_counts(big), 3)
    assert big.distribution().counts()[0] == convolution_counts(big)
    print(f"20-die pool {big!r}: voidref best {ref * 1e3:.1f} ms (median {ref_med * 1e3:.1f} ms)")
    print(f"  die-by-die dict convolution: {naive * 1e3:.1f} ms -> voidref is {naive / ref:.1f}x faster (target >= 5x)")
    if "--no-icepool" not in argv:
        try:
            import icepool
        except ImportError:
            print("  icepool not installed: pip install icepool (or make bench)")
        else:
            t = time.process_time()
            joint = icepool_joint(big)
            ice = time.process_time() - t
            assert len(joint) == len(big.distribution())
            print(f"  icepool {icepool.__version__} summing Vector dice: {ice * 1e3:.0f} ms -> voidref is "
                  f"{ice / ref:.0f}x faster (target >= 100x)")

    def row(label: str, seconds: float, again: float | None = None) -> None:
        ratio = seconds / ref
        mark = "ok" if ratio <= TARGET else "OVER"
        tail = f"   again {again * 1e3:7.3f} ms" if again is not None else ""
        print(f"  {label:<58} {seconds * 1e3:9.2f} ms  {ratio:6.2f}x  {mark:>4}{tail}")

    print(f"\nQuestions on 40 dice, as a ratio to the 20-die full distribution ({ref * 1e3:.1f} ms; "
          f"target <= {TARGET:.0f}x), best of 5 cold runs:")
    worst = Pool(mastery=20, hazard=20)
    print(f" {worst!r}")
    for label, f in _questions(worst):
        cold, _ = best_of(f, 5)
        again, _ = best_of(f, 5, forget=False)
        row(label, cold, again)
    for label, f in [("check-odds calculator, dice '20M vs 20H'",
                      lambda: check_odds(dice="20M vs 20H"))]:
        row(label, best_of(f, 5)[0])
    attack = _largest_attack()
    row(f"Attack.odds, {attack.pool().describe()}", best_of(attack.odds, 5)[0])
    if "--no-full" in argv:
        print("  full four-way joint: skipped (--no-full)")
    else:
        dice._MEMO.clear()
        t = time.process_time()
        full = worst.distribution()
        seconds = time.process_time() - t
        row(f"full four-way joint ({len(full):,} outcomes; not feasible)", seconds)
        t = time.process_time()
        full.prob(lambda o: o.successes >= 1)
        print(f"  {'  chance of success read from it (the old way)':<58} {(time.process_time() - t) * 1e3:9.2f} ms")
        t = time.process_time()
        worst.chance_of_success()
        print(f"  {'  chance_of_success() right after it (no recount)':<58} {(time.process_time() - t) * 1e3:9.2f} ms")
        dice._MEMO.clear()

    for pool in (Pool(mastery=40), Pool(mastery=39, hazard=1), Pool(ability=10, mastery=10, trial=10, hazard=10),
                 Pool(ability=7, mastery=7, boon=7, trial=7, hazard=6, bane=6), Pool(ability=20, trial=20),
                 Pool(boon=20, bane=20)):
        print(f" {pool!r}")
        for label, f in _questions(pool):
            row(label, best_of(f, 3)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
