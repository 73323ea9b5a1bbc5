"""``{tracker}``: the encounter tracker's page, a Void Drifters fight kept as a log of events.

The directive writes the tracker's parts as plain HTML: a start screen (the
tracker and the Docking Bay fight, each behind a button, with the progress
line the calculators show), then, hidden until the player starts, the
encounter's bar (pick, new, rename, delete, undo, redo, file), the state,
one form per kind of event (named after the event's fields, so that a
refusal naming ``event.successes`` lands beside the successes box), the
combatants and the account. ``calc/tracker.js`` starts Python only when the
player opens the tracker, sends each event to
:func:`voidref.calc.tracker.run` and shows what it answers; it decides no
rule: which forms show is what the answer's ``choices`` lists.

The lists a form offers (range bands, cover, gravity, conditions, sides,
kinds, the skills a weapon may use, the Boon spends and their costs) are
read here from the engine, never written in the script.

Only pages that hold the tracker load ``calc/tracker.js`` (with the modules
it imports: ``calc/tracker-page.js``, ``tracker-forms.js``,
``tracker-view.js``, ``tracker-log.js``, ``tracker-store.js`` and
``shared/dom.js``), ``calc/tracker.css`` and ``calc/fight.css`` (the account's
steps, drawn as the Docking Bay page's).
"""

from __future__ import annotations

import html
import json

import voidref_sources
from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from voidref.calc.fields import BoolField, ChoiceField, IntField, TextField
from voidref.drifters.attack import Cover
from voidref.drifters.characters import (
    ARMOR_RESISTANCE_CAP,
    MAX_CHARACTERISTIC,
    MAX_SKILL,
    Characteristic,
    Kind,
    RangeBand,
    Skill,
    Weapon,
)
from voidref.drifters.conditions import Condition
from voidref.drifters.encounter.actions import SPENDS
from voidref.drifters.environment import Gravity
from voidref.drifters.rulings import COMBAT_BOON_SPENDS
from voidref.errors import RulesError

from .directive import _field_html

#: the skills the stat block form offers (the tracker's pools use these four most)
FORM_SKILLS = (Skill.RANGED, Skill.MELEE, Skill.PERCEPTION, Skill.READINESS)


def _choices(enum) -> tuple[tuple[str, str], ...]:
    """An engine enum's members as a form's (value, label) pairs: the name the log's JSON writes."""
    return tuple((m.name.lower(), m.name.lower().replace("_", " ").capitalize()) for m in enum)


def weapon_skills() -> tuple[Skill, ...]:
    """The skills the engine accepts for a weapon (asked of :class:`~voidref.drifters.characters.Weapon`)."""
    out = []
    for skill in Skill:
        try:
            Weapon("probe", damage=1, crit=1, skill=skill)
        except RulesError:
            continue
        out.append(skill)
    return tuple(out)


def spends() -> dict[str, str]:
    """Each Boon spend the tracker offers, by its name in the log, with what it buys and its cost."""
    out = {}
    for name, what in SPENDS.items():
        cost = COMBAT_BOON_SPENDS[what]
        out[name] = f"{what[0].upper()}{what[1:]} ({cost} Boon{'' if cost == 1 else 's'})"
    return out


def _who(name: str, label: str) -> ChoiceField:
    """A combatant picker (``tracker.js`` lists the combatants)."""
    return ChoiceField(name, label, "", choices=())


def _form(uid: str, event: str, fields, buttons: str, *, legend: str = "", extra: str = "",
          classes: str = "") -> str:
    """One event's form: its fields (named as the event's), its buttons, a slot for a refusal naming no field."""
    body = "".join(_field_html(f, uid) if not isinstance(f, str) else f for f in fields)
    title = f'<p class="vt-form-title" id="{uid}-title">{html.escape(legend)}</p>' if legend else ""
    labelled = f' aria-labelledby="{uid}-title"' if legend else ""
    return (f'<form class="vt-form vt-scope {classes}" id="{uid}" data-event="{event}" autocomplete="off"'
            f' novalidate{labelled} hidden>{title}<div class="vt-fields">{body}</div>{extra}'
            f'<p class="vt-general vc-general-error" id="{uid}-general" hidden></p>'
            f'<div class="vt-buttons">{buttons}</div></form>')


