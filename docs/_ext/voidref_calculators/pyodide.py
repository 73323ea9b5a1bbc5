"""Pyodide for the calculators: the few files the worker needs, and their sizes.

After the wheel is written (``wheel.py``), this step:

* copies Pyodide's program (``pyodide.mjs``, ``pyodide.asm.mjs``,
  ``pyodide.asm.wasm``) from ``node_modules/pyodide`` into ``_static/pyodide/``;
* writes a standard library holding only what the worker uses: the build runs
  the worker's work under Pyodide in node (``js/stdlib_used.mjs``: Pyodide's
  own start, every calculator, and every module a loaded ``voidref`` source
  names in an import statement), keeps those modules, compiles them with
  Pyodide's interpreter (``js/precompile.mjs``), then runs the same work again
  on the result and checks that it loads the same modules. About 1.2 MB
  instead of Pyodide's 4.5 MB; cached in ``_build/.pyodide-cache`` by the
  inputs' hash;
* writes ``python_stdlib_examples.zip``: the modules only the example pages'
  Python needs (``doctest`` and what it imports, about 0.3 MB), compiled the
  same way; the worker fetches it on an example page's first question, so a
  calculator's start never downloads it;
* replaces the wheel's modules by their bytecode, compiled by Pyodide without
  docstrings (``js/precompile.mjs``; a dataclass keeps its summary line, else
  Python would work one out with ``inspect`` as it makes the class), and adds
  ``_voidref_dataclasses``, the bytecode of the methods ``dataclasses`` writes
  for every ``voidref`` class (``js/precompile_in_pyodide.py``): 0.66 MB
  instead of 0.27 MB of sources, but the worker compiles nothing, about half a
  second less to start on this machine's Chromium, then a third less from
  Python's start to the first result;
* writes ``pyodide.asm.wasm.gz`` and ``pyodide.asm.mjs.gz`` beside those two
  (a third of their size), for hosts that can send a file's ``.gz`` copy with
  ``Content-Encoding: gzip`` (``make serve`` does; README, "Publishing the
  site"); the service worker leaves them out: the browser never asks for them;
* writes ``_static/calc/config.mjs``: the wheel's name, the lock file's
  ``info`` (so Pyodide does not fetch its 119 KB ``pyodide-lock.json``: the
  calculators install no package), and the size of each file the worker
  fetches as a static host sends it (gzipped when that is smaller), which the
  page shows while they load.

The worker starts Python cold: a memory snapshot (4.6 MB gzipped, taken
after importing the calculators) would cost more to download than it saves in
start-up time on a phone's connection.

``voidref_pyodide = False`` (``-D voidref_pyodide=0``) skips all of this, as
if Pyodide were not installed: the pages keep their built results and
``config.mjs`` says there is no Pyodide. Only tests that do not run Python in
a browser should use it.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import os
import shutil
import subprocess

from sphinx.util import logging

import voidref

from .modules import content_hash, unversioned
from .wheel import NOT_IN_THE_BROWSER, the_wheel

logger = logging.getLogger(__name__)

#: copied as they are from node_modules/pyodide
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: also written gzipped beside themselves (``x.gz``), for hosts that can send a file's .gz
PRECOMPRESSED = ("pyodide.asm.mjs", "pyodide.asm.wasm")
#: read from node_modules/pyodide at build time, never served
BUILD_INPUTS = ("python_stdlib.zip", "pyodide-lock.json", "package.json")
STDLIB = "python_stdlib.zip"
STDLIB_EXAMPLES = "python_stdlib_examples.zip"
JS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "js")


def _node(script: str, *args: str) -> subprocess.CompletedProcess | None:
    """Run one of the build-time node scripts in ``js/``; None when node is not installed."""
    node = shutil.which("node")
    if not node:
        return None
    return subprocess.run([node, os.path.join(JS, script), *args], capture_output=True, text=True, timeout=300)


def _python_error(stderr: str) -> str:
    """The useful end of a failed script's output: the Python traceback if there is one."""
    err = stderr[stderr.find("Traceback"):] if "Traceback" in stderr else stderr[-1500:]
    return err[:3000]


