"""The encounter tracker (issue 34) as a table uses it: on a phone, one fight after another, offline.

One player task runs in the three engines players hold (Chromium through
Playwright at 375 px with touch; Firefox ESR at 375 px with touch through
``tests/engines/firefox-driver.mjs``; WebKitGTK through Selenium at its
smallest width, 447 px, as ``test_browser_engines.py`` drives them): set up
the Docking Bay four from the presets, record Initiative (one rolled), start
the round, play two turns (an attack rolled, then entered with
3 Boons, whose Critical Injury is rolled and recorded; a move), undo the
last event, reload and find the same fight, save it to a file and open that
file again. What the page shows is checked against
:func:`voidref.calc.tracker.run` for the log the page saved.

Also, in Chromium: a refusal is shown beside the field it names; nothing of
Python is fetched before the tracker is opened (and the bytes either side);
the tracker works offline after its first use; two tabs on one fight never
overwrite each other; the Docking Bay link opens the example, whose steps
can be played on from; a 200-event file opens and takes new events
(the page's timings printed); axe finds nothing in light or dark.

Fixtures come from tests/conftest.py, helpers from tests/browser_helpers.py.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import pytest
from browser_helpers import AXE, AXE_TAGS, PHONE, READY_MS, ROOT, Watch, missing

from voidref.calc import tracker

pytestmark = pytest.mark.browser

PAGE = "drifters/tracker.html"
ROOT_SEL = ".voidref-tracker"
PRESETS = ["Senna (Docking Bay)", "Davan (Docking Bay)", "Agent A (Docking Bay)", "Agent B (Docking Bay)"]
INITIATIVE = [("Senna", "2"), ("Davan", "1"), ("Agent A", "1"), ("Agent B", "0")]
WAIT_S = 60

# In the page: how many events the log shown holds (tracker.js writes it on the tracker's root).
EVENTS = "() => Number(document.querySelector('.voidref-tracker').dataset.events ?? -1)"
# The encounter open (its record as the device keeps it: tracker-store.js).
RECORD = ("() => { const id = window.voidrefTracker.state.record.id;"
          " return JSON.parse(localStorage.getItem('voidref-encounter:' + id)); }")
# What the page shows of the fight: the line under "Now", the account's lines (one paragraph an event, in the
# steps Python's fight renderer writes) and its steps' titles, the combatants' cards.
SHOWN = """() => ({
  now: document.querySelector('.vt-now-text').textContent,
  account: [...document.querySelectorAll('.vr-fight-step > p')]
    .map((p) => p.textContent.replace(/[\u2018\u2019]/g, "'")),
  steps: [...document.querySelectorAll('.vt-account-step > h3')].map((h) => h.textContent),
  cards: [...document.querySelectorAll('.vt-card')].map((c) => c.textContent),
  events: Number(document.querySelector('.voidref-tracker').dataset.events),
  redo: !document.querySelector('.vt-redo').disabled,
})"""
# Saving to a file, caught in the page (Firefox and WebKit: their downloads would ask where to save).
CATCH_EXPORT = """() => {
  window.__vtSaved = null;
  const make = URL.createObjectURL;
  URL.createObjectURL = (blob) => { blob.text().then((t) => { window.__vtSaved = t; }); return make.call(URL, blob); };
  HTMLAnchorElement.prototype.click = function () { if (!this.download) HTMLElement.prototype.click.call(this); };
}"""
# Opening a file: the file box given a file, as the browser's picker would.
GIVE_FILE = """(text, name) => {
  const box = document.querySelector('#vt-import');
  const files = new DataTransfer();
  files.items.add(new File([text], name, {type: 'application/json'}));
  box.files = files.files;
  box.dispatchEvent(new Event('change', {bubbles: true}));
}"""


# --- one driver per engine: the few things the task does ----------------------------------------

class Driver:
    """What the task does in a page: open, tap, type, choose, run a script, reload."""

    def js(self, fn: str, *args):
        raise NotImplementedError

    def until(self, fn: str, *args, timeout: float = WAIT_S):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.js(fn, *args)
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for: {fn} {args}")

    def export_text(self) -> str:
        self.js(CATCH_EXPORT)
        self.tap(".vt-export")
        return self.until("() => window.__vtSaved")

    def import_text(self, text: str, name: str) -> None:
        self.js(GIVE_FILE, text, name)


class ChromiumDriver(Driver):
    def __init__(self, page):
        self.page = page

    def goto(self, url):
        self.page.goto(url)

    def js(self, fn, *args):
        return self.page.evaluate(f"(args) => ({fn})(...args)", list(args))

    def tap(self, selector):
        target = self.page.locator(selector).first
        target.scroll_into_view_if_needed()
        target.tap()

    def fill(self, selector, text):
        self.page.locator(selector).fill(text)

    def choose(self, selector, label):
        self.page.locator(selector).select_option(label=label)

    def reload(self):
        self.page.reload()

    def export_text(self) -> str:
        """A real download: the file the browser saves."""
        with self.page.expect_download() as got:
            self.tap(".vt-export")
        download = got.value
        self.suggested = download.suggested_filename
        with open(download.path(), encoding="utf-8") as fh:
            return fh.read()

    def import_text(self, text, name):
        self.page.locator("#vt-import").set_input_files(
            files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])


class FirefoxDriver(Driver):
    """tests/engines/firefox-driver.mjs: one JSON command per line."""

    def __init__(self, site_url: str):
        script = os.path.join(ROOT, "tests", "engines", "firefox-driver.mjs")
        self.proc = subprocess.Popen(["node", script, site_url], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=ROOT, bufsize=1,
                                     env=dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1"))
        assert self._answer() == "ready"

    def _answer(self):
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError(f"the Firefox driver stopped: {self.proc.stderr.read()}")
        answer = json.loads(line)
        if not answer["ok"]:
            raise AssertionError(answer["error"])
        return answer["value"]

    def send(self, **command):
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def goto(self, url):
        self.send(op="goto", url=url)

    def js(self, fn, *args):
        return self.send(op="js", fn=fn, args=list(args))

    def tap(self, selector):
        self.send(op="tap", selector=selector)

    def fill(self, selector, text):
        self.send(op="fill", selector=selector, text=text)

    def choose(self, selector, label):
        self.send(op="choose", selector=selector, label=label)

    def reload(self):
        self.send(op="reload")

    def close(self) -> dict:
        report = self.send(op="report")
        self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
        self.proc.stdin.flush()
        self.proc.wait(30)
        return report


class WebKitDriver(Driver):
    """Selenium and WebKitWebDriver; each page collects its own console errors (automation drops them)."""

    def __init__(self, driver):
        from test_browser_engines import _WATCH

        self.d = driver
        self.watch = _WATCH
        self.errors: list[str] = []

    def _collect(self):
        self.errors += self.d.execute_script("return window.__vrErrors || []")

    def goto(self, url):
        self.d.get(url)
        self.d.execute_script(self.watch)

    def js(self, fn, *args):
        return self.d.execute_script(f"return ({fn})(...arguments)", *args)

    def _element(self, selector):
        from selenium.webdriver.common.by import By

        element = self.d.find_element(By.CSS_SELECTOR, selector)
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        return element

    def tap(self, selector):
        self._element(selector).click()

    def fill(self, selector, text):
        element = self._element(selector)
        element.clear()
        element.send_keys(text)

    def choose(self, selector, label):
        from selenium.webdriver.support.ui import Select

        Select(self._element(selector)).select_by_visible_text(label)

    def reload(self):
        self._collect()
        self.d.refresh()
        self.d.execute_script(self.watch)


# --- the task ------------------------------------------------------------------------------------

def events(d: Driver) -> int:
    return d.js(EVENTS)


def recorded(d: Driver, selector: str) -> None:
    """Tap *selector*, which records one event, and wait until the log holds it."""
    n = events(d)
    d.tap(selector)
    d.until(f"(n) => ({EVENTS})() === n", n + 1)


def open_tracker(d: Driver, site_url: str) -> None:
    """Open the tracker's page and tap "Open the tracker"; wait for the encounter."""
    d.goto(site_url + PAGE)
    d.until("() => !document.querySelector('.vt-start .vt-open').disabled")
    d.tap(".vt-start .vt-open")
    d.until(f"() => ({EVENTS})() >= 0 && !document.querySelector('.vt-app').hidden")


