"""Runs inside Pyodide, started by stdlib_used.mjs: do what the page's worker does, then name the modules it used.

The worker's work: Pyodide's own start, the wheel on sys.path (done by the
script before this one), seeding ``random``, freezing the collector, importing
``voidref.calc`` and answering ``run_json`` for every calculator; with
``VOIDREF_EXAMPLES`` set to ``"1"``, also the example pages' questions
(``voidref.calc.examples``: a block run as a doctest, each replay with changed
inputs; a block may import any ``voidref`` module, so all are imported). The
build serves what only the second run needs as a separate zip, which the
worker fetches on an example page's first question. Here each
calculator answers its default inputs, every choice of every choice field, the
lowest, a middle and an out-of-range value of every number, and so on. Then,
for every ``voidref`` module loaded by then, each module its source names in
an import statement (imports inside functions too, which a run may not have
reached) is imported as well, until nothing new loads. The build passes those
names in ``VOIDREF_IMPORTS``: JSON, ``{"voidref.x": ["fractions", ...], ...}``.

The script's value is the JSON list of the standard-library zip's entries the
loaded modules came from. It uses only modules that Pyodide's start or the
worker's work load anyway, so the list holds nothing only this script needed.
"""

import gc
import importlib
import json
import random
import sys


def _exercise():
    random.seed()
    gc.freeze()
    from voidref import calc

    for r in calc.rollers():  # the roller page's work: each roller once, from the system's random source
        calc.run_json(r.slug, "{}")
    for c in calc.calculators():
        calc.run_json(c.slug, "{}")
        for f in c.fields:
            if f.kind == "int":
                for value in (f.low, (f.low + f.high) // 2, min(f.default + 1, f.high), f.high + 1):
                    calc.run_json(c.slug, json.dumps({f.name: str(value)}))
            elif f.kind == "choice":
                for value, _label in f.choices:
                    calc.run_json(c.slug, json.dumps({f.name: value}))
                calc.run_json(c.slug, json.dumps({f.name: "no such choice"}))
            elif f.kind == "bool":
                for value in ("0", "1", "maybe"):
                    calc.run_json(c.slug, json.dumps({f.name: value}))
            else:
                calc.run_json(c.slug, json.dumps({f.name: "<b>?</b>"}))


def _exercise_examples(named):
    """The example pages' work: run a block as a doctest, replay each example changed, import what blocks may."""
    from voidref.calc import examples, replays

    examples.run_json("doctest", json.dumps({"source": ">>> 1 / 0\n1\n>>> print(1)\n2\n", "setup": [">>> x = 1\n"]}))
    for name, replay in replays.REPLAYS.items():
        examples.run_json("replay", json.dumps({"name": name, "inputs": {}}))
        for f in replay.fields:
            examples.run_json("replay", json.dumps({"name": name, "inputs": {f.name: str(f.high + 1)}}))
    # A page's blocks may import any voidref module: load them all, so the
    # standard library they name is kept too.
    for module in named:
        if not module.endswith(".__main__"):  # that one runs the command line
            importlib.import_module(module)


def _import_what_sources_name(named):
    done = set()
    while True:
        todo = [m for m in list(sys.modules) if m in named and m not in done]
        if not todo:
            return
        for module in todo:
            done.add(module)
            for name in named[module]:
                try:
                    importlib.import_module(name)
                except ImportError:  # e.g. "from x import y" where y is a name, not a module
                    pass


def _entries(prefix):
    out = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or getattr(module, "__file__", None) or ""
        if origin.startswith(prefix):
            out.add(origin[len(prefix):])
    return sorted(out)


_exercise()
if VOIDREF_EXAMPLES == "1":  # noqa: F821  (set by stdlib_used.mjs)
    _exercise_examples(json.loads(VOIDREF_IMPORTS))  # noqa: F821
_import_what_sources_name(json.loads(VOIDREF_IMPORTS))  # noqa: F821  (set by stdlib_used.mjs)
json.dumps(_entries(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"))
