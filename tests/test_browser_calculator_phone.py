"""Calculators as a player on a phone meets them: when Python starts, what a failed start
looks like, and the phone-sized controls (steppers, pinned answer, keyboards, listed dice).

Fixtures come from tests/conftest.py, helpers from tests/browser_helpers.py.
"""

from __future__ import annotations

import os
import re

import pytest
from browser_helpers import (
    CALC_PAGE,
    READY_MS,
    Watch,
    apply,
    changed_inputs,
    hold,
    open_calc,
    phone_context,
    python_requests,
    set_field,
    wait_held,
    wait_live,
)

from voidref import calc

pytestmark = pytest.mark.browser


def test_a_reader_who_never_touches_a_calculator_downloads_no_python(context, site):
    """Reading a calculator page fetches no Python runtime and starts no worker: the built result is there."""
    page = context.new_page()
    page.goto(site.url + CALC_PAGE, wait_until="load")
    page.mouse.wheel(0, 3000)  # scrolling past calculators is reading, not using them
    page.wait_for_timeout(1500)
    assert not page.workers
    assert not python_requests(context)
    root = page.locator("section.voidref-calc").first
    assert root.locator(".vc-result").get_attribute("data-state") == "prebuilt"
    assert root.locator(".vc-headline").is_visible() or root.locator(".vc-headline").count() == 1


def test_touching_a_calculator_on_a_phone_starts_python_and_the_change_goes_live(browser, site):
    """At 375 px with touch: a tap in a calculator starts Python; a change then shows the engine's result."""
    ctx = phone_context(browser, service_workers="allow")
    watch = Watch(ctx, site.url)
    ctx.watch = watch
    try:
        page = ctx.new_page()
        page.goto(site.url + "drifters/dice.html", wait_until="load")
        page.wait_for_timeout(500)
        assert not python_requests(ctx)
        root = page.locator("section.voidref-calc").first
        slug = root.get_attribute("data-calc")
        field = root.locator(".vc-form [name]").first
        field.scroll_into_view_if_needed()
        field.tap()
        root.locator(".vc-result[data-state='live']").wait_for()
        inputs = changed_inputs(slug)
        apply(root, slug, inputs)
        assert root.locator(".vc-text").text_content() == calc.run(slug, inputs)["text"]
        watch.check()
    finally:
        ctx.close()


def test_an_input_typed_before_the_calculators_script_arrives_is_answered(browser, site):
    """calc.js is fetched after the first paint; a value typed before it arrives is not lost: the script
    asks for it as soon as it is there (here Python's start fails, so the answer is the failure and its
    Try again, which then shows the typed value's result)."""
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(READY_MS)
    blocked = {"on": True}
    try:
        held = hold(ctx, "**/calc/calc.js*")
        ctx.route("**/pyodide.asm.wasm", lambda route: route.abort() if blocked["on"] else route.continue_())
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE, wait_until="domcontentloaded")
        wait_held(page, held, "calc.js")
        root = page.locator("section.voidref-calc[data-key='check-odds']")
        set_field(root, "check-odds", "dice", "2A vs 1T")
        for route in held:
            route.continue_()
        root.locator(".vc-result[data-state='failed']").wait_for()
        blocked["on"] = False
        root.locator(".vc-retry").click()
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        assert root.locator(".vc-text").text_content() == calc.run("check-odds", {"dice": "2A vs 1T"})["text"]
    finally:
        ctx.close()


def test_on_a_phone_a_tap_on_plus_before_the_calculators_script_arrives_is_not_lost(browser, site):
    """At 375 px with touch: "+" tapped twice while calc.js is still on its way (it comes after the first
    paint) raises the Skill by two once the script is there, and the engine answers for that value."""
    ctx = phone_context(browser)
    try:
        held = hold(ctx, "**/calc/calc.js*")
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE + "#calc-check-odds", wait_until="load")
        wait_held(page, held, "calc.js")
        root = page.locator("section.voidref-calc[data-key='check-odds']")
        plus = root.locator(".vc-field", has=page.locator("[name='skill']")).locator(".vc-step[data-step='1']")
        plus.tap()
        plus.tap()
        assert root.locator("[name='skill']").input_value() == "1"  # nothing has moved it yet
        for route in held:
            route.continue_()
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        assert root.locator("[name='skill']").input_value() == "3"
        assert root.locator(".vc-text").text_content() == calc.run("check-odds", {"skill": "3"})["text"]
    finally:
        ctx.close()

