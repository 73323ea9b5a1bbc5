"""The icon font cut to the glyphs the site can show (docs/_ext/voidref_calculators/iconfont.py).

The cut is checked on the theme's own font (every kept glyph's outline byte
for byte, every other glyph empty, the tables a browser reads unchanged, the
checksums right); the built site (``VOIDREF_SITE``) is checked for what its
style sheets name: a cut font that holds every glyph any sheet can ask for,
and preloaded by every page. Whether the icons look the same is the
screenshots' question (the note), and the browser tests'.
"""

from __future__ import annotations

import glob
import os
import re
import struct
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, os.environ.get("VOIDREF_SITE", os.path.join("_build", "html")))


def _iconfont():
    sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))
    try:
        from voidref_calculators import iconfont
    finally:
        sys.path.pop(0)
    return iconfont


def _theme_font() -> bytes:
    pst = pytest.importorskip("pydata_sphinx_theme")
    path = os.path.join(os.path.dirname(pst.__file__), "theme", "pydata_sphinx_theme", "static", "vendor",
                        "fontawesome", "webfonts", "fa-solid-900.woff2")
    with open(path, "rb") as fh:
        return fh.read()


def _charstrings(iconfont, cff: bytes) -> list[bytes]:
    _names, _start, names_end = iconfont._index(cff, cff[2])
    tops, _start, _end = iconfont._index(cff, names_end)
    return iconfont._index(cff, dict(iconfont._dict(tops[0]))[17][0])[0]


def test_css_strings_are_read_with_their_escapes():
    f = _iconfont()
    css = '.a::before{content:"\\f0c9"}.b{--fa:"\\f002 x"}.c{content:\'\\21\'}.d{font-family:"A\\"B"}'
    assert f.css_characters(css) == {0xF0C9, 0xF002, ord("x"), 0x21, ord("A"), ord('"'), ord("B")}
    assert f.private_use("a \uf0c9 b \U000f0001 \u00e9") == {0xF0C9, 0xF0001}


def test_the_cut_keeps_the_named_glyphs_whole_and_empties_the_others():
    """Glyph numbers, cmap, advance widths and names stay; a kept glyph's outline is the original's byte for
    byte; the others are a bare endchar; the sfnt checksum adjustment is right; the file is a fraction."""
    f = _iconfont()
    data = _theme_font()
    flavor, tables = f.read_woff2(data)
    cmap = f.glyphs_of(dict(tables)["cmap"])
    wanted = {0xF0C9, 0xF002, 0xF186}  # bars, magnifying glass, moon
    cut = f.subset_woff2(data, wanted)
    print(f"fa-solid-900: {len(data)} bytes, cut to three glyphs {len(cut)} bytes")
    assert len(cut) < len(data) / 10
    flavor2, tables2 = f.read_woff2(cut)
    assert flavor2 == flavor and sorted(t for t, _ in tables) == sorted(t for t, _ in tables2)
    before, after = dict(tables), dict(tables2)
    for tag in ("cmap", "hmtx", "hhea", "maxp", "OS/2", "name", "post"):
        assert before[tag] == after[tag], tag
    old, new = _charstrings(f, before["CFF "]), _charstrings(f, after["CFF "])
    assert len(old) == len(new)
    kept = {cmap[c] for c in wanted} | {0}
    for gid, (a, b) in enumerate(zip(old, new)):
        assert b == (a if gid in kept else b"\x0e"), gid
    # the sfnt a decoder rebuilds (tables sorted by tag) sums to the magic number (head's own checksum in the
    # directory is taken with the adjustment at 0)
    order = sorted(after.items())
    n = len(order)
    shift = 1 << (n.bit_length() - 1)
    offset_table = struct.pack(">IHHHH", flavor, n, shift * 16, shift.bit_length() - 1, n * 16 - shift * 16)
    records, at = b"", 12 + 16 * n
    for tag, t in order:
        summed = t[:8] + b"\0\0\0\0" + t[12:] if tag == "head" else t
        records += struct.pack(">4sIII", tag.encode("latin-1"), f._checksum(summed), at, len(t))
        at += len(t) + (-len(t) % 4)
    total = f._checksum(offset_table + records) + sum(f._checksum(t) for _tag, t in order)
    assert total & 0xFFFFFFFF == 0xB1B0AFBA


def test_a_font_it_cannot_read_is_refused_not_mangled():
    f = _iconfont()
    with pytest.raises(f.Unsupported):
        f.subset_woff2(b"wOFF" + b"\0" * 60, {0xF0C9})


def _bundles() -> list[str]:
    if not os.path.exists(os.path.join(SITE, "index.html")):
        pytest.skip(f"no built site in {SITE}")
    return sorted(glob.glob(os.path.join(SITE, "_static", "styles", "voidref-*.css")))


def test_every_glyph_a_style_sheet_can_ask_for_is_in_the_cut_font():
    """Each bundle names cut fonts (not the theme's), and every character in a string of any bundle that the
    original font draws has its outline in the cut copy."""
    f = _iconfont()
    sheets = []
    for path in _bundles():
        with open(path, encoding="utf-8") as fh:
            sheets.append(fh.read())
    wanted = set().union(*(f.css_characters(css) for css in sheets))
    named = {u for css in sheets for u in re.findall(r'url\("([^"]+\.woff2)"\)', css)}
    assert named and all(re.search(r"\.[0-9a-f]{12}\.woff2$", u) for u in named), named
    for url in named:
        cut_path = os.path.normpath(os.path.join(SITE, "_static", "styles", url))
        original = re.sub(r"\.[0-9a-f]{12}\.woff2$", ".woff2", cut_path)
        with open(cut_path, "rb") as fh:
            _flavor, cut = f.read_woff2(fh.read())
        with open(original, "rb") as fh:
            _flavor, whole = f.read_woff2(fh.read())
        cmap = f.glyphs_of(dict(whole)["cmap"])
        old, new = _charstrings(f, dict(whole)["CFF "]), _charstrings(f, dict(cut)["CFF "])
        missing = [hex(c) for c in wanted if c in cmap and new[cmap[c]] != old[cmap[c]]]
        assert not missing, (url, missing)
        print(f"{os.path.basename(original)}: {os.path.getsize(original)} bytes, cut {os.path.getsize(cut_path)}")


def test_every_page_preloads_the_icon_font_its_style_sheet_names():
    _bundles()
    with open(os.path.join(SITE, "drifters", "dice.html"), encoding="utf-8") as fh:
        head = fh.read().split("</head>")[0]
    sheet = re.search(r'<link rel="stylesheet" href="\.\./([^"]+)"', head).group(1)
    preload = re.findall(r'<link rel="preload" href="\.\./([^"]+)" as="font" type="font/woff2" crossorigin', head)
    assert len(preload) == 1 and "fa-solid-900." in preload[0], preload
    with open(os.path.join(SITE, sheet), encoding="utf-8") as fh:
        assert f'url("../{preload[0].removeprefix("_static/")}")' in fh.read()
