// voidref calculators: main-thread glue. It only moves inputs to the Python
// worker and results back to the page; every rule lives in voidref (Python).
//
// - Only pages with a calculator load this script. The result for the default
//   inputs is already in the page (computed at build time), so a reader who
//   never touches a calculator downloads no Python at all. Python's worker
//   starts when the player first reaches for a calculator (a touch, a click or
//   keyboard focus inside it; or a mouse resting on its inputs, where the
//   connection is fast and not metered), or at once when the page was opened
//   from a shared link that carries a setup (the player asked for that result).
// - While Python loads, the status line says how much has arrived, of how
//   much (sizes from the build, in config.mjs). A start
//   that fails or times out is retried at the next change or with the status
//   line's "Try again" button; the result shown meanwhile is not dimmed, and
//   says which inputs it is for.
// - Once Python is up, the built results are recomputed in the background,
//   after any change the player makes: a change is never queued behind the
//   rest of the page (shared/scheduler.js keeps that order).
// - A computation still running after WORKING_MS says so: the status line
//   (announced politely) and the pinned headline, which stays in view on a
//   phone; the result is marked aria-busy until the answer replaces it.
// - A computation that runs too long is stopped by ending the worker (a new
//   one starts at the next change).
// - A calculator below the first screen comes with its form in a <template>
//   (and its default inputs listed in words): its form is put in place as it
//   nears the view, or at once when a link opened it, so the browser's reads
//   of the page's forms stay small (see EAGER_FORMS in directive.py).
// - Inputs that differ from the defaults live in the URL (?slug.field=value),
//   so a link restores the same setup.
// - "Pin as A" keeps the current inputs as setup A; every later result is then
//   Python's comparison of A with the inputs shown (B), exact differences
//   included (voidref.calc.compare). A is in the URL too (?slug.A={json of the
//   inputs that differ from the defaults}); "Clear A" removes it.
// - The worker itself, its start, its status and its reset are shared with
//   the example pages (shared/python.js), which also asks for the service
//   worker (sw.js at the site root) once the player's first answer is in, and
//   tells the Python worker to keep its Python on the device (kept.mjs).
import { COMPUTE_TIMEOUT_MS, python } from "./shared/python.js";
import { Scheduler } from "./shared/scheduler.js";
import { setUpSteppers } from "./shared/stepper.js";
import { showFieldErrors } from "./shared/field-errors.js";
import {
  differences, pageParams, readInputs, readParams, replaceQuery, setupFromJson, withQuery, writeInputs, writeParams,
} from "./shared/url-state.js";
import { part as partOf } from "./shared/dom.js";

/**
 * @template {Element} E
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new () => E} type
 */
const part = (root, selector, type) => partOf(root, selector, type, "a calculator");

// A computation still running after this long shows that it is being worked
// on (most answer well within it; the largest Upper Hand engagements take a
// second or more on a phone). A calculator's data-working-ms overrides it.
const WORKING_MS = 400;
// How long a mouse rests on a calculator's inputs before Python starts (only
// on a fast connection not paid by the byte; see setUp).
const HOVER_MS = 150;
const STOPPED = "Stopped a long computation; Python restarts at the next change.";

python.timing.script = performance.now();

/**
 * One calculator of the page: its parts, and where it stands.
 * @typedef {object} Calc
 * @property {HTMLElement} root
 * @property {string} slug
 * @property {string} key  its name in the URL
 * @property {HTMLFormElement} form
 * @property {HTMLElement} status
 * @property {HTMLElement} statusText
 * @property {HTMLButtonElement} retry
 * @property {HTMLElement} result
 * @property {HTMLElement} text
 * @property {HTMLElement | null} pinned  the headline kept in view
 * @property {HTMLElement} general  the message that is no field's
 * @property {HTMLElement | null} pin
 * @property {HTMLElement | null} unpin
 * @property {HTMLElement | null} compare
 * @property {Record<string, string>} defaults
 * @property {Record<string, string> | null} pinnedA  setup A, once pinned
 * @property {boolean} waiting  changed, and not yet asked (the change's own task is not over)
 * @property {boolean} working  the status says the answer is being worked out
 * @property {boolean} everLive  Python has answered for it
 * @property {number} [lastMs]  how long its last answer took
 */

/**
 * What Python answers for a calculator (voidref.calc.run_json).
 * @typedef {object} Answer
 * @property {boolean} ok
 * @property {Record<string, string>} [errors]  by field name
 * @property {string} [error]  the message that is no field's
 * @property {string} [html]
 * @property {string} [text]
 * @property {string} [compare_html]
 * @property {string} [compare_text]
 * @property {string} [compare_headline]
 */

