"""``{calculator} slug``: a calculator's form, with its default result built in.

The form has real labels, help and error slots for every field of the
calculator registered as *slug* in :mod:`voidref.calc`, and the result for the
default inputs is computed now, by the same :func:`voidref.calc.run` the
browser calls later: the page is useful before Python loads and without
JavaScript. Only pages that hold a calculator load ``calc/calc.js`` and
``calc/calc.css``.
"""

from __future__ import annotations

import html
import json
import posixpath

import voidref_sources
from docutils import nodes
from sphinx.util.docutils import SphinxDirective

import voidref
from voidref import calc

#: the page of the dice rollers (``{roller}``, ``roller.py``), which "Roll this" opens
ROLLER_PAGE = "roller"
#: how many calculators of a page have their form in the page as parsed: those of the first screen, which a
#: player may type into before calc.js arrives. A later one's form is kept in a ``<template>`` that calc.js
#: puts in place as the calculator nears the view (at once for the one a link opens). Why: at
#: DOMContentLoaded the browser reads every form control of the page (Chrome's autofill), and on the
#: calculators page (19 forms, about 240 controls) that read forced a layout of each calculator kept
#: undrawn (calc.css): 0.5-0.9 s of main-thread time on a phone, measured in #35. Inserting all the forms
#: just after that read only moved the cost (the browser reads them all again after an insertion).
EAGER_FORMS = 2


def _field_html(f, uid: str) -> str:
    esc = html.escape
    fid = f"{uid}-{f.name}"
    described = f"{fid}-help {fid}-err" if f.help else f"{fid}-err"
    value = f.format(f.default)
    help_html = f'<span class="vc-help" id="{fid}-help">{esc(f.help)}</span>' if f.help else ""
    err_html = f'<span class="vc-error" id="{fid}-err"></span>'
    if f.kind == "bool":
        checked = " checked" if f.default else ""
        return (f'<div class="vc-field vc-kind-bool"><input type="checkbox" id="{fid}" name="{esc(f.name)}" value="1"'
                f' aria-describedby="{described}"{checked}><label for="{fid}">{esc(f.label)}</label>'
                f"{help_html}{err_html}</div>")
    label = f'<label for="{fid}">{esc(f.label)}</label>'
    if f.kind == "choice":
        options = "".join(
            f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(text)}</option>'
            for v, text in f.choices)
        control = f'<select id="{fid}" name="{esc(f.name)}" aria-describedby="{described}">{options}</select>'
    elif f.kind == "text" and getattr(f, "rows", 1) > 1:
        control = (f'<textarea id="{fid}" name="{esc(f.name)}" rows="{f.rows}" maxlength="{f.max_length * 2}"'
                   f' aria-describedby="{described}" spellcheck="false">{esc(value)}</textarea>')
    else:
        extra = ""
        if f.kind == "int":
            # A phone's digits-only keypad has no minus sign: a field that takes
            # negative numbers gets the ordinary keyboard (its number row has "-").
            extra = ' inputmode="numeric" pattern="[0-9]*"' if f.low >= 0 else ' inputmode="text"'
            extra += f' data-low="{f.low}" data-high="{f.high}"'
        placeholder = getattr(f, "placeholder", "")
        if placeholder:
            extra += f' placeholder="{esc(placeholder)}"'
        control = (f'<input type="text" id="{fid}" name="{esc(f.name)}" value="{esc(value)}"'
                   f' autocomplete="off" spellcheck="false" aria-describedby="{described}"{extra}>')
        if f.kind == "int":
            control = _stepper(control, f)
    return f'<div class="vc-field vc-kind-{f.kind}">{label}{control}{help_html}{err_html}</div>'


def _stepper(control: str, f) -> str:
    """The number box between a "−" and a "+" button (``calc/shared/stepper.js`` moves the value by one, within the
    field's range)."""
    name = html.escape(f.label)
    return (f'<span class="vc-stepper">'
            f'<button type="button" class="vc-step" data-step="-1" aria-label="Decrease {name}">\u2212</button>'
            f"{control}"
            f'<button type="button" class="vc-step" data-step="1" aria-label="Increase {name}">+</button>'
            f"</span>")


