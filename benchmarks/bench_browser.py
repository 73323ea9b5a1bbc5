"""What the calculators cost in Chromium on this machine: bytes and times (a benchmark, not a test).

Measured in one run, in Debian's chromium through Playwright, against the
built site served on 127.0.0.1 gzipped as a static host would (files that
are already compressed, such as zips and wheels, as they are):

* a first visit to the calculators page, up to the first live result after
  one input change, with no service worker: every file that crossed the
  network, its size and what was sent (gzip), and the totals;
* the service worker's work after that (a visit where it may register): what
  it fetched, and whether any file crossed the network twice;
* the time from the first input to the live result: first visit (empty
  cache), and two later visits (HTTP cache and service worker, in a browser
  profile on disk as a player's is; each opens 5 s after the one before
  closed, time for the browser to keep the wasm's optimised code beside the
  cached file, as it would for a player coming back; a later visit restores
  the Python the first one kept on the device, see kept.mjs), with the
  worker's breakdown (Pyodide's start, the wheel, the import, then the first
  computation; when the runtime files had arrived, when the wasm was compiled,
  when Pyodide asked for it and how long it waited);
* the same first visit under Chromium's network emulation at 4 Mbit/s down,
  80 ms latency;
* for every calculator, input change to updated result: at its defaults
  (one field changed back and forth), and at its largest inputs (every whole
  number field at its maximum), and for some at the slowest form
  ``bench_calculators.py`` found (:data:`WORST`) and other slow forms
  (:data:`ALSO`), flagging those over 250 ms.

Usage: python benchmarks/bench_browser.py [--site _build/html] [--runs 3] [--startup-only]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import statistics
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from voidref import calc  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PRECOMPRESSED = (".zip", ".whl", ".gz", ".png", ".jpg", ".woff2", ".woff")
SLUG = "check-odds"
#: how long the first visit stays open before the later one (see visits)
CODE_CACHE_WAIT_MS = 5000
SLOW_MS = 250
WORST = {
    "check-odds": {"dice": "20M vs 20H", "upgrades": "0", "difficulty_upgrades": "0", "boon_dice": "0",
                   "bane_dice": "0"},
    "rounds-to-take-down": {"damage": "0", "crit": "1", "resistance": "0", "deflecting": "1", "wounds": "0",
                            "weapon_skill": "melee", "weapon_range": "extreme", "max_rounds": "20"},
    "pirates-soak": {"dice": "60d10", "critical": "1"},
    "pirates-ship-gunnery": {"dice": "60d10", "pilot_modifier": "-10"},
    "cantor-structure": {"damage": "12d20", "damage_type": "sonic", "evasion": "0"},
    "upper-hand-engagement": {"my_goal": "jump", "their_goal": "jump", "my_computer": "1", "my_guns": "10",
                              "my_thrusters": "10", "my_gunnery": "5", "my_pilot": "0", "their_computer": "10",
                              "their_guns": "10", "their_thrusters": "10", "their_gunnery": "10", "their_pilot": "10",
                              "their_boarders": "10", "throw_dice": "3", "throw_succeeds_at": "10",
                              "disadvantage_extra_dice": "2"},
}
"""The slowest forms benchmarks/bench_calculators.py found beyond every whole number at its maximum (a long text,
a choice, a number below its maximum): these values over the largest inputs, timed as a further change."""
_LEAP = {"my_goal": "leap", "my_computer": "10", "my_guns": "10", "my_thrusters": "6", "my_gunnery": "8",
         "my_pilot": "4", "my_boarders": "1", "their_goal": "jump", "their_computer": "8", "their_guns": "9",
         "their_thrusters": "2", "their_gunnery": "10", "their_pilot": "10", "their_boarders": "10", "throw_dice": "3",
         "throw_succeeds_at": "14", "bare_success_impact": "1", "disadvantage_extra_dice": "2",
         "crew_is_a_component": "0"}
ALSO = {
    "upper-hand-engagement": (
        ("slowest leap found", _LEAP),
        ("once simulated, a certain win", {
            **_LEAP, "my_computer": "1", "my_thrusters": "10", "my_gunnery": "10", "my_pilot": "3", "my_boarders": "10",
            "their_computer": "6", "their_guns": "0", "their_thrusters": "4", "their_pilot": "9", "their_boarders": "0",
            "throw_succeeds_at": "2", "disadvantage_extra_dice": "1", "crew_is_a_component": "1"}),
        ("once simulated, 13/8 rounds", {
            **_LEAP, "my_computer": "8", "my_guns": "0", "my_thrusters": "0", "my_gunnery": "10", "my_pilot": "0",
            "my_boarders": "10", "their_computer": "0", "their_guns": "7", "their_thrusters": "3", "their_gunnery": "9",
            "throw_succeeds_at": "9", "bare_success_impact": "0", "disadvantage_extra_dice": "1",
            "crew_is_a_component": "1"}),
    ),
}
"""Other slow forms, each timed as a further change after :data:`WORST`'s: whole forms that
``bench_calculators.py --random`` found (the slowest leaping engagement, about as slow as the
slowest found before the leap's tables were shared), and two that were answered by a half-second
simulation until the walk's bounds and its exact fallback covered them."""
THROTTLE = {"offline": False, "latency": 80, "downloadThroughput": 4_000_000 / 8, "uploadThroughput": 1_000_000 / 8}


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The site, gzipped when the browser accepts it (except files already compressed); logs what it sent."""

    cache: dict = {}

    def log_message(self, *args):
        pass

    def do_GET(self):
        fs_path = self.translate_path(self.path)
        if not os.path.isfile(fs_path):
            return super().do_GET()
        with open(fs_path, "rb") as fh:
            raw = fh.read()
        body, encoded = raw, False
        if not fs_path.endswith(PRECOMPRESSED) and "gzip" in self.headers.get("Accept-Encoding", ""):
            key = (fs_path, len(raw), os.path.getmtime(fs_path))
            if key not in self.cache:
                self.cache[key] = gzip.compress(raw, compresslevel=6, mtime=0)
            body, encoded = self.cache[key], True
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(fs_path))
        if encoded:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(fs_path))))
        self.end_headers()
        self.wfile.write(body)
        with self.server.lock:
            self.server.log.append((time.monotonic(), self.path.split("?")[0], len(raw), len(body)))


def _serve(site: str):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=site))
    server.daemon_threads = True
    server.log = []
    server.lock = threading.Lock()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _median(xs):
    return statistics.median(xs) if xs else float("nan")


# In the page: wait for one calculator's next result after setting its fields; the time from the
# input event to the result on screen (ms), and the state it ended in.
_CHANGE = """async ([slug, values, limitMs]) => {
    const root = document.querySelector(`section[data-key="${slug}"]`);
    const before = Number(root.dataset.computed || 0);
    const done = new Promise((resolve) => {
        const check = () => {
            const n = Number(root.dataset.computed || 0);
            if (n > before && root.dataset.state !== "pending") { obs.disconnect(); resolve(root.dataset.state); }
            else if (root.dataset.state === "timeout" || root.dataset.state === "failed") {
                obs.disconnect(); resolve(root.dataset.state);
            }
        };
        const obs = new MutationObserver(check);
        obs.observe(root, {attributes: true, attributeFilter: ["data-computed", "data-state"]});
    });
    const limit = new Promise((resolve) => setTimeout(() => resolve("no result within the limit"), limitMs));
    let last = null;
    for (const [name, value] of Object.entries(values)) {
        last = root.querySelector(`[name="${name}"]`);
        if (last.type === "checkbox") last.checked = value === "1"; else last.value = value;
    }
    const t0 = performance.now();
    last.dispatchEvent(new Event(last.tagName === "SELECT" ? "change" : "input", {bubbles: true}));
    const state = await Promise.race([done, limit]);
    await new Promise((r) => requestAnimationFrame(() => r()));
    return {ms: performance.now() - t0, state};
}"""


def _first_input(page, limit_ms=120_000):
    """Open nothing new: reach for the calculator, make one change, return the in-page timing."""
    root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
    root.locator("[name='dice']").focus()
    out = page.evaluate(_CHANGE, [SLUG, {"dice": "3A vs 2T"}, limit_ms])
    out["worker"] = page.evaluate("() => window.voidrefCalcTiming || {}")
    return out


def first_visit_bytes(browser, server, url: str):
    """Files fetched from navigation to the first live result (no service worker), and then the service worker's."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    with server.lock:
        server.log.clear()
    page.goto(url + "calculators.html")
    result = _first_input(page)
    with server.lock:
        before_live = list(server.log)
    ctx.close()
    ctx = browser.new_context(service_workers="allow")
    page = ctx.new_page()
    with server.lock:
        server.log.clear()
    page.goto(url + "calculators.html")
    _first_input(page)
    with server.lock:
        mark = len(server.log)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    for _ in range(300):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)
    with server.lock:
        whole = list(server.log)
    ctx.close()
    return result, before_live, whole, mark


