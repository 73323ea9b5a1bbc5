"""Sphinx glue for the in-browser calculators.

``{calculator} slug`` places the calculator registered as *slug* in
:mod:`voidref.calc`: a form with real labels, and the result for the default
inputs computed now, at build time, by the same :func:`voidref.calc.run` that
the browser calls later. The page is useful before Python loads and without
JavaScript.

Only pages holding a calculator get the calculator script and style. When the
HTML build finishes, this extension also:

* writes the ``voidref`` wheel, built from the sources this build imported,
  into ``_static/calc/`` (so the page and the wheel come from one commit);
* copies Pyodide from ``node_modules/pyodide`` into ``_static/pyodide/``, with
  the standard library pre-compiled to bytecode by Pyodide itself under node
  (cached in ``_build/.pyodide-cache``);
* makes a memory snapshot of Pyodide with every ``voidref`` module already
  imported (Pyodide's ``_makeSnapshot``, under node, from the files the site
  serves), gzipped into ``_static/calc/``. The worker starts from it about
  twice as fast as from a cold interpreter, and falls back to a cold start
  if the snapshot is missing or cannot be restored;
* adds a Content-Security-Policy ``<meta>`` to every page (inline scripts the
  theme writes are allowed by their hashes; WebAssembly needs
  ``'wasm-unsafe-eval'``);
* writes ``sw.js`` at the site root, a service worker whose cache name is a
  hash of every file it caches, so each new build replaces the old cache.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import zipfile

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import voidref
from voidref import calc

logger = logging.getLogger(__name__)

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CSP_META = "voidref-csp"


# -- the directive ------------------------------------------------------------

def _field_html(f, uid: str) -> str:
    esc = html.escape
    fid = f"{uid}-{f.name}"
    described = f"{fid}-help {fid}-err" if f.help else f"{fid}-err"
    value = f.format(f.default)
    help_html = f'<span class="vc-help" id="{fid}-help">{esc(f.help)}</span>' if f.help else ""
    err_html = f'<span class="vc-error" id="{fid}-err"></span>'
    if f.kind == "bool":
        checked = " checked" if f.default else ""
        return (f'<div class="vc-field vc-kind-bool"><input type="checkbox" id="{fid}" name="{esc(f.name)}" value="1"'
                f' aria-describedby="{described}"{checked}><label for="{fid}">{esc(f.label)}</label>'
                f"{help_html}{err_html}</div>")
    label = f'<label for="{fid}">{esc(f.label)}</label>'
    if f.kind == "choice":
        options = "".join(
            f'<option value="{esc(v)}"{" selected" if v == f.default else ""}>{esc(text)}</option>'
            for v, text in f.choices)
        control = f'<select id="{fid}" name="{esc(f.name)}" aria-describedby="{described}">{options}</select>'
    elif f.kind == "text" and getattr(f, "rows", 1) > 1:
        control = (f'<textarea id="{fid}" name="{esc(f.name)}" rows="{f.rows}" maxlength="{f.max_length * 2}"'
                   f' aria-describedby="{described}" spellcheck="false">{esc(value)}</textarea>')
    else:
        extra = ' inputmode="numeric"' if f.kind == "int" else ""
        placeholder = getattr(f, "placeholder", "")
        if placeholder:
            extra += f' placeholder="{esc(placeholder)}"'
        control = (f'<input type="text" id="{fid}" name="{esc(f.name)}" value="{esc(value)}"'
                   f' autocomplete="off" spellcheck="false" aria-describedby="{described}"{extra}>')
    return f'<div class="vc-field vc-kind-{f.kind}">{label}{control}{help_html}{err_html}</div>'


def calculator_html(slug: str, key: str | None = None) -> str:
    """The HTML of one calculator with its default result rendered (used by the directive)."""
    esc = html.escape
    c = calc.get(slug)
    key = key or slug
    uid = f"calc-{key}"
    out = calc.run(slug, {})
    if not out["ok"]:
        raise calc.FieldError(slug, f"the default inputs of {slug!r} fail: {out['errors'] or out['error']}")
    fields = "".join(_field_html(f, uid) for f in c.fields if not f.group)
    switches = "".join(_field_html(f, uid) for f in c.fields if f.group == "rulings")
    if switches:  # the system's rulings this calculator reads, folded away; still form fields, so in the URL
        fields += f'<details class="vc-rulings"><summary>Rulings</summary>{switches}</details>'
    intro = f'<p class="vc-intro">{esc(c.intro)}</p>' if c.intro else ""
    return (
        f'<section class="voidref-calc" id="{uid}" data-calc="{esc(slug)}" data-key="{esc(key)}"'
        f' aria-labelledby="{uid}-title">'
        f'<p class="vc-title" id="{uid}-title">Calculator: {esc(c.title)}</p>{intro}'
        f'<form class="vc-form" autocomplete="off" novalidate>{fields}'
        f'<div class="vc-actions" hidden>'
        f'<button type="button" class="vc-copy">Copy result</button>'
        f'<button type="button" class="vc-link">Copy link to this setup</button>'
        f'<button type="button" class="vc-reset">Reset</button></div></form>'
        f'<p class="vc-status" aria-live="polite" data-state="prebuilt">'
        f'Result for the inputs shown, computed when this page was built.</p>'
        f'<noscript><p class="vc-noscript">Changing the inputs needs JavaScript; '
        f'the result shown is for the default inputs.</p></noscript>'
        f'<p class="vc-general-error" role="alert" hidden></p>'
        f'<div class="vc-result" role="status" data-state="prebuilt">{out["html"]}</div>'
        f'<pre class="vc-text" hidden>{esc(out["text"])}</pre>'
        f"</section>"
    )


class CalculatorDirective(SphinxDirective):
    """``{calculator} slug``: a calculator form with its default result pre-rendered."""

    required_arguments = 1

    def run(self):
        slug = self.arguments[0].strip()
        try:
            calc.get(slug)
        except voidref.RulesError as exc:
            raise self.error(f"{{calculator}}: {exc}")
        seen = self.env.temp_data.setdefault("voidref_calc_seen", {})
        seen[slug] = seen.get(slug, 0) + 1
        key = slug if seen[slug] == 1 else f"{slug}-{seen[slug]}"
        docs = self.env.__dict__.setdefault("voidref_calc_docs", set())
        docs.add(self.env.docname)
        for module in ("voidref.calc", "voidref.calc.drifters", "voidref.calc.results"):
            self.env.note_dependency(__import__(module, fromlist=["_"]).__file__)
        return [nodes.raw("", calculator_html(slug, key), format="html")]


def _purge(app, env, docname):
    getattr(env, "voidref_calc_docs", set()).discard(docname)


def _merge(app, env, docnames, other):
    env.__dict__.setdefault("voidref_calc_docs", set()).update(getattr(other, "voidref_calc_docs", set()))


def _page_context(app, pagename, templatename, context, doctree):
    # The theme logs a console error on a first visit when no colour mode is
    # set; the site's browser checks require a clean console, so default to
    # following the system setting.
    if not context.get("default_mode"):
        context["default_mode"] = "auto"
    if pagename in getattr(app.env, "voidref_calc_docs", set()):
        app.add_css_file("calc/calc.css")
        # async and first among the scripts: it starts Python's worker while
        # the page is still being parsed (see calc.js for when it waits).
        app.add_js_file("calc/calc.js", type="module", loading_method="async", priority=100)


# -- build-finished: wheel, Pyodide, CSP, service worker ----------------------

def _b64(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def build_wheel(dest_dir: str) -> str:
    """Write a pure-Python wheel of the ``voidref`` package this build imported; return its name."""
    src = os.path.dirname(os.path.abspath(voidref.__file__))
    version = voidref.__version__
    name = f"voidref-{version}-py3-none-any.whl"
    info = f"voidref-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(files):
            if fn.endswith(".py"):
                path = os.path.join(root, fn)
                arc = "voidref/" + os.path.relpath(path, src).replace(os.sep, "/")
                with open(path, "rb") as fh:
                    entries.append((arc, fh.read()))
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: voidref\nVersion: {version}\n".encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: voidref_calculators\n"
                                     b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "".join(f"{arc},sha256={_b64(hashlib.sha256(data).digest())},{len(data)}\n" for arc, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    os.makedirs(dest_dir, exist_ok=True)
    for old in os.listdir(dest_dir):
        if old.endswith(".whl"):
            os.remove(os.path.join(dest_dir, old))
    with zipfile.ZipFile(os.path.join(dest_dir, name), "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in entries:
            zi = zipfile.ZipInfo(arc, date_time=(1980, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zf.writestr(zi, data)
    return name


_COMPILE_JS = r"""
import { loadPyodide } from %(mjs)s;
import fs from "node:fs";
const [stdlibIn, stdlibOut, wheelIn, wheelOut] = %(args)s;
const py = await loadPyodide();
py.FS.mkdirTree("/work");
if (stdlibOut) py.FS.writeFile("/work/stdlib.zip", fs.readFileSync(stdlibIn));
py.FS.writeFile("/work/wheel.zip", fs.readFileSync(wheelIn));
py.runPython(`
import importlib.util, marshal, sys, zipfile
MAGIC = importlib.util.MAGIC_NUMBER
TAG = sys.implementation.cache_tag

def pyc(code, source=None):
    if source is None:  # sourceless, inside the stdlib zip: nothing to compare with
        head = (0).to_bytes(4, "little") + b"\\0" * 8
    else:  # hash-based and unchecked: no timestamps involved
        head = (1).to_bytes(4, "little") + importlib.util.source_hash(source)
    return MAGIC + head + marshal.dumps(code)

def stdlib(src, dst):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = compile(data, "/lib/python%%d%%d.zip/" %% sys.version_info[:2] + info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    zout.writestr(info, data)
                    continue
                zout.writestr(info.filename[:-3] + ".pyc", pyc(code))
            else:
                zout.writestr(info, data)

def wheel(src, dst):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data)
            name = info.filename
            if name.endswith(".py"):
                code = compile(data, name, "exec", dont_inherit=True)
                folder, _, base = name.rpartition("/")
                zout.writestr(f"{folder}/__pycache__/{base[:-3]}.{TAG}.pyc", pyc(code, data))

wheel("/work/wheel.zip", "/work/wheel-out.zip")
import os
if os.path.exists("/work/stdlib.zip"):
    stdlib("/work/stdlib.zip", "/work/stdlib-out.zip")
`);
fs.writeFileSync(wheelOut, py.FS.readFile("/work/wheel-out.zip"));
if (stdlibOut) fs.writeFileSync(stdlibOut, py.FS.readFile("/work/stdlib-out.zip"));
"""


def _precompile(app, pyodide_dir: str, static: str, wheel_name: str) -> str | None:
    """Pre-compile the stdlib (cached) and the wheel with Pyodide under node; return the stdlib zip to use."""
    node = shutil.which("node")
    stdlib_in = os.path.join(pyodide_dir, "python_stdlib.zip")
    if not node:
        logger.info("voidref calculators: node not found; Pyodide's standard library is copied as source")
        return None
    with open(stdlib_in, "rb") as fh:
        tag = hashlib.sha256(fh.read()).hexdigest()[:16]
    cache = os.path.join(app.confdir, "_build", ".pyodide-cache")
    os.makedirs(cache, exist_ok=True)
    stdlib_out = os.path.join(cache, f"python_stdlib-{tag}-pyc.zip")
    wheel_path = os.path.join(static, "calc", wheel_name)
    wheel_tmp = wheel_path + ".tmp"
    args = [stdlib_in, "" if os.path.exists(stdlib_out) else stdlib_out + ".tmp", wheel_path, wheel_tmp]
    script = _COMPILE_JS % {"mjs": json.dumps("file://" + os.path.join(pyodide_dir, "pyodide.mjs")),
                            "args": json.dumps(args)}
    proc = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=300)
    if proc.returncode:
        err = proc.stderr
        err = err[err.find("Traceback"):] if "Traceback" in err else err[-1500:]
        logger.warning("voidref calculators: pre-compiling with Pyodide failed:\n%s", err[:3000])
        return None
    os.replace(wheel_tmp, wheel_path)
    if args[1]:
        os.replace(args[1], stdlib_out)
    return stdlib_out


_SNAPSHOT_JS = r"""
import { loadPyodide } from %(mjs)s;
import fs from "node:fs";
import zlib from "node:zlib";
const [indexURL, stdlib, wheel, out] = %(args)s;
const py = await loadPyodide({ indexURL, stdLibURL: stdlib, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
py.runPython(`
import importlib, pkgutil, voidref, voidref.calc
# Every module of the package, so nothing needs the wheel's files after a restore.
for info in pkgutil.walk_packages(voidref.__path__, "voidref."):
    if not info.name.endswith(".__main__"):  # that one runs the command line
        importlib.import_module(info.name)
voidref.calc.calculators()
`);
// Half the memory is untouched zero pages: store only the others (see
// unpackSnapshot in worker.mjs), which halves the browser's decompression.
const memory = py.makeMemorySnapshot();
const PAGE = 65536;
const pages = Math.ceil(memory.length / PAGE);
const present = new Uint8Array(pages);
const kept = [];
for (let i = 0; i < pages; i++) {
  const page = memory.subarray(i * PAGE, Math.min((i + 1) * PAGE, memory.length));
  if (page.some((b) => b !== 0)) {
    present[i] = 1;
    kept.push(page);
  }
}
const head = new Uint8Array(20);
head.set(new TextEncoder().encode("VRSNAP01"), 0);
const view = new DataView(head.buffer);
view.setUint32(8, memory.length, true);
view.setUint32(12, PAGE, true);
view.setUint32(16, pages, true);
fs.writeFileSync(out, zlib.gzipSync(Buffer.concat([head, present, ...kept]), { level: 6 }));
"""


def _snapshot(pyodide_dir: str, stdlib: str, wheel_path: str, out_path: str) -> bool:
    """Write a gzipped Pyodide memory snapshot with voidref imported; say whether it worked."""
    node = shutil.which("node")
    if not node:
        return False
    args = [pyodide_dir + os.sep, stdlib, wheel_path, out_path + ".tmp"]
    script = _SNAPSHOT_JS % {"mjs": json.dumps("file://" + os.path.join(pyodide_dir, "pyodide.mjs")),
                             "args": json.dumps(args)}
    proc = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=300)
    if proc.returncode:
        err = proc.stderr
        err = err[err.find("Traceback"):] if "Traceback" in err else err[-1500:]
        logger.warning("voidref calculators: no Pyodide snapshot (the worker will start cold):\n%s", err[:3000])
        return False
    os.replace(out_path + ".tmp", out_path)
    return True


def _csp(scripts: list[str]) -> str:
    hashes = sorted({"'sha256-%s'" % base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in scripts})
    return "; ".join([
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval' " + " ".join(hashes),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]).strip()


_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)


def theme_accessibility_fixes(text: str) -> str:
    """Fix two WCAG 2.1 A/AA failures in the theme's own markup (axe checks every page).

    * The sidebar's expand/collapse ``<summary>`` holds only an icon: give it a name.
    * The search button's ``aria-label="Search"`` hides its visible text
      ("Search … Ctrl+K"); dropping it lets the visible text be the name
      (the ``title`` still names the icon-only variant).
    """
    text = text.replace(
        '<summary><span class="toctree-toggle" role="presentation">',
        '<summary aria-label="Show or hide the pages of this section">'
        '<span class="toctree-toggle" role="presentation">')
    return re.sub(r'(<button [^>]*search-button__button[^>]*?) aria-label="Search"', r"\1", text)


def add_csp(outdir: str) -> int:
    """Put a Content-Security-Policy ``<meta>`` first in the head of every page; return the page count."""
    count = 0
    for root, dirs, files in os.walk(outdir):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for fn in files:
            if not fn.endswith(".html"):
                continue
            path = os.path.join(root, fn)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            text = re.sub(r'<(meta|link) [^>]*data-voidref>\n?', "", text)
            policy = _csp(_INLINE_SCRIPT.findall(text))
            meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}" data-voidref>\n'
            if 'rel="icon"' not in text and "rel='icon'" not in text:
                # no favicon: say so, or the browser asks for /favicon.ico and logs a 404
                meta += '<link rel="icon" href="data:," data-voidref>\n'
            text = theme_accessibility_fixes(text)
            text, n = re.subn(r"(<head[^>]*>\s*)", lambda m: m.group(1) + meta, text, count=1)
            if n:
                count += 1
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
    return count


_SW = r"""// voidref offline cache: written by docs/_ext/voidref_calculators.py at build time.
const VERSION = %(version)s;
const CACHE = "voidref-" + VERSION;
const FILES = %(files)s;
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: "reload" })));
    await self.skipWaiting();
  })());
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("voidref-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});
self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let key = req;
    if (url.pathname.endsWith("/")) key = new URL(url.pathname + "index.html", url.origin).href;
    if (req.mode === "navigate") {
      try {
        const fresh = await fetch(req);
        if (fresh.ok) return fresh;
      } catch (e) { /* offline: fall back to the cache */ }
      const hit = await cache.match(key, { ignoreSearch: true });
      if (hit) return hit;
      return new Response("<!doctype html><title>Offline</title><p>This page is not available offline.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(req);
  })());
});
"""


def write_service_worker(outdir: str) -> str:
    """Write ``sw.js`` caching every file of the site; return the version (hash of the files)."""
    files = []
    digest = hashlib.sha256()
    for root, dirs, names in os.walk(outdir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for fn in sorted(names):
            rel = os.path.relpath(os.path.join(root, fn), outdir).replace(os.sep, "/")
            if fn.startswith(".") or rel in ("sw.js", "objects.inv") or fn.endswith((".tmp", ".map")):
                continue
            files.append(rel)
            with open(os.path.join(root, fn), "rb") as fh:
                digest.update(rel.encode() + b"\0" + hashlib.sha256(fh.read()).digest())
    version = digest.hexdigest()[:16]
    with open(os.path.join(outdir, "sw.js"), "w", encoding="utf-8") as fh:
        fh.write(_SW % {"version": json.dumps(version), "files": json.dumps(files)})
    return version


def _build_finished(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    outdir = app.outdir
    static = os.path.join(outdir, "_static")
    wheel_name = build_wheel(os.path.join(static, "calc"))
    pyodide_src = os.path.join(app.confdir, "node_modules", "pyodide")
    pyodide_dst = os.path.join(static, "pyodide")
    have_pyodide = all(os.path.exists(os.path.join(pyodide_src, f)) for f in PYODIDE_FILES)
    with open(os.path.join(pyodide_src, "package.json") if have_pyodide else os.devnull) as fh:
        pyodide_version = json.load(fh)["version"] if have_pyodide else ""
    snapshot_name = ""
    for old in os.listdir(os.path.join(static, "calc")):
        if old.endswith(".snapshot.gz"):
            os.remove(os.path.join(static, "calc", old))
    if have_pyodide:
        stdlib = _precompile(app, pyodide_src, static, wheel_name)
        os.makedirs(pyodide_dst, exist_ok=True)
        for f in PYODIDE_FILES:
            src = stdlib if (f == "python_stdlib.zip" and stdlib) else os.path.join(pyodide_src, f)
            shutil.copyfile(src, os.path.join(pyodide_dst, f))
        with open(os.path.join(static, "calc", wheel_name), "rb") as fh:
            tag = hashlib.sha256(fh.read()).hexdigest()[:12]
        name = f"voidref-{tag}.snapshot.gz"
        if _snapshot(pyodide_src, os.path.join(pyodide_dst, "python_stdlib.zip"),
                     os.path.join(static, "calc", wheel_name), os.path.join(static, "calc", name)):
            snapshot_name = name
    else:
        logger.info("voidref calculators: node_modules/pyodide is missing (run npm ci); "
                    "calculators will show their built result only")
    with open(os.path.join(static, "calc", "config.mjs"), "w", encoding="utf-8") as fh:
        fh.write("// Written at build time by docs/_ext/voidref_calculators.py.\n"
                 f"export const WHEEL = {json.dumps(wheel_name)};\n"
                 f"export const SNAPSHOT = {json.dumps(snapshot_name)};\n"
                 f"export const PYODIDE_VERSION = {json.dumps(pyodide_version)};\n"
                 f"export const HAVE_PYODIDE = {json.dumps(have_pyodide)};\n")
    add_csp(outdir)
    write_service_worker(outdir)


def setup(app):
    app.add_directive("calculator", CalculatorDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _build_finished)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
