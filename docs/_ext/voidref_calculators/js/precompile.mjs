// Build-time node script (run by docs/_ext/voidref_calculators/pyodide.py):
// compile Python with Pyodide's own interpreter, so the bytecode matches the
// Python the browser runs.
//
//   node precompile.mjs PYODIDE_DIR stdlib STDLIB_IN ENTRIES_JSON STDLIB_OUT
//   node precompile.mjs PYODIDE_DIR wheel WHEEL_IN WHEEL_OUT
//
// stdlib: STDLIB_IN is Pyodide's standard-library zip (sources); ENTRIES_JSON
// lists the entries to keep (stdlib_used.mjs found them); STDLIB_OUT gets
// each of them as bytecode. wheel: WHEEL_OUT is WHEEL_IN with its modules as
// bytecode. The work is done by precompile_in_pyodide.py, inside Pyodide, on
// files under /work.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, what, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/work");
if (what === "stdlib") {
  py.FS.writeFile("/work/stdlib.zip", fs.readFileSync(args[0]));
  py.FS.writeFile("/work/entries.json", fs.readFileSync(args[1]));
} else if (what === "wheel") {
  py.FS.writeFile("/work/wheel.zip", fs.readFileSync(args[0]));
} else {
  throw new Error(`precompile.mjs: expected "stdlib" or "wheel" (got ${what})`);
}
py.runPython(fs.readFileSync(new URL("./precompile_in_pyodide.py", import.meta.url), "utf8"));
if (what === "stdlib") fs.writeFileSync(args[2], py.FS.readFile("/work/stdlib-out.zip"));
else fs.writeFileSync(args[1], py.FS.readFile("/work/wheel-out.zip"));
