"""The dice roller (issue 33) as a player uses it at the table: on a phone, one-handed, offline.

In Chromium at 375 px with touch (Playwright), and in Firefox and WebKit (the
engines' own drivers, as ``test_browser_engines.py`` drives them): tap a Void
Drifters pool together, roll, read the result and its odds (the chance shown
is the check-odds calculator's), roll again, roll again with one more Boon
Die, reload and find the history, clear it. Also: every roller rolls in the
browser, bad input is named beside its field, "Roll this" carries a
calculator's inputs, the roller works offline after its first use, the web
app manifest is valid and its icons load, axe finds nothing in light or dark,
and nothing moves for a player who asks for reduced motion.

Fixtures come from tests/conftest.py, helpers from tests/browser_helpers.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import struct
import subprocess
import time
from html.parser import HTMLParser

import pytest
from browser_helpers import (
    AXE,
    AXE_TAGS,
    CALC_PAGE,
    PHONE,
    READY_MS,
    ROLLER_PAGE,
    ROLLERS,
    ROOT,
    Watch,
    check_chance,
    missing,
    open_roller,
    reach_for,
    roll_fact,
    roll_with,
    set_field,
    site_pages,
    tap_dice,
    wait_live,
)

from voidref import calc
from voidref.calc.registry import evaluate

pytestmark = pytest.mark.browser

SLUG = "drifters-roll"
#: the pool the player taps together, and the text the roller writes for it
TAPS = {"Mastery": 2, "Ability": 1, "Trial": 3, "Bane": 1}
UNTAPS = {"Trial": -1}
POOL_TEXT = "1A 2M vs 2T 1b"
CHANCE = "Chance of success with this pool"


@pytest.fixture
def player(browser, site):
    """A fresh phone (375 px, touch) of its own, its storage empty, no service worker; it must stay clean."""
    ctx = browser.new_context(service_workers="block", **PHONE)
    ctx.set_default_timeout(READY_MS)
    ctx.watch = Watch(ctx, site.url)
    yield ctx
    try:
        ctx.watch.check()
    finally:
        ctx.close()


def _pool_fact(inputs: dict[str, str]) -> str:
    """The pool the check-odds calculator describes for *inputs*."""
    return str(evaluate("check-odds", inputs)[1].fact("Pool"))


# --- Chromium, at 375 px with touch ------------------------------------------------------------

def test_a_pool_tapped_together_rolls_and_shows_every_die_and_the_odds_of_check_odds(player, site):
    """Tapping dice writes the pool field; Roll shows each die by name and face, the reading, and the check-odds
    calculator's chance of success for that pool."""
    page, root = open_roller(player, site, SLUG)
    tap_dice(root, TAPS)
    tap_dice(root, UNTAPS)
    assert root.locator("[name='dice']").input_value() == POOL_TEXT
    assert root.locator(".vr-die-row[data-name='Trial'] .vr-die-count").inner_text() == "2"
    text = roll_with(root)
    dice = root.locator(".vr-result .vc-die")
    assert dice.count() == 6
    for i in range(6):
        die = dice.nth(i)
        assert die.locator(".vc-die-name").inner_text() in {"Ability", "Mastery", "Trial", "Bane"}
        assert die.locator(".vc-die-words").inner_text().strip()  # every face has its words, not symbols only
    headline = root.locator(".vr-result .vc-headline").inner_text()
    assert headline == text.splitlines()[0] and headline.startswith(("Success: ", "Failure: "))
    assert roll_fact(root, "Pool") == _pool_fact({"dice": POOL_TEXT})
    assert roll_fact(root, CHANCE) == check_chance({"dice": POOL_TEXT}) == "61.8%"
    assert root.locator(".vr-result").get_attribute("role") == "status"
    assert f"{SLUG}.dice=" in page.url  # the pool lives in the URL, as a calculator's inputs do


