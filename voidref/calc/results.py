"""What a calculator returns, and how it is shown: escaped HTML and plain text.

A :class:`Result` is plain data: a headline, a few labelled facts, tables and
bar charts. :func:`to_html` renders it for the page (every piece of text goes
through ``html.escape``, so nothing a player types can become markup) and
:func:`to_text` renders it for "copy result".

>>> r = Result("Chance of success: 50%", facts=(("Pool", "<1 Ability>"),))
>>> "&lt;1 Ability&gt;" in to_html(r)
True
>>> print(to_text(r))
Chance of success: 50%
Pool: <1 Ability>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape

from voidref.charts import BarChart
from voidref.charts import svg as chart_svg
from voidref.errors import check_int
from voidref.present import Table, percent

__all__ = ["Result", "Table", "BarChart", "Chance", "pct", "pct_cell", "recording", "decimal", "yes_no", "chance_table",
           "distribution", "to_html", "to_text"]


class Chance(str):
    """The text of a chance (``'65.4%'``) that keeps the exact chance it shows, as ``exact``.

    It is a ``str`` everywhere (facts, table cells, f-strings), so results stay
    plain text; a comparison of two results (:mod:`voidref.calc.compare`) reads
    ``exact`` to give the difference exactly.

    >>> c = pct(Fraction(2, 3))
    >>> c, c.exact, c == "66.7%"
    ('66.7%', Fraction(2, 3), True)
    """

    exact: Fraction

    def __new__(cls, p: Fraction | int, text: str | None = None) -> Chance:
        obj = super().__new__(cls, percent(p) if text is None else text)
        obj.exact = Fraction(p)
        return obj


_SEEN: ContextVar[list[Chance] | None] = ContextVar("voidref_calc_seen_chances", default=None)


@contextmanager
def recording() -> Iterator[list[Chance]]:
    """Within the block, note every chance :func:`pct` prints, in the order printed.

    A headline written as ``f"Chance to hit: {pct(p)}"`` keeps only text;
    this record lets a comparison find the exact chance behind ``'65.4%'``
    (see :mod:`voidref.calc.compare`).
    """
    seen: list[Chance] = []
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)


def pct(p: Fraction, places: int = 1) -> Chance:
    """A probability for people: the one rule of :func:`voidref.present.percent`, keeping the exact value.

    Every calculator prints one decimal; *places* is for the rare answer
    that needs one more to be exact to the digits shown.

    >>> pct(Fraction(1, 3)), pct(Fraction(1, 100000)), pct(Fraction(0)), pct(Fraction(99999, 100000))
    ('33.3%', '<0.1%', '0%', '>99.9%')
    >>> pct(Fraction(529, 2000)), pct(Fraction(529, 2000), places=2)
    ('26.4%', '26.45%')
    """
    c = Chance(p, percent(p, places))
    seen = _SEEN.get()
    if seen is not None:
        seen.append(c)
    return c


def pct_cell(p: Fraction, zero: str = "–") -> Chance:
    """:func:`pct` for a table that marks an impossible event with *zero* (the mark keeps the exact 0).

    >>> pct_cell(Fraction(0)), pct_cell(Fraction(0)).exact, pct_cell(Fraction(1, 4))
    ('–', Fraction(0, 1), '25.0%')
    """
    c = pct(p)
    return Chance(0, zero) if p == 0 else c


def decimal(x, places: int = 2) -> str:
    """A number that is not a chance (a mean, an expected count), to two decimals (or *places*).

    >>> decimal(Fraction(16, 3)), decimal(Fraction(13, 8)), decimal(Fraction(13, 8), places=3)
    ('5.33', '1.62', '1.625')
    """
    check_int("places", places, low=0, high=12)
    return f"{float(x):.{places}f}"


def yes_no(flag: bool) -> str:
    """A yes/no fact as people read it."""
    return "yes" if flag else "no"


@dataclass(frozen=True)
class Result:
    """A calculator's answer: headline, labelled facts, then tables and charts."""

    headline: str
    facts: tuple[tuple[str, str], ...] = ()
    blocks: tuple[Table | BarChart, ...] = ()
    notes: tuple[str, ...] = field(default=())


def chance_table(caption: str, rows: Iterable[tuple[str, Fraction]]) -> Table:
    """A two-column table of labelled chances (``Label``, ``Chance``).

    >>> chance_table("Odds", [("Hit", Fraction(1, 4))]).rows
    (('Hit', '25.0%'),)
    """
    return Table(caption, ("Label", "Chance"), tuple((label, pct(p)) for label, p in rows))


def distribution(caption: str, probabilities: Mapping[int, Fraction], axis: str = "Value") -> tuple[Table, BarChart]:
    """A distribution of whole numbers as a table (*axis*, ``Chance``) and the same numbers as a bar chart.

    >>> table, chart = distribution("Damage", {0: Fraction(1, 2), 3: Fraction(1, 2)})
    >>> table.rows, chart.title
    ((('0', '50.0%'), ('3', '50.0%')), 'Chance of each value: damage')
    """
    items = tuple((str(value), p) for value, p in probabilities.items())
    return (Table(caption, (axis, "Chance"), tuple((label, pct(p)) for label, p in items)),
            BarChart(f"Chance of each {axis.lower()}: {caption.lower()}", axis, items))


def to_html(result: Result) -> str:
    """The result as HTML: every text escaped, charts as inline SVG."""
    out = [f'<p class="vc-headline">{escape(result.headline)}</p>']
    if result.facts:
        out.append('<dl class="vc-facts">')
        for label, value in result.facts:
            out.append(f"<div><dt>{escape(label)}</dt><dd>{escape(value)}</dd></div>")
        out.append("</dl>")
    for block in result.blocks:
        if isinstance(block, Table):
            out.append(block.to_html())
        else:
            out.append(f'<figure class="vc-figure"><figcaption>{escape(block.title)}</figcaption>'
                       f'{chart_svg(block, "vc-chart")}</figure>')
    for note in result.notes:
        out.append(f'<p class="vc-note">{escape(note)}</p>')
    return "".join(out)


def to_text(result: Result) -> str:
    """The result as plain text: what "copy result" puts on the clipboard."""
    lines = [result.headline]
    lines += [f"{label}: {value}" for label, value in result.facts]
    for block in result.blocks:
        if isinstance(block, Table):
            lines += ["", block.to_text()]
    lines += ["", *result.notes] if result.notes else []
    return "\n".join(lines)
