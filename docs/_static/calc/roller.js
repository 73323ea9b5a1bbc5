// voidref dice roller: main-thread glue for the {roller} forms. It moves the
// inputs to Python and Python's roll back to the page; the dice are rolled and
// read by voidref (voidref.calc.run_json, with the operating system's random
// source), never here.
//
// - Python is the page's one worker (shared/python.js), started when the
//   player first reaches for a roller (a touch, a click or keyboard focus in
//   it), or at once when the page was opened with a roller's inputs in its
//   URL (a calculator's "Roll this", a shared link).
// - Roll asks Python to roll the inputs shown; its HTML replaces the result
//   region, whose role="status" has it announced; the dice list moves in
//   only where the player does not ask for reduced motion. "Roll again" rolls
//   the same inputs; each nudge ("Roll again: One more Boon Die") adds its
//   step to its field, as "+" would, then rolls.
// - A Void Drifters pool can be tapped together: each die's button adds one,
//   "−" takes one away, and the pool field is written as text
//   (shared/dice-pool.js); typing in the field still works, and the counts
//   follow what is typed when it is written the same way.
// - Each roll is kept on the device (shared/roll-history.js, localStorage):
//   the roller lists its own under "Your last rolls here", newest first,
//   with a button that forgets them.
// - Inputs that differ from the defaults live in the URL (?slug.field=value),
//   as the calculators' do.
// - The time from the tap to the roll shown is noted (window.voidrefRoller.timings,
//   and a performance measure "voidref-roll").
import { COMPUTE_TIMEOUT_MS, python } from "./shared/python.js";
import { setUpSteppers, stepped } from "./shared/stepper.js";
import { showFieldErrors } from "./shared/field-errors.js";
import { pageParams, readInputs, readParams, replaceQuery, writeInputs, writeParams } from "./shared/url-state.js";
import { noDice, poolText, readPool, tapped } from "./shared/dice-pool.js";
import { KEY as HISTORY_KEY, RollHistory, deviceStorage } from "./shared/roll-history.js";
import { part as partOf } from "./shared/dom.js";

/**
 * @template {Element} E
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new () => E} type
 */
const part = (root, selector, type) => partOf(root, selector, type, "a roller");

python.timing.script = performance.now();

const STOPPED = "Stopped a roll that took too long; Python restarts at the next roll.";
const READY = "Ready: tap Roll.";

/**
 * The tap panel of a Void Drifters roller: one row per die.
 * @typedef {object} Pool
 * @property {HTMLElement} panel
 * @property {HTMLInputElement} box  the pool's text field
 * @property {PoolRow[]} dice  in the order they are written
 * @property {HTMLElement} note  said politely after each tap
 */

/**
 * One die of the tap panel: what the build says of it, and its buttons.
 * @typedef {import("./shared/dice-pool.js").PoolDie & {name: string, order: number, count: HTMLElement,
 *   add: HTMLButtonElement, remove: HTMLButtonElement}} PoolRow
 */

/**
 * One roller of the page: its parts, and where it stands.
 * @typedef {object} Roller
 * @property {HTMLElement} root
 * @property {string} slug
 * @property {string} key  its name in the URL
 * @property {string} title
 * @property {HTMLFormElement} form
 * @property {HTMLButtonElement} roll
 * @property {HTMLElement} status
 * @property {HTMLElement} general  the message that is no field's
 * @property {HTMLElement} result
 * @property {HTMLElement} text  the roll as text (Python's), kept hidden
 * @property {HTMLElement} again  "Roll again" and the nudges, shown after the first roll
 * @property {HTMLButtonElement[]} nudges
 * @property {HTMLDetailsElement} history
 * @property {HTMLElement} historyCount
 * @property {HTMLOListElement} historyList
 * @property {Pool | null} pool
 * @property {Record<string, string>} defaults
 * @property {boolean} rolling  a roll is on its way (further taps wait for it)
 * @property {number} rolls  rolls shown since the page opened
 */

/**
 * What Python answers for a roller (voidref.calc.run_json).
 * @typedef {object} Answer
 * @property {boolean} ok
 * @property {Record<string, string>} [errors]  by field name
 * @property {string} [error]  the message that is no field's
 * @property {string} [html]
 * @property {string} [text]
 */