def voidref_imports() -> dict[str, list[str]]:
    """Every ``voidref`` module of the site's wheel and the modules its source names in import statements, anywhere
    in it (not the packages the wheel leaves out, :data:`~voidref_calculators.wheel.NOT_IN_THE_BROWSER`)."""
    src = os.path.dirname(os.path.abspath(voidref.__file__))
    out: dict[str, list[str]] = {}
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith(".")
                         and not (root == src and d in NOT_IN_THE_BROWSER))
        for fn in sorted(files):
            if not fn.endswith(".py"):
                continue
            path = os.path.join(root, fn)
            parts = ["voidref", *os.path.relpath(path, src)[:-3].split(os.sep)]
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            module = ".".join(parts)
            package = parts if is_package else parts[:-1]
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), path)
            names: set[str] = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom):
                    base = package[:len(package) - node.level + 1] if node.level else []
                    target = ".".join(base + ([node.module] if node.module else []))
                    names.add(target)
                    names.update(f"{target}.{alias.name}" for alias in node.names if alias.name != "*")
            out[module] = sorted(n for n in names if n)
    return out


def _used(pyodide_src: str, stdlib: str, wheel: str, imports: str, *extra: str) -> list[str] | None:
    """The stdlib zip entries the worker's work loads, run from *stdlib* (None, with a warning, on failure).

    *extra* ``"examples"``: the example pages' work as well (see ``js/used_modules.py``).
    """
    proc = _node("stdlib_used.mjs", pyodide_src, stdlib, wheel, imports, *extra)
    if proc is None:
        return None
    if proc.returncode:
        logger.warning("voidref calculators: running the calculators under Pyodide failed:\n%s",
                       _python_error(proc.stderr))
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _trimmed_stdlib(app, pyodide_src: str, wheel: str) -> str | None:
    """The standard library the worker needs, compiled (cached); None if it could not be made."""
    digest = hashlib.sha256()
    for path in [os.path.join(pyodide_src, STDLIB), wheel] + sorted(
            os.path.join(JS, f) for f in os.listdir(JS) if not f.startswith(".")):
        with open(path, "rb") as fh:
            digest.update(hashlib.sha256(fh.read()).digest())
    cache = os.path.join(app.confdir, "_build", ".pyodide-cache")
    os.makedirs(cache, exist_ok=True)
    out = os.path.join(cache, f"python_stdlib-{digest.hexdigest()[:16]}-trimmed.zip")
    if os.path.exists(out):
        return out
    imports = out + ".imports.json"
    with open(imports, "w", encoding="utf-8") as fh:
        json.dump(voidref_imports(), fh)
    try:
        entries = _used(pyodide_src, os.path.join(pyodide_src, STDLIB), wheel, imports)
        if entries is None:
            return None
        with open(out + ".entries.json", "w", encoding="utf-8") as fh:
            json.dump(entries, fh)
        proc = _node("precompile.mjs", pyodide_src, "stdlib", os.path.join(pyodide_src, STDLIB),
                     out + ".entries.json", out + ".tmp")
        if proc.returncode:
            logger.warning("voidref calculators: compiling the standard library failed:\n%s",
                           _python_error(proc.stderr))
            return None
        again = _used(pyodide_src, out + ".tmp", wheel, imports)
        expected = sorted(e[:-3] + ".pyc" if e.endswith(".py") else e for e in entries)
        if again != expected:
            logger.warning("voidref calculators: the trimmed standard library loads other modules than the "
                           "full one (missing: %s; extra: %s)", sorted(set(expected) - set(again or [])),
                           sorted(set(again or []) - set(expected)))
            return None
        _examples_stdlib(pyodide_src, wheel, imports, entries, examples_zip(out))
        os.replace(out + ".tmp", out)
        return out
    finally:
        for leftover in (imports, out + ".entries.json", out + ".tmp"):
            if os.path.exists(leftover):
                os.remove(leftover)


