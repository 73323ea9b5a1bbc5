"""Every page's ``{doctest}`` examples run during the HTML build, and the pages say so.

Once all pages are read, this extension runs each page's doctest blocks with
Python's :mod:`doctest`, in one namespace per page (as Sybil and
``sphinx-build -b doctest`` do), after ``doctest_global_setup``. Then:

* each page with examples gets one line under its title, "64 checks ran when
  this page was built: all pass", linking to the Verified examples page;
* ``{verified-examples}`` (on ``docs/verified.md``) lists every such page with its
  number of checks, the result and the commit the site was built from;
* a failing example stops the build (an error, not a warning), naming the page,
  the line of the block and what was expected and got.

A check is one ``>>>`` example: the same unit Sybil counts
(``tests/test_verified_examples.py`` compares the two).
"""

from __future__ import annotations

import doctest
import subprocess
from dataclasses import dataclass, field

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from voidref.calc import doctest_run

OPTIONS = doctest_run.OPTIONS  # one set of flags for every runner (Sybil, the Run buttons, -b doctest)


@dataclass
class PageRun:
    """The outcome of one page's examples."""

    checks: int = 0
    failures: list[str] = field(default_factory=list)


class verified_index(nodes.General, nodes.Element):
    """Placeholder for the table of verified pages, filled once every page has run."""


class VerifiedExamplesDirective(SphinxDirective):
    """``{verified-examples}``: a table of every page whose examples ran in this build."""

    def run(self):
        self.env.__dict__.setdefault("voidref_verified_index_pages", set()).add(self.env.docname)
        return [verified_index("")]


def _blocks(doctree) -> list[nodes.literal_block]:
    return [n for n in doctree.findall(nodes.literal_block) if n.get("testnodetype") == "doctest"]


def _run_page(app, docname: str, doctree) -> PageRun:
    run = PageRun()
    globs: dict = {"__name__": docname.replace("/", ".")}
    exec(app.config.doctest_global_setup or "", globs)  # noqa: S102 - the project's own setup line
    parser = doctest.DocTestParser()
    for block in _blocks(doctree):
        test = parser.get_doctest(block.astext(), globs, docname, docname, block.line or 0)
        run.checks += len(test.examples)
        report: list[str] = []
        runner = doctest.DocTestRunner(optionflags=OPTIONS)
        runner.run(test, out=report.append, clear_globs=False)
        globs = test.globs  # DocTest copies its globals: carry the page's namespace on to the next block
        if runner.failures:
            run.failures.append(f"{docname}, block at line {block.line}:\n" + "".join(report))
    return run


def _commit(app) -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=app.confdir, capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=app.confdir,
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "not a git checkout"
    return f"{head} (with local changes)" if dirty else head


def _run_all(app, env) -> list[str]:
    """After reading: run every page's examples; fail the build if any fails.

    Returns the pages whose line or table shows these runs, so Sphinx writes
    them again even when their source did not change.
    """
    if app.builder.format != "html" or not app.config.voidref_verify_examples:
        return []
    runs: dict[str, PageRun] = {}
    for docname in sorted(env.found_docs):
        doctree = env.get_doctree(docname)
        if _blocks(doctree):
            runs[docname] = _run_page(app, docname, doctree)
    failures = [f for r in runs.values() for f in r.failures]
    if failures:
        raise ExtensionError("worked examples failed when the site was built:\n" + "\n".join(failures))
    app.voidref_verified = (runs, _commit(app))
    index_pages = getattr(env, "voidref_verified_index_pages", set()) & set(env.found_docs)
    return sorted(set(runs) | index_pages)


def _line(run: PageRun) -> str:
    checks = "1 check" if run.checks == 1 else f"{run.checks} checks"
    return f"{checks} ran when this page was built: all pass."


def _annotate(app, doctree, docname) -> None:
    runs, commit = getattr(app, "voidref_verified", ({}, ""))
    if docname in runs:
        section = next(iter(doctree.findall(nodes.section)), None)
        if section is not None:
            para = nodes.paragraph(classes=["vr-verified"])
            para += nodes.Text(_line(runs[docname]) + " ")
            uri = app.builder.get_relative_uri(docname, "verified")
            para += nodes.reference("", "How the examples are checked", internal=True, refuri=uri)
            section.insert(1, para)
    for node in doctree.findall(verified_index):
        node.replace_self(_table(app, docname, runs, commit))


def _table(app, fromdoc: str, runs: dict[str, PageRun], commit: str) -> list[nodes.Node]:
    intro = nodes.paragraph(text=f"Built from commit {commit}: {sum(r.checks for r in runs.values())} checks "
                                 f"on {len(runs)} pages, all passed (a failing check stops the build).")
    table = nodes.table(classes=["vr-verified-table"])
    group = nodes.tgroup(cols=3)
    table += group
    for width in (60, 20, 20):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    body = nodes.tbody()
    group += body

    def row(cells, into):
        r = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += cell if isinstance(cell, nodes.Node) else nodes.paragraph(text=str(cell))
            r += entry
        into += r

    row(["Page", "Checks", "Result"], head)
    games = app.config.html_context.get("voidref_games", {})
    for docname, run in runs.items():
        title = app.env.titles[docname].astext() if docname in app.env.titles else docname
        game = games.get(docname.split("/")[0]) if "/" in docname else None
        if game and not title.startswith(game):
            title = f"{game}: {title}"
        link = nodes.paragraph()
        link += nodes.reference("", title, internal=True, refuri=app.builder.get_relative_uri(fromdoc, docname))
        row([link, run.checks, "all pass"], body)
    return [intro, table]


def _purge(app, env, docname) -> None:
    getattr(env, "voidref_verified_index_pages", set()).discard(docname)


def _merge(app, env, docnames, other) -> None:
    env.__dict__.setdefault("voidref_verified_index_pages", set()).update(
        getattr(other, "voidref_verified_index_pages", set()))


def setup(app):
    # On by default; only a test that edits the engine on purpose turns it off.
    app.add_config_value("voidref_verify_examples", True, "env", types=[bool, int])
    app.add_directive("verified-examples", VerifiedExamplesDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-updated", _run_all)
    app.connect("doctree-resolved", _annotate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
