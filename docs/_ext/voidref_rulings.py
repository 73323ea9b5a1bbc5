"""Ruling boxes, written once: in the ``#:`` documentation of each ``Rulings`` field.

Directives:

``{ruling} system.field [system.field ...]``
    The box for one switch (or a few that work together) of a game's frozen
    ``Rulings`` (``voidref/<system>/rulings.py``). The box shows the field's
    ``#:`` documentation, the one text of the ruling (what the source says,
    what we chose, the printed reading, why), and the ``STANDARD`` and
    ``AS_PRINTED`` values read from the live objects, so neither the text nor
    the values can drift from the code. Options: ``:title:`` (the box's title;
    default the documentation's first line) and ``:id:`` (anchor
    ``ruling-<id>``; default ``<system>-<field-with-dashes>``). Content, if
    any, is page-local context shown after the ruling (an example table, links
    to the rest of the page); it must not restate the ruling.

``{ruling-note} system.NAME [system.NAME ...]``
    The box for a ruling that is not a switch but a constant in code (game
    data the source does not print, a reading with no alternative): a
    module-level constant, function or enum of ``voidref/<system>/rulings.py``
    (``drifters.MELEE_DIFFICULTY``, ``drifters.ships.ARCS``; a name not in a
    ``rulings`` module is looked up in ``voidref.<system>`` itself, e.g.
    ``pirates.ships.CATASTROPHIC_SHARE``). The box shows the constant's
    documentation (its ``#:`` comment or docstring: an opening line, then
    paragraphs opening ``**Source:**``, ``**We chose:**``, ``**Why:**``, and
    ``**As printed:**`` only where it says something) and its live value,
    readably (enums by name, a dict as a small table). Further names share
    the box: each needs some documentation and shows its value. Options and
    content as for ``{ruling}``; ``:title:`` defaults to the opening line.

``{ruling-note} Title``
    A hand-written box for a reading with no code of its own: its text lives
    only on the page. It may not name a ``Rulings`` field: such a box is a
    ``{ruling}``.

``{ruling-index} folder``
    Every box of one game's pages, grouped by page (the Rulings page).

The build fails (a Sphinx error, or a warning under ``-W``) when a box names
a field, constant or code that does not exist, when a field's or constant's
documentation is empty or lacks one of its parts, and when any field of any
game's ``Rulings`` has no box anywhere on the site, or more than one.

A box with several switches shows each under its field's name; after the
first, each field's opening line and values stay in view and its four parts
fold into a ``<details>`` element below them, so a phone reader scrolls past
the fields they do not need.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import pkgutil
import re
from fractions import Fraction

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from voidref_ruling_values import value_markdown

logger = logging.getLogger(__name__)

#: The four parts every field's documentation states, each opening a paragraph.
PARTS = ("**Source:**", "**We chose:**", "**As printed:**", "**Why:**")

#: The parts every ruling constant's documentation states (``**As printed:**`` is
#: optional: a constant has no printed alternative, or it would be a switch).
NOTE_PARTS = ("**Source:**", "**We chose:**", "**Why:**")


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


# -- the games' Rulings and their documentation -------------------------------------------


@functools.cache
def systems() -> dict[str, str]:
    """Every game with a ``Rulings`` dataclass: ``system -> module`` (``"pirates": "voidref.pirates.rulings"``)."""
    import voidref

    found = {}
    for info in pkgutil.iter_modules(voidref.__path__):
        if not info.ispkg:
            continue
        name = f"voidref.{info.name}.rulings"
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        cls = getattr(module, "Rulings", None)
        if isinstance(cls, type) and dataclasses.is_dataclass(cls):
            found[info.name] = name
    return found


def field_names(system: str) -> list[str]:
    """The fields of *system*'s ``Rulings``, in declaration order."""
    return [f.name for f in dataclasses.fields(importlib.import_module(systems()[system]).Rulings)]


