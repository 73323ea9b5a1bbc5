// ESLint (flat config): its recommended rules over every JavaScript file of
// the repository, each with the globals of where it runs. Run by .ci/lint
// (make lint, make test): `npx eslint .`. Types are checked by TypeScript
// (tsconfig.json, tsconfig.worker.json, tsconfig.node.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  // (What .gitignore leaves out: installed packages, builds, and what old builds left in docs/_static/.)
  { ignores: ["node_modules/", "_build/", ".venv/", "build/", "dist/", "docs/_static/pyodide/", "docs/_static/wheels/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
    },
  },
  {
    // The pages' scripts: ES modules (calc.js, examples.js, shared/) and classic scripts.
    files: ["docs/_static/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["docs/_static/*.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    // The Python worker and what it imports.
    files: ["docs/_static/calc/*.mjs", "docs/_static/calc/shared/handoff.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    // The service worker (a classic script, filled in by offline.py).
    files: ["docs/_ext/voidref_calculators/js/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    // Run by node: the build's scripts, the tests' and the benchmarks', this file.
    files: ["docs/_ext/voidref_calculators/js/*.mjs", "tests/**/*.mjs", "benchmarks/**/*.mjs", "*.js"],
    languageOptions: { globals: globals.node },
  },
  {
    // Driving a browser: the functions it hands to page.evaluate run in the page.
    files: ["tests/engines/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