def _button(text: str, cls: str, *, kind: str = "button", extra: str = "") -> str:
    return f'<button type="{kind}" class="{cls}"{extra}>{html.escape(text)}</button>'


def _setup_html() -> str:
    bands = _choices(RangeBand)
    preset = _form("vt-preset", "join", (
        ChoiceField("preset", "Stat block", "", choices=()),
        TextField("name", "Name at the table", "", "Every combatant needs a name of their own.", max_length=60),
    ), _button("Add to the encounter", "vt-primary", kind="submit"), legend="Add a combatant from a stat block",
        classes="vt-preset-form")
    characteristics = tuple(IntField(c.value, c.value.capitalize(), 2, low=1, high=MAX_CHARACTERISTIC)
                            for c in Characteristic)
    skills = tuple(IntField(f"skills[{s.value}]", s.value.capitalize(), 0, low=0, high=MAX_SKILL)
                   for s in FORM_SKILLS)
    weapon = "".join(_field_html(f, "vt-join-w1") for f in (
        TextField("weapon_name", "Weapon", "Sidearm", max_length=60),
        IntField("damage", "Damage", 6, low=0, high=50),
        IntField("crit", "Crit", 3, low=1, high=10),
        ChoiceField("range", "Range (farthest band)", "medium", choices=bands),
        ChoiceField("skill", "Skill", "ranged", choices=tuple((s.value, s.value.capitalize())
                                                               for s in weapon_skills())),
    ))
    weapons = (f'<fieldset class="vt-weapon" data-weapon="1"><legend>Weapon 1</legend>{weapon}'
               f'<button type="button" class="vt-remove-weapon" hidden>Remove this weapon</button></fieldset>')
    join = _form("vt-join", "join", (
        TextField("name", "Name", "", max_length=60),
        ChoiceField("side", "Side", "gm", choices=(("player", "Player side"), ("gm", "GM side"))),
        ChoiceField("kind", "Kind", "character", choices=_choices(Kind)),
        *characteristics, *skills,
        IntField("armor_resistance", "Armor Resistance", 0, low=0, high=ARMOR_RESISTANCE_CAP),
        IntField("ranged_defense", "Ranged Defense", 0, low=0, high=10),
        IntField("melee_defense", "Melee Defense", 0, low=0, high=10),
        TextField("stated_wound_points", "Wound Points (Minion or Elite)", "",
                  "As its stat block states them; blank for a character, whose are worked out.", max_length=4),
        weapons,
        _button("Add another weapon", "vt-add-weapon"),
    ), _button("Add the combatant", "vt-primary", kind="submit"), legend="Add a combatant by hand",
        classes="vt-join-form")
    return (f'<section class="vt-panel vt-setup" aria-labelledby="vt-setup-title" hidden>'
            f'<h2 class="vt-h" id="vt-setup-title" tabindex="-1">Set up the fight</h2>'
            f"{preset}<details class=\"vt-fold vt-by-hand\"><summary>Add a combatant by hand</summary>{join}"
            f"</details></section>")


def _scene_html() -> str:
    forms = "".join((
        _form("vt-range", "set-range", (_who("a", "Between"), _who("b", "and"),
                                        ChoiceField("band", "Range band", "short", choices=_choices(RangeBand))),
              _button("Set the range", "vt-primary", kind="submit"), legend="Range between two combatants"),
        _form("vt-cover", "set-cover", (_who("name", "Combatant"),
                                        ChoiceField("cover", "Cover", "light", choices=_choices(Cover))),
              _button("Set the cover", "vt-primary", kind="submit"), legend="Cover"),
        _form("vt-condition", "set-condition", (
            _who("name", "Combatant"),
            ChoiceField("condition", "Condition", "disoriented", choices=_choices(Condition)),
            BoolField("on", "On (untick to take it off)", True)),
            _button("Set the condition", "vt-primary", kind="submit"), legend="A condition"),
        _form("vt-gravity", "set-gravity", (ChoiceField("gravity", "Gravity", "standard", choices=_choices(Gravity)),),
              _button("Set the gravity", "vt-primary", kind="submit"), legend="Gravity (before the first round)"),
    ))
    return (f'<details class="vt-fold vt-scene" hidden><summary>The scene: range, cover, conditions, gravity'
            f"</summary>{forms}</details>")


