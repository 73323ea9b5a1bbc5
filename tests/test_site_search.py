"""The site's search finds rules by the words players use at the table.

These checks read the built searchindex.js (no browser); the ranking itself, as
search.html shows it, is checked in Chromium by test_browser_player_search.
"""

from __future__ import annotations

import json
import os

import pytest
from browser_helpers import SITE, missing

# player's word -> (Sphinx's stem of it, a page it must find)
PLAYER_WORDS = [
    ("crit", "crit", "drifters/critical-injuries"),
    ("soak", "soak", "drifters/attacking"),
    ("disengage", "disengag", "drifters/range"),
    ("zero-g", "zero", "drifters/environment"),
    ("initiative", "initi", "drifters/combat-start"),
    ("Boon Limit", "limit", "drifters/ship-range"),
]

# player's word -> the page that answers it (search.html must list it in its top three)
ANSWERS = {
    "crit": "drifters/critical-injuries",
    "soak": "drifters/attacking",
    "disoriented": "drifters/conditions",
    "initiative": "drifters/combat-start",
    "cover": "drifters/cover",
    "strain": "drifters/wounds-strain",
    "heat": "drifters/ship-damage",
    "boarding": "drifters/boarding",
    "odds": "drifters/dice",
    "boons": "drifters/attacking",
    "move": "drifters/range",
    "disengage": "drifters/range",
    "aim": "cantor/damage",
    "stun": "drifters/attacking",
    "ion": "drifters/ship-damage",
    "deflection": "drifters/ship-range",
    "minion": "drifters/wounds-strain",
    "recover": "drifters/recovery",
    "zero-g": "drifters/environment",
    "range": "drifters/range",
    "hp": "drifters/wounds-strain",
    "healing": "drifters/recovery",
    "dodge": "drifters/attacking",
    "ambush": "drifters/combat-start",
    "fumble": "pirates/action-rolls",
}


def _index() -> dict:
    path = os.path.join(SITE, "searchindex.js")
    if not os.path.exists(path):
        missing(f"no built site in {SITE} (run `make site`)")
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


def _entry_pages(index: dict, word: str) -> set[str]:
    """Pages of the index entries that Sphinx's search matches for the word (searchtools.js rule)."""
    query = word.lower()
    pages = set()
    for entry, found in index["indexentries"].items():
        if query in entry and len(query) >= len(entry) / 2:
            pages |= {index["docnames"][doc] for doc, _anchor, main in found if main}
    return pages


def _title_pages(index: dict, word: str) -> set[str]:
    """Pages with a heading that contains the word."""
    return {index["docnames"][doc] for title, found in index["alltitles"].items()
            if word.lower() in title.lower() for doc, _anchor in found}


@pytest.mark.parametrize("word, page", sorted(ANSWERS.items()))
def test_the_rules_page_has_a_search_entry_for_the_players_word(word, page):
    """The word is an index entry on its rules page (a glossary term or an "Also called" word),
    or in one of its headings."""
    index = _index()
    assert page in _entry_pages(index, word) | _title_pages(index, word), f"nothing leads {word!r} to {page}"


def test_also_called_words_lead_to_their_heading():
    """An "Also called" word's entry points at the heading it sits under, not the page top."""
    index = _index()
    found = {(index["docnames"][doc], anchor) for doc, anchor, _ in index["indexentries"]["disengage"]}
    assert ("drifters/range", "drifters-leaving-engaged") in found


def test_a_word_missing_from_every_page_finds_no_entry():
    """The entry matcher above is not vacuous: a made-up word matches nothing."""
    assert _entry_pages(_index(), "quuxblorf") == set()
