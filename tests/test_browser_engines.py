"""The player tasks in the engines players hold besides Chromium: WebKit and Firefox.

iPhone players run WebKit and many Android players run Firefox, so three
tasks run in each, against the built site served on 127.0.0.1:

- navigation: tap the menu button, see the site links, Escape closes the menu;
- one calculator: reach for check-odds, press "+" beside Skill, read the live
  result, then type a Skill; each result must equal ``voidref.calc.run``;
- a glossary preview: tap a term link on a rules page, see its definition;
- (WebKit) a later visit: the Python the first visit kept on the device is
  restored, and answers the same.

WebKit is Debian's WebKitGTK (``WebKitWebDriver`` and its MiniBrowser, on an
xvfb-run display) driven through Selenium. MiniBrowser's window is at least
447 px wide, so WebKit runs at that width, with WebDriver clicks (not touch).
One run carries an iPhone user agent, set through ``webkitgtk:browserOptions``:
Pyodide takes another path there. Firefox is Debian's firefox-esr driven over
WebDriver BiDi by puppeteer-core (tests/engines/firefox.mjs) at 375 px with
touch and mobile emulation.

Every run must keep a clean console. Firefox reports every console message
over BiDi. WebKit's automation mode drops them, so there each page collects its
own errors from just after its load, and MiniBrowser alone, which writes each console
message, opens the pages once more to check their loads. Without the browsers
these tests skip, unless ``VOIDREF_REQUIRE_BROWSER=1`` (set by ``make test``)
makes that a failure.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import pty
import shutil
import signal
import subprocess
import threading
import time

import pytest
from browser_helpers import ROOT, missing

from voidref import calc

pytestmark = pytest.mark.browser

WEBDRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
FIREFOX_SCRIPT = os.path.join(ROOT, "tests", "engines", "firefox.mjs")
IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
WAIT_S = 60
NAV_DIALOG = "#pst-primary-sidebar-modal"
CALC = "section.voidref-calc[data-key='check-odds']"
RULES_PAGE = "drifters/attacking.html"


#: a calculator whose form comes later (calc.js puts it in place), opened by a shared link to its setup
LATER = "ship-attack"
LATER_LINK = f"calculators.html?{LATER}.damage=7#calc-{LATER}"


def _expected() -> dict[str, str]:
    """What voidref computes for the two check-odds setups the tasks reach, and for the shared ship attack."""
    return {"skill2": calc.run("check-odds", {"skill": "2"})["text"],
            "skill0": calc.run("check-odds", {"skill": "0"})["text"],
            "later": calc.run(LATER, {"damage": "7"})["text"]}


def test_the_expected_results_differ_from_the_default():
    """Both setups change the result, so a calculator that never went live cannot pass."""
    default = calc.run("check-odds", {})["text"]
    e = _expected()
    assert len({default, e["skill2"], e["skill0"]}) == 3
    assert e["later"] != calc.run(LATER, {})["text"]


# --- Firefox ---------------------------------------------------------------------------------

def test_firefox_player_tasks(site, tmp_path):
    """Firefox ESR at 375 px with touch: the menu, check-odds going live and right (twice: the second visit restores
    the Python the first kept), a glossary preview, calculators whose form comes later."""
    if not os.path.exists(FIREFOX):
        missing(f"{FIREFOX} is missing (make install-test installs Debian's firefox-esr)")
    if not shutil.which("node") or not os.path.exists(os.path.join(ROOT, "node_modules", "puppeteer-core")):
        missing("node or node_modules/puppeteer-core is missing (make install-test runs npm ci)")
    expected = tmp_path / "expected.json"
    expected.write_text(json.dumps(_expected()), encoding="utf-8")
    run = subprocess.run(["node", FIREFOX_SCRIPT, site.url, str(expected), LATER_LINK], capture_output=True, text=True,
                         timeout=150, cwd=ROOT, env=dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1"))
    lines = run.stdout.strip().splitlines()
    assert lines, f"no report from {FIREFOX_SCRIPT}: {run.stderr}"
    report = json.loads(lines[-1])
    print(f"firefox {report.get('version')}: live {report.get('liveMs')} ms after the tap; Python kept "
          f"{report.get('kept')}, restored on the next visit: {report.get('restored')} "
          f"(ready in {report.get('laterPython')} ms); notes {report['notes']}")
    assert run.returncode == 0 and "failure" not in report, report.get("failure") or run.stderr
    assert report["width"] == 375
    assert report["navInput"] == report["calcInput"] == "tap", report["notes"]
    assert report["restored"] is True, report["notes"]  # the next visit restored the Python the first one kept
    assert not report["errors"], "console errors:\n" + "\n".join(report["errors"])
    assert not report["foreign"], "requests to other origins:\n" + "\n".join(report["foreign"])


# --- WebKit ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def display():
    """A private X display from xvfb-run (WebKitGTK draws into a real window): its environment."""
    if not shutil.which("xvfb-run"):
        missing("xvfb-run is missing (make install-test installs Debian's xvfb)")
    holder = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                               "sh", "-c", 'echo "$DISPLAY $XAUTHORITY"; exec sleep 100000'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    number, xauthority = holder.stdout.readline().split()
    yield {"DISPLAY": number, "XAUTHORITY": xauthority}
    os.killpg(holder.pid, signal.SIGTERM)  # xvfb-run, its Xvfb and the placeholder
    holder.wait(10)


def _webkit(display: dict, user_agent: str | None):
    if not (os.path.exists(WEBDRIVER) and os.path.exists(MINIBROWSER)):
        missing(f"{WEBDRIVER} or {MINIBROWSER} is missing (make install-test installs webkit2gtk-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
    except ImportError:
        missing("python selenium is not installed")
    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    if user_agent:  # webkitgtk:browserOptions args reach MiniBrowser, which sets WebKitSettings:user-agent
        options.add_argument(f"--user-agent={user_agent}")
    service = Service(WEBDRIVER, env=dict(os.environ, **display))
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_rect(width=375, height=812)  # MiniBrowser keeps its own minimum: 447 px
    return driver


# Installed after each page load: errors from then on (the worker start, the
# taps, the popover) are collected in the page. Errors while a page loads are
# checked by test_webkit_pages_load_with_a_clean_console.
_WATCH = """
window.__vrErrors = [];
const original = console.error.bind(console);
console.error = (...args) => { window.__vrErrors.push(args.map(String).join(' ')); original(...args); };
addEventListener('error', (e) => window.__vrErrors.push('error: ' + e.message));
addEventListener('unhandledrejection', (e) => window.__vrErrors.push('rejection: ' + e.reason));
"""


def _until(driver, script: str, *args):
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        if driver.execute_script(script, *args):
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}")


def _open(driver, url: str, errors: list[str]):
    driver.get(url)
    driver.execute_script(_WATCH)
    return lambda: errors.extend(driver.execute_script("return window.__vrErrors || []"))


def _calc_text(driver) -> str:
    """The check-odds calculator's result as text."""
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f"{CALC} .vc-text").get_attribute("textContent")


