"""What the browser tests (``tests/test_browser_*.py``) share besides their fixtures.

The fixtures (``site``, ``browser``, ``context``, ``phone``) are in
``tests/conftest.py``, where pytest finds them without an import. The
constants and helpers a test calls are here, imported by name: pytest advises
against importing a ``conftest.py``, and with one at the repository's root and
one in ``tests/`` the name ``conftest`` would not say which.
"""

from __future__ import annotations

import os
import sys
from urllib.parse import urlsplit

import pytest

from voidref import calc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))
REQUIRED = os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1"
READY_MS = 60_000
CALC_PAGE = "calculators.html"

#: A phone held at the table: 375 by 812 CSS pixels, touch, mobile layout.
PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}

#: axe-core (from npm) and the WCAG rule sets it checks
AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
from voidref_calculators import examples as _examples  # noqa: E402 - the build's own list, below

#: the example pages, whose doctest blocks the build gives Run buttons
RUNNABLE_PAGES = _examples.RUNNABLE_PAGES

SLUGS = [c.slug for c in calc.calculators()]


def missing(reason: str):
    """Skip the test for want of a built site or a browser; fail instead under ``VOIDREF_REQUIRE_BROWSER=1``."""
    if REQUIRED:
        pytest.fail(reason)
    pytest.skip(reason)


def site_pages(root: str) -> list[str]:
    """Every HTML page of the built site in *root* (paths relative to it), ``_static`` and hidden folders left out."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (folder == root and d == "_static"))
        out += [os.path.relpath(os.path.join(folder, f), root).replace(os.sep, "/")
                for f in sorted(files) if f.endswith(".html")]
    return out


class Watch:
    """Console errors, page errors and foreign requests seen in one browser context."""

    def __init__(self, context, site_url: str):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []
        origin = urlsplit(site_url)[:2]
        context.on("request", self._request(origin))
        self._context = context
        context.on("page", self.page)

    def _request(self, origin):
        def on_request(req):
            self.requests.append(req.url)
            parts = urlsplit(req.url)
            if parts.scheme in ("data", "blob", "about"):
                return
            if parts[:2] != origin:
                self.foreign.append(req.url)
        return on_request

    def page(self, page):
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text} ({m.location.get('url')})")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("worker", lambda w: w.on("console", lambda m: self.errors.append(f"worker console: {m.text}")
                                          if m.type == "error" else None))

    def check(self):
        assert not self.errors, "console errors:\n" + "\n".join(self.errors)
        assert not self.foreign, "requests to other origins:\n" + "\n".join(self.foreign)


def python_requests(context) -> list[str]:
    """What the context fetched of the Python runtime (Pyodide, the wheel, the worker) and the service worker."""
    return [u for u in context.watch.requests
            if "/pyodide/" in u or "/_static/calc/" in u and not u.split("?")[0].endswith((".js", ".css"))
            or u.endswith("/sw.js")]


# -- the calculators ------------------------------------------------------------------

def phone_context(browser, service_workers: str = "block"):
    """A phone at the table: 375 x 812 px with touch, every wait up to READY_MS."""
    ctx = browser.new_context(viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True,
                              service_workers=service_workers)
    ctx.set_default_timeout(READY_MS)
    return ctx


def hold(ctx, pattern: str) -> list:
    """Hold back every request *pattern* matches; the held routes, to be continued by the test."""
    held: list = []
    ctx.route(pattern, lambda route: held.append(route))
    return held


def wait_held(page, held: list, what: str) -> None:
    """Wait until the page has asked for what :func:`hold` holds back (*what* names it)."""
    for _ in range(READY_MS // 50):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{what} was never asked for")


def reach_for(root) -> None:
    """What a player does first: put the keyboard focus (or a finger) in a calculator.

    Python's worker starts only then: a reader who never touches a
    calculator downloads no Python. The player scrolls to it first: a
    calculator below the first screen gets its form as it nears the view.
    """
    root.scroll_into_view_if_needed()
    root.locator(".vc-form [name]").first.focus()


def open_calc(context, site, slug: str, query: str = "", touch: bool = True):
    """Open the calculators page and reach for one calculator; return (page, its root locator)."""
    page = context.new_page()
    page.goto(site.url + CALC_PAGE + query)
    root = page.locator(f"section.voidref-calc[data-key='{slug}']")
    if touch:
        reach_for(root)
    return page, root


def wait_live(root, computed: int | None = None):
    """Wait until the calculator shows a live result (optionally its n-th computation)."""
    if computed is not None:
        root.locator(f"xpath=self::*[@data-computed='{computed}']").wait_for()
    root.locator(".vc-result[data-state='live']").wait_for()


def set_field(root, slug: str, name: str, value: str) -> None:
    el = root.locator(f"[name='{name}']")
    field = calc.get(slug).field(name)
    if field.group:  # a ruling switch: open its disclosure first, as a player would
        root.locator(f"details.vc-{field.group}").evaluate("d => { d.open = true; }")
    if field.kind == "choice":
        el.select_option(value)
    elif field.kind == "bool":
        el.set_checked(value == "1")
    else:
        el.fill(value)


# Free-text fields get a hand-written change (it must still be valid input).
TEXT_CHANGES = {"initiative": {"combatants": "Kestrel, gm, 3\nOrrin, player, 3\nMave, player, -1"}}


def changed_inputs(slug: str) -> dict[str, str]:
    """Inputs that differ from the defaults but stay valid: one step on each number and choice."""
    c = calc.get(slug)
    out = dict(TEXT_CHANGES.get(slug, {}))
    for f in c.fields:
        if f.kind == "int":
            out[f.name] = str(f.default + 1 if f.default + 1 <= f.high else f.default - 1)
        elif f.kind == "choice":
            values = [v for v, _ in f.choices]
            out[f.name] = values[(values.index(f.format(f.default)) + 1) % len(values)]
    assert calc.run(slug, out)["ok"], f"TEXT_CHANGES/changed_inputs give bad input for {slug}"
    return out


def apply(root, slug: str, inputs: dict[str, str]) -> None:
    """Set several fields, then wait for the result of the last change.

    A change marks the calculator pending at once (in the input event), and
    only a result for the newest inputs makes it live again.
    """
    reach_for(root)
    wait_live(root)
    for name, value in inputs.items():
        set_field(root, slug, name, value)
    wait_live(root)
    root.locator("xpath=self::*[@data-state='live']").wait_for()


# -- the example pages' Run buttons ---------------------------------------------------

def open_page(ctx, site, docname: str, query: str = ""):
    """Open an example page and wait for its Run buttons' script."""
    page = ctx.new_page()
    page.goto(site.url + docname + ".html" + query)
    page.wait_for_function("() => window.voidrefExamples !== undefined")
    return page


