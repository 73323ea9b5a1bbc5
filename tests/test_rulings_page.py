"""The Rulings page lists every ruling box of the site, under its game and its page.

Runs on the built site (``make site``); each ruling box is an admonition with
the class ``ruling`` (and ``ruling-switch`` for a box rendered from a Rulings
field, ``ruling-note`` for a note, ``ruling-constant`` too when it is rendered
from a constant's documentation) and an id ``ruling-...``.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re

import pytest
from test_ruling_boxes import _boxes_in_sources, _constant_notes, plain, voidref_rulings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))
GAMES = {"drifters": "Void Drifters", "pirates": "Void Pirates", "upper_hand": "Upper Hand ship engagements",
         "cantor": "Cantor tactics", "twodice": "2D fighting"}


def _read(path: str) -> str:
    with open(os.path.join(SITE, path), encoding="utf-8") as fh:
        return fh.read()


@pytest.fixture(scope="module")
def rulings_page() -> str:
    if not os.path.exists(os.path.join(SITE, "rulings.html")):
        if os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no built site in {SITE} (run `make site`)")
        pytest.skip(f"no built site in {SITE}")
    return _read("rulings.html")


def _boxes() -> dict[str, set[str]]:
    """Every ruling box id on the site, by the page that holds it."""
    found: dict[str, set[str]] = {}
    for folder in GAMES:
        for name in sorted(os.listdir(os.path.join(SITE, folder))):
            if name.endswith(".html"):
                page = _read(f"{folder}/{name}")
                ids = set(re.findall(r'<div class="ruling [^"]*admonition" id="(ruling-[^"]+)"', page))
                if ids:
                    found[f"{folder}/{name}"] = ids
    return found


def test_every_ruling_box_is_listed_under_its_own_game(rulings_page):
    """Each box links from the Rulings page, inside the section of the game it belongs to."""
    boxes = _boxes()
    assert sum(len(v) for v in boxes.values()) > 100
    games = re.split(r"<h2>", rulings_page)
    for page, ids in boxes.items():
        game = GAMES[page.split("/")[0]]
        section = next(s for s in games if s.startswith(game))
        for rid in ids:
            assert f'href="{page}#{rid}"' in section, f"{page}#{rid} is not listed under {game}"


def test_the_rulings_page_uses_headings_for_games_and_pages(rulings_page):
    """One h2 per game in a fixed order, Void Drifters first, and an h3 per page that holds rulings."""
    h2 = re.findall(r"<h2>([^<]+)<", rulings_page)
    assert [h for h in h2 if h.strip() != "Contents"] == list(GAMES.values())
    h3 = re.findall(r"<h3>([^<]+)<", rulings_page)
    assert len(h3) == len(_boxes())


def _box_html(page: str, text: str, name: str) -> str:
    """The HTML of the switch box on *page* that names the field *name* (``system.field``)."""
    field = name.split(".")[1]
    for match in re.finditer(r'<div class="ruling ruling-switch admonition" id="ruling-[^"]+">(.*?)</div>', text, re.S):
        if f"Rulings.{field}</span>" in match.group(1):
            return match.group(1)
    raise AssertionError(f"no box for {name} on {page}")


def test_each_switch_box_shows_its_fields_documentation_and_values(rulings_page):
    """The built box holds the field's documentation word for word, then its STANDARD and AS_PRINTED values."""
    for source, name in _boxes_in_sources():
        page = source.removeprefix("docs/").removesuffix(".md") + ".html"
        box = plain(_box_html(page, _read(page), name))
        system, field = name.split(".")
        for paragraph in voidref_rulings.field_doc(system, field).split("\n\n"):  # folded parts come after
            assert plain(paragraph) in box, name  # the values, so each paragraph is checked on its own
        ours, printed = voidref_rulings.values(system, field)
        readings = (f"ours and as printed (STANDARD, AS_PRINTED) {ours}" if ours == printed
                    else f"ours (STANDARD) {ours}; as printed (AS_PRINTED) {printed}")
        assert f"Switch: Rulings.{field}, {readings}." in box, name


def _note_html(text: str, code: str) -> str:
    """The HTML of the constant note whose Code line names *code* (``voidref.x.rulings.NAME``)."""
    starts = [m.start() for m in re.finditer(r'<div class="ruling ', text)] + [len(text)]
    for start, end in zip(starts, starts[1:]):
        box = text[start:end]
        module, _, name = code.rpartition(".")
        if 'ruling-constant' in box[:80] and f">{name}</span></code> in <code" in box and f">{module}</span>" in box:
            return box
    raise AssertionError(f"no note for {code}")


def test_each_constant_note_shows_its_documentation_and_value(rulings_page):
    """The built note holds its constant's documentation word for word, then the constant's name and value."""
    notes = _constant_notes()
    assert len(notes) >= 60
    for source, name in notes:
        page = source.removeprefix("docs/").removesuffix(".md") + ".html"
        module, const = voidref_rulings.resolve_constant(name)
        box = plain(_note_html(_read(page), f"{module}.{const}"))
        doc = voidref_rulings.as_markdown(voidref_rulings.constant_doc(module, const))
        words = plain(re.sub(r"(?m)^\d+\. ", "", doc))  # a numbered list shows no numbers as text
        assert words.replace(" ", "") in box.replace(" ", ""), name  # spacing between tags aside
        function = "the function " if inspect.isfunction(getattr(importlib.import_module(module), const)) else ""
        assert f"Code: {function}{const} in {module}" in box, name


def test_a_box_of_several_switches_folds_each_after_the_first(rulings_page):
    """The Task Throw box shows its first field in full; each later field folds its parts but shows its values."""
    text = _read("upper_hand/throws.html")
    start = text.index('id="ruling-upper-hand-task-throw"')
    box = text[start:text.index('<div class="ruling ', start)]
    fields = re.findall(r"<span class=\"pre\">Rulings\.(\w+)</span></code></p>\n", box)
    assert len(fields) >= 4
    assert box.count('<details class="ruling-fold">') == len(fields) - 1
    assert "Switch:" not in "".join(re.findall(r"<details.*?</details>", box, re.S))  # values never folded
    assert box.count("<strong>Switch:</strong>") == len(fields)
