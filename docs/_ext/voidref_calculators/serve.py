"""``make serve``: the built site over HTTP, sending a file's ``.gz`` copy where the build wrote one.

Python's ``http.server`` with one addition: when ``x`` has a ``x.gz`` beside it
(the build writes them for Pyodide's two large files, ``pyodide.py``) and the
browser accepts gzip, the response is the ``.gz`` file's bytes with
``Content-Encoding: gzip`` and ``x``'s type, so the browser gets ``x`` for a
third of the bytes. Everything else is ``http.server`` as it is.

Usage: python serve.py [--bind ADDRESS] [--directory DIR] [PORT]
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip (``gzip;q=0`` refuses it)."""
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() not in ("gzip", "*"):
            continue
        q = params.strip().lower()
        if q.startswith("q="):
            try:
                return float(q[2:]) > 0
            except ValueError:
                return False
        return True
    return False


class Handler(http.server.SimpleHTTPRequestHandler):
    """Sends ``x.gz`` for ``x`` (gzip-encoded) when it exists and the browser accepts gzip."""

    def send_head(self):
        path = self.translate_path(self.path)
        gz = path + ".gz"
        if not (os.path.isfile(path) and os.path.isfile(gz)
                and accepts_gzip(self.headers.get("Accept-Encoding", ""))):
            return super().send_head()
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
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    fh.close()
                    return None
            self.send_response(http.HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.send_header("Vary", "Accept-Encoding")
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
