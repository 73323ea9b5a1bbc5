"""Sphinx glue for the voidref site, defined once and used by every chapter.

Directives:

``{ruling} system.field``, ``{ruling-note} Title``, ``{ruling-index} folder``
    The ruling boxes, rendered from the ``Rulings`` fields' documentation
    (defined in ``voidref_rulings``).

``{computed} dotted.path.to.function``
    Calls the function at build time and renders the MyST Markdown it returns
    (a table, a list, raw SVG). Options become keyword arguments, parsed as
    Python literals. This is how numbers reach the pages: computed by the
    engine, never typed. Such a page is read again whenever any ``voidref``
    source changes (see ``voidref_sources``).
"""

from __future__ import annotations

import ast
import importlib
import json
import re

import voidref_sources
from docutils import nodes
from sphinx import addnodes
from sphinx.util import docname_join
from sphinx.util.docutils import SphinxDirective


class ComputedDirective(SphinxDirective):
    """``{computed} module.function``: render the Markdown an engine function returns.

    Each content line ``name = literal`` becomes a keyword argument.
    """

    required_arguments = 1
    has_content = True

    def run(self):
        path = self.arguments[0]
        module_name, _, func_name = path.rpartition(".")
        try:
            func = getattr(importlib.import_module(module_name), func_name)
        except (ImportError, AttributeError) as exc:
            raise self.error(f"{{computed}} cannot find {path!r}: {exc}") from exc
        kwargs = {}
        for line in self.content:
            if not line.strip():
                continue
            key, sep, raw = line.partition("=")
            if not sep or not key.strip().isidentifier():
                raise self.error(f"{{computed}} lines must read 'name = literal' (got {line!r})")
            try:
                kwargs[key.strip()] = ast.literal_eval(raw.strip())
            except (ValueError, SyntaxError) as exc:
                raise self.error(
                    f"{{computed}} value for {key.strip()!r} is not a Python literal: {raw.strip()!r}") from exc
        self.env.note_dependency(importlib.import_module(module_name).__file__)
        voidref_sources.note_engine_page(self.env)
        text = func(**kwargs)
        if not isinstance(text, str):
            raise self.error(f"{path} must return Markdown text (got {type(text).__name__})")
        return self.parse_text_to_nodes(text, allow_section_headings=False)


def _xref_text(env, xref) -> str:
    """What a reader sees for a cross-reference: its own text, or the title it points to.

    In the unresolved doctree a ``{ref}`` with no title of its own still shows the
    label name (``drifters-disoriented``); a reader should see the section's title.
    """
    if xref.get("refexplicit"):
        return xref.astext()
    target = xref.get("reftarget", "")
    if xref.get("reftype") == "ref":
        std = env.get_domain("std")
        found = std.labels.get(target.lower())
        if found and found[2]:
            return found[2]
    elif xref.get("reftype") == "doc":
        docname = docname_join(xref.get("refdoc", ""), target)
        if docname in env.titles:
            return env.titles[docname].astext()
    return xref.astext()


def _xref_page(env, xref) -> tuple[str, str] | None:
    """The (page, anchor) a ``{ref}`` or ``{doc}`` points to; None for anything else."""
    target = xref.get("reftarget", "")
    if xref.get("reftype") == "ref":
        found = env.get_domain("std").labels.get(target.lower())
        return (found[0], found[1]) if found else None
    if xref.get("reftype") == "doc":
        docname = docname_join(xref.get("refdoc", ""), target)
        return (docname, "") if docname in env.titles else None
    return None


def _plain_name(term: str) -> str:
    """A glossary term as a player would type it: without the system's name in brackets."""
    return re.sub(r"\s*\([^()]*\)$", "", term).strip()


def _glossary(app) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]]]:
    """Every glossary entry, read once per build.

    Returns (definitions, hints): the plain-text definition of each term's anchor id,
    with every cross-reference shown as the title it points to (never a label name);
    and, per page, the (term, anchor) pairs of terms whose definition sends the reader
    to that page first: that page is where the rule lives, and the search lists it
    for the term (and for each other name of the term).
    """
    cache = getattr(app.env, "_voidref_term_cache", None)
    if cache is not None:
        return cache
    env = app.env
    definitions: dict[str, str] = {}
    hints: dict[str, list[tuple[str, str]]] = {}
    glossary_docs = {docname for (kind, _), (docname, _) in
                     ((k, v[:2]) for k, v in env.domaindata["std"]["objects"].items()) if kind == "term"}
    for docname in sorted(glossary_docs):
        doctree = env.get_doctree(docname)
        for item in doctree.findall(nodes.definition_list_item):
            terms = [t for t in item.children if isinstance(t, nodes.term)]
            definition = next((d for d in item.children if isinstance(d, nodes.definition)), None)
            if definition is None:
                continue
            plain = definition.deepcopy()
            pages = []
            for xref in list(plain.findall(addnodes.pending_xref)):
                page = _xref_page(env, xref)
                if page:
                    pages.append(page)
                xref.replace_self(nodes.Text(_xref_text(env, xref)))
            text = " ".join(plain.astext().split())
            for term in terms:
                for tid in term["ids"]:
                    definitions[tid] = text
            if pages and pages[0][0] != docname:
                page, anchor = pages[0]
                for term in terms:
                    hints.setdefault(page, []).append((_plain_name(term.astext()), anchor))
    cache = (definitions, hints)
    env._voidref_term_cache = cache
    return cache


