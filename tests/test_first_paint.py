"""One style sheet per page and no script holding the first paint back (docs/_ext/voidref_calculators/paint.py).

The CSS reader and the cut are checked on small sheets whose answer is known;
the built site (``VOIDREF_SITE``) is checked for what a page's head holds.
Whether anything a reader sees changed is the browser tests' question (menu,
search, dark mode, 375 px), and the screenshots compared in the note.
"""

from __future__ import annotations

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))


def _paint():
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        from voidref_calculators import paint
    finally:
        sys.path.pop(0)
    return paint


@pytest.mark.parametrize(("selector", "ok"), [
    (".card .card-body", False),  # card is not used
    (".bd-sidebar", True),
    ("a.reference:hover", True),
    ("#main-content h1", True),
    ("#nowhere", False),
    ("html[data-theme=dark] .bd-sidebar", True),  # attributes are not judged
    (".bd-sidebar:not(.card)", True),  # what :not() names need not exist
    (":is(.card, .bd-sidebar) p", True),  # nor what :is() lists
    ("p", True),
    ("[class~=card]", True),
])
def test_a_selector_may_match_when_every_class_and_id_it_needs_is_used(selector, ok):
    used = {"bd-sidebar", "reference", "main-content"}
    assert _paint().may_match(selector, used) is ok


def test_the_cut_drops_only_rules_that_cannot_match_and_keeps_at_rules_whole():
    """A rule goes only when none of its selectors may match; @media keeps what may match inside it and goes
    when empty; @font-face, @keyframes and @charset stay; strings and comments with braces do not confuse it."""
    css = """@charset "utf-8";
/* a comment { with braces } */
.used,.unused{color:red}
.unused{color:blue}
.used::after{content:"} not a brace {"}
@media (max-width:600px){.unused{margin:0}.used{margin:1px}}
@media print{.unused{display:none}}
@font-face{font-family:x;src:url(a.woff2)}
@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}
@supports (display:grid){@media screen{.used{display:grid}.gone{display:grid}}}"""
    out = _paint().purge(css, {"used"})
    assert ".used,.unused{color:red}" in out
    assert ".unused{color:blue}" not in out
    assert '.used::after{content:"} not a brace {"}' in out
    assert "@media (max-width:600px){.used{margin:1px}}" in out.replace("\n", "")
    assert "@media print" not in out
    assert "@font-face{font-family:x;src:url(a.woff2)}" in out and "@keyframes spin{" in out
    assert '@charset "utf-8";' in out
    assert "@supports (display:grid){@media screen{.used{display:grid}}}" in out.replace("\n", "")
    assert "a comment" not in out and ".gone" not in out


def test_a_sheet_is_read_with_its_imports_inlined_and_its_urls_rebased(tmp_path):
    """theme.css imports ../basic.css; a sheet outside the bundle's folder has its relative urls rewritten."""
    paint = _paint()
    (tmp_path / "_static" / "styles").mkdir(parents=True)
    (tmp_path / "_static" / "basic.css").write_text("div.body{margin:0}")
    (tmp_path / "_static" / "styles" / "theme.css").write_text('@import "../basic.css";\n.x{background:url(a.png)}')
    (tmp_path / "_static" / "mine.css").write_text('.y{background:url("img/b.png")}.z{background:url(data:,x)}')
    read = paint._read_sheet
    assert read(str(tmp_path), "_static/styles/theme.css") == 'div.body{margin:0}\n.x{background:url("a.png")}'
    assert read(str(tmp_path), "_static/mine.css") == '.y{background:url("../img/b.png")}.z{background:url(data:,x)}'


def test_the_heads_scripts_are_deferred_and_their_inline_users_become_modules():
    """Classic scripts in the head gain defer; DOCUMENTATION_OPTIONS lines become inline modules (run after
    them, in order); the theme's script preloads go; the body and the search page are left alone."""
    paint = _paint()
    page = ('<head><link rel="preload" as="script" href="b.js" />\n<script src="d.js"></script>'
            "<script>DOCUMENTATION_OPTIONS.pagename = 'x';</script><script data-cfasync=\"false\">m()</script>"
            '</head><body><script src="late.js"></script></body>')
    out = paint.defer_scripts(page)
    assert '<script defer src="d.js"></script>' in out and 'rel="preload"' not in out
    assert "<script type=\"module\">DOCUMENTATION_OPTIONS.pagename = 'x';</script>" in out
    assert '<script data-cfasync="false">m()</script>' in out and '<body><script src="late.js"></script>' in out
    assert paint.defer_scripts(out) == out
    search = page.replace("</head>", '<script src="searchtools.js"></script></head>')
    assert paint.defer_scripts(search) == search


