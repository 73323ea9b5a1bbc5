"""The site's search finds rules by the words players use at the table."""

from __future__ import annotations

import json
import os

import pytest

from test_browser_calculators import SITE, _missing

# player's word -> (Sphinx's stem of it, a page it must find)
PLAYER_WORDS = [
    ("crit", "crit", "drifters/critical-injuries"),
    ("soak", "soak", "drifters/attacking"),
    ("disengage", "disengag", "drifters/range"),
    ("zero-g", "zero", "drifters/environment"),
    ("initiative", "initi", "drifters/combat-start"),
    ("Boon Limit", "limit", "drifters/ship-range"),
]


def _index() -> dict:
    path = os.path.join(SITE, "searchindex.js")
    if not os.path.exists(path):
        _missing(f"no built site in {SITE} (run `make site`)")
    text = open(path, encoding="utf-8").read()
    return json.loads(text[text.index("(") + 1: text.rindex(")")])


@pytest.mark.parametrize("word, stem, page", PLAYER_WORDS)
def test_search_finds_the_rule_by_the_players_word(word, stem, page):
    """Searching the word returns the page where the rule lives."""
    index = _index()
    hits = []
    for table in ("terms", "titleterms"):
        found = index[table].get(stem, [])
        hits += [found] if isinstance(found, int) else found
    assert page in {index["docnames"][i] for i in hits}, f"{word!r} does not find {page}"