def _term_definitions(app) -> dict[str, str]:
    """Every glossary entry's anchor id mapped to its definition, as plain text."""
    return _glossary(app)[0]


ALSO_CALLED = "Also called:"


def _also_called(doctree) -> list[tuple[str, str]]:
    """(word, anchor) for each word of the page's "Also called: a, b, c." lines.

    Such a line sits under a heading and lists the words players use for its rule;
    each word leads to that heading.
    """
    found = []
    for para in doctree.findall(nodes.paragraph):
        text = " ".join(para.astext().split())
        if not text.startswith(ALSO_CALLED):
            continue
        section = para.parent
        while section is not None and not isinstance(section, nodes.section):
            section = section.parent
        top = section is None or isinstance(section.parent, nodes.document)
        anchor = "" if top or not section["ids"] else section["ids"][0]
        words = re.sub(r"\([^()]*\)?", "", text[len(ALSO_CALLED):]).strip().rstrip(".")
        found += [(word.strip(), anchor) for word in words.split(",") if word.strip()]
    return found


def _search_words(word: str) -> set[str]:
    """The word and its plain plural ("crit", "crits"): Sphinx's index entries match substrings only."""
    word = " ".join(word.replace(";", ",").split())
    return {word, word + "s"} if not word.endswith("s") else {word}


def _add_search_hints(app, doctree, fromdocname):
    """Index a rules page for the words players use for its rules.

    A player searches "crit", not "Critical Injuries". Each glossary entry that sends the
    reader to this page, and each "Also called" line on it, becomes an index entry (an
    index node, read only by the search indexer, which runs after this event): the
    search lists this page, at the heading, for those words, above the glossary row.
    """
    if app.builder.format != "html":
        return
    # one place per word and page: the page's own "Also called" line wins over the glossary
    anchors = {}
    for word, anchor in [*_glossary(app)[1].get(fromdocname, ()), *_also_called(doctree)]:
        for variant in _search_words(word):
            anchors[variant.lower()] = (variant, anchor)
    entries = sorted(("single", variant, anchor, "main", None) for variant, anchor in anchors.values())
    if entries:
        doctree += addnodes.index(entries=entries, inline=False)


def _embed_term_definitions(app, doctree, fromdocname):
    """Put the definitions of the terms a page links to in the page, for tap-to-read popovers."""
    if app.builder.format != "html":
        return
    used = {}
    defs = None
    for ref in doctree.findall(nodes.reference):
        if not any("std-term" in child.get("classes", []) for child in ref.findall(nodes.inline)):
            continue
        anchor = ref.get("refuri", "").rpartition("#")[2]
        if not anchor:
            continue
        if defs is None:
            defs = _term_definitions(app)
        if anchor in defs:
            used[anchor] = defs[anchor]
    if used:
        payload = json.dumps(used, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
        doctree += nodes.raw("", f'<script type="application/json" id="voidref-terms">{payload}</script>',
                             format="html")


def _reset_term_cache(app, env, *args):
    """Once every page is read: note the pages the glossary sends readers to.

    They are kept in the saved environment for _rewrite_indexed_pages; the
    definitions themselves are read again while writing (not saved with it).
    """
    env._voidref_term_cache = None
    env.voidref_hint_docs = set(_glossary(app)[1])
    env._voidref_term_cache = None


def _note_indexed_page(app, doctree):
    """Remember the pages that carry index entries or "Also called" lines."""
    docs = app.env.__dict__.setdefault("voidref_indexed_docs", set())
    docs.discard(app.env.docname)
    if next(iter(doctree.findall(addnodes.index)), None) is not None or _also_called(doctree):
        docs.add(app.env.docname)


def _merge_indexed_pages(app, env, docnames, other):
    env.__dict__.setdefault("voidref_indexed_docs", set()).update(
        getattr(other, "voidref_indexed_docs", set()) & set(docnames))


def _rewrite_indexed_pages(app, env, added, changed, removed):
    """On every build, read and write again each page that carries search entries.

    Sphinx keeps a page's index entries in searchindex.js only when it writes the
    page in that build: it rewrites searchindex.js on every build, and the entries
    of the pages it skips are dropped (the words and titles are kept). Without
    this, even a build with nothing changed would take "crit" and the glossary
    out of the search.
    """
    keep = (getattr(env, "voidref_indexed_docs", set()) | getattr(env, "voidref_hint_docs", set()))
    return sorted((keep & set(env.found_docs)) - set(removed))


def setup(app):
    app.setup_extension("voidref_sources")
    app.setup_extension("voidref_rulings")
    app.add_directive("computed", ComputedDirective)
    app.connect("doctree-resolved", _embed_term_definitions)
    app.connect("doctree-resolved", _add_search_hints)
    app.connect("env-updated", _reset_term_cache)
    app.connect("doctree-read", _note_indexed_page)
    app.connect("env-merge-info", _merge_indexed_pages)
    app.connect("env-get-outdated", _rewrite_indexed_pages)
    app.add_css_file("voidref.css")
    app.add_js_file("terms.js", loading_method="defer")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 4}
