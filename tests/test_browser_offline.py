"""A first visit on a phone's connection, in real Chromium: what it downloads, and how long it takes.

Uses the built site and the fixtures of ``tests/conftest.py``. The
test server counts the requests that reach it, so "fetched from the network"
means what it says: a file the browser took from its own cache is not counted.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile

import pytest
from browser_helpers import (
    CALC_PAGE,
    READY_MS,
    RUNNABLE_PAGES,
    Watch,
    apply,
    changed_inputs,
    open_page,
    reach_for,
    run_block,
    set_field,
    unfold,
    wait_live,
)

from voidref import calc

pytestmark = pytest.mark.browser

SLUG = "check-odds"


# The caches of the site and its runtime (not voidref-python: Python's memory as the worker keeps it, kept.mjs).
CACHE_NAMES = "async () => (await caches.keys()).filter((name) => name !== 'voidref-python').sort()"


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
            site.server.seen.clear()
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE)
        root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
        inputs = changed_inputs(SLUG)
        apply(root, SLUG, inputs)
        assert root.locator(".vc-text").text_content() == calc.run(SLUG, inputs)["text"]
        _controlled(page)
        with site.server.lock:
            hits = dict(site.server.hits)
        twice = {path: n for path, n in hits.items() if n > 1}
        asks = [seen for seen in list(site.server.seen) if seen[0].split("?")[0] in twice]
        assert not twice, f"fetched more than once from the network: {twice}, asked by {asks}"
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
        assert root.locator(".vc-text").text_content() == calc.run(SLUG, {"dice": "3A vs 2T"})["text"]
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
        assert root.locator(".vc-text").text_content() == calc.run(SLUG, {"dice": "3A vs 2T"})["text"]
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
        _wait_kept(page, _kept_name(site))  # the service worker's activation leaves Python's kept memory alone
        site.server.offline = True
        ctx.set_offline(True)
        page.goto(site.url + "drifters/dice.html")
        other = page.locator("section.voidref-calc").first
        slug = other.get_attribute("data-calc")
        inputs = changed_inputs(slug)
        apply(other, slug, inputs)
        assert other.locator(".vc-text").text_content() == calc.run(slug, inputs)["text"]
        assert _timing(page)["restored"] is True  # offline too
    finally:
        ctx.set_offline(False)
        site.server.offline = False
        ctx.close()


# Python's memory as a device keeps it (docs/_static/calc/kept.mjs): what the "voidref-python" cache holds,
# by file name and size, and a way to put a file there.
_KEPT = """async () => {
  if (!(await caches.has("voidref-python"))) return {};
  const cache = await caches.open("voidref-python");
  const out = {};
  for (const request of await cache.keys()) {
    const response = await cache.match(request);  // gone if the worker deleted it since keys() (an older build's)
    if (response) out[request.url.split("/").pop()] = (await response.arrayBuffer()).byteLength;
  }
  return out;
}"""
_PUT_KEPT = """async ([name, kind]) => {
  let body;
  if (kind === "unreadable") {
    body = new TextEncoder().encode("not a snapshot at all");
  } else {  // well formed for kept.mjs, but not a memory Pyodide can restore
    body = new Uint8Array(16 + 1 + 65536).fill(7);
    body.set(new TextEncoder().encode("VRKEEP01"), 0);
    const view = new DataView(body.buffer);
    view.setUint32(8, 65536, true);
    view.setUint32(12, 1, true);
    body[16] = 1;
  }
  const cache = await caches.open("voidref-python");
  await cache.put(new URL("_static/calc/" + name, location.href).href, new Response(body));
}"""


def _kept_name(site) -> str:
    """The name a device keeps this build's Python under: its RUNTIME_KEY (config.mjs)."""
    with open(os.path.join(site.root, "_static", "calc", "config.mjs"), encoding="utf-8") as fh:
        key = re.search(r'RUNTIME_KEY = "([0-9a-f]{16})"', fh.read()).group(1)
    return f"python-{key}.snapshot"


