"""Every calculator in CPython: one input change at its defaults and at its largest inputs (figures, not tests).

The largest inputs are found the way ``bench_browser.py`` sets them (every
whole-number field at its maximum), then widened: each choice and yes/no field
(and each whole-number field, tried at its minimum, middle and default) in
turn is set to the value that makes the call slowest, keeping the slowest
values found so far, and a few of the largest texts a text field accepts are
tried (a 40-die Void Drifters pool, 60 damage dice). Every time is a cold call:
the engine's remembered answers are forgotten before it, so a figure is what a
player pays the first time they ask.

Pyodide in the browser runs about 1.5 to 3 times slower than CPython here, so
a call over about 100 ms in CPython is flagged (``*``): likely over the 250 ms
the browser may take.

Machines differ (the same calculator has measured 2.5 times slower on one
sandbox than on another), so each figure is also shown as a ratio to a
reference timed in the same run: the full distribution of the 20-die Void
Drifters pool, the baseline of ``bench_pools.py``.

With ``--random SECONDS``, forms drawn at random for that long per calculator
are timed too, and the slowest shown with how many forms answered which way
(the "Method" of the Upper Hand engagement: a simulation there means its
exact walk gave up).

Usage: python benchmarks/bench_calculators.py [--slug SLUG ...] [--quick] [--runs N] [--random SECONDS]
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from bench_pools import REFERENCE_POOL  # noqa: E402

from voidref import calc  # noqa: E402

FLAG_MS = 100
TEXTS = {
    "check-odds": {"dice": ("20M vs 20H", "10A 10M vs 10T 10H", "7A 7M 7B vs 7T 6H 6b", "20A vs 20T",
                            "14M 6B vs 14H 6b")},
    "pirates-soak": {"dice": ("60d10", "50d12", "60d6", "30d20")},
    "pirates-ship-gunnery": {"dice": ("60d10", "50d12", "60d6", "30d20")},
    "cantor-attack": {"damage": ("12d20", "12d12+5")},
    "cantor-structure": {"damage": ("12d20", "12d12+5")},
}
"""Large texts the text fields accept, tried as candidates for the largest inputs."""


def forget() -> None:
    """Forget every remembered answer of the engine, so the next call is cold."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("voidref") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and isinstance(value, functools._lru_cache_wrapper):
                clear()
            elif type(value).__name__ == "Memo":
                value.clear()


def cold_ms(slug: str, inputs: dict[str, str], runs: int) -> tuple[float, dict]:
    """Best of *runs* cold calls of the calculator, in ms, and the last output."""
    best = float("inf")
    out: dict = {}
    for _ in range(runs):
        forget()
        t = time.perf_counter()
        out = calc.run(slug, inputs)
        best = min(best, (time.perf_counter() - t) * 1000)
    return best, out


