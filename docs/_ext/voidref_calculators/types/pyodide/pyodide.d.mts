// _static/pyodide/pyodide.mjs is node_modules/pyodide/pyodide.mjs, copied by the build (pyodide.py).
export * from "pyodide";