def test_a_failed_start_is_retried_with_the_try_again_button(browser, site):
    """The first start fails (no WebAssembly file); the result is not dimmed; "Try again" brings it live."""
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(READY_MS)
    blocked = {"on": True}

    def wasm(route):
        if blocked["on"]:
            route.abort()
        else:
            route.continue_()

    try:
        ctx.route("**/pyodide.asm.wasm", wasm)
        page, root = open_calc(ctx, site, "check-odds")
        set_field(root, "check-odds", "dice", "2A vs 1T")
        # Focusing the field may already have started (and, the file being refused at once,
        # failed) a first start; the change then retries. Wait for the change's own answer.
        root.locator(".vc-result[data-state='failed']").wait_for()
        assert root.locator(".vc-status").get_attribute("data-state") == "failed"
        assert page.evaluate("el => getComputedStyle(el).opacity", root.locator(".vc-result").element_handle()) == "1"
        assert "default inputs" in root.locator(".vc-general-error").inner_text()
        retry = root.locator(".vc-retry")
        assert retry.is_visible()
        blocked["on"] = False
        retry.click()
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        assert root.locator(".vc-text").text_content() == calc.run("check-odds", {"dice": "2A vs 1T"})["text"]
        assert not retry.is_visible()
        assert root.locator(".vc-general-error").is_hidden()
    finally:
        ctx.close()


def test_a_failed_start_is_retried_at_the_next_change(browser, site):
    """After a failed start, the player's next change starts Python again and shows its result."""
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(READY_MS)
    blocked = {"on": True}
    try:
        ctx.route("**/pyodide.asm.wasm", lambda route: route.abort() if blocked["on"] else route.continue_())
        page, root = open_calc(ctx, site, "check-odds")
        root.locator(".vc-status[data-state='failed']").wait_for()
        blocked["on"] = False
        set_field(root, "check-odds", "dice", "3A vs 2T")
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        assert root.locator(".vc-text").text_content() == calc.run("check-odds", {"dice": "3A vs 2T"})["text"]
    finally:
        ctx.close()


def test_on_a_phone_the_steppers_change_a_count_and_the_headline_stays_in_view(browser, site):
    """At 375 px with touch: "+" raises the Skill by one, the engine's answer follows, and the
    pinned headline is on screen while the player edits the last field."""
    ctx = phone_context(browser)
    watch = Watch(ctx, site.url)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE + "#calc-check-odds")
        root = page.locator("section.voidref-calc[data-key='check-odds']")
        skill = root.locator("[name='skill']")
        plus = root.locator(".vc-field", has=page.locator("[name='skill']")).locator(".vc-step[data-step='1']")
        plus.scroll_into_view_if_needed()
        plus.tap()
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        assert skill.input_value() == "2"
        expected = calc.run("check-odds", {"skill": "2"})["text"]
        assert root.locator(".vc-text").text_content() == expected
        last = root.locator("[name='bane_dice']")
        last.scroll_into_view_if_needed()
        pinned = root.locator(".vc-pinned")
        assert pinned.inner_text() == expected.splitlines()[0]
        box = pinned.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 812, box
        header = page.locator(".bd-header-article").bounding_box()
        assert box["y"] >= header["y"] + header["height"] - 1, (box, header)
        minus = root.locator(".vc-field", has=page.locator("[name='bane_dice']")).locator(".vc-step[data-step='-1']")
        minus.tap()  # already at its lowest: nothing changes, nothing is sent
        assert last.input_value() == "0"
        watch.check()
    finally:
        ctx.close()



# In the page: for each calculator, whether the browser has drawn it (false: skipped while out of view).
_DRAWN = """() => [...document.querySelectorAll('section.voidref-calc')]
    .map(s => s.querySelector('.vc-result').checkVisibility({contentVisibilityAuto: true}))"""