def field_doc(system: str, field: str) -> str:
    """The ``#:`` documentation of ``Rulings.<field>`` in *system*'s rulings module ('' if none)."""
    analyzer = ModuleAnalyzer.for_module(systems()[system])
    lines = analyzer.find_attr_docs().get(("Rulings", field), [])
    return "\n".join(lines).strip()


def doc_problem(doc: str, parts: tuple[str, ...] = PARTS) -> str | None:
    """What is wrong with a field's (or, with *parts* ``NOTE_PARTS``, a constant's) documentation.

    ``None`` when it is complete.
    """
    if not doc:
        return "has no #: documentation"
    missing = [p for p in parts if not re.search(rf"(^|\n\n){re.escape(p[:-3])}(:\*\*|\*\* \([^)]*\):)", doc)]
    if missing:
        return f"lacks {', '.join(missing)} (each opening a paragraph)"
    summary = doc.split("\n\n")[0]
    if doc.startswith("**") or ": " in summary:
        return ("must open with a paragraph saying what it decides, with no colon "
                "(autodoc's napoleon would read the words before it as a type)")
    return None


def show(value: object) -> str:
    """A value as Python spells it (a Fraction as ``1/2``)."""
    return str(value) if isinstance(value, Fraction) else repr(value)


def values(system: str, field: str) -> tuple[str, str]:
    """``(STANDARD, AS_PRINTED)`` of the field, read from the live objects."""
    module = importlib.import_module(systems()[system])
    return show(getattr(module.STANDARD, field)), show(getattr(module.AS_PRINTED, field))


def as_markdown(doc: str) -> str:
    """The documentation as MyST Markdown: reST roles (``:attr:`X```) become code."""
    return re.sub(r":[a-z:]+:`~?([^`]+)`", r"``\1``", doc)


def switch_markdown(system: str, field: str) -> str:
    """The Markdown line naming a switch and its ``STANDARD`` and ``AS_PRINTED`` values."""
    ours, printed = values(system, field)
    if printed == ours:
        readings = f"ours and as printed (``STANDARD``, ``AS_PRINTED``) `{ours}`"
    else:
        readings = f"ours (``STANDARD``) `{ours}`; as printed (``AS_PRINTED``) `{printed}`"
    return f"**Switch:** ``Rulings.{field}``, {readings}.\n"


def box_markdown(system: str, field: str) -> str:
    """The Markdown of one field in a box: its documentation, then the switch and its two values."""
    return as_markdown(field_doc(system, field)) + "\n\n" + switch_markdown(system, field)


def parse_field(text: str) -> tuple[str, str]:
    """``"pirates.partial_margin"`` -> ``("pirates", "partial_margin")``, checked against the code."""
    system, _, field = text.rpartition(".")
    known = systems()
    if system not in known:
        raise ValueError(f"{text!r}: no game {system!r} with a Rulings (games: {', '.join(sorted(known))})")
    if field not in field_names(system):
        raise ValueError(f"{text!r}: no such field in {known[system]}.Rulings")
    return system, field


# -- ruling constants (a ruling that is not a switch) ---------------------------------------


_CONSTANT_NAME = re.compile(r"[a-z_]+(\.[a-z_]+)*\.[A-Za-z_]\w*")


def names_constants(argument: str) -> bool:
    """Whether a ``{ruling-note}`` argument names constants (``drifters.X``) rather than being a title."""
    return all(_CONSTANT_NAME.fullmatch(token) for token in argument.split())


