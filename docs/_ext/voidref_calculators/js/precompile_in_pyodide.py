"""Runs inside Pyodide, started by precompile.mjs: the trimmed standard library as bytecode.

Reads ``/work/stdlib.zip`` (Pyodide's standard library, sources) and
``/work/entries.json`` (the entries the worker needs, found by
``stdlib_used.mjs``); writes ``/work/stdlib-out.zip`` holding those modules
compiled, and nothing else. The bytecode is compiled as ``python -OO`` would:
without docstrings, which no page reads, a sixth less to download. Every
entry keeps the date of its source, so the output is reproducible.
"""

import importlib.util
import json
import marshal
import sys
import zipfile

MAGIC = importlib.util.MAGIC_NUMBER
PREFIX = "/lib/python%d%d.zip/" % sys.version_info[:2]


def pyc(code):
    """A sourceless .pyc file's bytes: no date, no source hash (there is no source beside it to compare with)."""
    return MAGIC + (0).to_bytes(4, "little") + b"\0" * 8 + marshal.dumps(code)


def trim(src, entries, dst):
    """Write *dst* with each entry of *entries* (``x.py``) compiled from *src* as ``x.pyc``."""
    wanted = set(entries)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            if info.filename not in wanted:
                continue
            wanted.discard(info.filename)
            data = zin.read(info)
            if info.filename.endswith(".py"):
                code = compile(data, PREFIX + info.filename, "exec", dont_inherit=True, optimize=2)
                new = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
                new.external_attr = info.external_attr
                zout.writestr(new, pyc(code), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            else:
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    if wanted:
        raise ValueError(f"not in the standard-library zip: {sorted(wanted)}")


if __name__ == "__main__":
    with open("/work/entries.json") as fh:
        trim("/work/stdlib.zip", json.load(fh), "/work/stdlib-out.zip")
