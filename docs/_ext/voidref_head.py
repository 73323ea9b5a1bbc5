"""What every page's ``<head>`` says about it: a description, and scripts that are valid HTML.

* ``<meta name="description">`` (search engines show it under the link, and
  Lighthouse's SEO audit asks for it), made at build time, never written by
  hand: a page's MyST front matter ``description:`` if it has one, otherwise
  its first paragraph of running text as written (not in a list, a table or a
  box; an "Also called:" line of search words left out; inline HTML tags
  dropped, their text kept), cut to :data:`LIMIT` characters at a word. It is
  read when the page is read, before the build adds its own lines (the count
  of checks, glossary previews). The pages Sphinx writes itself (the index,
  search) take theirs from ``voidref_descriptions`` in ``conf.py``. A page
  left with none is a build warning, so the strict build fails on it.
* A ``type="module"`` script is deferred already, and HTML does not allow a
  ``defer`` attribute on it (the Nu HTML checker, ``tests/test_html_valid.py``,
  says so); a module script added with ``loading_method="defer"`` loses the
  attribute here, and loads exactly as it would with it.
"""

from __future__ import annotations

import html
import re

from docutils import nodes
from sphinx.builders.html._assets import _JavaScript
from sphinx.util import logging
from voidref_sphinx import ALSO_CALLED

logger = logging.getLogger(__name__)

#: longest description kept whole; a longer text is cut at a word before it (search results show about this much)
LIMIT = 155
#: where running text lives: a paragraph with any other kind of node above it is not taken
_RUNNING = (nodes.document, nodes.section, nodes.container, nodes.compound)
_SPACE = re.compile(r"\s+")


def trimmed(text: str, limit: int = LIMIT) -> str:
    """*text* on one line; if longer than *limit*, cut at the last word that fits, ellipsis included."""
    text = _SPACE.sub(" ", text).strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    cut = head.rsplit(" ", 1)[0] if " " in head else head[: limit - 1]
    return cut.rstrip(" ,;:(-–") + "…"


def _running_text(paragraph: nodes.paragraph) -> bool:
    parent = paragraph.parent
    while parent is not None:
        if not isinstance(parent, _RUNNING):
            return False
        parent = parent.parent
    return True


def _words(paragraph: nodes.paragraph) -> str:
    """The paragraph's text on one line, less any inline HTML (``<a href=...>``: its text is kept)."""
    texts = (t.astext() for t in paragraph.findall(nodes.Text)
             if not any(isinstance(a, nodes.raw) for a in _ancestors(t, paragraph)))
    return _SPACE.sub(" ", "".join(texts)).strip()


def _ancestors(node: nodes.Node, top: nodes.Node):
    node = node.parent
    while node is not None and node is not top:
        yield node
        node = node.parent


def first_paragraph(doctree: nodes.document) -> str:
    """The text of the page's first paragraph of running text (an "Also called:" line left out), or ``""``."""
    for paragraph in doctree.findall(nodes.paragraph):
        if not _running_text(paragraph):
            continue
        text = _words(paragraph)
        if text and not text.startswith(ALSO_CALLED):
            return text
    return ""


def _read(app, doctree):
    app.env.__dict__.setdefault("voidref_first_paragraphs", {})[app.env.docname] = trimmed(first_paragraph(doctree))


def _purge(app, env, docname):
    getattr(env, "voidref_first_paragraphs", {}).pop(docname, None)


def _merge(app, env, docnames, other):
    ours = env.__dict__.setdefault("voidref_first_paragraphs", {})
    theirs = getattr(other, "voidref_first_paragraphs", {})
    ours.update((d, theirs[d]) for d in docnames if d in theirs)


def description(app, pagename: str) -> str:
    """The page's description: its front matter's, ``conf.py``'s for Sphinx's own pages, or its first paragraph."""
    given = app.env.metadata.get(pagename, {}).get("description") or app.config.voidref_descriptions.get(pagename)
    if given:
        return trimmed(str(given))
    return getattr(app.env, "voidref_first_paragraphs", {}).get(pagename, "")


def _describe(app, pagename, templatename, context, doctree):
    metatags = context.get("metatags", "")
    if 'name="description"' in metatags:  # the page's own ``html_meta`` front matter said it
        return
    text = description(app, pagename)
    if not text:
        logger.warning("page %s has no description: give it a paragraph of text, a front matter description"
                       " or (a page Sphinx writes) an entry in voidref_descriptions in conf.py", pagename,
                       location=pagename if pagename in app.env.all_docs else None,
                       type="voidref", subtype="description")
        return
    context["metatags"] = metatags + f'\n    <meta name="description" content="{html.escape(text)}" />'


def _modules_deferred_already(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    for i, js in enumerate(scripts):
        attributes = getattr(js, "attributes", {})
        if attributes.get("type") == "module" and "defer" in attributes:
            kept = {k: v for k, v in attributes.items() if k != "defer"}
            scripts[i] = _JavaScript(js.filename, priority=js.priority, **kept)


def setup(app):
    app.add_config_value("voidref_descriptions", {}, "html", types=frozenset({dict}))
    app.connect("doctree-read", _read)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _describe)
    # after every extension has added its page's scripts (default priority 500)
    app.connect("html-page-context", _modules_deferred_already, priority=900)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
