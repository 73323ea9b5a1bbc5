"""First paint sooner on a phone: one style sheet per page, and no script that holds the page back.

Measured with Lighthouse's mobile test (``benchmarks/bench_lighthouse.py``),
what delays a page's first paint is what it must fetch and work through
before it can draw: eight style sheets (one of them importing a ninth), four
classic scripts in the ``<head>``, each a request on a slow connection, and
the theme's 430 kB of CSS, most of it for components this site never shows.
Once the pages are written, this step:

* **bundles** the style sheets a page links into one file,
  ``_static/styles/voidref-<hash>.css`` (in the theme's folder, so its
  ``url(...)`` references still resolve; others are rewritten), in the same
  order, with ``@import`` inlined. Pages that link the same sheets (every rule
  page) share one bundle, so a reader's next page fetches no style sheet; a
  page with sheets of its own (the roller's, the tracker's, the examples')
  has its own bundle, so the cascade of each page is exactly what it was. The theme's own sheets (:data:`PURGED`) lose
  every rule whose selectors all name a class or id that appears nowhere in
  the site: not in a page, a script of ``_static``, nor a string of the
  engine's code (which writes the calculators' results). The rule is kept
  whole when any one of its selectors may match, and ``@font-face``,
  ``@keyframes`` and the like are kept as they are. The site's own sheets are
  never cut. The link keeps the list it replaced (``data-voidref-css``), so a
  page an incremental build did not rewrite is bundled from the same files.
* **defers** the classic scripts in the ``<head>`` (Sphinx's
  ``documentation_options.js``, ``doctools.js``, ``sphinx_highlight.js``,
  the theme's ``sphinx-book-theme.js``): they set things up for later and
  need nothing before the page is parsed. An inline script that uses what
  they define (``DOCUMENTATION_OPTIONS.pagename = ...``) becomes an inline
  module, which runs after them in document order. The theme's preloads of
  its two deferred scripts go: they competed with the style sheet for the
  first bytes. The search page keeps its scripts as they are (its inline
  script starts the search as soon as it runs).
* **fetches the head's module scripts once the page has painted**: an async
  module (``calc.js``, ``roller-link.js``, ``roller.js``), and a deferred one
  that waits for the page itself (it reads ``document.readyState``:
  ``examples.js``; not ``tracker.js``), becomes an inline module that imports
  it after the next frame. Lighthouse counts a module fetched before the first
  paint as holding it back (it cannot see when a module runs), and a phone
  gives the style sheet the bandwidth. A field focused before the module
  arrived is announced to it again (``focusin``), so a calculator reached for
  early still starts Python.
* **cuts the icon font** (``iconfont.py``) to the glyphs the bundles can
  show, and has every page **preload** the solid one with its style sheet:
  115 kB fetched once the sheet was read became 14 kB fetched alongside it.

Runs before the Content-Security-Policy step (``csp.py``), which hashes the
inline scripts as this step leaves them. The browser tests (menu, search,
dark mode, the pages at 375 px) and the screenshots in the note are what
show nothing a reader sees changed.
"""

from __future__ import annotations

import functools
import hashlib
import os
import posixpath
import re
from collections.abc import Callable

from sphinx.util import logging

from . import iconfont
from ._pages import rewrite_pages

logger = logging.getLogger(__name__)

#: the theme's style sheets, cut to what the site uses (outdir-relative paths)
PURGED = ("_static/basic.css", "_static/styles/pydata-sphinx-theme.css", "_static/styles/sphinx-book-theme.css",
          "_static/pygments.css")
