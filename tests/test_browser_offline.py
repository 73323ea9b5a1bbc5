"""A first visit on a phone's connection, in real Chromium: what it downloads, and how long it takes.

Uses the built site and the fixtures of ``test_browser_calculators.py``. The
test server counts the requests that reach it, so "fetched from the network"
means what it says: a file the browser took from its own cache is not counted.
"""

# ruff: noqa: F811  (pytest fixtures imported from test_browser_calculators are parameters here)
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile

import pytest
from test_browser_calculators import (  # noqa: F401  (browser and site are fixtures)
    CALC_PAGE,
    READY_MS,
    Watch,
    apply,
    browser,
    changed_inputs,
    reach_for,
    set_field,
    site,
    wait_live,
)

from voidref import calc

pytestmark = pytest.mark.browser

SLUG = "check-odds"


CACHE_NAMES = "async () => (await caches.keys()).sort()"


def _version(site) -> str:
    """The offline cache's version, as the build wrote it into sw.js."""
    with open(os.path.join(site.root, "sw.js"), encoding="utf-8") as fh:
        return re.search(r'const VERSION = "([0-9a-f]+)";', fh.read()).group(1)


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
        assert page.evaluate(CACHE_NAMES) == ["voidref-" + _version(site)], "the handoff cache was not emptied"
        # A later visit takes the runtime from the offline cache, and hands nothing over again.
        again = ctx.new_page()
        again.goto(site.url + CALC_PAGE)
        root = again.locator(f"section.voidref-calc[data-key='{SLUG}']")
        apply(root, SLUG, inputs)
        with site.server.lock:
            later = {p: n - hits.get(p, 0) for p, n in site.server.hits.items() if n > hits.get(p, 0)}
        assert not [p for p in later if "/pyodide/" in p or p.endswith(".whl")], later
        assert again.evaluate(CACHE_NAMES) == ["voidref-" + _version(site)]
        watch.check()
    finally:
        ctx.close()


# Notes when the page asks for the service worker, before any script of the page runs.
_NOTE_REGISTER = """(() => {
  const container = window.ServiceWorkerContainer && ServiceWorkerContainer.prototype;
  if (!container) return;
  const register = container.register;
  container.register = function (...args) {
    if (window.__swAskedAt === undefined) window.__swAskedAt = performance.now();
    return register.apply(this, args);
  };
})();"""


def test_the_service_worker_waits_for_the_players_first_answer(browser, site):
    """Storing the site for offline use starts only once the first change is answered, not while Python works on it."""
    ctx = browser.new_context(service_workers="allow")
    ctx.set_default_timeout(READY_MS)
    ctx.add_init_script(_NOTE_REGISTER)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
        # The player taps a field and changes it at once: the change waits for Python, and is answered first.
        reach_for(root)
        set_field(root, SLUG, "dice", "3A vs 2T")
        wait_live(root)
        assert root.locator("pre.vc-text").text_content() == calc.run(SLUG, {"dice": "3A vs 2T"})["text"]
        _controlled(page)
        timing = page.evaluate("() => ({asked: window.__swAskedAt, ...window.voidrefCalcTiming})")
        assert timing["asked"] is not None, "the page never asked for the service worker"
        # Python was ready before that answer, and the service worker was asked for only after it.
        assert timing["ready"] <= timing["firstLive"] <= timing["asked"], timing
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


def test_the_offline_list_holds_the_pages_and_what_they_use_only(site):
    """sw.js lists every page, each file a page names, and the runtime; no locale catalogues, maps or stray logos."""
    with open(os.path.join(site.root, "sw.js"), encoding="utf-8") as fh:
        files = json.loads(re.search(r"const FILES = (\[.*?\]);", fh.read(), re.S).group(1))
    listed = {path.split("?")[0] for path, _hash in files}
    assert all(re.fullmatch(r"[0-9a-f]{16}", h) for _p, h in files)
    pages = {os.path.relpath(os.path.join(d, f), site.root).replace(os.sep, "/")
             for d, _dirs, names in os.walk(site.root) for f in names
             if f.endswith(".html") and not os.path.relpath(d, site.root).startswith("_static")}
    assert pages <= listed, sorted(pages - listed)
    with open(os.path.join(site.root, CALC_PAGE), encoding="utf-8") as fh:
        named = {m.split("?")[0] for m in re.findall(r'(?:src|href)="(_static/[^"#]+)"', fh.read())}
    assert named <= listed, sorted(named - listed)
    assert {"_static/pyodide/pyodide.asm.wasm", "_static/pyodide/python_stdlib.zip",
            "_static/calc/worker.mjs", "_static/calc/config.mjs"} <= listed
    assert not [p for p in listed if p.startswith("_static/locales/") or p.endswith(".map")
                or p.startswith("_static/images/") or p == "sw.js"]
    # a page's query (?v=...) is kept: the service worker asks for the URL the page fetched
    assert any(path.startswith("_static/calc/calc.js?") for path, _hash in files)


