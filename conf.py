"""Sphinx configuration for the voidref rules site (sources in docs/)."""

import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))

import voidref  # noqa: E402
from voidref.calc import doctest_run  # noqa: E402

project = "voidref"
author = "the voidref team"
copyright = "2026, the voidref team"
release = version = voidref.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "voidref_sphinx",
    "voidref_calculators",
    "voidref_verified",
    "voidref_head",
]

# conf.py sits at the repository root and the sources live in docs/: build with
# ``sphinx-build -c . docs _build/html`` (see the Makefile).
exclude_patterns = ["_ext", "_build", "**/.pytest_cache"]
root_doc = "index"
source_suffix = {".md": "markdown"}
templates_path = ["docs/_templates"]
html_static_path = ["docs/_static"]
# The game each folder of pages belongs to: shown beside the menu button on
# every page of that game (docs/_templates/toggle-primary-sidebar.html), so a
# player on a phone always knows which rules they are reading.
html_context = {
    "voidref_games": {
        "drifters": "Void Drifters",
        "pirates": "Void Pirates",
        "upper_hand": "Upper Hand",
        "cantor": "Cantor tactics",
        "twodice": "2D fighting",
    },
}

myst_enable_extensions = ["colon_fence", "deflist", "attrs_block", "attrs_inline"]
myst_heading_anchors = 4

nitpicky = True
nitpick_ignore_regex = [
    (r"py:class", r"(collections\.abc|typing|fractions|enum)\..*"),
    (r"py:class", r"(Fraction|Hashable|Callable|Iterable|Iterator|Mapping|Sequence|Any|E|T)"),
    (r"py:class", r"(random\.Random|argparse\..*|voidref\.errors\.E)"),
    (r"py:.*", r"voidref\..*\._.*"),
    (r"py:(class|obj)", r"(voidref\.exact\.[TU]|voidref\.ruling_base\.R)"),  # type variables (Dist outcomes, Rulings)
]
# Two systems each have a Weapon class; a bare "Weapon" in a signature is
# ambiguous between them and Sphinx links the first. Not worth failing on.
suppress_warnings = ["ref.python"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}

doctest_global_setup = "from fractions import Fraction"
# `make test` runs the pages' {doctest} blocks once, in the HTML build
# (voidref_verified), not with `-b doctest`; if you run this builder, it takes the
# same flags as that build, Sybil and the Run buttons: voidref.calc.doctest_run.OPTIONS.
doctest_default_flags = doctest_run.OPTIONS
# Docstring examples pulled in by autodoc run under pytest --doctest-modules,
# with their module's globals; here only the pages' {doctest} blocks run.
doctest_test_doctest_blocks = ""

html_theme = "sphinx_book_theme"
html_title = "voidref: combat rules, computed"
html_theme_options = {
    "repository_url": "",
    "use_download_button": False,
    "use_fullscreen_button": False,
    "show_toc_level": 2,
    "navigation_with_keys": True,
    # Off: it would need the search index on every page (docs/_templates/layout.html).
    "search_as_you_type": False,
}
# Search for players (issue 16): rules pages before Python objects, snippets
# without the theme's buttons; see the file's header.
html_search_scorer = "docs/_static/search-scorer.js"
html_css_files = [
    "home.css",  # the home page hub and the quick references
    "player.css",  # phone layout of the search box, wide tables and glossary previews
]
html_js_files = [
    ("nav.js", {"defer": "defer"}),  # focus back to the menu buttons when their panel closes
    ("player-tables.js", {"defer": "defer"}),  # the "swipe for more columns" cue on wide tables
]
# Each page's <meta name="description"> is its first paragraph (docs/_ext/voidref_head.py), or its
# front matter's `description:`; the pages Sphinx writes itself have no text, so theirs are here.
voidref_descriptions = {
    "genindex": "Every rule, term and Python name of the voidref rules site, in alphabetical order.",
    "search": "Search the rules of five tabletop combat systems by the words players use at the table.",
    "py-modindex": "The Python modules of voidref, the package that computes every number on this site.",
}
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
# No request may leave the site: no MathJax (no math on these pages).
mathjax_path = "no-math-on-this-site.js"  # never loaded: no page uses math
