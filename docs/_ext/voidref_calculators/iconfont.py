"""The icon font cut to the glyphs the site can show: a few kB where the theme ships 115 kB.

Every page shows icons of Font Awesome's solid font (the menu, search and
theme buttons, the admonitions' marks), and the font is declared
``font-display: block``: the browser fetches it as soon as the style sheet is
read, with the highest priority, and it sits on the path to the first paint.
Lighthouse's mobile test counts its 115 kB at 1.6 Mbit/s, about 0.6 s of a
page's First Contentful Paint, for the thirty-odd glyphs a page can draw out
of the 1,400 in the font.

So ``paint.py`` gives this module the bundled style sheets before it writes
them, and for each ``.woff2`` file their ``@font-face`` rules name, this
module writes a copy that keeps:

* every glyph whose character appears in a string of any bundle (the icons
  are drawn from ``content`` or ``--fa`` values such as ``"\\f0c9"``, and the
  purge in ``paint.py`` has already dropped the rules no page can match), or
  as a private-use character in a page or a script of the site;
* glyph 0 (``.notdef``) and every glyph's advance width, cmap entry and name.

The others keep their place (so no glyph number changes) but have no outline:
their CFF charstring becomes a bare ``endchar``. Only what a browser needs to
read the font is handled: a WOFF2 whose tables are stored untransformed, with
a non-CID CFF table (what Font Awesome ships); any other font, or one this
module cannot read, is left as it is. The copy is written beside the original
as ``<name>.<hash>.woff2`` and the bundles point to it; the original stays.
"""

from __future__ import annotations

import hashlib
import os
import re
import struct

import brotli

#: the tables WOFF2 names by a number (its "known table" list, in order; _ stands for a space)
_KNOWN = tuple(t.replace("_", " ") for t in (
    "cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH "
    "PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc "
    "bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill"
).split())
#: the fonts a page asks for alongside its style sheet (every page's header draws its buttons from this one)
PRELOAD = ("fa-solid-900.woff2",)
_ENDCHAR = b"\x0e"
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'', re.S)
_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?|\\(.)", re.S)
_FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}")
_WOFF2_URL = re.compile(r'url\("?([^")]+\.woff2)"?\)')


class Unsupported(ValueError):
    """A font this module does not cut (it is then used as it is)."""


# -- WOFF2 with untransformed tables -------------------------------------------------------------

def _base128(data: bytes, pos: int) -> tuple[int, int]:
    value = 0
    for _ in range(5):
        byte = data[pos]
        pos += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, pos
    raise Unsupported("bad UIntBase128")


def _to_base128(value: int) -> bytes:
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


def read_woff2(data: bytes) -> tuple[int, list[tuple[str, bytes]]]:
    """The flavor and the (tag, data) tables of a WOFF2 font whose tables are all stored untransformed."""
    if data[:4] != b"wOF2":
        raise Unsupported("not a WOFF2 file")
    flavor, _length, count = struct.unpack(">IIH", data[4:14])
    compressed = struct.unpack(">I", data[20:24])[0]
    pos, entries = 48, []
    for _ in range(count):
        flags = data[pos]
        pos += 1
        if flags & 0x3F == 0x3F:
            tag = data[pos:pos + 4].decode("latin-1")
            pos += 4
        else:
            tag = _KNOWN[flags & 0x3F]
        version = flags >> 6
        length, pos = _base128(data, pos)
        if version != (3 if tag in ("glyf", "loca") else 0):
            raise Unsupported(f"table {tag} is transformed")
        entries.append((tag, length))
    stream = brotli.decompress(data[pos:pos + compressed])
    tables, at = [], 0
    for tag, length in entries:
        tables.append((tag, stream[at:at + length]))
        at += length
    if at != len(stream):
        raise Unsupported("table lengths do not add up")
    return flavor, tables


