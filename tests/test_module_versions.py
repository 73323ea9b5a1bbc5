"""The calculators' modules are loaded by URLs that name their content (docs/_ext/voidref_calculators/modules.py).

A browser (its HTTP cache, or the service worker while a new build
installs) must never hand one build's calc.js another build's shared
module: every relative import inside _static/calc carries ``?v=<hash>``
of the module it names, the hash covers that module's own imports (so a
change deep in the graph reaches every importer), the pages name the same
hash, and the service worker lists exactly those URLs.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
from voidref_calculators import modules, offline  # noqa: E402

sys.path.pop(0)

_SPEC = re.compile(
    r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bnew\s+URL\(\s*)["'](\.{1,2}/[^"']+?\.m?js)(\?v=[0-9a-f]+)?["']""")


def _write(root, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:modules.HASH_DIGITS]


SMALL = {
    "_static/calc/calc.js": 'import { a } from "./shared/a.js";\nimport("./shared/b.js");\n',
    "_static/calc/shared/a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
    "_static/calc/shared/b.js": "export const b = 2;\n",
    "_static/calc/shared/python.js": ('const W = new URL("../worker.mjs", import.meta.url);\n'
                                      'const SW = new URL("../../../sw.js", import.meta.url);\n'),
    "_static/calc/worker.mjs": ('import { loadPyodide } from "../pyodide/pyodide.mjs";\n'
                                'import * as c from "./config.mjs";\n'),
    "_static/calc/config.mjs": "export const WHEEL = 'x.whl';\n",
    "_static/pyodide/pyodide.mjs": "export const loadPyodide = 0;\n",
}


def test_each_import_names_its_modules_hash_after_that_modules_own_imports(tmp_path):
    _write(tmp_path, SMALL)
    hashes = modules.hash_modules(str(tmp_path))
    calc = tmp_path / "_static/calc"
    assert hashes == {rel: _sha(tmp_path / rel) for rel in SMALL if rel.startswith("_static/calc/")}
    assert (calc / "calc.js").read_text() == (
        f'import {{ a }} from "./shared/a.js?v={hashes["_static/calc/shared/a.js"]}";\n'
        f'import("./shared/b.js?v={hashes["_static/calc/shared/b.js"]}");\n')
    assert f'"./b.js?v={hashes["_static/calc/shared/b.js"]}"' in (calc / "shared/a.js").read_text()
    python = (calc / "shared/python.js").read_text()
    assert f'new URL("../worker.mjs?v={hashes["_static/calc/worker.mjs"]}", import.meta.url)' in python
    assert 'new URL("../../../sw.js", import.meta.url)' in python  # the service worker keeps its one address
    worker = (calc / "worker.mjs").read_text()
    assert '"../pyodide/pyodide.mjs"' in worker  # Pyodide's files are pinned, not rewritten
    assert f'"./config.mjs?v={hashes["_static/calc/config.mjs"]}"' in worker


def test_a_change_deep_in_the_imports_changes_every_importers_url_and_nothing_else(tmp_path):
    _write(tmp_path / "one", SMALL)
    _write(tmp_path / "two", {**SMALL, "_static/calc/shared/b.js": "export const b = 3;\n"})
    one = modules.hash_modules(str(tmp_path / "one"))
    two = modules.hash_modules(str(tmp_path / "two"))
    changed = sorted(rel for rel in one if one[rel] != two[rel])
    assert changed == ["_static/calc/calc.js", "_static/calc/shared/a.js", "_static/calc/shared/b.js"]


def test_running_the_step_again_changes_nothing(tmp_path):
    _write(tmp_path, SMALL)
    first = modules.hash_modules(str(tmp_path))
    texts = {rel: (tmp_path / rel).read_text() for rel in SMALL}
    assert modules.hash_modules(str(tmp_path)) == first
    assert {rel: (tmp_path / rel).read_text() for rel in SMALL} == texts
    # and the versions come out again: the runtime key (pyodide.py) reads the modules without them
    assert modules.unversioned(texts["_static/calc/calc.js"]) == SMALL["_static/calc/calc.js"]


def test_a_circle_of_imports_or_a_missing_module_stops_the_build_naming_the_files(tmp_path):
    _write(tmp_path / "circle", {"_static/calc/a.js": 'import "./b.js";', "_static/calc/b.js": 'import "./a.js";'})
    with pytest.raises(modules.ModuleGraphError, match=r"_static/calc/a.js -> _static/calc/b.js -> _static/calc/a.js"):
        modules.hash_modules(str(tmp_path / "circle"))
    _write(tmp_path / "missing", {"_static/calc/a.js": 'import { x } from "./shared/gone.js";'})
    missing = r"_static/calc/a.js imports './shared/gone.js'.*no _static/calc/shared/gone.js"
    with pytest.raises(modules.ModuleGraphError, match=missing):
        modules.hash_modules(str(tmp_path / "missing"))