def resolve_constant(text: str) -> tuple[str, str]:
    """``"drifters.ships.ARCS"`` -> ``("voidref.drifters.ships.rulings", "ARCS")``, checked against the code.

    The name is looked up in ``voidref.<prefix>.rulings`` first, then in
    ``voidref.<prefix>`` itself (a constant that lives with the code using it).
    """
    prefix, _, name = text.rpartition(".")
    tried = []
    for module_name in (f"voidref.{prefix}.rulings", f"voidref.{prefix}"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        tried.append(module_name)
        if name in vars(module):
            return module_name, name
    where = " or ".join(tried) if tried else f"voidref.{prefix} (no such module)"
    raise ValueError(f"{text!r}: no constant {name!r} in {where}")


_NOT_READ = (">>>", "Args:", "Returns", "Raises")


def constant_doc(module_name: str, name: str) -> str:
    """The documentation of a ruling constant: its ``#:`` comment or string, or a function's or class's docstring.

    Doctest examples and a function's Args/Returns paragraphs are left out:
    they are for the API page, not for a reader of the rules.
    """
    obj = getattr(importlib.import_module(module_name), name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        doc = obj.__doc__ or ""
        doc = inspect.cleandoc(doc)
        doc = "\n\n".join(p for p in doc.split("\n\n") if not p.lstrip().startswith(_NOT_READ))
        return doc.strip()
    lines = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", name), [])
    return "\n".join(lines).strip()


def note_markdown(module_name: str, name: str) -> str:
    """The Markdown of one constant in a box: its documentation, then its live value."""
    return as_markdown(constant_doc(module_name, name)) + "\n\n" + value_markdown(module_name, name) + "\n"


# -- code named in a box --------------------------------------------------------------------


def _resolve(dotted: str) -> bool:
    """Whether *dotted* (``voidref.pkg.module.Name.attr``) names something that exists."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if dataclasses.is_dataclass(obj) and isinstance(obj, type) and name in {
                    f.name for f in dataclasses.fields(obj)}:
                obj = None  # a dataclass field: exists, with no class attribute if it has no default
                continue
            if obj is None or not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


_RULINGS_MODULES = {"drifters": ("voidref.drifters.rulings", "voidref.drifters.ships.rulings")}


def _missing_code(text: str, docname: str) -> str | None:
    """The code a ruling box names in a literal, if it does not exist (``None`` when it does).

    ``voidref.…`` paths must import; ``Rulings.field`` must be a field of the
    ``Rulings`` of the game the page belongs to.
    """
    text = text.strip().split("=")[0].strip()
    if re.fullmatch(r"voidref(\.\w+)+", text):
        return None if _resolve(text) else text
    match = re.fullmatch(r"Rulings\.(\w+)", text)
    if match:
        folder = docname.split("/")[0]
        modules = _RULINGS_MODULES.get(folder, (f"voidref.{folder}.rulings",))
        if any(_resolve(f"{m}.Rulings.{match.group(1)}") for m in modules):
            return None
        return f"{text} (no such field in {' or '.join(m + '.Rulings' for m in modules)})"
    return None


def _names_a_field(text: str) -> bool:
    """Whether a literal or cross-reference target names a field of some game's ``Rulings``."""
    text = text.strip().split("=")[0].strip().lstrip("~")
    match = re.fullmatch(r"(?:voidref\.(\w+)\.rulings\.)?Rulings\.(\w+)", text)
    if not match:
        return False
    games = [match.group(1)] if match.group(1) else list(systems())
    return any(g in systems() and match.group(2) in field_names(g) for g in games)


# -- the boxes --------------------------------------------------------------------------------


def _note_box(directive: SphinxDirective, rid: str, title: str, fields: list[str]) -> None:
    env = directive.env
    target = f"ruling-{rid}"
    std = env.get_domain("std")
    std.note_hyperlink_target(target, env.docname, target, title)
    rulings = env.__dict__.setdefault("voidref_rulings", {})
    if target in rulings and rulings[target][0] != env.docname:
        raise directive.error(f"ruling id {rid!r} is used twice ({rulings[target][0]} and {env.docname})")
    rulings[target] = (env.docname, title)
    boxed = env.__dict__.setdefault("voidref_ruling_fields", {})
    for name in fields:
        if name in boxed and boxed[name] != (env.docname, rid):
            what = "constant" if name.startswith("voidref.") else "Rulings field"
            raise directive.error(f"{what} {name} has a box already ({boxed[name][0]}#ruling-{boxed[name][1]})")
        boxed[name] = (env.docname, rid)


def _check_literals(directive: SphinxDirective, box: nodes.Element, rid: str, note: bool) -> None:
    for literal in box.findall(nodes.literal):
        if note and _names_a_field(literal.astext()):
            raise directive.error(f"ruling note {rid!r} names the Rulings field {literal.astext()!r}: a box about "
                                  "a switch is rendered from the field's documentation, "
                                  "```{ruling} <system>.<field>```")
        problem = _missing_code(literal.astext(), directive.env.docname)
        if problem:
            raise directive.error(f"ruling {rid!r} names code that does not exist: {problem}")
    if note:
        for xref in box.findall(addnodes.pending_xref):
            if xref.get("reftype") != "ref" and _names_a_field(xref.get("reftarget", "")):
                raise directive.error(f"ruling note {rid!r} links the Rulings field {xref['reftarget']!r}: "
                                      "write ```{ruling} <system>.<field>``` instead")


class RulingDirective(SphinxDirective):
    """``{ruling} system.field ...``: the box of one or more switches, rendered from their documentation."""

    has_content = True
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"id": directives.unchanged_required, "title": directives.unchanged_required}

    def run(self):
        try:
            named = [parse_field(text) for text in self.arguments[0].split()]
        except ValueError as exc:
            raise self.error(f"ruling box names a field that does not exist: {exc}") from None
        for system, field in named:
            problem = doc_problem(field_doc(system, field))
            if problem:
                raise self.error(f"the documentation of {systems()[system]}.Rulings.{field} {problem}")
            self.env.note_dependency(importlib.import_module(systems()[system]).__file__)
        first_system, first_field = named[0]
        rid = self.options.get("id") or f"{first_system}-{first_field}".replace("_", "-")
        title = self.options.get("title") or field_doc(first_system, first_field).split("\n\n")[0].strip()
        box = nodes.admonition(classes=["ruling", "ruling-switch"])
        box["ids"].append(f"ruling-{rid}")
        box += nodes.title(text=f"Ruling: {title}")
        for n, (system, field) in enumerate(named):
            if len(named) > 1:  # several switches in one box: each under its own name
                box += nodes.rubric("", "", nodes.literal(text=f"Rulings.{field}"))
            if n == 0:
                box += self.parse_text_to_nodes(box_markdown(system, field))
                continue
            # after the first: the opening line and the values in view, the four parts folded
            opening, _, parts = as_markdown(field_doc(system, field)).partition("\n\n")
            box += self.parse_text_to_nodes(opening)
            box += self.parse_text_to_nodes(switch_markdown(system, field))
            fold = ruling_fold(summary="Source, our choice and why")
            fold += self.parse_text_to_nodes(parts)
            box += fold
        local = nodes.container()  # the page's own context; the field's part is checked by parse_field
        self.state.nested_parse(self.content, self.content_offset, local)
        _check_literals(self, local, rid, note=False)
        box += local.children
        _note_box(self, rid, title, [f"{s}.{f}" for s, f in named])
        return [box]


class RulingNoteDirective(SphinxDirective):
    """``{ruling-note} system.NAME ...``: a ruling constant's box; ``{ruling-note} Title``: a hand-written one."""

    has_content = True
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"id": directives.unchanged_required, "title": directives.unchanged_required}

    def run(self):
        argument = self.arguments[0]
        for token in argument.split():
            system, _, field = token.replace(".Rulings.", ".").rpartition(".")
            if system in systems() and field in field_names(system):
                raise self.error(f"ruling note names the Rulings field {token!r}: a box about a switch is "
                                 f"rendered from the field's documentation, ```{{ruling}} {system}.{field}```")
        named = self._constants(argument) if names_constants(argument) else []
        if named:
            title = self.options.get("title") or constant_doc(*named[0]).split("\n\n")[0].strip()
        else:
            title = self.options.get("title") or argument
        rid = self.options.get("id") or _slug(title)
        box = nodes.admonition(classes=["ruling", "ruling-note"] + (["ruling-constant"] if named else []))
        box["ids"].append(f"ruling-{rid}")
        box += nodes.title(text=f"Ruling: {title}")
        for module_name, name in named:
            box += self.parse_text_to_nodes(note_markdown(module_name, name))
        local = nodes.container()  # hand-written text, or the page's own context after the constant's
        self.state.nested_parse(self.content, self.content_offset, local)
        _check_literals(self, local, rid, note=True)
        if not named:
            self._check_no_documented_constant(local, rid)
        box += local.children
        _note_box(self, rid, title, [f"{m}.{n}" for m, n in named])
        return [box]

    def _check_no_documented_constant(self, box: nodes.Element, rid: str) -> None:
        """A hand-written note may not name a documented ruling constant: that ruling is written in code."""
        for literal in box.findall(nodes.literal):
            match = re.fullmatch(r"voidref\.([\w.]+)\.rulings\.([A-Za-z_]\w*)", literal.astext().strip())
            if not match or not _resolve(match.group(0)):
                continue
            if constant_doc(f"voidref.{match.group(1)}.rulings", match.group(2)):
                raise self.error(f"ruling note {rid!r} restates the documented constant {match.group(0)}: "
                                 f"render it, ```{{ruling-note}} {match.group(1)}.{match.group(2)}```")

    def _constants(self, argument: str) -> list[tuple[str, str]]:
        """The constants the argument names, each checked: it exists and is documented."""
        named = []
        for n, text in enumerate(argument.split()):
            try:
                module_name, name = resolve_constant(text)
            except ValueError as exc:
                raise self.error(f"ruling note names a constant that does not exist: {exc}") from None
            doc = constant_doc(module_name, name)
            # the first constant carries the ruling; the others need only say what they are
            problem = doc_problem(doc, NOTE_PARTS) if n == 0 else (None if doc else "has no documentation")
            if problem:
                raise self.error(f"the documentation of {module_name}.{name} {problem}")
            self.env.note_dependency(importlib.import_module(module_name).__file__)
            named.append((module_name, name))
        return named


