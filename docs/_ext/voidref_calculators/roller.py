"""``{roller} slug``: a dice roller's form, to roll at the table.

A roller (:func:`voidref.calc.registry.rollers`) is a calculator that rolls:
its fields are rendered exactly as a calculator's (``directive._field_html``:
labels, help, error slots, "−"/"+" beside whole numbers, the ruling switches
folded under "Rulings"), followed by a big Roll button. Nothing is rolled at
build time (a roll is random): the result region is empty, with
``role="status"`` so that each roll is announced when ``calc/roller.js``
fills it with the HTML Python returned. After a roll the form offers "Roll
again" and one button per nudge of the roller ("roll again with one more
Boon Die": the step is added to its field, then the dice are rolled), and
the device's history of this roller's rolls.

Options:

``:pool: field``
    the text field that lists a Void Drifters pool (``dice``): above it, a
    button per die (its name and its shape from
    :data:`voidref.calc.drifters.DIE_MARKS`, never colour alone) adds one die
    of that kind, "−" takes one away, and the field is written as text such as
    ``1A 2M vs 2T 1b`` (typing in it still works).
``:folded: name ...`` and ``:folded-title: text``
    fields folded away under a disclosure with that title (opened by the
    script when a link sets one of them).

Only pages that hold a roller load ``calc/roller.js`` and ``calc/roller.css``.
Calculators that name a roller (``Calculator.rolled_by``) link to it ("Roll
this", ``directive.py``), on the page ``directive.ROLLER_PAGE`` (``roller``).
"""

from __future__ import annotations

import html

import voidref_sources
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from voidref import calc
from voidref.calc.drifters import DIE_MARKS
from voidref.drifters import Die, Pool

from .directive import _field_html

#: The dice a pool is tapped together from, in the order shown and written, with the letter
#: :meth:`voidref.drifters.Pool.parse` reads for each (checked by :func:`_checked_letters`).
POOL_DICE = ((Die.ABILITY, "A"), (Die.MASTERY, "M"), (Die.BOON, "B"),
             (Die.TRIAL, "T"), (Die.HAZARD, "H"), (Die.BANE, "b"))


def _checked_letters() -> tuple[tuple[Die, str], ...]:
    """:data:`POOL_DICE`, once the engine has read each letter as its die (the build fails otherwise)."""
    for die, letter in POOL_DICE:
        if Pool.parse(f"1{letter}") != Pool(**{die.value: 1}):
            raise ValueError(f"the pool reader does not read {letter!r} as one {die.label} Die")
    return POOL_DICE


def roller_id(key: str) -> str:
    """The id of a roller's section (the anchor a "Roll this" link ends with)."""
    return f"roller-{key}"


def _die_row(die: Die, letter: str, order: int, uid: str) -> str:
    """One die of the tap panel: a button that adds one (its shape and name), how many, and "−"."""
    esc = html.escape
    name = esc(die.label)
    count_id = f"{uid}-count-{die.value}"
    return (f'<li class="vr-die-row" data-letter="{esc(letter)}" data-side="{"for" if die.positive else "against"}"'
            f' data-order="{order}" data-name="{name}">'
            f'<button type="button" class="vr-die-add" aria-describedby="{count_id}">'
            f'<span class="vr-sr">Add one </span>'
            f'<span class="vr-die-mark" aria-hidden="true">{esc(DIE_MARKS[die])}</span>'
            f'<span class="vr-die-name">{name}</span><span class="vr-sr"> Die</span></button>'
            # how many: shown on the tile, read after the button's name ("Add one Ability Die, 2")
            f'<span class="vr-die-count" id="{count_id}" data-count="0">0</span>'
            f'<button type="button" class="vr-die-remove" aria-label="Take away one {name} Die">\u2212</button>'
            f"</li>")


def _pool_html(uid: str) -> str:
    """The die buttons that build a Void Drifters pool by tapping (``calc/roller.js`` writes the pool's text)."""
    dice = _checked_letters()
    sides = []
    for positive, title in ((True, "Your dice"), (False, "Against you")):
        rows = "".join(_die_row(die, letter, order, uid) for order, (die, letter) in enumerate(dice)
                       if die.positive == positive)
        side_id = f"{uid}-pool-{'for' if positive else 'against'}"
        sides.append(f'<div class="vr-pool-side"><p class="vr-pool-side-title" id="{side_id}">{title}</p>'
                     f'<ul class="vr-pool-dice" aria-labelledby="{side_id}">{rows}</ul></div>')
    return (f'<div class="vr-pool" role="group" aria-labelledby="{uid}-pool-title" hidden>'
            f'<p class="vr-pool-title" id="{uid}-pool-title">Tap the dice of your pool</p>'
            f'<div class="vr-pool-sides">{"".join(sides)}</div>'
            f'<p class="vr-pool-note" aria-live="polite"></p>'
            f'<button type="button" class="vr-pool-clear">Clear the dice</button></div>')


