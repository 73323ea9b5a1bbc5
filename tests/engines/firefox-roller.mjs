// The dice roller in Debian's Firefox ESR at 375 px with touch, driven over
// WebDriver BiDi by puppeteer-core (no browser download). Run by
// tests/test_browser_roller.py:
//   node tests/engines/firefox-roller.mjs <site url> <expected.json>
// expected.json holds what voidref says of the pools rolled ({pool, chance,
// poolFact, boonPoolFact, boonChance}). Prints one JSON line with the results
// and exits non-zero on the first failed step.
import { readFileSync } from "node:fs";
import puppeteer from "puppeteer-core";

const [siteUrl, expectedPath] = process.argv.slice(2);
const expected = JSON.parse(readFileSync(expectedPath, "utf8"));
const origin = new URL(siteUrl).origin;
const PHONE = { width: 375, height: 812, isMobile: true, hasTouch: true };
const ROOT = "section.voidref-roller[data-key='drifters-roll']";
/** The pool tapped together: die name, taps (negative: "−"). */
const TAPS = [["Mastery", 2], ["Ability", 1], ["Trial", 3], ["Bane", 1], ["Trial", -1]];
/** @typedef {import("puppeteer-core").Browser} Browser */
/** @typedef {import("puppeteer-core").Page} Page */

/** @type {{engine: string, errors: string[], foreign: string[], notes: string[], [key: string]: unknown}} */
const report = { engine: "firefox", errors: [], foreign: [], notes: [] };

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(message);
}

/**
 * @param {Browser} browser
 * @param {string} path
 */
async function open(browser, path) {
  const page = await browser.newPage();
  page.setDefaultTimeout(60_000);
  page.on("console", (m) => { if (m.type() === "error") report.errors.push(`console: ${m.text()} (${path})`); });
  page.on("pageerror", (e) => report.errors.push(`page error: ${/** @type {Error} */ (e).message} (${path})`));
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
  await page.goto(siteUrl + path);
  await page.waitForSelector(`${ROOT} .vr-roll:not([disabled])`);
  report.width = await page.evaluate(() => window.innerWidth);
  return page;
}

/**
 * Tap *selector* in the roller (a click where the protocol has no tap); says which it was.
 * @param {Page} page
 * @param {string} selector
 */
async function tap(page, selector) {
  const handle = await page.$(`${ROOT} ${selector}`);
  if (!handle) fail(`no ${selector}`);
  await handle.scrollIntoView();
  try {
    await handle.tap();
    return "tap";
  } catch (e) {
    if (!report.notes.some((n) => n.startsWith("tap"))) {
      report.notes.push(`tap not supported, clicked: ${/** @type {Error} */ (e).message}`);
    }
    await handle.click();
    return "click";
  }
}

/**
 * Tap *selector*, wait for the roll it makes (the n-th of the page); the roll as text.
 * @param {Page} page
 * @param {string} selector
 * @param {number} n
 */
async function roll(page, selector, n) {
  await tap(page, selector);
  await page.waitForFunction((root, count) => {
    const el = /** @type {HTMLElement | null} */ (document.querySelector(root));
    return !!el && el.dataset.rolls === String(count);
  }, {}, ROOT, n);
  return page.$eval(`${ROOT} pre.vr-text`, (e) => e.textContent || "");
}

/**
 * The value the roll shows for the fact *label*.
 * @param {Page} page
 * @param {string} label
 */
function fact(page, label) {
  return page.evaluate((root, name) => {
    const dt = [...document.querySelectorAll(`${root} .vr-result dt`)].find((d) => d.textContent === name);
    return dt && dt.nextElementSibling ? dt.nextElementSibling.textContent : null;
  }, ROOT, label);
}

/**
 * How many rolls the roller lists (its history, as shown).
 * @param {Page} page
 */
async function historyShown(page) {
  return page.evaluate((root) => {
    const history = /** @type {HTMLDetailsElement} */ (document.querySelector(`${root} .vr-history`));
    return history.hidden ? 0 : history.querySelectorAll("li").length;
  }, ROOT);
}

