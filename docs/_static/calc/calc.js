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
//   rest of the page.
// - A computation still running after WORKING_MS says so: the status line
//   (announced politely) and the pinned headline, which stays in view on a
//   phone; the result is marked aria-busy until the answer replaces it.
// - A computation that runs too long is stopped by ending the worker (a new
//   one starts at the next change).
// - Inputs that differ from the defaults live in the URL (?slug.field=value),
//   so a link restores the same setup.
// - "Pin as A" keeps the current inputs as setup A; every later result is then
//   Python's comparison of A with the inputs shown (B), exact differences
//   included (voidref.calc.compare). A is in the URL too (?slug.A={json of the
//   inputs that differ from the defaults}); "Clear A" removes it.
// - A service worker (sw.js at the site root) keeps the site usable offline;
//   it is registered only once Python has started and the player's first
//   answer is in (or nothing waits for one), i.e. once the player has used a
//   calculator, and not while that first answer is being worked out. At the
//   same moment the Python worker keeps its Python's memory on the device, so
//   that a later visit starts Python from it (kept.mjs).

// Without a word from the worker for this long, the start counts as failed
// (the worker reports progress as files arrive, which resets the clock).
const STARTUP_TIMEOUT_MS = 30000;
const COMPUTE_TIMEOUT_MS = 10000;
// A computation still running after this long shows that it is being worked
// on (most answer well within it; the largest Upper Hand engagements take a
// second or more on a phone). A calculator's data-working-ms overrides it.
const WORKING_MS = 400;
// How long a mouse rests on a calculator's inputs before Python starts (only
// on a fast connection not paid by the byte; see setUp).
const HOVER_MS = 150;
// The service worker is registered once the player's first change is answered
// (see keepForLater), or this long after Python is ready if no change
// is waiting by then (the player only opened a calculator, or an example).
const SW_AFTER_READY_MS = 2000;
const WORKER_URL = new URL("worker.mjs", import.meta.url);
const SW_URL = new URL("../../sw.js", import.meta.url);

window.voidrefCalcTiming = { script: performance.now() };
const calcs = [];       // filled once the document is parsed

let worker = null;      // the Worker, once started
let readyPromise = null;
let pythonReady = false;
let lastStatus = null;  // [text, state], for calculators set up after it was shown
let nextId = 1;
let inFlight = null;    // {id, calc, timer, working, background, sent}
const queue = new Set(); // calculators the player changed, waiting for a computation (oldest first)
// Built results to bring live once Python is up: computed only while no change
// of the player's waits, so a change made as Python becomes ready is answered
// next, not after every other calculator on the page.
const refreshes = new Set();

function setStatus(text, state) {
  lastStatus = [text, state];
  for (const c of calcs) showStatus(c, text, state);
  for (const listen of statusListeners) listen(text, state);
}

function showStatus(c, text, state) {
  c.statusText.textContent = text;
  c.status.dataset.state = state;
  c.retry.hidden = state !== "failed";
}

// Whether the browser reports a fast connection that the reader does not pay
// for by the byte: no Data Saver, not a phone network, "4g" as its effective
// type (Network Information API; false where the browser does not have it).
function fastUnmetered() {
  const connection = navigator.connection;
  if (!connection || connection.saveData) return false;
  if (connection.type === "cellular" || connection.type === "wimax") return false;
  return connection.effectiveType === "4g";
}

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

