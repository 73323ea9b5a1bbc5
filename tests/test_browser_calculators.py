"""The calculators in real Chromium, against the built site served on 127.0.0.1.

Python's Playwright drives Debian's chromium (never a downloaded browser).
Every page is watched for console errors, page errors and requests to any
origin but the local server; each test fails on any of them.

The site must be built first (``make site`` or the ``docs-strict`` step of
``make test``); ``VOIDREF_SITE`` names the folder (default ``_build/html``).
Without a built site or chromium these tests skip, unless
``VOIDREF_REQUIRE_BROWSER=1`` (set by ``make test``) makes that a failure.
The fixtures are in ``tests/conftest.py``, the helpers in ``tests/browser_helpers.py``.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sys

import pytest
from browser_helpers import (
    CALC_PAGE,
    READY_MS,
    ROOT,
    SLUGS,
    Watch,
    apply,
    changed_inputs,
    open_calc,
    python_requests,
    reach_for,
    set_field,
    wait_live,
)
from playwright.sync_api import expect

from voidref import calc

sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
from voidref_calculators.directive import EAGER_FORMS  # noqa: E402

sys.path.pop(0)

pytestmark = pytest.mark.browser


def computed_count(root) -> int:
    return int(root.get_attribute("data-computed") or 0)


def test_calculators_page_lists_every_calculator():
    """docs/calculators.md places every registered calculator."""
    with open(os.path.join(ROOT, "docs", "calculators.md"), encoding="utf-8") as fh:
        text = fh.read()
    for slug in SLUGS:
        assert f"{{calculator}} {slug}\n" in text
        index = text[text.index("## Every calculator"):text.index("## Void Drifters")]
        assert f'href="#calc-{slug}"' in index, f"the index at the top of calculators.md misses {slug}"


def test_ruling_switches_are_folded_under_rulings(browser, site):
    """Each calculator's ruling switches sit in one closed "Rulings" disclosure; the main fields stay outside."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        for slug in SLUGS:
            root = page.locator(f"section.voidref-calc[data-key='{slug}']")
            root.scroll_into_view_if_needed()  # as a reader reaches it: one far below is not drawn (calc.css)
            root.locator("form").wait_for()  # and one below the first screen gets its form as it nears
            switches = [f.name for f in calc.get(slug).fields if f.group == "rulings"]
            details = root.locator("details.vc-rulings")
            assert details.count() == (1 if switches else 0), slug
            if switches:
                expect(details.locator("summary")).to_have_text("Rulings", use_inner_text=True)  # drawn once reached
                assert details.get_attribute("open") is None
                inside = details.locator("[name]").evaluate_all("els => els.map(e => e.name)")
                assert inside == switches, slug
    finally:
        ctx.close()


def test_prebuilt_results_visible_without_javascript(browser, site):
    """Every default result is in the page as built: visible with JavaScript off, labels real."""
    ctx = browser.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        first = page.locator("section.voidref-calc").evaluate_all("els => els.map(e => e.dataset.key)")[:EAGER_FORMS]
        for slug in SLUGS:
            root = page.locator(f"section.voidref-calc[data-key='{slug}']")
            root.scroll_into_view_if_needed()  # as a reader reaches it: one far below is not drawn (calc.css)
            expected = calc.run(slug, {})
            headline = expected["text"].splitlines()[0]
            expect(root.locator(".vc-headline"), slug).to_have_text(headline, use_inner_text=True)
            assert root.locator(".vc-result").is_visible()
            assert root.locator(".vc-text").text_content() == expected["text"], slug
            fields = calc.get(slug).fields
            if slug in first:
                for f in fields:  # every input has a real label
                    assert root.locator(f"label[for='calc-{slug}-{f.name}']").count() == 1, (slug, f.name)
                assert root.locator(".vc-setup").count() == 0, slug
            else:  # the form comes with calc.js: the inputs of the result are listed in words instead
                assert root.locator("form").count() == 0, slug
                listed = root.locator(".vc-setup li").all_inner_texts()
                names = root.locator(".vc-setup-name").all_inner_texts()
                assert names == [f"{f.label}:" for f in fields], slug
                assert [x[len(n):].strip() for x, n in zip(listed, names)] == [
                    f.shown(f.format(f.default)) for f in fields], slug
    finally:
        ctx.close()


