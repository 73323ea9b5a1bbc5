"""Compressed copies of every text file, written once at build time.

A phone on a slow connection waits mostly for bytes, and a static host that
compresses on every request (or does not compress at all, as Python's
``http.server`` does not) either spends time or sends three to six times the
bytes. So once everything else is written (the service worker included, which
hashes the files as they are), this step writes beside each text file ``x``:

* ``x.gz``: gzip at its highest level, with no name or date in the header, so the
  same file gives the same bytes on every build;
* ``x.br``: Brotli, smaller again by a fifth or so (quality 11; 9 for files over
  :data:`BIG`, where 11 costs a minute for a few per cent).

A copy is written only where it saves at least :data:`MIN_SAVING` bytes, and a
copy newer than its file is kept as it is (an incremental build recompresses
only what changed). Pyodide's two large files already have their ``.gz``
(``pyodide.py``); they get their ``.br`` here.

``serve.py`` (``make serve``) sends the best copy the browser accepts, with
``Content-Encoding`` and the file's own type; README's "Publishing the site"
gives nginx and Caddy configurations that do the same. ``sw.js`` lists no copy
(``offline.py``): the browser never asks for one by name.
"""

from __future__ import annotations

import gzip
import os

import brotli
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: what is worth compressing: text, and Pyodide's WebAssembly
SUFFIXES = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".txt", ".xml", ".webmanifest", ".wasm")
#: the copies this step writes, by their suffix: what a server sends for each
ENCODINGS = {".br": "br", ".gz": "gzip"}
#: files smaller than this are sent as they are (a header costs more than it saves)
MIN_SIZE = 1024
#: the least a copy must save, in bytes, to be written
MIN_SAVING = 256
#: above this size Brotli runs at quality 9 rather than 11
BIG = 2_000_000


def _packed(data: bytes, suffix: str) -> bytes:
    if suffix == ".gz":
        return gzip.compress(data, compresslevel=9, mtime=0)
    return brotli.compress(data, quality=9 if len(data) > BIG else 11)


def compress_file(path: str) -> list[str]:
    """Write *path*'s ``.gz`` and ``.br`` where each saves bytes and is not already up to date; what was written."""
    written = []
    mtime = os.stat(path).st_mtime
    data = None
    for suffix in ENCODINGS:
        copy = path + suffix
        if os.path.exists(copy) and os.stat(copy).st_mtime >= mtime:
            continue
        if data is None:
            with open(path, "rb") as fh:
                data = fh.read()
        packed = _packed(data, suffix)
        if len(packed) + MIN_SAVING > len(data):
            if os.path.exists(copy):
                os.remove(copy)
            continue
        with open(copy + ".tmp", "wb") as out:
            out.write(packed)
        os.replace(copy + ".tmp", copy)
        written.append(copy)
    return written


def compress_site(outdir: str) -> tuple[int, int, int]:
    """Compress every text file under *outdir*: (files looked at, their bytes, the bytes of their best copies)."""
    count = raw = best = 0
    for folder, _dirs, files in os.walk(outdir):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith(SUFFIXES) or os.path.getsize(path) < MIN_SIZE:
                continue
            compress_file(path)
            size = os.path.getsize(path)
            copies = [os.path.getsize(path + s) for s in ENCODINGS if os.path.exists(path + s)]
            count, raw, best = count + 1, raw + size, best + min([size, *copies])
    return count, raw, best


def _compress(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    count, raw, best = compress_site(app.outdir)
    logger.info("voidref: %d text files, %.1f MB, sent as %.1f MB compressed", count, raw / 1e6, best / 1e6)


def setup_compress(app, priority: int) -> None:
    app.connect("build-finished", _compress, priority=priority)
