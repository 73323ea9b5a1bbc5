"""Glossary previews and wide tables on a phone: 375 x 812 with touch, in Chromium.

* A glossary preview shows plain text (never an internal label name such as
  "drifters-disoriented") and is at least 200 px wide, also for a term in a table.
* Every table of every page either fits the screen or sits in a box that scrolls
  sideways and says so; scrolling the box to the end shows the last column.

Fixtures (the local server and chromium) come from tests/conftest.py.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from browser_helpers import SITE, missing, site_pages

pytestmark = pytest.mark.browser

# the page labels of this site: a system or "ruling", a dash, lower-case words with dashes
LABEL = re.compile(r"\b(drifters|pirates|cantor|twodice|upper-hand|ruling|calc)-[a-z0-9]+(-[a-z0-9]+)*\b")



def test_no_embedded_definition_shows_a_label_name():
    """The definitions put in the pages for previews (all of them) hold no label names."""
    if not os.path.isdir(SITE):
        missing(f"no built site in {SITE} (run `make site`)")
    leaks, seen = [], 0
    for path in site_pages(SITE):
        html = open(os.path.join(SITE, path), encoding="utf-8").read()
        found = re.search(r'<script type="application/json" id="voidref-terms">(.*?)</script>', html, re.S)
        if not found:
            continue
        for anchor, text in json.loads(found.group(1).replace("<\\/", "</")).items():
            seen += 1
            if LABEL.search(text):
                leaks.append(f"{path} {anchor}: {text}")
    assert seen > 100, f"only {seen} definitions found"
    assert not leaks, f"{len(leaks)} previews show label names:\n" + "\n".join(sorted(set(leaks))[:20])


def test_the_label_pattern_catches_a_label():
    """The pattern above is not vacuous."""
    assert LABEL.search("Adds 1 Bane Die. See drifters-disoriented.")
    assert not LABEL.search("Adds 1 Bane Die. See Disoriented.")


def _tap_preview(page, link) -> dict:
    link.scroll_into_view_if_needed()
    link.tap()
    box = page.locator(".voidref-term-popover")
    box.wait_for()
    out = {"text": box.inner_text(), "width": box.bounding_box()["width"],
           "right": box.bounding_box()["x"] + box.bounding_box()["width"]}
    page.keyboard.press("Escape")
    return out


@pytest.mark.parametrize("path", ["drifters/critical-injuries.html", "drifters/conditions.html",
                                  "drifters/attacking.html"])
def test_a_tapped_preview_is_plain_and_wide_in_a_table_and_outside(phone, site, path):
    """Tap a term inside a table and one outside: plain text, 200 px or wider, on screen."""
    page = phone.new_page()
    page.goto(site.url + path)
    terms = "a.reference.internal:has(.std-term)"
    in_table = page.locator(f"article table {terms}")
    outside = page.locator(f"article p {terms}")
    assert in_table.count() and outside.count(), f"{path}: needs a term in a table and one outside"
    for link in (in_table.first, outside.first, in_table.last):
        preview = _tap_preview(page, link)
        assert not LABEL.search(preview["text"]), preview["text"]
        assert preview["width"] >= 200, f"{path}: preview {preview['width']} px wide"
        assert preview["right"] <= 375 + 1, f"{path}: preview runs off the screen"
    page.close()


TABLES = """() => [...document.querySelectorAll('article table')].map((t, i) => {
    const box = t.closest('.pst-scrollable-table-container, .vc-table-wrap, .voidref-table-scroll')
              || t.parentElement;
    const r = box.getBoundingClientRect();
    return {i, fits: t.scrollWidth <= box.clientWidth + 1 && r.right <= window.innerWidth + 1,
            scrolls: ['auto', 'scroll'].includes(getComputedStyle(box).overflowX),
            marked: box.classList.contains('voidref-scrolls'),
            cue: getComputedStyle(box, '::before').content,
            head: (t.querySelector('th, td') || {textContent: ''}).textContent.trim().slice(0, 30)};
})"""

SCROLL_INTO_VIEW = """(i) => document.querySelectorAll('article table')[i].scrollIntoView({block: 'center'})"""

SCROLL_TO_END = """(i) => {
    const t = document.querySelectorAll('article table')[i];
    const box = t.closest('.pst-scrollable-table-container, .vc-table-wrap, .voidref-table-scroll');
    box.scrollLeft = box.scrollWidth;
}"""

# the end of the last column is inside the box (a column wider than the screen shows its end)
LAST_CELL_SHOWN = """(i) => {
    const t = document.querySelectorAll('article table')[i];
    const box = t.closest('.pst-scrollable-table-container, .vc-table-wrap, .voidref-table-scroll');
    const row = t.rows[0];
    const last = row.cells[row.cells.length - 1].getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return {shown: last.right <= b.right + 1 && last.right > b.left && b.right <= window.innerWidth + 1,
            end: box.classList.contains('voidref-scrolled-end')};
}"""


def test_every_table_fits_or_scrolls_with_a_cue(phone, site):
    """At 375 px each table fits, or scrolls sideways in a box that shows the cue and,
    scrolled to the end, shows the last column."""
    page = phone.new_page()
    problems, wide = [], 0
    for path in site_pages(site.root):
        page.goto(site.url + path, wait_until="load")
        page.wait_for_timeout(100)  # player-tables.js marks boxes on the next frame
        for t in page.evaluate(TABLES):
            if t["fits"]:
                continue
            wide += 1
            where = f"{path} table {t['i']} ({t['head']!r})"
            # as a player reaches it: a table in a calculator far below is drawn (and marked) only then (calc.css)
            page.evaluate(SCROLL_INTO_VIEW, t["i"])
            for _ in range(40):
                if t["marked"]:
                    break
                page.wait_for_timeout(50)
                t = page.evaluate(TABLES)[t["i"]]
            if not (t["scrolls"] and t["marked"] and "Swipe" in t["cue"]):
                problems.append(f"{where}: cut off with no cue ({t})")
                continue
            page.evaluate(SCROLL_TO_END, t["i"])
            # The scroll event updates the cue; on a busy machine it can take a while.
            for _ in range(40):
                page.wait_for_timeout(50)
                last = page.evaluate(LAST_CELL_SHOWN, t["i"])
                if last["shown"] and last["end"]:
                    break
            if not last["shown"]:
                problems.append(f"{where}: the last column stays hidden after scrolling")
            elif not last["end"]:
                problems.append(f"{where}: the cue still says more columns at the end")
    page.close()
    assert wide > 10, f"only {wide} wide tables: the check would prove little"
    assert not problems, "\n".join(problems)
