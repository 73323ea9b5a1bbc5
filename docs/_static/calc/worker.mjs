// voidref calculators: the module Web Worker that runs Python.
//
// It starts Pyodide (served from this site) with the standard library the
// build trimmed to what the calculators use, and puts the voidref wheel of
// the same commit as the page (fetched while Python starts) onto sys.path.
// Once the player has used a calculator it keeps its Python's memory on the
// device (kept.mjs), and a later visit restores that instead of starting cold.
// It answers {type: "run"} messages by calling voidref.calc.run_json, and the
// example pages' {type: "examples"} messages (run a block as a doctest, replay
// a worked example with changed inputs) by calling
// voidref.calc.examples.run_json, imported on the first such message. No rule
// is computed in JavaScript.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { WHEEL, STDLIB, LOCK, SIZES, RUNTIME_KEY } from "./config.mjs";
import * as config from "./config.mjs";
import { Keeper } from "./kept.mjs";
import { Handoff } from "./shared/handoff.js";

/** @typedef {import("../pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/** @typedef {(...args: string[]) => string} RunJson  a Python function of JSON text to JSON text */

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const WHEEL_PATH = "/lib/voidref.whl";
const QUIET = { stdout: () => {}, stderr: () => {} };
const keeper = new Keeper(RUNTIME_KEY, typeof caches === "object" ? caches : undefined);
/** @type {RunJson | null} voidref.calc.run_json, once Python is up */
let runJson = null;
/** @type {PyodideAPI | null} the Pyodide interface, once started */
let python = null;
/** @type {RunJson | null} voidref.calc.examples.run_json, once an example page asks */
let examplesJson = null;
let canKeep = false; // whether this Python can be kept for later visits (started cold, able to)

// Progress for the page's status line: of the files this worker fetches
// (listed with their sizes by the build in config.mjs), the bytes of those
// that have fully arrived, and the bytes of all of them.
/** @type {Map<string, number>} */
const sizeOf = new Map(Object.entries(SIZES).map(([rel, bytes]) => [new URL("../" + rel, import.meta.url).href, bytes]));
const total = [...sizeOf.values()].reduce((a, b) => a + b, 0);
/** @type {Set<string>} */
const arrived = new Set();
function arrivedBytes() {
  let bytes = 0;
  for (const url of arrived) bytes += sizeOf.get(url) || 0;
  return bytes;
}
/** @param {string} url */
function noteArrived(url) {
  const clean = url.split(/[?#]/)[0];
  if (!sizeOf.has(clean) || arrived.has(clean)) return;
  arrived.add(clean);
  self.postMessage({ type: "progress", bytes: arrivedBytes(), total });
}
let progress = null;
if (typeof PerformanceObserver === "function") {
  try {
    progress = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) noteArrived(entry.name);
    });
    progress.observe({ type: "resource", buffered: true });
  } catch {
    progress = null; // no resource timing in this browser's workers: the total alone is shown
  }
}

