"""The worked-example pages feed every track from the engine, never from a typed number.

Issue 13, "Every number computed": a Wound, Strain, Heat or Hull track on an
example page must be fed by an attack's or a roll's result. This test reads
the input lines (``>>>`` and ``...``) of each page's doctest blocks and fails
on the patterns those pages would use to feed a literal instead.
"""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"

EXAMPLE_PAGES = ["drifters/docking-bay.md", "drifters/ember-drift.md", "pirates/examples.md"]

#: What feeding a literal into a track looks like, by track.
LITERAL_FEEDS = {
    "Wounds fed a number": re.compile(r"suffer_wounds\(\s*\d"),
    "Strain fed a number": re.compile(r"suffer_strain\(\s*\d"),
    "a Health track built with Wounds or Strain": re.compile(r"\bHealth\([^)]*\b(wounds|strain)\s*=\s*\d"),
    "damage from typed net Successes": re.compile(r"\.damage\(\s*(net_successes\s*=\s*)?\d"),
    "a ship's Hull, System or Heat set by hand": re.compile(r"\.(hull_damage|system_damage|heat)\s*[+-]?=\s*\d"),
    "a ShipStanding built from numbers": re.compile(r"\bShipStanding\(\s*[^)]*\d"),
    "Heat fed a number": re.compile(r"\b(dissipate|at_threshold)\(\s*\d"),
    "pirate hit points fed a number": re.compile(r"\b(take_damage|apply_damage|hull_hp|hp)\s*[(=]\s*\d"),
}

_BLOCK = re.compile(r"^```\{doctest\}[^\n]*\n(.*?)^```", re.M | re.S)


def doctest_inputs(text: str) -> list[tuple[int, str]]:
    """Every input line of the page's ``{doctest}`` blocks, with its line number."""
    out = []
    for block in _BLOCK.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines()):
            stripped = line.lstrip()
            if stripped.startswith((">>> ", "... ")):
                out.append((first + offset, stripped[4:]))
    return out


def literal_feeds(text: str) -> list[str]:
    """Each input line that feeds a literal into a track, as ``line N: what: code``."""
    return [f"line {n}: {what}: {code}" for n, code in doctest_inputs(text)
            for what, pattern in LITERAL_FEEDS.items() if pattern.search(code)]


@pytest.mark.parametrize("page", EXAMPLE_PAGES)
def test_example_page_feeds_no_literal_into_a_track(page):
    """No doctest input on a worked-example page feeds a typed number into a track."""
    text = (DOCS / page).read_text(encoding="utf-8")
    assert doctest_inputs(text), f"{page} has no doctest inputs to check"
    assert literal_feeds(text) == []


def test_the_check_catches_the_old_docking_bay_lines():
    """The lines issue 13 lists (``suffer_wounds(5)``, ``suffer_strain(2)``...) are caught."""
    page = """
```{doctest}
>>> a_health = Health.of(agent_a).suffer_wounds(5)
>>> d_health = d_health.suffer_strain(2)
>>> shot.damage(net_successes=2)
Damage(damage=7, resistance=2, wounds=5, strain=0)
>>> ember.heat = 3
>>> ok = Health.of(senna).suffer_wounds(shot.damage(roll.successes).wounds)
```
"""
    found = literal_feeds(page)
    assert [line.split(":")[1].strip() for line in found] == [
        "Wounds fed a number", "Strain fed a number", "damage from typed net Successes",
        "a ship's Hull, System or Heat set by hand"]


def test_expected_output_is_not_an_input():
    """A figure in a block's expected output (the source's number, checked) is allowed."""
    page = "```{doctest}\n>>> track.wounds\n5\n>>> Health(12, 12)\nHealth(wound_points=12, strain_points=12)\n```\n"
    assert literal_feeds(page) == []
    assert [code for _, code in doctest_inputs(page)] == ["track.wounds", "Health(12, 12)"]
