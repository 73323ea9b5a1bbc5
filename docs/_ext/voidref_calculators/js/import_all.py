"""Runs inside Pyodide, started by snapshot.mjs: import every voidref module before the snapshot.

Then nothing needs the wheel's files after the worker restores the snapshot.
"""

import importlib
import pkgutil

import voidref
import voidref.calc

if __name__ == "__main__":
    for info in pkgutil.walk_packages(voidref.__path__, "voidref."):
        if not info.name.endswith(".__main__"):  # that one runs the command line
            importlib.import_module(info.name)
    voidref.calc.calculators()
