"""Every built page is valid HTML, and says what it holds in one ``<meta name="description">``.

The Nu HTML checker (``vnu.jar`` from npm ``vnu-jar``, pinned in package.json)
reads every page of the built site in one Java process. A page it finds an
error on fails the test, which lists each error by page, line and message: fix
it where the markup is made (our templates, ``docs/_ext/``, ``conf.py``),
never by leaving the message out here. A small page with a known error goes in
with the site, so a checker that found nothing at all would fail too.

The descriptions are written by ``docs/_ext/voidref_head.py``.

Java comes from Debian (``make install-test`` installs ``default-jre-headless``).
Without a built site, Java or ``vnu.jar`` these tests skip, unless
``VOIDREF_REQUIRE_BROWSER=1`` (set by ``make test``) makes that a failure.
"""

from __future__ import annotations

import html.parser
import json
import os
import shutil
import subprocess
from collections import Counter

import pytest
from browser_helpers import ROOT, SITE, missing, site_pages

VNU = os.path.join(ROOT, "node_modules", "vnu-jar", "build", "dist", "vnu.jar")
#: longest description the build writes (docs/_ext/voidref_head.py: LIMIT, ellipsis included)
LONGEST = 155
#: a page the checker must fault (a module script is deferred already: no defer attribute on it)
FAULTY = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>faulty</title>\n'
          '<script type="module" defer src="x.js"></script></head><body></body></html>\n')
FAULTY_MESSAGE = "must not have a “defer” attribute"


def _pages() -> list[str]:
    if not os.path.exists(os.path.join(SITE, "index.html")):
        missing(f"no built site in {SITE} (run `make site`)")
    return site_pages(SITE)


def _page_of(url: str) -> str:
    """The page a message is about, relative to the site (vnu names it by a file: URL)."""
    path = url.removeprefix("file:")
    return os.path.relpath(os.path.normpath(path), SITE).replace(os.sep, "/")


@pytest.fixture(scope="module")
def vnu_messages(tmp_path_factory) -> dict[str, list[dict]]:
    """vnu's errors over every page of the site and the faulty page, by page (faulty one: ``"FAULTY"``)."""
    pages = _pages()
    java = shutil.which("java")
    if java is None:
        missing("java is missing (make install-test installs Debian's default-jre-headless)")
    if not os.path.exists(VNU):
        missing(f"{VNU} is missing (run npm ci)")
    faulty = tmp_path_factory.mktemp("vnu") / "faulty.html"
    faulty.write_text(FAULTY, encoding="utf-8")
    run = subprocess.run(
        [java, "-jar", VNU, "--errors-only", "--format", "json", "--stdout", str(faulty),
         *(os.path.join(SITE, p) for p in pages)],
        capture_output=True, text=True, timeout=600)
    try:
        messages = json.loads(run.stdout)["messages"]
    except (ValueError, KeyError):
        pytest.fail(f"vnu gave no JSON (exit {run.returncode}):\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    found: dict[str, list[dict]] = {}
    for m in messages:
        where = "FAULTY" if m.get("url", "").endswith("/faulty.html") else _page_of(m.get("url", ""))
        found.setdefault(where, []).append(m)
    return found


def test_the_checker_finds_a_known_error(vnu_messages):
    """The faulty page's invalid script tag is reported: the checker ran and reads what we think it reads."""
    assert any(FAULTY_MESSAGE in m["message"] for m in vnu_messages.get("FAULTY", [])), vnu_messages.get("FAULTY")


def test_every_page_is_valid_html(vnu_messages):
    """vnu finds no error on any built page."""
    errors = [f"{page}:{m.get('lastLine', '?')}: {m['message']}"
              for page, found in sorted(vnu_messages.items()) if page != "FAULTY" for m in found]
    assert not errors, f"{len(errors)} HTML errors:\n" + "\n".join(errors)


class _Descriptions(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "meta" and attributes.get("name") == "description":
            self.found.append(attributes.get("content"))


def _descriptions() -> dict[str, list[str | None]]:
    out = {}
    for page in _pages():
        parser = _Descriptions()
        with open(os.path.join(SITE, page), encoding="utf-8") as fh:
            parser.feed(fh.read())
        out[page] = parser.found
    return out


def test_every_page_has_one_description_of_its_own():
    """One non-empty ``<meta name="description">`` per page, none longer than the build cuts them, none shared."""
    found = _descriptions()
    assert "index.html" in found and "search.html" in found
    wrong = {page: d for page, d in found.items() if len(d) != 1 or not (d[0] or "").strip()}
    assert not wrong, f"pages without exactly one non-empty description: {wrong}"
    too_long = {page: d[0] for page, d in found.items() if len(d[0] or "") > LONGEST}
    assert not too_long, too_long
    shared = {text: n for text, n in Counter(d[0] for d in found.values()).items() if n > 1}
    assert not shared, f"descriptions on more than one page: {shared}"
