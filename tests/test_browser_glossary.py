"""Glossary popovers: a tapped game term shows its definition in place.

Fixtures (the local server and chromium) come from tests/conftest.py.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_tapping_a_term_shows_its_definition_without_leaving_the_page(context, site):
    """On a phone, a term link opens a popover with the glossary definition; Escape closes it."""
    page = context.new_page()
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(site.url + "drifters/attacking.html")
    link = page.locator("a.reference.internal:has(.std-term)").first
    term = link.inner_text()
    link.click()
    assert page.url.endswith("drifters/attacking.html")
    popover = page.locator(".voidref-term-popover")
    assert popover.get_attribute("role") == "dialog"
    assert term in popover.inner_text() and "Open in the glossary" in popover.inner_text()
    assert link.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert popover.count() == 0
    assert page.evaluate("document.activeElement.textContent") == term


def test_term_link_still_opens_the_glossary_from_the_popover(context, site):
    """The popover's link leads to the glossary entry."""
    page = context.new_page()
    page.goto(site.url + "drifters/attacking.html")
    page.locator("a.reference.internal:has(.std-term)").first.click()
    page.locator(".voidref-term-popover a").click()
    assert "glossary.html#term-" in page.url