def examples_zip(trimmed: str) -> str:
    """Where the zip of what only the example pages need is kept, beside the trimmed standard library."""
    return trimmed[:-len(".zip")] + "-examples.zip"


def _examples_stdlib(pyodide_src: str, wheel: str, imports: str, base: list[str], out: str) -> None:
    """The modules only the example pages' Python needs (doctest and what it imports), compiled into *out*.

    Kept out of the trimmed standard library, so a calculator's start does not
    download them; the worker fetches this zip on an example page's first
    question. Nothing is written (and the example pages report that Python
    failed) if the run fails.
    """
    full = _used(pyodide_src, os.path.join(pyodide_src, STDLIB), wheel, imports, "examples")
    if full is None:
        return
    only = sorted(set(full) - set(base))
    with open(out + ".entries.json", "w", encoding="utf-8") as fh:
        json.dump(only, fh)
    try:
        proc = _node("precompile.mjs", pyodide_src, "stdlib", os.path.join(pyodide_src, STDLIB),
                     out + ".entries.json", out)
        if proc.returncode:
            logger.warning("voidref calculators: compiling the example pages' modules failed:\n%s",
                           _python_error(proc.stderr))
    finally:
        os.remove(out + ".entries.json")


def _compile_wheel(pyodide_src: str, wheel: str) -> None:
    """Replace the wheel's modules by bytecode without docstrings (left as sources, with a warning, on failure)."""
    proc = _node("precompile.mjs", pyodide_src, "wheel", wheel, wheel + ".tmp")
    if proc is None:
        return
    if proc.returncode:
        logger.warning("voidref calculators: compiling the wheel failed (it stays as sources):\n%s",
                       _python_error(proc.stderr))
        return
    os.replace(wheel + ".tmp", wheel)


def sent_size(path: str) -> int:
    """The bytes a static host sends for *path*: gzipped, unless gzip does not make it smaller."""
    with open(path, "rb") as fh:
        data = fh.read()
    return min(len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))


def write_gzipped(path: str) -> str:
    """Write ``path.gz``: *path* gzipped at the highest level, with no name or date (same bytes, same copy)."""
    with open(path, "rb") as fh:
        data = fh.read()
    with open(path + ".gz", "wb") as out:
        out.write(gzip.compress(data, compresslevel=9, mtime=0))
    return path + ".gz"


