"""The worked-example pages in Chromium: Run buttons, edited blocks, and replays a player changes.

Issue 13, "Run it, change it": every Python block of an example page runs in
the page's Python (the calculators' worker) and each expected output is
marked ✓; an edited block shows its new output (✗ for an expectation it no
longer meets); changing a replay's input changes a later step, survives a
reload through the URL, and an input the example cannot take is named in an
error. Without JavaScript, at 375 px, the replays read in full.

Fixtures come from tests/conftest.py, helpers from tests/browser_helpers.py.
"""

from __future__ import annotations

import os
import re

import pytest
from browser_helpers import AXE, AXE_TAGS, PHONE, READY_MS, RUNNABLE_PAGES, missing, open_page, run_block, unfold

pytestmark = pytest.mark.browser

SCREENSHOTS = os.path.join(os.path.dirname(__file__), "..", "_build", "screenshots")


@pytest.mark.parametrize("docname", RUNNABLE_PAGES)
def test_every_run_button_gives_the_expected_output(context, site, docname):
    """Each doctest block of the example page, run in the browser, marks every example ✓."""
    page = open_page(context, site, docname)
    unfold(page)
    blocks = page.locator("div.vr-runnable").count()
    assert blocks >= 1
    assert page.locator(".vr-run-panel button.vr-run").count() == blocks
    for k in range(blocks):
        out = run_block(page, k)
        assert out["state"] == "pass", f"block {k + 1} of {docname}: {out['status']}"
        assert out["marks"] and set(out["marks"]) == {"✓"}
        assert page.locator(".vr-run-panel").nth(k).locator(".vr-run-status").get_attribute("role") == "status"


def test_an_edited_block_shows_its_new_output(context, site):
    """Editing a block (keyboard only) and running it shows the new output, and ✗ for a changed expectation."""
    page = open_page(context, site, "drifters/docking-bay")
    unfold(page)
    panel = page.locator(".vr-run-panel").nth(1)
    panel.locator("button.vr-edit").focus()
    page.keyboard.press("Enter")
    box = panel.locator("textarea.vr-editor")
    assert box.is_visible()
    label = panel.locator("label.vr-editor-label")
    assert label.get_attribute("for") == box.get_attribute("id") and "editable" in label.inner_text()
    box.fill(">>> initiative_pool(senna)\nPool(mastery=2)\n>>> 6 * 7\n41\n>>> senna.agility + 1\n5\n")
    out = run_block(page, 1)
    assert out["state"] == "mismatch"
    assert out["marks"] == ["✓", "✗", "✓"]  # the page's earlier block set up `senna`
    bad = panel.locator("li.vr-bad")
    assert "41" in bad.locator(".vr-want").inner_text() and "42" in bad.locator(".vr-got").inner_text()
    box.fill(">>> 6 * 7\n42\n")
    out = run_block(page, 1)
    assert out["state"] == "pass" and out["marks"] == ["✓"]
    panel.locator("button.vr-reset").click()
    assert not box.is_visible() and page.locator("div.vr-runnable").nth(1).is_visible()
    assert run_block(page, 1)["state"] == "pass"


def _step_html(page: str, name: str, k: int) -> str:
    """The inside of the built ``<div id="replay-name-k">``, less the line breaks around it."""
    start = page.index(f'id="replay-{name}-{k}">') + len(f'id="replay-{name}-{k}">')
    depth = 1
    for m in re.finditer(r"<div\b|</div>", page[start:]):
        depth += 1 if m.group(0) == "<div" else -1
        if depth == 0:
            return page[start:start + m.start()].strip("\n")
    raise AssertionError(f"replay-{name}-{k} is not closed")


@pytest.mark.parametrize("name", ["docking-bay", "ember-drift"])
def test_browser_rendering_of_a_replay_equals_the_build(site, name):
    """The HTML Python gives the browser for the published inputs is the string the build wrote, step by step."""
    from voidref.calc import replays

    with open(os.path.join(site.root, "drifters", f"{name}.html"), encoding="utf-8") as fh:
        page = fh.read()
    steps = replays.run(name, {})["steps"]
    assert page.count('class="vr-replay-step') == len(steps)
    for k, html in enumerate(steps):
        assert html == _step_html(page, name, k), f"step {k} of {name}"


def replay_form(page, name: str):
    return page.locator(f".vr-replay-form[data-replay='{name}']")


