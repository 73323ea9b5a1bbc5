// Start Pyodide from a built site's own files as the calculators' worker does
// (docs/_static/calc/worker.mjs: the trimmed standard library, the compiled
// wheel on sys.path, _voidref_dataclasses imported first), then run every
// calculator at its defaults. Prints one JSON line for tests/test_site_wheel.py:
// whether the wheel holds _voidref_dataclasses, every text dataclasses had to
// compile after all (none expected), a dataclass's docstring, and each
// calculator's plain-text result.
//
// Usage: node tests/pyodide/run_site_wheel.mjs <built site>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2]);
const pyodideDir = path.join(site, "_static", "pyodide") + path.sep;
const config = await import(pathToFileURL(path.join(site, "_static", "calc", "config.mjs")).href);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir, stdLibURL: path.join(pyodideDir, config.STDLIB),
                               lockFileContents: config.LOCK, stdout: () => {}, stderr: () => {} });
py.FS.writeFile("/lib/voidref.whl", new Uint8Array(fs.readFileSync(path.join(site, "_static", "calc", config.WHEEL.split("?")[0]))));
console.log(py.runPython(`
import builtins, dataclasses, json, sys
sys.path.insert(0, "/lib/voidref.whl")
compiled = []
try:
    import _voidref_dataclasses
except ImportError:
    has_module = False
else:
    has_module = True
    def counting_exec(source, globals=None, locals=None, /):
        if source not in _voidref_dataclasses.CODE:
            compiled.append(source.splitlines()[0])
        return _voidref_dataclasses.exec(source, globals, locals)
    dataclasses.exec = counting_exec
from voidref import calc
from voidref.calc.fields import IntField
results = {c.slug: calc.run(c.slug, {})["text"] for c in calc.calculators()}
json.dumps({"has_module": has_module, "compiled": compiled, "doc": IntField.__doc__, "results": results})
`));
