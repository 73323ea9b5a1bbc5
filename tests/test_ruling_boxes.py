"""Ruling boxes are rendered from one text, the Rulings fields' documentation (docs/_ext/voidref_rulings.py).

A ``{ruling} system.field`` box shows the field's ``#:`` documentation and the
``STANDARD`` and ``AS_PRINTED`` values read from the code; the build stops on a
box for a field that does not exist, on an incomplete documentation, on a
field with no box, and on code a box names that does not exist.
"""

from __future__ import annotations

import glob
import html
import io
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))

import voidref_rulings  # noqa: E402

GAMES = ("cantor", "drifters", "pirates", "twodice", "upper_hand")


def plain(text: str) -> str:
    """Text as a reader sees it: no Markdown or HTML marks, straight quotes, single spaces."""
    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(text).replace("``", "").replace("**", "").replace("*", "")
    text = re.sub(r"[\u201c\u201d]", '"', re.sub(r"[\u2018\u2019]", "'", text))
    text = " ".join(text.split()).replace("( ", "(").replace(" )", ")")
    return text.replace(" .", ".").replace(" ,", ",").replace(" :", ":").replace(" ;", ";")


def _arguments_in_sources(directive: str) -> list[tuple[str, str]]:
    """(page, argument) for every ``{directive}`` box in docs/."""
    found = []
    pattern = re.compile(r"^`{3,}\{" + re.escape(directive) + r"\} (.+)$")
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                match = pattern.match(line)
                if match:
                    found.append((os.path.relpath(path, ROOT), match.group(1).strip()))
    return found


def _boxes_in_sources() -> list[tuple[str, str]]:
    """(page, 'system.field') for every field named by a ``{ruling}`` box in docs/."""
    return [(page, name) for page, argument in _arguments_in_sources("ruling") for name in argument.split()]


def _build(tmp_path, page: str, require_boxes: bool = False) -> tuple[str, str]:
    """Read one page with the ruling extension; (the box's text, the warnings)."""
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text("")
    (src / "index.md").write_text(page)
    warnings = io.StringIO()
    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "dummy",
                 confoverrides={"extensions": ["myst_parser", "voidref_rulings"],
                                "voidref_rulings_require_boxes": require_boxes},
                 status=None, warning=warnings, freshenv=True)
    app.build()
    boxes = [n for n in app.env.get_doctree("index").findall()
             if "ruling" in getattr(n, "get", lambda *_: [])("classes", [])]
    return (boxes[0].astext() if boxes else ""), warnings.getvalue()


def test_every_field_is_documented_in_four_parts():
    """Each field of each game's Rulings says what the source says, what we chose, as printed, and why."""
    assert sorted(voidref_rulings.systems()) == list(GAMES)
    for system in GAMES:
        for field in voidref_rulings.field_names(system):
            assert voidref_rulings.doc_problem(voidref_rulings.field_doc(system, field)) is None, (system, field)


def test_every_field_has_exactly_one_box():
    """Every Rulings field of every game is named by one `{ruling}` box on the pages, and every name is a field."""
    named = [name for _, name in _boxes_in_sources()]
    for name in named:
        voidref_rulings.parse_field(name)  # raises on a field that does not exist
    every = {f"{s}.{f}" for s in GAMES for f in voidref_rulings.field_names(s)}
    assert sorted(named) == sorted(every)


def test_stabilization_box_offers_the_printed_reading_and_awaits_confirmation():
    """Void Pirates' roll-under Stabilization says plainly it is ours, unconfirmed, with 3d6 > HLTH offered."""
    doc = voidref_rulings.field_doc("pirates", "stabilization_roll_under")
    assert "awaits the owner's confirmation" in doc and "3d6 > HLTH" in doc
    assert voidref_rulings.values("pirates", "stabilization_roll_under") == ("True", "False")


def test_the_box_shows_the_fields_documentation_and_live_values(tmp_path):
    """The box's text is the field's documentation, then the STANDARD and AS_PRINTED values from the code."""
    text, warnings = _build(tmp_path, "# Page\n\n```{ruling} drifters.disengage_from\n:title: Disengage\n```\n")
    assert "ERROR" not in warnings and "Rulings" not in warnings, warnings
    doc = plain(voidref_rulings.field_doc("drifters", "disengage_from"))
    assert plain(text).startswith("Ruling: Disengage " + doc)
    assert plain(text).endswith("Switch: Rulings.disengage_from, ours (STANDARD) 'long'; "
                                "as printed (AS_PRINTED) 'engaged'.")


