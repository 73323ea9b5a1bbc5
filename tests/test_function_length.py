"""No function runs over 100 lines, except the worked-example scripts that ARCHITECTURE.md lists.

A function's length is counted from its ``def`` line to its last line, so
the functions nested in it count too. The exceptions are read from one
place, the bullets of the "Long functions" section of ARCHITECTURE.md,
each naming a file and a function: `` - `path` `name`: why``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("voidref", "tests", "docs/_ext", "benchmarks")
LONGEST = 100
"""The most lines a function may run to."""
SECTION = "## Long functions"


def exempt() -> set[tuple[str, str]]:
    """The functions ARCHITECTURE.md lets run longer, as ``(path, name)``: the bullets of its long-functions section."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert SECTION in text, f"ARCHITECTURE.md has no {SECTION!r} section to read the exceptions from"
    section = text.split(SECTION + "\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^- `([^`]+)` `([^`]+)`", section, re.MULTILINE))


def lengths() -> dict[tuple[str, str], int]:
    """The length in lines of every function in :data:`FOLDERS`, by ``(path, qualified name)``."""
    found: dict[tuple[str, str], int] = {}

    def visit(node: ast.AST, path: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                found[path, name] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, path, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, path, prefix + child.name + ".")
            else:
                visit(child, path, prefix)

    for folder in FOLDERS:
        for file in sorted((ROOT / folder).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            visit(ast.parse(file.read_text(encoding="utf-8"), path), path, "")
    return found


def test_no_function_runs_over_100_lines():
    """Hard to change in place: a function over 100 lines is split into named parts, unless it is listed."""
    allowed = exempt()
    long = [f"{path} {name}: {n} lines" for (path, name), n in sorted(lengths().items())
            if n > LONGEST and (path, name) not in allowed]
    message = "split these (or list a straight-line worked-example script in ARCHITECTURE.md):\n"
    assert not long, message + "\n".join(long)


def test_every_listed_exception_is_a_long_function():
    """The list of exceptions holds no stale entry: each names an existing function that is still over 100 lines."""
    found = lengths()
    stale = [f"{path} {name}" for path, name in sorted(exempt()) if found.get((path, name), 0) <= LONGEST]
    assert not stale, "remove from ARCHITECTURE.md's long functions (gone or short now):\n" + "\n".join(stale)


def test_the_list_of_exceptions_is_read():
    """The exceptions are read from ARCHITECTURE.md: the section's bullets parse to (file, function) pairs."""
    assert ("voidref/drifters/ship_replay.py", "ember_drift") in exempt()