#: where the bundles go (the theme's folder, whose relative urls they keep)
BUNDLE_DIR = "_static/styles"
_LINK = re.compile(r'<link (?=[^>]*rel="stylesheet")[^>]*>\n?')
_HREF = re.compile(r'href="([^"]+)"')
_FROM = re.compile(r'data-voidref-css="([^"]*)"')
_PRELOAD_SCRIPT = re.compile(r'<link rel="preload" as="script" [^>]*>\n?')
_SYNC_SCRIPT = re.compile(r'<script src="([^"]+)"></script>')
_ASYNC_MODULE = re.compile(r'<script async="async" type="module" src="([^"]+)"></script>')
_MODULE = re.compile(r'<script type="module" src="([^"]+)"></script>')
#: a module the page fetches once it has painted (``data-src`` names it for the service worker's list). A field
#: the reader focused before the module was there is announced to it again (a ``focusin``), as if focused now:
#: the calculators start Python on that event. A tap on a "−" or "+" before its module wired the button is kept
#: (``voidrefEarlyTaps``, one list for the page) and tapped again once it is (``shared/stepper.js``).
_AFTER_PAINT = ('<script type="module" data-src="{src}">'
                "globalThis.voidrefEarlyTaps ??= (document.addEventListener(\"click\", (e) => {{\n"
                '  const b = e.target instanceof Element && e.target.closest(".vc-step");\n'
                '  if (b && !("wired" in b.dataset)) globalThis.voidrefEarlyTaps.push(b);\n'
                "}}, true), []);\n"
                'const go = () => import("{spec}").then(() => {{\n'
                "  const field = document.activeElement;\n"
                "  if (field && field !== document.body && field !== document.documentElement) "
                'field.dispatchEvent(new FocusEvent("focusin", {{ bubbles: true }}));\n'
                "}});\nif (document.hidden) go(); else requestAnimationFrame(() => setTimeout(go));</script>")
_INLINE_OPTIONS = re.compile(r"<script>(DOCUMENTATION_OPTIONS\.[^<]*)</script>")
_IMPORT = re.compile(r'@import\s+(?:url\()?["\']?([^"\')]+)["\']?\)?\s*;')
_URL = re.compile(r'url\(\s*(["\']?)([^"\')]+)\1\s*\)')
_WORD = re.compile(r"[A-Za-z_][\w-]*")
_CLASS_ATTR = re.compile(r'\b(?:class|id)="([^"]*)"')


# -- CSS, read just enough to drop rules ---------------------------------------------------------

def _skip_string(css: str, i: int) -> int:
    quote = css[i]
    i += 1
    while i < len(css) and css[i] != quote:
        i += 2 if css[i] == "\\" else 1
    return i + 1


def _block_end(css: str, i: int) -> int:
    """The index just past the ``}`` closing the block whose ``{`` is at *i*."""
    depth = 0
    while i < len(css):
        c = css[i]
        if c in "\"'":
            i = _skip_string(css, i)
            continue
        if css.startswith("/*", i):
            i = css.find("*/", i + 2) + 2 if css.find("*/", i + 2) >= 0 else len(css)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(css)


def _statements(css: str):
    """The top-level statements of *css*: (prelude, block or None), comments dropped."""
    i, start = 0, 0
    while i < len(css):
        c = css[i]
        if css.startswith("/*", i):
            end = css.find("*/", i + 2)
            end = len(css) if end < 0 else end + 2
            css = css[:i] + css[end:]
            continue
        if c in "\"'":
            i = _skip_string(css, i)
        elif c == ";" and css[start:i].lstrip().startswith("@"):
            yield css[start:i + 1].strip(), None
            i = start = i + 1
        elif c == "{":
            end = _block_end(css, i)
            yield css[start:i].strip(), css[i + 1:end - 1]
            i = start = end
        else:
            i += 1


_NESTED = ("@media", "@supports", "@layer", "@container", "@document")
_FUNCTIONAL = re.compile(r":(?:not|is|where|has|-webkit-any|-moz-any)\(")


def _without_functions(selector: str) -> str:
    """*selector* with the arguments of :not(), :is(), :where(), :has() taken out (they need not all match)."""
    while True:
        m = _FUNCTIONAL.search(selector)
        if not m:
            return selector
        depth, i = 1, m.end()
        while i < len(selector) and depth:
            depth += {"(": 1, ")": -1}.get(selector[i], 0)
            i += 1
        selector = selector[:m.start()] + selector[i:]