def test_on_a_phone_the_calculators_page_draws_a_calculator_as_the_player_reaches_it_and_nothing_jumps(browser, site):
    """At 375 px the calculators page leaves the calculators far below unstyled and undrawn (calc.css,
    content-visibility), which cut its main-thread time on a phone; a tap on a name in its list brings that
    calculator under the header and draws it, and scrolling back up past calculators drawn only then keeps
    what is on screen where it was (the browser's scroll anchoring)."""
    ctx = phone_context(browser)
    watch = Watch(ctx, site.url)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE, wait_until="load")
        drawn = page.evaluate(_DRAWN)
        assert len(drawn) >= 19 and not drawn[-1] and drawn.count(True) <= 3, drawn
        page.get_by_role("link", name="Whole engagement", exact=True).tap()
        root = page.locator("section.voidref-calc[data-key='upper-hand-engagement']")
        title = root.locator(".vc-title")
        page.wait_for_timeout(300)
        top = title.bounding_box()["y"]
        header = page.locator(".bd-header-article").bounding_box()
        assert header["y"] <= top <= 812 / 2, (top, header)
        assert page.evaluate(_DRAWN)[-1] is True
        page.evaluate("window.scrollBy(0, -1500)")  # up into calculators drawn only now
        page.wait_for_timeout(300)
        assert any(page.evaluate(_DRAWN)[-4:-1])
        assert abs(title.bounding_box()["y"] - (top + 1500)) <= 2
        watch.check()
    finally:
        ctx.close()

