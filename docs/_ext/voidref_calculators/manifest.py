"""The web app manifest and its icons: voidref added to a phone's home screen.

Once the HTML is written, this step writes ``manifest.webmanifest`` at the
site's root (every page links it from its head: ``docs/_templates/layout.html``)
and the icons it names into ``_static/icons/``: PNGs drawn here with the
standard library alone (``zlib`` and ``struct``), so the build needs no image
tool and the repository holds no binary file. The mark is two of the Void
Drifters dice as the roller draws them: a twelve-sided die's hexagon around an
eight-sided die's diamond, on the site's teal.

* ``voidref-192.png`` and ``voidref-512.png``: the icon as an app list shows
  it, a rounded square with transparent corners (``purpose: any``);
* ``voidref-maskable-512.png``: the colour to the edges and the mark inside
  the middle 60 % (``purpose: maskable``), for launchers that cut their own
  shape (the safe zone is the middle 80 %);
* ``voidref-180.png``: the same full square for iOS's home screen
  (``apple-touch-icon``: Safari does not take the manifest's icons), and
  ``voidref-32.png``, the favicon.

The app starts at the home page (``start_url``), covers the whole site
(``scope``) and opens without the browser's bars (``display: standalone``);
its shortcuts open the dice roller and the calculators. The service worker
(``offline.py``) keeps the manifest and its icons with the pages, so the
installed app opens offline once the site has been used. The Content-Security-
Policy (``csp.py``) lets the manifest load through ``default-src 'self'``.

The icons are the same bytes on every build (no time or random data in them),
and a file that holds those bytes already is not written again.
"""

from __future__ import annotations

import json
import math
import os
import struct
import zlib

MANIFEST = "manifest.webmanifest"
ICONS = "_static/icons"
#: the site's teal (the home page's search button) and the page's light background
THEME_COLOR = "#0a6370"
BACKGROUND_COLOR = "#ffffff"
_TEAL = (0x0A, 0x63, 0x70)
_WHITE = (0xFF, 0xFF, 0xFF)


# -- PNG ----------------------------------------------------------------------

def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, rgba: bytes) -> bytes:
    """A PNG of *width* × *height* pixels from their RGBA bytes, row by row (8 bits per channel)."""
    if len(rgba) != width * height * 4:
        raise ValueError(f"expected {width * height * 4} bytes of RGBA, got {len(rgba)}")
    stride = width * 4
    raw = b"".join(b"\x00" + rgba[y * stride:(y + 1) * stride] for y in range(height))  # filter: none
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


# -- Drawing ------------------------------------------------------------------

def _polygon(cx: float, cy: float, radius: float, sides: int, turn: float) -> list[tuple[float, float, float]]:
    """A regular convex polygon as its edges' outward normals and offsets ``(nx, ny, c)``: inside, nx·x + ny·y < c."""
    edges = []
    apothem = radius * math.cos(math.pi / sides)
    for k in range(sides):
        angle = turn + (2 * k + 1) * math.pi / sides  # the normal points at the middle of edge k
        nx, ny = math.cos(angle), math.sin(angle)
        edges.append((nx, ny, nx * cx + ny * cy + apothem))
    return edges


def _inside(edges: list[tuple[float, float, float]], x: float, y: float) -> float:
    """How much of the pixel centred at (x, y) the polygon covers (0 to 1), from its distance to the nearest edge."""
    distance = max(nx * x + ny * y - c for nx, ny, c in edges)
    return min(1.0, max(0.0, 0.5 - distance))


def _in_rounded_square(size: int, corner: float, x: float, y: float) -> float:
    """Coverage of the square of side *size* with corners rounded to *corner* pixels."""
    half = size / 2
    qx = abs(x - half) - (half - corner)
    qy = abs(y - half) - (half - corner)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - corner
    return min(1.0, max(0.0, 0.5 - outside))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[float, ...]:
    return tuple(p + (q - p) * t for p, q in zip(a, b))


def draw_icon(size: int, *, full_bleed: bool, mark: float) -> bytes:
    """The icon's PNG: *size* pixels square, the mark's hexagon reaching *mark* × size from the centre.

    *full_bleed*: the teal fills the square (maskable, iOS); otherwise a
    rounded square on transparent corners.
    """
    c = size / 2
    hexagon = _polygon(c, c, mark * size, 6, -math.pi / 2)  # pointed at the top, like the Mastery Die's mark
    diamond = _polygon(c, c, 0.52 * mark * size, 4, -math.pi / 2)
    corner = 0.22 * size
    reach = mark * size + 1  # beyond this distance from the centre, along either axis, the mark covers nothing
    out = bytearray()
    for j in range(size):
        y = j + 0.5
        for i in range(size):
            x = i + 0.5
            near_corner = not full_bleed and min(x, size - x) < corner and min(y, size - y) < corner
            shape = _in_rounded_square(size, corner, x, y) if near_corner else 1.0
            if shape == 0.0:
                out += b"\x00\x00\x00\x00"
                continue
            white = 0.0
            if abs(x - c) < reach and abs(y - c) < reach:
                white = _inside(hexagon, x, y) * (1.0 - _inside(diamond, x, y))
            r, g, b = _mix(_TEAL, _WHITE, white)
            out += bytes((round(r), round(g), round(b), round(255 * shape)))
    return png(size, size, bytes(out))


#: file name: (size, full bleed, the mark's reach)
ICON_FILES = {
    "voidref-192.png": (192, False, 0.34),
    "voidref-512.png": (512, False, 0.34),
    "voidref-maskable-512.png": (512, True, 0.27),
    "voidref-180.png": (180, True, 0.32),
    "voidref-32.png": (32, False, 0.38),
}


def manifest(title: str) -> dict:
    """The manifest's members (paths relative to the manifest, at the site's root)."""
    icons = [
        {"src": f"{ICONS}/voidref-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": f"{ICONS}/voidref-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": f"{ICONS}/voidref-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ]
    return {
        "name": title,
        "short_name": "voidref",
        "description": "Combat rules for five tabletop games, their exact odds, and dice to roll at the table.",
        "lang": "en",
        "id": "./",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
        "shortcuts": [
            {"name": "Roll dice", "url": "./roller.html", "icons": [icons[0]]},
            {"name": "Calculators", "url": "./calculators.html", "icons": [icons[0]]},
        ],
    }


def _write_if_changed(path: str, data: bytes) -> None:
    if os.path.exists(path):
        with open(path, "rb") as fh:
            if fh.read() == data:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)


def write_manifest(outdir: str, title: str) -> None:
    """Write the manifest and its icons into the built site *outdir*."""
    for name, (size, full_bleed, mark) in ICON_FILES.items():
        _write_if_changed(os.path.join(outdir, ICONS, name), draw_icon(size, full_bleed=full_bleed, mark=mark))
    text = json.dumps(manifest(title), indent=1, ensure_ascii=False) + "\n"
    _write_if_changed(os.path.join(outdir, MANIFEST), text.encode("utf-8"))


def _write(app, exception):
    if exception is None and app.builder.format == "html":
        write_manifest(app.outdir, app.config.html_title or app.config.project)


def setup_manifest(app, priority: int) -> None:
    app.connect("build-finished", _write, priority=priority)