def test_forms_below_the_first_screen_arrive_as_the_player_nears_them(browser, site):
    """As parsed, the page holds only the first screen's forms (the browser reads every form at
    DOMContentLoaded, which made this page slow). calc.js puts a later one in place at once for a shared link
    to it, which still restores its setup and computes it, and for the others as each nears the view."""
    ctx = browser.new_context(viewport={"width": 375, "height": 740})
    ctx.set_default_timeout(READY_MS)
    try:
        page = ctx.new_page()
        page.add_init_script("document.addEventListener('DOMContentLoaded', () => { window.formsAtDomContentLoaded"
                             " = document.querySelectorAll('.voidref-calc form').length; });")
        page.goto(site.url + CALC_PAGE + "?ship-attack.damage=7#calc-ship-attack")
        root = page.locator("section.voidref-calc[data-key='ship-attack']")
        wait_live(root)
        assert page.evaluate("window.formsAtDomContentLoaded") == EAGER_FORMS
        assert root.locator("[name='damage']").input_value() == "7"
        assert root.locator(".vc-text").text_content() == calc.run("ship-attack", {"damage": "7"})["text"]
        assert root.locator(".vc-setup").count() == 0
        keys = page.locator("section.voidref-calc").evaluate_all("els => els.map(e => e.dataset.key)")
        far = page.locator(f"section.voidref-calc[data-key='{keys[-1]}']")
        assert far.locator("form").count() == 0 and far.locator(".vc-setup").count() == 1  # not near yet
        far.scroll_into_view_if_needed()
        far.locator("form .vc-actions:not([hidden])").wait_for()  # in place and set up by calc.js
        assert far.locator(".vc-setup").count() == 0
        for key in keys:  # every one arrives as the player scrolls down the page
            page.locator(f"section.voidref-calc[data-key='{key}']").scroll_into_view_if_needed()
        page.wait_for_function(f"() => voidrefCalc.calcs.length === {len(SLUGS)}")
        assert page.locator("template.vc-later, .vc-setup").count() == 0
        assert sorted(page.evaluate("voidrefCalc.calcs.map(c => c.key)")) == sorted(SLUGS)
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def shared(browser, site):
    """One calculators page with Python loaded, shared by the per-calculator tests."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    page = ctx.new_page()
    page.goto(site.url + CALC_PAGE)
    reach_for(page.locator("section.voidref-calc").first)
    page.locator(".vc-status[data-state='ready']").first.wait_for()
    yield page
    try:
        watch.check()
    finally:
        ctx.close()


def test_prebuilt_result_visible_before_python_loads(context, site):
    """With Pyodide held back, the built result shows and the status says Python is loading."""
    release = []
    context.route("**/pyodide.asm.wasm", lambda route: release.append(route))
    page, root = open_calc(context, site, SLUGS[0])
    assert root.locator(".vc-result .vc-headline").is_visible()
    root.locator(".vc-status[data-state='loading']").wait_for()
    assert "Loading the calculator engine" in root.locator(".vc-status").inner_text()
    assert root.locator(".vc-result").get_attribute("data-state") == "prebuilt"
    # Progress, of the total the build measured: what a static host sends for each runtime file.
    total = f"{sum(sent_bytes(site, rel) for rel in runtime_files(site)) / 1e6:.1f}"
    root.locator(".vc-status", has_text=f" of {total} MB").wait_for()
    assert re.fullmatch(rf"Loading the calculator engine: \d+\.\d of {re.escape(total)} MB…",
                        root.locator(".vc-status span").inner_text()), root.locator(".vc-status").inner_text()
    assert root.locator(".vc-status").get_attribute("aria-live") == "polite"
    for route in release:
        route.continue_()
    context.unroute("**/pyodide.asm.wasm")


def runtime_files(site) -> list[str]:
    """The files the Python worker fetches (paths under ``_static/``), as the build lists them in config.mjs."""
    with open(os.path.join(site.root, "_static", "calc", "config.mjs"), encoding="utf-8") as fh:
        text = fh.read()
    sizes = json.loads(re.search(r"export const SIZES = (\{.*?\});", text, re.S).group(1))
    return sorted(sizes)


def sent_bytes(site, rel: str) -> int:
    """What a static host sends for ``_static/<rel>``: its gzip, unless that is no smaller (zips, wheels)."""
    with open(os.path.join(site.root, "_static", rel), "rb") as fh:
        data = fh.read()
    return min(len(data), len(gzip.compress(data, compresslevel=6)))


@pytest.mark.parametrize("slug", SLUGS)
def test_live_result_equals_engine(shared, slug):
    """After changing inputs, the page shows exactly what voidref computes here."""
    root = shared.locator(f"section.voidref-calc[data-key='{slug}']")
    root.scroll_into_view_if_needed()  # one below the first screen is set up as it nears the view
    wait_live(root)
    assert root.locator(".vc-status").get_attribute("data-state") == "ready"
    inputs = changed_inputs(slug)
    apply(root, slug, inputs)
    expected = calc.run(slug, inputs)
    assert expected["ok"], expected
    assert root.locator(".vc-text").text_content() == expected["text"]
    assert root.locator(".vc-headline").inner_text() == expected["text"].splitlines()[0]


# Counts the computations the page asks of the worker, before any script of the page runs.
_COUNT_RUNS = """(() => {
  window.__runs = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "run") window.__runs += 1;
    return post.call(this, message, ...rest);
  };
})();"""


@pytest.mark.parametrize("kind", ["choice", "bool"])
def test_a_tapped_select_or_checkbox_asks_for_one_computation(context, site, kind):
    """A select or a checkbox fires "input" and "change" together: the page answers both with one computation."""
    context.add_init_script(_COUNT_RUNS)
    slug = "attack"
    page, root = open_calc(context, site, slug)
    wait_live(root)
    page.wait_for_timeout(300)  # the built results brought live in the background are done
    field = next(f for f in calc.get(slug).fields if f.kind == kind)
    inputs = _current(root, slug)
    if kind == "choice":
        value = next(v for v, _ in field.choices if v != inputs[field.name])
    else:
        value = "0" if inputs[field.name] == "1" else "1"
    before, shown = page.evaluate("() => window.__runs"), computed_count(root)
    set_field(root, slug, field.name, value)
    wait_live(root, shown + 1)
    page.wait_for_timeout(300)  # a second computation, if one were asked for, would be on its way by now
    assert page.evaluate("() => window.__runs") == before + 1
    assert root.locator(".vc-text").text_content() == calc.run(slug, {**inputs, field.name: value})["text"]


@pytest.mark.parametrize("slug", [s for s in SLUGS if any(f.kind == "int" for f in calc.get(s).fields)])
def test_bad_input_shows_inline_error_and_page_keeps_working(shared, slug):
    """An out-of-range number is reported next to its field; fixing it brings results back."""
    root = shared.locator(f"section.voidref-calc[data-key='{slug}']")
    field = next(f for f in calc.get(slug).fields if f.kind == "int")
    wait_live(root)
    inputs = _current(root, slug)
    before = computed_count(root)
    set_field(root, slug, field.name, str(field.high + 1))
    root.locator("xpath=self::*[@data-state='error']").wait_for()
    expected = calc.run(slug, {**inputs, field.name: str(field.high + 1)})["errors"][field.name]
    error = root.locator(f"#calc-{slug}-{field.name}-err")
    assert error.inner_text() == expected
    assert error.is_visible()
    assert root.locator(f"[name='{field.name}']").get_attribute("aria-invalid") == "true"
    set_field(root, slug, field.name, str(field.low))
    root.locator("xpath=self::*[@data-state='live']").wait_for()
    assert computed_count(root) > before + 1
    assert error.inner_text() == ""
    assert root.locator(".vc-text").text_content() == calc.run(slug, {**inputs, field.name: str(field.low)})["text"]


def _current(root, slug: str) -> dict[str, str]:
    """The calculator's inputs as the form holds them now."""
    out = {}
    for f in calc.get(slug).fields:
        el = root.locator(f"[name='{f.name}']")
        out[f.name] = ("1" if el.is_checked() else "0") if f.kind == "bool" else el.input_value()
    return out


