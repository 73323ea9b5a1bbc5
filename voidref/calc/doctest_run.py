"""Run one worked-example block as a doctest and say, example by example, whether it matched.

The example pages' ``{doctest}`` blocks share one namespace per page (Sybil and
``sphinx-build -b doctest`` run them in order). In the browser a player runs a
single block, perhaps edited: :func:`run_block` first runs the page's earlier
blocks (*setup*) in one namespace, quietly, then the block itself, and returns
each of its examples with the output it expected and the output it got. The
options are the ones the build uses (``ELLIPSIS`` and ``NORMALIZE_WHITESPACE``).

Standard library only: this runs under Pyodide in the page's worker.

>>> out = run_block(">>> x + 1\\n3\\n>>> x * 10\\n21\\n", setup=[">>> x = 2\\n"])
>>> [(e["source"], e["want"], e["got"], e["ok"]) for e in out["examples"]]
[('x + 1', '3', '3', True), ('x * 10', '21', '20', False)]
>>> out["ok"], out["passed"], out["failed"]
(True, 1, 1)
"""

from __future__ import annotations

import doctest
import json
import traceback
from collections.abc import Sequence
from typing import Any

__all__ = ["OPTIONS", "GLOBAL_SETUP", "run_block", "run_json"]

#: the doctest options of the build (``docs/_ext/voidref_verified.py``) and of Sybil (``conftest.py``)
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
#: ``doctest_global_setup`` of ``conf.py``: what every page's first block can take for granted
GLOBAL_SETUP = "from fractions import Fraction"

#: the namespace after each run of setup blocks, keyed by those blocks (a page's blocks run once each)
_NAMESPACES: dict[tuple[str, ...], dict[str, Any]] = {}
_KEPT = 32


class _Recorder(doctest.DocTestRunner):
    """A runner that keeps, for every example, what it printed and whether that was the output expected."""

    def __init__(self) -> None:
        super().__init__(optionflags=OPTIONS)
        self.results: list[dict[str, Any]] = []

    def _keep(self, example: doctest.Example, got: str, ok: bool) -> None:
        self.results.append({"source": example.source.rstrip("\n"), "want": example.want.rstrip("\n"),
                             "got": got.rstrip("\n"), "ok": ok, "line": example.lineno + 1})

    def report_start(self, out, test, example) -> None:  # noqa: ANN001 - doctest's own signature
        pass

    def report_success(self, out, test, example, got) -> None:  # noqa: ANN001
        self._keep(example, got, True)

    def report_failure(self, out, test, example, got) -> None:  # noqa: ANN001
        self._keep(example, got, False)

    def report_unexpected_exception(self, out, test, example, exc_info) -> None:  # noqa: ANN001
        lines = traceback.format_exception_only(exc_info[0], exc_info[1])
        self._keep(example, "Traceback (most recent call last):\n  ...\n" + "".join(lines), False)


def _run(text: str, globs: dict[str, Any], name: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Run *text* as one doctest in *globs*; return each example's record and the namespace after it."""
    test = doctest.DocTestParser().get_doctest(text, globs, name, None, 0)
    runner = _Recorder()
    runner.run(test, out=lambda _text: None, clear_globs=False)
    return runner.results, test.globs  # DocTest copies the globals it is given


def _namespace(setup: Sequence[str]) -> dict[str, Any]:
    """The page's namespace after its global setup and the blocks *setup*, run in order (kept for reuse)."""
    key = tuple(setup)
    if key in _NAMESPACES:
        return dict(_NAMESPACES[key])
    if key:
        globs = _namespace(key[:-1])
        _, globs = _run(key[-1], globs, f"block {len(key)}")
    else:
        globs = {"__name__": "__example__"}
        exec(GLOBAL_SETUP, globs)  # noqa: S102 - the project's own one-line setup
    if len(_NAMESPACES) >= _KEPT:
        _NAMESPACES.pop(next(iter(_NAMESPACES)))
    _NAMESPACES[key] = globs
    return dict(globs)


def run_block(source: str, setup: Sequence[str] = ()) -> dict[str, Any]:
    """Run *source* as a doctest after the blocks *setup*; one record per ``>>>`` example.

    Returns ``{"ok": True, "examples": [{source, want, got, ok, line}, ...],
    "passed": n, "failed": m}``, or ``{"ok": False, "error": ...}`` when the
    text cannot be read as a doctest (for example a ``>>>`` with no space after
    it) or holds no example at all. A setup block's own mismatches are not
    reported: its names are simply there (or not) for the block.

    >>> run_block("print('hi')")["error"]
    "The block holds no '>>>' example to run."
    >>> run_block(">>> 1/0\\n")["examples"][0]["got"].splitlines()[-1]
    'ZeroDivisionError: division by zero'
    """
    if not isinstance(source, str):
        raise TypeError(f"'source' must be a string (got {type(source).__name__})")
    if isinstance(setup, str) or not all(isinstance(s, str) for s in setup):
        raise TypeError("'setup' must be a list of strings (the page's earlier blocks)")
    try:
        globs = _namespace(setup)
        results, _ = _run(source, globs, "block")
    except ValueError as exc:  # doctest's parser names the line it could not read
        return {"ok": False, "error": f"The block cannot be read as Python examples: {exc}"}
    if not results:
        return {"ok": False, "error": "The block holds no '>>>' example to run."}
    passed = sum(r["ok"] for r in results)
    return {"ok": True, "examples": results, "passed": passed, "failed": len(results) - passed}


def run_json(args_json: str) -> str:
    """:func:`run_block` with JSON in (``{"source": ..., "setup": [...]}``) and out: what the worker calls."""
    args = json.loads(args_json)
    if not isinstance(args, dict):
        return json.dumps({"ok": False, "error": "expected an object with 'source' and 'setup'"})
    try:
        return json.dumps(run_block(args.get("source", ""), args.get("setup", [])))
    except TypeError as exc:
        return json.dumps({"ok": False, "error": str(exc)})