def test_a_box_for_a_missing_field_fails_the_build(tmp_path):
    """A box naming a field that is not in the game's Rulings is an error naming it."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling} pirates.no_such_switch\n```\n")
    assert "ERROR" in warnings and "'pirates.no_such_switch': no such field" in warnings


def test_a_field_with_no_box_fails_the_build(tmp_path):
    """With every field required, a site that boxes one field warns about every other one."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling} pirates.brig_needs_roll\n```\n", require_boxes=True)
    assert "Rulings.partial_margin has no ```{ruling} pirates.partial_margin``` box" in warnings
    assert "brig_needs_roll has no" not in warnings


def test_a_note_may_not_name_a_field(tmp_path):
    """A hand-written note that names a Rulings field is an error: that ruling is a `{ruling}` box."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} Partials\n:id: x\n\n`Rulings.partial_margin`\n```\n")
    assert "ruling note 'x' names the Rulings field" in warnings


@pytest.mark.parametrize("doc, problem", [
    ("", "has no #: documentation"),
    ("What it does.\n\n**Source:** a.\n\n**We chose:** b.\n\n**Why:** c.", "lacks **As printed:**"),
    ("What it does.\n\n**Source:** a.\n**We chose:** b.\n\n**As printed:** c.\n\n**Why:** d.", "lacks **We chose:**"),
    ("Order: a then b.\n\n**Source:** a.\n\n**We chose:** b.\n\n**As printed:** c.\n\n**Why:** d.", "no colon"),
])
def test_an_incomplete_documentation_is_named(doc, problem):
    """An empty doc, a missing part (or one not opening its paragraph), or a colon in the opening line is reported."""
    assert problem in voidref_rulings.doc_problem(doc)


def test_existing_code_passes():
    """Modules, classes, functions, constants and dataclass fields all resolve."""
    for text in ("voidref.pirates.rulings.Rulings", "voidref.pirates.rulings.Rulings.partial_margin",
                 "voidref.drifters.dice.Pool.parse", "voidref.exact.Dist"):
        assert voidref_rulings._missing_code(text, "pirates/action-rolls") is None, text


def test_a_rulings_field_is_looked_up_in_the_pages_own_game():
    """`Rulings.x` must be a field of that game's Rulings (Void Drifters: also its ships' Rulings)."""
    assert voidref_rulings._missing_code("Rulings.partial_margin", "pirates/action-rolls") is None
    assert voidref_rulings._missing_code("Rulings.partial_margin=1", "pirates/action-rolls") is None
    assert voidref_rulings._missing_code("Rulings.partial_margin", "drifters/dice") is not None
    assert voidref_rulings._missing_code("Rulings.stun_subtracts_resistance", "drifters/attacking") is None


def test_code_that_does_not_exist_is_named():
    """A renamed or deleted constant is reported by name."""
    assert voidref_rulings._missing_code("voidref.pirates.rulings.PARTIAL_PASSES_YES_NO",
                                         "pirates/action-rolls") == "voidref.pirates.rulings.PARTIAL_PASSES_YES_NO"
    assert "no such field" in voidref_rulings._missing_code("Rulings.no_such_switch", "pirates/ships")


def test_other_literals_are_left_alone():
    """Literals that are not code paths (dice, numbers, words) are not checked."""
    for text in ("2d6", "True", "3d6 > HLTH", "STANDARD"):
        assert voidref_rulings._missing_code(text, "pirates/ships") is None


def test_a_field_with_two_boxes_fails_the_build(tmp_path):
    """One ruling, one box: a second box for the same field is an error naming the first."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling} pirates.brig_needs_roll\n```\n\n"
                                   "```{ruling} pirates.brig_needs_roll\n:id: again\n```\n")
    assert "Rulings field pirates.brig_needs_roll has a box already (index#ruling-pirates-brig-needs-roll)" in warnings


# -- ruling notes rendered from a constant's documentation ------------------------------------


def _notes_in_sources() -> list[tuple[str, str]]:
    """(page, argument) for every ``{ruling-note}`` box in docs/, title or constant names."""
    return _arguments_in_sources("ruling-note")


def _constant_notes() -> list[tuple[str, str]]:
    """(page, 'system.NAME') for every constant named by a ``{ruling-note}`` box."""
    return [(page, name) for page, arg in _notes_in_sources() if voidref_rulings.names_constants(arg)
            for name in arg.split()]