function startWorker() {
  if (readyPromise) return readyPromise;
  readyPromise = new Promise((resolve, reject) => {
    let timer = null;
    const fail = (message) => {
      clearTimeout(timer);
      if (worker) worker.terminate();
      worker = null;
      pythonReady = false;
      readyPromise = null; // the next change, or "Try again", starts afresh
      setStatus(`Live results are unavailable (${message}).`, "failed");
      reject(new Error(message));
    };
    const restartClock = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(`the calculator engine did not start within ${STARTUP_TIMEOUT_MS / 1000} s`), STARTUP_TIMEOUT_MS);
    };
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      fail("this browser cannot run WebAssembly in a worker");
      return;
    }
    setStatus("Loading the calculator engine…", "loading");
    restartClock();
    try {
      worker = new Worker(WORKER_URL, { type: "module", name: "voidref-python" });
      window.voidrefCalcTiming = Object.assign(window.voidrefCalcTiming || {}, { created: performance.now() });
    } catch (err) {
      clearTimeout(timer);
      fail("this browser cannot start a module worker");
      return;
    }
    worker.onerror = (event) => {
      event.preventDefault();
      clearTimeout(timer);
      fail("the Python worker could not be loaded");
    };
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "ready") {
        clearTimeout(timer);
        window.voidrefCalcTiming = Object.assign(window.voidrefCalcTiming || {}, msg.timing, {
          ready: performance.now(),
          workerStarted: msg.timing.startedAt - performance.timeOrigin,
        });
        setStatus("Ready: results update as you change the inputs.", "ready");
        pythonReady = true;
        resolve();
        refreshPrebuilt();
      } else if (msg.type === "progress") {
        if (pythonReady) return;
        restartClock();
        // The build lists the files and their sizes (config.mjs); the worker
        // adds up those that have arrived.
        setStatus(msg.total
          ? `Loading the calculator engine: ${megabytes(msg.bytes)} of ${megabytes(msg.total)} MB…`
          : "Loading the calculator engine…", "loading");
      } else if (msg.type === "kept") {
        // Python's memory is kept on this device (kept.mjs): how long making it took, and its size.
        Object.assign(window.voidrefCalcTiming, { keptMs: msg.ms, keptBytes: msg.bytes, keptAt: performance.now() });
      } else if (msg.type === "failed") {
        fail(msg.message);
      } else if (msg.type === "result") {
        onResult(msg);
      } else if (msg.type === "answer") {
        onAnswer(msg);
      }
    };
    worker.postMessage({ type: "init" });
  });
  readyPromise.then(() => setTimeout(keepForLater, SW_AFTER_READY_MS), () => {});
  return readyPromise;
}

function refreshPrebuilt() {
  // Python is up: a result left over from a failed start is computed first
  // (its inputs may have changed since); a built result, true for the inputs
  // shown, is brought live in the background (not dimmed meanwhile).
  for (const c of calcs) {
    if (c.result.dataset.state === "failed") request(c);
    else if (c.result.dataset.state === "prebuilt") request(c, true);
  }
}

function readInputs(c) {
  const inputs = {};
  for (const el of c.form.elements) {
    if (!el.name) continue;
    inputs[el.name] = el.type === "checkbox" ? (el.checked ? "1" : "0") : el.value;
  }
  return inputs;
}

function writeInputs(c, inputs) {
  for (const el of c.form.elements) {
    if (!el.name || !(el.name in inputs)) continue;
    if (el.type === "checkbox") el.checked = inputs[el.name] === "1";
    else el.value = inputs[el.name];
  }
}

function updateUrl() {
  const params = new URLSearchParams(location.search);
  for (const c of calcs) {
    const now = readInputs(c);
    for (const [name, value] of Object.entries(now)) {
      const key = `${c.key}.${name}`;
      if (value === c.defaults[name]) params.delete(key);
      else params.set(key, value);
    }
    writePinnedParam(c, params);
  }
  const query = params.toString();
  history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
}

function shareUrl(c) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(readInputs(c))) {
    if (value !== c.defaults[name]) params.set(`${c.key}.${name}`, value);
  }
  writePinnedParam(c, params);
  const query = params.toString();
  return location.origin + location.pathname + (query ? "?" + query : "") + "#" + c.root.id;
}

function request(c, background = false) {
  if (background) {
    if (queue.has(c)) return;
    refreshes.add(c);
  } else {
    refreshes.delete(c);
    queue.add(c);
    c.result.dataset.state = "pending";
    c.root.dataset.state = "pending";
  }
  startWorker().then(pump, () => {
    queue.delete(c);
    if (refreshes.delete(c)) return; // the built result is still right for the inputs shown
    // Not dimmed, and labelled: it is still a true answer, for other inputs.
    c.general.hidden = false;
    c.general.textContent = c.everLive
      ? "The result below is for the inputs before your last change."
      : "The result below is for the default inputs (computed when this page was built), not for the inputs above.";
    c.result.dataset.state = "failed";
    c.root.dataset.state = "failed";
  });
}

