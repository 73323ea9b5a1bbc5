"""The calculators in real Chromium, against the built site served on 127.0.0.1.

Python's Playwright drives Debian's chromium (never a downloaded browser).
Every page is watched for console errors, page errors and requests to any
origin but the local server; each test fails on any of them.

The site must be built first (``make site`` or the ``docs-strict`` step of
``make test``); ``VOIDREF_SITE`` names the folder (default ``_build/html``).
Without a built site or chromium these tests skip, unless
``VOIDREF_REQUIRE_BROWSER=1`` (set by ``make test``) makes that a failure.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import re
import threading
from urllib.parse import urlsplit

import pytest

from voidref import calc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))
REQUIRED = os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY_MS = 60_000
CALC_PAGE = "calculators.html"

pytestmark = pytest.mark.browser


def _missing(reason: str):
    if REQUIRED:
        pytest.fail(reason)
    pytest.skip(reason)


#: sent as they are, like a static host does: already compressed
PRECOMPRESSED = (".zip", ".whl", ".gz", ".png", ".jpg", ".woff2", ".woff")
_GZIPPED: dict[tuple[str, float], bytes] = {}


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site gzipped, as a static host would; drops every connection while 'offline'."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.server.offline:
            self.close_connection = True
            return
        with self.server.lock:
            path = self.path.split("?")[0]
            self.server.hits[path] = self.server.hits.get(path, 0) + 1
        if not self._send_gzipped():
            super().do_GET()

    def _send_gzipped(self) -> bool:
        """Send the file gzipped if the browser accepts that and it is worth it; say whether it was sent."""
        fs_path = self.translate_path(self.path)
        if (not os.path.isfile(fs_path) or fs_path.endswith(PRECOMPRESSED)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return False
        key = (fs_path, os.path.getmtime(fs_path))
        if key not in _GZIPPED:
            with open(fs_path, "rb") as fh:
                _GZIPPED[key] = gzip.compress(fh.read(), compresslevel=6, mtime=0)
        body = _GZIPPED[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(fs_path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(key[1])))
        self.end_headers()
        self.wfile.write(body)
        return True

    def end_headers(self):
        # A header policy also binds the worker (a <meta> only binds the page).
        if self.path.split("?")[0].endswith(".mjs"):
            self.send_header("Content-Security-Policy",
                             "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'")
        super().end_headers()


@pytest.fixture(scope="session")
def site():
    """The built site served on 127.0.0.1 (``site.url``, ``site.server.offline``)."""
    if not os.path.exists(os.path.join(SITE, "_static", "pyodide", "pyodide.mjs")):
        _missing(f"no built site with Pyodide in {SITE} (run `make site`)")
    handler = functools.partial(_Handler, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.offline = False
    server.hits = {}  # path: GET requests that reached the server (the network), for tests that count them
    server.lock = threading.Lock()
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    class Site:
        pass

    s = Site()
    s.server = server
    s.url = f"http://127.0.0.1:{server.server_address[1]}/"
    s.root = SITE
    yield s
    server.shutdown()
    server.server_close()


# Other browser test modules import these fixtures, which gives each module its
# own copy of a session fixture; Playwright's sync API can run only once per
# process, so every copy hands out the one browser started first.
_SHARED_BROWSER: list = []


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, headless, through Playwright (one per test session)."""
    if _SHARED_BROWSER:
        yield _SHARED_BROWSER[0]
        return
    if not os.path.exists(CHROMIUM):
        _missing(f"{CHROMIUM} is missing (make install-test installs Debian's chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("python playwright is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _SHARED_BROWSER.append(b)
        try:
            yield b
        finally:
            _SHARED_BROWSER.clear()
            b.close()


#: A phone held at the table: 375 by 812 CSS pixels, touch, mobile layout.
PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}


class Watch:
    """Console errors, page errors and foreign requests seen in one browser context."""

    def __init__(self, context, site_url: str):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []
        origin = urlsplit(site_url)[:2]
        context.on("request", self._request(origin))
        self._context = context
        context.on("page", self.page)

    def _request(self, origin):
        def on_request(req):
            self.requests.append(req.url)
            parts = urlsplit(req.url)
            if parts.scheme in ("data", "blob", "about"):
                return
            if parts[:2] != origin:
                self.foreign.append(req.url)
        return on_request

    def page(self, page):
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text} ({m.location.get('url')})")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("worker", lambda w: w.on("console", lambda m: self.errors.append(f"worker console: {m.text}")
                                          if m.type == "error" else None))

    def check(self):
        assert not self.errors, "console errors:\n" + "\n".join(self.errors)
        assert not self.foreign, "requests to other origins:\n" + "\n".join(self.foreign)


@pytest.fixture
def context(browser, site):
    """A fresh browser context (own cache and service workers) that must stay clean."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    ctx.watch = watch
    yield ctx
    try:
        watch.check()
    finally:
        site.server.offline = False
        ctx.close()


@pytest.fixture(scope="module")
def phone(browser, site):
    """One phone-sized browser context (no service worker) shared by a module's tests; it must stay clean."""
    ctx = browser.new_context(service_workers="block", **PHONE)
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    yield ctx
    try:
        watch.check()
    finally:
        ctx.close()