def test_the_heads_async_modules_are_fetched_once_the_page_has_painted():
    """An async module script in the head becomes an inline module that imports it after the next frame (at
    once in a hidden tab), naming it in data-src (the service worker's list reads it); the Content-Security-
    Policy step hashes that script as inline, not as one with a src; run twice, nothing more changes."""
    paint = _paint()
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        from voidref_calculators import csp
    finally:
        sys.path.pop(0)
    page = ('<head><script async="async" type="module" src="../_static/calc/calc.js?v=1"></script>'
            '<script async="async" type="module" src="_static/calc/roller.js?v=2"></script></head><body></body>')
    out = paint.defer_scripts(page)
    assert 'src="' not in out.replace('data-src="', "")
    assert '<script type="module" data-src="../_static/calc/calc.js?v=1">' in out
    assert 'import("../_static/calc/calc.js?v=1")' in out and 'import("./_static/calc/roller.js?v=2")' in out
    assert "requestAnimationFrame(() => setTimeout(go))" in out and "document.hidden" in out
    assert paint.defer_scripts(out) == out
    assert len(csp._INLINE_SCRIPT.findall(out)) == 2
    # a deferred module goes too when it waits for the page itself (it reads document.readyState)
    deferred = '<head><script type="module" src="a.js?v=1"></script><script type="module" src="b.js"></script></head>'
    later = paint.defer_scripts(deferred, lambda src: src.startswith("a.js"))
    assert 'data-src="a.js?v=1">' in later and '<script type="module" src="b.js"></script>' in later


def test_a_script_that_reads_the_ready_state_may_start_later(tmp_path):
    paint = _paint()
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "a.js").write_text('if (document.readyState === "loading") wait(); else go();')
    (tmp_path / "_static" / "b.js").write_text("setUp();")
    assert paint.waits_for_page(str(tmp_path), "x/page.html", "../_static/a.js?v=1")
    assert not paint.waits_for_page(str(tmp_path), "x/page.html", "../_static/b.js?v=1")
    assert not paint.waits_for_page(str(tmp_path), "x/page.html", "../_static/none.js")
    assert not paint.waits_for_page(str(tmp_path), "x/page.html", "https://example.org/a.js")


def _head(rel: str) -> str:
    with open(os.path.join(SITE, rel), encoding="utf-8") as fh:
        text = fh.read()
    return text[:text.index("</head>")]


def test_every_page_links_one_style_sheet_and_no_script_file_is_fetched_before_it_paints():
    """Every page (the search page aside, for its scripts) links one bundle, no classic script without defer and
    no module script file but one that must start with the page (the tracker's: it does not wait for the page);
    the others are imported once it has painted."""
    if not os.path.exists(os.path.join(SITE, "index.html")):
        pytest.skip(f"no built site in {SITE}")
    pages = []
    for folder, dirs, names in os.walk(SITE):
        dirs[:] = [d for d in dirs if not d.startswith((".", "_"))]
        pages += [os.path.relpath(os.path.join(folder, n), SITE) for n in names if n.endswith(".html")]
    assert len(pages) > 50
    for rel in pages:
        head = _head(rel)
        sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', head)
        assert len(sheets) == 1 and "_static/styles/voidref-" in sheets[0], (rel, sheets)
        if rel != "search.html":
            blocking = re.findall(r"<script(?![^>]*\b(?:defer|async|type=\"module\"))[^>]*\bsrc=[^>]*>", head)
            assert not blocking, (rel, blocking)
            modules = re.findall(r'(<script [^>]*type="module"[^>]*(?<![\w-])src="([^"]+)")', head)
            early = [t for t, src in modules if "async" in t or _paint().waits_for_page(SITE, rel, src)]
            assert not early, (rel, early)


def test_the_bundle_keeps_the_rules_the_pages_need_and_is_a_fraction_of_the_theme():
    """The rule page's bundle still styles the sidebar, the header and dark mode, and weighs under half of the
    sheets it replaced (sizes printed)."""
    if not os.path.exists(os.path.join(SITE, "index.html")):
        pytest.skip(f"no built site in {SITE}")
    head = _head(os.path.join("drifters", "dice.html"))
    href = re.search(r'<link rel="stylesheet" href="\.\./([^"]+)" data-voidref-css="([^"]+)"', head)
    with open(os.path.join(SITE, href.group(1)), encoding="utf-8") as fh:
        css = fh.read()
    for needed in (".bd-sidebar-primary", ".bd-header", 'html[data-theme="dark"]', ".primary-toggle", "@font-face"):
        assert needed in css, needed
    before = sum(os.path.getsize(os.path.join(SITE, s)) for s in href.group(2).split())
    print(f"rule page: {len(href.group(2).split())} sheets, {before / 1000:.0f} kB, bundled {len(css) / 1000:.0f} kB")
    assert len(css) < before / 2