def test_every_constant_note_names_a_documented_constant():
    """Each constant a note names exists, and the first of each note is documented in Source, We chose, Why."""
    notes = [(page, arg) for page, arg in _notes_in_sources() if voidref_rulings.names_constants(arg)]
    assert len(notes) >= 50
    for page, arg in notes:
        for n, text in enumerate(arg.split()):
            doc = voidref_rulings.constant_doc(*voidref_rulings.resolve_constant(text))
            if n == 0:
                assert voidref_rulings.doc_problem(doc, voidref_rulings.NOTE_PARTS) is None, (page, text)
            assert doc, (page, text)


def test_no_constant_has_two_notes():
    """One ruling, one box: no constant is named by two notes."""
    named = [name for _, name in _constant_notes()]
    assert len(named) == len(set(named))


def test_a_note_shows_the_constants_documentation_and_live_value(tmp_path):
    """The note's text is the constant's `#:` documentation word for word, then its value read from the code."""
    text, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} drifters.MELEE_DIFFICULTY\n:title: Melee\n"
                                      ":id: drifters-melee-difficulty\n```\n")
    assert "ERROR" not in warnings and "index.md" not in warnings, warnings
    doc = plain(voidref_rulings.constant_doc("voidref.drifters.rulings", "MELEE_DIFFICULTY"))
    assert plain(text) == f"Ruling: Melee {doc} Code: MELEE_DIFFICULTY in voidref.drifters.rulings, value 2."


def test_a_note_keeps_its_page_context_after_the_constant(tmp_path):
    """A note's own content (an example, a link) comes after the constant's text, not instead of it."""
    text, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} drifters.HAZARD_DIE_NAME\n:id: x\n\n"
                                      "Seen on the dice page.\n```\n")
    assert "ERROR" not in warnings, warnings
    assert plain(text).endswith("Code: HAZARD_DIE_NAME in voidref.drifters.rulings, value Hazard Die. "
                                "Seen on the dice page.")
    assert plain(text).startswith("Ruling: The name we give the d12")  # default title: the opening line


def test_a_note_naming_a_missing_constant_fails_the_build(tmp_path):
    """A note naming a constant that is not in the game's rulings module is an error naming it."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} drifters.NO_SUCH_RULING\n:id: x\n```\n")
    assert "ERROR" in warnings
    assert "'drifters.NO_SUCH_RULING': no constant 'NO_SUCH_RULING' in voidref.drifters.rulings" in warnings


@pytest.mark.parametrize("name, problem", [
    ("drifters.LOW_GRAVITY_MELEE_BANE_DICE", "has no #: documentation"),  # a plain comment, not a #: one
    ("drifters.DOWNGRADE_WITH_NO_UPGRADED_DIE", "lacks **Source:**, **We chose:**, **Why:**"),
])
def test_a_note_on_an_incompletely_documented_constant_fails_the_build(tmp_path, name, problem):
    """A constant with no documentation, or one missing a part, cannot head a note."""
    _, warnings = _build(tmp_path, f"# Page\n\n```{{ruling-note}} {name}\n:id: x\n```\n")
    assert "ERROR" in warnings and problem in warnings, warnings


def test_a_further_constant_in_a_note_needs_documentation(tmp_path):
    """Constants after the first need only a line of documentation, but not none."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} drifters.MELEE_DIFFICULTY "
                                   "drifters.LOW_GRAVITY_MELEE_BANE_DICE\n:id: x\n```\n")
    assert "LOW_GRAVITY_MELEE_BANE_DICE has no documentation" in warnings


@pytest.mark.parametrize("argument", ["pirates.partial_margin", "pirates.Rulings.partial_margin"])
def test_a_note_naming_a_field_as_its_constant_fails_the_build(tmp_path, argument):
    """A note may not name a Rulings field (a switch) as its constant: that is a `{ruling}` box."""
    _, warnings = _build(tmp_path, f"# Page\n\n```{{ruling-note}} {argument}\n:id: x\n```\n")
    assert f"ruling note names the Rulings field '{argument}'" in warnings
    assert "```{ruling} pirates.partial_margin```" in warnings


