"""A player finds their way round the site: the menu and contents buttons work.

Driven as a player drives it: at 375 px with touch (a phone), 800 px (a tablet)
and 1280 px (a laptop), tap or click the site-navigation button and the page
contents button, see the links, follow one, and close the panel again with
Escape, by tapping outside it, or with the keyboard alone.

The theme once bound its handlers to hidden copies of these buttons, so the
visible ones showed only a tooltip (docs/_templates/sections/header.html says
why and how it is fixed).

Fixtures (the local server and chromium) come from tests/conftest.py.
"""

from __future__ import annotations

import pytest
from browser_helpers import PHONE, READY_MS, Watch

pytestmark = pytest.mark.browser

PAGE = "drifters/attacking.html"
NAV_DIALOG = "#pst-primary-sidebar-modal"
TOC_DIALOG = "#pst-secondary-sidebar-modal"

TABLET = {"viewport": {"width": 800, "height": 1000}, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def open_page(browser, site):
    """Opens PAGE in a fresh context of the given size; the context must stay clean."""
    made = []

    def _open(options: dict, page: str = PAGE):
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(READY_MS)
        watch = Watch(ctx, site.url)
        made.append((ctx, watch))
        tab = ctx.new_page()
        tab.goto(site.url + page)
        return tab

    yield _open
    for ctx, watch in made:
        try:
            watch.check()
        finally:
            ctx.close()


def _visible_toggle(page, selector: str):
    toggles = [t for t in page.locator(selector).all() if t.is_visible()]
    assert len(toggles) == 1, f"expected one visible {selector}, found {len(toggles)}"
    return toggles[0]


def _is_open(page, dialog: str) -> bool:
    return page.evaluate(f"document.querySelector({dialog!r}).open")


@pytest.mark.parametrize("options", [PHONE, TABLET], ids=["375px-touch", "800px-touch"])
def test_tapping_the_menu_button_shows_the_site_links_and_escape_closes_it(open_page, options):
    """A tap on ☰ opens the site navigation with its links; Escape closes it."""
    page = open_page(options)
    assert not _is_open(page, NAV_DIALOG)
    _visible_toggle(page, ".primary-toggle").tap()
    page.wait_for_function(f"document.querySelector({NAV_DIALOG!r}).open")
    link = page.locator(f"{NAV_DIALOG} a", has_text="Critical Injuries").first
    link.wait_for(state="visible")
    page.keyboard.press("Escape")
    page.wait_for_function(f"!document.querySelector({NAV_DIALOG!r}).open")
    link.wait_for(state="hidden")


def test_a_player_opens_the_menu_and_goes_to_critical_injuries(open_page):
    """On a phone: tap ☰, tap a chapter, land on it."""
    page = open_page(PHONE)
    _visible_toggle(page, ".primary-toggle").tap()
    page.locator(f"{NAV_DIALOG} a", has_text="Critical Injuries").first.tap()
    page.wait_for_url("**/drifters/critical-injuries.html")
    assert "Critical Injuries" in page.locator("h1").first.inner_text()


def test_tapping_outside_the_open_menu_closes_it(open_page):
    """The open menu closes when the player taps the page beside it."""
    page = open_page(PHONE)
    _visible_toggle(page, ".primary-toggle").tap()
    page.wait_for_function(f"document.querySelector({NAV_DIALOG!r}).open")
    box = page.locator(f"{NAV_DIALOG}").bounding_box()
    page.touchscreen.tap(min(370, box["x"] + box["width"] + 40), 400)
    page.wait_for_function(f"!document.querySelector({NAV_DIALOG!r}).open")


@pytest.mark.parametrize("options", [PHONE, TABLET], ids=["375px-touch", "800px-touch"])
def test_tapping_the_contents_button_shows_this_pages_sections(open_page, options):
    """The contents button opens the page's own table of contents; Escape closes it."""
    page = open_page(options)
    _visible_toggle(page, ".secondary-toggle").tap()
    page.wait_for_function(f"document.querySelector({TOC_DIALOG!r}).open")
    section = page.locator(f"{TOC_DIALOG} a", has_text="The attack pool").first
    section.wait_for(state="visible")
    page.keyboard.press("Escape")
    page.wait_for_function(f"!document.querySelector({TOC_DIALOG!r}).open")


def test_the_menu_opens_and_closes_from_the_keyboard(open_page):
    """Tab to ☰, Enter opens the menu and moves focus into it, Escape closes it and returns focus."""
    page = open_page(TABLET)
    toggle = _visible_toggle(page, ".primary-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector({NAV_DIALOG!r}).open")
    assert page.evaluate(f"document.querySelector({NAV_DIALOG!r}).contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_function(f"!document.querySelector({NAV_DIALOG!r}).open")
    assert page.evaluate("document.activeElement.classList.contains('primary-toggle')")


def test_on_a_laptop_the_menu_button_hides_and_shows_the_side_navigation(open_page):
    """At 1280 px the navigation sits beside the page; ☰ folds it away and back."""
    page = open_page(LAPTOP)
    link = page.locator("#pst-primary-sidebar a", has_text="Critical Injuries").first
    assert link.is_visible()
    toggle = _visible_toggle(page, ".primary-toggle")
    toggle.click()
    page.wait_for_timeout(400)
    assert not link.is_visible()
    toggle.click()
    link.wait_for(state="visible")


@pytest.mark.parametrize("options", [PHONE, TABLET, LAPTOP], ids=["375", "800", "1280"])
def test_the_menu_buttons_have_names_and_no_hidden_twins(open_page, options):
    """One ☰ and at most one contents button in the page, each named for a screen reader."""
    page = open_page(options)
    assert page.locator(".primary-toggle").count() == 1
    assert page.locator(".secondary-toggle").count() <= 1
    assert page.locator(".primary-toggle").get_attribute("aria-label") == "Site navigation"


@pytest.mark.parametrize("page_path, game", [
    ("drifters/critical-injuries.html", "Void Drifters"),
    ("pirates/damage.html", "Void Pirates"),
    ("upper_hand/odds.html", "Upper Hand"),
    ("cantor/attack.html", "Cantor tactics"),
    ("twodice/attack.html", "2D fighting"),
])
def test_a_phone_page_shows_which_game_it_belongs_to(open_page, page_path, game):
    """At 375 px the game's name sits in view beside ☰ and leads to that game's first page."""
    page = open_page(PHONE, page_path)
    label = page.locator(".vr-game")
    assert label.inner_text() == game
    box = label.bounding_box()
    assert box and box["y"] >= 0 and box["x"] + box["width"] <= 375
    label.tap()
    page.wait_for_url(f"**/{page_path.split('/')[0]}/index.html")


def test_on_a_phone_nothing_floats_over_a_calculators_buttons(open_page):
    """At 375 px the theme's floating "Back to top" never covers "Copy link to this setup"."""
    page = open_page(PHONE, "calculators.html#calc-check-odds")
    link = page.locator("section[data-key='check-odds'] .vc-link")
    page.locator("section[data-key='check-odds'] [name]").first.focus()  # the buttons show once JS runs
    link.wait_for(state="visible")
    # Past it, then back up to it: the theme shows "Back to top" while the reader scrolls up.
    page.evaluate("window.scrollBy(0, 4000)")
    page.wait_for_timeout(300)
    page.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().bottom - 790)", link.element_handle())
    page.wait_for_timeout(300)
    box = link.bounding_box()
    top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.vc-link') !== null",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert top, "something covers 'Copy link to this setup'"
    assert not page.locator("#pst-back-to-top").is_visible()