function pump() {
  if (inFlight || !worker) return;
  const background = queue.size === 0;
  const from = background ? refreshes : queue;
  if (from.size === 0) return;
  const c = from.values().next().value;
  from.delete(c);
  const id = nextId++;
  const timeoutMs = Number(c.root.dataset.timeoutMs) || COMPUTE_TIMEOUT_MS;
  const timer = setTimeout(() => onTimeout(c, timeoutMs), timeoutMs);
  const workingMs = c.root.dataset.workingMs === undefined ? WORKING_MS : Number(c.root.dataset.workingMs);
  // Nothing to say for a background refresh: the player is not waiting for it.
  const working = background ? null : setTimeout(() => showWorking(c), workingMs);
  inFlight = { id, calc: c, timer, working, background, sent: performance.now() };
  worker.postMessage({ type: "run", id, slug: c.slug, inputs: withPinned(c, readInputs(c)) });
}

// The answer is taking a while: say so where the player looks (the status
// line, announced politely, and the pinned headline kept in view on a phone).
function showWorking(c) {
  c.working = true;
  showStatus(c, "Working it out: larger inputs take a moment…", "working");
  if (c.pinned) c.pinned.dataset.working = "true";
  c.result.setAttribute("aria-busy", "true");
}

function doneWorking(c) {
  if (!c.working) return;
  c.working = false;
  if (lastStatus) showStatus(c, lastStatus[0], lastStatus[1]);
  if (c.pinned) delete c.pinned.dataset.working;
  c.result.removeAttribute("aria-busy");
}

function onTimeout(c, timeoutMs) {
  clearTimeout(inFlight && inFlight.working);
  doneWorking(c);
  inFlight = null;
  if (worker) worker.terminate();
  worker = null;
  readyPromise = null;
  pythonReady = false;
  c.general.hidden = false;
  c.general.textContent = `This computation took longer than ${timeoutMs / 1000} s and was stopped. Try smaller numbers.`;
  c.result.dataset.state = "stale";
  c.root.dataset.state = "timeout";
  setStatus("Stopped a long computation; Python restarts at the next change.", "stopped");
  queue.delete(c);
  if (queue.size || refreshes.size) startWorker().then(pump, () => {});
}

function onResult(msg) {
  if (!inFlight || inFlight.id !== msg.id) return;
  const c = inFlight.calc;
  clearTimeout(inFlight.timer);
  clearTimeout(inFlight.working);
  c.lastMs = performance.now() - inFlight.sent;
  const background = inFlight.background;
  inFlight = null;
  if (!queue.has(c) && !c.waiting) { // else newer inputs follow (still working, if it said so)
    doneWorking(c);
    show(c, msg.result);
  }
  if (!background) keepForLater(); // the player's first answer is in
  pump();
}