def set_up(d: Driver) -> None:
    """The Docking Bay four from the presets, Initiative (Davan's rolled first, then entered), the first round."""
    for label in PRESETS:
        d.choose("#vt-preset [name=preset]", label)
        recorded(d, "#vt-preset button[type=submit]")
    for name, successes in INITIATIVE:
        d.choose("#vt-init [name=name]", name)
        if name == "Davan":  # caught out: the engine rolls the surprised check
            d.tap("#vt-init [name=surprised]")
            d.tap("#vt-init .vt-roll")
            d.until("() => !document.querySelector('#vt-init .vt-dice').hidden")
        d.fill("#vt-init [name=successes]", successes)
        recorded(d, "#vt-init button[type=submit]")
    recorded(d, ".vt-start-round")


def two_turns(d: Driver) -> dict:
    """Senna takes cover and shoots Agent A (the odds read before the roll; rolled, then entered with
    3 Boons, a Critical Injury at the Crit rating); the Critical Injury is rolled and recorded. Davan moves to
    Engaged with Agent B."""
    out = {}
    recorded(d, ".vt-take[data-name='Senna']")
    recorded(d, "#vt-take-cover button[type=submit]")
    d.choose("#vt-attack [name=target]", "Agent A")
    d.until("() => document.querySelector('#vt-attack-odds').dataset.state === 'live'"
            " && document.querySelector('#vt-attack [name=target]').value === 'Agent A'")
    out["odds"] = d.js("() => [...document.querySelectorAll('#vt-attack-odds dd')].map((dd) => dd.textContent)")
    out["odds_at"] = events(d)
    d.tap("#vt-attack .vt-roll")
    d.until("() => !document.querySelector('#vt-attack .vt-dice').hidden")
    out["rolled_dice"] = d.js("() => document.querySelector('#vt-attack .vt-dice').textContent")
    for field, value in (("successes", "2"), ("boons", "3"), ("breakthroughs", "0"), ("calamities", "0")):
        d.fill(f"#vt-attack [name={field}]", value)
    recorded(d, "#vt-attack button[type=submit]")
    out["crit_offered"] = d.js("() => !document.querySelector('#vt-crit').hidden")
    d.tap("#vt-crit .vt-roll")
    d.until("() => document.querySelector('#vt-crit [name=d100]').value !== ''")
    recorded(d, "#vt-crit button[type=submit]")
    recorded(d, ".vt-end-turn")
    recorded(d, ".vt-take[data-name='Davan']")
    d.choose("#vt-move [name=target]", "Agent B")
    d.choose("#vt-move [name=band]", "Engaged")
    recorded(d, "#vt-move button[type=submit]")
    recorded(d, ".vt-end-turn")
    return out