def _webkit_tasks(driver, site_url: str) -> dict:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    out: dict = {"errors": []}
    # Navigation: ☰ opens the site links, Escape closes them.
    collect = _open(driver, site_url + RULES_PAGE, out["errors"])
    out["width"] = driver.execute_script("return innerWidth")
    out["ua"] = driver.execute_script("return navigator.userAgent")
    toggles = [t for t in driver.find_elements(By.CSS_SELECTOR, ".primary-toggle") if t.is_displayed()]
    assert len(toggles) == 1, f"expected one visible menu button, found {len(toggles)}"
    assert not driver.execute_script(f"return document.querySelector({NAV_DIALOG!r}).open")
    toggles[0].click()
    _until(driver, f"return document.querySelector({NAV_DIALOG!r}).open")
    links = [a for a in driver.find_elements(By.CSS_SELECTOR, f"{NAV_DIALOG} a") if "Critical Injuries" in a.text]
    assert links and links[0].is_displayed(), "the open menu shows no link to Critical Injuries"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    _until(driver, f"return !document.querySelector({NAV_DIALOG!r}).open")
    collect()

    # One calculator: "+" beside Skill, then a typed Skill; each result is voidref's.
    expected = _expected()
    collect = _open(driver, site_url + "calculators.html", out["errors"])
    driver.execute_script("""
        const el = document.querySelector(arguments[0]);
        window.__vrT = {};
        const start = () => { if (window.__vrT.start === undefined) window.__vrT.start = performance.now(); };
        el.addEventListener('pointerdown', start, {capture: true});
        el.addEventListener('click', start, {capture: true});
        new MutationObserver(() => {
          if (el.dataset.state === 'live' && window.__vrT.start !== undefined && window.__vrT.live === undefined)
            window.__vrT.live = performance.now();
        }).observe(el, {attributes: true, attributeFilter: ['data-state']});
    """, CALC)
    driver.find_element(By.CSS_SELECTOR, f"{CALC} [name='skill'] ~ .vc-step[data-step='1']").click()
    live = "const r = document.querySelector(arguments[0]); " \
           "return r.dataset.state === 'live' && r.querySelector('[name=skill]').value === arguments[1]"
    _until(driver, live, CALC, "2")
    t = driver.execute_script("return window.__vrT")
    out["live_ms"] = round(t["live"] - t["start"])
    text = _calc_text(driver)
    assert text == expected["skill2"], f"after + the result differs from voidref's:\n{text}"
    box = driver.find_element(By.CSS_SELECTOR, f"{CALC} [name='skill']")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("0")
    _until(driver, live, CALC, "0")
    text = _calc_text(driver)
    assert text == expected["skill0"], f"after typing 0 the result differs from voidref's:\n{text}"
    # Used once, the worker keeps its Python on the device at its first idle second (cold start here).
    _until(driver, "return window.voidrefCalcTiming.keptAt !== undefined")
    first = driver.execute_script("return window.voidrefCalcTiming")
    assert first["restored"] is False and first["keptBytes"] > 5_000_000, first
    out["cold_python_ms"] = round(first["python"])
    collect()

    # A glossary preview on a rules page.
    collect = _open(driver, site_url + RULES_PAGE, out["errors"])
    link = driver.find_element(By.CSS_SELECTOR, "a.reference.internal:has(.std-term)")
    term = link.get_attribute("textContent")
    link.click()
    _until(driver, "return !!document.querySelector('.voidref-term-popover')")
    assert driver.current_url.endswith(RULES_PAGE)
    preview = driver.find_element(By.CSS_SELECTOR, ".voidref-term-popover").text
    assert term in preview and "Open in the glossary" in preview, preview
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    _until(driver, "return !document.querySelector('.voidref-term-popover')")
    collect()

    # A later visit restores the Python this device kept, and answers the same.
    collect = _open(driver, site_url + "calculators.html", out["errors"])
    driver.find_element(By.CSS_SELECTOR, f"{CALC} [name='skill'] ~ .vc-step[data-step='1']").click()
    _until(driver, live, CALC, "2")
    text = _calc_text(driver)
    assert text == expected["skill2"], f"on a later visit the result differs from voidref's:\n{text}"
    later = driver.execute_script("return window.voidrefCalcTiming")
    assert later["restored"] is True, later
    out["restored_python_ms"] = round(later["python"])
    collect()

    # A shared link to a calculator whose form comes later: restored and computed; the last one's form
    # arrives as it is scrolled near.
    collect = _open(driver, site_url + LATER_LINK, out["errors"])
    shared = f"section.voidref-calc[data-key='{LATER}']"
    _until(driver, "const r = document.querySelector(arguments[0]); return r.dataset.state === 'live'"
           " && r.querySelector('[name=damage]').value === '7'", shared)
    text = driver.find_element(By.CSS_SELECTOR, f"{shared} .vc-text").get_attribute("textContent")
    assert text == expected["later"], f"the shared setup's result differs from voidref's:\n{text}"
    driver.execute_script("[...document.querySelectorAll('section.voidref-calc')].pop().scrollIntoView()")
    _until(driver, "const r = [...document.querySelectorAll('section.voidref-calc')].pop();"
           " return !!r.querySelector('form .vc-actions:not([hidden])') && !r.querySelector('.vc-setup')")
    collect()
    return out


