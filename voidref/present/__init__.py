"""Numbers for people: one percent rule, one printed figure, one table type.

The engine returns exact values; this leaf module is the one place that turns
them into text. Every page, table, calculator and command-line answer prints a
chance through :func:`percent`, so one chance never prints two ways. A
:class:`Figure` is a number as printed that keeps the number behind it, so a
table or an answer can be read back as data (to compare two setups, or to
write JSON) without reading its text.

>>> percent(Fraction(1, 3)), percent(Fraction(0)), percent(Fraction(1))
('33.3%', '0%', '100%')
>>> percent(Fraction(1, 5000)), percent(Fraction(4999, 5000))
('<0.1%', '>99.9%')
>>> print(Table("Two dice", ("Total", "Chance"), (("2", "2.8%"), ("7", "16.7%"))).to_markdown())
| Total | Chance |
| --- | --- |
| 2 | 2.8% |
| 7 | 16.7% |
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from voidref.errors import RulesError, check_int, describe

__all__ = ["percent", "percent_cell", "Figure", "Table", "FIGURE_KINDS"]

FIGURE_KINDS = ("chance", "number")
"""What a :class:`Figure` can be: a chance (printed as a percentage) or another number (a mean, a count)."""


def _shown(q: Fraction | int | float) -> str:
    """A number as a message shows it: ``3/2`` for a Fraction, and never thousands of digits."""
    if isinstance(q, Fraction) and q.denominator != 1:
        return f"{describe(q.numerator)}/{describe(q.denominator)}"
    return describe(q.numerator if isinstance(q, Fraction) else q)


def percent(p: Fraction | int | float, places: int = 1) -> str:
    """A probability as a percentage with *places* decimals, never falsely certain or impossible.

    The rule, in order:

    - exactly 0 prints ``0%`` and exactly 1 prints ``100%``;
    - any other chance that would round to 0 prints ``<0.1%`` (with one
      decimal), and any other chance that would round to 100 prints ``>99.9%``;
    - everything else is rounded exactly (ties to even) to *places* decimals.

    Floats are accepted for display (they are converted exactly); the engine's
    own numbers are :class:`~fractions.Fraction`.

    >>> percent(Fraction(1, 16)), percent(Fraction(1, 3), 2), percent(Fraction(1, 2), 0)
    ('6.2%', '33.33%', '50%')
    >>> percent(Fraction(1, 100_000), 2), percent(Fraction(99_999, 100_000), 0)
    ('<0.01%', '>99%')
    >>> percent(Fraction(3, 2))
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'p' must be a probability from 0 to 1 (got 3/2)
    """
    check_int("places", places, low=0, high=12)
    if isinstance(p, bool) or not isinstance(p, (int, Fraction, float)):
        raise RulesError(f"'p' must be a probability from 0 to 1, as a Fraction (got {describe(p)})", argument="p")
    if isinstance(p, float) and not math.isfinite(p):
        raise RulesError(f"'p' must be a probability from 0 to 1 (got {describe(p)})", argument="p")
    q = Fraction(p)
    if not 0 <= q <= 1:
        raise RulesError(f"'p' must be a probability from 0 to 1 (got {_shown(p)})", argument="p")
    if q == 0:
        return "0%"
    if q == 1:
        return "100%"
    scale = 10**places
    steps = round(q * 100 * scale)  # exact: Fraction rounds ties to even
    if steps == 0:
        return f"<{_fixed(1, places)}%"
    if steps == 100 * scale:
        return f">{_fixed(100 * scale - 1, places)}%"
    return f"{_fixed(steps, places)}%"


def _fixed(steps: int, places: int) -> str:
    """*steps* hundredths-of-a-percent-style units as a decimal with *places* digits."""
    if not places:
        return str(steps)
    whole, part = divmod(steps, 10**places)
    return f"{whole}.{part:0{places}d}"


def percent_cell(p: Fraction, zero: str = "–") -> str:
    """A probability for a table cell: :func:`~voidref.present.percent`, with *zero* for an impossible event.

    For the tables that mark "cannot happen" with a dash; everything but
    exact zero follows the one percent rule (a certain event is ``100%``, a
    near-certain one ``>99.9%``).

    >>> percent_cell(Fraction(1, 3)), percent_cell(Fraction(0)), percent_cell(Fraction(1, 5000))
    ('33.3%', '–', '<0.1%')
    """
    return zero if p == 0 else percent(p)


@dataclass(frozen=True)
class Figure:
    """A number as printed (*text*) with the number behind it (*value*) and what it is (*kind*).

    *exact* says whether *value* is the number itself, or only a value that
    prints the same: a simulated estimate, or the lower end of proven bounds
    (a floating-point walk), whose upper end is then *upper*. It prints as
    its text, so it drops into any table or sentence.

    >>> f = Figure(Fraction(2, 3), "66.7%")
    >>> str(f), f.value, f.kind
    ('66.7%', Fraction(2, 3), 'chance')
    >>> Figure(Fraction(13, 8), "1.62", kind="number")
    Figure(Fraction(13, 8), '1.62', kind='number')
    """

    value: Fraction
    text: str
    kind: str = "chance"
    exact: bool = True
    upper: Fraction | None = None

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, (int, Fraction)):
            raise RulesError(argument="value", expected="an exact number (a Fraction)", received=self.value)
        object.__setattr__(self, "value", Fraction(self.value))
        if not isinstance(self.text, str):
            raise RulesError(argument="text", expected="the figure as printed, a string", received=self.text)
        if self.kind not in FIGURE_KINDS:
            raise RulesError(argument="kind", expected=f"one of {', '.join(FIGURE_KINDS)}", received=self.kind)
        if not isinstance(self.exact, bool):
            raise RulesError(argument="exact", expected="True or False", received=self.exact)
        if self.upper is not None:
            if self.exact or isinstance(self.upper, bool) or not isinstance(self.upper, (int, Fraction)) \
                    or self.upper < self.value:
                raise RulesError(argument="upper", expected="None, or for a figure not exact a bound at least value",
                                 received=self.upper)
            object.__setattr__(self, "upper", Fraction(self.upper))

    @property
    def bounds(self) -> tuple[Fraction, Fraction] | None:
        """The least and greatest the number can be (``(value, value)`` when exact, ``None`` when unknown)."""
        if self.exact:
            return (self.value, self.value)
        return None if self.upper is None else (self.value, self.upper)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        extra = "" if self.kind == "chance" else f", kind={self.kind!r}"
        extra += "" if self.exact else ", exact=False"
        extra += "" if self.upper is None else f", upper={self.upper!r}"
        return f"Figure({self.value!r}, {self.text!r}{extra})"


@dataclass(frozen=True)
class Table:
    """A table of text cells with a caption, rendered as plain text, Markdown or HTML.

    The first cell of each row names the row (it becomes a row header in HTML).
    Cells are text, or :class:`Figure` values (printed as their text and
    read back as numbers): format chances with :func:`percent` first.

    >>> t = Table("Odds", ("Roll", "Chance"), (("6", "16.7%"), ("7+", "<0.1%")))
    >>> print(t.to_text())
    Odds
    Roll  Chance
    6     16.7%
    7+    <0.1%
    """

    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str | Figure, ...], ...]

    def __post_init__(self) -> None:
        if not isinstance(self.caption, str):
            raise RulesError(f"'caption' must be a string (got {describe(self.caption)})", argument="caption")
        if not isinstance(self.headers, tuple) or not all(isinstance(h, str) for h in self.headers):
            raise RulesError(f"'headers' must be a tuple of strings (got {describe(self.headers)})", argument="headers")
        if not isinstance(self.rows, tuple) or not all(
            isinstance(r, tuple) and all(isinstance(c, (str, Figure)) for c in r) for r in self.rows
        ):
            raise RulesError(argument="rows", expected="a tuple of tuples of strings or Figures", received=self.rows)
        width = len(self.headers)
        for i, row in enumerate(self.rows):
            if not row:
                raise RulesError(f"'rows' must each have at least one cell (got none in row {i})", argument="rows")
            if width and len(row) != width:
                cells = "1 cell" if width == 1 else f"{width} cells"
                raise RulesError(f"'rows' must each have {cells}, one per header (got {len(row)} in row {i})",
                                 argument="rows")

    def texts(self) -> tuple[tuple[str, ...], ...]:
        """The rows as printed: every cell as text."""
        return tuple(tuple(str(c) for c in row) for row in self.rows)

    def to_text(self) -> str:
        """Aligned plain text: the caption, then the headers and rows in padded columns."""
        lines = [self.caption] if self.caption else []
        body = [self.headers, *self.texts()] if self.headers else list(self.texts())
        if body:
            widths = [max(len(r[i]) for r in body if i < len(r)) for i in range(max(len(r) for r in body))]
            lines += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in body]
        return "\n".join(lines)

    def to_markdown(self) -> str:
        """A Markdown (MyST) pipe table; the caption is left to the page around it."""
        if not self.headers:
            raise RulesError("'headers' must not be empty for a Markdown table (got ())", argument="headers")
        lines = ["| " + " | ".join(_md(h) for h in self.headers) + " |",
                 "|" + " --- |" * len(self.headers)]
        lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in self.texts()]
        return "\n".join(lines)

    def to_html(self) -> str:
        """An accessible HTML table (every text escaped) in a scrollable, focusable wrapper."""
        head = "".join(f'<th scope="col">{escape(h)}</th>' for h in self.headers)
        body = []
        for row in self.texts():
            cells = [f'<th scope="row">{escape(row[0])}</th>'] + [f"<td>{escape(c)}</td>" for c in row[1:]]
            body.append("<tr>" + "".join(cells) + "</tr>")
        return (f'<div class="vc-table-wrap" tabindex="0" role="region" aria-label="{escape(self.caption)}">'
                f'<table class="vc-table"><caption>{escape(self.caption)}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def _md(cell: str) -> str:
    """A cell safe inside a pipe table: a literal ``|`` is escaped."""
    return cell.replace("|", "\\|")