def _check_every_field_boxed(app, env):
    """Every field of every game's ``Rulings`` has a box somewhere on the site."""
    if not app.config.voidref_rulings_require_boxes:
        return
    boxed = getattr(env, "voidref_ruling_fields", {})
    for system, module in sorted(systems().items()):
        for field in field_names(system):
            if f"{system}.{field}" not in boxed:
                logger.warning("%s.Rulings.%s has no ```{ruling} %s.%s``` box on any page",
                               module, field, system, field, type="voidref", subtype="ruling")


# -- the Rulings page -------------------------------------------------------------------------


class ruling_fold(nodes.General, nodes.Element):
    """A folded part of a box: ``<details>`` in HTML, its summary in ``summary``; plain content elsewhere."""


def _visit_fold_html(self, node):
    self.body.append(f'<details class="ruling-fold"><summary>{self.encode(node["summary"])}</summary>')


def _depart_fold_html(self, node):
    self.body.append("</details>")


def _pass(self, node):
    pass


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
    for store in ("voidref_rulings", "voidref_ruling_fields"):
        data = getattr(env, store, {})
        for key in [k for k, v in data.items() if v[0] == docname]:
            del data[key]


def _merge_rulings(app, env, docnames, other):
    for store in ("voidref_rulings", "voidref_ruling_fields"):
        env.__dict__.setdefault(store, {}).update(getattr(other, store, {}))


def setup(app):
    app.add_config_value("voidref_rulings_require_boxes", True, "env")
    app.add_directive("ruling", RulingDirective)
    app.add_directive("ruling-note", RulingNoteDirective)
    app.add_directive("ruling-index", RulingIndexDirective)
    app.add_node(ruling_index)
    plain = (_pass, _pass)
    app.add_node(ruling_fold, html=(_visit_fold_html, _depart_fold_html), latex=plain, text=plain, man=plain,
                 texinfo=plain)
    app.connect("doctree-resolved", _fill_ruling_index)
    app.connect("env-purge-doc", _purge_rulings)
    app.connect("env-merge-info", _merge_rulings)
    app.connect("env-check-consistency", _check_every_field_boxed)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
