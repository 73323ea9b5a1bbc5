"""Benchmark: the encounter tracker's answers, as the page asks them.

Prints, each with its ratio to the time of one ``state`` answer for an empty
log measured in the same run:

* an event added to a 200-event log the tracker has seen (what a tap costs);
* undo (the same log less its last event) and redo;
* a 200-event log replayed cold (a reload, an import: nothing seen before);
* the odds of an attack before its roll.

Targets (issue 34): each event answered within 100 ms in the browser, a
200-event log replayed within 500 ms. Run it in Pyodide too, for the
browser's figure: ``node benchmarks/run_in_pyodide.mjs benchmarks/bench_tracker.py``.

Figures, not tests. Run: ``python benchmarks/bench_tracker.py [--events 200]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from voidref.calc import tracker  # noqa: E402
from voidref.drifters.encounter import (  # noqa: E402
    EndRound,
    EndTurn,
    MakeAttack,
    Maneuver,
    TakeTurn,
    docking_bay_log,
    replay,
    to_json,
)


def long_log(count: int) -> list[dict]:
    """The Docking Bay fight, then more rounds of the four exchanging misses and Maneuvers, to *count* events."""
    log = list(docking_bay_log())
    order = ("Senna", "Davan", "Agent A", "Agent B")
    targets = {"Senna": "Agent A", "Davan": "Agent B", "Agent A": "Senna", "Agent B": "Davan"}
    log.append(EndRound())
    while len(log) < count:
        for who in order:
            log += [TakeTurn(who), Maneuver(who, "aim"), MakeAttack(who, targets[who], "Standard sidearm", 0),
                    EndTurn(who)]
        log.append(EndRound())
    log = log[:count]
    replay(log)  # every event of it is legal
    return [to_json(e) for e in log]


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def cold(events: list[dict]) -> dict:
    tracker._seen.clear()
    del tracker._states[1:]
    tracker._entries.clear()
    return tracker.run({"op": "state", "events": events})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    args = parser.parse_args()
    events = long_log(args.events)
    last, rest = events[-1], events[:-1]

    base = best(lambda: cold([]))
    figures = {
        f"replay {len(events)} events cold": best(lambda: cold(events)),
    }
    cold(rest)
    figures["add one event (log seen)"] = best(lambda: (tracker.run({"op": "state", "events": rest}),
                                                        tracker.run({"op": "add", "events": rest, "event": last})))
    tracker.run({"op": "state", "events": events})
    figures["undo then redo"] = best(lambda: (tracker.run({"op": "state", "events": rest}),
                                              tracker.run({"op": "state", "events": events})))
    attack = {"name": "Senna", "target": "Agent A", "weapon": "Standard sidearm"}
    odds_at = [to_json(e) for e in docking_bay_log()[:13]]
    tracker.run({"op": "state", "events": odds_at})
    figures["attack odds before the roll"] = best(lambda: tracker.run({"op": "odds", "events": odds_at,
                                                                       "event": attack}))
    print(f"baseline (state of an empty log): {base * 1000:.3f} ms")
    for name, seconds in figures.items():
        print(f"{name:34} {seconds * 1000:9.2f} ms  {seconds / base:9.1f} x baseline")


if __name__ == "__main__":
    main()
