"""Runs inside Pyodide, started by precompile.mjs: the trimmed standard library and the wheel as bytecode.

Reads ``/work/stdlib.zip`` (Pyodide's standard library, sources) and
``/work/entries.json`` (the entries the worker needs, found by
``stdlib_used.mjs``); writes ``/work/stdlib-out.zip`` holding those modules
compiled, and nothing else. That bytecode is compiled as ``python -OO`` would:
without docstrings, which no page reads, a sixth less to download.

Reads ``/work/wheel.zip`` (the ``voidref`` wheel, sources) and writes
``/work/wheel-out.zip`` with each module replaced by its bytecode, docstrings
left out (the doctests are most of their size) but ``assert`` statements
kept: the worker then compiles nothing, which saves it about half a second.
A dataclass keeps the first line of its docstring: without one, Python works
out a docstring from the class's signature when it makes the class, with
``inspect``, which is slow under Pyodide.

Nor does the worker compile the methods ``dataclasses`` writes for each class
(``__init__``, ``__repr__``, ``__eq__``...: Python makes them from source text,
with ``exec``, each time a module defining a dataclass is imported). The wheel
gets one more module, ``_voidref_dataclasses`` (:data:`DATACLASS_MODULE`):
the text ``dataclasses`` writes for every class of every ``voidref`` module,
each beside its bytecode, compiled here by importing all of them. Imported
before ``voidref``, the module hands ``dataclasses`` the bytecode of a text it
knows (the same text always compiles to the same code) and leaves any other
text to be compiled as before.

Every entry keeps the date of its source, so the output is reproducible.
"""

import ast
import base64
import hashlib
import importlib.util
import json
import marshal
import sys
import zipfile

MAGIC = importlib.util.MAGIC_NUMBER
PREFIX = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"


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


def _is_dataclass(node):
    """Whether the class definition *node* is decorated with ``dataclass`` or ``dataclass(...)``."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (isinstance(target, ast.Name) and target.id == "dataclass") or \
                (isinstance(target, ast.Attribute) and target.attr == "dataclass"):
            return True
    return False


def _without_docstrings(tree):
    """*tree* with the docstring of the module, of each class and of each function removed.

    A dataclass keeps the first line of its docstring (see the module docstring).
    """
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                if isinstance(node, ast.ClassDef) and _is_dataclass(node):
                    first = body[0].value.value.strip().splitlines()[0] or node.name
                    body[0].value = ast.copy_location(ast.Constant(first), body[0].value)
                else:
                    node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def wheel(src, dst):
    """Replace each module of the wheel by sourceless bytecode (``x.py`` becomes ``x.pyc``); rewrite RECORD."""
    entries = []
    record_name = None
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith("/RECORD") and ".dist-info/" in info.filename:
                record_name = info
                continue
            if info.filename.endswith(".py"):
                tree = _without_docstrings(ast.parse(data, info.filename))
                code = compile(tree, info.filename, "exec", dont_inherit=True)
                entries.append((entry_like(info, info.filename + "c"), pyc(code)))
            else:
                entries.append((info, data))
    _write_zip(dst, entries)  # without RECORD, for the imports below
    entries.append((entry_like(record_name, DATACLASS_MODULE + ".pyc"), pyc(_dataclass_module(dst, entries))))
    record = "".join(_record_line(info.filename, data) for info, data in entries)
    record += f"{record_name.filename},,\n"
    entries.append((record_name, record.encode()))
    _write_zip(dst, entries)


def _write_zip(dst, entries):
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info, data in entries:
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


#: The module of the compiled wheel that holds the bytecode of the methods ``dataclasses`` writes.
DATACLASS_MODULE = "_voidref_dataclasses"

_DATACLASS_SOURCE = '''
import builtins
import dataclasses
import marshal

CODE = dict(marshal.loads(PAIRS))
del PAIRS


def exec(source, globals=None, locals=None, /):
    return builtins.exec(CODE.get(source, source), globals, locals)


dataclasses.exec = exec
'''


def _dataclass_module(wheel_zip, entries):
    """The code of :data:`DATACLASS_MODULE`, made by importing every module of the wheel at *wheel_zip*.

    While they are imported, ``dataclasses`` is handed an ``exec`` that keeps each text it is given with its
    bytecode; the module's constant ``PAIRS`` is those ``(text, bytecode)`` pairs, in the order met, marshalled.
    """
    import builtins
    import dataclasses
    import importlib

    met = {}

    def recording_exec(source, globals=None, locals=None, /):
        if isinstance(source, str) and source not in met:
            met[source] = compile(source, "<string>", "exec", dont_inherit=True)
        return builtins.exec(source, globals, locals)

    names = sorted(info.filename[:-4].replace("/", ".").removesuffix(".__init__") for info, _ in entries
                   if info.filename.endswith(".pyc") and not info.filename.endswith("__main__.pyc"))
    sys.path.insert(0, wheel_zip)
    dataclasses.exec = recording_exec
    try:
        for name in names:
            importlib.import_module(name)
    finally:
        del dataclasses.exec
        sys.path.remove(wheel_zip)
        for name in names:
            sys.modules.pop(name, None)
    source = f"PAIRS = {marshal.dumps(tuple(met.items()))!r}\n" + _DATACLASS_SOURCE
    return compile(source, DATACLASS_MODULE + ".py", "exec", dont_inherit=True, optimize=2)


def entry_like(info, name):
    """A new zip entry named *name* with the date and mode of the entry *info*."""
    new = zipfile.ZipInfo(name, date_time=info.date_time)
    new.external_attr = info.external_attr
    return new


if __name__ == "__main__":
    import os

    if os.path.exists("/work/entries.json"):
        with open("/work/entries.json") as fh:
            trim("/work/stdlib.zip", json.load(fh), "/work/stdlib-out.zip")
    if os.path.exists("/work/wheel.zip"):
        wheel("/work/wheel.zip", "/work/wheel-out.zip")