/** @param {Browser} browser */
async function roller(browser) {
  const path = "roller.html#roller-drifters-roll";
  const page = await open(browser, path);
  for (const [name, times] of TAPS) {
    for (let i = 0; i < Math.abs(/** @type {number} */ (times)); i++) {
      report.input = await tap(page, `.vr-die-row[data-name='${name}'] ${Number(times) < 0 ? ".vr-die-remove" : ".vr-die-add"}`);
    }
  }
  const dice = await page.$eval(`${ROOT} [name='dice']`, (e) => /** @type {HTMLInputElement} */ (e).value);
  if (dice !== expected.pool) fail(`the tapped pool reads ${dice}, not ${expected.pool}`);
  const texts = [await roll(page, ".vr-roll", 1)];
  if ((await fact(page, "Pool")) !== expected.poolFact) fail(`the pool rolled is ${await fact(page, "Pool")}`);
  const chance = await fact(page, "Chance of success with this pool");
  if (chance !== expected.chance) fail(`the chance shown is ${chance}, check-odds says ${expected.chance}`);
  const words = await page.$$eval(`${ROOT} .vr-result .vc-die-words`, (els) => els.map((e) => e.textContent || ""));
  if (words.length !== 6 || words.some((w) => !w.trim())) fail(`the dice shown: ${JSON.stringify(words)}`);
  texts.push(await roll(page, ".vr-roll-again", 2));
  texts.push(await roll(page, ".vr-nudge[data-field='boon_dice']", 3));
  if ((await fact(page, "Pool")) !== expected.boonPoolFact) fail(`with one more Boon Die: ${await fact(page, "Pool")}`);
  if ((await fact(page, "Chance of success with this pool")) !== expected.boonChance) fail("the chance with one more Boon Die");
  const timings = await page.evaluate(() => /** @type {any} */ (window).voidrefRoller.timings);
  report.firstMs = Math.round(timings[0].ms);
  report.laterMs = timings.slice(1).map((/** @type {{ms: number}} */ t) => Math.round(t.ms));
  // Reload: the history is still there, newest first.
  const url = page.url();
  await page.close();
  const again = await open(browser, url.slice(url.indexOf("/roller.html") + 1));
  report.historyAfterReload = await historyShown(again);
  const heads = await again.$$eval(`${ROOT} .vr-history-head`, (els) => els.map((e) => e.textContent));
  const want = texts.map((t) => t.split("\n")[0]).reverse();
  if (JSON.stringify(heads) !== JSON.stringify(want)) fail(`the history shows ${JSON.stringify(heads)}`);
  await tap(again, ".vr-history summary");
  await tap(again, ".vr-history-clear");
  report.historyAfterClear = await historyShown(again);
  report.manifest = await again.evaluate(readManifest);
  await again.close();
}

/**
 * The page's web app manifest as this browser reads it: its name and display,
 * and each icon's size once decoded (run in the page).
 */
async function readManifest() {
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel='manifest']"));
  if (!link) return null;
  const manifest = await (await fetch(link.href)).json();
  /** @type {string[]} */
  const icons = [];
  for (const icon of manifest.icons) {
    const bitmap = await createImageBitmap(await (await fetch(new URL(icon.src, link.href))).blob());
    icons.push(`${bitmap.width}x${bitmap.height}`);
  }
  return { name: manifest.name, display: manifest.display, icons };
}

/** @type {Browser | undefined} */
let browser;
let status = 0;
try {
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: "/usr/bin/firefox-esr",
    headless: true,
    protocol: "webDriverBiDi",
    timeout: 60_000,
  });
  report.version = await browser.version();
  report.step = "roller";
  await roller(browser);
  report.step = "done";
} catch (e) {
  report.failure = `${report.step}: ${/** @type {Error} */ (e).message}`;
  status = 1;
} finally {
  if (browser) await browser.close();
}
console.log(JSON.stringify(report));
process.exit(status);