def test_pages_name_the_modules_hash_and_leave_other_files_alone():
    hashes = {"_static/calc/calc.js": "0123456789ab"}
    page = ('<script type="module" src="../_static/calc/calc.js?v=ae1414ec"></script>'
            '<script src="../_static/terms.js?v=c0703040"></script>'
            '<script type="module" src="../_static/calc/other.js?v=1"></script>')
    assert modules.version_page_refs(page, hashes) == page.replace("calc.js?v=ae1414ec", "calc.js?v=0123456789ab")


def test_the_offline_list_names_each_module_and_the_wheel_by_its_hashed_url(tmp_path):
    _write(tmp_path, {**SMALL, "index.html": '<script type="module" src="_static/calc/calc.js?v=old"></script>',
                      "_static/calc/x.whl": "the wheel"})
    hashes = modules.hash_modules(str(tmp_path))
    index = tmp_path / "index.html"
    index.write_text(modules.version_page_refs(index.read_text(), hashes))
    listed = offline.used_files(str(tmp_path))
    for rel, digest in hashes.items():
        assert f"{rel}?v={digest}" in listed, (rel, listed)
    assert f"_static/calc/x.whl?v={modules.content_hash(b'the wheel')}" in listed


# -- the built site --------------------------------------------------------------------------

def _built() -> str:
    root = os.environ.get("VOIDREF_SITE", os.path.join(ROOT, "_build", "html"))
    if not os.path.exists(os.path.join(root, "sw.js")):
        if os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no built site at {root} (VOIDREF_SITE)")
        pytest.skip(f"no built site at {root}")
    return root


def test_in_the_built_site_every_module_import_and_page_names_the_hash_of_what_it_loads():
    root = _built()
    calc = os.path.join(root, "_static", "calc")
    checked = 0
    for folder, _dirs, names in os.walk(calc):
        for name in names:
            if not name.endswith((".js", ".mjs")):
                continue
            rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            with open(os.path.join(root, rel), encoding="utf-8") as fh:
                for spec, version in _SPEC.findall(fh.read()):
                    target = os.path.normpath(os.path.join(os.path.dirname(rel), spec)).replace(os.sep, "/")
                    if not target.startswith("_static/calc/"):
                        continue
                    with open(os.path.join(root, target), "rb") as fh2:
                        digest = hashlib.sha256(fh2.read()).hexdigest()[:modules.HASH_DIGITS]
                    assert version == "?v=" + digest, (rel, spec)
                    checked += 1
    assert checked > 30, checked  # calc.js, examples.js, roller.js, the tracker, python.js's worker, the worker's own
    with open(os.path.join(root, "calculators.html"), encoding="utf-8") as fh:
        refs = re.findall(r"_static/calc/([\w/.-]+?\.m?js)\?v=([0-9a-z]+)", fh.read())
    assert refs
    for name, version in refs:
        with open(os.path.join(calc, name), "rb") as fh:
            assert version == hashlib.sha256(fh.read()).hexdigest()[:modules.HASH_DIGITS], name
    with open(os.path.join(root, "sw.js"), encoding="utf-8") as fh:
        listed = [p for p, _h in json.loads(re.search(r"const FILES = (\[.*?\]);", fh.read(), re.S).group(1))]
    assert any(p.startswith("_static/calc/shared/stepper.js?v=") for p in listed)
    assert not [p for p in listed if p.startswith("_static/calc/") and p.endswith((".js", ".mjs"))]


def test_in_the_built_site_the_wheel_is_fetched_and_kept_by_a_url_that_names_its_content():
    """config.mjs names the wheel with ?v=<its hash> and the service worker keeps exactly that URL, so a
    browser's HTTP cache never gives a new build's worker an old build's rules (the kept Python's key would
    not notice: it is made from the files as built)."""
    root = _built()
    calc = os.path.join(root, "_static", "calc")
    with open(os.path.join(calc, "config.mjs"), encoding="utf-8") as fh:
        wheel = json.loads(re.search(r"export const WHEEL = (.*?);\n", fh.read()).group(1))
    name, _, version = wheel.partition("?v=")
    assert name.endswith(".whl") and os.path.exists(os.path.join(calc, name)), wheel
    with open(os.path.join(calc, name), "rb") as fh:
        assert version == hashlib.sha256(fh.read()).hexdigest()[:modules.HASH_DIGITS]
    with open(os.path.join(root, "sw.js"), encoding="utf-8") as fh:
        listed = [p for p, _h in json.loads(re.search(r"const FILES = (\[.*?\]);", fh.read(), re.S).group(1))]
    assert [p for p in listed if p.endswith(".whl") or ".whl?" in p] == [f"_static/calc/{wheel}"]
