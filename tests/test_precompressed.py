"""The gzipped copies of Pyodide's large files, and ``make serve`` sending them.

The build writes ``pyodide.asm.wasm.gz`` and ``pyodide.asm.mjs.gz`` beside the
files (``docs/_ext/voidref_calculators/pyodide.py``); a host that can send a
file's ``.gz`` (``serve.py``, behind ``make serve``) saves the compression.
"""

from __future__ import annotations

import functools
import gzip
import http.client
import http.server
import json
import os
import re
import sys
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))
PYODIDE = os.path.join(SITE, "_static", "pyodide")


def _calculators_ext(name: str):
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        return __import__(f"voidref_calculators.{name}", fromlist=[name])
    finally:
        sys.path.pop(0)


def _built_site():
    if not os.path.exists(os.path.join(PYODIDE, "pyodide.asm.wasm")):
        if os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no built site with Pyodide in {SITE} (run `make site`)")
        pytest.skip(f"no built site with Pyodide in {SITE} (run `make site`)")


def test_the_gz_copies_hold_the_same_bytes_as_the_files():
    """Each of Pyodide's two large files has a .gz beside it that decompresses to exactly its bytes."""
    _built_site()
    for name in _calculators_ext("pyodide").PRECOMPRESSED:
        path = os.path.join(PYODIDE, name)
        with open(path, "rb") as fh, open(path + ".gz", "rb") as gz:
            raw, packed = fh.read(), gz.read()
        assert gzip.decompress(packed) == raw, name
        assert len(packed) < len(raw) / 2, f"{name}.gz saves too little to be worth writing"


def test_the_service_worker_keeps_no_gz_copy():
    """sw.js lists no .gz file: the browser never asks for one by name, so keeping it would be a wasted download."""
    _built_site()
    with open(os.path.join(SITE, "sw.js"), encoding="utf-8") as fh:
        files = json.loads(re.search(r"const FILES = (\[.*?\]);", fh.read(), re.S).group(1))
    assert "_static/pyodide/pyodide.asm.wasm" in {p for p, _h in files}
    assert not [p for p, _h in files if p.split("?")[0].endswith(".gz")]


@pytest.mark.parametrize(("header", "ok"), [
    ("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.5", True), ("*", True),
    ("gzip;q=0", False), ("identity", False), ("", False), ("br", False),
])
def test_accepts_gzip_reads_the_accept_encoding_header(header, ok):
    """gzip is sent only when the browser's Accept-Encoding allows it (a zero q-value refuses)."""
    assert _calculators_ext("serve").accepts_gzip(header) is ok


@pytest.fixture
def server(tmp_path):
    """serve.py's handler on a folder with one file that has a .gz copy and one that has not."""
    raw = bytes(range(256)) * 400
    (tmp_path / "big.wasm").write_bytes(raw)
    (tmp_path / "big.wasm.gz").write_bytes(gzip.compress(raw, mtime=0))
    (tmp_path / "plain.txt").write_bytes(b"no copy\n")
    handler = functools.partial(_calculators_ext("serve").Handler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd.server_address[1], raw
    httpd.shutdown()
    httpd.server_close()


def _get(port, path, headers):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


def test_serve_sends_the_gz_copy_with_content_encoding_when_gzip_is_accepted(server):
    """A file with a .gz copy goes out as that copy, marked gzip, with the file's own type."""
    port, raw = server
    resp, body = _get(port, "/big.wasm", {"Accept-Encoding": "gzip, deflate"})
    assert resp.status == 200
    assert resp.getheader("Content-Encoding") == "gzip"
    assert resp.getheader("Content-Type") == "application/wasm"
    assert "Accept-Encoding" in resp.getheader("Vary")
    assert int(resp.getheader("Content-Length")) == len(body) < len(raw)
    assert gzip.decompress(body) == raw


def test_serve_sends_the_file_itself_to_a_browser_that_refuses_gzip(server):
    """Without gzip in Accept-Encoding, or for a file with no copy, the file goes out as it is."""
    port, raw = server
    resp, body = _get(port, "/big.wasm", {"Accept-Encoding": "identity"})
    assert resp.getheader("Content-Encoding") is None and body == raw
    resp, body = _get(port, "/plain.txt", {"Accept-Encoding": "gzip"})
    assert resp.getheader("Content-Encoding") is None and body == b"no copy\n"


def test_serve_answers_an_unchanged_gz_copy_with_not_modified(server):
    """A browser revalidating its cached copy gets 304, not the file again."""
    port, _raw = server
    first, _ = _get(port, "/big.wasm", {"Accept-Encoding": "gzip"})
    resp, body = _get(port, "/big.wasm", {"Accept-Encoding": "gzip",
                                          "If-Modified-Since": first.getheader("Last-Modified")})
    assert resp.status == 304 and body == b""