def _nudge_buttons(c) -> str:
    esc = html.escape
    return "".join(f'<button type="button" class="vr-nudge" data-field="{esc(name)}" data-step="{step}">'
                   f"Roll again: {esc(label)}</button>" for label, name, step in c.nudges)


def roller_html(slug: str, key: str | None = None, *, pool: str = "", folded: tuple[str, ...] = (),
                folded_title: str = "More") -> str:
    """The HTML of one roller: its form, Roll, an empty result region (nothing is rolled at build time)."""
    esc = html.escape
    c = calc.get(slug)
    if not c.rolls:
        raise calc.FieldError(slug, f"{slug!r} is a calculator, not a roller (use {{calculator}})")
    key = key or slug
    uid = roller_id(key)
    names = {f.name for f in c.fields}
    unknown = [n for n in (*folded, *([pool] if pool else [])) if n not in names]
    if unknown:
        raise calc.FieldError(slug, f"{slug!r} has no field {', '.join(unknown)}")
    if pool and c.field(pool).kind != "text":
        raise calc.FieldError(slug, f"{slug!r}: the pool field {pool!r} must be a text field")
    plain = [f for f in c.fields if not f.group and f.name not in folded]
    # the dice to tap come right before the field they write (the fields keep the order their help refers to)
    fields = "".join((_pool_html(uid) if f.name == pool else "") + _field_html(f, uid) for f in plain)
    fold = [f for f in c.fields if f.name in folded]
    if fold:
        fields += (f'<details class="vr-folded"><summary>{esc(folded_title)}</summary>'
                   f'{"".join(_field_html(f, uid) for f in fold)}</details>')
    switches = "".join(_field_html(f, uid) for f in c.fields if f.group == "rulings")
    if switches:
        fields += f'<details class="vc-rulings"><summary>Rulings</summary>{switches}</details>'
    intro = f'<p class="vr-intro">{esc(c.intro)}</p>' if c.intro else ""
    again = (f'<div class="vr-again" hidden><button type="button" class="vr-roll-again">Roll again</button>'
             f"{_nudge_buttons(c)}</div>")
    return (
        f'<section class="voidref-roller" id="{uid}" data-roller="{esc(slug)}" data-key="{esc(key)}"'
        f' data-title="{esc(c.title)}" data-pool="{esc(pool)}" aria-labelledby="{uid}-title">'
        f'<p class="vr-title" id="{uid}-title">{esc(c.title)}</p>{intro}'
        f'<form class="vr-form" autocomplete="off" novalidate>{fields}</form>'
        f'<div class="vr-bar"><button type="button" class="vr-roll" disabled>Roll</button></div>'
        f'<p class="vr-status" aria-live="off">'
        f'Rolling needs this page\'s script; the engine starts when you first tap the roller.</p>'
        f'<noscript><p class="vr-noscript">Rolling needs JavaScript: the dice are rolled by voidref in your '
        f"browser.</p></noscript>"
        f'<p class="vr-general-error" role="alert" hidden></p>'
        f'<div class="vr-result" role="status" data-state="empty">'
        f'<p class="vr-nothing">Nothing rolled yet.</p></div>'
        f'<pre class="vr-text" hidden></pre>'
        f"{again}"
        f'<details class="vr-history" hidden><summary>Your last rolls here'
        f' (<span class="vr-history-count">0</span>)</summary>'
        f'<ol class="vr-history-list"></ol>'
        f'<button type="button" class="vr-history-clear">Clear these rolls from this device</button></details>'
        f"</section>"
    )


def _names(argument: str | None) -> tuple[str, ...]:
    return tuple((argument or "").split())


class RollerDirective(SphinxDirective):
    """``{roller} slug``: a roller's form, its Roll buttons and an empty result region."""

    required_arguments = 1
    option_spec = {"pool": directives.unchanged_required, "folded": _names,
                   "folded-title": directives.unchanged_required}

    def run(self):
        slug = self.arguments[0].strip()
        try:
            html_text = roller_html(slug, pool=self.options.get("pool", ""), folded=self.options.get("folded", ()),
                                    folded_title=self.options.get("folded-title", "More"))
        except ValueError as exc:  # a RulesError, or a pool letter the engine no longer reads
            raise self.error(f"{{roller}}: {exc}") from exc
        self.env.__dict__.setdefault("voidref_roller_docs", set()).add(self.env.docname)
        voidref_sources.note_engine_page(self.env)
        return [nodes.raw("", html_text, format="html")]


def _purge(app, env, docname):
    getattr(env, "voidref_roller_docs", set()).discard(docname)


def _merge(app, env, docnames, other):
    env.__dict__.setdefault("voidref_roller_docs", set()).update(getattr(other, "voidref_roller_docs", set()))


def _roller_assets(app, pagename, templatename, context, doctree):
    if pagename in getattr(app.env, "voidref_roller_docs", set()):
        app.add_css_file("calc/roller.css")
        app.add_js_file("calc/roller.js", type="module", loading_method="async", priority=100)


def setup_roller(app) -> None:
    app.setup_extension("voidref_sources")
    app.add_directive("roller", RollerDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _roller_assets)