// The page's one state: its calculators, and the order they ask Python in.
const page = {
  /** @type {Calc[]} filled once the document is parsed */
  calcs: [],
  /** @type {Scheduler<Calc>} */
  scheduler: new Scheduler(),
};

/**
 * @param {Calc} c
 * @param {string} text
 * @param {string} state
 */
function showStatus(c, text, state) {
  c.statusText.textContent = text;
  c.status.dataset.state = state;
  c.retry.hidden = state !== "failed";
}

python.onStatus((text, state) => {
  for (const c of page.calcs) showStatus(c, text, state);
});
python.onReady(refreshPrebuilt);
// A change of the player's waits: its answer is the player's first (see python.keepForLater).
python.holdKeepWhile(() => page.scheduler.asked.size > 0);

function start() {
  return python.start();
}

function refreshPrebuilt() {
  // Python is up: a result left over from a failed start is computed first
  // (its inputs may have changed since); a built result, true for the inputs
  // shown, is brought live in the background (not dimmed meanwhile).
  for (const c of page.calcs) {
    if (c.result.dataset.state === "failed") request(c);
    else if (c.result.dataset.state === "prebuilt") request(c, true);
  }
}

function updateUrl() {
  const params = pageParams();
  for (const c of page.calcs) {
    writeParams(params, c.key, readInputs(c.form), c.defaults);
    writePinnedParam(c, params);
  }
  replaceQuery(params);
}

/** @param {Calc} c */
function shareUrl(c) {
  const params = new URLSearchParams();
  writeParams(params, c.key, readInputs(c.form), c.defaults);
  writePinnedParam(c, params);
  return location.origin + withQuery(location.pathname, params) + "#" + c.root.id;
}

/**
 * Python could not start, or ended before it answered: the result shown is
 * not dimmed, and labelled: it is still a true answer, for other inputs.
 * @param {Calc} c
 */
function showUnanswered(c) {
  c.general.hidden = false;
  c.general.textContent = c.everLive
    ? "The result below is for the inputs before your last change."
    : "The result below is for the default inputs (computed when this page was built), not for the inputs above.";
  c.result.dataset.state = "failed";
  c.root.dataset.state = "failed";
}

/**
 * Ask Python for *c*'s result: for a change of the player's, or (background)
 * to bring a built result live.
 * @param {Calc} c
 * @param {boolean} [background]
 */
function request(c, background = false) {
  if (background) {
    if (!page.scheduler.refresh(c)) return;
  } else {
    page.scheduler.ask(c);
    c.result.dataset.state = "pending";
    c.root.dataset.state = "pending";
  }
  start().then(pump, () => {
    if (page.scheduler.drop(c)) return; // the built result is still right for the inputs shown
    showUnanswered(c);
  });
}

// Send the next question, unless one is being worked out (shared/scheduler.js says which).
function pump() {
  if (!python.ready) return;
  const question = page.scheduler.take();
  if (!question) return;
  const c = question.item;
  const timeoutMs = Number(c.root.dataset.timeoutMs) || COMPUTE_TIMEOUT_MS;
  const workingMs = c.root.dataset.workingMs === undefined ? WORKING_MS : Number(c.root.dataset.workingMs);
  // Nothing to say for a background refresh: the player is not waiting for it.
  const working = question.background ? undefined : setTimeout(() => showWorking(c), workingMs);
  const sent = performance.now();
  const asked = python.send({ type: "run", slug: c.slug, inputs: withPinned(c, readInputs(c.form)) },
    { timeoutMs, background: question.background, stopped: STOPPED });
  asked.then((/** @type {Answer} */ answer) => {
    clearTimeout(working);
    c.lastMs = performance.now() - sent;
    if (page.scheduler.done(question) && !c.waiting) { // else newer inputs follow (still working, if it said so)
      doneWorking(c);
      show(c, answer);
    }
    if (!question.background) python.keepForLater(); // the player's first answer is in
    pump();
  }, (/** @type {Error & {timedOut?: boolean}} */ err) => {
    clearTimeout(working);
    doneWorking(c);
    page.scheduler.stop(question);
    if (err.timedOut) {
      c.general.hidden = false;
      c.general.textContent = `This computation took longer than ${timeoutMs / 1000} s and was stopped. Try smaller numbers.`;
      c.result.dataset.state = "stale";
      c.root.dataset.state = "timeout";
    } else {
      showUnanswered(c);
    }
    if (page.scheduler.waiting) start().then(pump, () => {});
  });
}

