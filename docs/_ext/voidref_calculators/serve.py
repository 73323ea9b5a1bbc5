"""``make serve``: the built site over HTTP, sending a file's compressed copy where the build wrote one.

Python's ``http.server`` with one addition: when ``x`` has an ``x.br`` or
``x.gz`` beside it (the build writes them for every text file and for
Pyodide's WebAssembly: ``compress.py``) and the browser accepts that
encoding, the response is the copy's bytes with ``Content-Encoding`` and
``x``'s type (Brotli first: it is the smaller). ``Vary: Accept-Encoding`` goes
with every file that has a copy, so a cache keeps one answer per encoding.
Everything else is ``http.server`` as it is, but over HTTP/1.1, so the
browser keeps its connections open between requests.

Usage: python serve.py [--bind ADDRESS] [--directory DIR] [PORT]
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os

#: the copies a file may have, best first: (suffix, the Content-Encoding it is sent with)
COPIES = ((".br", "br"), (".gz", "gzip"))


def accepts(header: str, encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows *encoding* (``gzip;q=0`` refuses it; ``*`` allows any)."""
    allowed = None
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        if name not in (encoding, "*"):
            continue
        q = params.strip().lower()
        ok = True
        if q.startswith("q="):
            try:
                ok = float(q[2:]) > 0
            except ValueError:
                ok = False
        if name == encoding:
            return ok
        allowed = ok
    return bool(allowed)


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip."""
    return accepts(header, "gzip")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Sends ``x.br`` or ``x.gz`` for ``x`` (so encoded) when it exists and the browser accepts it."""

    #: keep-alive, as nginx does: a page's dozen files come over a few connections, not one each (every
    #: new connection costs a round trip before its first byte; every answer here has a Content-Length)
    protocol_version = "HTTP/1.1"

    def end_headers(self):
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        self._vary = False
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # a folder's page, as http.server would send it
        if not os.path.isfile(path):
            return super().send_head()
        copies = [(path + suffix, coding) for suffix, coding in COPIES if os.path.isfile(path + suffix)]
        self._vary = bool(copies)
        header = self.headers.get("Accept-Encoding", "")
        chosen = next(((copy, coding) for copy, coding in copies if accepts(header, coding)), None)
        if chosen is None:
            return super().send_head()
        gz, coding = chosen
        fh = open(gz, "rb")  # noqa: SIM115  (closed by http.server once sent, as for any file)
        try:
            stat = os.fstat(fh.fileno())
            since = self.headers.get("If-Modified-Since")
            if since:
                try:
                    unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime)
                except (TypeError, ValueError, OverflowError):
                    unchanged = False
                if unchanged:
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    fh.close()
                    return None
            self.send_response(http.HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", coding)
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.end_headers()
            return fh
        except Exception:
            fh.close()
            raise


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--directory", default=os.getcwd())
    ap.add_argument("port", nargs="?", type=int, default=8000)
    args = ap.parse_args(argv)
    handler = functools.partial(Handler, directory=args.directory)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