/**
 * How long one roll took, from the tap to the result shown.
 * @typedef {object} Timing
 * @property {string} slug
 * @property {number} ms
 * @property {boolean} cold  Python was not ready at the tap (it started, or finished starting, for this roll)
 */

// The page's one state: its rollers, the rolls kept on the device, the timings.
const page = {
  /** @type {Roller[]} */
  rollers: [],
  history: new RollHistory(deviceStorage()),
  /** @type {Timing[]} */
  timings: [],
};

const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
const dated = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/**
 * When *at* was, as a player reads it: the time today, else the day and the time.
 * @param {Date} at
 */
function when(at) {
  return at.toDateString() === new Date().toDateString() ? clock.format(at) : dated.format(at);
}

// -- Python's status --------------------------------------------------------

/**
 * @param {string} text
 * @param {string} state
 */
function showStatus(text, state) {
  for (const r of page.rollers) {
    r.status.textContent = state === "ready" ? READY : state === "failed" ? `${text} Tap Roll to try again.` : text;
    r.status.dataset.state = state;
  }
}

// -- Rolling ----------------------------------------------------------------

/**
 * Roll *r*'s inputs as they are, and show Python's roll.
 * @param {Roller} r
 */
async function roll(r) {
  if (r.rolling) return;
  r.rolling = true;
  const tap = performance.now();
  const cold = !python.ready;
  r.root.dataset.state = "rolling";
  r.result.setAttribute("aria-busy", "true");
  try {
    /** @type {Answer} */
    const answer = await python.ask({ type: "run", slug: r.slug, inputs: readInputs(r.form) },
      { timeoutMs: COMPUTE_TIMEOUT_MS, stopped: STOPPED });
    show(r, answer);
    if (answer.ok) noteTime(r, tap, cold);
  } catch (err) {
    r.general.hidden = false;
    r.general.textContent = `Nothing was rolled: ${/** @type {Error} */ (err).message}.`;
    r.root.dataset.state = "failed";
  } finally {
    r.rolling = false;
    r.result.removeAttribute("aria-busy");
  }
}

/**
 * @param {Roller} r
 * @param {number} tap
 * @param {boolean} cold
 */
function noteTime(r, tap, cold) {
  const end = performance.now();
  page.timings.push({ slug: r.slug, ms: end - tap, cold });
  try {
    performance.measure("voidref-roll", { start: tap, end, detail: { slug: r.slug, cold } });
  } catch {
    // an older browser's User Timing: the timings list above has it
  }
}

/**
 * @param {Roller} r
 * @param {Answer} out
 */
function show(r, out) {
  showFieldErrors(r.form, out.errors);
  if (!out.ok) {
    r.general.hidden = false;
    r.general.textContent = out.error || "Nothing was rolled: fix the field marked above.";
    r.root.dataset.state = "error";
    return;
  }
  r.general.hidden = true;
  r.rolls += 1;
  const at = new Date();
  const stamp = document.createElement("p");
  stamp.className = "vr-stamp";
  stamp.textContent = `Roll ${r.rolls} on this page, at ${clock.format(at)}`;
  r.result.innerHTML = out.html || ""; // built by voidref.calc.results.to_html: every text is escaped
  r.result.append(stamp);
  r.text.textContent = out.text || "";
  r.result.dataset.state = "rolled";
  r.root.dataset.state = "rolled";
  r.root.dataset.rolls = String(r.rolls);
  r.again.hidden = false;
  page.history.add({ roller: r.slug, title: r.title, at: at.getTime(), text: out.text || "" });
  showHistory(r);
  reveal(r);
}

/**
 * Bring the roll into view if its headline is not, without moving smoothly
 * where the player asks for reduced motion.
 * @param {Roller} r
 */
