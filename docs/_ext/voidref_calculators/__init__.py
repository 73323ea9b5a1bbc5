"""Sphinx glue for the in-browser calculators, one module per feature.

``directive``
    ``{calculator} slug``: the form, with the result for the default inputs
    computed at build time; only pages holding one load the calculator's
    script and style.
``wheel``
    the ``voidref`` wheel the browser installs, built from the sources this
    build imported, into ``_static/calc/``.
``pyodide``
    Pyodide's program copied into ``_static/pyodide/`` with a standard library
    trimmed to what the calculators use, both it and the wheel compiled, and
    ``_static/calc/config.mjs`` naming the files and their sizes (the
    build-time node scripts are in ``js/``).
``modules``
    a content hash in the URL of every calculator module (imports and
    pages), so a browser never runs one build's module with another's.
``theme``
    fixes to the theme's output that the browser checks asked for.
``csp``
    a Content-Security-Policy ``<meta>`` on every page.
``offline``
    ``sw.js``, the service worker that keeps the site for offline use.
``paint``
    one style sheet per page, cut to what the site uses, and the head's
    scripts deferred: the first paint sooner on a phone.
``compress``
    a ``.gz`` and a ``.br`` copy of every text file, for hosts (``make serve``
    among them) that send a file's compressed copy.
``roller``
    ``{roller} slug``: a dice roller's form (the dice are rolled in the
    browser by ``calc/roller.js``, through the calculators' Python).
``manifest``
    ``manifest.webmanifest`` and its icons, drawn at build time: the site
    installable on a phone's home screen.
``tracker``
    ``{tracker}``: the encounter tracker's page (a fight kept as a log of events,
    refereed by ``voidref.calc.tracker`` through the calculators' Python).
``examples``
    the example pages: a Run button on each ``{doctest}`` block, and the
    ``{replay}`` / ``{replay-inputs}`` directives (replays a player can change).

Once the HTML is written, the steps run in the order of the priorities below
(lower first): each one reads what the ones before it wrote.

Pages with a calculator are read again whenever a ``voidref`` source changes
(the ``voidref_sources`` extension, set up from here).
"""

from __future__ import annotations

from .compress import setup_compress
from .csp import setup_csp
from .directive import setup_directive
from .examples import setup_examples
from .manifest import setup_manifest
from .modules import setup_modules
from .offline import setup_offline
from .paint import setup_paint
from .pyodide import setup_pyodide
from .roller import setup_roller
from .theme import setup_theme
from .tracker import setup_tracker
from .wheel import setup_wheel

#: ``build-finished`` priorities: the wheel, then Pyodide (which runs the wheel
#: to find the standard library it needs), then the modules' hashed URLs (which
#: need config.mjs, written by the Pyodide step), then the page rewrites (theme fixes,
#: one style sheet per page, the policy), then the
#: manifest and its icons, then the service worker, which hashes every file in
#: its final form, then the compressed copies of those files
WHEEL, PYODIDE, MODULES, THEME, PAINT, CSP, MANIFEST, OFFLINE, COMPRESS = 400, 500, 550, 600, 650, 700, 800, 900, 950


def setup(app):
    setup_directive(app)
    setup_roller(app)
    setup_examples(app)
    setup_tracker(app)
    setup_wheel(app, WHEEL)
    setup_pyodide(app, PYODIDE)
    setup_modules(app, MODULES)
    setup_theme(app, THEME)
    setup_paint(app, PAINT)
    setup_csp(app, CSP)
    setup_manifest(app, MANIFEST)
    setup_offline(app, OFFLINE)
    setup_compress(app, COMPRESS)
    return {"version": "0.2", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 2}