// The service worker (sw.js, registered once Python has answered) keeps the
// site for offline use. So that it need not download the runtime a second
// time, this worker leaves it a copy of each runtime file it fetches
// (shared/handoff.js), and the marker "handoff-done" once all are written.
const handoff = typeof caches === "object" ? new Handoff(caches, new URL("handoff-done", import.meta.url).href) : null;
const networkFetch = self.fetch.bind(self);
/** @type {typeof fetch} */
self.fetch = async (input, init) => {
  const response = await networkFetch(input, init);
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href).href;
  if (response.ok && sizeOf.has(url.split(/[?#]/)[0]) && handoff) handoff.offer(url, response);
  return response;
};

// Pyodide compiles its wasm only once its 1.2 MB of JavaScript has loaded and
// run. Compiling starts here instead, as the bytes stream in, while that
// JavaScript loads: Pyodide's own request for the wasm gets an empty stand-in
// and its instantiateStreaming gets this compiled module.
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
/** @type {Promise<WebAssembly.Module> | null} the wasm, compiled as it streams in */
let earlyWasm = null;
/** @type {Record<string, unknown>} ms since start(): the wasm compiled, Pyodide asking for it, and how long it then waited */
const marks = {};
/** @param {number} t0 */
function compileWasmEarly(t0) {
  if (typeof WebAssembly.compileStreaming !== "function") return;
  const realFetch = self.fetch;
  earlyWasm = WebAssembly.compileStreaming(realFetch(WASM_URL)).catch(async () => {
    // e.g. a host that does not send application/wasm: compile from the bytes (the browser's cache has them)
    const response = await realFetch(WASM_URL).catch(() => {
      throw new Error("the Python runtime could not be downloaded");
    });
    if (!response.ok) throw new Error(`the Python runtime could not be loaded (HTTP ${response.status})`);
    return WebAssembly.compile(await response.arrayBuffer());
  });
  earlyWasm.then(() => { marks.wasmCompiled = performance.now() - t0; }, () => {}); // failure: see wasmFailed
  /** @type {typeof fetch} */
  self.fetch = (input, init) => (String(input) === WASM_URL
    ? Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }))
    : realFetch(input, init));
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  /** @type {typeof WebAssembly.instantiateStreaming} */
  WebAssembly.instantiateStreaming = async (_standIn, imports) => {
    WebAssembly.instantiateStreaming = instantiateStreaming; // Pyodide calls it once
    self.fetch = realFetch;
    const asked = performance.now();
    marks.wasmAsked = asked - t0;
    const module = /** @type {WebAssembly.Module} */ (await earlyWasm); // a failure here fails start() at once (see wasmFailed)
    marks.wasmWait = performance.now() - asked;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

// When the last runtime file had fully arrived (ms since start(); resource timing).
/** @param {number} t0 */
function fetchedAt(t0) {
  /** @type {number | null} */
  let last = null;
  for (const entry of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))) {
    if (!sizeOf.has(entry.name.split(/[?#]/)[0]) || !(entry.responseEnd > 0)) continue;
    last = Math.max(last ?? 0, entry.responseEnd - t0);
  }
  return last;
}

// Rejects when the early compile fails (Pyodide would only log that and wait).
/** @returns {Promise<never>} */
function wasmFailed() {
  return earlyWasm ? earlyWasm.then(() => new Promise(() => {})) : new Promise(() => {});
}

// Put a zip on Python's sys.path (first with at = 0, last with -1), unless a
// Python restored from kept memory has it there already.
/**
 * @param {PyodideAPI} py
 * @param {string} path
 * @param {number} at
 */
function onPath(py, path, at) {
  const p = JSON.stringify(path);
  py.runPython(`import sys\nif ${p} not in sys.path: sys.path.${at === 0 ? `insert(0, ${p})` : `append(${p})`}`);
}

async function start() {
  const t0 = performance.now();
  if (typeof WebAssembly !== "object") throw new Error("this browser cannot run WebAssembly");
  compileWasmEarly(t0);
  self.postMessage({ type: "progress", bytes: arrivedBytes(), total });
  const wheelUrl = new URL(WHEEL, import.meta.url).href;
  const wheel = fetch(wheelUrl).then(async (response) => {
    if (!response.ok) throw new Error(`the voidref wheel could not be loaded (HTTP ${response.status})`);
    const bytes = await response.arrayBuffer();
    noteArrived(wheelUrl);
    return bytes;
  }); // in parallel with Python's start-up
  wheel.catch(() => {}); // reported below, once Python is up
  const options = { indexURL: INDEX_URL, stdLibURL: new URL(STDLIB, INDEX_URL).href, lockFileContents: LOCK, ...QUIET };
  // Python as this device kept it after an earlier visit (kept.mjs), if it did:
  // restored, it skips Python's own start and the imports. One that cannot be
  // restored while the wasm is fine is forgotten, and Python starts cold.
  let py = await keeper.restore(marks, t0,
    (snapshot) => Promise.race([wasmFailed(), loadPyodide({ ...options, _loadSnapshot: snapshot })]),
    async () => !earlyWasm || earlyWasm.then(() => true, () => false));
  if (py) marks.restored = true;
  canKeep = !py;
  if (!py) py = await Promise.race([wasmFailed(), loadPyodide({ ...options, _makeSnapshot: true })]);
  const tPython = performance.now();
  // The wheel holds only bytecode: Python imports it as it is, from the zip
  // (zipimport, as it imports the standard library), with no unpacking step
  // (about 50 ms, and the cp437 codec in the standard library for it). Python
  // restored from kept memory has it on sys.path already, and its modules
  // imported, but not the file itself (files live outside Python's memory).
  py.FS.writeFile(WHEEL_PATH, new Uint8Array(await wheel));
  onPath(py, WHEEL_PATH, 0);
  const tWheel = performance.now();
  // The wheel's _voidref_dataclasses holds the bytecode of the methods Python's
  // dataclasses write for voidref's classes (compiled by the build, see
  // docs/_ext/voidref_calculators/js/precompile_in_pyodide.py): imported first,
  // it spares the interpreter compiling them at each import. A wheel built
  // without it (left as sources) works the same, only slower to start.
  py.runPython("try:\n    import _voidref_dataclasses\nexcept ImportError:\n    pass");
  runJson = py.pyimport("voidref.calc").run_json;
  python = py;
  py.runPython("import random; random.seed()");
  // Everything alive now (the interpreter and every voidref module) lives as
  // long as the page: keep it out of the garbage collector's full sweeps, which
  // otherwise visit it all, in the middle of a computation, again and again.
  py.runPython("import gc; gc.freeze()");
  const tEnd = performance.now();
  if (handoff) handoff.finish().catch(() => {});
  return {
    python: tPython - t0, wheel: tWheel - tPython, import: tEnd - tWheel,
    total: tEnd - t0, startedAt: performance.timeOrigin + t0, bytes: total, restored: false, ...marks,
    fetched: fetchedAt(t0),
  };
}

const starting = start();
starting.finally(() => progress && progress.disconnect()).catch(() => {});

// The example pages' Python: the standard-library modules only they use
// (doctest and its imports, kept out of the calculators' start-up by the
// build, config.STDLIB_EXAMPLES) are fetched on their first question and
// imported from their zip, like the wheel (no unpacking, which would need the
// cp437 codec the trimmed standard library leaves out), then
// voidref.calc.examples is imported.
const EXAMPLES_ZIP = "/lib/python_stdlib_examples.zip";
/** @type {Promise<RunJson> | null} */
let examplesLoading = null;
/** @param {PyodideAPI} python */
function examplesModule(python) {
  examplesLoading = examplesLoading || (async () => {
    if (config.STDLIB_EXAMPLES) {
      const response = await fetch(new URL("../pyodide/" + config.STDLIB_EXAMPLES, import.meta.url));
      if (!response.ok) throw new Error(`the example pages' modules could not be loaded (HTTP ${response.status})`);
      python.FS.writeFile(EXAMPLES_ZIP, new Uint8Array(await response.arrayBuffer()));
      onPath(python, EXAMPLES_ZIP, -1);
    }
    return python.pyimport("voidref.calc.examples").run_json;
  })();
  examplesLoading.catch(() => { examplesLoading = null; });
  return examplesLoading;
}

const KEEP_WHEN_IDLE_MS = 1000;
let keepWhenIdle = false; // calc.js asked to keep this Python, and it is not kept yet
/** @type {ReturnType<typeof setTimeout> | undefined} */
let idleTimer;
let busy = 0; // messages being handled
function idle() {
  clearTimeout(idleTimer);
  if (!keepWhenIdle || busy) return;
  idleTimer = setTimeout(async () => {
    keepWhenIdle = canKeep = false;
    const made = await keeper.keep(python);
    if (made) self.postMessage({ type: "kept", ...made });
  }, KEEP_WHEN_IDLE_MS);
}

self.onmessage = async (event) => {
  clearTimeout(idleTimer); // a question puts the keeping off until it is answered and the worker idles again
  busy += 1;
  try {
    await handle(event.data);
  } finally {
    busy -= 1;
    idle();
  }
};

/**
 * What the page sends (calc.js, examples.js through shared/python.js).
 * @typedef {{type: "init"} | {type: "keep"} | {type: "run", id: number, slug: string, inputs: object}
 *   | {type: "examples", id: number, call: string, args: object}} Message
 */

/** @param {unknown} err */
function failure(err) {
  return "Python failed: " + String(err instanceof Error && err.message ? err.message : err).split("\n").slice(-2).join(" ");
}

/** @param {Message} msg */
async function handle(msg) {
  if (msg.type === "init") {
    try {
      const timing = await starting;
      self.postMessage({ type: "ready", timing });
    } catch (err) {
      self.postMessage({ type: "failed", message: String(err instanceof Error && err.message ? err.message : err) });
    }
  } else if (msg.type === "run") {
    try {
      await starting;
      const t0 = performance.now();
      const json = /** @type {RunJson} */ (runJson)(msg.slug, JSON.stringify(msg.inputs));
      self.postMessage({ type: "result", id: msg.id, result: JSON.parse(json), ms: performance.now() - t0 });
    } catch (err) {
      self.postMessage({ type: "result", id: msg.id, result: { ok: false, errors: {}, error: failure(err) } });
    }
  } else if (msg.type === "keep") {
    // The player has used a calculator (calc.js): keep this Python for later
    // visits, once the worker has had no question for KEEP_WHEN_IDLE_MS
    // (making the snapshot holds the worker for about 0.1 s: it is made
    // while the player reads, not while a change waits for its answer).
    try {
      await starting;
    } catch {
      return;
    }
    keepWhenIdle = canKeep; // not a Python restored from kept memory (idle() runs once this is handled)
  } else if (msg.type === "examples") {
    try {
      await starting;
      examplesJson = examplesJson || await examplesModule(/** @type {PyodideAPI} */ (python));
      const t0 = performance.now();
      const json = examplesJson(msg.call, JSON.stringify(msg.args));
      self.postMessage({ type: "answer", id: msg.id, answer: JSON.parse(json), ms: performance.now() - t0 });
    } catch (err) {
      self.postMessage({ type: "answer", id: msg.id, answer: { ok: false, error: failure(err) } });
    }
  }
}
