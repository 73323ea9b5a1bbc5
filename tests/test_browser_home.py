"""At the table on a phone: the home page and the one-screen quick references.

At 375 x 812 with touch, a player opening the site sees, without scrolling, a search
box, a link to a calculator and a link to a worked example; typing a word in the
search box and submitting it opens the search page for that word. Each game's quick
reference fits the phone's width: the page never scrolls sideways (a wide table may
scroll inside its own container).

Fixtures (the local server and chromium) come from tests/conftest.py.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from browser_helpers import PHONE, READY_MS, Watch

pytestmark = pytest.mark.browser

SYSTEMS = ["drifters", "pirates", "upper_hand", "cantor", "twodice"]
SEARCH_BOX = "form.vr-search input[name=q]"


@pytest.fixture
def phone(browser, site):
    """A fresh phone-sized touch context; it must stay free of console errors and foreign requests."""
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    yield ctx
    try:
        watch.check()
    finally:
        ctx.close()


def _open(ctx, site, path: str):
    page = ctx.new_page()
    page.goto(site.url + path)
    return page


def _on_first_screen(page, locator) -> None:
    """The element is visible and its whole box lies inside the viewport, with the page unscrolled."""
    assert locator.is_visible()
    box = locator.bounding_box()
    view = page.viewport_size
    assert page.evaluate("window.scrollX === 0 && window.scrollY === 0")
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= view["width"], (box, view)
    assert box["y"] + box["height"] <= view["height"], (box, view)


def _no_sideways_scroll(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths[0]} px of content in {widths[1]} px"


def test_home_first_screen_has_search_a_calculator_and_an_example(phone, site):
    """Find a rule, get odds, see an example: all three start on the first phone screen."""
    page = _open(phone, site, "index.html")
    _on_first_screen(page, page.locator(SEARCH_BOX))
    _on_first_screen(page, page.locator("form.vr-search button[type=submit]"))
    _on_first_screen(page, page.locator('article a[href^="calculators.html#calc-"]').first)
    _on_first_screen(page, page.locator('article a[href="drifters/docking-bay.html"]').first)
    _no_sideways_scroll(page)


def test_home_first_screen_links_every_quick_reference(phone, site):
    """Each game's quick reference is one tap away from the first screen."""
    page = _open(phone, site, "index.html")
    for system in SYSTEMS:
        _on_first_screen(page, page.locator(f'article a[href="{system}/quick.html"]').first)


def test_home_calculator_links_land_on_their_calculator(phone, site):
    """Tapping a game's odds link opens the calculators page at that calculator."""
    page = _open(phone, site, "index.html")
    page.locator('article a[href="calculators.html#calc-cantor-attack"]').first.tap()
    page.wait_for_url("**/calculators.html#calc-cantor-attack")
    assert page.locator("#calc-cantor-attack").count() == 1


def test_typing_crit_in_the_home_search_opens_the_search_page(phone, site):
    """Type "crit", press Enter: the search page opens with q=crit (no script needed for the form)."""
    page = _open(phone, site, "index.html")
    box = page.locator(SEARCH_BOX)
    box.tap()
    box.type("crit")
    box.press("Enter")
    page.wait_for_url("**/search.html?q=crit*")
    url = urlsplit(page.url)
    assert url.path.endswith("/search.html")
    assert parse_qs(url.query) == {"q": ["crit"]}


def test_tapping_search_submits_the_home_search(phone, site):
    """The Search button submits the typed words, spaces and all."""
    page = _open(phone, site, "index.html")
    page.locator(SEARCH_BOX).fill("critical injury")
    page.locator("form.vr-search button[type=submit]").tap()
    page.wait_for_url("**/search.html?q=*")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["critical injury"]}


def test_home_search_works_without_javascript(browser, site):
    """With scripts off, the form still sends the player to search.html?q=crit."""
    ctx = browser.new_context(java_script_enabled=False, **PHONE)
    ctx.set_default_timeout(READY_MS)
    try:
        page = _open(ctx, site, "index.html")
        page.locator(SEARCH_BOX).fill("crit")
        page.locator(SEARCH_BOX).press("Enter")
        page.wait_for_url("**/search.html?q=crit")
    finally:
        ctx.close()


@pytest.mark.parametrize("system", SYSTEMS)
def test_quick_reference_fits_a_phone(phone, site, system):
    """The quick reference never scrolls sideways at 375 px; a wide table scrolls in its own box."""
    page = _open(phone, site, f"{system}/quick.html")
    assert page.locator("article h1").first.is_visible()
    _no_sideways_scroll(page)
    view = page.viewport_size["width"]
    for table in page.locator("article table").all():
        fits = table.evaluate(
            """(t, view) => {
                 const box = t.getBoundingClientRect();
                 if (box.right <= view) return true;
                 const wrap = t.closest('.pst-scrollable-table-container');
                 if (!wrap) return false;
                 const w = wrap.getBoundingClientRect();
                 return w.right <= view && getComputedStyle(wrap).overflowX !== 'visible';
               }""",
            view,
        )
        assert fits, f"a table on {system}/quick.html overflows the screen outside a scrolling box"


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_game_lists_its_quick_reference_first(phone, site, system):
    """The game's own page links the quick reference as the first entry of its rules."""
    page = _open(phone, site, f"{system}/index.html")
    first = page.locator("article .toctree-wrapper a.reference.internal").first
    assert first.get_attribute("href") == "quick.html"