def test_typed_markup_is_shown_as_text(context, site):
    """Markup typed into a field comes back as text in the error, never as elements."""
    slug = "check-odds"
    page, root = open_calc(context, site, slug)
    wait_live(root)
    evil = '<img src=x onerror="document.title=1">'
    set_field(root, slug, "dice", evil)
    root.locator("xpath=self::*[@data-state='error']").wait_for()
    assert evil in root.locator(f"#calc-{slug}-dice-err").inner_text()
    assert page.locator(".voidref-calc img").count() == 0
    assert page.title() != "1"


def test_shared_url_restores_state(context, site):
    """The page URL carries every calculator's inputs; opening it elsewhere restores setups and results."""
    page = context.new_page()
    page.goto(site.url + CALC_PAGE)
    reach_for(page.locator("section.voidref-calc").first)
    page.locator(".vc-status[data-state='ready']").first.wait_for()
    expected = {}
    for slug in SLUGS:
        root = page.locator(f"section.voidref-calc[data-key='{slug}']")
        inputs = changed_inputs(slug)
        apply(root, slug, inputs)
        expected[slug] = (inputs, calc.run(slug, inputs)["text"])
        assert root.locator(".vc-text").text_content() == expected[slug][1]
    url = page.url
    assert "?" in url
    other = context.new_page()
    other.goto(url)
    for slug, (inputs, text) in expected.items():
        root = other.locator(f"section.voidref-calc[data-key='{slug}']")
        wait_live(root)
        for name, value in inputs.items():
            el = root.locator(f"[name='{name}']")
            if calc.get(slug).field(name).kind == "bool":
                assert el.is_checked() == (value == "1")
            else:
                assert el.input_value() == value
        assert root.locator(".vc-text").text_content() == text, slug