def player_task(d: Driver, site_url: str) -> dict:
    """The whole task; what the page showed at each check, for the test to compare with Python."""
    open_tracker(d, site_url)
    set_up(d)
    out = two_turns(d)
    out["played"] = d.js(SHOWN)
    out["width"] = d.js("() => document.documentElement.scrollWidth")
    d.tap(".vt-undo")
    d.until(f"(n) => ({EVENTS})() === n", out["played"]["events"] - 1)
    out["undone"] = d.js(SHOWN)
    out["record"] = d.js(RECORD)
    d.reload()
    d.until(f"(n) => ({EVENTS})() === n", out["undone"]["events"])
    out["reloaded"] = d.js(SHOWN)
    out["exported"] = d.export_text()
    d.import_text(out["exported"], "Encounter.voidref.json")
    d.until("() => /\\(2\\)/.test(document.querySelector('#vt-pick').selectedOptions[0].textContent)")
    d.until(f"(n) => ({EVENTS})() === n", out["undone"]["events"])
    out["imported"] = d.js(SHOWN)
    out["imported_record"] = d.js(RECORD)
    return out


def check_task(out: dict) -> None:
    """What each engine's page showed is what Python makes of the log the page saved."""
    log = out["record"]["events"]
    python = tracker.run({"op": "state", "events": log})
    assert python["ok"], python
    kinds = [e["type"] for e in log]
    assert kinds.count("join") == 4 and kinds.count("initiative") == 4 and kinds.count("take-turn") == 2
    assert "critical-injury" in kinds and out["crit_offered"]
    assert kinds[-1] == "move"  # the last end-turn was undone
    assert out["record"]["ahead"][0]["type"] == "end-turn"  # ... and is kept for Redo
    assert out["undone"]["account"] == [e["text"] for e in python["account"]]
    assert out["undone"]["steps"] == [s["title"] for s in python["steps"]]
    assert out["undone"]["redo"] and out["reloaded"] == out["undone"]
    crit = next(e for e in log if e["type"] == "critical-injury")
    agent_a = next(c for c in out["undone"]["cards"] if c.startswith("Agent A"))
    assert f"d100 {crit['d100']}" in agent_a, agent_a
    at = out["odds_at"]
    odds = tracker.run({"op": "odds", "events": log[:at], "event": {"name": "Senna", "target": "Agent A",
                                                                     "weapon": "Standard sidearm"}})
    assert out["odds"][:3] == [odds["pool"], odds["hit"], odds["critical_injury"]], out["odds"]
    assert out["rolled_dice"].startswith(odds["pool"])
    assert out["played"]["account"][-1] == "Davan ends the turn."
    exported = tracker.run({"op": "export", "events": log, "name": out["record"]["name"]})
    assert json.loads(out["exported"]) == json.loads(exported["text"])
    assert out["imported_record"]["events"] == log
    assert out["imported"]["account"] == out["undone"]["account"]


