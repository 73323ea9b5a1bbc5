"""Lighthouse's mobile test on each kind of reader page, behind nginx with README.md's configuration.

Lighthouse 12 (npm, pinned) in Debian's chromium, its default mobile
settings (benchmarks/bench_lighthouse.py runs the same and prints the
figures of both servers). Asserted on every kind: Accessibility, Best
Practices and SEO at 100, no layout shift past 0.02, First Contentful Paint
at most 1.5 s and Largest Contentful Paint at most 2.0 s; on the kinds in
:data:`SCORED` also Performance at least 98 (issue #35).

The timings are simulated from the page's requests and from its main-thread
tasks as timed on this machine, times four. Lighthouse's 4x is calibrated
for a host with a BenchmarkIndex of about 1533; a slower or busier host
(CI's ran 87 to 100 on one page) emulates a slower phone than the preset
means. So the first run uses the preset as it is, and a page that misses is
run three more times with the slowdown Lighthouse's calibration gives for
the host's BenchmarkIndex as measured in the runs so far
(bench_lighthouse.calibrated_cpu: never above 4, so a fast host is judged
exactly as before); the median of those three decides. A page that became
heavier still fails: the calibration removes the host's slowness, not the
page's.

The calculators page was timed but not scored until its forms below the
first screen came in ``<template>`` elements, each put in place as it nears
the view (EAGER_FORMS in docs/_ext/voidref_calculators/directive.py): it
scored 90 to 96, because the browser read its 19 forms at DOMContentLoaded
and forced a layout of each calculator kept undrawn.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys

import pytest
from browser_helpers import ROOT, missing

sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import bench_lighthouse  # noqa: E402
import test_hosts  # noqa: E402

pytestmark = pytest.mark.browser

#: the page kinds whose FCP and LCP are asserted (all)
TIMED = tuple(bench_lighthouse.PAGES)
#: the page kinds whose Performance score is asserted too (all)
SCORED = TIMED


@pytest.fixture(scope="module")
def nginx_url(tmp_path_factory):
    if not os.path.exists(bench_lighthouse.LIGHTHOUSE) or not shutil.which("node"):
        missing("node_modules/.bin/lighthouse is missing (make install-test runs npm ci)")
    url, proc = test_hosts.start_nginx(str(tmp_path_factory.mktemp("nginx-lighthouse")))
    yield url
    proc.terminate()
    proc.wait(10)


def _line(kind: str, r: dict) -> str:
    return (f"{kind}: performance {round(r['performance'] * 100)}, FCP {r['fcp'] / 1000:.2f} s, "
            f"LCP {r['lcp'] / 1000:.2f} s, CLS {r['cls']:.3f}, {r['bytes'] / 1000:.0f} kB, "
            f"host index {r['benchmark']:.0f}, CPU x{r['cpu']:g}")


def _fast(kind: str, r: dict) -> bool:
    scored = kind not in SCORED or r["performance"] >= bench_lighthouse.TARGETS["performance"]
    return scored and r["fcp"] <= bench_lighthouse.FCP_MS and r["lcp"] <= bench_lighthouse.LCP_MS


@pytest.mark.parametrize("kind", list(bench_lighthouse.PAGES))
def test_every_kind_of_page_meets_the_mobile_targets(nginx_url, kind):
    """Each page kind: Accessibility, Best Practices and SEO 100, Cumulative Layout Shift at most 0.02; the
    kinds in TIMED also FCP 1.5 s and LCP 2.0 s, those in SCORED Performance 98 (median of three runs when
    one misses, calibrated to the host)."""
    url = nginx_url + bench_lighthouse.PAGES[kind]
    r = bench_lighthouse.lighthouse(url)
    print(_line(kind, r))
    assert (r["accessibility"], r["best-practices"], r["seo"]) == (1, 1, 1), (kind, r["failed"])
    assert r["cls"] <= bench_lighthouse.CLS, (kind, r["cls"])
    if kind not in TIMED or _fast(kind, r):
        return
    indexes, runs = [r["benchmark"]], []
    for _ in range(3):
        again = bench_lighthouse.lighthouse(url, cpu=bench_lighthouse.calibrated_cpu(statistics.median(indexes)))
        print(_line(kind, again))
        indexes.append(again["benchmark"])
        runs.append(again)
    median = {k: statistics.median(x[k] for x in runs) for k in ("performance", "fcp", "lcp")}
    if kind in SCORED:
        assert median["performance"] >= bench_lighthouse.TARGETS["performance"], (kind, median)
    assert median["fcp"] <= bench_lighthouse.FCP_MS, (kind, median)
    assert median["lcp"] <= bench_lighthouse.LCP_MS, (kind, median)


def test_the_slowdown_calibration_follows_lighthouses_table_and_never_exceeds_the_preset():
    """bench_lighthouse.calibrated_cpu: 1533 -> 4x, 1300 -> 3x, 800 -> 2x, 150 -> 1x, linear between, capped at 4."""
    cal = bench_lighthouse.calibrated_cpu
    assert [cal(i) for i in (150, 800, 1300, 1533, 2000, 5000)] == [1.0, 2.0, 3.0, 4.0, 4.0, 4.0]
    assert cal(1050) == 2.5 and cal(0) == 1.0
    values = [cal(i) for i in range(0, 2500, 7)]
    assert values == sorted(values)