def _checksum(data: bytes) -> int:
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def write_woff2(flavor: int, tables: list[tuple[str, bytes]]) -> bytes:
    """A WOFF2 font of *tables* (untransformed), with head's checksum adjustment worked out as for the sfnt."""
    tables = sorted(tables)
    sfnt_size = 12 + 16 * len(tables) + sum(len(t) + (-len(t) % 4) for _tag, t in tables)
    if "head" in dict(tables):  # the sfnt's checksum adjustment, as a decoder rebuilds it
        tables = [(tag, t[:8] + b"\0\0\0\0" + t[12:] if tag == "head" else t) for tag, t in tables]
        n = len(tables)
        shift = 1 << (n.bit_length() - 1)
        records, at = b"", 12 + 16 * n
        for tag, t in tables:
            records += struct.pack(">4sIII", tag.encode("latin-1"), _checksum(t), at, len(t))
            at += len(t) + (-len(t) % 4)
        offset_table = struct.pack(">IHHHH", flavor, n, shift * 16, shift.bit_length() - 1, n * 16 - shift * 16)
        total = _checksum(offset_table + records) + sum(_checksum(t) for _tag, t in tables)
        adjust = struct.pack(">I", (0xB1B0AFBA - total) & 0xFFFFFFFF)
        tables = [(tag, t[:8] + adjust + t[12:] if tag == "head" else t) for tag, t in tables]
    directory = b""
    for tag, t in tables:
        if tag in _KNOWN:
            directory += bytes([_KNOWN.index(tag) | ((3 << 6) if tag in ("glyf", "loca") else 0)])
        else:
            directory += b"\x3f" + tag.encode("latin-1")
        directory += _to_base128(len(t))
    packed = brotli.compress(b"".join(t for _tag, t in tables), quality=11, mode=brotli.MODE_FONT)
    length = 48 + len(directory) + len(packed)
    length += -length % 4
    header = struct.pack(">4sIIHHIIHHIIIII", b"wOF2", flavor, length, len(tables), 0, sfnt_size, len(packed),
                         1, 0, 0, 0, 0, 0, 0)
    out = header + directory + packed
    return out + b"\0" * (length - len(out))


# -- cmap and CFF --------------------------------------------------------------------------------

def glyphs_of(cmap: bytes) -> dict[int, int]:
    """Character to glyph number, from the cmap's format 4 and format 12 subtables."""
    out: dict[int, int] = {}
    count = struct.unpack(">H", cmap[2:4])[0]
    for i in range(count):
        offset = struct.unpack(">I", cmap[4 + 8 * i + 4:4 + 8 * i + 8])[0]
        fmt = struct.unpack(">H", cmap[offset:offset + 2])[0]
        if fmt == 12:
            groups = struct.unpack(">I", cmap[offset + 12:offset + 16])[0]
            for g in range(groups):
                start, end, gid = struct.unpack(">III", cmap[offset + 16 + 12 * g:offset + 28 + 12 * g])
                out.update((c, gid + c - start) for c in range(start, end + 1))
        elif fmt == 4:
            segs = struct.unpack(">H", cmap[offset + 6:offset + 8])[0] // 2

            def array(at: int, n: int = segs) -> tuple[int, ...]:
                return struct.unpack(f">{n}H", cmap[at:at + 2 * n])

            base = offset + 14
            ends, starts = array(base), array(base + 2 * segs + 2)
            deltas, ranges = array(base + 4 * segs + 2), array(base + 6 * segs + 2)
            for j in range(segs):
                ro_at = base + 6 * segs + 2 + 2 * j
                for c in range(starts[j], min(ends[j], 0xFFFE) + 1):
                    if ranges[j] == 0:
                        gid = (c + deltas[j]) & 0xFFFF
                    else:
                        at = ro_at + ranges[j] + 2 * (c - starts[j])
                        gid = struct.unpack(">H", cmap[at:at + 2])[0]
                        gid = (gid + deltas[j]) & 0xFFFF if gid else 0
                    if gid:
                        out.setdefault(c, gid)
    return out


