"""pytest set-up: run every MyST ``{doctest}`` block of the docs with Sybil.

Sybil reads each page, finds the ``{doctest}`` directives and runs them one by
one in a namespace shared across the page, reporting failures with the page's
own line numbers. The same blocks also run under ``sphinx-build -b doctest``.

Hypothesis checks rules here, not speed: its per-example deadline (200 ms by
default) would make a result depend on how busy the machine is, so it is off
for every test. Speed is measured by the scripts in ``benchmarks/``.
"""

import doctest

from hypothesis import settings
from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, SkipParser

settings.register_profile("voidref", deadline=None)
settings.load_profile("voidref")

pytest_collect_file = Sybil(
    parsers=[
        DocTestDirectiveParser(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md"],
    path="docs",
).pytest()

# Python that the build runs inside Pyodide (under node), not importable here:
# it expects names the build script sets before running it.
collect_ignore_glob = ["docs/_ext/*/js/*.py"]