def wait_replayed(page, name: str, count: int) -> None:
    page.wait_for_function(
        "([n, c]) => Number(document.querySelector(`.vr-replay-form[data-replay='${n}']`).dataset.computed || 0) >= c",
        arg=[name, count], timeout=READY_MS * 2)


# name, input, new value, the step that must change, a text only the changed step shows,
# an invalid value for the same input, the text its error must show
REPLAY_CASES = [
    ("docking-bay", "senna_armor", "3", 3, "| Senna | 2/12", "7", "Senna's armor (Resistance)"),
    ("ember-drift", "gun_successes", "0", 3, "none: the shot missed", "12", "Autocannon shot: net Successes"),
]


@pytest.mark.parametrize(("name", "field", "value", "step", "shows", "invalid", "label"), REPLAY_CASES,
                         ids=[c[0] for c in REPLAY_CASES])
def test_changing_a_replay_input_changes_a_later_step(context, site, name, field, value, step, shows, invalid,
                                                       label):
    """A changed input replays the example: a later step changes, the URL keeps it, a bad value names the input."""
    docname = f"drifters/{name}"
    page = open_page(context, site, docname)
    form = replay_form(page, name)
    assert form.is_visible()
    form.locator("summary").click()  # the form is folded under "Change the example"
    target = page.locator(f"#replay-{name}-{step}")
    before = target.inner_text()
    box = form.locator(f"input[name='{field}']")
    assert form.locator(f"label[for='{box.get_attribute('id')}']").inner_text().startswith(label.split(":")[0])
    box.fill(value)
    wait_replayed(page, name, 1)
    after = target.inner_text()
    assert after != before
    assert target.get_attribute("data-state") == "changed"
    assert page.locator(f"#replay-{name}-0").get_attribute("data-state") == "published"  # before the change
    assert "come out differently" in form.locator(".vr-replay-state").inner_text()
    flat = " | ".join(after.split("\t"))
    assert shows.split("| ")[-1] in flat
    assert f"{name}.{field}={value}" in page.url
    # a reload through the URL replays with the same input
    again = context.new_page()
    again.goto(page.url)
    again.wait_for_function("() => window.voidrefExamples !== undefined")
    wait_replayed(again, name, 1)
    assert replay_form(again, name).locator(f"input[name='{field}']").input_value() == value
    assert replay_form(again, name).locator("details").get_attribute("open") is not None  # unfolded for the link
    assert again.locator(f"#replay-{name}-{step}").inner_text() == after
    # an input the example cannot take: an error naming it, not a traceback
    box.fill(invalid)
    wait_replayed(page, name, 2)
    error = form.locator(f"#replay-{name}-{field}-err").inner_text()
    assert label in error and "Traceback" not in error
    assert box.get_attribute("aria-invalid") == "true"
    assert form.locator(".vc-general-error").is_visible()
    # back to the published example
    form.locator("button.vr-replay-reset").click()
    wait_replayed(page, name, 3)
    assert target.inner_text() == before
    assert f"{name}.{field}" not in page.url


def test_a_roll_the_changed_pool_cannot_give_is_reported(context, site):
    """Agent A's first shot set to 9 net Successes: his pool cannot roll it, and the error says so."""
    page = open_page(context, site, "drifters/docking-bay", "?docking-bay.agent_a_successes=9")
    wait_replayed(page, "docking-bay", 1)
    form = replay_form(page, "docking-bay")
    message = form.locator("#replay-docking-bay-agent_a_successes-err").inner_text()
    assert "Agent A's first shot: net Successes" in message and "cannot roll 9 Successes" in message
    assert "marked above" in form.locator(".vc-general-error[role='alert']").inner_text()
    assert form.locator("input[name='agent_a_successes']").get_attribute("aria-invalid") == "true"
    assert "last inputs that worked" in form.locator(".vr-replay-state").inner_text()