def _index(data: bytes, pos: int) -> tuple[list[bytes], int, int]:
    """A CFF INDEX at *pos*: its items, where its data starts, and where it ends."""
    count = struct.unpack(">H", data[pos:pos + 2])[0]
    if count == 0:
        return [], pos + 2, pos + 2
    size = data[pos + 2]
    offsets = [int.from_bytes(data[pos + 3 + i * size:pos + 3 + (i + 1) * size], "big") for i in range(count + 1)]
    start = pos + 3 + (count + 1) * size - 1
    return [data[start + a:start + b] for a, b in zip(offsets, offsets[1:])], start + 1, start + offsets[-1]


def _make_index(items: list[bytes]) -> bytes:
    if not items:
        return b"\0\0"
    offsets = [1]
    for item in items:
        offsets.append(offsets[-1] + len(item))
    size = next(s for s in (1, 2, 3, 4) if offsets[-1] < 1 << (8 * s))
    return (struct.pack(">HB", len(items), size) + b"".join(o.to_bytes(size, "big") for o in offsets)
            + b"".join(items))


def _dict(data: bytes) -> list[tuple[int, list]]:
    """A CFF DICT as (operator, operands); operators 12 x are 1200 + x; reals are kept as their bytes."""
    out, operands, i = [], [], 0
    while i < len(data):
        b = data[i]
        if b <= 21:
            op = 1200 + data[i + 1] if b == 12 else b
            i += 2 if b == 12 else 1
            out.append((op, operands))
            operands = []
        elif b == 28:
            operands.append(struct.unpack(">h", data[i + 1:i + 3])[0])
            i += 3
        elif b == 29:
            operands.append(struct.unpack(">i", data[i + 1:i + 5])[0])
            i += 5
        elif b == 30:
            j = i + 1
            while data[j] & 0x0F != 0x0F and data[j] >> 4 != 0x0F:
                j += 1
            operands.append(data[i:j + 1])
            i = j + 1
        elif b < 32 or b == 255:
            raise Unsupported("bad DICT")
        elif b <= 246:
            operands.append(b - 139)
            i += 1
        elif b <= 250:
            operands.append((b - 247) * 256 + data[i + 1] + 108)
            i += 2
        else:
            operands.append(-(b - 251) * 256 - data[i + 1] - 108)
            i += 2
    return out


def _make_dict(entries: list[tuple[int, list]]) -> bytes:
    out = b""
    for op, operands in entries:
        for v in operands:
            out += v if isinstance(v, bytes) else b"\x1d" + struct.pack(">i", v)
        out += bytes([12, op - 1200]) if op >= 1200 else bytes([op])
    return out


def cut_cff(cff: bytes, keep: set[int]) -> bytes:
    """*cff* with every charstring not in *keep* (glyph numbers) emptied; the rest is moved, not changed."""
    header_size = cff[2]
    _names, _s, names_end = _index(cff, header_size)
    tops, _s, tops_end = _index(cff, names_end)
    if len(tops) != 1:
        raise Unsupported("not one font in the CFF table")
    top = _dict(tops[0])
    ops = {op: v for op, v in top}
    if 1230 in ops or 1236 in ops or ops.get(1206, [2]) != [2]:
        raise Unsupported("CID-keyed or not Type 2 charstrings")
    cs_at = ops[17][0]
    charstrings, _s, cs_end = _index(cff, cs_at)
    offsets = [ops[op][-1] for op in (15, 16, 18) if op in ops and ops[op][-1] > 1]
    if 18 in ops:
        private = _dict(cff[ops[18][1]:ops[18][1] + ops[18][0]])
        subrs = dict(private).get(19)
        if subrs and (ops[18][1] < cs_at) != (ops[18][1] + subrs[0] < cs_at):
            raise Unsupported("the private DICT and its subroutines lie either side of the charstrings")
    if any(cs_at < o < cs_end for o in offsets) or any(o < tops_end for o in offsets) or cs_at < tops_end:
        raise Unsupported("unexpected CFF layout")
    new_cs = _make_index([c if gid == 0 or gid in keep else _ENDCHAR for gid, c in enumerate(charstrings)])
    grown = len(_make_index([_make_dict(top)])) - (tops_end - names_end)
    shrunk = len(new_cs) - (cs_end - cs_at)

    def moved(offset: int) -> int:
        return offset + grown + (shrunk if offset >= cs_end else 0)

    new_top = []
    for op, operands in top:
        if op in (15, 16, 17) and operands[-1] > 1:
            operands = [moved(operands[-1])]
        elif op == 18:
            operands = [operands[0], moved(operands[1])]
        new_top.append((op, operands))
    return (cff[:names_end] + _make_index([_make_dict(new_top)]) + cff[tops_end:cs_at] + new_cs + cff[cs_end:])