# Runs the doctests of every engine module a page can use (all but the command line) under
# Pyodide in node, with the full standard library, and prints the standard-library files
# they loaded beyond what doctest itself needs.
_DOCTEST_MODULES = r"""
import path from "node:path";
import { pathToFileURL } from "node:url";
const root = process.argv[1];
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", root);
console.log(py.runPython(`
import doctest, importlib, json, pkgutil, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
doctest.DocTestRunner().run(doctest.DocTestParser().get_doctest(">>> 1\\n1\\n", {}, "x", "x", 0), out=lambda s: None)
before = set(sys.modules)
import voidref
for info in pkgutil.walk_packages(voidref.__path__, "voidref."):
    if info.name.endswith(("__main__", ".cli")):  # the command line: no page runs it
        continue
    module = importlib.import_module(info.name)
    for test in doctest.DocTestFinder().find(module, info.name):
        test.globs.setdefault("Fraction", __import__("fractions").Fraction)
        doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE).run(test, out=lambda s: None)
prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
files = [getattr(sys.modules[n], "__file__", None) or "" for n in set(sys.modules) - before]
json.dumps(sorted(f[len(prefix):] for f in files if f.startswith(prefix)))
`));
"""


def test_the_trimmed_standard_library_covers_every_engine_doctest(site):
    """Every standard-library module the engine's doctests load (under Pyodide) is in the site's trimmed zip."""
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed to run Pyodide") if os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1" else \
            pytest.skip("node is not installed")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.run([node, "--input-type=module", "-e", _DOCTEST_MODULES, root],
                          capture_output=True, text=True, timeout=600)
    err = proc.stderr
    assert proc.returncode == 0, err[err.find("Traceback"):][:3000] if "Traceback" in err else err[-1500:]
    loaded = json.loads(proc.stdout.strip().splitlines()[-1])
    assert loaded, "the doctests loaded no standard-library module: the check saw nothing"
    with zipfile.ZipFile(os.path.join(site.root, "_static", "pyodide", "python_stdlib.zip")) as zf:
        have = {name.rsplit(".", 1)[0] for name in zf.namelist()}
    missing = [f for f in loaded if f.rsplit(".", 1)[0] not in have]
    assert not missing, f"the calculators' standard library lacks what the engine uses: {missing}"


def _offline_module():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "_ext"))
    try:
        from voidref_calculators import offline
    finally:
        sys.path.pop(0)
    return offline


def test_used_files_follows_pages_and_style_sheets_only(tmp_path):
    """The offline list: pages, what they name (with its query), what their CSS names, the runtime; nothing else."""
    offline = _offline_module()
    files = {
        "index.html": '<link href="_static/a.css?v=1" rel="stylesheet"><script src="_static/app.js"></script>'
                      '<a href="sub/page.html#x">x</a><a href="https://example.org/y.html">y</a>',
        "sub/page.html": '<img src="../_static/pic.png"><script src="../_static/missing.js"></script>',
        "_static/a.css": "@font-face { src: url('fonts/f.woff2') format('woff2'); } x { background: url(data:,) }",
        "_static/fonts/f.woff2": "font",
        "_static/app.js": "js",
        "_static/app.js.map": "map",
        "_static/pic.png": "png",
        "_static/locales/de/LC_MESSAGES/sphinx.mo": "mo",
        "_static/unused.svg": "svg",
        "_static/template.html": "<script src='unused.js'></script>",
        "_static/calc/worker.mjs": "w",
        "_static/pyodide/pyodide.asm.wasm": "wasm",
        "sw.js": "old",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert offline.used_files(str(tmp_path)) == [
        "_static/a.css?v=1", "_static/app.js", "_static/calc/worker.mjs", "_static/fonts/f.woff2",
        "_static/pic.png", "_static/pyodide/pyodide.asm.wasm", "index.html", "sub/page.html",
    ]
