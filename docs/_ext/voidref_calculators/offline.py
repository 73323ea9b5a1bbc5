"""``sw.js`` at the site root: a service worker that keeps the site for offline use.

It keeps every page of the site and only the files some page uses: what the
pages' ``src`` and ``href`` attributes name, what those style sheets name in
``url(...)``, the icons the web app manifest names (``manifest.py``), and the
calculators' own files (``_static/calc/``,
``_static/pyodide/``, which the worker loads by script). Files no page asks
for (the theme's locale catalogues, unused logos and scripts, source maps)
stay out, and so do the compressed ``.gz`` and ``.br`` copies (``compress.py``), which a
host sends in place of the file itself, never under their own name.

The page's Python worker (``calc/shared/python.js``, used by ``calc.js`` and
``examples.js``) registers it only after Python has started, i.e. once the player
has used a calculator, so by then the page has fetched the runtime already.
The service worker's install takes each file from what the page already has:
the runtime files the Python worker handed over in the ``voidref-handoff``
cache (``worker.mjs``), else the browser's HTTP cache (``cache:
"force-cache"``, no download); it checks each against the SHA-256 the build
wrote beside its name, and fetches from the network only a file that is
missing or from another build. So nothing the page fetched is downloaded
twice.

Its cache name is a hash of all those files, so each build that changes
anything installs a new cache and drops the old one. The program is
``js/sw.js``; the build fills in its two placeholders, the version string
``"VOIDREF_VERSION"`` and the file list ``["VOIDREF_FILES"]``. This step runs
last: the hash must see every other file in its final form.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
from urllib.parse import unquote, urlsplit

from .modules import CALC_DIR, content_hash

TEMPLATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "js", "sw.js")
#: kept whole: the calculators' files, which the worker loads by script
RUNTIME_DIRS = ("_static/calc/", "_static/pyodide/")
#: never cached: the service worker itself
_SKIP = ("sw.js",)
_ATTR = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")
_CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")


def fill(template: str, version: str, files: list[list[str]]) -> str:
    """The service worker's program with its version and file list in place of the placeholders."""
    for placeholder in ('"VOIDREF_VERSION"', '["VOIDREF_FILES"]'):
        if template.count(placeholder) != 1:
            raise ValueError(f"{TEMPLATE} must hold {placeholder} once (found {template.count(placeholder)})")
    return (template.replace('"VOIDREF_VERSION"', json.dumps(version))
            .replace('["VOIDREF_FILES"]', json.dumps(files, separators=(",", ":"))))


def _local(outdir: str, base: str, ref: str) -> tuple[str, str] | None:
    """The site file (path relative to *outdir*) that *ref*, found in file *base*, names, and its query."""
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    rel = posixpath.normpath(posixpath.join(posixpath.dirname(base), unquote(parts.path)))
    if rel.startswith("../") or not os.path.isfile(os.path.join(outdir, rel)):
        return None
    return rel, parts.query


def _refs(rel: str, text: str) -> list[str]:
    """What the file *rel* (a page, a style sheet or the web app manifest) names."""
    if rel.endswith(".html"):
        return _ATTR.findall(text)
    if rel.endswith(".css"):
        return _CSS_URL.findall(text)
    try:  # the manifest: its icons (and its shortcuts' icons)
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, dict):
        return []
    icons = [*data.get("icons", []), *(i for s in data.get("shortcuts", []) for i in s.get("icons", []))]
    return [i["src"] for i in icons if isinstance(i, dict) and isinstance(i.get("src"), str)]


def used_files(outdir: str) -> list[str]:
    """Every page of the site and every file a page uses, sorted (paths relative to *outdir*).

    A file the pages name with a query (``theme.css?digest=...``) is listed
    with it: the URL the page fetched, so the browser's cached copy is found.
    A calculator module is listed with the version its importers name
    (``?v=<hash>``, ``modules.py``), and the wheel with the one
    ``config.mjs`` names (``pyodide.py``).
    """
    pages, runtime = [], []
    for root, dirs, names in os.walk(outdir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for fn in sorted(names):
            rel = os.path.relpath(os.path.join(root, fn), outdir).replace(os.sep, "/")
            if fn.startswith(".") or rel in _SKIP or fn.endswith((".tmp", ".map", ".gz", ".br")):
                continue
            if rel.startswith(RUNTIME_DIRS):
                runtime.append(rel)
            elif fn.endswith(".html") and not rel.startswith("_static/"):
                pages.append(rel)
    keep = {rel: "" for rel in pages + runtime}
    todo = sorted(pages)
    while todo:
        rel = todo.pop(0)
        if not rel.endswith((".html", ".css", ".webmanifest")):
            continue
        with open(os.path.join(outdir, rel), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for ref in _refs(rel, text):
            found = _local(outdir, rel, ref)
            if not found or found[0] in _SKIP or found[0].endswith(".map"):
                continue
            path, query = found
            if path not in keep:
                todo.append(path)
            if not keep.get(path):
                keep[path] = query
    for path in keep:
        if path.startswith(CALC_DIR + "/") and path.endswith((".js", ".mjs", ".whl")) and not keep[path]:
            with open(os.path.join(outdir, path), "rb") as fh:
                keep[path] = "v=" + content_hash(fh.read())
    return sorted(path + ("?" + query if query else "") for path, query in keep.items())


def write_service_worker(outdir: str) -> str:
    """Write ``sw.js`` keeping every page and every file they use; return the version (hash of the files)."""
    files = []
    digest = hashlib.sha256()
    for rel in used_files(outdir):
        with open(os.path.join(outdir, rel.split("?")[0]), "rb") as fh:
            file_hash = hashlib.sha256(fh.read()).hexdigest()
        files.append([rel, file_hash[:16]])
        digest.update(rel.encode() + b"\0" + file_hash.encode())
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
