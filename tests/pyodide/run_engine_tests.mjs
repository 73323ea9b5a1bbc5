// Run voidref's doctests inside Pyodide under node, from the same npm package
// the site serves, so we know the browser runs the same engine.
//
// Usage: node tests/pyodide/run_engine_tests.mjs <repo root>
// Prints one JSON line: doctest counts and failures, and every calculator's
// plain-text result at its default inputs (compared with CPython by
// tests/test_browser_pyodide.py).
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(process.argv[2] || ".");
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", root);
let out;
try {
  out = py.runPython(`
import doctest, importlib, json, pkgutil, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
import voidref

flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
attempted = failed = 0
failures = []
modules = []
for info in pkgutil.walk_packages(voidref.__path__, "voidref."):
    if not info.name.endswith("__main__"):
        modules.append(info.name)
for name in ["voidref"] + sorted(modules):
    try:
        module = importlib.import_module(name)
    except Exception as exc:
        failed += 1
        failures.append(f"import {name}: {type(exc).__name__}: {exc}")
        continue
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=flags)
    for test in finder.find(module, name):
        test.globs.setdefault("Fraction", __import__("fractions").Fraction)
        captured = []
        runner.run(test, out=captured.append)
        if captured:
            failures.append("".join(captured)[-1500:])
    attempted += runner.tries
    failed += runner.failures

from voidref import calc
results = {c.slug: calc.run(c.slug, {})["text"] for c in calc.calculators()}
json.dumps({"python": sys.version, "modules": len(modules) + 1, "attempted": attempted,
            "failed": failed, "failures": failures, "calculators": results})
`);
} catch (err) {
  console.log(JSON.stringify({ error: String(/** @type {Error} */ (err).message).slice(-3000) }));
  process.exit(1);
}
console.log(out);