// The answer is taking a while: say so where the player looks (the status
// line, announced politely, and the pinned headline kept in view on a phone).
/** @param {Calc} c */
function showWorking(c) {
  c.working = true;
  showStatus(c, "Working it out: larger inputs take a moment…", "working");
  if (c.pinned) c.pinned.dataset.working = "true";
  c.result.setAttribute("aria-busy", "true");
}

/** @param {Calc} c */
function doneWorking(c) {
  if (!c.working) return;
  c.working = false;
  if (python.status) showStatus(c, python.status[0], python.status[1]);
  if (c.pinned) delete c.pinned.dataset.working;
  c.result.removeAttribute("aria-busy");
}

/**
 * @param {Calc} c
 * @param {Answer} out
 */
function show(c, out) {
  showFieldErrors(c.form, out.errors);
  c.general.textContent = out.error || "";
  c.general.hidden = !out.error;
  if (out.ok) {
    const text = out.text || "";
    c.result.innerHTML = out.html || ""; // built by voidref.calc.results.to_html: every text is escaped
    c.text.textContent = text;
    if (c.pinned) {
      c.pinned.textContent = text.split("\n")[0];
      c.pinned.dataset.state = "live";
    }
    showComparison(c, out);
    c.result.dataset.state = "live";
    c.root.dataset.state = "live";
    c.everLive = true;
    if (python.timing.firstLive === undefined) python.timing.firstLive = performance.now();
  } else {
    c.result.dataset.state = "stale";
    c.root.dataset.state = "error";
    if (c.pinned) c.pinned.dataset.state = "stale";
    if (!out.error) {
      c.general.hidden = false;
      c.general.textContent = "Fix the field marked above; the result below is for the last valid inputs.";
    }
  }
  c.root.dataset.computed = String(Number(c.root.dataset.computed || 0) + 1);
}

/**
 * @param {Calc} c
 * @param {string} text
 * @param {string} what
 */
async function copyText(c, text, what) {
  try {
    await navigator.clipboard.writeText(text);
    c.statusText.textContent = `Copied the ${what}.`;
  } catch {
    c.statusText.textContent = `Could not copy the ${what}: your browser refused access to the clipboard.`;
  }
}

/**
 * @param {Element} root
 * @param {string} selector
 */
function optional(root, selector) {
  const found = root.querySelector(selector);
  return found instanceof HTMLElement ? found : null;
}

/**
 * @param {HTMLElement} root  a calculator as the build wrote it
 * @returns {Calc}
 */
