"""Whole-site checks on the built site: links, clean loads, accessibility.

* Every internal link and anchor of the built site resolves (no browser needed).
* Every page loads in Chromium with no console error and no request to another
  origin; pages without a calculator load no WebAssembly and start no worker.
* axe-core (from npm) finds no WCAG 2.1 A/AA violation on any page, at 375 px
  and 1280 px wide, in light and dark mode (calculator pages with Python loaded).

Fixtures (the local server and chromium) come from tests/conftest.py.
"""

from __future__ import annotations

import os
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest
from browser_helpers import AXE, AXE_TAGS, READY_MS, SITE, Watch, missing, site_pages

pytestmark = pytest.mark.browser


class _Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        for attr in ("href", "src"):
            if a.get(attr) and tag in ("a", "link", "script", "img", "iframe", "source"):
                self.links.append(a[attr])


def _parse(path: str) -> _Links:
    parser = _Links()
    with open(path, encoding="utf-8") as fh:
        parser.feed(fh.read())
    return parser


def test_every_internal_link_and_anchor_resolves():
    """Every relative link of every built page points to an existing file and anchor."""
    if not os.path.isdir(SITE):
        missing(f"no built site in {SITE} (run `make site`)")
    parsed: dict[str, _Links] = {}

    def links_of(path: str) -> _Links:
        if path not in parsed:
            parsed[path] = _parse(os.path.join(SITE, path))
        return parsed[path]

    broken = []
    pages = site_pages(SITE)
    assert pages
    for page in pages:
        links = links_of(page)
        for link in links.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                if parts.scheme == "javascript":
                    broken.append(f"{page}: javascript: link {link}")
                continue
            target = page if not parts.path else os.path.normpath(
                os.path.join(os.path.dirname(page), unquote(parts.path))).replace(os.sep, "/")
            if parts.path.endswith("/"):
                target += "/index.html"
            full = os.path.join(SITE, target)
            if not os.path.isfile(full):
                broken.append(f"{page}: {link} (no file {target})")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.endswith(".html"):
                ids = links_of(target).ids
                if fragment not in ids:
                    broken.append(f"{page}: {link} (no anchor #{fragment} in {target})")
    assert not broken, f"{len(broken)} broken internal links:\n" + "\n".join(broken[:100])


def _has_calculator(path: str) -> bool:
    with open(os.path.join(SITE, path), encoding="utf-8") as fh:
        return 'class="voidref-calc"' in fh.read()


def _load_python(page) -> None:
    """Reach for the first calculator (that starts Python) and wait for live results."""
    page.locator(".voidref-calc .vc-form [name]").first.focus()
    page.locator(".vc-status[data-state='ready']").first.wait_for()
    for result in page.locator(".vc-result").all():
        result.scroll_into_view_if_needed()  # a calculator below the first screen is set up as it nears the view
        result.and_(page.locator("[data-state='live']")).wait_for()


def test_every_page_loads_clean(browser, site):
    """Each page: no console error, no foreign request; no WebAssembly unless it has a calculator."""
    problems = []
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(READY_MS)
    try:
        watch = Watch(ctx, site.url)
        page = ctx.new_page()
        for path in site_pages(site.root):
            first = len(watch.requests)
            page.goto(site.url + path, wait_until="load")
            calc = _has_calculator(path)
            if calc:
                _load_python(page)
            else:
                page.wait_for_timeout(50)
                wasm = [u for u in watch.requests[first:] if u.endswith(".wasm") or "/pyodide/" in u]
                if wasm or page.workers:
                    problems.append(f"{path}: loads WebAssembly or starts a worker without a calculator: {wasm}")
            for e in watch.errors:
                problems.append(f"{path}: {e}")
            for u in watch.foreign:
                problems.append(f"{path}: request to another origin: {u}")
            watch.errors.clear()
            watch.foreign.clear()
    finally:
        ctx.close()
    assert not problems, "\n".join(problems)


def test_axe_finds_no_wcag21_aa_violation(browser, site):
    """axe-core: no WCAG 2.1 A/AA violation on any page, 375 px and 1280 px, light and dark."""
    if not os.path.exists(AXE):
        missing("node_modules/axe-core is missing (run `npm ci`)")
    found = []
    # bypass_csp only so that axe itself can be injected; the CSP is checked elsewhere.
    ctx = browser.new_context(bypass_csp=True, service_workers="block", viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(READY_MS)
    try:
        page = ctx.new_page()
        for path in site_pages(site.root):
            # load at phone width, as a phone would (the theme gives scrollable boxes their
            # tab stop at load time), then widen: the theme re-checks them 300 ms after a resize
            page.set_viewport_size({"width": 375, "height": 800})
            page.emulate_media(color_scheme="light")
            page.goto(site.url + path, wait_until="load")
            if _has_calculator(path):
                _load_python(page)
            page.add_script_tag(path=AXE)
            # no colour transitions, so that axe never measures half-way through a theme switch
            page.add_style_tag(content="*, *::before, *::after { transition: none !important; "
                                       "animation: none !important; }")
            for width in (375, 1280):
                if width != 375:
                    page.set_viewport_size({"width": width, "height": 900})
                    page.wait_for_timeout(400)
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    page.locator(f"html[data-theme='{scheme}']").wait_for(state="attached")
                    violations = page.evaluate(
                        """async (tags) => {
                            const r = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                                               resultTypes: ["violations"]});
                            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                targets: v.nodes.slice(0, 5).map(n => n.target.join(" "))}));
                        }""", AXE_TAGS)
                    for v in violations:
                        found.append(f"{path} [{width}px {scheme}] {v['id']} ({v['impact']}): {v['help']}; "
                                     f"at {', '.join(v['targets'])}")
    finally:
        ctx.close()
    assert not found, f"{len(found)} axe violations:\n" + "\n".join(found)
