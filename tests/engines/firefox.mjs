// The three player tasks in Debian's Firefox ESR, driven over WebDriver BiDi
// by puppeteer-core (no browser download). Run by tests/test_browser_engines.py:
//   node tests/engines/firefox.mjs <site url> <expected.json> <later link>
// expected.json holds what voidref computes for the calculator inputs
// ({"skill2": text, "skill0": text, "later": text}); the later link opens a
// calculator whose form comes later with a shared setup (its key first in
// the query). Prints one JSON line with the results and exits non-zero on
// the first failed step.
import { readFileSync } from "node:fs";
import puppeteer from "puppeteer-core";

const [siteUrl, expectedPath, laterLink] = process.argv.slice(2);
const expected = JSON.parse(readFileSync(expectedPath, "utf8"));
const origin = new URL(siteUrl).origin;
const PHONE = { width: 375, height: 812, isMobile: true, hasTouch: true };
/** @typedef {import("puppeteer-core").Browser} Browser */
/** @typedef {import("puppeteer-core").Page} Page */
/** @typedef {import("puppeteer-core").ElementHandle<Element>} Handle */
/** @typedef {{start?: number, live?: number}} Times  (window.__vrT in the page: the first touch, the live result) */

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
  report.width = await page.evaluate(() => window.innerWidth);
  return page;
}

// A tap where the protocol has one, a click where it does not.
/**
 * @param {Page} page
 * @param {Handle | null} handle
 */
