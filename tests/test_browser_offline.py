"""A first visit on a phone's connection, in real Chromium: what it downloads, and how long it takes.

Uses the built site and the fixtures of ``test_browser_calculators.py``. The
test server counts the requests that reach it, so "fetched from the network"
means what it says: a file the browser took from its own cache is not counted.
"""

from __future__ import annotations

import time

import pytest

from test_browser_calculators import (  # noqa: F401  (fixtures)
    CALC_PAGE, READY_MS, Watch, apply, browser, changed_inputs, reach_for, site, wait_live,
)
from voidref import calc

pytestmark = pytest.mark.browser

SLUG = "check-odds"


def _controlled(page, timeout_ms: int = READY_MS) -> None:
    """Wait until the service worker has installed (cached its files) and controls the page."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    for _ in range(timeout_ms // 100):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker never took control of the page")


def test_first_visit_and_the_service_worker_fetch_each_file_once(browser, site):
    """A first visit, a live result and the service worker's caching: no file crosses the network twice."""
    ctx = browser.new_context(service_workers="allow")
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    try:
        with site.server.lock:
            site.server.hits.clear()
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
        inputs = changed_inputs(SLUG)
        apply(root, SLUG, inputs)
        assert root.locator("pre.vc-text").text_content() == calc.run(SLUG, inputs)["text"]
        _controlled(page)
        with site.server.lock:
            hits = dict(site.server.hits)
        twice = {path: n for path, n in hits.items() if n > 1}
        assert not twice, f"fetched more than once from the network: {twice}"
        # the service worker did cache the site (other pages, e.g. the home page) and the runtime
        for path in ("/index.html", "/_static/pyodide/pyodide.asm.wasm", "/sw.js"):
            assert hits.get(path) == 1, (path, hits.get(path))
        watch.check()
    finally:
        ctx.close()


def test_first_visit_at_4_mbit_is_live_within_the_limit(browser, site):
    """At 4 Mbit/s down and 80 ms latency (Chromium's emulation), a first visit goes live after one change."""
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(120_000)
    watch = Watch(ctx, site.url)
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 80, "downloadThroughput": 4_000_000 / 8, "uploadThroughput": 1_000_000 / 8,
        })
        page.goto(site.url + CALC_PAGE)
        root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
        t0 = time.monotonic()
        reach_for(root)
        root.locator("[name='dice']").fill("3A vs 2T")
        root.locator("xpath=self::*[@data-state='live']").wait_for(timeout=60_000)
        elapsed = time.monotonic() - t0
        assert root.locator("pre.vc-text").text_content() == calc.run(SLUG, {"dice": "3A vs 2T"})["text"]
        # The emulation did slow the runtime down: 4 Mbit/s cannot carry it in under 5 s.
        assert elapsed > 5, f"live after {elapsed:.1f} s: the network emulation was not applied"
        print(f"live {elapsed:.1f} s after the first input at 4 Mbit/s, 80 ms")
        watch.check()
    finally:
        ctx.close()


def test_offline_after_use_still_computes_other_inputs(browser, site):
    """Once the player used a calculator, the page reloads and computes with the network gone."""
    ctx = browser.new_context(service_workers="allow")
    ctx.set_default_timeout(READY_MS)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
        reach_for(root)
        wait_live(root)
        _controlled(page)
        site.server.offline = True
        ctx.set_offline(True)
        page.goto(site.url + "drifters/dice.html")
        other = page.locator("section.voidref-calc").first
        slug = other.get_attribute("data-calc")
        inputs = changed_inputs(slug)
        apply(other, slug, inputs)
        assert other.locator("pre.vc-text").text_content() == calc.run(slug, inputs)["text"]
    finally:
        ctx.set_offline(False)
        site.server.offline = False
        ctx.close()
