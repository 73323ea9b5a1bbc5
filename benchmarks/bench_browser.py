"""How fast the calculators are in Chromium on this machine (a benchmark, not a test).

Measured in one run, in Debian's chromium through Playwright, against the
built site served on 127.0.0.1:

* Pyodide's bare start-up: a page whose module worker only runs
  ``loadPyodide`` (same files as the site; also with Pyodide's original,
  not pre-compiled, standard library), from navigation start to ready;
* a calculator page, first visit (empty cache): navigation start to Python
  ready and to the first live result, with the worker's own breakdown
  (Pyodide restored from the build's memory snapshot, or started cold, then
  wheel and import);
* the same page again (cached visit: HTTP cache and service worker);
* the first visit again with the snapshot withheld (the worker's cold-start
  fallback), to show what the snapshot saves;
* for every calculator at its default inputs: input change to updated result.

Usage: python benchmarks/bench_browser.py [--site _build/html] [--runs 3]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from voidref import calc  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head><body>
<p id="out">starting</p>
<script type="module">
const w = new Worker(new URL("bare-worker.mjs?base=" + encodeURIComponent(new URLSearchParams(location.search).get("base")), location.href), {type: "module"});
w.onmessage = (e) => { window.bare = {ready: performance.now(), inWorker: e.data}; document.getElementById("out").textContent = "ready"; };
</script></body></html>"""

BARE_WORKER = """const base = new URL(new URL(self.location.href).searchParams.get("base"), self.location.href).href;
const t0 = performance.now();
const { loadPyodide } = await import(base + "pyodide.mjs");
await loadPyodide({ indexURL: base });
postMessage(performance.now() - t0);
"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def translate_path(self, path):
        clean = path.split("?")[0]
        if clean.startswith("/__orig/"):
            return os.path.join(ROOT, "node_modules", "pyodide", clean[len("/__orig/"):])
        return super().translate_path(path)

    def do_GET(self):
        clean = self.path.split("?")[0]
        pages = {"/__bench/bare.html": ("text/html", BARE_HTML),
                 "/__bench/bare-worker.mjs": ("text/javascript", BARE_WORKER)}
        if clean in pages:
            kind, body = pages[clean]
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_GET()


def _serve(site: str):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=site))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _median(xs):
    return statistics.median(xs) if xs else float("nan")


def bare_startup(browser, url: str, base: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url + "__bench/bare.html?base=" + base)
        page.locator("#out", has_text="ready").wait_for(timeout=120_000)
        out.append(page.evaluate("() => window.bare.ready"))
        ctx.close()
    return out


def calculator_visit(browser, url: str, page_path: str, runs: int, cold: bool = False):
    first, cached = [], []
    for _ in range(runs):
        ctx = browser.new_context()
        if cold:
            ctx.route("**/*.snapshot.gz", lambda route: route.fulfill(status=200, body=b"withheld"))
        for visit in ("first", "cached"):
            page = ctx.new_page()
            page.goto(url + page_path)
            # Python starts when the player reaches for a calculator (calc.js).
            page.locator(".voidref-calc .vc-form [name]").first.focus()
            page.locator(".vc-result[data-state='live']").first.wait_for(timeout=120_000)
            t = page.evaluate("() => window.voidrefCalcTiming")
            (first if visit == "first" else cached).append(t)
            if visit == "first":
                page.evaluate("async () => { await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 20000))]); }")
                # let the service worker finish caching before the second visit
                page.wait_for_timeout(1500)
            page.close()
        ctx.close()
    return first, cached


def input_changes(browser, url: str, page_path: str, repeats: int = 5):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url + page_path)
    page.locator(".voidref-calc .vc-form [name]").first.focus()
    page.locator(".vc-status[data-state='ready']").first.wait_for(timeout=120_000)
    for c in calc.calculators():
        page.locator(f"section[data-key='{c.slug}'] .vc-result[data-state='live']").wait_for(timeout=120_000)
    out = {}
    for c in calc.calculators():
        field = next((f for f in c.fields if f.kind in ("int", "choice")), None)
        if field is None:
            continue
        if field.kind == "int":
            other = str(field.default + 1 if field.default + 1 <= field.high else field.default - 1)
        else:
            values = [v for v, _ in field.choices]
            other = values[(values.index(field.default) + 1) % len(values)]
        default = field.format(field.default)
        times = []
        for k in range(repeats * 2):
            value = other if k % 2 == 0 else default
            ms = page.evaluate(
                """async ([slug, name, value]) => {
                    const root = document.querySelector(`section[data-key="${slug}"]`);
                    const el = root.querySelector(`[name="${name}"]`);
                    const before = Number(root.dataset.computed || 0);
                    const done = new Promise((resolve) => {
                        const obs = new MutationObserver(() => {
                            if (Number(root.dataset.computed || 0) > before) { obs.disconnect(); resolve(); }
                        });
                        obs.observe(root, {attributes: true, attributeFilter: ["data-computed"]});
                    });
                    const t0 = performance.now();
                    el.value = value;
                    el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", {bubbles: true}));
                    await done;
                    await new Promise((r) => requestAnimationFrame(() => r()));
                    return performance.now() - t0;
                }""", [c.slug, field.name, value])
            if value == default:
                times.append(ms)
        out[c.slug] = times
    ctx.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=os.path.join(ROOT, "_build", "html"))
    ap.add_argument("--page", default="calculators.html")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, url = _serve(os.path.abspath(args.site))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        bare_site = bare_startup(browser, url, "/_static/pyodide/", args.runs)
        bare_orig = bare_startup(browser, url, "/__orig/", args.runs)
        first, cached = calculator_visit(browser, url, args.page, args.runs)
        cold_first, _ = calculator_visit(browser, url, args.page, args.runs, cold=True)
        changes = input_changes(browser, url, args.page)
        browser.close()
    server.shutdown()

    def med(rows, key):
        return _median([r[key] for r in rows if key in r])

    print(f"Chromium, {args.runs} runs each, medians in ms (page times from navigation start)")
    print(f"  Pyodide bare start-up, site files (pre-compiled stdlib): {_median(bare_site):7.0f}")
    print(f"  Pyodide bare start-up, npm files (source stdlib):        {_median(bare_orig):7.0f}")
    def visit(label, rows):
        used = sum(1 for r in rows if r.get("snapshot"))
        print(f"  {label:13s} Python ready {med(rows, 'ready'):7.0f}   first live result {med(rows, 'firstLive'):7.0f}"
              f"   (snapshot used in {used} of {len(rows)})")
        print(f"     worker created at {med(rows, 'created'):.0f}, running at {med(rows, 'workerStarted'):.0f}; "
              f"inside it: Pyodide {med(rows, 'python'):.0f}, wheel {med(rows, 'wheel'):.0f}, "
              f"import {med(rows, 'import'):.0f}, total {med(rows, 'total'):.0f}")

    visit("First visit:", first)
    visit("Cached visit:", cached)
    visit("Cold start:", cold_first)
    print(f"  Snapshot saves on a first visit: {med(cold_first, 'firstLive') - med(first, 'firstLive'):7.0f}")
    overhead = med(first, "firstLive") - _median(bare_site)
    print(f"  Our overhead above bare start-up (first visit, first live result): {overhead:7.0f}")
    print("  Input change to updated result, at default inputs (median / max of 5):")
    for slug, times in changes.items():
        print(f"     {slug:22s} {_median(times):6.1f} / {max(times):6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