def unfold(page) -> None:
    """Open every "Check it in Python" fold, as a reader does to see the blocks."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


def run_block(page, index: int) -> dict:
    """Press Run on block *index*; return the status text and the marks shown."""
    panel = page.locator(".vr-run-panel").nth(index)
    panel.locator("button.vr-run").click()
    page.wait_for_function(
        "([i]) => { const p = document.querySelectorAll('.vr-run-panel')[i];"
        " return ['pass', 'mismatch', 'error', 'failed'].includes(p.dataset.state); }", arg=[index],
        timeout=READY_MS * 2)
    return {
        "state": panel.get_attribute("data-state"),
        "status": panel.locator(".vr-run-status").inner_text(),
        "marks": panel.locator(".vr-mark").all_inner_texts(),
    }


# -- the dice rollers -----------------------------------------------------------------

ROLLER_PAGE = "roller.html"
ROLLERS = [r.slug for r in calc.rollers()]


def open_roller(context, site, slug: str, query: str = ""):
    """Open the roller page at one roller and wait for its script; return (page, its root locator)."""
    page = context.new_page()
    page.goto(site.url + ROLLER_PAGE + query + f"#roller-{slug}")
    root = page.locator(f"section.voidref-roller[data-key='{slug}']")
    root.locator(".vr-roll:not([disabled])").wait_for()
    return page, root


def tap_dice(root, dice: dict[str, int]) -> None:
    """Tap each die's button (by its name: "Mastery") as many times as asked; a negative count taps "−"."""
    for name, times in dice.items():
        row = root.locator(f".vr-die-row[data-name='{name}']")
        button = row.locator(".vr-die-remove" if times < 0 else ".vr-die-add")
        for _ in range(abs(times)):
            button.tap()


def roll_with(root, button: str = ".vr-roll") -> str:
    """Tap *button* (Roll, Roll again, a nudge) and wait for the roll it makes; return the roll as text."""
    before = int(root.get_attribute("data-rolls") or 0)
    target = root.locator(button)
    target.scroll_into_view_if_needed()
    target.tap()
    root.locator(f"xpath=self::*[@data-rolls='{before + 1}']").wait_for()
    return root.locator("pre.vr-text").text_content()


def roll_fact(root, label: str) -> str:
    """The value the roll shows for the fact *label*."""
    return root.locator(".vr-result .vc-facts > div", has=root.page.locator(f"dt:text-is('{label}')")) \
        .locator("dd").inner_text()


def check_chance(inputs: dict[str, str]) -> str:
    """The chance of success the check-odds calculator gives for *inputs*, as printed."""
    from voidref.calc.registry import evaluate
    from voidref.calc.results import figures

    result = evaluate("check-odds", inputs)[1]
    return next(str(figures(v)[0]) for label, v in result.facts if label.startswith("Chance of success"))