# --- Chromium, at 375 px with touch --------------------------------------------------------------

@pytest.fixture
def player(browser, site):
    """A fresh phone (375 px, touch) of its own, its storage empty, no service worker; it must stay clean."""
    ctx = browser.new_context(service_workers="block", accept_downloads=True, **PHONE)
    ctx.set_default_timeout(READY_MS)
    ctx.watch = Watch(ctx, site.url)
    yield ctx
    try:
        ctx.watch.check()
    finally:
        ctx.close()


def test_a_fight_from_presets_is_played_undone_reloaded_saved_and_opened_again_in_chromium(player, site):
    """Chromium at 375 px with touch: the player task; every view is Python's for the log the page saved, the
    page never scrolls sideways, and the file is called after the encounter."""
    d = ChromiumDriver(player.new_page())
    out = player_task(d, site.url)
    check_task(out)
    assert out["width"] <= 375
    assert d.suggested == "Encounter.voidref.json"


def _open(player, site):
    page = player.new_page()
    d = ChromiumDriver(page)
    open_tracker(d, site.url)
    return page, d


def test_a_refusal_is_shown_beside_the_field_it_names_and_announced(player, site):
    """Text in the Net Successes box, then a band out of reach: Python's refusal under the box it names (marked
    invalid, described by it), said in the status region, and the log unchanged."""
    page, d = _open(player, site)
    for label in PRESETS:
        d.choose("#vt-preset [name=preset]", label)
        recorded(d, "#vt-preset button[type=submit]")
    d.fill("#vt-init [name=successes]", "x")
    d.tap("#vt-init button[type=submit]")
    error = page.locator("#vt-init-successes-err")
    page.wait_for_function("el => el.textContent.length > 0", arg=error.element_handle())
    log = d.js(RECORD)["events"]
    expected = tracker.run({"op": "add", "events": log, "event": {"type": "initiative", "name": "Senna",
                                                                   "successes": "x"}})
    assert expected["error"]["argument"] == "event.successes"
    assert error.inner_text() == expected["error"]["message"]
    box = page.locator("#vt-init [name=successes]")
    assert box.get_attribute("aria-invalid") == "true"
    assert "vt-init-successes-err" in box.get_attribute("aria-describedby").split()
    status = page.locator(".vt-announce")
    assert status.get_attribute("role") == "status" and status.inner_text().startswith("Refused: ")
    assert events(d) == 4
    # A refusal from the rules (not the form): a move farther than the Maneuvers left.
    for name, successes in INITIATIVE:
        d.choose("#vt-init [name=name]", name)
        d.fill("#vt-init [name=successes]", successes)
        recorded(d, "#vt-init button[type=submit]")
    assert box.get_attribute("aria-invalid") is None  # cleared once an event is in
    recorded(d, ".vt-start-round")
    recorded(d, ".vt-take[data-name='Senna']")
    d.choose("#vt-move [name=target]", "Agent A")
    d.choose("#vt-move [name=band]", "Extreme")
    d.tap("#vt-move button[type=submit]")
    band_error = page.locator("#vt-move-band-err")
    page.wait_for_function("el => el.textContent.length > 0", arg=band_error.element_handle())
    assert "Maneuvers" in band_error.inner_text()
    assert page.locator("#vt-move [name=band]").get_attribute("aria-invalid") == "true"
    assert events(d) == 10