def _wait_kept(page, name: str) -> dict:
    """Wait until the device keeps Python under *name* and nothing else; return what it keeps."""
    for _ in range(READY_MS // 100):
        kept = page.evaluate(_KEPT)
        if list(kept) == [name]:
            return kept
        page.wait_for_timeout(100)
    raise AssertionError(f"the device never kept Python as {name} alone: {kept}")


def _timing(page) -> dict:
    return page.evaluate("() => window.voidrefCalcTiming || {}")


def _answer(page, dice: str) -> None:
    """As a player: reach for check-odds, set its pool to *dice*, and see voidref's answer go live."""
    root = page.locator(f"section.voidref-calc[data-key='{SLUG}']")
    reach_for(root)
    set_field(root, SLUG, "dice", dice)
    wait_live(root)
    assert root.locator(".vc-text").text_content() == calc.run(SLUG, {"dice": dice})["text"]


@pytest.fixture
def device(browser, site):
    """A browser context of its own, with its own caches; the service worker blocked (Python is kept all the same)."""
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(READY_MS)
    ctx.watch = Watch(ctx, site.url)
    yield ctx
    ctx.close()


def test_a_later_visit_restores_the_python_this_device_kept(device, site):
    """Once a calculator is used, its Python is kept on the device; the next visit restores it and answers the same."""
    ctx, watch, name = device, device.watch, _kept_name(site)
    page = ctx.new_page()
    page.goto(site.url + CALC_PAGE)
    page.evaluate(_PUT_KEPT, ["python-0000000000000000.snapshot", "unreadable"])  # an older build's
    _answer(page, "3A vs 2T")
    assert _timing(page)["restored"] is False
    kept = _wait_kept(page, name)  # and the older build's is gone
    assert kept[name] > 5_000_000, kept  # Python's memory (only its pages that are not all zeros)
    page.close()
    before = len(watch.requests)
    page = ctx.new_page()
    page.goto(site.url + CALC_PAGE)
    _answer(page, "2A vs 1T")
    assert _timing(page)["restored"] is True, _timing(page)
    # Another calculator, and a fresh random generator: the restored Python works like a cold one.
    slug = "upper-hand-engagement"
    other = page.locator(f"section.voidref-calc[data-key='{slug}']")
    inputs = changed_inputs(slug)
    apply(other, slug, inputs)
    assert other.locator(".vc-text").text_content() == calc.run(slug, inputs)["text"]
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    assert not [u for u in watch.requests[before:] if u.endswith(".snapshot")]  # never fetched: made here
    page.close()
    # An example page's Run button on restored Python: its own modules (doctest) load as on a cold start.
    page = open_page(ctx, site, RUNNABLE_PAGES[0])
    unfold(page)
    out = run_block(page, 0)
    assert out["state"] == "pass", out["status"]
    assert _timing(page)["restored"] is True
    watch.check()


def test_python_is_kept_only_once_the_worker_has_idled_a_second(device, site):
    """Making the snapshot holds the worker ~0.1 s: it waits for a second with no question, not for the player."""
    page = device.new_page()
    page.goto(site.url + CALC_PAGE)
    answered = []
    for dice in ("3A vs 2T", "2A vs 1T", "4A vs 2T", "3A vs 3T"):  # the player goes on changing the pool
        _answer(page, dice)
        answered.append(page.evaluate("() => performance.now()"))
    _wait_kept(page, _kept_name(site))
    page.wait_for_function("() => window.voidrefCalcTiming.keptAt !== undefined")
    kept_at = _timing(page)["keptAt"]
    before = [t for t in answered if t < kept_at]
    assert before, (answered, kept_at)
    # (each answer was noted a little after it came, so the real gap is larger than the one measured)
    assert kept_at - max(before) >= 900, (answered, kept_at)
    device.watch.check()


@pytest.mark.parametrize("kind", ["unreadable", "not Python's memory"])
def test_a_kept_python_that_cannot_be_restored_is_replaced_by_a_cold_start(device, site, kind):
    """A kept snapshot that cannot be read or restored costs nothing visible: Python starts cold and is kept anew."""
    name = _kept_name(site)
    page = device.new_page()
    page.goto(site.url + CALC_PAGE)
    page.evaluate(_PUT_KEPT, [name, kind])
    _answer(page, "3A vs 2T")
    assert _timing(page)["restored"] is False
    for _ in range(READY_MS // 100):  # forgotten, then kept again from this (cold) Python
        kept = page.evaluate(_KEPT)
        if kept.get(name, 0) > 5_000_000:
            break
        page.wait_for_timeout(100)
    assert list(kept) == [name] and kept[name] > 5_000_000, kept
    device.watch.check()


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


def test_the_runtime_key_changes_with_every_file_the_kept_python_comes_from(site, tmp_path):
    """A kept Python is restored only by a build of the same runtime: any byte changed in its files makes a new key."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "_ext"))
    try:
        from voidref_calculators import pyodide
    finally:
        sys.path.pop(0)
    static = os.path.join(site.root, "_static")
    with open(os.path.join(static, "calc", "config.mjs"), encoding="utf-8") as fh:
        sizes = json.loads(re.search(r"export const SIZES = (\{.*?\});", fh.read(), re.S).group(1))
    rels = sorted(sizes) + ["calc/kept.mjs", "calc/worker.mjs", "pyodide/python_stdlib_examples.zip"]
    key = pyodide._runtime_key(static, rels)
    assert _kept_name(site) == f"python-{key}.snapshot"
    for rel in rels:
        os.makedirs(os.path.dirname(os.path.join(tmp_path, rel)), exist_ok=True)
        shutil.copyfile(os.path.join(static, rel), os.path.join(tmp_path, rel))
    assert pyodide._runtime_key(str(tmp_path), rels) == key
    for rel in rels:
        with open(os.path.join(tmp_path, rel), "r+b") as fh:
            fh.seek(-1, os.SEEK_END)
            last = fh.read(1)
            fh.seek(-1, os.SEEK_END)
            fh.write(bytes([last[0] ^ 1]))
        assert pyodide._runtime_key(str(tmp_path), rels) != key, rel
        shutil.copyfile(os.path.join(static, rel), os.path.join(tmp_path, rel))


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
    worker = hashlib.sha256(b"w").hexdigest()[:12]  # a calculator module: by the URL its importers name (modules.py)
    assert offline.used_files(str(tmp_path)) == [
        "_static/a.css?v=1", "_static/app.js", f"_static/calc/worker.mjs?v={worker}", "_static/fonts/f.woff2",
        "_static/pic.png", "_static/pyodide/pyodide.asm.wasm", "index.html", "sub/page.html",
    ]
