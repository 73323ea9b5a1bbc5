"""Search for players, as a phone shows it: search.html at 375 x 812 with touch, in Chromium.

For each word a player types at the table, the page that answers it is among the
first three results; Python API results come after every rules page; snippets
carry no theme chrome; the magnifier does not cover the typed query.

Fixtures (the local server and chromium) come from tests/conftest.py.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from test_site_search import ANSWERS

pytestmark = pytest.mark.browser

API_PAGE = re.compile(r"(^|/)(api|python)\.html")
CHROME = ("System Settings", "Light Dark", "Contents", "Color mode")



def search(page, site, word: str) -> list[dict]:
    """Run the site's search for the word; every result as {page, kind, snippet}, best first."""
    page.goto(site.url + "search.html?q=" + quote(word))
    page.locator("p.search-summary").filter(has_text=re.compile("Search finished|did not match")).wait_for()
    items = page.locator("ul.search > li")
    # snippets arrive one fetch per result; wait for the first three
    for i in range(min(3, items.count())):
        item = items.nth(i)
        if "kind-object" not in (item.get_attribute("class") or ""):
            item.locator("p.context").wait_for()
    return page.eval_on_selector_all("ul.search > li", """els => els.map(e => ({
        page: e.querySelector('a').getAttribute('href').split('#')[0].replace(/\\.html$/, ''),
        kind: e.className,
        snippet: (e.querySelector('p.context') || {textContent: ''}).textContent}))""")


@pytest.mark.parametrize("word, answer", sorted(ANSWERS.items()))
def test_the_answer_is_in_the_top_three(phone, site, word, answer):
    """The page that answers the player's word is one of the first three results."""
    page = phone.new_page()
    results = search(page, site, word)
    top = [r["page"] for r in results[:3]]
    assert answer in top, f"{word!r}: top three are {top}, not {answer}"
    page.close()


@pytest.mark.parametrize("word", ["crit", "odds", "boons", "move", "initiative", "boarding", "range", "soak"])
def test_python_api_results_come_after_every_rules_page(phone, site, word):
    """No API object or API page outranks a rules page."""
    page = phone.new_page()
    results = search(page, site, word)
    api = [("kind-object" in r["kind"]) or bool(API_PAGE.search(r["page"] + ".html")) for r in results]
    assert True in api and False in api, f"{word!r}: expected both rules pages and API results"
    first_api = api.index(True)
    assert all(api[first_api:]), f"{word!r}: a rules page is listed after an API result: " \
                                 f"{[r['page'] for r in results]}"
    page.close()


@pytest.mark.parametrize("word", ["crit", "cover", "boarding", "strain", "recover"])
def test_snippets_carry_no_theme_chrome(phone, site, word):
    """The text under each result comes from the article: no colour-mode menu, no contents box."""
    page = phone.new_page()
    results = search(page, site, word)
    snippets = [r["snippet"] for r in results[:3] if r["snippet"]]
    assert snippets, f"{word!r}: no snippet shown"
    for snippet in snippets:
        for chrome in CHROME:
            assert chrome not in snippet, f"{word!r}: snippet shows {chrome!r}: {snippet[:120]!r}"
        assert "\n" not in snippet.strip() and "  " not in snippet
    page.close()


def test_the_magnifier_does_not_cover_the_typed_query(phone, site):
    """On search.html at 375 px the icon ends before the first letter of the query."""
    page = phone.new_page()
    page.goto(site.url + "search.html?q=crit")
    form = page.locator(".bd-search-container form.bd-search")
    icon = form.locator(".fa-magnifying-glass").bounding_box()
    field = form.locator("input[name='q']")
    text_left = field.evaluate("el => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft)")
    assert field.input_value() == "crit"
    assert icon["x"] + icon["width"] <= text_left, f"icon ends at {icon['x'] + icon['width']}, text at {text_left}"
    page.close()


def test_a_glossary_result_shows_the_definition(phone, site):
    """A glossary row's snippet is the term with its definition, not the bare word."""
    page = phone.new_page()
    results = search(page, site, "disoriented")
    glossary = [r for r in results[:3] if r["page"].endswith("/glossary")]
    assert glossary, f"no glossary row in the top three: {[r['page'] for r in results[:3]]}"
    assert "Bane Die" in glossary[0]["snippet"], glossary[0]["snippet"]
    page.close()
