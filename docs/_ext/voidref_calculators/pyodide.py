"""Pyodide for the calculators: copied into the site, pre-compiled, and snapshotted.

After the wheel is written (``wheel.py``), this step:

* copies Pyodide from ``node_modules/pyodide`` into ``_static/pyodide/``, with
  the standard library pre-compiled to bytecode by Pyodide itself under node
  (``js/precompile.mjs``; cached in ``_build/.pyodide-cache``), and adds the
  bytecode of every ``voidref`` module to the wheel the same way;
* makes a memory snapshot of Pyodide with every ``voidref`` module already
  imported, from the files the site serves (``js/snapshot.mjs``), gzipped into
  ``_static/calc/``. The worker starts from it about twice as fast as from a
  cold interpreter, and falls back to a cold start if the snapshot is missing
  or cannot be restored;
* writes ``_static/calc/config.mjs``, which tells the worker the names of the
  wheel and the snapshot.

``voidref_pyodide = False`` (``-D voidref_pyodide=0``) skips the copy, the
pre-compiling and the snapshot, as if Pyodide were not installed: the pages
keep their built results and ``config.mjs`` says there is no Pyodide. Only
tests that do not run Python in a browser should use it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess

from sphinx.util import logging

from .wheel import the_wheel

logger = logging.getLogger(__name__)

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
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


def _precompile(app, pyodide_dir: str, calc_dir: str, wheel_name: str) -> str | None:
    """Pre-compile the stdlib (cached) and the wheel with Pyodide under node; return the stdlib zip to use."""
    stdlib_in = os.path.join(pyodide_dir, "python_stdlib.zip")
    with open(stdlib_in, "rb") as fh:
        tag = hashlib.sha256(fh.read()).hexdigest()[:16]
    cache = os.path.join(app.confdir, "_build", ".pyodide-cache")
    os.makedirs(cache, exist_ok=True)
    stdlib_out = os.path.join(cache, f"python_stdlib-{tag}-pyc.zip")
    stdlib_tmp = "" if os.path.exists(stdlib_out) else stdlib_out + ".tmp"
    wheel_path = os.path.join(calc_dir, wheel_name)
    wheel_tmp = wheel_path + ".tmp"
    proc = _node("precompile.mjs", pyodide_dir, stdlib_in, stdlib_tmp, wheel_path, wheel_tmp)
    if proc is None:
        logger.info("voidref calculators: node not found; Pyodide's standard library is copied as source")
        return None
    if proc.returncode:
        logger.warning("voidref calculators: pre-compiling with Pyodide failed:\n%s", _python_error(proc.stderr))
        return None
    os.replace(wheel_tmp, wheel_path)
    if stdlib_tmp:
        os.replace(stdlib_tmp, stdlib_out)
    return stdlib_out


def _snapshot(pyodide_dir: str, stdlib: str, wheel_path: str, out_path: str) -> bool:
    """Write a gzipped Pyodide memory snapshot with voidref imported; say whether it worked."""
    proc = _node("snapshot.mjs", pyodide_dir, stdlib, wheel_path, out_path + ".tmp")
    if proc is None:
        return False
    if proc.returncode:
        logger.warning("voidref calculators: no Pyodide snapshot (the worker will start cold):\n%s",
                       _python_error(proc.stderr))
        return False
    os.replace(out_path + ".tmp", out_path)
    return True


def _install_pyodide(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    static = os.path.join(app.outdir, "_static")
    calc_dir = os.path.join(static, "calc")
    wheel_name = the_wheel(calc_dir)
    pyodide_src = os.path.join(app.confdir, "node_modules", "pyodide")
    pyodide_dst = os.path.join(static, "pyodide")
    have_pyodide = all(os.path.exists(os.path.join(pyodide_src, f)) for f in PYODIDE_FILES)
    if have_pyodide and not app.config.voidref_pyodide:
        logger.info("voidref calculators: voidref_pyodide is off; no Pyodide in this build")
        have_pyodide = False
    pyodide_version = ""
    snapshot_name = ""
    for old in os.listdir(calc_dir):
        if old.endswith(".snapshot.gz"):
            os.remove(os.path.join(calc_dir, old))
    if have_pyodide:
        with open(os.path.join(pyodide_src, "package.json")) as fh:
            pyodide_version = json.load(fh)["version"]
        stdlib = _precompile(app, pyodide_src, calc_dir, wheel_name)
        os.makedirs(pyodide_dst, exist_ok=True)
        for f in PYODIDE_FILES:
            src = stdlib if (f == "python_stdlib.zip" and stdlib) else os.path.join(pyodide_src, f)
            shutil.copyfile(src, os.path.join(pyodide_dst, f))
        with open(os.path.join(calc_dir, wheel_name), "rb") as fh:
            tag = hashlib.sha256(fh.read()).hexdigest()[:12]
        name = f"voidref-{tag}.snapshot.gz"
        if _snapshot(pyodide_src, os.path.join(pyodide_dst, "python_stdlib.zip"),
                     os.path.join(calc_dir, wheel_name), os.path.join(calc_dir, name)):
            snapshot_name = name
    elif app.config.voidref_pyodide:
        logger.info("voidref calculators: node_modules/pyodide is missing (run npm ci); "
                    "calculators will show their built result only")
    with open(os.path.join(calc_dir, "config.mjs"), "w", encoding="utf-8") as fh:
        fh.write("// Written at build time by docs/_ext/voidref_calculators/pyodide.py.\n"
                 f"export const WHEEL = {json.dumps(wheel_name)};\n"
                 f"export const SNAPSHOT = {json.dumps(snapshot_name)};\n"
                 f"export const PYODIDE_VERSION = {json.dumps(pyodide_version)};\n"
                 f"export const HAVE_PYODIDE = {json.dumps(have_pyodide)};\n")


def setup_pyodide(app, priority: int) -> None:
    app.add_config_value("voidref_pyodide", True, "", types=[bool])
    app.connect("build-finished", _install_pyodide, priority=priority)