def subset_woff2(data: bytes, characters: set[int]) -> bytes:
    """The WOFF2 font *data* with outlines only for the glyphs of *characters* (raises Unsupported)."""
    flavor, tables = read_woff2(data)
    found = dict(tables)
    if "CFF " not in found or "cmap" not in found:
        raise Unsupported("not a CFF font")
    cmap = glyphs_of(found["cmap"])
    keep = {cmap[c] for c in characters if c in cmap}
    return write_woff2(flavor, [(tag, cut_cff(t, keep) if tag == "CFF " else t) for tag, t in tables])


# -- the site's characters, and the bundles ------------------------------------------------------

def css_characters(css: str) -> set[int]:
    """Every character written in a string of *css* (escapes read)."""
    out: set[int] = set()
    for m in _STRING.finditer(css):
        text = m.group(1) if m.group(1) is not None else m.group(2)
        text = _ESCAPE.sub(lambda e: chr(int(e.group(1), 16)) if e.group(1) else e.group(2), text)
        out.update(ord(c) for c in text)
    return out


def private_use(text: str) -> set[int]:
    """The private-use characters of *text* (where icon fonts put their glyphs)."""
    return {ord(c) for c in text if 0xE000 <= ord(c) <= 0xF8FF or ord(c) >= 0xF0000}


def cut_fonts(outdir: str, bundle_dir: str, sheets: list[str], characters: set[int]) -> dict[str, str]:
    """Write the cut copy of each ``.woff2`` the ``@font-face`` rules of *sheets* (css text, urls relative to
    *bundle_dir*) name; return each url replaced by its copy's url (fonts that cannot be cut are left out)."""
    urls = {u for css in sheets for face in _FONT_FACE.findall(css) for u in _WOFF2_URL.findall(face)}
    chars = characters | {c for css in sheets for c in css_characters(css)}
    done: dict[str, str] = {}
    for url in sorted(urls):
        if re.match(r"^(?:[a-z]+:|/)", url):
            continue
        path = os.path.normpath(os.path.join(outdir, bundle_dir, url))
        try:
            with open(path, "rb") as fh:
                cut = subset_woff2(fh.read(), chars)
        except (OSError, Unsupported, struct.error, IndexError, KeyError, brotli.error):
            continue
        digest = hashlib.sha256(cut).hexdigest()[:12]
        new_url = f"{url[:-len('.woff2')]}.{digest}.woff2"
        target = os.path.normpath(os.path.join(outdir, bundle_dir, new_url))
        if not os.path.exists(target):
            with open(target + ".tmp", "wb") as fh:
                fh.write(cut)
            os.replace(target + ".tmp", target)
        done[url] = new_url
    return done


def site_characters(outdir: str, code_dirs: list[str]) -> set[int]:
    """The private-use characters of the site's pages and scripts and of the engine's code."""
    out: set[int] = set()
    folders = [(outdir, (".html", ".js", ".mjs")), *((d, (".py",)) for d in code_dirs)]
    for top, suffixes in folders:
        for root, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "pyodide"]
            for fn in files:
                if fn.endswith(suffixes):
                    with open(os.path.join(root, fn), encoding="utf-8", errors="replace") as fh:
                        out |= private_use(fh.read())
    return out
