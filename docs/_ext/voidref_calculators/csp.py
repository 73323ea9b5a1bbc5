"""A Content-Security-Policy ``<meta>``, first in the head of every page.

Nothing may load from another origin. The inline scripts the theme writes are
allowed by their hashes, worked out page by page from the built HTML, and
WebAssembly (Pyodide) needs ``'wasm-unsafe-eval'``. ``manifest-src`` is left
to ``default-src 'self'``: WebKit does not know it in a ``<meta>`` policy and
logs an error for it.
"""

from __future__ import annotations

import base64
import hashlib
import re

from ._pages import insert_in_head, rewrite_pages

#: a script with no ``src`` (a ``data-src`` attribute, as ``paint.py`` writes, is not one)
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*(?<![\w-])src=)[^>]*>(.*?)</script>", re.S | re.I)
#: the policy this extension wrote on a previous build (taken out before writing the new one)
_OURS = re.compile(r"<meta [^>]*data-voidref>\n?")


def policy(scripts: list[str]) -> str:
    """The policy for a page whose inline scripts are *scripts*."""
    digests = (base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in scripts)
    hashes = sorted({f"'sha256-{d}'" for d in digests})
    return "; ".join([
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval' " + " ".join(hashes),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]).strip()


def add_policy(text: str) -> str:
    """One page with its policy first in the head (replacing the one a previous build wrote)."""
    text = _OURS.sub("", text)
    content = policy(_INLINE_SCRIPT.findall(text))
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content}" data-voidref>\n'
    return insert_in_head(text, meta)


def _add_csp(app, exception):
    if exception is None and app.builder.format == "html":
        rewrite_pages(app.outdir, add_policy)


def setup_csp(app, priority: int) -> None:
    app.connect("build-finished", _add_csp, priority=priority)
