// Debian's Firefox ESR at 375 px with touch, driven over WebDriver BiDi by
// puppeteer-core (no browser download), one command at a time: a Python test
// (tests/test_browser_tracker.py) writes one JSON command per line on stdin
// and reads one JSON answer per line on stdout, so the same player task runs
// in Firefox as in Chromium and WebKit.
//   node tests/engines/firefox-driver.mjs <site url>
// Commands ({op, ...}): goto {url}, tap {selector}, fill {selector, text},
// choose {selector, label}, js {fn, args} (fn: a function's source, run in the
// page with args), reload, report (the console errors and the requests to
// other origins seen so far), quit. Each answer is {ok: true, value} or
// {ok: false, error}.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [siteUrl] = process.argv.slice(2);
const origin = new URL(siteUrl).origin;
const PHONE = { width: 375, height: 812, isMobile: true, hasTouch: true };
/** @typedef {import("puppeteer-core").Page} Page */

/** @type {{errors: string[], foreign: string[], notes: string[], version?: string, width?: number}} */
const report = { errors: [], foreign: [], notes: [] };

/**
 * @param {Page} page
 * @param {string} selector
 */
async function handle(page, selector) {
  const found = await page.$(selector);
  if (!found) throw new Error(`no ${selector}`);
  await found.scrollIntoView();
  return found;
}

/**
 * Run one command on *page*.
 * @param {Page} page
 * @param {Record<string, any>} command
 */
async function run(page, command) {
  switch (command.op) {
    case "goto":
      await page.goto(command.url);
      report.width = await page.evaluate(() => window.innerWidth);
      return null;
    case "reload":
      await page.reload();
      return null;
    case "tap": {
      const h = await handle(page, command.selector);
      try {
        await h.tap();
      } catch (e) {
        if (!report.notes.some((n) => n.startsWith("tap"))) {
          report.notes.push(`tap not supported, clicked: ${/** @type {Error} */ (e).message}`);
        }
        await h.click();
      }
      return null;
    }
    case "fill": {
      const h = await handle(page, command.selector);
      await h.evaluate((el) => { /** @type {HTMLInputElement} */ (el).value = ""; });
      await h.type(command.text);
      return null;
    }
    case "choose": {
      await handle(page, command.selector);
      const value = await page.$eval(command.selector, (el, label) => {
        const option = [.../** @type {HTMLSelectElement} */ (el).options].find((o) => o.textContent === label || o.value === label);
        return option ? option.value : null;
      }, command.label);
      if (value === null) throw new Error(`${command.selector} has no option ${command.label}`);
      await page.select(command.selector, value);
      return null;
    }
    case "js":
      return page.evaluate(`(${command.fn})(...${JSON.stringify(command.args || [])})`);
    case "report":
      return report;
    default:
      throw new Error(`unknown command ${command.op}`);
  }
}

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: "/usr/bin/firefox-esr",
  headless: true,
  protocol: "webDriverBiDi",
  timeout: 60_000,
});
report.version = await browser.version();
const page = await browser.newPage();
page.setDefaultTimeout(60_000);
page.on("console", (m) => { if (m.type() === "error") report.errors.push(`console: ${m.text()}`); });
page.on("pageerror", (e) => report.errors.push(`page error: ${/** @type {Error} */ (e).message}`));
page.on("request", (r) => {
  const url = new URL(r.url());
  if (!["data:", "blob:", "about:"].includes(url.protocol) && url.origin !== origin) report.foreign.push(r.url());
});
try {
  await page.setViewport(PHONE);
} catch (e) {
  report.notes.push(`touch/mobile emulation not supported: ${/** @type {Error} */ (e).message}`);
  await page.setViewport({ width: 375, height: 812 });
}
console.log(JSON.stringify({ ok: true, value: "ready" }));

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  if (command.op === "quit") break;
  try {
    console.log(JSON.stringify({ ok: true, value: (await run(page, command)) ?? null }));
  } catch (e) {
    console.log(JSON.stringify({ ok: false, error: /** @type {Error} */ (e).message }));
  }
}
await browser.close();
process.exit(0);
