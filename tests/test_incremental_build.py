"""An engine edit reaches the numbers prerendered on the site on an incremental build.

Builds the site from a temporary copy of the repository, edits two engine
constants there, builds again into the same folder without ``-E``, and checks
that the pages showing those numbers were read again: a ``{computed}`` table
and a calculator's built-in result. Neither constant lives in the module the
page names, so only ``docs/_ext/voidref_sources.py`` (which re-reads every
engine page when any ``voidref`` source changes) can bring them up to date.

Pyodide is left out of these builds (``-D voidref_pyodide=0``): the pages
are what is checked, and the copy, pre-compiling and snapshot take longer
than the rest of the build.
"""

import html
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join("_build", "html")


def _build(repo):
    """``sphinx-build`` of the copy into its own ``_build/html``; return the pages it read.

    Incremental when the copy was built before (same output folder, no ``-E``). ``-N``: no colour
    codes in the log (Sphinx colours it when CI is set), which is parsed below.
    """
    proc = subprocess.run(
        # The edits below change numbers the worked examples print, which would
        # (rightly) stop the build: this test switches the examples' run off.
        [sys.executable, "-m", "sphinx", "-N", "-c", ".", "-b", "html", "-D", "voidref_pyodide=0",
         "-D", "voidref_verify_examples=0", "docs", OUT],
        cwd=repo, env={**os.environ, "PYTHONPATH": str(repo)}, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    log = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", proc.stdout)  # CI=true: Sphinx still clears lines
    return set(re.findall(r"^reading sources\.\.\. \[ *\d+%\] (\S+)$", log, re.M))


def _edit(path, pattern, replacement):
    """Replace the one match of *pattern* in *path* (fails loudly if the constant moved)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    text, n = re.subn(pattern, replacement, text)
    assert n == 1, f"{pattern!r} matches {n} times in {path}: update this test to the engine's new layout"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def _page(repo, name):
    with open(os.path.join(repo, OUT, name), encoding="utf-8") as fh:
        return fh.read()


def _gravity_row(repo, band):
    """The cells of one row of the computed 'Gravity at a glance' table."""
    page = _page(repo, "drifters/environment.html")
    table = page[page.index('id="drifters-gravity-table"'):]
    table = table[:table.index("</table>")]
    row = re.search(rf"<tr[^>]*><td><p>{band}</p></td>(.*?)</tr>", table, re.S)
    assert row, f"no {band} row in the gravity table"
    return re.findall(r"<td><p>(.*?)</p></td>", row.group(1))


def _built_calculator_text(repo, page, slug):
    """The plain-text result a calculator's section carries, as built into *page*."""
    text = _page(repo, page)
    section = re.search(
        rf'<section class="voidref-calc"[^>]*data-calc="{slug}".*?<div class="vc-text" hidden>(.*?)</div>', text, re.S)
    assert section, f"no {slug} calculator in {page}"
    return html.unescape(section.group(1))


def _engine_calculator_text(repo, slug):
    """What the copy's engine computes for *slug* at its default inputs."""
    code = f"from voidref import calc; print(calc.run({slug!r}, {{}})['text'], end='')"
    proc = subprocess.run([sys.executable, "-c", code], cwd=repo, env={**os.environ, "PYTHONPATH": str(repo)},
                          capture_output=True, text=True, timeout=120, check=True)
    return proc.stdout


_FIRST_READ: dict[str, set[str]] = {}  # the pages the first (full) build read, by copy


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """A copy of what the build needs, built once."""
    repo = tmp_path_factory.mktemp("voidref-site")
    ignore = shutil.ignore_patterns("__pycache__", "_build", ".pytest_cache", "*.pyc")
    shutil.copy2(os.path.join(ROOT, "conf.py"), repo)
    shutil.copytree(os.path.join(ROOT, "docs"), repo / "docs", ignore=ignore)
    shutil.copytree(os.path.join(ROOT, "voidref"), repo / "voidref", ignore=ignore)
    if os.path.exists(os.path.join(ROOT, "node_modules")):
        os.symlink(os.path.realpath(os.path.join(ROOT, "node_modules")), repo / "node_modules")
    _FIRST_READ[str(repo)] = _build(repo)
    assert "drifters/glossary" in _FIRST_READ[str(repo)]
    return repo


def test_engine_edit_rerenders_prerendered_numbers_incrementally(repo):
    """Editing engine constants and rebuilding without -E changes the computed table and the calculator result."""
    assert _gravity_row(repo, "Extreme")[0] == "2"
    movement_before = _built_calculator_text(repo, "drifters/range.html", "movement")
    assert movement_before == _engine_calculator_text(repo, "movement")

    _edit(repo / "voidref" / "drifters" / "rulings.py",
          r'(HEAVY_GRAVITY_BANE_DICE: dict\[str, int\] = \{[^}]*"extreme": )2\}', r"\g<1>7}")
    _edit(repo / "voidref" / "drifters" / "turn.py", r"(?m)^SECOND_MANEUVER_STRAIN = 2$", "SECOND_MANEUVER_STRAIN = 5")
    read = _build(repo)

    assert {"drifters/environment", "drifters/range"} <= read
    # Incremental: pages with no engine numbers were not read again. (Pages that
    # carry search-index entries are re-read on every build, see voidref_sphinx.py,
    # so which ones stay untouched is not fixed here; that some do is.)
    untouched = _FIRST_READ[str(repo)] - read
    assert untouched, "every page was read again: the build was not incremental"
    assert _gravity_row(repo, "Extreme")[0] == "7"
    movement_after = _built_calculator_text(repo, "drifters/range.html", "movement")
    assert movement_after != movement_before
    assert movement_after == _engine_calculator_text(repo, "movement")