def visits(playwright, url: str, runs: int):
    """Time from the first input to the live result: a first visit, then two later ones.

    Each run is a browser profile of its own on disk, as a player's is: a
    context made with ``new_context`` is like a private window, whose caches
    keep no compiled code, so a later visit there would pay the whole wasm
    start again. Between visits the page stays open CODE_CACHE_WAIT_MS, time
    for Chromium to finish optimising the wasm in the background and keep that
    code beside the cached file; it keeps more of it at each visit.
    """
    first, cached, third = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            ctx = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="allow")
            for visit, rows in enumerate((first, cached, third)):
                page = ctx.new_page()
                page.goto(url + "calculators.html")
                rows.append(_first_input(page))
                if visit == 0:
                    page.evaluate("async () => { await Promise.race([navigator.serviceWorker.ready, "
                                  "new Promise((r) => setTimeout(r, 30000))]); }")
                    for _ in range(300):
                        if page.evaluate("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
                            break
                        page.wait_for_timeout(100)
                # A player comes back later, not within a second: by then the browser has
                # finished optimising the wasm in the background and kept that code
                # beside the cached file, which a later start reuses.
                page.wait_for_timeout(CODE_CACHE_WAIT_MS)
                # By now the worker has kept its Python on the device (kept.mjs), if it started cold.
                rows[-1]["worker"].update(page.evaluate(
                    "() => { const t = window.voidrefCalcTiming || {};"
                    " return {keptMs: t.keptMs, keptBytes: t.keptBytes}; }"))
                page.close()
            ctx.close()
    return first, cached, third


def throttled(browser, url: str):
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", THROTTLE)
    t0 = time.monotonic()
    page.goto(url + "calculators.html")
    loaded = time.monotonic() - t0
    out = _first_input(page, limit_ms=180_000)
    ctx.close()
    out["page_load_s"] = loaded
    return out


def input_changes(browser, url: str, repeats: int = 3, only: str | None = None, warm_up: int = 0):
    """Per calculator (or only the one named): slowest of a few changes at the defaults, and the largest inputs.

    *warm_up* changes are made first and not counted: right after a page
    loads, Chromium still runs the wasm from its quick first compilation
    while it optimises the hot code in the background (the full run
    measures every other calculator first, which does the same).
    """
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url + "calculators.html")
    page.locator(".voidref-calc .vc-form [name]").first.focus()
    page.locator(".vc-status[data-state='ready']").first.wait_for(timeout=120_000)
    for c in calc.calculators():
        page.locator(f"section[data-key='{c.slug}'] .vc-result[data-state='live']").wait_for(timeout=120_000)
    out = {}
    for c in calc.calculators():
        if only is not None and c.slug != only:
            continue
        field = next((f for f in c.fields if f.kind in ("int", "choice")), None)
        defaults = []
        if field is not None:
            if field.kind == "int":
                other = str(field.default + 1 if field.default + 1 <= field.high else field.default - 1)
            else:
                values = [v for v, _ in field.choices]
                other = values[(values.index(field.default) + 1) % len(values)]
            for k in range(-2 * warm_up, repeats * 2):
                value = other if k % 2 == 0 else field.format(field.default)
                r = page.evaluate(_CHANGE, [c.slug, {field.name: value}, 15_000])
                if k % 2 and k >= 0:
                    defaults.append(r["ms"])
        largest = {f.name: str(f.high) for f in c.fields if f.kind == "int"}
        big = page.evaluate(_CHANGE, [c.slug, largest, 15_000]) if largest else None
        if big is not None and big["state"] in ("timeout", "no result within the limit"):
            page.reload()  # a stopped computation ends the worker: start afresh for the next calculator
            page.locator(".voidref-calc .vc-form [name]").first.focus()
            page.locator(".vc-status[data-state='ready']").first.wait_for(timeout=120_000)
        else:
            reset = {f.name: f.format(f.default) for f in c.fields if f.kind == "int"}
            if reset:
                page.evaluate(_CHANGE, [c.slug, reset, 15_000])
        worst = []
        found = ([("slowest found", WORST[c.slug])] if c.slug in WORST else []) + list(ALSO.get(c.slug, ()))
        for label, extra in found:
            form = {f.name: f.format(f.default) for f in c.fields}
            r = page.evaluate(_CHANGE, [c.slug, {**form, **largest, **extra}, 15_000])
            worst.append((label, extra, r))
            if r["state"] in ("timeout", "no result within the limit"):
                page.reload()
                page.locator(".voidref-calc .vc-form [name]").first.focus()
                page.locator(".vc-status[data-state='ready']").first.wait_for(timeout=120_000)
            else:
                page.evaluate(_CHANGE, [c.slug, form, 15_000])
        out[c.slug] = (defaults, big, largest, worst)
    ctx.close()
    return out


