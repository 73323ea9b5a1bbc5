"""The Verified examples page and the line on each example page count what Sybil runs.

The HTML build runs every page's ``{doctest}`` examples itself
(docs/_ext/voidref_verified.py) and prints how many checks ran. Here the
counts on the built site are compared with the examples Sybil collects from the
same Markdown files, and a failing example is shown to stop the build.
"""

from __future__ import annotations

import html
import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from docutils import nodes
from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, SkipParser

from voidref.calc.doctest_run import OPTIONS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))
sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))

import voidref_verified  # noqa: E402

SYBIL = Sybil(parsers=[DocTestDirectiveParser(optionflags=OPTIONS),
                       SkipParser()], patterns=["*.md"], path=os.path.join(ROOT, "docs"))


def _sybil_count(docname: str) -> int:
    return len(list(SYBIL.parse(Path(ROOT, "docs", docname + ".md"))))


@pytest.fixture(scope="module")
def verified_page() -> str:
    path = os.path.join(SITE, "verified.html")
    if not os.path.exists(path):
        if os.environ.get("VOIDREF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no built site in {SITE} (run `make site`)")
        pytest.skip(f"no built site in {SITE}")
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _rows(page: str) -> dict[str, int]:
    body = page[page.index("<tbody>"):page.index("</tbody>")]
    rows = {}
    for href, checks in re.findall(r'<a class="reference internal" href="([^"#]+)\.html">.*?</a>.*?<p>(\d+)</p>',
                                   body, re.S):
        rows[html.unescape(href)] = int(checks)
    return rows


def test_every_page_with_examples_is_listed_with_the_count_sybil_collects(verified_page):
    """One row per page with {doctest} blocks; its count equals Sybil's examples for that page."""
    rows = _rows(verified_page)
    pages = sorted(str(p.relative_to(Path(ROOT, "docs")).with_suffix(""))
                   for p in Path(ROOT, "docs").rglob("*.md") if "```{doctest}" in p.read_text(encoding="utf-8"))
    assert sorted(rows) == pages
    for docname, checks in rows.items():
        assert checks == _sybil_count(docname), docname


def test_each_example_page_says_how_many_checks_ran(verified_page):
    """The line under each example page's title gives the same count as the table."""
    for docname, checks in _rows(verified_page).items():
        with open(os.path.join(SITE, docname + ".html"), encoding="utf-8") as fh:
            text = fh.read()
        assert f"{checks} checks ran when this page was built: all pass." in text, docname


def test_the_verified_page_names_the_commit(verified_page):
    """The page says which commit the site was built from."""
    assert re.search(r"Built from commit ([0-9a-f]{12}|not a git checkout)", verified_page)


def _doctree(*blocks: str) -> nodes.document:
    doc = nodes.section()
    for i, text in enumerate(blocks):
        block = nodes.literal_block(text, text, testnodetype="doctest")
        block.line = 10 * (i + 1)
        doc += block
    return doc


APP = SimpleNamespace(config=SimpleNamespace(doctest_global_setup="from fractions import Fraction",
                                            voidref_verify_examples=True))


def test_a_page_shares_one_namespace_across_its_blocks():
    """A name set in one block is there in the next, as under Sybil and Sphinx's doctest builder."""
    run = voidref_verified._run_page(APP, "x", _doctree(">>> half = Fraction(1, 2)", ">>> half * 2\nFraction(1, 1)"))
    assert run.checks == 2 and not run.failures


def test_a_wrong_answer_on_a_page_stops_the_build():
    """A check whose printed answer differs is reported with its page, and _run_all raises."""
    doctree = _doctree(">>> 1 + 1\n3")
    run = voidref_verified._run_page(APP, "drifters/example", doctree)
    assert run.checks == 1 and "drifters/example" in run.failures[0] and "Expected:\n    3" in run.failures[0]
    env = SimpleNamespace(found_docs={"drifters/example"}, get_doctree=lambda name: doctree)
    app = SimpleNamespace(config=APP.config, builder=SimpleNamespace(format="html"), confdir=ROOT)
    with pytest.raises(voidref_verified.ExtensionError, match="worked examples failed"):
        voidref_verified._run_all(app, env)
