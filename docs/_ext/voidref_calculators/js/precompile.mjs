// Build-time node script (run by docs/_ext/voidref_calculators/pyodide.py):
// compile Python to bytecode with Pyodide's own interpreter, so the bytecode
// matches the Python the browser runs.
//
//   node precompile.mjs PYODIDE_DIR STDLIB_IN STDLIB_OUT WHEEL_IN WHEEL_OUT
//
// Writes WHEEL_OUT: the wheel WHEEL_IN with a __pycache__/*.pyc beside each
// module. Writes STDLIB_OUT (unless it is ""): Pyodide's standard library zip
// STDLIB_IN with each .py replaced by its .pyc. The work itself is done by
// precompile_in_pyodide.py, inside Pyodide, on files under /work.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibIn, stdlibOut, wheelIn, wheelOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide();
py.FS.mkdirTree("/work");
if (stdlibOut) py.FS.writeFile("/work/stdlib.zip", fs.readFileSync(stdlibIn));
py.FS.writeFile("/work/wheel.zip", fs.readFileSync(wheelIn));
py.runPython(fs.readFileSync(new URL("./precompile_in_pyodide.py", import.meta.url), "utf8"));
fs.writeFileSync(wheelOut, py.FS.readFile("/work/wheel-out.zip"));
if (stdlibOut) fs.writeFileSync(stdlibOut, py.FS.readFile("/work/stdlib-out.zip"));