def _install_pyodide(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    static = os.path.join(app.outdir, "_static")
    calc_dir = os.path.join(static, "calc")
    wheel_name = the_wheel(calc_dir)
    pyodide_src = os.path.join(app.confdir, "node_modules", "pyodide")
    pyodide_dst = os.path.join(static, "pyodide")
    have_pyodide = all(os.path.exists(os.path.join(pyodide_src, f)) for f in PYODIDE_FILES + BUILD_INPUTS)
    if have_pyodide and not app.config.voidref_pyodide:
        logger.info("voidref calculators: voidref_pyodide is off; no Pyodide in this build")
        have_pyodide = False
    for old in os.listdir(calc_dir):
        if old.endswith(".snapshot.gz"):  # left by builds from before the worker started cold
            os.remove(os.path.join(calc_dir, old))
    pyodide_version = ""
    lock_info: dict = {}
    sizes: dict[str, int] = {}
    stdlib_examples = None
    runtime_key = ""
    if have_pyodide:
        with open(os.path.join(pyodide_src, "package.json")) as fh:
            pyodide_version = json.load(fh)["version"]
        with open(os.path.join(pyodide_src, "pyodide-lock.json")) as fh:
            lock_info = json.load(fh)["info"]
        if os.path.isdir(pyodide_dst):
            shutil.rmtree(pyodide_dst)
        os.makedirs(pyodide_dst)
        for f in PYODIDE_FILES:
            shutil.copyfile(os.path.join(pyodide_src, f), os.path.join(pyodide_dst, f))
            if f in PRECOMPRESSED:
                write_gzipped(os.path.join(pyodide_dst, f))
        stdlib = _trimmed_stdlib(app, pyodide_src, os.path.join(calc_dir, wheel_name))
        if stdlib is None:
            logger.warning("voidref calculators: serving Pyodide's whole standard library (4.5 MB)")
            stdlib = os.path.join(pyodide_src, STDLIB)
        shutil.copyfile(stdlib, os.path.join(pyodide_dst, STDLIB))
        if os.path.exists(examples_zip(stdlib)):
            shutil.copyfile(examples_zip(stdlib), os.path.join(pyodide_dst, STDLIB_EXAMPLES))
            stdlib_examples = STDLIB_EXAMPLES
        _compile_wheel(pyodide_src, os.path.join(calc_dir, wheel_name))
        for rel in [f"pyodide/{f}" for f in PYODIDE_FILES] + [f"pyodide/{STDLIB}", f"calc/{wheel_name}"]:
            sizes[rel] = sent_size(os.path.join(static, rel))
        # The worker's own start-up runs Python too (worker.mjs, kept.mjs): a change there makes a new key.
        runtime_key = _runtime_key(static, sorted(sizes) + ["calc/kept.mjs", "calc/worker.mjs"]
                                   + ([f"pyodide/{stdlib_examples}"] if stdlib_examples else []))
    elif app.config.voidref_pyodide:
        logger.info("voidref calculators: node_modules/pyodide is missing (run npm ci); "
                    "calculators will show their built result only")
    # The wheel's URL names its content, as the calculator modules' do (modules.py; offline.py lists the
    # same URL): a browser's HTTP cache never hands a new build's worker an old build's rules.
    with open(os.path.join(calc_dir, wheel_name), "rb") as fh:
        wheel_url = f"{wheel_name}?v={content_hash(fh.read())}"
    with open(os.path.join(calc_dir, "config.mjs"), "w", encoding="utf-8") as fh:
        fh.write("// Written at build time by docs/_ext/voidref_calculators/pyodide.py.\n"
                 f"export const WHEEL = {json.dumps(wheel_url)};\n"
                 f"export const STDLIB = {json.dumps(STDLIB)};\n"
                 "// What only the example pages' Python needs (doctest), fetched on their first question.\n"
                 f"export const STDLIB_EXAMPLES = {json.dumps(stdlib_examples)};\n"
                 "// Pyodide's lock file, without its packages: the calculators install none.\n"
                 f"export const LOCK = {json.dumps({'info': lock_info, 'packages': {}})};\n"
                 "// Each file the worker fetches (path under _static/) and the bytes a static host\n"
                 "// sends for it (gzipped when smaller): the page shows how much has arrived.\n"
                 f"export const SIZES = {json.dumps(sizes, indent=0, sort_keys=True)};\n"
                 "// What Python is made of in this build (the files above, the example pages' modules\n"
                 "// and the worker's start-up): a device keeps Python's memory under this name (kept.mjs).\n"
                 f"export const RUNTIME_KEY = {json.dumps(runtime_key)};\n"
                 f"export const PYODIDE_VERSION = {json.dumps(pyodide_version)};\n"
                 f"export const HAVE_PYODIDE = {json.dumps(have_pyodide)};\n")


def _runtime_key(static: str, rels: list[str]) -> str:
    """The first 16 hex digits of a SHA-256 over the named files under *static*: their names and contents.

    A memory snapshot of Python that a device made (``kept.mjs``) holds
    the modules of exactly these files and what the worker's start-up ran,
    so it is kept under this key and is not used by a build whose key
    differs. A module is read without the versions ``modules.py`` later
    writes into its imports (they follow from the files themselves), so the
    key is the same before and after that step.
    """
    digest = hashlib.sha256()
    for rel in rels:
        digest.update(rel.encode() + b"\0")
        with open(os.path.join(static, rel), "rb") as fh:
            data = fh.read()
        if rel.endswith((".js", ".mjs")):
            data = unversioned(data.decode("utf-8")).encode("utf-8")
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def setup_pyodide(app, priority: int) -> None:
    app.add_config_value("voidref_pyodide", True, "", types=[bool])
    app.connect("build-finished", _install_pyodide, priority=priority)