def largest(c, runs: int, quick: bool) -> tuple[float, dict[str, str], dict]:
    """The slowest inputs found for calculator *c*: ints at their maximum, then each other field at its slowest."""
    form = {f.name: str(f.high) for f in c.fields if f.kind == "int"}
    ms, out = cold_ms(c.slug, form, runs)
    if not out.get("ok"):  # the maxima contradict each other: the slowest form with one field back at its default
        ms = -1.0
        for f in c.fields:
            if f.kind == "int":
                t, o = cold_ms(c.slug, {**form, f.name: str(f.default)}, runs)
                if o.get("ok") and t > ms:
                    ms, best, out = t, {**form, f.name: str(f.default)}, o
        form = best
    if quick:
        return ms, form, out
    for f in c.fields:
        if f.kind == "int":
            values = sorted({str(f.low), str(f.default), str((f.low + f.high) // 2)} - {form.get(f.name)})
        elif f.kind == "choice":
            values = [v for v, _ in f.choices]
        elif f.kind == "bool":
            values = ["0", "1"]
        elif f.kind == "text":
            values = list(TEXTS.get(c.slug, {}).get(f.name, ()))
        else:
            continue
        for value in values:
            trials = [{**form, f.name: value}]
            if f.kind == "text":  # a long text may only fit beside smaller numbers: try it at the defaults too
                trials.append({f.name: value})
            for trial in trials:
                t, o = cold_ms(c.slug, trial, 1)
                if o.get("ok") and t > ms:
                    t, o = cold_ms(c.slug, trial, runs)
                    if t > ms:
                        ms, form, out = t, trial, o
    return ms, form, out


def _method(out: dict) -> str:
    """The "Method" line of a calculator's text (how the Upper Hand engagement answered), or ``""``."""
    return next((line.split(":", 1)[1].strip() for line in out.get("text", "").splitlines()
                 if line.startswith("Method:")), "")


def random_forms(c, seconds: float, runs: int, seed: int = 1) -> tuple[int, dict, float, dict[str, str], dict]:
    """Forms of calculator *c* drawn at random for *seconds*, each a cold call: the slowest, and how each answered.

    A search around the largest form (:func:`largest`) changes one field at a
    time, so it misses a slow answer that takes several fields together (it
    missed the Upper Hand engagements that fell back on a simulation, half a
    second each). Whole numbers are drawn at their maximum three times in
    ten, at their minimum three in twenty, otherwise anywhere in range.
    Returns ``(forms drawn, {method: count}, slowest ms, its form, its output)``;
    the slowest is timed again, best of *runs*.
    """
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    count, methods, slowest, form, out = 0, {}, -1.0, {}, {}
    while time.perf_counter() < deadline:
        trial = {}
        for f in c.fields:
            if f.kind == "int":
                r = rng.random()
                trial[f.name] = str(f.high if r < 0.3 else f.low if r < 0.45 else rng.randint(f.low, f.high))
            elif f.kind == "choice":
                trial[f.name] = rng.choice([v for v, _ in f.choices])
            elif f.kind == "bool":
                trial[f.name] = rng.choice(["0", "1"])
            elif f.kind == "text":
                trial[f.name] = rng.choice([*TEXTS.get(c.slug, {}).get(f.name, ()), f.format(f.default)])
        t, o = cold_ms(c.slug, trial, 1)
        count += 1
        method = (_method(o) or "answered") if o.get("ok") else "refused"
        methods[method] = methods.get(method, 0) + 1
        if o.get("ok") and t > slowest:
            slowest, form, out = t, trial, o
    if form:
        slowest, out = cold_ms(c.slug, form, runs)
    return count, methods, slowest, form, out


def reference_ms(runs: int = 7) -> float:
    """Best of *runs* cold full distributions of the 20-die pool (``bench_pools.py``'s baseline), in ms."""
    best = float("inf")
    for _ in range(runs):
        forget()
        t = time.perf_counter()
        REFERENCE_POOL.distribution()
        best = min(best, (time.perf_counter() - t) * 1000)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--slug", action="append", help="only these calculators")
    ap.add_argument("--quick", action="store_true", help="whole-number fields at their maximum only")
    ap.add_argument("--runs", type=int, default=3, help="cold calls per figure (the best is shown)")
    ap.add_argument("--random", type=float, default=0, metavar="SECONDS",
                    help="also draw random forms for this long per calculator, and show the slowest")
    args = ap.parse_args(argv)
    ref = reference_ms()
    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"Cold calc.run() in {where}, best of {args.runs} (ms); * over {FLAG_MS} ms; (x) = ratio to the reference")
    print(f"Reference, the 20-die pool's full distribution (bench_pools.py): {ref:.1f} ms")
    print(f"  {'calculator':24s} {'defaults':>16s} {'largest':>16s}  largest inputs (changed from the maximum form)")
    for c in calc.calculators():
        if args.slug and c.slug not in args.slug:
            continue
        d, _ = cold_ms(c.slug, {}, args.runs)
        big, form, out = largest(c, args.runs, args.quick)
        maxed = {f.name: str(f.high) for f in c.fields if f.kind == "int"}
        changed = {k: v for k, v in form.items() if maxed.get(k) != v}
        method = _method(out) if out.get("ok") else out.get("error", "")
        flag = lambda ms: "*" if ms > FLAG_MS else " "  # noqa: E731
        note = ", ".join(f"{k}={v}" for k, v in changed.items()) or "ints at maximum"
        print(f"  {c.slug:24s} {d:8.1f}{flag(d)}({d / ref:4.2f}) {big:8.1f}{flag(big)}({big / ref:4.2f})  {note}"
              + (f"  [{method}]" if method else ""), flush=True)
        if args.random:
            count, methods, slow, drawn, out = random_forms(c, args.random, args.runs)
            answers = ", ".join(f"{k} {n}" for k, n in sorted(methods.items()))
            print(f"  {'':24s} {'random:':>16s} {slow:8.1f}{flag(slow)}({slow / ref:4.2f})  slowest of {count} forms "
                  f"({answers}): " + ", ".join(f"{k}={v}" for k, v in drawn.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
