"""Tests for the computed look-up tables of the 2D fighting pages."""

import re
from pathlib import Path

import pytest

from voidref.errors import RulesError
from voidref.tables import twodice as tables

ROOT = Path(__file__).resolve().parent.parent


def _rows(markdown):
    return [[c.strip() for c in line.strip("|").split("|")] for line in markdown.strip().splitlines()[2:]]


@pytest.mark.parametrize("name", [n for n in tables.__all__ if n != "pct"])
def test_every_table_is_a_markdown_table(name):
    """Each {computed} function returns a Markdown table with a header rule."""
    text = getattr(tables, name)()
    lines = text.strip().splitlines()
    assert lines[0].startswith("|") and set(lines[1].replace("|", "").split()) == {"---"}


def test_exchange_table_even_fight():
    """With equal bonuses, each side wins 44.4% of counterattacks and 11.3% tie."""
    row = next(r for r in _rows(tables.exchange_table()) if r[0] == "0")
    assert row[1:4] == ["44.4%", "11.3%", "44.4%"]


def test_exchange_table_defense_hit_is_outright_win():
    """In every row, an attack hits a defense exactly as often as it wins a counterattack outright."""
    for r in _rows(tables.exchange_table()):
        assert r[1] == r[4]


def test_burst_answer_table_matches_source_examples():
    """Revolver shoots back once and defends twice; autopistol twice and once."""
    rows = {r[0]: r[1:] for r in _rows(tables.burst_answer_table())}
    assert rows["revolver (firing limit 1)"] == ["1", "2"]
    assert rows["autopistol (firing limit 2)"] == ["2", "1"]


def test_negative_modifier_table_knife_row():
    """The knife's roll of 5 and 2 under -3 shows two dice of 2."""
    rows = {r[0]: r[1] for r in _rows(tables.negative_modifier_table(rolled=(5, 2), lowest=-3))}
    assert rows["-3"] == "2, 2"


def test_moves_table_heavy_row():
    """Heavy armor: 3D save, no sprint, one move, two with the exceptions."""
    rows = {r[0]: r[1:] for r in _rows(tables.moves_table())}
    assert rows["heavy"] == ["3D", "no", "1", "2"]


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: tables.exchange_table(low=5, high=1), "high"),
        (lambda: tables.damage_by_armor_table(damage="lots"), "damage"),
        (lambda: tables.weapon_armor_table(damages=()), "damages"),
        (lambda: tables.negative_modifier_table(lowest=0), "lowest"),
        (lambda: tables.burst_answer_table(shots=4), "shots"),
    ],
)
def test_bad_table_arguments(call, name):
    """Bad table options raise RulesError naming the option."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        call()


def test_every_ruling_is_shown_on_a_page():
    """Every ruling constant in rulings.py is named by a {ruling-note} box on the pages, and each named one exists."""
    from voidref.twodice import rulings

    text = "".join(page.read_text() for page in (ROOT / "docs/twodice").glob("*.md"))
    named = {name.split(".", 1)[1] for arg in re.findall(r"^`{3,}\{ruling-note\} (twodice\..*)$", text, re.M)
             for name in arg.split()}
    constants = set(rulings.__all__) - {"Rulings", "STANDARD", "AS_PRINTED", "check_rulings"}
    assert named == constants
    for name in re.findall(r"voidref\.twodice\.rulings\.([A-Za-z_]+)", text):
        assert hasattr(rulings, name), name


def test_every_ruling_constant_is_documented():
    """Each name in rulings.__all__ is preceded by a '#:' comment block (the text of its box)."""
    text = (ROOT / "voidref/twodice/rulings.py").read_text()
    from voidref.twodice import rulings

    for name in rulings.__all__:
        if name in ("Rulings", "STANDARD", "AS_PRINTED", "check_rulings"):
            continue
        head = text[: text.index(f"\n{name} = ")]
        assert head.rstrip().splitlines()[-1].startswith("#:"), name