function setUp(root) {
  const form = part(root, "form", HTMLFormElement);
  const status = part(root, ".vc-status", HTMLElement);
  // The status line: its text (announced politely) and a "Try again" button
  // shown only after a failed start.
  const statusText = document.createElement("span");
  statusText.textContent = status.textContent;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "vc-retry";
  retry.textContent = "Try again";
  retry.hidden = true;
  status.replaceChildren(statusText, " ", retry);
  /** @type {Calc} */
  const c = {
    root,
    slug: root.dataset.calc || "",
    key: root.dataset.key || "",
    form,
    status,
    statusText,
    retry,
    result: part(root, ".vc-result", HTMLElement),
    text: part(root, ".vc-text", HTMLElement),
    pinned: optional(root, ".vc-pinned"),
    general: part(root, ".vc-general-error", HTMLElement),
    pin: optional(root, ".vc-pin"),
    unpin: optional(root, ".vc-unpin"),
    compare: optional(root, ".vc-compare"),
    defaults: readInputs(form),
    pinnedA: null,
    waiting: false,
    working: false,
    everLive: false,
  };
  retry.addEventListener("click", () => {
    for (const other of page.calcs) if (other.result.dataset.state === "failed" || other.waiting) request(other);
    if (!python.starting) request(c);
  });
  if (python.status) showStatus(c, python.status[0], python.status[1]);
  part(root, ".vc-actions", HTMLElement).hidden = false;
  const params = pageParams();
  const restored = readParams(params, c.key, Object.keys(c.defaults));
  form.addEventListener("submit", (event) => event.preventDefault());
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let debounce;
  const changed = () => {
    // Pending from the very first keystroke: a result still on its way is for older inputs.
    c.waiting = true;
    c.result.dataset.state = "pending";
    c.root.dataset.state = "pending";
    if (c.pinned) c.pinned.dataset.state = "pending";
    // Computed once the task that fired the event is over: a select or a
    // checkbox fires "input" and "change" together, and one computation
    // answers both (no further wait: every change is answered as it comes).
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      c.waiting = false;
      updateUrl();
      request(c);
    }, 0);
  };
  setUpSteppers(form, c.defaults);
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  // The player reaches for this calculator: start Python now, so it is
  // (nearly) ready by the time the first change is made.
  for (const type of ["pointerdown", "focusin"]) {
    root.addEventListener(type, () => { if (!python.ready) start().catch(() => {}); }, { passive: true });
  }
  // A mouse that rests on the calculator's inputs is most likely on its way
  // to one of them: start Python then, a little ahead of the click. Only where
  // the browser says the connection is fast and not metered (fastUnmetered):
  // a reader who merely leaves the mouse there must not pay for the runtime
  // on mobile data or a slow line, and browsers that do not say wait for the
  // click. The short wait skips a pointer that only sweeps across.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let hover;
  form.addEventListener("pointerenter", (event) => {
    if (python.starting || event.pointerType !== "mouse" || !fastUnmetered()) return;
    clearTimeout(hover);
    hover = setTimeout(() => { if (!python.starting) start().catch(() => {}); }, HOVER_MS);
  });
  form.addEventListener("pointerleave", () => clearTimeout(hover));
  part(root, ".vc-copy", HTMLElement).addEventListener("click", () => copyText(c, c.text.textContent || "", "result"));
  part(root, ".vc-link", HTMLElement).addEventListener("click", () => copyText(c, shareUrl(c), "link"));
  part(root, ".vc-reset", HTMLElement).addEventListener("click", () => {
    writeInputs(form, c.defaults);
    changed();
  });
  const pinnedRestored = setUpCompare(c, params);
  if (Object.keys(restored).length || pinnedRestored) {
    writeInputs(form, restored);
    c.result.dataset.state = "stale";
    showStatus(c, "Restoring the shared setup: loading the calculator engine…", "loading");
    queueMicrotask(() => request(c));
  } else if (editedEarly(form)) {
    // This script arrives after the page has painted: what the player typed before is answered now.
    changed();
  }
  return c;
}

/**
 * Whether a field of *form* no longer holds the value the page was built with (typed before the script
 * arrived, or put back by the browser on a return to the page).
 * @param {HTMLFormElement} form
 */
function editedEarly(form) {
  return [...form.elements].some((f) => {
    if (f instanceof HTMLInputElement) {
      return f.type === "checkbox" || f.type === "radio" ? f.checked !== f.defaultChecked : f.value !== f.defaultValue;
    }
    if (f instanceof HTMLSelectElement) {  // with no option marked selected, the first one is the default
      const options = [...f.options];
      if (f.multiple) return options.some((o) => o.selected !== o.defaultSelected);
      return f.selectedIndex !== Math.max(0, options.findIndex((o) => o.defaultSelected));
    }
    return f instanceof HTMLTextAreaElement && f.value !== f.defaultValue;
  });
}

// Whether the browser reports a fast connection that the reader does not pay
// for by the byte: no Data Saver, not a phone network, "4g" as its effective
// type (Network Information API, not in every browser nor in the DOM's types:
// false where the browser does not have it).
function fastUnmetered() {
  const connection = /** @type {any} */ (navigator).connection;
  if (!connection || connection.saveData) return false;
  if (connection.type === "cellular" || connection.type === "wimax") return false;
  return connection.effectiveType === "4g";
}

// -- Compare two setups: A (pinned) and B (the inputs shown) ---------------
// Only moves inputs and Python's answer: the comparison itself is computed by
// voidref.calc.compare, which run_json calls when the inputs carry "A".

/**
 * Set up "Pin as A" and "Clear A"; true when the page's URL restored a pinned setup A.
 * @param {Calc} c
 * @param {URLSearchParams} params
 */
function setUpCompare(c, params) {
  const { pin, unpin } = c;
  if (!pin || !unpin || !c.compare) return false;
  pin.addEventListener("click", () => {
    c.pinnedA = readInputs(c.form);
    afterPinChange(c);
  });
  unpin.addEventListener("click", () => {
    c.pinnedA = null;
    afterPinChange(c);
    pin.focus();
  });
  const raw = params.get(`${c.key}.A`);
  if (raw === null) return false;
  c.pinnedA = setupFromJson(raw, c.defaults);
  unpin.hidden = false;
  c.root.dataset.compare = "pinned";
  return true;
}

