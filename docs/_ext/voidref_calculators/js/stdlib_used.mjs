// Build-time node script (run by docs/_ext/voidref_calculators/pyodide.py):
// which entries of the standard-library zip the page's worker needs.
//
//   node stdlib_used.mjs PYODIDE_DIR STDLIB_ZIP WHEEL IMPORTS_JSON [examples]
//
// Starts Pyodide from STDLIB_ZIP as the worker does (docs/_static/calc/worker.mjs),
// puts WHEEL on sys.path, makes a Python error cross into JavaScript (as a failed
// computation would), runs used_modules.py and prints its JSON list of zip
// entries. Run with the trimmed zip, it checks that nothing is missing: any
// import error fails the script. With "examples", the example pages' work runs
// too (see used_modules.py).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, wheel, imports, examples] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const indexURL = pyodideDir.endsWith(path.sep) ? pyodideDir : pyodideDir + path.sep;
const lock = JSON.parse(fs.readFileSync(path.join(pyodideDir, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({ indexURL, stdLibURL: stdlib, lockFileContents: { info: lock.info, packages: {} },
                               stdout: () => {}, stderr: () => {} });
// As the worker does: the wheel itself on sys.path (zipimport), not unpacked.
py.FS.writeFile("/lib/voidref.whl", new Uint8Array(fs.readFileSync(wheel)));
py.runPython('import sys; sys.path.insert(0, "/lib/voidref.whl")');
try {
  py.runPython("raise ValueError('a Python error reaching JavaScript')");
} catch (err) {
  if (!String(/** @type {Error} */ (err).message).includes("a Python error reaching JavaScript")) throw err;
}
py.globals.set("VOIDREF_IMPORTS", fs.readFileSync(imports, "utf8"));
py.globals.set("VOIDREF_EXAMPLES", examples === "examples" ? "1" : "0");
console.log(py.runPython(fs.readFileSync(new URL("./used_modules.py", import.meta.url), "utf8")));