def test_roll_again_and_roll_again_with_one_more_boon_die(player, site):
    """Roll again rolls the same pool anew; the nudge adds a Boon Die to the field, then rolls with it."""
    page, root = open_roller(player, site, SLUG)
    roll_with(root)
    assert roll_fact(root, CHANCE) == check_chance({})
    roll_with(root, ".vr-roll-again")
    assert root.get_attribute("data-rolls") == "2"
    roll_with(root, ".vr-nudge[data-field='boon_dice']")
    assert root.locator("[name='boon_dice']").input_value() == "1"
    assert roll_fact(root, "Pool") == _pool_fact({"boon_dice": "1"})
    assert roll_fact(root, CHANCE) == check_chance({"boon_dice": "1"}) != check_chance({})
    assert "Roll 3 on this page" in root.locator(".vr-stamp").inner_text()


def test_the_history_is_kept_across_a_reload_and_can_be_cleared(player, site):
    """Three rolls, a reload: the roller lists all three, newest first, with their results; Clear forgets them,
    and they stay forgotten after another reload."""
    page, root = open_roller(player, site, SLUG)
    texts = [roll_with(root) for _ in range(3)]
    page.reload()
    root.locator(".vr-roll:not([disabled])").wait_for()
    history = root.locator(".vr-history")
    assert history.is_visible() and root.locator(".vr-history-count").inner_text() == "3"
    history.locator("summary").tap()
    heads = root.locator(".vr-history-head").all_inner_texts()
    assert heads == [t.splitlines()[0] for t in reversed(texts)]
    assert all(root.locator(".vr-history-list time").nth(i).get_attribute("datetime") for i in range(3))
    root.locator(".vr-history-clear").tap()
    assert history.is_hidden()
    page.reload()
    root.locator(".vr-roll:not([disabled])").wait_for()
    assert history.is_hidden() and root.locator(".vr-history-count").inner_text() == "0"


def test_every_roller_rolls_through_the_engine_in_the_browser(player, site):
    """Each of the nine rollers rolls at its defaults and shows its dice and Python's reading."""
    page, root = open_roller(player, site, ROLLERS[0])
    for slug in ROLLERS:
        root = page.locator(f"section.voidref-roller[data-key='{slug}']")
        text = roll_with(root)
        assert root.locator(".vr-result .vc-die").count() >= 1, slug
        assert root.locator(".vr-result .vc-headline").inner_text() == text.splitlines()[0], slug
        assert root.locator(".vr-general-error").is_hidden(), slug


def test_an_unreadable_pool_is_named_beside_its_field_and_nothing_is_rolled(player, site):
    """Typing a pool the reader cannot read, then Roll: the engine's message under the dice field, no roll."""
    page, root = open_roller(player, site, SLUG)
    box = root.locator("[name='dice']")
    box.tap()
    box.fill("2M 1X")
    assert root.locator(".vr-die-row[data-name='Mastery'] .vr-die-count").inner_text() == "?"
    root.locator(".vr-roll").tap()
    error = root.locator(f"#roller-{SLUG}-dice-err")
    error.wait_for()
    page.wait_for_function("el => el.textContent.length > 0", arg=error.element_handle())
    assert error.inner_text() == calc.run(SLUG, {"dice": "2M 1X"})["errors"]["dice"]
    assert box.get_attribute("aria-invalid") == "true"
    assert root.get_attribute("data-rolls") is None
    assert root.locator(".vr-general-error").is_visible()


def _roll_this(page, calc_root, roller: str):
    """Tap the calculator's "Roll this"; return the roller it opens, once it can roll."""
    link = calc_root.locator("a.vc-roll")
    link.scroll_into_view_if_needed()
    link.tap()
    page.wait_for_url(f"**/{ROLLER_PAGE}?*")
    root = page.locator(f"section.voidref-roller[data-key='{roller}']")
    root.locator(".vr-roll:not([disabled])").wait_for()
    return root


