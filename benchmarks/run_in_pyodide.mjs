// Run one of the benchmarks/ scripts inside Pyodide under node (the runtime the site serves), to see
// what the browser's worker pays without a browser: the repository is mounted and put first on the path.
//
// Usage: node benchmarks/run_in_pyodide.mjs benchmarks/bench_calculators.py [its arguments...]
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ stdout: (/** @type {string} */ s) => console.log(s),
                               stderr: (/** @type {string} */ s) => console.error(s) });
py.FS.mkdirTree("/repo");
py.mountNodeFS("/repo", root);
py.globals.set("script_args", py.toPy([path.join("/repo", script), ...args]));
try {
  py.runPython(`
import runpy, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
sys.argv = list(script_args)
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as exc:
    if exc.code not in (0, None):
        raise
`);
} catch (err) {
  console.error(String(/** @type {Error} */ (err).message).slice(-3000));
  process.exit(1);
}
