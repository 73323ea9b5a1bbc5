"""What exact ship-attack odds cost: voidref's way against a straightforward way, in one run.

Run: ``python3 benchmarks/bench_ships.py`` (from the repository root). Prints
rough wall-clock timings; nothing here is a test.

* voidref: the pool's joint distribution by big-integer polynomial products
  (:meth:`voidref.drifters.dice.Pool.distribution`), then each distinct
  outcome resolved once with the ship damage rules
  (:func:`voidref.drifters.ships.attack_odds`).
* straightforward: add one die at a time to a dictionary of outcomes
  (:func:`voidref.drifters._oracle.convolution_counts`), then resolve each
  outcome the same way.
* brute force (small pools only): every face combination, resolved one by one.
"""

from __future__ import annotations

import itertools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from voidref.drifters import CheckOutcome  # noqa: E402
from voidref.drifters._oracle import convolution_counts  # noqa: E402
from voidref.drifters.dice import _MEMO as pool_memo  # noqa: E402
from voidref.drifters.ships import AUTOCANNON, CM_440_CUTTER, EMBER_DRIFT, ShipAttack, ShipWeapon, attack_odds  # noqa: E402
from voidref.drifters.ships import odds as odds_module  # noqa: E402
from voidref.drifters.ships.odds import BoonUse, _resolver  # noqa: E402
from voidref.exact import Dist  # noqa: E402


def _best(f, repeat):
    times = []
    for _ in range(repeat):
        odds_module._distribution.cache_clear()
        pool_memo.clear()  # the pool remembers its answers too: time the counting, not the recall
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def _fast(attack):
    return attack_odds(attack, boon_use="armor").hull_damage


def _straightforward(attack):
    resolve = _resolver(attack, BoonUse.ARMOR, False)
    counts = convolution_counts(attack.pool())
    acc = {}
    for o, c in counts.items():
        key = resolve(o).hull_damage
        acc[key] = acc.get(key, 0) + c
    return Dist.from_weights(acc)


def _brute(attack):
    resolve = _resolver(attack, BoonUse.ARMOR, False)
    acc = {}
    for faces in itertools.product(*(d.faces for d in attack.pool().dice())):
        o = CheckOutcome(*(sum(f[i] for f in faces) for i in range(4)))
        key = resolve(o).hull_damage
        acc[key] = acc.get(key, 0) + 1
    return Dist.from_weights(acc)


LONG_GUN = ShipWeapon("long gun", damage=6, ranges=("short", "extreme"), crit=3, pierce=1)
CASES = [
    ("small: 1 Mastery + 1 Ability + 1 Boon vs 1 Trial (4 dice)",
     ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=2, gunnery=1, band="short", limited_boon_dice=1), True),
    ("Ember Drift shot: 2M 2A 3B vs 2T 1b (10 dice)",
     ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium", limited_boon_dice=2,
                talent_boon_dice=1, attacker_evading=True, boost=2), False),
    ("big: 5M 1A 4B vs 5T 3b (18 dice)",
     ShipAttack(EMBER_DRIFT, LONG_GUN, CM_440_CUTTER, agility=6, gunnery=5, band="extreme", limited_boon_dice=2,
                talent_boon_dice=2, bane_dice=3), False),
    ("cap: 6M 4A 4B vs 5T 5b (24 dice, the largest allowed)",
     ShipAttack(EMBER_DRIFT, LONG_GUN, CM_440_CUTTER, agility=10, gunnery=6, band="extreme", limited_boon_dice=2,
                talent_boon_dice=2, bane_dice=5), False),
]


def main() -> None:
    print(f"{'case':<58} {'voidref':>10} {'dict conv.':>11} {'speed-up':>9} {'brute force':>12}")
    for label, attack, brute in CASES:
        assert _fast(attack) == _straightforward(attack)
        repeat = 5 if attack.pool().size <= 12 else 2
        fast = _best(lambda attack=attack: _fast(attack), repeat)
        slow = _best(lambda attack=attack: _straightforward(attack), repeat)
        bf = ""
        if brute:
            assert _brute(attack) == _fast(attack)
            bf = f"{_best(lambda attack=attack: _brute(attack), repeat) * 1000:9.2f} ms"
        print(f"{label:<58} {fast * 1000:8.2f} ms {slow * 1000:8.2f} ms {slow / fast:8.1f}x {bf:>12}")
    odds_module._distribution.cache_clear()
    attack = CASES[1][1]
    attack_odds(attack)
    t = time.perf_counter()
    odds = attack_odds(attack, boon_use="armor")
    _every_figure = (odds.hit, odds.hull_damage, odds.critical_hit, odds.destroyed)  # each one computed
    print(f"Ember Drift shot again, pool cached: {(time.perf_counter() - t) * 1000:.2f} ms for every figure")


if __name__ == "__main__":
    main()
