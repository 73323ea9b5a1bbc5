"""The site behind the web servers README.md gives configurations for: nginx and Caddy, as published.

The configurations are read from README.md itself (its ``nginx`` and
``caddyfile`` blocks), with only the folder and the address changed, so the
README cannot drift from what is tested. Each server is started on a free
port of 127.0.0.1 over the built site (``VOIDREF_SITE``). Checked with plain
HTTP requests, for each server: every kind of file goes out with its type,
the best compressed copy the request accepts (Brotli, then gzip, else the
file itself) and ``Vary: Accept-Encoding``, decoding to the file's exact
bytes; the runtime's modules carry the Content-Security-Policy header;
``sw.js`` is revalidated. In Chromium behind nginx: a calculator goes live
(its runtime files arriving Brotli-encoded), the service worker controls the
whole site (its scope is the site's root), and after the first use a page
computes with the network gone.

Debian's ``nginx-light``, ``libnginx-mod-http-brotli-static`` and ``caddy``
(``make install-test`` installs them); missing, these tests skip, or fail
under ``VOIDREF_REQUIRE_BROWSER=1`` (``make test``).
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import shutil
import socket
import subprocess
import time

import brotli
import pytest
from browser_helpers import (
    CALC_PAGE,
    READY_MS,
    ROOT,
    SITE,
    Watch,
    apply,
    changed_inputs,
    missing,
    reach_for,
    wait_live,
)

from voidref import calc

BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
README = os.path.join(ROOT, "README.md")
CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"

#: a file of each kind the site serves, and the type it must go out with
FILES = {
    "index.html": "text/html",
    "drifters/dice.html": "text/html",
    "_static/pyodide/pyodide.asm.wasm": "application/wasm",
    "_static/pyodide/pyodide.asm.mjs": "text/javascript",
    "_static/calc/worker.mjs": "text/javascript",
    "_static/calc/calc.js": "javascript",
    "_static/calc/calc.css": "text/css",
    "sw.js": "javascript",
    "manifest.webmanifest": "application/manifest+json",
    "searchindex.js": "javascript",
}


def readme_block(language: str) -> str:
    """The one fenced block of *language* in README.md."""
    with open(README, encoding="utf-8") as fh:
        blocks = re.findall(rf"^```{language}\n(.*?)^```", fh.read(), re.S | re.M)
    assert len(blocks) == 1, f"README.md should hold one ```{language} block, found {len(blocks)}"
    return blocks[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_listening(port: int, proc: subprocess.Popen, log: str) -> None:
    end = time.monotonic() + 20
    while time.monotonic() < end:
        if proc.poll() is not None:
            with open(log, encoding="utf-8", errors="replace") as fh:
                raise AssertionError(f"the server stopped: {fh.read()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


def _built_site() -> str:
    if not os.path.exists(os.path.join(SITE, "_static", "pyodide", "pyodide.asm.wasm.br")):
        missing(f"no built site with Pyodide and its compressed copies in {SITE} (run `make site`)")
    return os.path.abspath(SITE)


def start_nginx(tmp: str) -> tuple[str, subprocess.Popen]:
    """nginx with README's server block over the built site: (its URL, the process)."""
    if not shutil.which("nginx") or not os.path.exists(BROTLI_MODULE):
        missing("nginx or its Brotli module is missing (make install-test installs Debian's nginx-light and "
                "libnginx-mod-http-brotli-static)")
    site, port = _built_site(), _free_port()
    server = readme_block("nginx").replace("root /srv/voidref;", f"root {site};")
    server = server.replace("listen 80;", f"listen 127.0.0.1:{port};")
    assert f"root {site};" in server and f":{port};" in server
    with open(os.path.join(tmp, "server.conf"), "w", encoding="utf-8") as fh:
        fh.write(server)
    log = os.path.join(tmp, "error.log")
    with open(os.path.join(tmp, "nginx.conf"), "w", encoding="utf-8") as fh:
        fh.write(f"load_module {BROTLI_MODULE};\npid {tmp}/nginx.pid;\nerror_log {log};\ndaemon off;\n"
                 f"events {{}}\nhttp {{\n    access_log off;\n    include {tmp}/server.conf;\n}}\n")
    proc = subprocess.Popen(["nginx", "-p", tmp, "-c", os.path.join(tmp, "nginx.conf")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    _wait_listening(port, proc, log)
    return f"http://127.0.0.1:{port}/", proc


def start_caddy(tmp: str) -> tuple[str, subprocess.Popen]:
    """Caddy with README's Caddyfile over the built site: (its URL, the process)."""
    if not shutil.which("caddy"):
        missing("caddy is missing (make install-test installs Debian's caddy)")
    site, port = _built_site(), _free_port()
    body = readme_block("caddyfile").replace("root * /srv/voidref", f"root * {site}")
    body = body.replace("voidref.example.org {", f"http://127.0.0.1:{port} {{", 1)
    assert site in body and f":{port} {{" in body
    path = os.path.join(tmp, "Caddyfile")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("{\n\tadmin off\n}\n" + body)
    log = os.path.join(tmp, "caddy.log")
    env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, XDG_CONFIG_HOME=tmp)
    with open(log, "w") as out:
        proc = subprocess.Popen(["caddy", "run", "--config", path, "--adapter", "caddyfile"],
                                stdout=out, stderr=subprocess.STDOUT, env=env)
    _wait_listening(port, proc, log)
    return f"http://127.0.0.1:{port}/", proc


@pytest.fixture(scope="module", params=["nginx", "caddy"])
def host(request, tmp_path_factory):
    """Each server of README.md over the built site: (its name, its URL)."""
    tmp = str(tmp_path_factory.mktemp(request.param))
    url, proc = (start_nginx if request.param == "nginx" else start_caddy)(tmp)
    yield request.param, url
    proc.terminate()
    proc.wait(10)


def _get(url: str, path: str, accept: str) -> tuple[http.client.HTTPResponse, bytes]:
    host, port = url.split("//")[1].rstrip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", "/" + path, headers={"Accept-Encoding": accept})
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


@pytest.mark.parametrize(("accept", "encoding"), [("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip"),
                                                  ("identity", None)])
def test_each_file_goes_out_with_its_type_and_the_best_copy_the_browser_accepts(host, accept, encoding):
    """Brotli when accepted, else gzip, else the file; always its own type and Vary; the exact bytes either way."""
    name, url = host
    for path, kind in FILES.items():
        resp, body = _get(url, path, accept)
        assert resp.status == 200, (name, path, resp.status)
        assert kind in resp.getheader("Content-Type", ""), (name, path, resp.getheader("Content-Type"))
        assert resp.getheader("Content-Encoding") == encoding, (name, path, accept)
        assert "Accept-Encoding" in (resp.getheader("Vary") or ""), (name, path)
        decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[encoding](body)
        with open(os.path.join(SITE, path), "rb") as fh:
            assert decoded == fh.read(), (name, path)


def test_the_home_page_is_sent_for_the_sites_root_compressed(host):
    """``/`` is the home page, Brotli-encoded, as a player's first request gets it."""
    name, url = host
    resp, body = _get(url, "", "br, gzip")
    with open(os.path.join(SITE, "index.html"), "rb") as fh:
        assert (resp.status, resp.getheader("Content-Encoding")) == (200, "br") and brotli.decompress(body) == fh.read()


def test_the_runtimes_modules_carry_the_policy_and_the_service_worker_is_revalidated(host):
    """Every .mjs has the Content-Security-Policy header (it binds the workers); sw.js is sent with no-cache."""
    name, url = host
    for path in ("_static/calc/worker.mjs", "_static/pyodide/pyodide.asm.mjs", "_static/calc/kept.mjs"):
        resp, _ = _get(url, path, "br")
        assert resp.getheader("Content-Security-Policy") == CSP, (name, path)
    resp, _ = _get(url, "sw.js", "br")
    assert resp.getheader("Cache-Control") == "no-cache", name
    resp, _ = _get(url, "index.html", "br")
    assert resp.getheader("Content-Security-Policy") is None  # the pages carry theirs in a <meta>


# --- Chromium behind nginx ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def nginx_url(tmp_path_factory):
    url, proc = start_nginx(str(tmp_path_factory.mktemp("nginx-browser")))
    yield url
    proc.terminate()
    proc.wait(10)


def _encodings(ctx) -> dict[str, str | None]:
    """What the context receives, by path: the Content-Encoding of each response (filled in as they arrive)."""
    seen: dict[str, str | None] = {}
    ctx.on("response", lambda r: seen.__setitem__(r.url.split("?")[0].split("/", 3)[-1],
                                                  r.headers.get("content-encoding")))
    return seen


@pytest.mark.browser
def test_behind_nginx_a_calculator_goes_live_offline_after_first_use_with_the_whole_site_in_scope(browser,
                                                                                                  nginx_url):
    """A player's first visit behind nginx: the runtime arrives Brotli-encoded, a calculator answers as Python
    does, the service worker's scope is the site's root and controls the page; then, with the network gone,
    another page still computes."""
    ctx = browser.new_context(service_workers="allow")
    ctx.set_default_timeout(READY_MS)
    ctx.watch = Watch(ctx, nginx_url)
    seen = _encodings(ctx)
    try:
        page = ctx.new_page()
        page.goto(nginx_url + CALC_PAGE)
        root = page.locator("section.voidref-calc[data-key='check-odds']")
        reach_for(root)
        wait_live(root)
        assert seen["_static/pyodide/pyodide.asm.wasm"] == "br" and seen[CALC_PAGE] == "br", seen
        scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
        assert scope == nginx_url
        for _ in range(READY_MS // 100):
            if page.evaluate("() => !!navigator.serviceWorker.controller"):
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError("the service worker never took control of the page")
        ctx.set_offline(True)
        page.goto(nginx_url + "drifters/dice.html")
        other = page.locator("section.voidref-calc").first
        slug = other.get_attribute("data-calc")
        inputs = changed_inputs(slug)
        apply(other, slug, inputs)
        assert other.locator(".vc-text").text_content() == calc.run(slug, inputs)["text"]
        ctx.watch.check()
    finally:
        ctx.set_offline(False)
        ctx.close()