def _initiative_html() -> str:
    form = _form("vt-init", "initiative", (
        _who("name", "Combatant"),
        IntField("successes", "Net Successes", 0, low=-20, high=20),
        BoolField("surprised", "Surprised (rolls Willpower + Readiness instead)", False),
    ), _button("Roll", "vt-roll") + _button("Record", "vt-primary", kind="submit"),
        extra='<p class="vt-dice" aria-live="off" hidden></p>', legend="Each combatant's Initiative")
    return (f'<section class="vt-panel vt-initiative" aria-labelledby="vt-init-h" hidden>'
            f'<h2 class="vt-h" id="vt-init-h" tabindex="-1">Initiative</h2>{form}'
            f'<ul class="vt-init-list" aria-label="Initiative so far"></ul>'
            f'<div class="vt-buttons vt-scope" data-event="start-round" hidden>'
            f'{_button("Start the first round", "vt-primary vt-start-round")}'
            f'<p class="vt-general vc-general-error" hidden></p></div></section>')


def _round_html() -> str:
    return ('<section class="vt-panel vt-round" aria-labelledby="vt-round-h" hidden>'
            '<h2 class="vt-h" id="vt-round-h" tabindex="-1">Whose turn</h2><p class="vt-round-note"></p>'
            '<div class="vt-scope" data-event="take-turn" hidden><div class="vt-buttons vt-takers"></div>'
            '<p class="vt-general vc-general-error" hidden></p></div>'
            f'<div class="vt-buttons vt-scope" data-event="end-round" hidden>'
            f'{_button("End the round", "vt-primary vt-end-round")}'
            f'<p class="vt-general vc-general-error" hidden></p></div></section>')


def _turn_html() -> str:
    bands = _choices(RangeBand)
    strain = _field_html(BoolField("strain", "Pay this second Maneuver with 2 Strain (keeps the Action)", False),
                         "vt-man")
    maneuvers = "".join((
        _form("vt-move", "move", (_who("target", "Move relative to"),
                                  ChoiceField("band", "To the band", "engaged", choices=bands)),
              _button("Move", "vt-primary", kind="submit"), legend="Move"),
        _form("vt-take-cover", "take-cover", (ChoiceField("cover", "Cover", "light", choices=_choices(Cover)),),
              _button("Take cover", "vt-primary", kind="submit"), legend="Take cover"),
        _form("vt-maneuver", "maneuver", (TextField("what", "Which Maneuver", "aim", "Aim, draw a weapon, stand up…",
                                                    max_length=60),),
              _button("Take this Maneuver", "vt-primary", kind="submit"), legend="Another Maneuver"),
    ))
    attack = _form("vt-attack", "attack", (
        _who("weapon", "Weapon"), _who("target", "Target"),
        IntField("boon_dice", "Boon Dice added", 0, low=0, high=10),
        IntField("bane_dice", "Bane Dice added", 0, low=0, high=10),
        IntField("difficulty_upgrades", "Trial Dice upgraded to Hazard", 0, low=0, high=10),
        '<div class="vt-odds" id="vt-attack-odds"><p class="vt-odds-wait">The odds show here.</p></div>',
        f'<div class="vt-buttons">{_button("Roll the attack", "vt-roll")}</div>'
        '<p class="vt-dice" hidden></p>',
        '<p class="vt-entry-note">Or enter the roll\'s net result:</p>',
        IntField("successes", "Net Successes (negative: Failures)", 0, low=-40, high=40),
        IntField("boons", "Net Boons (negative: Banes)", 0, low=-40, high=40),
        IntField("breakthroughs", "Breakthroughs", 0, low=0, high=10),
        IntField("calamities", "Calamities", 0, low=0, high=10),
    ), _button("Record the attack", "vt-primary", kind="submit"), legend="Attack (the Action)")
    check = _form("vt-check", "check", (
        TextField("what", "Which check", "", "Craft, Electronics…", max_length=60),
        TextField("dice", "Pool rolled (optional)", "", "e.g. 2M 1A vs 2T: the result is checked against it",
                  max_length=40,
                  placeholder="2M 1A vs 2T"),
        f'<div class="vt-buttons">{_button("Roll the check", "vt-roll")}</div><p class="vt-dice" hidden></p>',
        IntField("successes", "Net Successes", 0, low=-40, high=40),
        IntField("boons", "Net Boons (negative: Banes)", 0, low=-40, high=40),
    ), _button("Record the check", "vt-primary", kind="submit"), legend="Another check (the Action)")
    spends_html = ('<div class="vt-spends vt-scope" data-event="spend-boons" role="group"'
                   ' aria-labelledby="vt-spends-title" hidden><p class="vt-form-title" id="vt-spends-title">'
                   'Spend Boons of this roll</p><div class="vt-buttons vt-spend-buttons"></div>'
                   '<p class="vt-general vc-general-error" hidden></p></div>')
    gm = _form("vt-gm-spend", "gm-spend",
               (IntField("strain", "Strain on the roller (1 Bane each)", 1, low=1, high=10),),
               _button("The GM spends Banes", "vt-primary", kind="submit"), legend="The GM spends Banes")
    crit = _form("vt-crit", "critical-injury", (
        '<p class="vt-crit-target"></p>',
        IntField("d100", "d100 roll", "", low=1, high=100),
    ), _button("Roll d100", "vt-roll") + _button("Record the Critical Injury", "vt-primary", kind="submit"),
        extra='<p class="vt-dice" hidden></p>', legend="Critical Injury")
    end = ('<div class="vt-buttons vt-scope" data-event="end-turn" hidden>'
           f'{_button("End the turn", "vt-primary vt-end-turn")}<p class="vt-general vc-general-error" hidden></p>'
           '</div>')
    return (f'<section class="vt-panel vt-turn" aria-labelledby="vt-turn-h" hidden>'
            f'<h2 class="vt-h" id="vt-turn-h" tabindex="-1">The turn</h2><p class="vt-turn-note"></p>'
            # what this turn's roll bought first: it shows only right after the roll
            f"{crit}{spends_html}{gm}"
            f'<div class="vt-maneuvers vt-scope" role="group" aria-labelledby="vt-man-title" hidden>'
            f'<p class="vt-form-title" id="vt-man-title">Maneuvers</p><p class="vt-man-note"></p>'
            f'<div class="vt-man-strain" hidden>{strain}</div>{maneuvers}</div>'
            f"{attack}{check}{end}</section>")