async function tap(page, handle) {
  if (!handle) fail("nothing to tap");
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
 * @param {Page} page
 * @param {string} selector
 */
async function visibleOne(page, selector) {
  const all = await page.$$(selector);
  const shown = [];
  for (const h of all) if (await h.isVisible()) shown.push(h);
  if (shown.length !== 1) fail(`expected one visible ${selector}, found ${shown.length}`);
  return shown[0];
}

/**
 * Whether the dialog *d* is open (run in the page).
 * @param {string} d
 */
function dialogOpen(d) {
  return /** @type {HTMLDialogElement} */ (document.querySelector(d)).open;
}

/** @param {Browser} browser */
async function navigation(browser) {
  const page = await open(browser, "drifters/attacking.html");
  const dialog = "#pst-primary-sidebar-modal";
  if (await page.evaluate(dialogOpen, dialog)) fail("the menu is open before any tap");
  report.navInput = await tap(page, await visibleOne(page, ".primary-toggle"));
  await page.waitForFunction(dialogOpen, {}, dialog);
  const shown = await page.evaluate((d) => [...document.querySelectorAll(`${d} a`)]
    .filter((a) => (a.textContent || "").includes("Critical Injuries") && a.getClientRects().length).length, dialog);
  if (!shown) fail("the open menu shows no link to Critical Injuries");
  await page.keyboard.press("Escape");
  await page.waitForFunction((d) => !(/** @type {HTMLDialogElement} */ (document.querySelector(d)).open), {}, dialog);
  await page.close();
}

/**
 * Whether the calculator *sel* shows a live result for Skill *skill* (run in the page).
 * @param {string} sel
 * @param {string} skill
 */
function liveWithSkill(sel, skill) {
  const calc = /** @type {HTMLElement} */ (document.querySelector(sel));
  return calc.dataset.state === "live"
    && /** @type {HTMLInputElement} */ (document.querySelector(`${sel} [name='skill']`)).value === skill;
}

/** @param {Browser} browser */
async function calculator(browser) {
  const page = await open(browser, "calculators.html");
  const root = "section.voidref-calc[data-key='check-odds']";
  await page.evaluate((sel) => {
    const el = /** @type {HTMLElement} */ (document.querySelector(sel));
    /** @type {Times} */
    const times = {};
    Object.assign(window, { __vrT: times });
    el.addEventListener("pointerdown", () => { times.start ??= performance.now(); }, { capture: true });
    el.addEventListener("click", () => { times.start ??= performance.now(); }, { capture: true });
    new MutationObserver(() => {
      if (el.dataset.state === "live" && times.start !== undefined) times.live ??= performance.now();
    }).observe(el, { attributes: true, attributeFilter: ["data-state"] });
  }, root);
  const plus = await page.$(`${root} [name='skill'] ~ .vc-step[data-step='1']`);
  if (!plus) fail("no + button beside Skill");
  report.calcInput = await tap(page, plus);
  await page.waitForFunction(liveWithSkill, {}, root, "2");
  const t = await page.evaluate(() => /** @type {Times} */ (/** @type {any} */ (window).__vrT));
  report.liveMs = Math.round((t.live ?? NaN) - (t.start ?? NaN));
  const text1 = await page.$eval(`${root} .vc-text`, (e) => e.textContent);
  if (text1 !== expected.skill2) fail(`after + the result differs from voidref's:\n${text1}`);
  // Then type a value, as a player with a keyboard would.
  const box = await page.$(`${root} [name='skill']`);
  if (!box) fail("no Skill box");
  await box.click({ count: 3 });
  await box.type("0");
  await page.waitForFunction(liveWithSkill, {}, root, "0");
  const text2 = await page.$eval(`${root} .vc-text`, (e) => e.textContent);
  if (text2 !== expected.skill0) fail(`after typing 0 the result differs from voidref's:\n${text2}`);
  // The worker keeps its Python on the device (kept.mjs); the next visit restores it.
  await page.waitForFunction(() => (/** @type {any} */ (window).voidrefCalcTiming || {}).keptMs !== undefined,
    { timeout: 30_000 }).catch(() => report.notes.push("Python was not kept on the device"));
  report.kept = await page.evaluate(() => {
    const t = /** @type {any} */ (window).voidrefCalcTiming;
    return { ms: t.keptMs, bytes: t.keptBytes };
  });
  await page.close();
  const again = await open(browser, "calculators.html");
  await tap(again, await again.$(`${root} [name='skill'] ~ .vc-step[data-step='1']`));
  await again.waitForFunction(liveWithSkill, {}, root, "2");
  const text3 = await again.$eval(`${root} .vc-text`, (e) => e.textContent);
  if (text3 !== expected.skill2) fail(`on the next visit the result differs from voidref's:\n${text3}`);
  report.restored = await again.evaluate(() => /** @type {any} */ (window).voidrefCalcTiming.restored);
  report.laterPython = await again.evaluate(() => Math.round(/** @type {any} */ (window).voidrefCalcTiming.total));
  await again.close();
}

/** @param {Browser} browser */
async function laterForms(browser) {
  const page = await open(browser, laterLink);
  const key = new URL(laterLink, siteUrl).searchParams.keys().next().value?.split(".")[0] ?? "";
  const root = `section.voidref-calc[data-key='${key}']`;
  await page.waitForFunction((sel) => {
    const el = /** @type {HTMLElement} */ (document.querySelector(sel));
    return el.dataset.state === "live" && el.querySelector("form") !== null;
  }, {}, root);
  const text = await page.$eval(`${root} .vc-text`, (e) => e.textContent);
  if (text !== expected.later) fail(`the shared setup's result differs from voidref's:\n${text}`);
  // The last calculator's form arrives as the player scrolls near it.
  await page.evaluate(() => [...document.querySelectorAll("section.voidref-calc")].pop()?.scrollIntoView());
  await page.waitForFunction(() => {
    const last = [...document.querySelectorAll("section.voidref-calc")].pop();
    return !!last && !!last.querySelector("form .vc-actions:not([hidden])") && !last.querySelector(".vc-setup");
  });
  await page.close();
}

/** @param {Browser} browser */
async function glossary(browser) {
  const page = await open(browser, "drifters/attacking.html");
  const link = await page.$("a.reference.internal:has(.std-term)");
  if (!link) fail("no glossary term on the page");
  const term = await link.evaluate((a) => a.textContent || "");
  await tap(page, link);
  await page.waitForSelector(".voidref-term-popover");
  if (!page.url().endsWith("drifters/attacking.html")) fail(`the term link left the page: ${page.url()}`);
  const text = await page.$eval(".voidref-term-popover", (e) => /** @type {HTMLElement} */ (e).innerText);
  if (!text.includes(term) || !text.includes("Open in the glossary")) fail(`the preview shows: ${text}`);
  report.previewChars = text.length;
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector(".voidref-term-popover"));
  await page.close();
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
  /** @type {[string, (browser: Browser) => Promise<void>][]} */
  const tasks = [["navigation", navigation], ["calculator", calculator], ["glossary", glossary],
    ["later forms", laterForms]];
  for (const [name, task] of tasks) {
    report.step = name;
    await task(browser);
  }
  report.step = "done";
} catch (e) {
  report.failure = `${report.step}: ${/** @type {Error} */ (e).message}`;
  status = 1;
} finally {
  if (browser) await browser.close();
}
console.log(JSON.stringify(report));
process.exit(status);
