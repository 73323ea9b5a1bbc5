"""Benchmark: every public text reader on hostile text of 1 KB, 100 KB and 1 MB.

Each parser is fed text built to make a backtracking reader slow (long runs
of spaces between the parts of a dice text, repeated half-written tokens,
digit runs, unicode spaces and signs) and the time of its answer (a value or
a ``RulesError``) is printed, with its ratio to the time of reading ``"2d6"``
measured in the same run. Target: every answer under 50 ms at 1 MB.

A call that takes longer than ``--cap`` seconds (default 5) is stopped and
shown as ``> cap``; the larger sizes of that input are then not run (shown
as ``not run``).

Figures, not tests. Run: ``python benchmarks/bench_parsers.py [--cap SECONDS] [--all]``
(``--all`` prints every input, not only each parser's slowest).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from voidref import cantor, pirates, twodice  # noqa: E402
from voidref.calc import get  # noqa: E402
from voidref.calc.fields import BoolField, ChoiceField, IntField, TextField  # noqa: E402
from voidref.dice_notation import DiceNotation  # noqa: E402
from voidref.drifters import Difficulty, Face, Pool  # noqa: E402
from voidref.drifters.ships import EMBER_DRIFT, ShipRange, station_action  # noqa: E402
from voidref.errors import check_enum  # noqa: E402
from voidref.upper_hand import upper_hand_after  # noqa: E402

SIZES = (1_000, 100_000, 1_000_000)
TARGET_MS = 50.0


def _fill(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


INPUTS: dict[str, Callable[[int], str]] = {
    "2D, spaces, +": lambda n: "2D" + " " * (n - 3) + "+",
    "2d6, spaces, x": lambda n: "2d6" + " " * (n - 4) + "x",
    "2d, spaces, 6 +": lambda n: "2d" + " " * (n - 5) + "6 + ",
    "digits": lambda n: "9" * n,
    "2d then digits": lambda n: "2d" + "6" * (n - 2),
    "repeated 2d6+": lambda n: _fill("2d6+", n),
    "repeated '1 upgraded '": lambda n: _fill("1 upgraded ", n),
    "repeated 'vs '": lambda n: _fill("vs ", n),
    "repeated '2A '": lambda n: _fill("2A ", n),
    "unicode spaces and signs": lambda n: _fill("\u3000\u2212\u00e9\u2603", n),
    "letters": lambda n: "S" * n,
}

_MOVEMENT_STEPS = next(f for f in get("movement").fields if f.name == "heavy_gravity_move_maneuvers")

PARSERS: dict[str, Callable[[str], object]] = {
    "DiceNotation.parse": DiceNotation.parse,
    "pirates.DamageRoll.parse": pirates.DamageRoll.parse,
    "cantor.DamageRoll.parse": cantor.DamageRoll.parse,
    "twodice.DamageRoll.parse": twodice.DamageRoll.parse,
    "drifters.Pool.parse": Pool.parse,
    "drifters.Face.parse": Face.parse,
    "Kind.parse (ShipRange)": ShipRange.parse,
    "check_enum (Difficulty)": lambda text: check_enum("difficulty", text, Difficulty),
    "ships.station_action": station_action,
    "ShipProfile.weapon": EMBER_DRIFT.weapon,
    "upper_hand_after (holder)": lambda text: upper_hand_after(text, None),
    "calc IntField.parse": IntField("n", "N", 1, low=0, high=5).parse,
    "calc ChoiceField.parse": ChoiceField("band", "Band", "short", choices=(("short", "Short"),)).parse,
    "calc BoolField.parse": BoolField("b", "B", False).parse,
    "calc TextField.parse": TextField("t", "T", "", max_length=20).parse,
    "calc movement steps field": _MOVEMENT_STEPS.parse,
}


class _Stopped(Exception):
    pass


def _stop(signum, frame):
    raise _Stopped


def time_call(parse: Callable[[str], object], text: str, cap: float, repeat: int = 3) -> float | None:
    """Best wall-clock seconds of *repeat* calls; ``None`` if one ran past *cap*."""
    best = float("inf")
    for _ in range(repeat):
        signal.setitimer(signal.ITIMER_REAL, cap)
        start = time.perf_counter()
        try:
            parse(text)
        except _Stopped:
            return None
        except Exception:  # an answer: a refusal (what kind of error is the hostile test's business)
            pass
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=5.0, help="seconds after which a call is stopped")
    ap.add_argument("--all", action="store_true", help="print every input, not only each parser's slowest")
    args = ap.parse_args()
    signal.signal(signal.SIGALRM, _stop)

    baseline = min(time_call(DiceNotation.parse, "2d6", args.cap, repeat=2000) or 0, 1.0)
    print(f"baseline: DiceNotation.parse('2d6') {baseline * 1e6:.1f} us")
    print(f"{'parser':28} {'size':>9} {'slowest input':26} {'ms':>10} {'x baseline':>12}")
    worst_overall = 0.0
    for pname, parse in PARSERS.items():
        rows: list[tuple[int, str, float | None]] = []  # seconds; inf: stopped at the cap; None: not run
        for iname, make in INPUTS.items():
            stopped = False
            for size in SIZES:
                if stopped:
                    rows.append((size, iname, None))
                    continue
                t = time_call(parse, make(size), args.cap, repeat=3 if size < 1_000_000 else 2)
                stopped = t is None
                rows.append((size, iname, float("inf") if t is None else t))
        for size in SIZES:
            at_size = [r for r in rows if r[0] == size]
            shown = at_size if args.all else [max(at_size, key=lambda r: float("inf") if r[2] is None else r[2])]
            for _, iname, t in shown:
                if t is None:
                    ms, ratio = "not run", "-"
                    worst_overall = float("inf")
                elif t == float("inf"):
                    ms, ratio = f"> {args.cap * 1000:.0f}", "-"
                    worst_overall = float("inf")
                else:
                    ms, ratio = f"{t * 1000:.3f}", f"{t / baseline:,.0f}"
                    worst_overall = max(worst_overall, t)
                print(f"{pname:28} {size:>9,} {iname:26} {ms:>10} {ratio:>12}")
    verdict = "within" if worst_overall * 1000 < TARGET_MS else "NOT within"
    shown_worst = "stopped" if worst_overall == float("inf") else f"{worst_overall * 1000:.2f} ms"
    print(f"slowest answer: {shown_worst} ({verdict} the {TARGET_MS:.0f} ms target)")


if __name__ == "__main__":
    main()
