// voidref calculators: the module Web Worker that runs Python.
//
// It loads Pyodide (served from this site), unpacks the voidref wheel built
// from the same commit as the page, and answers {type: "run"} messages by
// calling voidref.calc.run_json. No rule is computed in JavaScript.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { WHEEL } from "./config.mjs";

let runJson = null;

async function start() {
  const t0 = performance.now();
  if (typeof WebAssembly !== "object") throw new Error("this browser cannot run WebAssembly");
  const wheel = fetch(new URL(WHEEL, import.meta.url)); // in parallel with Python's start-up
  const py = await loadPyodide({
    indexURL: new URL("../pyodide/", import.meta.url).href,
    stdout: () => {},
    stderr: () => {},
  });
  const tPython = performance.now();
  const response = await wheel;
  if (!response.ok) throw new Error(`the voidref wheel could not be loaded (HTTP ${response.status})`);
  py.unpackArchive(await response.arrayBuffer(), "wheel");
  const tWheel = performance.now();
  runJson = py.pyimport("voidref.calc").run_json;
  const tImport = performance.now();
  return { python: tPython - t0, wheel: tWheel - tPython, import: tImport - tWheel, total: tImport - t0 };
}

const starting = start();

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
    } catch (err) {
      self.postMessage({ type: "result", id: msg.id, result: { ok: false, errors: {}, error: "Python failed: " + String(err && err.message ? err.message : err).split("\n").slice(-2).join(" ") } });
    }
  }
};
