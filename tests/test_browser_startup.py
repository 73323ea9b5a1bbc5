"""When and how Python starts: a mouse resting on a calculator's inputs starts it early, but
only on a fast connection that is not paid by the byte; and it starts from the .gz copies
that make serve sends.

The connection is whatever the page's ``navigator.connection`` says; each test sets it (an init
script) so the result does not depend on the machine's network. Fixtures come from
tests/conftest.py.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading

import pytest
from browser_helpers import CALC_PAGE, READY_MS, ROOT, Watch, python_requests

pytestmark = pytest.mark.browser

#: the Network Information API as a browser on the given connection reports it (None: no API at all)
_CONNECTION = """(c) => {
    Object.defineProperty(Navigator.prototype, "connection", {
        configurable: true,
        get: () => (c === null ? undefined : c),
    });
}"""


def _page_on(browser, site, connection):
    """A desktop page (mouse, 1280 px) whose browser reports *connection*; returns (context, page)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.set_default_timeout(READY_MS)
    ctx.watch = Watch(ctx, site.url)
    arg = "null" if connection is None else repr(connection).replace("True", "true").replace("False", "false")
    ctx.add_init_script(f"({_CONNECTION})({arg})")
    page = ctx.new_page()
    page.goto(site.url + CALC_PAGE, wait_until="load")
    return ctx, page


def _rest_mouse_on_inputs(page, ms: int = 1500):
    """Move the mouse onto the first calculator's first field and leave it there (no click)."""
    field = page.locator("section.voidref-calc .vc-form [name]").first
    field.scroll_into_view_if_needed()
    box = field.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.wait_for_timeout(ms)


def test_a_mouse_resting_on_the_inputs_starts_python_on_a_fast_unmetered_connection(browser, site):
    """With a fast connection and no Data Saver, resting the mouse on a calculator's inputs starts Python."""
    ctx, page = _page_on(browser, site, {"saveData": False, "effectiveType": "4g"})
    try:
        page.wait_for_timeout(500)
        assert not python_requests(ctx), "Python started before the mouse reached a calculator"
        _rest_mouse_on_inputs(page)
        page.locator(".vc-status[data-state='ready']").first.wait_for()
        assert any(u.endswith("/pyodide.asm.wasm") for u in python_requests(ctx))
        ctx.watch.check()
    finally:
        ctx.close()


@pytest.mark.parametrize("connection", [
    {"saveData": True, "effectiveType": "4g"},
    {"saveData": False, "effectiveType": "3g"},
    {"saveData": False, "effectiveType": "4g", "type": "cellular"},
    None,
], ids=["data-saver", "3g", "cellular", "unknown"])
def test_a_mouse_resting_on_the_inputs_costs_nothing_on_a_metered_slow_or_unknown_connection(
        browser, site, connection):
    """Data Saver, a slow or phone network, or a browser that does not say: the mouse alone fetches nothing."""
    ctx, page = _page_on(browser, site, connection)
    try:
        _rest_mouse_on_inputs(page)
        assert not page.workers
        assert not python_requests(ctx)
        root = page.locator("section.voidref-calc").first
        assert root.locator(".vc-result").get_attribute("data-state") == "prebuilt"
        # The player's click still starts it.
        root.locator(".vc-form [name]").first.click()
        page.locator(".vc-status[data-state='ready']").first.wait_for()
        ctx.watch.check()
    finally:
        ctx.close()


def test_a_calculator_goes_live_through_make_serve_with_the_compressed_copies(browser, site):
    """Served by make serve's server, which sends every file's compressed copy, a calculator goes live: the page,
    its scripts and the runtime's large files all arrive encoded."""
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        from voidref_calculators.serve import Handler
    finally:
        sys.path.pop(0)
    sent = []

    class Logged(Handler):
        def log_message(self, *args):
            pass

        def send_header(self, key, value):
            if key == "Content-Encoding":
                sent.append((self.path.split("?")[0], value))
            super().send_header(key, value)

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Logged, directory=site.root))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(READY_MS)
    ctx.watch = Watch(ctx, url)
    try:
        page = ctx.new_page()
        page.goto(url + CALC_PAGE)
        page.locator("section.voidref-calc .vc-form [name]").first.focus()
        page.locator("section.voidref-calc .vc-result[data-state='live']").first.wait_for()
        encoded = dict(sent)
        for path in ("/" + CALC_PAGE, "/_static/calc/calc.js", "/_static/pyodide/pyodide.asm.mjs",
                     "/_static/pyodide/pyodide.asm.wasm"):
            assert encoded.get(path) in ("br", "gzip"), (path, encoded)
        ctx.watch.check()
    finally:
        ctx.close()
        httpd.shutdown()
        httpd.server_close()