def test_roll_this_on_check_odds_opens_the_roller_with_its_inputs(player, site):
    """The check-odds calculator's "Roll this" opens the roller with the calculator's pool, which then rolls."""
    page = player.new_page()
    page.goto(site.url + CALC_PAGE + "#calc-check-odds")
    calc_root = page.locator("section.voidref-calc[data-key='check-odds']")
    reach_for(calc_root)
    wait_live(calc_root)
    inputs = {"dice": "2M 1A vs 2T", "boon_dice": "1"}
    for name, value in inputs.items():
        set_field(calc_root, "check-odds", name, value)
    root = _roll_this(page, calc_root, SLUG)
    assert root.locator("[name='dice']").input_value() == "2M 1A vs 2T"
    assert root.locator("[name='boon_dice']").input_value() == "1"
    assert root.locator(".vr-die-row[data-name='Mastery'] .vr-die-count").inner_text() == "2"
    roll_with(root)
    assert roll_fact(root, "Pool") == _pool_fact(inputs)
    assert roll_fact(root, CHANCE) == check_chance(inputs)


def test_roll_this_on_a_calculator_whose_form_comes_later_carries_its_inputs(player, site):
    """A calculator below the first screen gets its form (and its link) from calc.js; the link still follows it."""
    page = player.new_page()
    page.goto(site.url + CALC_PAGE + "?pirates-action-roll.target_number=10#calc-pirates-action-roll")
    calc_root = page.locator("section.voidref-calc[data-key='pirates-action-roll']")
    reach_for(calc_root)
    wait_live(calc_root)
    set_field(calc_root, "pirates-action-roll", "skill_rank", "2")
    root = _roll_this(page, calc_root, "pirates-roll")
    assert root.locator("[name='target_number']").input_value() == "10"
    assert root.locator("[name='skill_rank']").input_value() == "2"


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[dict[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("a", "link"):
            self.links.append({k: v or "" for k, v in attrs})


def _links(site, path: str) -> list[dict[str, str]]:
    parser = _Links()
    with open(os.path.join(site.root, path), encoding="utf-8") as fh:
        parser.feed(fh.read())
    return parser.links


def test_every_calculator_with_a_roller_links_to_it(site):
    """Each calculator that names its roller has a "Roll this" link to that roller on the roller page."""
    rolled = [c for c in calc.calculators() if c.rolled_by]
    assert len(rolled) >= 6
    found = {}
    for path in site_pages(site.root):
        for link in _links(site, path):
            if "vc-roll" in link.get("class", "").split():
                found.setdefault(link["data-roller"], []).append((path, link["href"]))
    for c in rolled:
        assert c.rolled_by in found, c.slug
        for path, href in found[c.rolled_by]:
            depth = path.count("/")
            assert href == "../" * depth + f"{ROLLER_PAGE}#roller-{c.rolled_by}", (path, href)


def test_the_roller_is_one_tap_from_home_and_from_each_quick_reference(player, site):
    """The home page's first screen links the roller; each game's quick reference links its own section."""
    page = player.new_page()
    page.goto(site.url + "index.html")
    link = page.locator(f'article a[href="{ROLLER_PAGE}"]').first
    box = link.bounding_box()
    assert link.is_visible() and box["y"] + box["height"] <= 812, box
    link.tap()
    page.wait_for_url(f"**/{ROLLER_PAGE}")
    page.locator(".voidref-roller .vr-roll:not([disabled])").first.wait_for()
    for system, anchor in [("drifters", "roller-drifters"), ("pirates", "roller-pirates"),
                           ("upper_hand", "roller-upper-hand"), ("cantor", "roller-cantor"),
                           ("twodice", "roller-twodice")]:
        hrefs = [a.get("href") for a in _links(site, f"{system}/quick.html")]
        assert f"../{ROLLER_PAGE}#{anchor}" in hrefs, system


def test_the_upper_hand_roller_says_the_task_throw_is_our_ruling(site):
    """The Upper Hand section says the throw is ours and links the ruling's box."""
    with open(os.path.join(site.root, ROLLER_PAGE), encoding="utf-8") as fh:
        text = fh.read()
    section = text[text.index('id="roller-upper-hand"'):]
    words = " ".join(re.sub(r"<[^>]+>", " ", section).split())
    assert "How a throw is rolled is our ruling" in words
    assert 'href="upper_hand/throws.html#ruling-upper-hand-task-throw"' in section


# In the page: the dice of the next roll, whether they move (the roll's animation) or not.
_ANIMATION = "root => getComputedStyle(root.querySelector('.vr-result .vc-die')).animationName"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_dice_move_in_only_when_the_player_allows_motion(browser, site, motion):
    """A roll's dice drop in; a player who asks for reduced motion gets them still (and no smooth scroll)."""
    ctx = browser.new_context(service_workers="block", reduced_motion=motion, **PHONE)
    ctx.set_default_timeout(READY_MS)
    try:
        page, root = open_roller(ctx, site, SLUG)
        roll_with(root)
        assert root.evaluate(_ANIMATION) == ("none" if motion == "reduce" else "vr-drop")
    finally:
        ctx.close()


def test_axe_finds_nothing_on_the_roller_page_in_light_or_dark(browser, site):
    """axe-core: no WCAG 2.1 A/AA violation on the roller page, rolled and with its history open, at 375 px and
    1280 px, light and dark (dark mode readable: colour contrast included)."""
    if not os.path.exists(AXE):
        missing("node_modules/axe-core is missing (run `npm ci`)")
    ctx = browser.new_context(bypass_csp=True, service_workers="block", **PHONE)
    ctx.set_default_timeout(READY_MS)
    found = []
    try:
        page, root = open_roller(ctx, site, SLUG)
        tap_dice(root, TAPS)
        roll_with(root)
        roll_with(root, ".vr-roll-again")
        root.locator(".vr-history summary").tap()
        page.add_script_tag(path=AXE)
        page.add_style_tag(content="*, *::before, *::after { transition: none !important; "
                                   "animation: none !important; }")
        for width in (375, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(400)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.locator(f"html[data-theme='{scheme}']").wait_for(state="attached")
                violations = page.evaluate(
                    """async (tags) => {
                        const r = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                                           resultTypes: ["violations"]});
                        return r.violations.map(v => `${v.id}: ${v.help} at ` +
                            v.nodes.slice(0, 5).map(n => n.target.join(" ")).join(", "));
                    }""", AXE_TAGS)
                found += [f"[{width}px {scheme}] {v}" for v in violations]
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def _controlled(page) -> None:
    """Wait until the service worker has cached the site and controls the page."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    for _ in range(READY_MS // 100):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker never took control of the page")


def test_after_its_first_use_the_roller_rolls_offline(browser, site):
    """Once a player has rolled, the site is kept: with the network gone the roller page opens and rolls."""
    ctx = browser.new_context(service_workers="allow", **PHONE)
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    try:
        page, root = open_roller(ctx, site, SLUG)
        tap_dice(root, TAPS)
        roll_with(root)
        _controlled(page)
        site.server.offline = True
        ctx.set_offline(True)
        page.goto(site.url + ROLLER_PAGE + f"?{SLUG}.dice=3A+vs+2T#roller-{SLUG}")
        root = page.locator(f"section.voidref-roller[data-key='{SLUG}']")
        root.locator(".vr-roll:not([disabled])").wait_for()
        roll_with(root)
        assert roll_fact(root, CHANCE) == check_chance({"dice": "3A vs 2T"})
        assert root.locator(".vr-history-count").inner_text() == "2"  # the roll made online is still listed
        watch.check()
    finally:
        ctx.set_offline(False)
        site.server.offline = False
        ctx.close()


def test_the_offline_list_keeps_the_roller_the_manifest_and_its_icons(site):
    """sw.js keeps the roller page and its scripts, the manifest and every icon it names."""
    with open(os.path.join(site.root, "sw.js"), encoding="utf-8") as fh:
        files = json.loads(re.search(r"const FILES = (\[.*?\]);", fh.read(), re.S).group(1))
    listed = {path.split("?")[0] for path, _hash in files}
    with open(os.path.join(site.root, "manifest.webmanifest"), encoding="utf-8") as fh:
        icons = {i["src"] for i in json.load(fh)["icons"]}
    assert icons and icons <= listed, sorted(icons - listed)
    assert {ROLLER_PAGE, "manifest.webmanifest", "_static/calc/roller.js", "_static/calc/roller.css",
            "_static/calc/shared/dice-pool.js", "_static/calc/shared/roll-history.js",
            "_static/icons/voidref-180.png", "_static/icons/voidref-32.png"} <= listed


def _png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR", body[:16]
    return struct.unpack(">II", body[16:24])


def test_the_manifest_is_valid_json_with_what_installing_needs_and_its_icons_load(player, site):
    """Every page links the one manifest; it names the app, starts at home, runs standalone, has colours and
    192 px, 512 px and maskable PNG icons, each served as image/png at its stated size."""
    page = player.new_page()
    page.goto(site.url + ROLLER_PAGE)
    for path in site_pages(site.root):
        manifests = [link["href"] for link in _links(site, path) if link.get("rel") == "manifest"]
        assert manifests == ["../" * path.count("/") + "manifest.webmanifest"], path
    response = page.request.get(site.url + "manifest.webmanifest")
    assert response.status == 200
    manifest = json.loads(response.text())
    for member in ("name", "short_name", "start_url", "scope", "theme_color", "background_color"):
        assert isinstance(manifest.get(member), str) and manifest[member], member
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"] + [{"src": "_static/icons/voidref-180.png", "sizes": "180x180"}]:
        got = page.request.get(site.url + icon["src"])
        assert got.status == 200 and got.headers["content-type"] == "image/png", icon
        width, height = _png_size(got.body())
        assert f"{width}x{height}" == icon["sizes"], icon
        decoded = page.evaluate("async (src) => { const b = await createImageBitmap(await (await fetch(src)).blob());"
                                " return `${b.width}x${b.height}`; }", icon["src"])
        assert decoded == icon["sizes"], icon  # the browser decodes it


def test_chromium_reads_the_manifest_without_an_error(player, site):
    """Chromium's own reading of the manifest (DevTools protocol), under the page's Content-Security-Policy:
    no parse error, the members as written, and nothing that stops it being installed but the headless shell."""
    page = player.new_page()
    page.goto(site.url + "index.html")
    cdp = player.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert got["url"].endswith("/manifest.webmanifest") and not got["errors"], got["errors"]
    parsed = got.get("parsed") or json.loads(got["data"])
    assert parsed.get("display", "standalone") == "standalone"
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    print("installability:", errors)
    # No complaint about the manifest or its icons (the headless shell may still say it cannot install).
    assert not [e for e in errors if "manifest" in e["errorId"] or "icon" in e["errorId"]], errors


def test_only_the_first_roll_of_a_visit_waits_for_python(player, site):
    """The first roll of a visit (tapped before anything else: Python starts then) and later rolls, timed from the
    tap to the roll shown: the first is the only cold one (figures printed for the note; speed is judged there,
    not asserted on a shared machine)."""
    page, root = open_roller(player, site, SLUG)
    roll_with(root)
    for _ in range(9):
        roll_with(root, ".vr-roll-again")
    timings = page.evaluate("() => window.voidrefRoller.timings")
    assert timings[0]["cold"] and not any(t["cold"] for t in timings[1:]), timings
    later = statistics.median(t["ms"] for t in timings[1:])
    print(f"first roll {timings[0]['ms']:.0f} ms after the tap (Python started by it); "
          f"later rolls: median {later:.0f} ms, slowest {max(t['ms'] for t in timings[1:]):.0f} ms")


# --- Firefox and WebKit ------------------------------------------------------------------------

def _expected() -> dict:
    """What voidref says of the pools the engines' tasks roll."""
    return {"pool": POOL_TEXT, "chance": check_chance({"dice": POOL_TEXT}),
            "poolFact": _pool_fact({"dice": POOL_TEXT}),
            "boonPoolFact": _pool_fact({"dice": POOL_TEXT, "boon_dice": "1"}),
            "boonChance": check_chance({"dice": POOL_TEXT, "boon_dice": "1"})}


FIREFOX = "/usr/bin/firefox-esr"
FIREFOX_SCRIPT = os.path.join(ROOT, "tests", "engines", "firefox-roller.mjs")


def test_firefox_rolls_a_tapped_pool_and_keeps_the_history(site, tmp_path):
    """Firefox ESR at 375 px with touch: tap the pool, roll, the odds are check-odds', roll again, one more Boon
    Die, reload and find the history, clear it."""
    if not os.path.exists(FIREFOX):
        missing(f"{FIREFOX} is missing (make install-test installs Debian's firefox-esr)")
    if not shutil.which("node") or not os.path.exists(os.path.join(ROOT, "node_modules", "puppeteer-core")):
        missing("node or node_modules/puppeteer-core is missing (make install-test runs npm ci)")
    expected = tmp_path / "expected.json"
    expected.write_text(json.dumps(_expected()), encoding="utf-8")
    run = subprocess.run(["node", FIREFOX_SCRIPT, site.url, str(expected)], capture_output=True, text=True,
                         timeout=240, cwd=ROOT, env=dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1"))
    lines = run.stdout.strip().splitlines()
    assert lines, f"no report from {FIREFOX_SCRIPT}: {run.stderr}"
    report = json.loads(lines[-1])
    print(f"firefox {report.get('version')}: first roll {report.get('firstMs')} ms after the tap, later "
          f"{report.get('laterMs')} ms; notes {report['notes']}")
    assert run.returncode == 0 and "failure" not in report, report.get("failure") or run.stderr
    assert report["width"] == 375 and report["input"] == "tap", report["notes"]
    assert report["historyAfterReload"] == 3 and report["historyAfterClear"] == 0, report
    with open(os.path.join(site.root, "manifest.webmanifest"), encoding="utf-8") as fh:
        manifest = json.load(fh)
    assert report["manifest"] == {"name": manifest["name"], "display": "standalone",
                                  "icons": [i["sizes"] for i in manifest["icons"]]}, report["manifest"]
    assert not report["errors"], "console errors:\n" + "\n".join(report["errors"])
    assert not report["foreign"], "requests to other origins:\n" + "\n".join(report["foreign"])


# In the page (WebDriver's async script): the manifest the page links, as this browser reads it, and each icon's
# size once decoded.
_READ_MANIFEST = """
const done = arguments[arguments.length - 1];
(async () => {
  const link = document.querySelector("link[rel='manifest']");
  const manifest = await (await fetch(link.href)).json();
  const icons = [];
  for (const icon of manifest.icons) {
    const bitmap = await createImageBitmap(await (await fetch(new URL(icon.src, link.href))).blob());
    icons.push(`${bitmap.width}x${bitmap.height}`);
  }
  return {name: manifest.name, display: manifest.display, icons,
          touchIcon: document.querySelector("link[rel='apple-touch-icon']").getAttribute("href")};
})().then(done, (e) => done({error: String(e)}));
"""


def _webkit_roller_tasks(driver, site_url: str) -> dict:
    from selenium.webdriver.common.by import By
    from test_browser_engines import _open, _until

    expected = _expected()
    out: dict = {"errors": []}
    root = f"section.voidref-roller[data-key='{SLUG}']"
    collect = _open(driver, site_url + ROLLER_PAGE + f"#roller-{SLUG}", out["errors"])
    out["width"] = driver.execute_script("return innerWidth")
    _until(driver, f"return !document.querySelector(\"{root} .vr-roll\").disabled")

    def click(selector: str) -> None:
        element = driver.find_element(By.CSS_SELECTOR, f"{root} {selector}")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def roll(selector: str, n: int) -> str:
        click(selector)
        _until(driver, f"return document.querySelector(\"{root}\").dataset.rolls === '{n}'")
        return driver.execute_script(f"return document.querySelector(\"{root} pre.vr-text\").textContent")

    def fact(label: str) -> str:
        return driver.execute_script(
            "const dt = [...document.querySelectorAll(arguments[0] + ' .vr-result dt')]"
            ".find((d) => d.textContent === arguments[1]); return dt && dt.nextElementSibling.textContent;",
            root, label)

    for name, times in [*TAPS.items(), *UNTAPS.items()]:
        for _ in range(abs(times)):
            click(f".vr-die-row[data-name='{name}'] {'.vr-die-remove' if times < 0 else '.vr-die-add'}")
    assert driver.execute_script(f"return document.querySelector(\"{root} [name=dice]\").value") == POOL_TEXT
    texts = [roll(".vr-roll", 1)]
    assert fact("Pool") == expected["poolFact"] and fact(CHANCE) == expected["chance"], (fact("Pool"), fact(CHANCE))
    texts.append(roll(".vr-roll-again", 2))
    texts.append(roll(".vr-nudge[data-field='boon_dice']", 3))
    assert fact("Pool") == expected["boonPoolFact"] and fact(CHANCE) == expected["boonChance"]
    out["timings"] = driver.execute_script("return window.voidrefRoller.timings")
    collect()
    collect = _open(driver, driver.current_url, out["errors"])
    _until(driver, f"return !document.querySelector(\"{root} .vr-roll\").disabled")
    heads = driver.execute_script(
        f"return [...document.querySelectorAll(\"{root} .vr-history-head\")].map((e) => e.textContent)")
    assert heads == [t.splitlines()[0] for t in reversed(texts)], heads
    click(".vr-history summary")
    click(".vr-history-clear")
    _until(driver, f"return document.querySelector(\"{root} .vr-history\").hidden")
    out["manifest"] = driver.execute_async_script(_READ_MANIFEST)
    collect()
    return out


@pytest.fixture(scope="module")
def x_display():
    """A private X display from xvfb-run for WebKitGTK (as test_browser_engines.py starts one): its environment."""
    if not shutil.which("xvfb-run"):
        missing("xvfb-run is missing (make install-test installs Debian's xvfb)")
    holder = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                               "sh", "-c", 'echo "$DISPLAY $XAUTHORITY"; exec sleep 100000'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    number, xauthority = holder.stdout.readline().split()
    yield {"DISPLAY": number, "XAUTHORITY": xauthority}
    os.killpg(holder.pid, signal.SIGTERM)  # xvfb-run, its Xvfb and the placeholder
    holder.wait(10)


def test_webkit_rolls_a_tapped_pool_and_keeps_the_history(site, x_display):
    """WebKitGTK at its smallest width (447 px), with an iPhone's user agent: tap the pool, roll, the odds are
    check-odds', roll again, one more Boon Die, reload and find the history, clear it."""
    import test_browser_engines as engines

    driver = engines._webkit(x_display, engines.IPHONE_UA)
    try:
        started = time.monotonic()
        out = _webkit_roller_tasks(driver, site.url)
    finally:
        driver.quit()
    print(f"webkit at {out['width']} px: done in {time.monotonic() - started:.1f} s; roll timings "
          f"{[round(t['ms']) for t in out['timings']]} ms")
    assert out["width"] <= 447
    with open(os.path.join(site.root, "manifest.webmanifest"), encoding="utf-8") as fh:
        manifest = json.load(fh)
    assert out["manifest"] == {"name": manifest["name"], "display": "standalone",
                               "icons": [i["sizes"] for i in manifest["icons"]],
                               "touchIcon": "_static/icons/voidref-180.png"}, out["manifest"]
    assert not out["errors"], "console errors:\n" + "\n".join(out["errors"])


def test_webkit_loads_the_roller_page_with_its_manifest_link_and_a_clean_console(site, x_display):
    """MiniBrowser alone (which writes every console message) opens the roller page: no error or warning, so the
    policy lets the manifest load (WebKit would log a refused manifest, or a manifest-src it does not know)."""
    import test_browser_engines as engines

    messages = engines._console_of_load(x_display, site.url + ROLLER_PAGE)
    errors = [line for line in messages if "ERROR" in line or "WARN" in line]
    assert not errors, "\n".join(errors)