def _split_selectors(prelude: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, c in enumerate(prelude):
        depth += {"(": 1, ")": -1, "[": 1, "]": -1}.get(c, 0)
        if c == "," and depth == 0:
            out.append(prelude[start:i])
            start = i + 1
    return [*out, prelude[start:]]


def may_match(selector: str, used: set[str]) -> bool:
    """Whether every class and id *selector* needs is among *used* (attributes, tags and states are not judged)."""
    plain = re.sub(r"\[[^\]]*\]", "", _without_functions(selector))
    needed = re.findall(r"[.#](-?[A-Za-z_][\w-]*)", plain)
    return all(name in used for name in needed)


def purge(css: str, used: set[str]) -> str:
    """*css* less the style rules none of whose selectors may match (see :func:`may_match`)."""
    out = []
    for prelude, block in _statements(css):
        if block is None:
            out.append(prelude)
        elif prelude.startswith(_NESTED):
            inner = purge(block, used)
            if inner.strip():
                out.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@") or any(may_match(s, used) for s in _split_selectors(prelude)):
            out.append(f"{prelude}{{{block}}}")
    return "\n".join(out)


# -- the site's words, and the bundles -----------------------------------------------------------

def used_names(outdir: str, code_dirs: list[str]) -> set[str]:
    """Every class and id a page names, and every word of the site's scripts and of the engine's code."""
    used: set[str] = set()
    for root, dirs, files in os.walk(outdir):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "pyodide"]  # Python's runtime sets no class
        for fn in files:
            path = os.path.join(root, fn)
            if fn.endswith(".html"):
                with open(path, encoding="utf-8") as fh:
                    for value in _CLASS_ATTR.findall(fh.read()):
                        used.update(value.split())
            elif fn.endswith((".js", ".mjs")):
                with open(path, encoding="utf-8", errors="replace") as fh:
                    used.update(_WORD.findall(fh.read()))
    for folder in code_dirs:
        for root, _dirs, files in os.walk(folder):
            for fn in files:
                if fn.endswith(".py"):
                    with open(os.path.join(root, fn), encoding="utf-8") as fh:
                        used.update(_WORD.findall(fh.read()))
    return used


def _read_sheet(outdir: str, rel: str, seen: frozenset = frozenset()) -> str:
    """The sheet at *rel* with its ``@import`` inlined and its urls made relative to :data:`BUNDLE_DIR`."""
    with open(os.path.join(outdir, rel), encoding="utf-8") as fh:
        css = fh.read()
    here = posixpath.dirname(rel)

    def inline(m: re.Match) -> str:
        target = posixpath.normpath(posixpath.join(here, m.group(1)))
        return "" if target in seen else _read_sheet(outdir, target, seen | {rel})

    def rebase(m: re.Match) -> str:
        ref = m.group(2)
        if re.match(r"^(?:[a-z]+:|/|#)", ref):
            return m.group(0)
        target = posixpath.normpath(posixpath.join(here, ref))
        return f'url("{posixpath.relpath(target, BUNDLE_DIR)}")'

    return _URL.sub(rebase, _IMPORT.sub(inline, css))


def bundle_text(outdir: str, sheets: tuple[str, ...], used: set[str]) -> str:
    """The bundle of *sheets* (outdir-relative): each read, the theme's cut, in order."""
    parts = []
    for rel in sheets:
        css = _read_sheet(outdir, rel)
        parts.append(f"/* {rel} */\n" + (purge(css, used) if rel in PURGED else css))
    return "\n".join(parts) + "\n"


def write_bundle(outdir: str, text: str) -> str:
    """Write the bundle *text* under a name from its hash and return its outdir-relative path."""
    name = f"{BUNDLE_DIR}/voidref-{hashlib.sha256(text.encode()).hexdigest()[:12]}.css"
    path = os.path.join(outdir, name)
    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    return name


def _page_sheets(page_rel: str, text: str) -> tuple[str, ...]:
    """The local style sheets *text* links, outdir-relative, in order (or those its bundle was made from)."""
    mine = _FROM.search(text)
    if mine:
        return tuple(mine.group(1).split())
    here = posixpath.dirname(page_rel)
    out = []
    for link in _LINK.findall(text):
        href = _HREF.search(link)
        if href and not re.match(r"^(?:[a-z]+:|//)", href.group(1)):
            out.append(posixpath.normpath(posixpath.join(here, href.group(1).split("?")[0])))
    return tuple(out)


def _after_paint(m: re.Match) -> str:
    src = m.group(1)
    return _AFTER_PAINT.format(src=src, spec=src if src.startswith(("./", "../", "/")) else "./" + src)