def reach_for(root) -> None:
    """What a player does first: put the keyboard focus (or a finger) in a calculator.

    Python's worker starts only then: a reader who never touches a
    calculator downloads no Python.
    """
    root.locator(".vc-form [name]").first.focus()


def open_calc(context, site, slug: str, query: str = "", touch: bool = True):
    """Open the calculators page and reach for one calculator; return (page, its root locator)."""
    page = context.new_page()
    page.goto(site.url + CALC_PAGE + query)
    root = page.locator(f"section.voidref-calc[data-key='{slug}']")
    if touch:
        reach_for(root)
    return page, root


def wait_live(root, computed: int | None = None):
    """Wait until the calculator shows a live result (optionally its n-th computation)."""
    if computed is not None:
        root.locator(f"xpath=self::*[@data-computed='{computed}']").wait_for()
    root.locator(".vc-result[data-state='live']").wait_for()


def computed_count(root) -> int:
    return int(root.get_attribute("data-computed") or 0)


def set_field(root, slug: str, name: str, value: str) -> None:
    el = root.locator(f"[name='{name}']")
    field = calc.get(slug).field(name)
    if field.group:  # a ruling switch: open its disclosure first, as a player would
        root.locator(f"details.vc-{field.group}").evaluate("d => { d.open = true; }")
    if field.kind == "choice":
        el.select_option(value)
    elif field.kind == "bool":
        el.set_checked(value == "1")
    else:
        el.fill(value)


# Free-text fields get a hand-written change (it must still be valid input).
TEXT_CHANGES = {"initiative": {"combatants": "Kestrel, gm, 3\nOrrin, player, 3\nMave, player, -1"}}


def changed_inputs(slug: str) -> dict[str, str]:
    """Inputs that differ from the defaults but stay valid: one step on each number and choice."""
    c = calc.get(slug)
    out = dict(TEXT_CHANGES.get(slug, {}))
    for f in c.fields:
        if f.kind == "int":
            out[f.name] = str(f.default + 1 if f.default + 1 <= f.high else f.default - 1)
        elif f.kind == "choice":
            values = [v for v, _ in f.choices]
            out[f.name] = values[(values.index(f.format(f.default)) + 1) % len(values)]
    assert calc.run(slug, out)["ok"], f"TEXT_CHANGES/changed_inputs give bad input for {slug}"
    return out


def apply(root, slug: str, inputs: dict[str, str]) -> None:
    """Set several fields, then wait for the result of the last change.

    A change marks the calculator pending at once (in the input event), and
    only a result for the newest inputs makes it live again.
    """
    reach_for(root)
    wait_live(root)
    for name, value in inputs.items():
        set_field(root, slug, name, value)
    wait_live(root)
    root.locator("xpath=self::*[@data-state='live']").wait_for()


SLUGS = [c.slug for c in calc.calculators()]



def _python_requests(context) -> list[str]:
    return [u for u in context.watch.requests
            if "/pyodide/" in u or "/_static/calc/" in u and not u.split("?")[0].endswith((".js", ".css"))
            or u.endswith("/sw.js")]


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
    ctx = browser.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        for slug in SLUGS:
            root = page.locator(f"section.voidref-calc[data-key='{slug}']")
            switches = [f.name for f in calc.get(slug).fields if f.group == "rulings"]
            details = root.locator("details.vc-rulings")
            assert details.count() == (1 if switches else 0), slug
            if switches:
                assert details.locator("summary").inner_text() == "Rulings"
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
        for slug in SLUGS:
            root = page.locator(f"section.voidref-calc[data-key='{slug}']")
            expected = calc.run(slug, {})
            assert root.locator(".vc-headline").inner_text() == expected["text"].splitlines()[0], slug
            assert root.locator(".vc-result").is_visible()
            assert root.locator("pre.vc-text").text_content() == expected["text"], slug
            for f in calc.get(slug).fields:  # every input has a real label
                assert root.locator(f"label[for='calc-{slug}-{f.name}']").count() == 1, (slug, f.name)
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
    wait_live(root)
    assert root.locator(".vc-status").get_attribute("data-state") == "ready"
    inputs = changed_inputs(slug)
    apply(root, slug, inputs)
    expected = calc.run(slug, inputs)
    assert expected["ok"], expected
    assert root.locator("pre.vc-text").text_content() == expected["text"]
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
    assert root.locator("pre.vc-text").text_content() == calc.run(slug, {**inputs, field.name: value})["text"]


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
    assert root.locator("pre.vc-text").text_content() == calc.run(slug, {**inputs, field.name: str(field.low)})["text"]


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
        assert root.locator("pre.vc-text").text_content() == expected[slug][1]
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
        assert root.locator("pre.vc-text").text_content() == text, slug


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
        assert root.locator("pre.vc-text").text_content() == calc.run(slug, inputs)["text"]
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
    assert root.locator("pre.vc-text").text_content() == calc.run(slug, {"dice": "2A vs 1T"})["text"]


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
        assert root.locator("pre.vc-text").text_content() == calc.run("check-odds", inputs)["text"]
        fetched = sorted({u.split("?")[0].split("/_static/", 1)[1] for u in _python_requests(ctx)})
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