function show(c, out) {
  const errors = out.errors || {};
  for (const el of c.form.elements) {
    if (!el.name) continue;
    const slot = c.root.querySelector(`#${CSS.escape(el.id)}-err`);
    const message = errors[el.name] || "";
    if (slot) slot.textContent = message;
    if (message) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");
  }
  c.general.textContent = out.error || "";
  c.general.hidden = !out.error;
  if (out.ok) {
    c.result.innerHTML = out.html; // built by voidref.calc.results.to_html: every text is escaped
    c.text.textContent = out.text;
    if (c.pinned) {
      c.pinned.textContent = out.text.split("\n")[0];
      c.pinned.dataset.state = "live";
    }
    showComparison(c, out);
    c.result.dataset.state = "live";
    c.root.dataset.state = "live";
    c.everLive = true;
    const timing = (window.voidrefCalcTiming = window.voidrefCalcTiming || {});
    if (timing.firstLive === undefined) timing.firstLive = performance.now();
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

async function copyText(c, text, what) {
  try {
    await navigator.clipboard.writeText(text);
    c.statusText.textContent = `Copied the ${what}.`;
  } catch (err) {
    c.statusText.textContent = `Could not copy the ${what}: your browser refused access to the clipboard.`;
  }
}

function setUp(root) {
  const c = {
    root,
    slug: root.dataset.calc,
    key: root.dataset.key,
    form: root.querySelector("form"),
    status: root.querySelector(".vc-status"),
    statusText: null,
    retry: null,
    result: root.querySelector(".vc-result"),
    text: root.querySelector(".vc-text"),
    pinned: root.querySelector(".vc-pinned"),
    general: root.querySelector(".vc-general-error"),
  };
  c.defaults = readInputs(c);
  // The status line: its text (announced politely) and a "Try again" button
  // shown only after a failed start.
  c.statusText = document.createElement("span");
  c.statusText.textContent = c.status.textContent;
  c.retry = document.createElement("button");
  c.retry.type = "button";
  c.retry.className = "vc-retry";
  c.retry.textContent = "Try again";
  c.retry.hidden = true;
  c.status.replaceChildren(c.statusText, " ", c.retry);
  c.retry.addEventListener("click", () => {
    for (const other of calcs) if (other.result.dataset.state === "failed" || other.waiting) request(other);
    if (!readyPromise) request(c);
  });
  if (lastStatus) showStatus(c, lastStatus[0], lastStatus[1]);
  root.querySelector(".vc-actions").hidden = false;
  const params = new URLSearchParams(location.search);
  const restored = {};
  for (const name of Object.keys(c.defaults)) {
    const value = params.get(`${c.key}.${name}`);
    if (value !== null) restored[name] = value;
  }
  c.form.addEventListener("submit", (event) => event.preventDefault());
  let debounce = null;
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
  // "−" and "+" beside a number box move it by one within the field's range
  // (data-low/data-high, written from the field's definition at build time).
  for (const button of c.form.querySelectorAll(".vc-step")) {
    button.addEventListener("click", () => {
      const box = button.parentElement.querySelector("input");
      const low = Number(box.dataset.low);
      const high = Number(box.dataset.high);
      const now = Number.parseInt(box.value.replace("\u2212", "-"), 10);
      const start = Number.isNaN(now) ? Number(c.defaults[box.name]) : now;
      const next = Math.min(high, Math.max(low, start + Number(button.dataset.step)));
      if (String(next) === box.value) return;
      box.value = String(next);
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  c.form.addEventListener("input", changed);
  c.form.addEventListener("change", changed);
  // The player reaches for this calculator: start Python now, so it is
  // (nearly) ready by the time the first change is made.
  for (const type of ["pointerdown", "focusin"]) {
    root.addEventListener(type, () => { if (!pythonReady) startWorker().catch(() => {}); }, { passive: true });
  }
  // A mouse that rests on the calculator's inputs is most likely on its way
  // to one of them: start Python then, a little ahead of the click. Only where
  // the browser says the connection is fast and not metered (fastUnmetered):
  // a reader who merely leaves the mouse there must not pay for the runtime
  // on mobile data or a slow line, and browsers that do not say wait for the
  // click. The short wait skips a pointer that only sweeps across.
  let hover = null;
  c.form.addEventListener("pointerenter", (event) => {
    if (readyPromise || event.pointerType !== "mouse" || !fastUnmetered()) return;
    clearTimeout(hover);
    hover = setTimeout(() => { if (!readyPromise) startWorker().catch(() => {}); }, HOVER_MS);
  });
  c.form.addEventListener("pointerleave", () => clearTimeout(hover));
  root.querySelector(".vc-copy").addEventListener("click", () => copyText(c, c.text.textContent, "result"));
  root.querySelector(".vc-link").addEventListener("click", () => copyText(c, shareUrl(c), "link"));
  root.querySelector(".vc-reset").addEventListener("click", () => {
    writeInputs(c, c.defaults);
    changed();
  });
  const pinnedRestored = setUpCompare(c, params);
  if (Object.keys(restored).length || pinnedRestored) {
    writeInputs(c, restored);
    c.result.dataset.state = "stale";
    showStatus(c, "Restoring the shared setup: loading the calculator engine…", "loading");
    queueMicrotask(() => request(c));
  }
  return c;
}

// -- Compare two setups: A (pinned) and B (the inputs shown) ---------------
// Only moves inputs and Python's answer: the comparison itself is computed by
// voidref.calc.compare, which run_json calls when the inputs carry "A".

function setUpCompare(c, params) {
  // Returns true when the page's URL restored a pinned setup A.
  c.pin = c.root.querySelector(".vc-pin");
  c.unpin = c.root.querySelector(".vc-unpin");
  c.compare = c.root.querySelector(".vc-compare");
  c.pinnedA = null;
  if (!c.pin || !c.compare) return false;
  c.pin.addEventListener("click", () => {
    c.pinnedA = readInputs(c);
    afterPinChange(c);
  });
  c.unpin.addEventListener("click", () => {
    c.pinnedA = null;
    afterPinChange(c);
    c.pin.focus();
  });
  const raw = params.get(`${c.key}.A`);
  if (raw === null) return false;
  let saved = {};
  try {
    saved = JSON.parse(raw);
  } catch (err) {
    saved = {};
  }
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) saved = {};
  c.pinnedA = Object.assign({}, c.defaults);
  for (const name of Object.keys(c.defaults)) if (typeof saved[name] === "string") c.pinnedA[name] = saved[name];
  c.unpin.hidden = false;
  c.root.dataset.compare = "pinned";
  return true;
}

function afterPinChange(c) {
  c.unpin.hidden = !c.pinnedA;
  if (c.pinnedA) c.root.dataset.compare = "pinned";
  else delete c.root.dataset.compare;
  if (!c.pinnedA) {
    c.compare.hidden = true;
    c.compare.replaceChildren();
  }
  updateUrl();
  request(c);
}

function withPinned(c, inputs) {
  return c.pinnedA ? Object.assign({}, inputs, { A: c.pinnedA }) : inputs;
}

function writePinnedParam(c, params) {
  const key = `${c.key}.A`;
  if (!c.pinnedA) {
    params.delete(key);
    return;
  }
  const differs = {};
  for (const [name, value] of Object.entries(c.pinnedA)) if (value !== c.defaults[name]) differs[name] = value;
  params.set(key, JSON.stringify(differs));
}

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

function setUpPage() {
  calcs.push(...[...document.querySelectorAll(".voidref-calc")].map(setUp));
  if (!calcs.length) return;
  if (pythonReady) refreshPrebuilt();
}

let keptForLater = false;
function keepForLater() {
  // Once the player has used a calculator: Python has started and answered
  // the player's first change (or has had nothing to answer for a moment).
  // Then the service worker is asked to keep the site for offline use, and
  // the Python worker keeps its Python on this device (kept.mjs: a later
  // visit restores it rather than starting Python again; nothing is
  // downloaded for it). Not sooner: caching the whole site fetches and
  // stores files, which would otherwise compete with Python's start-up and
  // that first answer for the network and the processor (measured: the
  // first answer came about 0.3 s later).
  if (keptForLater) return;
  // A change of the player's is waiting or being worked out: its answer calls this again (onResult).
  if (queue.size || (inFlight && !inFlight.background) || asked.size) return;
  keptForLater = true;
  if (worker && pythonReady) worker.postMessage({ type: "keep" });
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  navigator.serviceWorker.register(SW_URL).catch(() => {});
}

// -- Other parts of a page that ask Python (examples.js) --------------------
// The example pages' Run buttons and replay forms use the same worker, started
// the same way (on demand, with the same progress, timeout and retry). They
// send {type: "examples", call, args}; the worker answers {type: "answer"}
// with what voidref.calc.examples.run_json returned.

const statusListeners = []; // (text, state) => void, told every status change
const asked = new Map();    // id -> {resolve, reject, timer}

// Python's answer to one question, or a rejection naming why there is none
// (Python did not start, or the computation ran longer than timeoutMs and the
// worker was ended; a new one starts at the next question).
export function askPython(call, args, timeoutMs = COMPUTE_TIMEOUT_MS) {
  return startWorker().then(() => new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      asked.delete(id);
      if (worker) worker.terminate();
      worker = null;
      readyPromise = null;
      pythonReady = false;
      setStatus("Stopped a long computation; Python restarts at the next run.", "stopped");
      reject(new Error(`it took longer than ${timeoutMs / 1000} s and was stopped`));
    }, timeoutMs);
    asked.set(id, { resolve, timer });
    worker.postMessage({ type: "examples", id, call, args });
  }));
}

export function onPythonStatus(listen) {
  statusListeners.push(listen);
  if (lastStatus) listen(lastStatus[0], lastStatus[1]);
}

function onAnswer(msg) {
  const waiting = asked.get(msg.id);
  if (!waiting) return;
  asked.delete(msg.id);
  clearTimeout(waiting.timer);
  waiting.resolve(msg.answer);
  keepForLater();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();
window.voidrefCalc = { start: startWorker, calcs, ask: askPython };