def _request_bytes(context) -> list:
    """Every response the context receives: (url, bytes over the wire), filled in as they finish."""
    seen: list = []
    context.on("requestfinished", lambda r: seen.append((r.url, r.sizes()["responseBodySize"]
                                                         + r.sizes()["responseHeadersSize"])))
    return seen


def test_a_roll_recorded_as_rolled_keeps_its_faces_and_the_account_shows_them(player, site):
    """Senna's attack rolled and recorded untouched: the saved event carries the engine's faces (one per die of
    her pool) and the account shows them "as recorded"; a result changed after the roll drops them."""
    page, d = _open(player, site)
    set_up(d)
    recorded(d, ".vt-take[data-name='Senna']")
    d.choose("#vt-attack [name=target]", "Agent A")
    d.tap("#vt-attack .vt-roll")
    d.until("() => !document.querySelector('#vt-attack .vt-dice').hidden")
    recorded(d, "#vt-attack button[type=submit]")
    shot = d.js(RECORD)["events"][-1]
    assert shot["type"] == "attack" and len(shot["faces"]) == 5, shot  # 4 Ability Dice and 1 Trial Die
    last = page.locator(".vt-account-step").last
    assert "Dice (as recorded)" in last.text_content()
    d.tap(".vt-undo")
    d.until(f"(n) => ({EVENTS})() === n", len(d.js(RECORD)["events"]) - 1)
    d.tap("#vt-attack .vt-roll")
    d.until("() => !document.querySelector('#vt-attack .vt-dice').hidden")
    rolled = int(page.locator("#vt-attack [name=successes]").input_value())
    d.fill("#vt-attack [name=successes]", str(rolled + 1 if rolled < 2 else rolled - 1))
    d.fill("#vt-attack [name=boons]", "0")
    recorded(d, "#vt-attack button[type=submit]")
    assert not d.js(RECORD)["events"][-1]["faces"]
    assert "Dice (one way to roll this result)" in page.locator(".vt-account-step").last.text_content()


def test_nothing_of_python_is_fetched_before_the_player_opens_the_tracker(player, site):
    """Before "Open the tracker" the page is plain HTML: no worker, no Pyodide, no wheel (bytes printed)."""
    seen = _request_bytes(player)
    page = player.new_page()
    page.goto(site.url + PAGE)
    page.locator(".vt-start .vt-open:not([disabled])").wait_for()
    page.wait_for_timeout(1500)
    before = list(seen)
    assert before and not [u for u, _ in before if "/pyodide/" in u or "worker.mjs" in u or ".whl" in u], before
    assert page.locator(".vt-app").is_hidden()
    page.locator(".vt-start .vt-open").tap()
    page.wait_for_function(f"() => ({EVENTS})() >= 0")
    page.wait_for_timeout(500)
    mine = sum(n for u, n in before if "tracker" in u)
    print(f"before the tracker is opened: {len(before)} files, {sum(n for _, n in before) / 1000:.1f} kB "
          f"({mine / 1000:.1f} kB the tracker's own page, script and style); after Python is up: {len(seen)} files, "
          f"{sum(n for _, n in seen) / 1e6:.2f} MB")
    assert any("/pyodide/" in u for u, _ in seen)


