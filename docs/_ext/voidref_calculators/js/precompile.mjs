// Build-time node script (run by docs/_ext/voidref_calculators/pyodide.py):
// the trimmed standard library, compiled by Pyodide's own interpreter so the
// bytecode matches the Python the browser runs.
//
//   node precompile.mjs PYODIDE_DIR STDLIB_IN ENTRIES_JSON STDLIB_OUT
//
// STDLIB_IN is Pyodide's standard-library zip (sources); ENTRIES_JSON lists
// the entries to keep (stdlib_used.mjs found them); STDLIB_OUT gets each of
// them as bytecode. The work is done by precompile_in_pyodide.py, inside
// Pyodide, on files under /work.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibIn, entries, stdlibOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/work");
py.FS.writeFile("/work/stdlib.zip", fs.readFileSync(stdlibIn));
py.FS.writeFile("/work/entries.json", fs.readFileSync(entries));
py.runPython(fs.readFileSync(new URL("./precompile_in_pyodide.py", import.meta.url), "utf8"));
fs.writeFileSync(stdlibOut, py.FS.readFile("/work/stdlib-out.zip"));