function reveal(r) {
  const box = r.result.getBoundingClientRect();
  if (box.top >= 0 && box.top + 48 <= window.innerHeight) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  r.result.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

/**
 * A nudge: add its step to its field (within the field's range), then roll.
 * @param {Roller} r
 * @param {HTMLButtonElement} button
 */
function nudge(r, button) {
  const box = fieldOf(r, button.dataset.field || "");
  if (box) {
    const next = nudged(r, box, Number(button.dataset.step));
    if (next !== box.value) {
      box.value = next;
      box.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  roll(r);
}

/**
 * @param {Roller} r
 * @param {string} name
 */
function fieldOf(r, name) {
  const box = r.form.elements.namedItem(name);
  return box instanceof HTMLInputElement ? box : null;
}

/**
 * @param {Roller} r
 * @param {HTMLInputElement} box
 * @param {number} step
 */
function nudged(r, box, step) {
  return stepped(box.value, step, Number(box.dataset.low), Number(box.dataset.high), Number(r.defaults[box.name]));
}

/**
 * A nudge that would leave its field as it is (at the end of its range) is not offered.
 * @param {Roller} r
 */
function updateNudges(r) {
  for (const button of r.nudges) {
    const box = fieldOf(r, button.dataset.field || "");
    button.disabled = !box || nudged(r, box, Number(button.dataset.step)) === box.value;
  }
}

// -- The history ------------------------------------------------------------

/** @param {Roller} r */
function showHistory(r) {
  const entries = page.history.of(r.slug);
  r.historyCount.textContent = String(entries.length);
  r.history.hidden = entries.length === 0;
  r.historyList.replaceChildren(...entries.map((e) => {
    const at = new Date(e.at);
    const time = document.createElement("time");
    time.dateTime = at.toISOString();
    time.textContent = when(at);
    const [headline, ...rest] = e.text.split("\n");
    const head = document.createElement("span");
    head.className = "vr-history-head";
    head.textContent = headline;
    const more = document.createElement("span");
    more.className = "vr-history-more";
    more.textContent = rest.join("\n");
    const item = document.createElement("li");
    item.append(time, " ", head, more);
    return item;
  }));
}

// -- The tap panel (Void Drifters) ------------------------------------------

/**
 * @param {HTMLElement} root
 * @param {HTMLFormElement} form
 * @returns {Pool | null}
 */
function setUpPool(root, form) {
  const panel = root.querySelector(".vr-pool");
  const box = form.elements.namedItem(root.dataset.pool || "");
  if (!(panel instanceof HTMLElement) || !(box instanceof HTMLInputElement)) return null;
  const rows = [...panel.querySelectorAll(".vr-die-row")].filter((row) => row instanceof HTMLElement);
  const dice = rows.map((row) => ({
    letter: row.dataset.letter || "",
    against: row.dataset.side === "against",
    name: row.dataset.name || "",
    order: Number(row.dataset.order),
    count: part(row, ".vr-die-count", HTMLElement),
    remove: part(row, ".vr-die-remove", HTMLButtonElement),
    add: part(row, ".vr-die-add", HTMLButtonElement),
  })).sort((a, b) => a.order - b.order);
  /** @type {Pool} */
  const pool = { panel, box, dice, note: part(panel, ".vr-pool-note", HTMLElement) };
  for (const die of dice) {
    die.add.addEventListener("click", () => tap(pool, die, 1));
    die.remove.addEventListener("click", () => tap(pool, die, -1));
  }
  part(panel, ".vr-pool-clear", HTMLButtonElement).addEventListener("click", () => {
    box.value = "";
    box.dispatchEvent(new Event("input", { bubbles: true }));
    pool.note.textContent = "No dice listed.";
  });
  panel.hidden = false;
  return pool;
}

/**
 * One more (or one fewer) die of a kind: the pool field is written anew.
 * A field whose text was typed another way starts again from the dice tapped.
 * @param {Pool} pool
 * @param {PoolRow} die
 * @param {number} step
 */
function tap(pool, die, step) {
  const counts = tapped(readPool(pool.box.value, pool.dice) || noDice(pool.dice), die.letter, step);
  pool.box.value = poolText(pool.dice, counts);
  pool.box.dispatchEvent(new Event("input", { bubbles: true }));
  pool.note.textContent = `${die.name}: ${counts[die.letter]}`;
}

/**
 * Show the count of each die as the pool field lists it (none while it is written another way).
 * @param {Pool} pool
 */
function showCounts(pool) {
  const counts = readPool(pool.box.value, pool.dice);
  for (const die of pool.dice) {
    const n = counts ? counts[die.letter] : null;
    die.count.textContent = n === null ? "?" : String(n);
    die.count.dataset.count = n === null ? "" : String(n);
    die.remove.disabled = !n;
  }
  pool.panel.classList.toggle("vr-pool-typed", counts === null);
  const typed = "The list is typed: tapping a die starts a new list.";
  if (counts === null && pool.note.textContent !== typed) pool.note.textContent = typed;
  else if (counts !== null && pool.note.textContent === typed) pool.note.textContent = "";
}

// -- Setting up -------------------------------------------------------------

function updateUrl() {
  const params = pageParams();
  for (const r of page.rollers) writeParams(params, r.key, readInputs(r.form), r.defaults);
  replaceQuery(params);
}

/**
 * @param {HTMLElement} root  a roller as the build wrote it
 * @returns {Roller}
 */
function setUp(root) {
  const form = part(root, "form", HTMLFormElement);
  const history = part(root, ".vr-history", HTMLDetailsElement);
  /** @type {Roller} */
  const r = {
    root,
    slug: root.dataset.roller || "",
    key: root.dataset.key || "",
    title: root.dataset.title || "",
    form,
    roll: part(root, ".vr-roll", HTMLButtonElement),
    status: part(root, ".vr-status", HTMLElement),
    general: part(root, ".vr-general-error", HTMLElement),
    result: part(root, ".vr-result", HTMLElement),
    text: part(root, ".vr-text", HTMLElement),
    again: part(root, ".vr-again", HTMLElement),
    nudges: [...root.querySelectorAll(".vr-nudge")].filter((b) => b instanceof HTMLButtonElement),
    history,
    historyCount: part(history, ".vr-history-count", HTMLElement),
    historyList: part(history, ".vr-history-list", HTMLOListElement),
    pool: null,
    defaults: readInputs(form),
    rolling: false,
    rolls: 0,
  };
  r.pool = setUpPool(root, form);
  form.addEventListener("submit", (event) => {
    event.preventDefault(); // Enter in a field rolls
    roll(r);
  });
  setUpSteppers(form, r.defaults);
  const changed = () => {
    if (r.pool) showCounts(r.pool);
    updateNudges(r);
    updateUrl();
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  r.roll.addEventListener("click", () => roll(r));
  r.roll.disabled = false;
  part(root, ".vr-roll-again", HTMLButtonElement).addEventListener("click", () => roll(r));
  for (const button of r.nudges) button.addEventListener("click", () => nudge(r, button));
  part(history, ".vr-history-clear", HTMLButtonElement).addEventListener("click", () => {
    page.history.clear(r.slug);
    showHistory(r);
    r.roll.focus();
  });
  // The player reaches for this roller: start Python now, so that it is
  // (nearly) ready by the time Roll is tapped. Only this roller's status line
  // speaks (they all say the same: one is enough for a screen reader).
  for (const type of ["pointerdown", "focusin"]) {
    root.addEventListener(type, () => {
      for (const other of page.rollers) other.status.setAttribute("aria-live", other === r ? "polite" : "off");
      if (!python.ready) python.start().catch(() => {});
    }, { passive: true });
  }
  const restored = readParams(pageParams(), r.key, Object.keys(r.defaults));
  if (Object.keys(restored).length) {
    writeInputs(form, restored);
    // a folded field the link sets is shown
    for (const details of form.querySelectorAll("details")) {
      if (Object.keys(restored).some((name) => details.querySelector(`[name="${CSS.escape(name)}"]`))) {
        details.open = true;
      }
    }
  }
  if (r.pool) showCounts(r.pool);
  updateNudges(r);
  showHistory(r);
  return r;
}

function setUpPage() {
  const roots = [...document.querySelectorAll(".voidref-roller")].filter((el) => el instanceof HTMLElement);
  page.rollers.push(...roots.map(setUp));
  if (!page.rollers.length) return;
  python.onStatus(showStatus);
  if (!python.status) showStatus("The dice roller starts when you first tap it.", "idle");
  // Opened with a roller's inputs (a calculator's "Roll this", a shared link):
  // the player came to roll, so Python starts at once.
  const params = pageParams();
  if (page.rollers.some((r) => Object.keys(readParams(params, r.key, Object.keys(r.defaults))).length)) {
    python.start().catch(() => {});
  }
  // Rolls made in another tab of this site show here too.
  window.addEventListener("storage", (event) => {
    if (event.key === HISTORY_KEY || event.key === null) for (const r of page.rollers) showHistory(r);
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();
Object.assign(window, { voidrefRoller: { rollers: page.rollers, timings: page.timings, python, history: page.history } });
