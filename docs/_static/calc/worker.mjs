// voidref calculators: the module Web Worker that runs Python.
//
// It starts Pyodide (served from this site) with voidref already imported,
// from the memory snapshot made at build time from the same commit as the
// page, and unpacks that commit's voidref wheel after the first result. If
// the snapshot is missing or unusable, it starts Pyodide cold and unpacks the
// wheel first: slower, same answers. It answers {type: "run"} messages by
// calling voidref.calc.run_json. No rule is computed in JavaScript.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { WHEEL, SNAPSHOT } from "./config.mjs";

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const QUIET = { stdout: () => {}, stderr: () => {} };
let runJson = null;
let wheelLater = null; // after a snapshot start: the Pyodide to unpack the wheel into, after the first result

const marks = {};

function unpackSnapshot(packed) {
  // Layout written at build time (docs/_ext/voidref_calculators/js/snapshot.mjs):
  // "VRSNAP01", memory length, page size, page count (u32 little-endian),
  // one byte per page (1 = stored), then the stored pages in order.
  const bytes = new Uint8Array(packed);
  const view = new DataView(packed);
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== "VRSNAP01") throw new Error("not a voidref snapshot");
  const length = view.getUint32(8, true);
  const page = view.getUint32(12, true);
  const pages = view.getUint32(16, true);
  const memory = new Uint8Array(length);
  let at = 20 + pages;
  for (let i = 0; i < pages; i++) {
    if (!bytes[20 + i]) continue;
    const size = Math.min(page, length - i * page);
    memory.set(bytes.subarray(at, at + size), i * page);
    at += size;
  }
  if (at !== bytes.length) throw new Error("truncated voidref snapshot");
  return memory;
}

async function fetchSnapshot() {
  const t0 = performance.now();
  const response = await fetch(new URL(SNAPSHOT, import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const packed = new Blob([await response.arrayBuffer()]);
  marks.snapshotFetched = performance.now() - t0;
  const memory = unpackSnapshot(
    await new Response(packed.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  marks.snapshotUnpacked = performance.now() - t0;
  return memory;
}

async function fromSnapshot() {
  const snapshot = fetchSnapshot();
  snapshot.catch(() => {}); // a failure surfaces through loadPyodide, which falls back
  const py = await loadPyodide({ indexURL: INDEX_URL, ...QUIET, _loadSnapshot: snapshot });
  // The snapshot froze the random generator's state: give this session its own.
  py.runPython("import random; random.seed()");
  return py;
}

async function cold(timing) {
  const wheel = fetch(new URL(WHEEL, import.meta.url)); // in parallel with Python's start-up
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: INDEX_URL, ...QUIET });
  const tPython = performance.now();
  const response = await wheel;
  if (!response.ok) throw new Error(`the voidref wheel could not be loaded (HTTP ${response.status})`);
  py.unpackArchive(await response.arrayBuffer(), "wheel");
  timing.python = tPython - t0;
  timing.wheel = performance.now() - tPython;
  return py;
}

async function start() {
  const t0 = performance.now();
  if (typeof WebAssembly !== "object") throw new Error("this browser cannot run WebAssembly");
  const timing = { snapshot: false };
  let py = null;
  if (SNAPSHOT && typeof DecompressionStream === "function") {
    try {
      py = await fromSnapshot();
      timing.python = performance.now() - t0;
      const tImport = performance.now();
      runJson = py.pyimport("voidref.calc").run_json;
      wheelLater = py;
      Object.assign(timing, marks, { snapshot: true, wheel: 0, import: performance.now() - tImport });
    } catch (err) {
      runJson = null; // the snapshot could not be restored or used: start cold below
    }
  }
  if (!runJson) {
    py = await cold(timing);
    const tImport = performance.now();
    runJson = py.pyimport("voidref.calc").run_json;
    timing.import = performance.now() - tImport;
  }
  // Everything alive now (the interpreter and every voidref module) lives as
  // long as the page: keep it out of the garbage collector's full sweeps, which
  // otherwise visit it all, in the middle of a computation, again and again.
  py.runPython("import gc; gc.freeze()");
  timing.total = performance.now() - t0;
  timing.startedAt = performance.timeOrigin + t0;
  return timing;
}

function unpackWheelLater() {
  // The snapshot already holds every voidref module; the wheel's files (the
  // same commit) only complete the file system, e.g. for source lines in
  // tracebacks. So they come after the first result, off the critical path.
  const py = wheelLater;
  wheelLater = null;
  if (!py) return;
  setTimeout(async () => {
    try {
      const response = await fetch(new URL(WHEEL, import.meta.url));
      if (response.ok) py.unpackArchive(await response.arrayBuffer(), "wheel");
    } catch (err) {
      // Nothing is lost: every module is imported already.
    }
  }, 0);
}

// Progress for the page's status line: the bytes of every file this worker
// has fetched so far (each counted when it has fully arrived).
let progress = null;
if (typeof PerformanceObserver === "function") {
  let received = 0;
  try {
    progress = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) received += entry.encodedBodySize || 0;
      self.postMessage({ type: "progress", bytes: received });
    });
    progress.observe({ type: "resource", buffered: true });
  } catch (err) {
    progress = null; // no resource timing in this browser's workers: no progress shown
  }
}

const starting = start();
starting.finally(() => progress && progress.disconnect()).catch(() => {});

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    try {
      const timing = await starting;
      self.postMessage({ type: "ready", timing });
    } catch (err) {
      self.postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
    }
  } else if (msg.type === "run") {
    try {
      await starting;
      const t0 = performance.now();
      const json = runJson(msg.slug, JSON.stringify(msg.inputs));
      self.postMessage({ type: "result", id: msg.id, result: JSON.parse(json), ms: performance.now() - t0 });
      unpackWheelLater();
    } catch (err) {
      self.postMessage({ type: "result", id: msg.id, result: { ok: false, errors: {}, error: "Python failed: " + String(err && err.message ? err.message : err).split("\n").slice(-2).join(" ") } });
    }
  }
};
