// What docs/_ext/voidref_calculators/pyodide.py writes into _static/calc/config.mjs (keep in step).
/** The voidref wheel's file name, beside config.mjs. */
export const WHEEL: string;
/** The trimmed standard library's file name, in _static/pyodide/. */
export const STDLIB: string;
/** The example pages' extra standard-library zip, in _static/pyodide/ (null if none). */
export const STDLIB_EXAMPLES: string | null;
/** Pyodide's lock file without its packages. */
export const LOCK: import("pyodide").Lockfile;
/** Each file the worker fetches (path under _static/) and the bytes a static host sends for it. */
export const SIZES: Record<string, number>;
/** What Python is made of in this build: a device keeps Python's memory under this name (kept.mjs). */
export const RUNTIME_KEY: string;
export const PYODIDE_VERSION: string;
export const HAVE_PYODIDE: boolean;