def _pin_buttons(slug: str) -> str:
    """ "Pin as A" and "Clear A" for a calculator that answers with chances (compare two setups)."""
    if not calc.has_odds(slug):
        return ""
    return ('<button type="button" class="vc-pin" title="Keep this result as A, then change the inputs to compare">'
            'Pin as A</button><button type="button" class="vc-unpin" hidden>Clear A</button>')


def _roll_link(c, roller_href: str | None) -> str:
    """ "Roll this": a link to the calculator's roller (``Calculator.rolled_by``) on the roller page.

    ``calc/roller-link.js`` adds the calculator's current inputs that the
    roller shares to the link's URL (those that differ from the roller's
    defaults, given here as ``data-shared``); ``calc/roller.js`` reads them.
    """
    if not c.rolled_by or roller_href is None:
        return ""
    roller = calc.get(c.rolled_by)
    mine = {f.name for f in c.fields}
    shared = {f.name: f.format(f.default) for f in roller.fields if f.name in mine}
    return (f'<a class="vc-roll" href="{html.escape(roller_href)}#roller-{html.escape(roller.slug)}"'
            f' data-roller="{html.escape(roller.slug)}" data-shared="{html.escape(json.dumps(shared))}"'
            f' title="Open the dice roller with these inputs">Roll this</a>')


def _setup_html(c) -> str:
    """The inputs of the built result, listed in words, for a calculator whose form comes later (``later``).

    A reader without JavaScript never gets that form, so this list says which
    inputs the result below is for; calc.js removes it once the form is in place.
    """
    esc = html.escape
    items = "".join(f'<li><span class="vc-setup-name">{esc(f.label)}:</span> {esc(f.shown(f.format(f.default)))}</li>'
                    for f in c.fields)
    return f'<div class="vc-setup"><p>Inputs for the result below:</p><ul>{items}</ul></div>'


def calculator_html(slug: str, key: str | None = None, roller_href: str | None = None, later: bool = False) -> str:
    """The HTML of one calculator with its default result rendered (used by the directive).

    *roller_href*: the roller page's address from this page; with it, a
    calculator that names its roller links to it ("Roll this").
    *later*: the form goes in a ``<template>`` for calc.js to put in place,
    with the default inputs listed in words meanwhile (see :data:`EAGER_FORMS`).
    """
    esc = html.escape
    c = calc.get(slug)
    key = key or slug
    uid = f"calc-{key}"
    out = calc.run(slug, {})
    if not out["ok"]:
        raise calc.FieldError(slug, f"the default inputs of {slug!r} fail: {out['errors'] or out['error']}")
    fields = "".join(_field_html(f, uid) for f in c.fields if not f.group)
    switches = "".join(_field_html(f, uid) for f in c.fields if f.group == "rulings")
    if switches:  # the system's rulings this calculator reads, folded away; still form fields, so in the URL
        fields += f'<details class="vc-rulings"><summary>Rulings</summary>{switches}</details>'
    intro = f'<p class="vc-intro">{esc(c.intro)}</p>' if c.intro else ""
    form = (f'<form class="vc-form" autocomplete="off" novalidate>{fields}'
            f'<div class="vc-actions" hidden>'
            f'<button type="button" class="vc-copy">Copy result</button>'
            f'<button type="button" class="vc-link">Copy link to this setup</button>'
            f'<button type="button" class="vc-reset">Reset</button>{_pin_buttons(slug)}{_roll_link(c, roller_href)}'
            f'</div></form>')
    return (
        f'<section class="voidref-calc" id="{uid}" data-calc="{esc(slug)}" data-key="{esc(key)}"'
        f' aria-labelledby="{uid}-title">'
        f'<p class="vc-title" id="{uid}-title">Calculator: {esc(c.title)}</p>{intro}'
        # The headline answer, kept in view at the top of the screen while the
        # inputs below it are edited (a copy of the result's first line; the
        # result itself is announced, so this copy is hidden from screen readers).
        f'<p class="vc-pinned" aria-hidden="true" data-state="prebuilt">{esc(out["text"].splitlines()[0])}</p>'
        f"{_later(form, c) if later else form}"
        f'<p class="vc-status" aria-live="polite" data-state="prebuilt">'
        f'Result for the inputs shown, computed when this page was built.</p>'
        f'<noscript><p class="vc-noscript">Changing the inputs needs JavaScript; '
        f'the result shown is for the default inputs.</p></noscript>'
        f'<p class="vc-general-error" role="alert" hidden></p>'
        # Setup A (pinned) against B (the inputs above), filled by calc.js from calc.compare.
        f'<div class="vc-compare" hidden></div>'
        f'<div class="vc-result" role="status" data-state="prebuilt">{out["html"]}</div>'
        # The result as text, for the Copy button. A <div>, not a <pre>: the theme reads every <pre>'s width
        # when the page loads, which would lay out each calculator kept out of view (calc.css).
        f'<div class="vc-text" hidden>{esc(out["text"])}</div>'
        f"</section>"
    )


