"""Content-hashed URLs for the calculators' JavaScript modules: one build's files are never mixed with another's.

A page loads ``calc.js`` (or ``examples.js``, ``roller.js``, ``tracker.js``),
which imports ``shared/*.js`` and starts ``worker.mjs``, which imports
``config.mjs`` and ``kept.mjs``. Without a version in those URLs, a browser
(its HTTP cache, or the service worker while a newer build installs) can
hand a new ``calc.js`` an old ``shared/stepper.js``, or a new page an old
worker: two builds' code in one page.

So after the build has written every module (``config.mjs`` included), each
relative import inside ``_static/calc/`` (``from "./x.js"``, ``import("./x.js")``,
``new URL("../worker.mjs", import.meta.url)``) becomes ``"./x.js?v=<hash>"``,
where the hash is the SHA-256 of ``x.js`` *after* its own imports were
rewritten: a change to any module changes the URL of every module that
reaches it (a Merkle tree over the import graph, which must have no cycle).
The pages' ``?v=`` on those scripts becomes the same hash, and ``offline.py``
lists the hashed URLs, so the service worker keeps and answers each exact
one. The step is idempotent (it strips the hashes it wrote before) and runs
on the copies in the output folder, never on ``docs/_static``.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re

from ._pages import rewrite_pages

#: the folder (relative to the output folder) whose modules get hashed URLs
CALC_DIR = "_static/calc"
#: digits of the SHA-256 in a URL
HASH_DIGITS = 12
#: ``from "./x.js"``, ``import "./x.js"``, ``import("./x.js")`` (with a hash from an earlier run or not)
_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.{1,2}/[^"'?#\s]+?\.m?js)(?:\?v=[0-9a-f]*)?(\2)""")
#: ``new URL("../worker.mjs", import.meta.url)``: a module the page starts as a worker
_WORKER = re.compile(
    r"""(\bnew\s+URL\(\s*)(["'])(\.{1,2}/[^"'?#\s]+?\.mjs)(?:\?v=[0-9a-f]*)?(\2\s*,\s*import\.meta\.url)""")
#: a page's reference to one of these modules: ``_static/calc/calc.js?v=...`` (after any ``../``)
_PAGE_REF = re.compile(r"""(_static/calc/([\w./-]+?\.m?js))\?v=[0-9A-Za-z]+""")


def content_hash(data: bytes) -> str:
    """A module's version in the URLs that load it: the first digits of its content's SHA-256."""
    return hashlib.sha256(data).hexdigest()[:HASH_DIGITS]


class ModuleGraphError(ValueError):
    """An import names a module the build did not write, or the imports go round in a circle."""


def _modules(outdir: str) -> list[str]:
    """Every ``.js`` and ``.mjs`` file under ``_static/calc`` (paths relative to *outdir*, sorted)."""
    found = []
    for root, dirs, names in os.walk(os.path.join(outdir, CALC_DIR)):
        dirs.sort()
        found += [os.path.relpath(os.path.join(root, fn), outdir).replace(os.sep, "/")
                  for fn in sorted(names) if fn.endswith((".js", ".mjs"))]
    return found


def _target(module: str, spec: str) -> str:
    """The path (relative to the output folder) that *spec*, written in *module*, names."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(module), spec))


def hash_modules(outdir: str) -> dict[str, str]:
    """Rewrite the imports of every module under ``_static/calc``; return ``{path: hash}``.

    Imports of files outside ``_static/calc`` (Pyodide's ``pyodide.mjs``) are
    left as they are: those files change only with the pinned Pyodide.
    """
    modules = _modules(outdir)
    known = set(modules)
    texts = {}
    for rel in modules:
        with open(os.path.join(outdir, rel), encoding="utf-8", newline="") as fh:
            texts[rel] = fh.read()
    hashes: dict[str, str] = {}
    visiting: list[str] = []

    def visit(rel: str) -> str:
        if rel in hashes:
            return hashes[rel]
        if rel in visiting:
            cycle = " -> ".join([*visiting[visiting.index(rel):], rel])
            raise ModuleGraphError(f"the imports go round in a circle: {cycle}")
        visiting.append(rel)

        def versioned(m: re.Match) -> str:
            target = _target(rel, m.group(3))
            if not target.startswith(CALC_DIR + "/"):
                return m.group(0)
            if target not in known:
                raise ModuleGraphError(f"{rel} imports {m.group(3)!r}, but the build wrote no {target}")
            return f"{m.group(1)}{m.group(2)}{m.group(3)}?v={visit(target)}{m.group(4)}"

        text = _WORKER.sub(versioned, _IMPORT.sub(versioned, texts[rel]))
        visiting.pop()
        if text != texts[rel]:
            with open(os.path.join(outdir, rel), "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
        hashes[rel] = content_hash(text.encode("utf-8"))
        return hashes[rel]

    for rel in modules:
        visit(rel)
    return hashes


def unversioned(text: str) -> str:
    """*text* (a module) with the versions :func:`hash_modules` wrote taken out of its imports again."""
    def bare(m: re.Match) -> str:
        return f"{m.group(1)}{m.group(2)}{m.group(3)}{m.group(4)}"

    return _WORKER.sub(bare, _IMPORT.sub(bare, text))


def version_page_refs(text: str, hashes: dict[str, str]) -> str:
    """*text* (a page) with each ``_static/calc/<module>?v=...`` carrying that module's hash."""
    def versioned(m: re.Match) -> str:
        digest = hashes.get(f"{CALC_DIR}/{m.group(2)}")
        return f"{m.group(1)}?v={digest}" if digest else m.group(0)

    return _PAGE_REF.sub(versioned, text)


def _hash_modules(app, exception):
    if exception is None and app.builder.format == "html":
        hashes = hash_modules(app.outdir)
        rewrite_pages(app.outdir, lambda text: version_page_refs(text, hashes))


def setup_modules(app, priority: int) -> None:
    app.connect("build-finished", _hash_modules, priority=priority)
