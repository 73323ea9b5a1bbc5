"""Sphinx glue for the voidref site, defined once and used by every chapter.

Directives:

``{ruling} Title``
    One recognisable admonition for a rules interpretation, with the anchor
    ``ruling-<id>`` (option ``:id:``). Every ruling on the site is collected
    by ``{ruling-index}`` on the Rulings page.

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

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import voidref_sources


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


class RulingDirective(SphinxDirective):
    """``{ruling} Title`` with ``:id:``: a ruling admonition that the Rulings page lists."""

    has_content = True
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"id": directives.unchanged_required}

    def run(self):
        title = self.arguments[0]
        rid = self.options.get("id") or _slug(title)
        target = f"ruling-{rid}"
        admonition = nodes.admonition(classes=["ruling"])
        admonition["ids"].append(target)
        admonition += nodes.title(text=f"Ruling: {title}")
        self.state.nested_parse(self.content, self.content_offset, admonition)
        std = self.env.get_domain("std")
        std.note_hyperlink_target(target, self.env.docname, target, title)
        rulings = self.env.__dict__.setdefault("voidref_rulings", {})
        if target in rulings and rulings[target][0] != self.env.docname:
            raise self.error(f"ruling id {rid!r} is used twice ({rulings[target][0]} and {self.env.docname})")
        rulings[target] = (self.env.docname, title)
        return [admonition]


class ruling_index(nodes.General, nodes.Element):
    """Placeholder filled with every ruling once all pages are read."""


class RulingIndexDirective(SphinxDirective):
    """``{ruling-index} folder``: every ruling on the pages of one game, grouped by page.

    The argument is the game's folder under ``docs/`` (``drifters``, ``pirates``, ...).
    Each page that holds rulings becomes a heading of its own, in the order of the
    game's table of contents, listing links to its ruling boxes.
    """

    required_arguments = 1

    def run(self):
        return [ruling_index("", folder=self.arguments[0].strip().strip("/"))]


def _toc_order(env, folder: str) -> list[str]:
    """The game's pages in reading order: its index's table of contents, depth first."""
    order: list[str] = []

    def walk(doc: str) -> None:
        if doc in order:
            return
        order.append(doc)
        for child in env.toctree_includes.get(doc, []):
            walk(child)

    walk(f"{folder}/index")
    return order


def _fill_ruling_index(app, doctree, fromdocname):
    rulings = getattr(app.env, "voidref_rulings", {})
    for node in doctree.findall(ruling_index):
        folder = node["folder"]
        order = _toc_order(app.env, folder)
        by_doc: dict[str, list[tuple[str, str]]] = {}
        for target, (docname, title) in sorted(rulings.items(), key=lambda kv: kv[1][1]):
            if docname.startswith(folder + "/"):
                by_doc.setdefault(docname, []).append((target, title))
        content = []
        for docname in sorted(by_doc, key=lambda d: (order.index(d) if d in order else len(order), d)):
            page_title = app.env.titles[docname].astext() if docname in app.env.titles else docname
            section = nodes.section(ids=[f"rulings-{_slug(docname)}"])
            section += nodes.title(text=page_title)
            blist = nodes.bullet_list()
            for target, title in by_doc[docname]:
                ref = nodes.reference("", title, internal=True,
                                      refuri=app.builder.get_relative_uri(fromdocname, docname) + "#" + target)
                item = nodes.list_item()
                item += nodes.paragraph("", "", ref)
                blist += item
            section += blist
            content.append(section)
        if not content:
            content = [nodes.paragraph(text="No rulings on these pages.")]
        node.replace_self(content)


def _purge_rulings(app, env, docname):
    rulings = getattr(env, "voidref_rulings", {})
    for target in [t for t, (d, _) in rulings.items() if d == docname]:
        del rulings[target]


def _merge_rulings(app, env, docnames, other):
    env.__dict__.setdefault("voidref_rulings", {}).update(getattr(other, "voidref_rulings", {}))


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
            raise self.error(f"{{computed}} cannot find {path!r}: {exc}")
        kwargs = {}
        for line in self.content:
            if not line.strip():
                continue
            key, sep, raw = line.partition("=")
            if not sep or not key.strip().isidentifier():
                raise self.error(f"{{computed}} lines must read 'name = literal' (got {line!r})")
            try:
                kwargs[key.strip()] = ast.literal_eval(raw.strip())
            except (ValueError, SyntaxError):
                raise self.error(f"{{computed}} value for {key.strip()!r} is not a Python literal: {raw.strip()!r}")
        self.env.note_dependency(importlib.import_module(module_name).__file__)
        voidref_sources.note_engine_page(self.env)
        text = func(**kwargs)
        if not isinstance(text, str):
            raise self.error(f"{path} must return Markdown text (got {type(text).__name__})")
        return self.parse_text_to_nodes(text, allow_section_headings=False)


def _term_definitions(app) -> dict[str, str]:
    """Every glossary entry's anchor id mapped to its definition text (built once per build)."""
    cache = getattr(app.env, "_voidref_term_cache", None)
    if cache is not None:
        return cache
    cache = {}
    glossary_docs = {docname for (kind, _), (docname, _) in
                     ((k, v[:2]) for k, v in app.env.domaindata["std"]["objects"].items()) if kind == "term"}
    for docname in glossary_docs:
        doctree = app.env.get_doctree(docname)
        for item in doctree.findall(nodes.definition_list_item):
            terms = [t for t in item.children if isinstance(t, nodes.term)]
            definition = next((d for d in item.children if isinstance(d, nodes.definition)), None)
            if definition is None:
                continue
            text = " ".join(definition.astext().split())
            for term in terms:
                for tid in term["ids"]:
                    cache[tid] = text
    app.env._voidref_term_cache = cache
    return cache


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
    env._voidref_term_cache = None


def setup(app):
    app.setup_extension("voidref_sources")
    app.add_directive("ruling", RulingDirective)
    app.add_directive("ruling-index", RulingIndexDirective)
    app.add_directive("computed", ComputedDirective)
    app.add_node(ruling_index)
    app.connect("doctree-resolved", _fill_ruling_index)
    app.connect("doctree-resolved", _embed_term_definitions)
    app.connect("env-updated", _reset_term_cache)
    app.connect("env-purge-doc", _purge_rulings)
    app.connect("env-merge-info", _merge_rulings)
    app.add_css_file("voidref.css")
    app.add_js_file("terms.js", loading_method="defer")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
