"""The browser tests' fixtures: the built site served on 127.0.0.1, and Chromium.

pytest hands these to every test in ``tests/`` that names them (no import):
``site`` (the server), ``browser`` (one Chromium for the session),
``context`` (a fresh desktop context that must stay clean) and ``phone`` (a
phone-sized context shared by a module's tests). The constants and helpers
the tests call are in ``browser_helpers.py``. Sybil and hypothesis are set up
in the repository's root ``conftest.py``.

Python's Playwright drives Debian's chromium (never a downloaded browser). The
site must be built first (``make site`` or the ``docs-strict`` step of
``make test``); ``VOIDREF_SITE`` names the folder (default ``_build/html``).
Without a built site or chromium these fixtures skip their tests, unless
``VOIDREF_REQUIRE_BROWSER=1`` (set by ``make test``) makes that a failure.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import os
import threading

import pytest

# The fixtures import browser_helpers when a browser test first asks for one: it loads
# every calculator, which the other tests in tests/ need not wait for.

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: sent as they are, like a static host does: already compressed
PRECOMPRESSED = (".zip", ".whl", ".gz", ".png", ".jpg", ".woff2", ".woff")
_GZIPPED: dict[tuple[str, float], bytes] = {}


#: the request headers that tell who asked for a file (the page, a worker, the service worker, the browser)
_TELLING = ("Sec-Fetch-Dest", "Sec-Fetch-Mode", "Sec-Fetch-Site", "Service-Worker", "Referer", "Cache-Control",
            "If-Modified-Since")


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
            self.server.seen.append((self.path, {h: self.headers.get(h, "") for h in _TELLING}))
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
    from browser_helpers import SITE, missing

    if not os.path.exists(os.path.join(SITE, "_static", "pyodide", "pyodide.mjs")):
        missing(f"no built site with Pyodide in {SITE} (run `make site`)")
    handler = functools.partial(_Handler, directory=SITE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.offline = False
    server.hits = {}  # path: GET requests that reached the server (the network), for tests that count them
    server.seen = []  # (URL, the headers that tell who asked), one per GET: what a count's failure shows
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


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, headless, through Playwright (one per test session)."""
    from browser_helpers import missing

    if not os.path.exists(CHROMIUM):
        missing(f"{CHROMIUM} is missing (make install-test installs Debian's chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("python playwright is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def context(browser, site):
    """A fresh browser context (own cache and service workers) that must stay clean."""
    from browser_helpers import READY_MS, Watch

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
    from browser_helpers import PHONE, READY_MS, Watch

    ctx = browser.new_context(service_workers="block", **PHONE)
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    yield ctx
    try:
        watch.check()
    finally:
        ctx.close()