def _bar_html() -> str:
    return (
        '<div class="vt-bar">'
        '<div class="vt-pick"><label for="vt-pick">Encounter</label>'
        '<select id="vt-pick" class="vt-pick-select"></select></div>'
        '<div class="vt-buttons vt-manage">'
        + _button("New", "vt-new") + _button("Rename", "vt-rename") + _button("Delete", "vt-delete")
        + _button("Save to a file", "vt-export")
        + '<input type="file" id="vt-import" class="vt-import" accept=".json,application/json">'
        '<label class="vt-import-label" for="vt-import">Open a file</label>'
        + _button("Open the Docking Bay fight", "vt-open-example")
        + '</div>'
        '<form class="vt-rename-form vt-inline" hidden><label for="vt-rename-name">New name</label>'
        '<input type="text" id="vt-rename-name" name="name" maxlength="200" autocomplete="off">'
        + _button("Rename", "vt-primary", kind="submit") + _button("Cancel", "vt-cancel") + '</form>'
        '<div class="vt-confirm-delete vt-inline" role="group" aria-labelledby="vt-delete-q" hidden>'
        '<p id="vt-delete-q"></p>'
        + _button("Yes, delete it", "vt-primary vt-delete-yes") + _button("Keep it", "vt-cancel") + '</div>'
        '<div class="vt-notice" role="alert" hidden><p class="vt-notice-text"></p>'
        '<div class="vt-buttons vt-notice-buttons"></div></div>'
        '<div class="vt-problem" hidden><p class="vt-problem-text"></p>'
        '<div class="vt-buttons">' + _button("Save the original file", "vt-save-original")
        + _button("Forget the original", "vt-forget-original") + '</div></div>'
        '<div class="vt-steps" hidden><label for="vt-step">Step of the example</label>'
        '<select id="vt-step"></select>' + _button("Go to this step", "vt-go-step") + '</div>'
        '</div>'
    )