@pytest.mark.parametrize("user_agent", [None, IPHONE_UA], ids=["webkitgtk", "iphone-user-agent"])
def test_webkit_player_tasks(site, display, user_agent):
    """WebKitGTK at its smallest width (447 px): the menu, check-odds going live and right, a glossary preview,
    a later visit that restores the Python the first one kept, and calculators whose form comes later."""
    driver = _webkit(display, user_agent)
    try:
        out = _webkit_tasks(driver, site.url)
    finally:
        driver.quit()
    print(f"webkit ({out['ua']}) at {out['width']} px: live {out['live_ms']} ms after the click; Python started in "
          f"{out['cold_python_ms']} ms cold, {out['restored_python_ms']} ms restored on a later visit")
    assert out["width"] <= 447
    if user_agent:
        assert out["ua"] == user_agent, "the iPhone user agent did not reach the page"
    assert not out["errors"], "console errors:\n" + "\n".join(out["errors"])


SETTLE_S = 10  # MiniBrowser starts its web and network processes first: over http that takes seconds


def _console_of_load(display: dict, uri: str) -> list[str]:
    """The console lines MiniBrowser writes in SETTLE_S seconds after it opens ``uri``."""
    if not os.path.exists(MINIBROWSER):
        missing(f"{MINIBROWSER} is missing (make install-test installs webkit2gtk-driver)")
    # WebKit writes the console lines to stderr; a terminal gets each line at once.
    leader, follower = pty.openpty()
    browser = subprocess.Popen([MINIBROWSER, "--enable-write-console-messages-to-stdout=true", uri],
                               stdout=follower, stderr=follower, start_new_session=True,
                               env=dict(os.environ, **display))
    os.close(follower)
    chunks: list[bytes] = []

    def read():
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()

    try:
        time.sleep(SETTLE_S)
    finally:
        os.killpg(browser.pid, signal.SIGTERM)  # MiniBrowser and its web and network processes
        browser.wait(10)
        reader.join(5)
        os.close(leader)
    text = b"".join(chunks).decode("utf-8", "replace")
    return [line for line in text.splitlines() if "CONSOLE" in line]


@pytest.mark.parametrize("path", [RULES_PAGE, "calculators.html"])
def test_webkit_pages_load_with_a_clean_console(site, display, path):
    """MiniBrowser writes every console message of a page load: no error or warning among them.

    (Under WebDriver automation MiniBrowser drops these messages, so here the
    page is opened by MiniBrowser alone; the CSP's manifest-src error was one.)
    """
    messages = _console_of_load(display, site.url + path)
    errors = [line for line in messages if "ERROR" in line or "WARN" in line]
    assert not errors, "\n".join(errors)


def test_the_console_check_sees_an_error(display, tmp_path):
    """The check above can fail: a page served the same way that logs an error is caught in the same time."""
    (tmp_path / "bad.html").write_text("<script>console.error('voidref-probe')</script>", encoding="utf-8")
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        lines = _console_of_load(display, f"http://127.0.0.1:{server.server_address[1]}/bad.html")
    finally:
        server.shutdown()
        server.server_close()
    assert any("CONSOLE ERROR voidref-probe" in line for line in lines), lines


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
