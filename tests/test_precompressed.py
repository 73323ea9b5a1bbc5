"""The compressed copies the build writes, and ``make serve`` sending them.

The build writes a ``.gz`` and a ``.br`` beside every text file and Pyodide's
WebAssembly (``docs/_ext/voidref_calculators/compress.py``; the ``.gz`` of
Pyodide's two large files comes from ``pyodide.py``); a host that can send a
file's copy (``serve.py``, behind ``make serve``) saves the compression.
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

import brotli
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


def test_the_service_worker_keeps_no_compressed_copy():
    """sw.js lists no .gz or .br file: the browser never asks for one by name, so keeping it would be wasted."""
    _built_site()
    with open(os.path.join(SITE, "sw.js"), encoding="utf-8") as fh:
        files = json.loads(re.search(r"const FILES = (\[.*?\]);", fh.read(), re.S).group(1))
    assert "_static/pyodide/pyodide.asm.wasm" in {p for p, _h in files}
    assert not [p for p, _h in files if p.split("?")[0].endswith((".gz", ".br"))]


def test_every_text_file_of_the_site_has_gz_and_br_copies_of_its_exact_bytes():
    """Every page, style sheet and script over the size limit has both copies, each decoding to the file's bytes
    and smaller than it; the copies of Pyodide's WebAssembly too (sizes printed)."""
    _built_site()
    compress = _calculators_ext("compress")
    raw = sent = 0
    checked = set()
    for folder, _dirs, names in os.walk(SITE):
        for name in names:
            path = os.path.join(folder, name)
            if not name.endswith((".html", ".css", ".js", ".mjs", ".wasm")) or os.path.getsize(path) < 4096:
                continue
            with open(path, "rb") as fh, open(path + ".gz", "rb") as gz, open(path + ".br", "rb") as br:
                data, packed_gz, packed_br = fh.read(), gz.read(), br.read()
            assert gzip.decompress(packed_gz) == data, path
            assert brotli.decompress(packed_br) == data, path
            assert len(packed_br) + compress.MIN_SAVING <= len(data), path
            raw, sent = raw + len(data), sent + min(len(packed_gz), len(packed_br))
            checked.add(os.path.relpath(path, SITE))
    assert {"index.html", "_static/pyodide/pyodide.asm.wasm", "_static/calc/calc.js"} <= checked
    print(f"{len(checked)} files of 4 kB or more: {raw / 1e6:.2f} MB as built, {sent / 1e6:.2f} MB compressed")


def test_a_copy_is_written_only_where_it_saves_bytes_and_rewritten_only_when_its_file_changes(tmp_path):
    """A tiny or incompressible file gets no copy; a compressible one gets both; an unchanged file's copy is
    left alone, a changed file's is written again."""
    compress = _calculators_ext("compress")
    text = tmp_path / "page.html"
    text.write_bytes(b"<p>Ability and Proficiency dice</p>\n" * 400)
    noise = tmp_path / "noise.js"
    noise.write_bytes(os.urandom(8000))
    (tmp_path / "small.css").write_bytes(b"a{}")
    count, raw, best = compress.compress_site(str(tmp_path))
    assert count == 2 and best < raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["noise.js", "page.html", "page.html.br", "page.html.gz",
                                                           "small.css"]
    assert compress.compress_file(str(text)) == []  # up to date
    os.utime(text, (text.stat().st_mtime + 10, text.stat().st_mtime + 10))
    assert sorted(os.path.basename(p) for p in compress.compress_file(str(text))) == ["page.html.br", "page.html.gz"]


@pytest.mark.parametrize(("header", "ok"), [
    ("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.5", True), ("*", True),
    ("gzip;q=0", False), ("identity", False), ("", False), ("br", False),
])
def test_accepts_gzip_reads_the_accept_encoding_header(header, ok):
    """gzip is sent only when the browser's Accept-Encoding allows it (a zero q-value refuses)."""
    assert _calculators_ext("serve").accepts_gzip(header) is ok


@pytest.mark.parametrize(("header", "encoding", "ok"), [
    ("gzip, deflate, br", "br", True), ("br;q=0, gzip", "br", False), ("gzip", "br", False),
    ("*", "br", True), ("*;q=0", "gzip", False), ("gzip;q=0, *", "gzip", False), ("BR", "br", True),
])
def test_accepts_reads_each_encoding_from_the_accept_encoding_header(header, encoding, ok):
    """An encoding named with a zero q-value is refused even when * allows others; * allows what is not named."""
    assert _calculators_ext("serve").accepts(header, encoding) is ok


@pytest.fixture
def server(tmp_path):
    """serve.py's handler on a folder with one file that has .gz and .br copies, one that has none, and a folder
    whose index.html has copies."""
    raw = bytes(range(256)) * 400
    (tmp_path / "big.wasm").write_bytes(raw)
    (tmp_path / "big.wasm.gz").write_bytes(gzip.compress(raw, mtime=0))
    (tmp_path / "big.wasm.br").write_bytes(brotli.compress(raw))
    (tmp_path / "plain.txt").write_bytes(b"no copy\n")
    (tmp_path / "rules").mkdir()
    page = b"<!doctype html><title>Rules</title>" + b"<p>Setback</p>" * 300
    (tmp_path / "rules" / "index.html").write_bytes(page)
    (tmp_path / "rules" / "index.html.br").write_bytes(brotli.compress(page))
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


def test_serve_sends_the_br_copy_first_when_the_browser_accepts_brotli(server):
    """Brotli is the smaller, so a browser that accepts both gets the .br copy, with the file's own type."""
    port, raw = server
    resp, body = _get(port, "/big.wasm", {"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert resp.status == 200
    assert resp.getheader("Content-Encoding") == "br"
    assert resp.getheader("Content-Type") == "application/wasm"
    assert resp.getheader("Vary") == "Accept-Encoding"
    assert brotli.decompress(body) == raw


def test_serve_sends_a_folders_page_compressed(server):
    """A folder's address (the home page's /) is answered with its index.html's copy."""
    port, _raw = server
    resp, body = _get(port, "/rules/", {"Accept-Encoding": "br"})
    assert resp.status == 200 and resp.getheader("Content-Encoding") == "br"
    assert resp.getheader("Content-Type") == "text/html"
    assert brotli.decompress(body).startswith(b"<!doctype html>")


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
    assert resp.getheader("Vary") == "Accept-Encoding"  # a cache must not give this answer to a gzip browser
    resp, body = _get(port, "/plain.txt", {"Accept-Encoding": "gzip"})
    assert resp.getheader("Content-Encoding") is None and body == b"no copy\n"


def test_serve_answers_an_unchanged_gz_copy_with_not_modified(server):
    """A browser revalidating its cached copy gets 304, not the file again."""
    port, _raw = server
    first, _ = _get(port, "/big.wasm", {"Accept-Encoding": "gzip"})
    resp, body = _get(port, "/big.wasm", {"Accept-Encoding": "gzip",
                                          "If-Modified-Since": first.getheader("Last-Modified")})
    assert resp.status == 304 and body == b""
