"""The ``voidref`` wheel the browser installs, built from the sources this build imported.

The page and the wheel therefore come from one commit. The wheel is written by
hand (a zip with ``METADATA``, ``WHEEL`` and ``RECORD``) rather than by
setuptools: the package is pure Python with no data files, the writer needs
nothing outside the standard library, leaves nothing in the source tree, takes
milliseconds, and is byte-for-byte reproducible (sorted entries, fixed dates).
It holds the ``voidref`` package's ``.py`` files and nothing else; the
Pyodide step (``pyodide.py``) then replaces them by their bytecode.
"""

from __future__ import annotations

import base64
import hashlib
import os
import zipfile

import voidref

#: the date stamped on every entry of the zip (the earliest a zip can hold)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def _b64(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A deflated zip entry with a fixed date and mode, so the same bytes make the same zip."""
    zi = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    zi.compress_type = zipfile.ZIP_DEFLATED
    zi.external_attr = 0o644 << 16
    return zi


NOT_IN_THE_BROWSER = ("cli", "tables")
"""Packages of ``voidref`` the browser never imports, left out of the site's wheel: the command line, and the
pages' tables (computed when the site is built). The build's own run of every calculator under Pyodide fails
if a calculator or a worked example needs one of them."""


def build_wheel(dest_dir: str) -> str:
    """Write a pure-Python wheel of the ``voidref`` package this build imported, less :data:`NOT_IN_THE_BROWSER`;
    return its name."""
    src = os.path.dirname(os.path.abspath(voidref.__file__))
    version = voidref.__version__
    name = f"voidref-{version}-py3-none-any.whl"
    info = f"voidref-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for root, dirs, files in os.walk(src):
        top = root == src
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith(".")
                         and not (top and d in NOT_IN_THE_BROWSER))
        for fn in sorted(files):
            if fn.endswith(".py"):
                path = os.path.join(root, fn)
                arc = "voidref/" + os.path.relpath(path, src).replace(os.sep, "/")
                with open(path, "rb") as fh:
                    entries.append((arc, fh.read()))
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: voidref\nVersion: {version}\n".encode()))
    entries.append((f"{info}/WHEEL", (b"Wheel-Version: 1.0\nGenerator: voidref_calculators\n"
                                      b"Root-Is-Purelib: true\nTag: py3-none-any\n")))
    record = "".join(f"{arc},sha256={_b64(hashlib.sha256(data).digest())},{len(data)}\n" for arc, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    os.makedirs(dest_dir, exist_ok=True)
    for old in os.listdir(dest_dir):
        if old.endswith(".whl"):
            os.remove(os.path.join(dest_dir, old))
    with zipfile.ZipFile(os.path.join(dest_dir, name), "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in entries:
            zf.writestr(zip_entry(arc), data)
    return name


def the_wheel(calc_dir: str) -> str:
    """The name of the one wheel in ``_static/calc/`` (written by :func:`build_wheel` earlier in this build)."""
    wheels = sorted(fn for fn in os.listdir(calc_dir) if fn.endswith(".whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"expected one wheel in {calc_dir} (got {wheels})")
    return wheels[0]


def _write_wheel(app, exception):
    if exception is None and app.builder.format == "html":
        build_wheel(os.path.join(app.outdir, "_static", "calc"))


def setup_wheel(app, priority: int) -> None:
    app.connect("build-finished", _write_wheel, priority=priority)
