"""No import cycles among voidref's modules, deferred imports (inside functions) included.

Every module under ``voidref/`` is parsed with :mod:`ast`; every ``import``
and ``from ... import`` anywhere in it (top level, inside functions, under
``if``) becomes an edge, relative imports resolved against the module's
package. ``from package import name`` points at the submodule when *name* is
one, else at the package (whose ``__init__`` defines it). Importing ``x.y.z`` also runs the ``__init__`` of
``x.y``, so the importer depends on those packages too, except the ones it is
itself inside (Python has started running them before it). Imports named by
a string (``importlib.import_module``) are not edges: they are the way to
load something lazily on purpose.
"""

from __future__ import annotations

import ast
from pathlib import Path

import voidref

ROOT = Path(voidref.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _imports(name: str, is_package: bool, source: str, modules) -> set[str]:
    """The voidref modules that running *source*, the code of module *name*, imports directly."""
    package = name if is_package else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            submodules = {f"{source}.{alias.name}" for alias in node.names} & set(modules)
            targets.update(submodules)
            if len(submodules) < len(node.names):  # a name defined by the package itself (or *)
                targets.add(source)
    inside = set(_ancestors(name)) | {name}
    found = set()
    for target in targets:
        if target in modules:
            found.add(target)
        found.update(a for a in _ancestors(target) if a in modules and a not in inside)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Every voidref module and the voidref modules it imports."""
    modules = _modules()
    return {name: _imports(name, path.name == "__init__.py", path.read_text(), modules)
            for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_graph_sees_deferred_and_relative_imports():
    """The parser finds an import inside a function and resolves a relative one (else the check could not fail)."""
    modules = {"voidref", "voidref.p", "voidref.p.a", "voidref.p.b", "voidref.q", "voidref.r", "voidref.r.s"}
    source = "import os\ndef f():\n    from . import b\n    from ..q import thing\n    import voidref.r.s\n"
    assert _imports("voidref.p.a", False, source, modules) == {"voidref.p.b", "voidref.q", "voidref.r", "voidref.r.s"}
    assert _imports("voidref.p", True, "from .a import x\n", modules) == {"voidref.p.a"}


def test_cycles_finds_a_two_module_loop():
    """Tarjan's components: a loop of two modules is reported, a chain is not."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycles_in_voidref():
    """No voidref module imports itself through others, even by an import inside a function."""
    assert cycles(import_graph()) == []