def defer_scripts(text: str, waits: Callable[[str], bool] = lambda src: False) -> str:
    """The head's classic scripts deferred, the inline scripts that use them made modules, the preloads gone,
    and its async modules, and the deferred ones *waits* says wait for the page themselves, fetched once the
    page has painted."""
    end = text.find("</head>")
    if "searchtools.js" in text or end < 0:
        return text
    head = _PRELOAD_SCRIPT.sub("", text[:end])
    head = _SYNC_SCRIPT.sub(r'<script defer src="\1"></script>', head)
    head = _ASYNC_MODULE.sub(_after_paint, head)
    head = _MODULE.sub(lambda m: _after_paint(m) if waits(m.group(1)) else m.group(0), head)
    return _INLINE_OPTIONS.sub(r'<script type="module">\1</script>', head) + text[end:]


def waits_for_page(outdir: str, page_rel: str, src: str) -> bool:
    """Whether the site's script *src* (as page *page_rel* names it) checks ``document.readyState``: it then
    runs the same whether it starts before the page is parsed or after (a deferred module starts before)."""
    if re.match(r"^(?:[a-z]+:|//)", src):
        return False
    path = os.path.join(outdir, posixpath.normpath(posixpath.join(posixpath.dirname(page_rel), src.split("?")[0])))
    try:
        with open(path, encoding="utf-8") as fh:
            return "document.readyState" in fh.read()
    except OSError:
        return False


_OUR_PRELOAD = re.compile(r'<link rel="preload" [^>]*data-voidref-font[^>]*>\n?')


def _bundles(outdir: str, used: set[str], code_dirs: list[str]) -> dict[tuple[str, ...], tuple[str, list[str]]]:
    """Every bundle the pages need, written, by the sheets it replaces: its path and the fonts to preload with it
    (outdir-relative). The icon fonts are cut first (``iconfont.py``)."""
    wanted: set[tuple[str, ...]] = set()

    def collect(page_rel: str, text: str) -> str:
        if not page_rel.startswith("_static/") and _LINK.search(text):
            wanted.add(_page_sheets(page_rel, text))
        return text

    rewrite_pages(outdir, collect, with_path=True)
    texts = {sheets: bundle_text(outdir, sheets, used) for sheets in wanted if sheets}
    fonts = iconfont.cut_fonts(outdir, BUNDLE_DIR, list(texts.values()), iconfont.site_characters(outdir, code_dirs))
    for old, new in fonts.items():
        texts = {sheets: text.replace(f'url("{old}")', f'url("{new}")') for sheets, text in texts.items()}
    preload = [new for old, new in fonts.items() if posixpath.basename(old) in iconfont.PRELOAD]
    return {sheets: (write_bundle(outdir, text),
                     [posixpath.normpath(posixpath.join(BUNDLE_DIR, url)) for url in preload if url in text])
            for sheets, text in texts.items()}


def _paint(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = app.outdir
    code_dirs = [os.path.join(app.confdir, "voidref")]
    bundles = _bundles(outdir, used_names(outdir, code_dirs), code_dirs)

    def change(page_rel: str, text: str) -> str:
        if page_rel.startswith("_static/"):  # the theme's template fragments, not pages
            return text
        sheets = _page_sheets(page_rel, text)
        links = _LINK.findall(text)
        if sheets in bundles and links:
            here = posixpath.dirname(page_rel) or "."
            name, fonts = bundles[sheets]
            link = (f'<link rel="stylesheet" href="{posixpath.relpath(name, here)}" '
                    f'data-voidref-css="{" ".join(sheets)}" />\n')
            for font in fonts:  # fetched with the sheet rather than once it is read (iconfont.PRELOAD)
                link += (f'<link rel="preload" href="{posixpath.relpath(font, here)}" as="font" type="font/woff2" '
                         f'crossorigin data-voidref-font />\n')
            text = _OUR_PRELOAD.sub("", text)
            text = text.replace(links[0], link, 1)
            for other in links[1:]:
                text = text.replace(other, "", 1)
        return defer_scripts(text, functools.partial(waits_for_page, outdir, page_rel))

    rewrite_pages(outdir, change, with_path=True)
    for sheets, (name, _fonts) in sorted(bundles.items(), key=lambda kv: kv[1]):
        before = sum(os.path.getsize(os.path.join(outdir, s)) for s in sheets)
        logger.info("voidref: %d style sheets (%d kB) bundled as %s (%d kB)", len(sheets), before // 1000, name,
                    os.path.getsize(os.path.join(outdir, name)) // 1000)


def setup_paint(app, priority: int) -> None:
    app.connect("build-finished", _paint, priority=priority)