/** @param {Calc} c */
function afterPinChange(c) {
  if (c.unpin) c.unpin.hidden = !c.pinnedA;
  if (c.pinnedA) c.root.dataset.compare = "pinned";
  else delete c.root.dataset.compare;
  if (!c.pinnedA && c.compare) {
    c.compare.hidden = true;
    c.compare.replaceChildren();
  }
  updateUrl();
  request(c);
}

/**
 * @param {Calc} c
 * @param {Record<string, string>} inputs
 * @returns {Record<string, unknown>}
 */
function withPinned(c, inputs) {
  return c.pinnedA ? { ...inputs, A: c.pinnedA } : inputs;
}

/**
 * @param {Calc} c
 * @param {URLSearchParams} params
 */
function writePinnedParam(c, params) {
  const key = `${c.key}.A`;
  if (!c.pinnedA) params.delete(key);
  else params.set(key, JSON.stringify(differences(c.pinnedA, c.defaults)));
}

/**
 * @param {Calc} c
 * @param {Answer} out
 */
function showComparison(c, out) {
  if (!c.compare) return;
  if (c.pinnedA && out.compare_html) {
    c.compare.innerHTML = out.compare_html; // built by voidref.calc.compare: every text is escaped
    c.compare.hidden = false;
    c.text.textContent = out.compare_text + "\n\n" + out.text;
    if (c.pinned && out.compare_headline) c.pinned.textContent = out.compare_headline;
  } else {
    c.compare.hidden = true;
    c.compare.replaceChildren();
  }
}

/**
 * Put a calculator's form in place when the build kept it in a template (a calculator below the first
 * screen: see EAGER_FORMS in directive.py), and drop the list of inputs shown meanwhile.
 * @param {HTMLElement} root
 */
function stamp(root) {
  const template = root.querySelector(":scope > template.vc-later");
  if (!(template instanceof HTMLTemplateElement)) return root;
  template.replaceWith(template.content);
  root.querySelector(":scope > .vc-setup")?.remove();
  return root;
}

/** @param {Calc[]} calcs */
function bringLive(calcs) {
  page.calcs.push(...calcs);
  if (!python.ready) return; // else refreshPrebuilt runs once Python is up
  for (const c of calcs) if (c.result.dataset.state === "prebuilt") request(c, true);
}

/**
 * Whether the page was opened for this calculator: a link that carries its setup, or points into it.
 * @param {HTMLElement} root
 * @param {URLSearchParams} params
 */
function asked(root, params) {
  const key = root.dataset.key || "";
  if ([...params.keys()].some((name) => name.startsWith(key + "."))) return true;
  const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  return target !== null && root.contains(target);
}

/**
 * Put the forms of *roots* in place and set their calculators up.
 * @param {HTMLElement[]} roots  calculators whose form is still in its template
 */
function arrive(roots) {
  bringLive(roots.map((root) => setUp(stamp(root))));
}

/** @param {HTMLElement[]} roots  calculators whose form is still in its template */
function stampLater(roots) {
  if (!roots.length) return;
  if (typeof IntersectionObserver !== "function") {
    setTimeout(() => arrive(roots), 0);
    return;
  }
  // Within a screen of the view: the form is in place before it scrolls into sight (and the headings'
  // links between calculators bring each one near before the keyboard reaches its inputs).
  const observer = new IntersectionObserver((entries) => {
    /** @type {HTMLElement[]} */
    const near = [];
    for (const e of entries) if (e.isIntersecting && e.target instanceof HTMLElement) near.push(e.target);
    for (const root of near) observer.unobserve(root);
    if (near.length) arrive(near);
  }, { rootMargin: "100% 0px" });
  for (const root of roots) observer.observe(root);
}

function setUpPage() {
  const roots = [...document.querySelectorAll(".voidref-calc")].filter((el) => el instanceof HTMLElement);
  const later = roots.filter((root) => root.querySelector(":scope > template.vc-later"));
  bringLive(roots.filter((root) => !later.includes(root)).map(setUp));
  // A form kept in a template is put in place as its calculator nears the view, or one task from now
  // for the calculator a link opened: never while the browser reads the page's forms at
  // DOMContentLoaded, nor all at once (each insertion makes the browser read them all again; see
  // EAGER_FORMS in directive.py).
  const params = pageParams();
  const opened = later.filter((root) => asked(root, params));
  if (opened.length) setTimeout(() => arrive(opened), 0);
  stampLater(later.filter((root) => !opened.includes(root)));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();
Object.assign(window, { voidrefCalc: { start, calcs: page.calcs, python } });