def _files_table(rows):
    per = {}
    for _t, path, raw, sent in rows:
        n, r, s = per.get(path, (0, 0, 0))
        per[path] = (n + 1, r + raw, s + sent)
    return per


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=os.path.join(ROOT, "_build", "html"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--startup-only", action="store_true",
                    help="only the bytes before live and the times to live (no throttled run, no input changes)")
    ap.add_argument("--changes-only", metavar="SLUG", nargs="?", const="",
                    help="only the input changes (of the calculator SLUG, if given), after 10 uncounted ones: "
                         "no start-up figures")
    ap.add_argument("--repeats", type=int, default=3, help="changes at the defaults per calculator (default 3)")
    args = ap.parse_args(argv)
    if args.changes_only and args.changes_only not in {c.slug for c in calc.calculators()}:
        ap.error(f"--changes-only: no calculator {args.changes_only!r}")
    from playwright.sync_api import sync_playwright

    server, url = _serve(os.path.abspath(args.site))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.changes_only is not None:
            changes = input_changes(browser, url, args.repeats, args.changes_only or None, warm_up=10)
            browser.close()
            server.shutdown()
            _print_changes(changes, args.repeats)
            return 0
        one, before_live, whole, mark = first_visit_bytes(browser, server, url)
        first, cached, third = visits(p, url, args.runs)
        slow = None if args.startup_only else throttled(browser, url)
        changes = {} if args.startup_only else input_changes(browser, url, args.repeats)
        browser.close()
    server.shutdown()

    print(f"Site: {args.site}; Chromium; server gzips what a static host would")
    print("First visit to calculators.html, navigation to the first live result after one input change")
    print("(no service worker); bytes per file, raw and as sent:")
    per = _files_table(before_live)
    for path, (n, raw, sent) in sorted(per.items(), key=lambda kv: -kv[1][2]):
        print(f"  {path:58s} {raw:>10,d} {sent:>10,d}" + (f"  ({n} requests)" if n > 1 else ""))
    print(f"  {'total (' + str(len(before_live)) + ' requests)':58s} {sum(r for _, _, r, _ in before_live):>10,d}"
          f" {sum(s for _, _, _, s in before_live):>10,d}")
    sw = whole[mark:]
    all_per = _files_table(whole)
    twice = {p: n for p, (n, _r, _s) in all_per.items() if n > 1}
    print(f"Then the service worker (registered once the first answer is in): {len(sw)} more requests, "
          f"{sum(s for *_, s in sw):,d} bytes sent; files fetched twice in the whole visit: "
          f"{twice if twice else 'none'}")

    def ms(rows, key):
        return _median([r[key] for r in rows if key in r])

    def wk(rows, key):
        return _median([r["worker"].get(key) for r in rows if r["worker"].get(key) is not None])

    def first_run(rows):
        return _median([r["worker"]["firstLive"] - r["worker"]["ready"] for r in rows
                        if "firstLive" in r["worker"] and "ready" in r["worker"]])

    print(f"Time from the first input to the live result, median of {args.runs} (ms):")
    for label, rows in (("first visit", first), ("later visit", cached), ("third visit", third)):
        print(f"  {label} {ms(rows, 'ms'):7.0f}   (in the worker: Pyodide {wk(rows, 'python'):.0f}, "
              f"wheel {wk(rows, 'wheel'):.0f}, import {wk(rows, 'import'):.0f}, "
              f"total {wk(rows, 'total'):.0f}; then the first run {first_run(rows):.0f})")
        print(f"  {'':11s}           (from the worker's start: runtime files fetched {wk(rows, 'fetched'):.0f}, "
              f"wasm compiled {wk(rows, 'wasmCompiled'):.0f}, Pyodide asked for it {wk(rows, 'wasmAsked'):.0f} "
              f"and waited {wk(rows, 'wasmWait'):.0f})")
        restored = [r for r in rows if r["worker"].get("restored")]
        if restored:
            print(f"  {'':11s}           (Python restored from the memory kept on the device in {len(restored)} of "
                  f"{len(rows)}; read by {wk(restored, 'keptRead'):.0f})")
        kept = [r for r in rows if r["worker"].get("keptMs") is not None]
        if kept:
            print(f"  {'':11s}           (then kept Python's memory on the device: the worker busy "
                  f"{wk(kept, 'keptMs'):.0f} ms, {wk(kept, 'keptBytes') / 1e6:.1f} MB stored)")
    print(f"  states: {sorted({r['state'] for r in first + cached + third})}")
    if slow is None:
        return 0
    print(f"At 4 Mbit/s down, 80 ms latency (Chromium emulation), first visit: page loaded in "
          f"{slow['page_load_s']:.1f} s, live {slow['ms'] / 1000:.1f} s after the first input ({slow['state']})")
    _print_changes(changes, args.repeats)
    return 0


def _print_changes(changes: dict, repeats: int) -> None:
    print(f"Input change to updated result (ms): at defaults, slowest of {repeats} (and their median); "
          f"at the largest inputs (every whole-number field at its maximum); * over {SLOW_MS} ms, or no live result "
          f"(state 'error': maxima that contradict each other, answered with the form's error)")
    for slug, (defaults, big, largest, worst) in changes.items():
        d = f"{max(defaults):7.1f} ({_median(defaults):5.1f})" if defaults else "      -        "
        if big is None:
            b = "      -  (no whole-number field)"
        else:
            flag = "*" if big["ms"] > SLOW_MS or big["state"] != "live" else " "
            b = f"{big['ms']:7.1f}{flag} {big['state']:5s} " + ", ".join(f"{k}={v}" for k, v in largest.items())
        print(f"  {slug:24s} {d}   {b}")
        for label, extra, r in worst:
            flag = "*" if r["ms"] > SLOW_MS or r["state"] != "live" else " "
            print(f"  {'':24s} {'':15s}   {r['ms']:7.1f}{flag} {r['state']:5s} {label}: "
                  + ", ".join(f"{k}={v}" for k, v in extra.items()))


if __name__ == "__main__":
    sys.exit(main())