def test_a_note_naming_the_rulings_class_fails_the_build(tmp_path):
    """`Rulings` itself is no ruling constant: its docstring has no Source, We chose, Why."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} pirates.Rulings\n:id: x\n```\n")
    assert "the documentation of voidref.pirates.rulings.Rulings" in warnings


def test_a_hand_written_note_may_not_restate_a_documented_constant(tmp_path):
    """A hand-written note that names a documented ruling constant is an error: render that constant instead."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} Melee\n:id: x\n\n"
                                   "We say Average. `voidref.drifters.rulings.MELEE_DIFFICULTY`\n```\n")
    assert "restates the documented constant voidref.drifters.rulings.MELEE_DIFFICULTY" in warnings


def test_a_constant_with_two_notes_fails_the_build(tmp_path):
    """A second note for the same constant is an error naming the first."""
    _, warnings = _build(tmp_path, "# Page\n\n```{ruling-note} drifters.MELEE_DIFFICULTY\n:id: a\n```\n\n"
                                   "```{ruling-note} drifters.MELEE_DIFFICULTY\n:id: b\n```\n")
    assert "constant voidref.drifters.rulings.MELEE_DIFFICULTY has a box already (index#ruling-a)" in warnings


@pytest.mark.parametrize("name, shown", [
    ("drifters.ships.EXAMPLE_RAILGUN_MOUNT", "value ``Mount.TURRET``."),  # an enum member by name
    ("drifters.ships.ARCS", "value ``Arc.FORE, Arc.AFT, Arc.PORT, Arc.STARBOARD``."),  # a tuple as a list
    ("drifters.ships.HEAT_THRESHOLD_EFFECT", "value ``None``."),
    ("pirates.ships.CATASTROPHIC_SHARE", "value ``-1/2``."),  # a Fraction as we write it
    ("drifters.HEAVY_GRAVITY_BANE_DICE", "| elevated | 1 |\n| high | 1 |\n| extreme | 2 |"),  # a dict as a table
    ("pirates.environment.GRAVITY_RATING_MODIFIER", "|  | ZERO_G | LOW | STANDARD | HIGH |\n"),  # dict of dicts: a grid
    ("pirates.TargetNumber", "| ``DIFFICULT`` | 15 |"),  # an enum class: its members
    ("drifters.ships.STATION_ACTIONS", "- **Disengage**: HELM; ACTION; skill pilot; difficulty 2; from Long"),
    ("cantor.halve", "**Code:** the function ``halve`` in ``voidref.cantor.rulings``."),
])
def test_a_constants_value_is_shown_readably(name, shown):
    """Enums by name, sequences as a list, dicts as small tables (records as a list), functions by name."""
    assert shown in voidref_rulings.value_markdown(*voidref_rulings.resolve_constant(name))


def test_a_name_outside_a_rulings_module_is_found_in_its_package():
    """`pirates.ships.X` is looked up in voidref.pirates.ships.rulings, then in voidref.pirates.ships."""
    assert voidref_rulings.resolve_constant("pirates.ships.CATASTROPHIC_SHARE") == (
        "voidref.pirates.ships", "CATASTROPHIC_SHARE")
    assert voidref_rulings.resolve_constant("drifters.ships.ARCS") == ("voidref.drifters.ships.rulings", "ARCS")


def test_a_title_is_not_taken_for_a_constant():
    """Only an argument whose every word is a dotted name names constants."""
    assert voidref_rulings.names_constants("drifters.A drifters.ships.B")
    for title in ("Stalemate", "Heat Threshold", "What \"inside Min Range\" means", "Halves round down"):
        assert not voidref_rulings.names_constants(title)


def test_a_box_with_several_switches_folds_all_but_the_first(tmp_path):
    """After the first field, each field's four parts sit in a fold; its opening line and values stay in view."""
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text("")
    (src / "index.md").write_text("# Page\n\n```{ruling} upper_hand.throw_dice upper_hand.throw_sides\n:id: t\n```\n")
    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                 confoverrides={"extensions": ["myst_parser", "voidref_rulings"],
                                "voidref_rulings_require_boxes": False}, status=None, warning=io.StringIO(),
                 freshenv=True)
    app.build()
    page = (tmp_path / "out" / "index.html").read_text()
    assert page.count('<details class="ruling-fold">') == 1
    folded = page[page.index("<details"):page.index("</details>")]
    assert "Source:" in folded and "Switch:" not in folded
    second = page[page.index("Rulings.throw_sides</span>"):page.index("<details")]
    assert "Switch:" in second  # the second field's values come before its fold
