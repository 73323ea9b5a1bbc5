"""pytest set-up: Sybil for the docs' ``{doctest}`` blocks when asked, and hypothesis.

The docs' ``{doctest}`` blocks have one runner in ``make test``: the HTML build
(``docs/_ext/voidref_verified.py``) runs every block, fails on any wrong
answer, and prints on each page how many checks ran. So ``docs`` is not in
pytest's ``testpaths`` (``pyproject.toml``) and ``make test`` does not run the
blocks again. ``pytest docs`` (or one page, ``pytest docs/drifters/ember-drift.md``)
runs them here when you want them alone: Sybil reads each page, finds the
``{doctest}`` directives and runs them one by one in a namespace shared across
the page, reporting failures with the page's own line numbers. Both use the same
option flags, ``voidref.calc.doctest_run.OPTIONS`` (as do the example pages' Run
buttons and ``sphinx-build -b doctest``, through ``conf.py``).

Hypothesis checks rules here, not speed: its per-example deadline (200 ms by
default) would make a result depend on how busy the machine is, so it is off
for every test. Speed is measured by the scripts in ``benchmarks/``.
"""

from hypothesis import settings
from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, SkipParser

from voidref.calc.doctest_run import OPTIONS

settings.register_profile("voidref", deadline=None)
settings.load_profile("voidref")

pytest_collect_file = Sybil(
    parsers=[
        DocTestDirectiveParser(optionflags=OPTIONS),
        SkipParser(),
    ],
    patterns=["*.md"],
    path="docs",
).pytest()

# Python that the build runs inside Pyodide (under node), not importable here:
# it expects names the build script sets before running it.
collect_ignore_glob = ["docs/_ext/*/js/*.py"]
