"""Fixes to sphinx-book-theme's own output, each one a gap found by the site's browser checks.

Two are made before a page is rendered, through the template context:

* ``default_mode = "auto"``: with no colour mode set, the theme logs a console
  error on a first visit, and the browser checks require a clean console.

The others patch the rendered HTML once the build is done, because the theme
offers no option for them. They are plain text replacements on markup the
theme writes, so a theme upgrade that changes that markup makes them silently
do nothing: the browser checks (axe, tests/test_browser_site.py) are what
notice. Each replacement is idempotent (pages an incremental build did not
rewrite already carry it).
"""

from __future__ import annotations

import re

from ._pages import insert_in_head, rewrite_pages

#: marks what this extension put in a page's ``<head>``, so a rebuild can take it out again
FAVICON = '<link rel="icon" href="data:," data-voidref>\n'
_OURS = re.compile(r"<link [^>]*data-voidref>\n?")

# The sidebar's expand/collapse control is a <summary> holding only an icon,
# so it has no accessible name (WCAG 4.1.2): give it one.
_TOGGLE = '<summary><span class="toctree-toggle" role="presentation">'
_TOGGLE_NAMED = ('<summary aria-label="Show or hide the pages of this section">'
                 '<span class="toctree-toggle" role="presentation">')
# The search button's aria-label="Search" hides its visible text ("Search …
# Ctrl+K"), so the name does not contain the label (WCAG 2.5.3). Without it
# the visible text is the name; the title still names the icon-only variant.
_SEARCH_LABEL = re.compile(r'(<button [^>]*search-button__button[^>]*?) aria-label="Search"')


def theme_accessibility_fixes(text: str) -> str:
    """Fix the two WCAG 2.1 A/AA failures in the theme's own markup (axe checks every page)."""
    text = text.replace(_TOGGLE, _TOGGLE_NAMED)
    return _SEARCH_LABEL.sub(r"\1", text)


def fix_page(text: str) -> str:
    """One page with the theme fixes, and an empty favicon if the page names none."""
    text = theme_accessibility_fixes(_OURS.sub("", text))
    if 'rel="icon"' not in text and "rel='icon'" not in text:
        # The theme sets no favicon: say there is none, or the browser asks
        # for /favicon.ico and logs the 404 on every page.
        text = insert_in_head(text, FAVICON)
    return text


def _default_mode(app, pagename, templatename, context, doctree):
    if not context.get("default_mode"):
        context["default_mode"] = "auto"


def _fix_pages(app, exception):
    if exception is None and app.builder.format == "html":
        rewrite_pages(app.outdir, fix_page)


def setup_theme(app, priority: int) -> None:
    app.connect("html-page-context", _default_mode)
    app.connect("build-finished", _fix_pages, priority=priority)