def _later(form: str, c) -> str:
    return f'<template class="vc-later">{form}</template>{_setup_html(c)}'


class CalculatorDirective(SphinxDirective):
    """``{calculator} slug``: a calculator form with its default result pre-rendered."""

    required_arguments = 1

    def run(self):
        slug = self.arguments[0].strip()
        try:
            calc.get(slug)
        except voidref.RulesError as exc:
            raise self.error(f"{{calculator}}: {exc}") from exc
        # A second calculator with the same slug on one page needs its own ids.
        seen = self.env.temp_data.setdefault("voidref_calc_seen", {})
        seen[slug] = seen.get(slug, 0) + 1
        key = slug if seen[slug] == 1 else f"{slug}-{seen[slug]}"
        later = sum(seen.values()) > EAGER_FORMS
        self.env.__dict__.setdefault("voidref_calc_docs", set()).add(self.env.docname)
        voidref_sources.note_engine_page(self.env)
        roller_href = None
        if calc.get(slug).rolled_by and ROLLER_PAGE in self.env.found_docs:
            roller_href = posixpath.relpath(ROLLER_PAGE + ".html", posixpath.dirname(self.env.docname) or ".")
            self.env.__dict__.setdefault("voidref_roll_link_docs", set()).add(self.env.docname)
        return [nodes.raw("", calculator_html(slug, key, roller_href, later), format="html")]


def _purge(app, env, docname):
    getattr(env, "voidref_calc_docs", set()).discard(docname)
    getattr(env, "voidref_roll_link_docs", set()).discard(docname)


def _merge(app, env, docnames, other):
    env.__dict__.setdefault("voidref_calc_docs", set()).update(getattr(other, "voidref_calc_docs", set()))
    env.__dict__.setdefault("voidref_roll_link_docs", set()).update(getattr(other, "voidref_roll_link_docs", set()))


def _calculator_assets(app, pagename, templatename, context, doctree):
    if pagename in getattr(app.env, "voidref_calc_docs", set()):
        app.add_css_file("calc/calc.css")
        # async and first among the scripts: it starts Python's worker while
        # the page is still being parsed (see calc.js for when it waits).
        app.add_js_file("calc/calc.js", type="module", loading_method="async", priority=100)
    if pagename in getattr(app.env, "voidref_roll_link_docs", set()):
        # "Roll this": carries the calculator's inputs to the roller (small; after calc.js)
        app.add_js_file("calc/roller-link.js", type="module", loading_method="async", priority=110)


def setup_directive(app) -> None:
    app.setup_extension("voidref_sources")
    app.add_directive("calculator", CalculatorDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _calculator_assets)
