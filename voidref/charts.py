"""Bar charts of exact chances as inline SVG: the one chart renderer of the site.

Calculators (:mod:`voidref.calc.results`) and rules pages
(``voidref.tables.drifters``) draw every chart through :func:`svg`, so all
charts look alike and follow the same rules, which are made for a phone:

- bars are horizontal, one row each, with the label to the left and the chance
  printed to the right of the bar: nothing needs a hover, and labels cannot
  collide, whatever their length or number (a label too long for its column is
  shortened with "…"; the full label stays in the description);
- a distribution with more than :data:`MAX_BARS` values is drawn in ranges of
  neighbouring values ("10–12"), each bar the exact sum of its values;
- the picture is an image (``role="img"``) whose ``<title>`` names it and
  whose ``<desc>`` gives every value, for screen readers (no ids, so one page
  can hold the same chart twice).

>>> c = BarChart("Damage", "Damage", (("0", Fraction(1, 4)), ("1", Fraction(3, 4))))
>>> out = svg(c)
>>> 'role="img"' in out and "0: 25.0%; 1: 75.0%" in out
True
>>> len(grouped(BarChart("Many", "Value", tuple((str(v), Fraction(1, 72)) for v in range(72)))).bars)
24
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape

from voidref.errors import RulesError, check_int, describe
from voidref.present import percent

__all__ = ["BarChart", "MAX_BARS", "grouped", "svg"]

MAX_BARS = 25
"""The most bars one chart draws; longer distributions are drawn in ranges."""

WIDTH = 360
"""Width of every chart, in SVG units; charts scale down to the width of the page."""
_FONT = 13
_ROW = 22
_CHAR = 0.8 * _FONT
"""A generous width of one character, so that estimated text never overflows its column."""
_GAP = 6


@dataclass(frozen=True)
class BarChart:
    """A bar chart of exact probabilities: ``bars`` is ``(label, probability)`` pairs, in order.

    *emphasis*, when given, marks which bars are drawn strong (the others are
    drawn faint), for example the results that pass a check.
    """

    title: str
    x_label: str
    bars: tuple[tuple[str, Fraction], ...]
    emphasis: tuple[bool, ...] | None = None

    def __post_init__(self) -> None:
        for name in ("title", "x_label"):
            if not isinstance(getattr(self, name), str):
                raise RulesError(argument=name, expected="text", received=getattr(self, name))
        if not isinstance(self.bars, (tuple, list)):
            raise RulesError(argument="bars", expected="(label, probability) pairs", received=self.bars)
        for bar in self.bars:
            if (not isinstance(bar, (tuple, list)) or len(bar) != 2 or not isinstance(bar[0], str)
                    or isinstance(bar[1], bool) or not isinstance(bar[1], (int, Fraction)) or not 0 <= bar[1] <= 1):
                raise RulesError(f"'bars' must be (label, probability) pairs"
                                 f" (got {describe(bar)})", argument="bars")
        if self.emphasis is not None and (not isinstance(self.emphasis, (tuple, list))
                                          or not all(isinstance(flag, bool) for flag in self.emphasis)):
            raise RulesError(argument="emphasis", expected="one True or False per bar", received=self.emphasis)
        if self.emphasis is not None and len(self.emphasis) != len(self.bars):
            raise RulesError(f"'emphasis' must have one flag per bar ({len(self.bars)}; got {len(self.emphasis)})",
                             argument="emphasis")


def _check_chart(chart: object) -> None:
    if not isinstance(chart, BarChart):
        raise RulesError(argument="chart", expected="a BarChart", received=chart)


def _whole(label: str) -> int | None:
    try:
        return int(label.replace("\u2212", "-"))
    except ValueError:
        return None


def grouped(chart: BarChart, limit: int = MAX_BARS - 1) -> BarChart:
    """*chart* with at most *limit* bars: neighbouring bars summed into ranges ("3–5").

    A chart short enough is returned unchanged. When every label is a whole
    number, the ranges are of equal width over the numbers from the lowest to
    the highest; otherwise runs of equally many neighbouring bars are summed.
    The sums are exact; a range is strong when any of its bars is.

    >>> c = grouped(BarChart("T", "V", tuple((str(v), Fraction(1, 30)) for v in range(30))), 10)
    >>> c.bars[0], c.bars[-1], c.title
    (('0–2', Fraction(1, 10)), ('27–29', Fraction(1, 10)), 'T (in ranges of 3)')
    >>> [label for label, _ in grouped(BarChart("T", "V", (("0", Fraction(1, 2)), *(
    ...     (str(v), Fraction(1, 60)) for v in range(6, 36)))), 10).bars][:3]
    ['0–3', '4–7', '8–11']
    """
    _check_chart(chart)
    check_int("limit", limit, low=1, high=10_000)
    n = len(chart.bars)
    if n <= limit:
        return chart
    numbers = [_whole(label) for label, _ in chart.bars]
    flags = chart.emphasis if chart.emphasis is not None else (True,) * n
    runs: list[tuple[str, list[int]]] = []
    if all(v is not None for v in numbers) and numbers == sorted(set(numbers)):  # type: ignore[type-var]
        low, high = numbers[0], numbers[-1]
        assert low is not None and high is not None
        size = -(-(high - low + 1) // limit)
        signed = any(label.startswith("+") for label, _ in chart.bars)
        show = (lambda v: f"{v:+d}" if v else "0") if signed else str
        for start in range(low, high + 1, size):
            end = min(start + size - 1, high)
            between = " to " if signed or start < 0 else "–"
            label = show(start) if start == end else f"{show(start)}{between}{show(end)}"
            runs.append((label, [i for i, v in enumerate(numbers) if v is not None and start <= v <= end]))
    else:
        size = -(-n // limit)
        for start in range(0, n, size):
            idx = list(range(start, min(start + size, n)))
            first, last = chart.bars[idx[0]][0], chart.bars[idx[-1]][0]
            runs.append((first if len(idx) == 1 else f"{first}–{last}", idx))
    bars = tuple((label, sum((Fraction(chart.bars[i][1]) for i in idx), Fraction(0))) for label, idx in runs)
    emphasis = None if chart.emphasis is None else tuple(any(flags[i] for i in idx) for _, idx in runs)
    return BarChart(f"{chart.title} (in ranges of {size})", chart.x_label, bars, emphasis)


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:max(chars - 1, 1)] + "…"


def svg(chart: BarChart, css_class: str = "") -> str:
    """*chart* as an accessible inline SVG (grouped first when it has too many bars)."""
    _check_chart(chart)
    if not isinstance(css_class, str):
        raise RulesError(argument="css_class", expected="text", received=css_class)
    c = grouped(chart)
    values = [percent(p) for _, p in c.bars]
    top = max((Fraction(p) for _, p in c.bars), default=Fraction(0)) or Fraction(1)
    label_chars = min(max((len(label) for label, _ in c.bars), default=1), 14)
    label_w = max(label_chars, 3) * _CHAR + _GAP
    value_w = max((len(v) for v in values), default=4) * _CHAR + _GAP
    bar_area = WIDTH - label_w - value_w
    head = _ROW if len(c.x_label) * _CHAR <= label_w + bar_area else 0
    height = head + _ROW * len(c.bars) + 4
    parts = []
    if head:
        parts.append(f'<text class="vc-axis" x="0" y="{_ROW - 7}" font-weight="600">{escape(c.x_label)}</text>')
    for i, ((label, p), value) in enumerate(zip(c.bars, values)):
        y = head + i * _ROW
        w = float(Fraction(p) / top) * bar_area
        if p and w < 1:
            w = 1.0
        strong = c.emphasis is None or c.emphasis[i]
        parts.append(f'<rect class="vc-bar{"" if strong else " vc-bar-dim"}" x="{label_w:.1f}" y="{y + 3}" '
                     f'width="{w:.1f}" height="{_ROW - 6}" fill-opacity="{0.6 if strong else 0.25}">'
                     f"<title>{escape(label)}: {escape(value)}</title></rect>")
        base = y + _ROW / 2 + _FONT * 0.35
        parts.append(f'<text class="vc-label" x="{label_w - _GAP:.1f}" y="{base:.1f}" text-anchor="end">'
                     f"{escape(_fit(label, label_chars))}</text>")
        parts.append(f'<text class="vc-value" x="{label_w + w + 4:.1f}" y="{base:.1f}">{escape(value)}</text>')
    desc = "; ".join(f"{label}: {value}" for (label, _), value in zip(c.bars, values))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="voidref-chart{" " + css_class if css_class else ""}" '
            f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" '
            f'fill="currentColor" font-size="{_FONT}">'
            f"<title>{escape(c.title)}</title>"
            f"<desc>{escape(c.x_label)}, chance of each: {escape(desc)}</desc>"
            + "".join(parts) + "</svg>")