def _controlled(page) -> None:
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    for _ in range(READY_MS // 100):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker never took control of the page")


def test_after_its_first_use_the_tracker_works_offline(browser, site):
    """Once a player has recorded an event, the site is kept: with the network gone a reload resumes the fight
    and the next event is refereed."""
    ctx = browser.new_context(service_workers="allow", **PHONE)
    ctx.set_default_timeout(READY_MS)
    watch = Watch(ctx, site.url)
    try:
        page = ctx.new_page()
        d = ChromiumDriver(page)
        open_tracker(d, site.url)
        recorded(d, "#vt-preset button[type=submit]")
        _controlled(page)
        site.server.offline = True
        ctx.set_offline(True)
        page.reload()
        d.until(f"() => ({EVENTS})() === 1")
        d.choose("#vt-preset [name=preset]", PRESETS[1])
        recorded(d, "#vt-preset button[type=submit]")
        assert d.js(SHOWN)["account"][-1].startswith("Davan joins")
        watch.check()
    finally:
        ctx.set_offline(False)
        site.server.offline = False
        ctx.close()


def test_two_tabs_on_one_fight_never_overwrite_each_other(player, site):
    """Tab B is told when tab A saves a newer log, refuses to record over it, and keeps its own as a copy."""
    page_a, a = _open(player, site)
    recorded(a, "#vt-preset button[type=submit]")
    page_b, b = _open(player, site)  # opens the encounter last opened: A's
    assert b.js(RECORD)["id"] == a.js(RECORD)["id"] and events(b) == 1
    a.choose("#vt-preset [name=preset]", PRESETS[1])
    recorded(a, "#vt-preset button[type=submit]")
    notice = page_b.locator(".vt-notice")
    notice.wait_for()
    assert "Another tab saved" in notice.inner_text()
    b.choose("#vt-preset [name=preset]", PRESETS[2])
    b.tap("#vt-preset button[type=submit]")
    page_b.wait_for_function("() => document.querySelector('.vt-announce').textContent.startsWith('Nothing was')")
    assert events(b) == 1 and len(a.js(RECORD)["events"]) == 2  # B recorded nothing; A's log is whole
    b.tap(".vt-notice-button[data-what='copy']")
    page_b.wait_for_function("() => document.querySelector('#vt-pick').options.length === 2")
    copy = b.js(RECORD)
    assert copy["name"].endswith("(copy)") and len(copy["events"]) == 1
    recorded(b, "#vt-preset button[type=submit]")  # the copy takes events again
    assert len(a.js(RECORD)["events"]) == 2


def test_the_docking_bay_link_opens_the_example_whose_steps_can_be_played_on(player, site):
    """"Open this fight in the tracker" on the Docking Bay page: the whole log as a new encounter; a step goes back
    to its events (the rest kept for Redo); a different event there lets the rest go."""
    page = player.new_page()
    d = ChromiumDriver(page)
    page.goto(site.url + "drifters/docking-bay.html")
    link = page.locator("a[href='tracker.html?example=docking-bay']").first
    link.scroll_into_view_if_needed()
    link.tap()
    page.wait_for_url("**/drifters/tracker.html*")
    page.wait_for_load_state()
    example = tracker.run({"op": "example", "name": "docking-bay"})
    d.until(f"(n) => ({EVENTS})() === n", len(example["events"]))
    assert "example=" not in page.url  # a reload does not open another copy
    first = example["steps"][0]
    d.choose("#vt-step", f"{first['title']} ({first['count']} events)")
    d.tap(".vt-go-step")
    d.until(f"(n) => ({EVENTS})() === n", first["count"])
    record = d.js(RECORD)
    assert record["events"] == example["events"][:first["count"]]
    assert record["ahead"] == example["events"][first["count"]:]
    assert example["events"][first["count"]] == {"type": "take-turn", "name": "Senna"}
    recorded(d, ".vt-take[data-name='Davan']")  # not what the example did next
    record = d.js(RECORD)
    assert record["ahead"] == [] and page.locator(".vt-redo").is_disabled()


def _long_log(count: int) -> list[dict]:
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from bench_tracker import long_log

    return long_log(count)


def test_a_200_event_file_opens_and_takes_undo_redo_and_new_events(player, site):
    """A 200-event file opened (its log replayed by Python from nothing) shows Python's state for it; undo, redo
    and ten new scene events (the scene folded open, as a GM would) each land. The times the page measured are
    printed for the note; speed is judged by benchmarks/bench_tracker.py, not here."""
    page, d = _open(player, site)
    log = _long_log(200)
    text = tracker.run({"op": "export", "events": log, "name": "Long"})["text"]
    d.import_text(text, "Long.voidref.json")
    d.until(f"() => ({EVENTS})() === {len(log)}")
    python = tracker.run({"op": "state", "events": log})
    assert d.js(SHOWN)["account"] == [e["text"] for e in python["account"]]
    for _ in range(5):
        n = events(d)
        d.tap(".vt-undo")
        d.until(f"(n) => ({EVENTS})() === n", n - 1)
        d.tap(".vt-redo")
        d.until(f"(n) => ({EVENTS})() === n", n)
    d.tap(".vt-scene > summary")
    for k in range(10):
        d.choose("#vt-range [name=band]", ["Short", "Medium"][k % 2])
        recorded(d, "#vt-range button[type=submit]")
    record = d.js(RECORD)
    assert record["events"][:200] == log and [e["type"] for e in record["events"][200:]] == ["set-range"] * 10
    timings = page.evaluate("() => window.voidrefTracker.timings")
    imported = next(t for t in timings if t["op"] == "import")
    adds = [t["ms"] for t in timings if t["op"] == "add" and t["events"] >= 200]
    moves = [t["ms"] for t in timings if t["op"] == "state" and t["events"] >= 190]
    print(f"200-event file opened (import: read and replayed) in {imported['ms']:.0f} ms; an event added to "
          f"a 200-event log: median {statistics.median(adds):.0f} ms, slowest {max(adds):.0f} ms; undo or redo: "
          f"median {statistics.median(moves):.0f} ms")


def test_axe_finds_nothing_on_the_tracker_in_light_or_dark(browser, site):
    """axe-core: no WCAG 2.1 A/AA violation on the tracker in the middle of a turn (a Critical Injury offered),
    at 375 px, light and dark."""
    if not os.path.exists(AXE):
        missing("node_modules/axe-core is missing (run `npm ci`)")
    ctx = browser.new_context(bypass_csp=True, service_workers="block", **PHONE)
    ctx.set_default_timeout(READY_MS)
    found = []
    try:
        page = ctx.new_page()
        d = ChromiumDriver(page)
        open_tracker(d, site.url)
        set_up(d)
        recorded(d, ".vt-take[data-name='Senna']")
        d.fill("#vt-attack [name=successes]", "1")
        d.fill("#vt-attack [name=boons]", "3")
        recorded(d, "#vt-attack button[type=submit]")
        page.evaluate("document.querySelectorAll('.voidref-tracker details').forEach((e) => { e.open = true; })")
        page.add_script_tag(path=AXE)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.locator(f"html[data-theme='{scheme}']").wait_for(state="attached")
            violations = page.evaluate(
                """async (tags) => {
                    const r = await axe.run(document.querySelector('.voidref-tracker'),
                                            {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
                    return r.violations.map(v => `${v.id}: ${v.help} at ` +
                        v.nodes.slice(0, 5).map(n => n.target.join(" ")).join(", "));
                }""", AXE_TAGS)
            found += [f"[{scheme}] {v}" for v in violations]
    finally:
        ctx.close()
    assert not found, "\n".join(found)


# --- Firefox and WebKit ----------------------------------------------------------------------------

FIREFOX = "/usr/bin/firefox-esr"


def test_a_fight_from_presets_is_played_undone_reloaded_saved_and_opened_again_in_firefox(site):
    """Firefox ESR at 375 px with touch: the same player task, with the same checks against Python."""
    if not os.path.exists(FIREFOX):
        missing(f"{FIREFOX} is missing (make install-test installs Debian's firefox-esr)")
    if not shutil.which("node") or not os.path.exists(os.path.join(ROOT, "node_modules", "puppeteer-core")):
        missing("node or node_modules/puppeteer-core is missing (make install-test runs npm ci)")
    d = FirefoxDriver(site.url)
    try:
        out = player_task(d, site.url)
    finally:
        report = d.close()
    print(f"firefox {report.get('version')}: notes {report['notes']}")
    check_task(out)
    assert out["width"] <= 375 and report["width"] == 375
    assert not report["errors"], "console errors:\n" + "\n".join(report["errors"])
    assert not report["foreign"], "requests to other origins:\n" + "\n".join(report["foreign"])


def test_a_fight_from_presets_is_played_undone_reloaded_saved_and_opened_again_in_webkit(site):
    """WebKitGTK at its smallest width (447 px), with an iPhone's user agent: the same player task and checks."""
    import test_browser_engines as engines

    if not shutil.which("xvfb-run"):
        missing("xvfb-run is missing (make install-test installs Debian's xvfb)")
    holder = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                               "sh", "-c", 'echo "$DISPLAY $XAUTHORITY"; exec sleep 100000'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        number, xauthority = holder.stdout.readline().split()
        driver = engines._webkit({"DISPLAY": number, "XAUTHORITY": xauthority}, engines.IPHONE_UA)
        try:
            d = WebKitDriver(driver)
            out = player_task(d, site.url)
            d._collect()
            width = driver.execute_script("return innerWidth")
        finally:
            driver.quit()
    finally:
        os.killpg(holder.pid, 15)
        holder.wait(10)
    check_task(out)
    assert width <= 447 and out["width"] <= width
    assert not d.errors, "console errors:\n" + "\n".join(d.errors)
