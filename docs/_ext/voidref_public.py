"""The public names of ``voidref``, read from the package at build time (the Public names page).

Public modules are ``voidref`` itself, each module at its top (``voidref.exact``,
``voidref.errors``, ...), each of its packages (``voidref.drifters``,
``voidref.drifters.ships``, ...) and each package's ``rulings`` module; a
public name is one listed in a public module's ``__all__``. Nothing here is
typed by hand, so the page cannot go stale: ``{computed}
voidref_public.public_names`` prints the list, and
``tests/test_reprs_rebuild.py`` and ``tests/test_public_api_hostile.py`` walk the same modules.
"""

from __future__ import annotations

import importlib
import pkgutil

import voidref

#: Modules that are not public (nor anything inside them), with the reason.
NOT_PUBLIC = {
    "voidref.cli": "the command line: its commands and options are what it offers, not its Python names",
    "voidref.tables": "the tables the site's pages print: their layout follows the pages",
    "voidref.present.replays": "the worked examples' steps as the pages print them: their layout follows the pages",
    "voidref.present.fight": "a fight as the Docking Bay page and the tracker print it: its layout follows the pages",
}


def public_modules() -> list[str]:
    """``voidref``, the modules at its top, then each package at every depth followed by its ``rulings`` module.

    A module or package whose name (or a parent's) starts with an underscore
    is not public, nor are the modules of :data:`NOT_PUBLIC` and what is inside them.
    """
    top, packages = [], []
    for info in pkgutil.walk_packages(voidref.__path__, "voidref."):
        hidden = any(info.name == name or info.name.startswith(name + ".") for name in NOT_PUBLIC)
        if hidden or any(part.startswith("_") for part in info.name.split(".")):
            continue
        if info.ispkg or info.name.endswith(".rulings"):
            packages.append(info.name)
        elif info.name.count(".") == 1:
            top.append(info.name)
    return ["voidref", *sorted(top), *sorted(packages)]


def public_names() -> str:
    """Markdown: each public module with the names of its ``__all__``, in the module's own order."""
    lines = []
    for name in public_modules():
        module = importlib.import_module(name)
        listed = getattr(module, "__all__", None)
        if listed is None:
            raise RuntimeError(f"{name} is public but has no __all__")
        lines += [f"`{name}`", ": " + ", ".join(f"`{n}`" for n in listed), ""]
    return "\n".join(lines)