# In the page: from now on, every state the calculator's status line and pinned headline pass through.
_RECORD_STATES = """root => {
    const seen = root.__seen = [];
    const status = root.querySelector(".vc-status"), pinned = root.querySelector(".vc-pinned");
    const note = () => {
        const box = pinned.getBoundingClientRect();
        seen.push([status.dataset.state, status.textContent.trim(), pinned.dataset.working || "",
                   root.querySelector(".vc-result").getAttribute("aria-busy") || "", [box.top, box.bottom]]);
    };
    new MutationObserver(note).observe(root, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def test_on_a_phone_a_slow_answer_says_it_is_working_until_it_arrives(browser, site):
    """At 375 px with touch: an answer that takes a while says so in the status line (announced) and beside
    the pinned headline kept in view, the result marked busy; the answer then replaces it all.

    The calculator's threshold is set to 1 ms (data-working-ms) so that the whole-engagement
    calculator, tens of milliseconds at least on any machine, always counts as slow here.
    """
    ctx = phone_context(browser)
    watch = Watch(ctx, site.url)
    slug = "upper-hand-engagement"
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE + f"#calc-{slug}")
        root = page.locator(f"section.voidref-calc[data-key='{slug}']")
        guns = root.locator("[name='my_guns']")
        guns.scroll_into_view_if_needed()
        guns.tap()
        wait_live(root)
        root.locator(".vc-status[data-state='ready']").wait_for()
        root.evaluate("el => { el.dataset.workingMs = '1'; }")
        root.evaluate(_RECORD_STATES)
        plus = root.locator(".vc-field", has=page.locator("[name='my_guns']")).locator(".vc-step[data-step='1']")
        plus.tap()
        # The working state lasts only as long as the answer takes (tens of milliseconds), too short to
        # poll for reliably: the page's own record of every state it passed through is what is checked.
        expected = calc.run(slug, {"my_guns": "2"})["text"]
        pinned = root.locator(".vc-pinned")
        page.wait_for_function("([el, text]) => el.dataset.state === 'live' && el.querySelector('.vc-text')"
                               " && el.querySelector('.vc-text').textContent === text"
                               " && el.querySelector('.vc-status').dataset.state === 'ready'",
                               arg=[root.element_handle(), expected])
        assert pinned.get_attribute("data-working") is None
        assert root.locator(".vc-result").get_attribute("aria-busy") is None
        assert pinned.inner_text() == expected.splitlines()[0]
        seen = root.evaluate("el => el.__seen")
        working = [s for s in seen if s[0] == "working"]
        assert working, seen
        state, text, pinned_working, busy, (top, bottom) = working[0]
        assert "Working it out" in text and [pinned_working, busy] == ["true", "true"], seen
        assert 0 <= top and bottom <= 812, working[0]  # the pinned headline stays in view while it works
        assert seen[-1][:1] == ["ready"] and seen[-1][2:4] == ["", ""], seen
        watch.check()
    finally:
        ctx.close()


# In the page: the moment the calculator's status says Python is ready, change one field; when that
# calculator's next result is live, count the calculators that still show the result built into the page.
_CHANGE_WHEN_READY = """([slug, name, value]) => {
    const root = document.querySelector(`section[data-key="${slug}"]`);
    const status = root.querySelector(".vc-status");
    window.__stillBuilt = new Promise((resolve) => {
        let before = null;
        const obs = new MutationObserver(() => {
            if (before === null && status.dataset.state === "ready") {
                before = Number(root.dataset.computed || 0);
                const el = root.querySelector(`[name="${name}"]`);
                el.value = value;
                el.dispatchEvent(new Event("input", {bubbles: true}));
            } else if (before !== null && Number(root.dataset.computed || 0) > before
                       && root.dataset.state === "live") {
                obs.disconnect();
                resolve(document.querySelectorAll(".voidref-calc .vc-result[data-state='prebuilt']").length);
            }
        });
        obs.observe(root, {attributes: true, childList: true, subtree: true,
                           attributeFilter: ["data-computed", "data-state"]});
    });
}"""


def test_on_a_phone_a_change_as_python_becomes_ready_is_answered_before_the_rest_of_the_page(browser, site):
    """At 375 px with touch, on the page of every calculator: the player taps the last one and changes it the
    moment Python is ready. Its answer comes next, while the other calculators still show their built
    results (brought live in the background after it), instead of after all eighteen of them."""
    ctx = phone_context(browser)
    watch = Watch(ctx, site.url)
    slug = calc.calculators()[-1].slug
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE + f"#calc-{slug}")
        root = page.locator(f"section.voidref-calc[data-key='{slug}']")
        field = next(f for f in calc.get(slug).fields if f.kind == "int")
        value = str(field.default + 1)
        page.evaluate(_CHANGE_WHEN_READY, [slug, field.name, value])
        box = root.locator(f"[name='{field.name}']")
        box.scroll_into_view_if_needed()
        box.tap()
        still_built = page.evaluate("() => window.__stillBuilt")
        others = page.locator(".voidref-calc").count() - 1
        assert still_built >= others - 2, (still_built, others)  # at most the refreshes already under way
        assert root.locator(".vc-text").text_content() == calc.run(slug, {field.name: value})["text"]
        for other in page.locator(".voidref-calc .vc-result").all():  # the rest come live in the background,
            other.scroll_into_view_if_needed()  # each one below the first screen once the player nears it
            other.locator("xpath=self::*[@data-state='live']").wait_for()
        watch.check()
    finally:
        ctx.close()


def test_number_fields_offer_a_keyboard_with_a_minus_sign_when_they_take_negatives(site):
    """A field whose range goes below zero is not given the digits-only keypad."""
    with open(os.path.join(site.root, CALC_PAGE), encoding="utf-8") as fh:
        page = fh.read()
    checked = 0
    for c in calc.calculators():
        for f in c.fields:
            if f.kind != "int":
                continue
            tag = re.search(rf'<input [^>]*id="calc-{c.slug}-{f.name}"[^>]*>', page).group(0)
            mode = re.search(r'inputmode="(\w+)"', tag).group(1)
            assert mode == ("numeric" if f.low >= 0 else "text"), (c.slug, f.name, mode)
            assert f'data-low="{f.low}"' in tag and f'data-high="{f.high}"' in tag
            checked += 1
    assert checked > 20


def test_on_a_phone_listed_dice_take_the_difficulty_shown(browser, site):
    """At 375 px: "2A 1M" typed while Difficulty shows Average rolls against 2 Trial Dice (65.1 %);
    "2a 1m vs average" gives the same; a word it cannot read is named."""
    ctx = phone_context(browser)
    watch = Watch(ctx, site.url)
    try:
        page, root = open_calc(ctx, site, "check-odds")
        wait_live(root)
        assert root.locator("[name='difficulty']").input_value() == "average"
        dice = root.locator("[name='dice']")
        for typed in ("2A 1M", "2a 1m vs average"):
            dice.tap()
            dice.fill(typed)
            root.locator("xpath=self::*[@data-state='live']").wait_for()
            text = root.locator(".vc-text").text_content()
            assert text == calc.run("check-odds", {"dice": typed})["text"]
            assert text.splitlines()[0] == "Chance of success: 65.1%", text
            assert "vs 2 Trial" in text
        dice.fill("2A 1Q")
        root.locator("xpath=self::*[@data-state='error']").wait_for()
        assert "'Q'" in root.locator("#calc-check-odds-dice-err").inner_text()
        watch.check()
    finally:
        ctx.close()
