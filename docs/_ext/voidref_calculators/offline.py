"""``sw.js`` at the site root: a service worker that keeps the whole site for offline use.

It caches every file of the built site. Its cache name is a hash of all those
files, so each build that changes anything installs a new cache and drops the
old one. The program is ``js/sw.js``; the build fills in its two placeholders,
the version string ``"VOIDREF_VERSION"`` and the file list ``["VOIDREF_FILES"]``.
This step runs last: the hash must see every other file in its final form.
"""

from __future__ import annotations

import hashlib
import json
import os

TEMPLATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "js", "sw.js")
#: never cached: the worker itself, the inventory only Sphinx reads, and leftovers
_SKIP = ("sw.js", "objects.inv")


def fill(template: str, version: str, files: list[str]) -> str:
    """The service worker's program with its version and file list in place of the placeholders."""
    for placeholder in ('"VOIDREF_VERSION"', '["VOIDREF_FILES"]'):
        if template.count(placeholder) != 1:
            raise ValueError(f"{TEMPLATE} must hold {placeholder} once (found {template.count(placeholder)})")
    return (template.replace('"VOIDREF_VERSION"', json.dumps(version))
            .replace('["VOIDREF_FILES"]', json.dumps(files)))


def write_service_worker(outdir: str) -> str:
    """Write ``sw.js`` caching every file of the site; return the version (hash of the files)."""
    files = []
    digest = hashlib.sha256()
    for root, dirs, names in os.walk(outdir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for fn in sorted(names):
            rel = os.path.relpath(os.path.join(root, fn), outdir).replace(os.sep, "/")
            if fn.startswith(".") or rel in _SKIP or fn.endswith((".tmp", ".map")):
                continue
            files.append(rel)
            with open(os.path.join(root, fn), "rb") as fh:
                digest.update(rel.encode() + b"\0" + hashlib.sha256(fh.read()).digest())
    version = digest.hexdigest()[:16]
    with open(TEMPLATE, encoding="utf-8") as fh:
        program = fill(fh.read(), version, files)
    with open(os.path.join(outdir, "sw.js"), "w", encoding="utf-8") as fh:
        fh.write(program)
    return version


def _write_service_worker(app, exception):
    if exception is None and app.builder.format == "html":
        write_service_worker(app.outdir)


def setup_offline(app, priority: int) -> None:
    app.connect("build-finished", _write_service_worker, priority=priority)
