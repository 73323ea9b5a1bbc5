"""Lighthouse's mobile test of the reader pages, behind nginx and behind ``make serve`` (a benchmark, not a test).

Lighthouse 12 (npm, pinned in package-lock.json) with its default mobile
settings: an emulated phone, simulated slow 4G (1.6 Mbit/s, 150 ms) and a 4x
slower processor, in Debian's chromium. Six kinds of page, each served two
ways from the built site: nginx with README.md's configuration (the
precompressed copies), and ``make serve``'s server (``serve.py``). Printed:
one row per page and server with the four category scores, First and Largest
Contentful Paint, Cumulative Layout Shift, Total Blocking Time (which weighs
30% of the Performance score), the bytes fetched and the host's
BenchmarkIndex as Lighthouse measured it (about 1533 is the host its 4x is
calibrated for; see :func:`calibrated_cpu`), then the median row per
server. The issue's targets (Performance 98, FCP 1.5 s, LCP 2.0 s, CLS
0.02, the other three categories 100) are marked where missed.

Usage: python benchmarks/bench_lighthouse.py [--site _build/html] [--runs 1] [--pages home,rule,...]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIGHTHOUSE = os.path.join(ROOT, "node_modules", ".bin", "lighthouse")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run")
PAGES = {
    "home": "index.html",
    "rule": "drifters/dice.html",
    "quick": "drifters/quick.html",
    "example": "drifters/docking-bay.html",
    "calculators": "calculators.html",
    "pirates": "pirates/damage.html",
}
TARGETS = {"performance": 0.98, "accessibility": 1.0, "best-practices": 1.0, "seo": 1.0}
FCP_MS, LCP_MS, CLS = 1500, 2000, 0.02


#: the processor slowdown of Lighthouse's mobile preset
PRESET_CPU = 4.0


def calibrated_cpu(benchmark_index: float) -> float:
    """The processor slowdown that makes a host with this BenchmarkIndex emulate the preset's phone, at most 4.

    Lighthouse's 4x assumes a host with a BenchmarkIndex of about 1533 (its
    docs/throttling.md, "Calibrating multipliers", and the calculator it
    links: lighthouse-cpu-throttling-calculator, 1300 -> 3x, 800 -> 2x,
    150 -> 1x, linear in between). A slower or busier host times each task
    longer, so 4x on it emulates a slower phone than the preset's; this
    undoes that. A faster host keeps the preset's 4x.

    >>> calibrated_cpu(1533), calibrated_cpu(2500), calibrated_cpu(1300), calibrated_cpu(800)
    (4.0, 4.0, 3.0, 2.0)
    """
    if benchmark_index >= 1300:
        multiplier = 3 + (benchmark_index - 1300) / 233
    elif benchmark_index >= 800:
        multiplier = 2 + (benchmark_index - 800) / 500
    else:
        multiplier = 1 + max(benchmark_index - 150, 0) / 650
    return round(min(multiplier, PRESET_CPU), 2)


def lighthouse(url: str, cpu: float | None = None) -> dict:
    """One Lighthouse run of *url*: its scores and figures (*cpu*: a processor slowdown other than the preset's)."""
    throttling = [] if cpu is None else [f"--throttling.cpuSlowdownMultiplier={cpu}"]
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([LIGHTHOUSE, url, "--quiet", "--output=json", f"--output-path={out.name}",
                        f"--chrome-flags={CHROME_FLAGS}", *throttling], check=True, cwd=ROOT,
                       env=dict(os.environ, CHROME_PATH="/usr/bin/chromium"))
        report = json.load(open(out.name, encoding="utf-8"))
    audits = report["audits"]
    return {
        "benchmark": report["environment"]["benchmarkIndex"],
        "cpu": report["configSettings"]["throttling"]["cpuSlowdownMultiplier"],
        **{name: category["score"] for name, category in report["categories"].items()},
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "bytes": audits["total-byte-weight"]["numericValue"],
        "failed": sorted(k for k, a in audits.items()
                         if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") in
                         ("binary", "numeric", "metricSavings")),
    }


def _row(server: str, page: str, r: dict) -> str:
    def mark(ok: bool) -> str:
        return "" if ok else " ✗"

    scores = " | ".join(f"{round(r[k] * 100)}{mark(r[k] >= t)}" for k, t in TARGETS.items())
    return (f"| {server} | {page} | {scores} | {r['fcp'] / 1000:.2f} s{mark(r['fcp'] <= FCP_MS)} | "
            f"{r['lcp'] / 1000:.2f} s{mark(r['lcp'] <= LCP_MS)} | {r['cls']:.3f}{mark(r['cls'] <= CLS)} | "
            f"{r['tbt']:.0f} ms | {r['bytes'] / 1000:.0f} kB | {r['benchmark']:.0f} |")


def _serve_py(site: str) -> tuple[str, object]:
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    from voidref_calculators.serve import Handler

    class Quiet(Handler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/", httpd


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=os.path.join(ROOT, "_build", "html"))
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--pages", default=",".join(PAGES))
    ap.add_argument("--servers", default="nginx,make serve")
    args = ap.parse_args(argv)
    os.environ["VOIDREF_SITE"] = os.path.abspath(args.site)
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import test_hosts

    servers = {}
    tmp = tempfile.mkdtemp()
    if "nginx" in args.servers:
        url, proc = test_hosts.start_nginx(tmp)
        servers["nginx"] = (url, proc.terminate)
    if "make serve" in args.servers:
        url, httpd = _serve_py(os.path.abspath(args.site))
        servers["make serve"] = (url, httpd.shutdown)
    print("| served by | page | Performance | Accessibility | Best practices | SEO | FCP | LCP | CLS | TBT | bytes "
          "| host index |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    failed: dict[str, set] = {}
    try:
        for server, (url, _stop) in servers.items():
            rows = []
            for page in args.pages.split(","):
                runs = [lighthouse(url + PAGES[page]) for _ in range(args.runs)]
                r = sorted(runs, key=lambda x: x["performance"])[len(runs) // 2]
                rows.append(r)
                failed.setdefault(server, set()).update(r["failed"])
                print(_row(server, page, r), flush=True)
            figures = (*TARGETS, "fcp", "lcp", "cls", "tbt", "bytes", "benchmark")
            median = {k: statistics.median(r[k] for r in rows) for k in figures}
            print(_row(server, "median", median), flush=True)
    finally:
        for _url, stop in servers.values():
            stop()
    for server, names in failed.items():
        print(f"{server}: audits under 0.9 on some page: {', '.join(sorted(names)) or 'none'}")


if __name__ == "__main__":
    main()
