"""Runs inside Pyodide, started by precompile.mjs: add bytecode to the wheel and the stdlib zip.

Reads ``/work/wheel.zip`` and, when present, ``/work/stdlib.zip``; writes
``/work/wheel-out.zip`` and ``/work/stdlib-out.zip``. Every new entry takes the
date of the source it was compiled from, so the output is reproducible.
"""

import importlib.util
import marshal
import os
import sys
import zipfile

MAGIC = importlib.util.MAGIC_NUMBER
TAG = sys.implementation.cache_tag


def pyc(code, source=None):
    """A .pyc file's bytes: unchecked-hash based when the source sits beside it, no date in either case."""
    if source is None:  # sourceless, inside the stdlib zip: nothing to compare with
        head = (0).to_bytes(4, "little") + b"\0" * 8
    else:  # hash-based and unchecked: no timestamps involved
        head = (1).to_bytes(4, "little") + importlib.util.source_hash(source)
    return MAGIC + head + marshal.dumps(code)


def entry_like(info, name):
    """A new zip entry named *name* with the date and mode of the entry *info*."""
    new = zipfile.ZipInfo(name, date_time=info.date_time)
    new.compress_type = zipfile.ZIP_DEFLATED
    new.external_attr = info.external_attr
    return new


def stdlib(src, dst):
    """Replace each module of the standard library zip by its bytecode."""
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    zout.writestr(info, data)
                    continue
                zout.writestr(entry_like(info, info.filename[:-3] + ".pyc"), pyc(code))
            else:
                zout.writestr(info, data)


def wheel(src, dst):
    """Keep every file of the wheel and add each module's bytecode in its __pycache__."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data)
            name = info.filename
            if name.endswith(".py"):
                code = compile(data, name, "exec", dont_inherit=True)
                folder, _, base = name.rpartition("/")
                zout.writestr(entry_like(info, f"{folder}/__pycache__/{base[:-3]}.{TAG}.pyc"), pyc(code, data))


if __name__ == "__main__":
    wheel("/work/wheel.zip", "/work/wheel-out.zip")
    if os.path.exists("/work/stdlib.zip"):
        stdlib("/work/stdlib.zip", "/work/stdlib-out.zip")
