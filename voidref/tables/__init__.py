"""The tables the site's pages print, computed by the engines: one module per game system.

Each function returns MyST Markdown (or SVG) for a ``{computed}`` block on a
page, from the engine's own values (nothing is typed by hand: change a rule
or a ruling and every table follows). This is the presentation layer: the
engines (``voidref.<system>``) return exact values and never format them.

* :mod:`voidref.tables.drifters` and :mod:`voidref.tables.drifters_dice` -- Void Drifters
* :mod:`voidref.tables.pirates` -- Void Pirates
* :mod:`voidref.tables.cantor` -- Cantor tactics
* :mod:`voidref.tables.twodice` -- 2D fighting
* :mod:`voidref.tables.upper_hand` -- Upper Hand ship engagements

The layout of these tables follows the pages, so their names are not part of
the public Python API (see the "Public names and versions" page).
"""

__all__: list[str] = []