@pytest.mark.parametrize("name", ["docking-bay", "ember-drift"])
def test_replay_reads_without_javascript_on_a_phone(browser, site, name):
    """JavaScript off, 375 px: every step and its state table is shown, nothing runs off the page's edge."""
    ctx = browser.new_context(java_script_enabled=False, **PHONE)
    try:
        page = ctx.new_page()
        page.goto(f"{site.url}drifters/{name}.html")
        steps = page.locator(".vr-replay-step")
        assert steps.count() >= 7
        assert not replay_form(page, name).is_visible()  # the form needs JavaScript: hidden without it
        width = page.evaluate("document.documentElement.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for k in range(steps.count()):
            step = steps.nth(k)
            step.scroll_into_view_if_needed()
            assert step.is_visible()
            box = step.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"step {k} runs off the page"
            # every table is whole: its scrolling box is as wide as the table (no cut-off column)
            for table in step.locator("table").all():
                fits = table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1")
                assert fits, f"step {k}: a table of {name} needs sideways scrolling at 375 px"
            # no text is clipped: each paragraph and cell fits its own box
            clipped = step.evaluate("s => [...s.querySelectorAll('p, li, td, th')]"
                                    ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
            assert not clipped, f"step {k}: text cut off: {clipped}"
        os.makedirs(SCREENSHOTS, exist_ok=True)
        steps.nth(3).scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(SCREENSHOTS, f"replay-{name}-nojs-375.png"))
    finally:
        ctx.close()


def test_run_button_on_a_phone(phone, site):
    """On a 375 px phone the Run, Edit and Reset buttons are big enough to touch and the results fit."""
    page = open_page(phone, site, "drifters/ember-drift")
    unfold(page)
    panel = page.locator(".vr-run-panel").nth(2)
    panel.scroll_into_view_if_needed()
    for button in panel.locator("button:visible").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    panel.locator("button.vr-edit").tap()
    box = panel.locator("textarea.vr-editor")
    text = box.input_value()
    box.fill(text.replace(">>> ", ">>> 0 or ", 1))
    panel.locator("button.vr-run").tap()
    page.wait_for_function("() => ['pass', 'mismatch'].includes(document.querySelectorAll('.vr-run-panel')[2]"
                           ".dataset.state)", timeout=READY_MS * 2)
    assert panel.get_attribute("data-state") == "pass"
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    os.makedirs(SCREENSHOTS, exist_ok=True)
    panel.screenshot(path=os.path.join(SCREENSHOTS, "run-block-375.png"))



def test_axe_finds_no_violation_in_run_results_and_a_changed_replay(browser, site):
    """axe-core, 375 px, light and dark: the Run panels (one edited, with a ✗), the editor and a changed replay."""
    if not os.path.exists(AXE):
        missing("node_modules/axe-core is missing (run `npm ci`)")
    # bypass_csp only so that axe itself can be injected; the CSP is checked by the tests above (console errors).
    ctx = browser.new_context(bypass_csp=True, service_workers="block", **PHONE)
    ctx.set_default_timeout(READY_MS)
    try:
        page = open_page(ctx, site, "drifters/docking-bay", "?docking-bay.senna_armor=2")
        wait_replayed(page, "docking-bay", 1)
        unfold(page)
        assert run_block(page, 0)["state"] == "pass"
        panel = page.locator(".vr-run-panel").nth(1)
        panel.locator("button.vr-edit").click()
        panel.locator("textarea.vr-editor").fill(">>> 6 * 7\n41\n")
        assert run_block(page, 1)["state"] == "mismatch"
        page.add_script_tag(path=AXE)
        page.add_style_tag(content="*, *::before, *::after { transition: none !important; "
                                   "animation: none !important; }")
        found = []
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.locator(f"html[data-theme='{scheme}']").wait_for(state="attached")
            violations = page.evaluate(
                """async (tags) => {
                    const r = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                                       resultTypes: ["violations"]});
                    return r.violations.map(
                        v => `${v.id}: ${v.help} at ${v.nodes.slice(0, 5).map(n => n.target.join(" "))}`);
                }""", AXE_TAGS)
            found += [f"[{scheme}] {v}" for v in violations]
        assert not found, "\n".join(found)
    finally:
        ctx.close()


def test_doctest_is_kept_out_of_the_calculators_start_up(site):
    """doctest (and pdb, unittest) are in the example pages' own zip, not in the standard library every start loads."""
    import zipfile

    pyodide = os.path.join(site.root, "_static", "pyodide")
    with zipfile.ZipFile(os.path.join(pyodide, "python_stdlib.zip")) as zf:
        base = set(zf.namelist())
    with zipfile.ZipFile(os.path.join(pyodide, "python_stdlib_examples.zip")) as zf:
        extra = set(zf.namelist())
    assert {"doctest.pyc", "pdb.pyc", "unittest/case.pyc"} <= extra
    assert not base & extra and "doctest.pyc" not in base