def test_offline_reload_still_computes(context, site):
    """After one visit, the calculators work with the network gone (service worker cache)."""
    slug = SLUGS[0]
    page, root = open_calc(context, site, slug)
    wait_live(root)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.locator("html").wait_for()
    # wait until the service worker controls the page (it claims clients on activation)
    for _ in range(100):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(100)
    site.server.offline = True
    context.set_offline(True)
    try:
        page.reload()
        root = page.locator(f"section.voidref-calc[data-key='{slug}']")
        inputs = changed_inputs(slug)
        apply(root, slug, inputs)
        assert root.locator(".vc-text").text_content() == calc.run(slug, inputs)["text"]
    finally:
        context.set_offline(False)
        site.server.offline = False


def test_long_computation_is_stopped_and_reported(context, site):
    """A computation past the time limit is stopped, reported, and the next change works."""
    slug = "check-odds"
    page, root = open_calc(context, site, slug)
    wait_live(root)
    # A 1 ms limit: every computation takes longer than that, even this 40-die pool's
    # chance of success (a few ms since the pool counts only what each question needs).
    root.evaluate("el => { el.dataset.timeoutMs = '1'; }")
    set_field(root, slug, "dice", "10M 10A vs 10H 10b")
    root.locator("xpath=self::*[@data-state='timeout']").wait_for()
    assert "stopped" in root.locator(".vc-general-error").inner_text()
    root.evaluate("el => { delete el.dataset.timeoutMs; }")
    set_field(root, slug, "dice", "2A vs 1T")
    wait_live(root)
    root.locator("xpath=self::*[@data-state='live']").wait_for()
    assert root.locator(".vc-text").text_content() == calc.run(slug, {"dice": "2A vs 1T"})["text"]


def test_worker_fetches_only_the_runtime_the_build_lists(browser, site):
    """The worker fetches Pyodide's program, the trimmed standard library and the wheel: no lock file, no snapshot."""
    ctx = browser.new_context(service_workers="block")  # only the page and its worker fetch
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    ctx.watch = watch
    try:
        page, root = open_calc(ctx, site, "check-odds")
        wait_live(root)
        inputs = changed_inputs("check-odds")
        apply(root, "check-odds", inputs)
        assert root.locator(".vc-text").text_content() == calc.run("check-odds", inputs)["text"]
        fetched = sorted({u.split("?")[0].split("/_static/", 1)[1] for u in python_requests(ctx)})
        assert fetched == sorted(runtime_files(site) + ["calc/config.mjs", "calc/kept.mjs", "calc/worker.mjs"]), fetched
        assert os.path.getsize(os.path.join(site.root, "_static", "pyodide", "python_stdlib.zip")) < 2_000_000
        watch.check()
    finally:
        ctx.close()


def test_startup_failure_is_reported(browser, site):
    """If Python cannot start (here: no WebAssembly file), the status says so clearly."""
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page, root = open_calc(ctx, site, SLUGS[0])
        root.locator(".vc-status[data-state='failed']").wait_for(timeout=READY_MS)
        assert "unavailable" in root.locator(".vc-status").inner_text()
        assert root.locator(".vc-result .vc-headline").is_visible()
    finally:
        ctx.close()


def test_copy_result_gives_plain_text(browser, site):
    """'Copy result' puts the plain-text result on the clipboard."""
    ctx = browser.new_context()
    try:
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.rstrip("/"))
        page, root = open_calc(ctx, site, SLUGS[0])
        wait_live(root)
        root.locator(".vc-copy").click()
        root.locator(".vc-status", has_text="Copied").wait_for()
        assert page.evaluate("() => navigator.clipboard.readText()") == calc.run(SLUGS[0], {})["text"]
    finally:
        ctx.close()


def test_content_security_policy_is_set(site):
    """Every page carries a CSP that allows WebAssembly compilation and nothing foreign."""
    with open(os.path.join(site.root, CALC_PAGE), encoding="utf-8") as fh:
        text = fh.read()
    head = text[text.index("<head"):text.index("</head>")]
    assert 'http-equiv="Content-Security-Policy"' in head
    assert "'wasm-unsafe-eval'" in head
    assert "default-src 'self'" in head
    assert "'unsafe-eval'" not in head.replace("'wasm-unsafe-eval'", "")
