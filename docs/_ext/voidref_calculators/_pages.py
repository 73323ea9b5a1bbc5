"""Rewrite every built HTML page in place (shared by ``theme.py`` and ``csp.py``)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

#: the opening ``<head>`` tag and the white space after it: marks go right after
HEAD = re.compile(r"(<head[^>]*>\s*)")


def rewrite_pages(outdir: str, change: Callable, with_path: bool = False) -> int:
    """Apply *change* to the text of every ``.html`` file under *outdir*; return how many changed.

    With *with_path*, *change* is given the page's path relative to *outdir*
    (with ``/``) before its text.

    Folders whose names start with a dot are skipped. Every step that uses this
    must be idempotent: on an incremental build, pages Sphinx did not rewrite
    still carry what the previous build added.
    """
    count = 0
    for root, dirs, files in os.walk(outdir):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for fn in files:
            if not fn.endswith(".html"):
                continue
            path = os.path.join(root, fn)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            new = change(os.path.relpath(path, outdir).replace(os.sep, "/"), text) if with_path else change(text)
            if new != text:
                count += 1
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(new)
    return count


def insert_in_head(text: str, markup: str) -> str:
    """*text* with *markup* placed first in its ``<head>`` (unchanged if it has none)."""
    return HEAD.sub(lambda m: m.group(1) + markup, text, count=1)
