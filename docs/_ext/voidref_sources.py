"""Re-read every page whose numbers the engine computes whenever a ``voidref`` source changes.

A page that holds a ``{calculator}`` or a ``{computed}`` block shows numbers
the engine worked out at build time. Sphinx only knows that such a page
depends on its own Markdown, so an edit to any module the engine uses (a
constant in ``voidref/drifters/rulings.py``, say) would leave the page stale on
an incremental build. The directives call :func:`note_engine_page`; before
each build, this extension hashes every ``.py`` file of the ``voidref``
package the build imported and, when the hash differs from the one stored in
the environment, hands all those pages back to Sphinx to be read again.

A content hash rather than modification times: a checkout or a copy that
keeps old times still triggers a re-read, and touching a file without
changing it does not.
"""

from __future__ import annotations

import hashlib
import os

import voidref

#: the docnames of the pages that show numbers computed by the engine
DOCS = "voidref_engine_docs"
#: the hash of the voidref sources the stored pages were read with
HASH = "voidref_sources_hash"


def sources_digest(root: str | None = None) -> str:
    """A hash of every ``.py`` file (path and content) under the ``voidref`` package."""
    root = root or os.path.dirname(os.path.abspath(voidref.__file__))
    digest = hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(files):
            if fn.endswith(".py"):
                path = os.path.join(folder, fn)
                with open(path, "rb") as fh:
                    content = hashlib.sha256(fh.read()).digest()
                digest.update(os.path.relpath(path, root).replace(os.sep, "/").encode() + b"\0" + content)
    return digest.hexdigest()


def note_engine_page(env) -> None:
    """Record that the page being read shows numbers the engine computed."""
    env.__dict__.setdefault(DOCS, set()).add(env.docname)


def _purge(app, env, docname):
    getattr(env, DOCS, set()).discard(docname)


def _merge(app, env, docnames, other):
    env.__dict__.setdefault(DOCS, set()).update(getattr(other, DOCS, set()))


def _outdated(app, env, added, changed, removed):
    digest = sources_digest()
    stored = getattr(env, HASH, None)
    setattr(env, HASH, digest)
    if stored is None or stored == digest:  # a fresh environment reads every page anyway
        return []
    return sorted(getattr(env, DOCS, set()) - set(removed))


def setup(app):
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