def tracker_html() -> str:
    """The tracker: its start screen, and its parts hidden until the player opens it."""
    sticky = ('<div class="vt-sticky"><p class="vt-announce" role="status" aria-live="polite"></p>'
              '<div class="vt-buttons vt-history">' + _button("Undo", "vt-undo") + _button("Redo", "vt-redo")
              + '</div></div>')
    now = ('<section class="vt-now" aria-labelledby="vt-now-h"><h2 class="vt-h" id="vt-now-h" tabindex="-1">Now</h2>'
           '<p class="vt-now-text"></p><ol class="vt-slots" aria-label="The round\'s slots"></ol></section>')
    fighters = ('<section class="vt-fighters" aria-labelledby="vt-fighters-h">'
                '<h2 class="vt-h" id="vt-fighters-h">Combatants</h2><ul class="vt-cards"></ul>'
                '<p class="vt-none">Nobody has joined yet.</p></section>')
    end = ('<div class="vt-end vt-scope" data-event="end-encounter" hidden>'
           + _button("End the encounter", "vt-end-encounter")
           + '<div class="vt-confirm-end vt-inline" role="group" aria-labelledby="vt-end-q" hidden>'
           '<p id="vt-end-q">End the encounter? Each character recovers Strain, and nothing more can happen '
           '(Undo brings it back).</p>'
           + _button("Yes, end it", "vt-primary vt-end-yes") + _button("Keep fighting", "vt-cancel")
           + '</div><p class="vt-general vc-general-error" hidden></p></div>')
    account = ('<section class="vt-account" aria-labelledby="vt-account-h">'
               '<h2 class="vt-h" id="vt-account-h">The account</h2>'
               '<div class="vt-buttons vt-account-buttons">' + _button("Copy the account", "vt-copy")
               + _button("Print the account", "vt-print") + '</div>'
               '<textarea class="vt-copy-text" aria-label="The account as text, to copy" readonly hidden></textarea>'
               '<div class="vt-account-body"><p class="vt-none">Nothing has happened yet.</p></div></section>')
    start = (
        '<div class="vt-start">'
        '<p class="vt-saved" hidden></p>'
        '<div class="vt-buttons">' + _button("Open the tracker", "vt-primary vt-open", extra=" disabled")
        + _button("Open the Docking Bay fight", "vt-open-example", extra=" disabled") + '</div>'
        '<p class="vt-progress" aria-live="polite">The tracker needs this page\'s script; the engine starts when '
        'you open it.</p>'
        '<noscript><p class="vt-noscript">The tracker needs JavaScript: the fight is refereed by voidref in your '
        'browser.</p></noscript></div>'
    )
    data = html.escape(json.dumps({"spends": spends()}), quote=True)
    return (f'<section class="voidref-tracker" id="tracker" aria-label="Encounter tracker" data-tracker="{data}">'
            f"{start}<div class=\"vt-app\" hidden>{_bar_html()}{sticky}{now}"
            f"{_setup_html()}{_initiative_html()}{_round_html()}{_turn_html()}{_scene_html()}{end}"
            f"{fighters}{account}</div></section>")


class TrackerDirective(SphinxDirective):
    """``{tracker}``: the encounter tracker (its script starts Python when the player opens it)."""

    def run(self):
        self.env.__dict__.setdefault("voidref_tracker_docs", set()).add(self.env.docname)
        voidref_sources.note_engine_page(self.env)
        return [nodes.raw("", tracker_html(), format="html")]


def _purge(app, env, docname):
    getattr(env, "voidref_tracker_docs", set()).discard(docname)


def _merge(app, env, docnames, other):
    env.__dict__.setdefault("voidref_tracker_docs", set()).update(getattr(other, "voidref_tracker_docs", set()))


def _tracker_assets(app, pagename, templatename, context, doctree):
    if pagename in getattr(app.env, "voidref_tracker_docs", set()):
        app.add_css_file("calc/tracker.css")
        app.add_css_file("calc/fight.css")  # the account's steps, drawn as the Docking Bay page draws them
        app.add_js_file("calc/tracker.js", type="module")  # a module script is deferred already


def setup_tracker(app) -> None:
    app.setup_extension("voidref_sources")
    app.add_directive("tracker", TrackerDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _tracker_assets)
