"""What a calculator returns, and how it is shown: escaped HTML and plain text.

A :class:`Result` is plain data: a headline, a few labelled facts, tables and
bar charts. Its numbers are :class:`~voidref.present.Figure` values (made by
:func:`pct` and :func:`decimal`): printed as text, kept as exact numbers, so a
comparison of two results (:mod:`voidref.calc.compare`) or the command line's
JSON reads the numbers, never the text. A sentence with numbers in it is a
:class:`Line`. :func:`to_html` renders a result for the page (every piece of
text goes through ``html.escape``, so nothing a player types can become
markup) and :func:`to_text` renders it for "copy result".

>>> r = Result(line("Chance of success: {}", pct(Fraction(1, 2))), facts=(("Pool", "<1 Ability>"),))
>>> "&lt;1 Ability&gt;" in to_html(r)
True
>>> print(to_text(r))
Chance of success: 50.0%
Pool: <1 Ability>
>>> r.headline.figures
(Figure(Fraction(1, 2), '50.0%'),)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from voidref.charts import BarChart
from voidref.charts import svg as chart_svg
from voidref.errors import RulesError, check_int
from voidref.present import Figure, Table, percent

__all__ = ["Result", "RolledDie", "numbered_dice", "Table", "BarChart", "Figure", "Line", "Text", "line", "pct",
           "pct_cell", "decimal", "yes_no", "chance_table", "distribution", "figures", "to_html", "to_text"]


@dataclass(frozen=True)
class Line:
    """A sentence of text and :class:`~voidref.present.Figure` parts, printed as one string.

    Made with :func:`line`. ``str`` gives the sentence; :attr:`figures`
    gives its numbers, in order, as data.
    """

    parts: tuple[str | Figure, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.parts, tuple) or not all(isinstance(p, (str, Figure)) for p in self.parts):
            raise RulesError(argument="parts", expected="a tuple of strings and Figures", received=self.parts)

    def __str__(self) -> str:
        return "".join(str(p) for p in self.parts)

    def __add__(self, other: str | Figure | Line) -> Line:
        return Line(tuple(_merged([*self.parts, *(other.parts if isinstance(other, Line) else (other,))])))

    def __radd__(self, other: str | Figure) -> Line:
        return Line(tuple(_merged([other, *self.parts])))

    @property
    def figures(self) -> tuple[Figure, ...]:
        """The numbers of the sentence, in the order printed."""
        return tuple(p for p in self.parts if isinstance(p, Figure))


Text = str | Figure | Line
"""What a headline, a fact or a note can be (plain text, one figure, or a sentence with figures in it)."""


def line(template: str, *values: Any) -> Line:
    """A :class:`Line` from *template*, whose ``{}`` marks take *values* in order (figures stay figures).

    Any other value is written with ``str``; the template is code, never
    printed text read back.

    >>> str(line("Hit {} (tie {}), {} damage", pct(Fraction(3, 4)), pct(Fraction(1, 8)), 3))
    'Hit 75.0% (tie 12.5%), 3 damage'
    >>> line("{} or {}", 1)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'values' must be one per {} of the template, 2 (got 1)
    """
    pieces = template.split("{}")
    if len(values) != len(pieces) - 1:
        raise RulesError(f"'values' must be one per {{}} of the template, {len(pieces) - 1} (got {len(values)})",
                         argument="values")
    parts: list[str | Figure] = []
    for piece, value in zip(pieces, (*values, None)):
        if piece:
            parts.append(piece)
        if value is not None:
            parts.append(value if isinstance(value, Figure) else str(value))
    return Line(tuple(_merged(parts)))


def _merged(parts: list[str | Figure]) -> Iterator[str | Figure]:
    """*parts* with neighbouring strings joined (so two lines of one shape have the same parts)."""
    text = ""
    for p in parts:
        if isinstance(p, str):
            text += p
            continue
        if text:
            yield text
            text = ""
        yield p
    if text:
        yield text


def pct(p: Fraction | int, places: int = 1, *, exact: bool = True, upper: Fraction | None = None) -> Figure:
    """A probability for people: the one rule of :func:`voidref.present.percent`, keeping the number.

    Every calculator prints one decimal; *places* is for the rare answer
    that needs one more to be exact to the digits shown. *exact* False
    marks a value that only prints like the true chance (an estimate); *upper*
    says *p* is the lower end of proven bounds and gives the upper end.

    >>> [str(pct(p)) for p in (Fraction(1, 3), Fraction(1, 100000), Fraction(0), Fraction(99999, 100000))]
    ['33.3%', '<0.1%', '0%', '>99.9%']
    >>> str(pct(Fraction(529, 2000))), str(pct(Fraction(529, 2000), places=2)), pct(Fraction(2, 3)).value
    ('26.4%', '26.45%', Fraction(2, 3))
    """
    return Figure(Fraction(p), percent(p, places), "chance", exact and upper is None, upper)


def pct_cell(p: Fraction, zero: str = "–") -> Figure:
    """:func:`pct` for a table that marks an impossible event with *zero* (the mark keeps the exact 0).

    >>> str(pct_cell(Fraction(0))), pct_cell(Fraction(0)).value, str(pct_cell(Fraction(1, 4)))
    ('–', Fraction(0, 1), '25.0%')
    """
    return Figure(Fraction(0), zero) if p == 0 else pct(p)


def decimal(x: Fraction | int | float, places: int = 2, *, exact: bool = True, upper: Fraction | None = None
            ) -> Figure:
    """A number that is not a chance (a mean, an expected count), to two decimals (or *places*).

    *exact* and *upper* as for :func:`pct`.

    >>> [str(decimal(x)) for x in (Fraction(16, 3), Fraction(13, 8))], str(decimal(Fraction(13, 8), places=3))
    (['5.33', '1.62'], '1.625')
    """
    check_int("places", places, low=0, high=12)
    return Figure(Fraction(x), f"{float(x):.{places}f}", "number", exact and upper is None, upper)


def yes_no(flag: bool) -> str:
    """A yes/no fact as people read it."""
    return "yes" if flag else "no"


@dataclass(frozen=True)
class RolledDie:
    """One die as a roll shows it: which die (*die*, and a *mark*: a shape that tells it apart without colour)
    and the face it came up (*face* in symbols, *words* in the rules' words)."""

    die: str
    mark: str
    face: str
    words: str


_D6_FACES = "⚀⚁⚂⚃⚄⚅"


def numbered_dice(faces: Iterable[int], sides: int = 6, role: str = "") -> tuple[RolledDie, ...]:
    """Dice with numbered faces as a roll shows them: ``d6`` (or *role* and ``d6``), a mark, the number.

    A six-sided die's mark is its own pip face (⚀ to ⚅), so the number is
    shown twice: once as a picture and once as text for a screen reader.

    >>> numbered_dice([5, 2])
    (RolledDie(die='d6', mark='⚄', face='5', words='5'), RolledDie(die='d6', mark='⚁', face='2', words='2'))
    >>> numbered_dice([7], sides=8, role="Damage")[0].die
    'Damage d8'
    """
    name = f"{role} d{sides}".strip()
    return tuple(RolledDie(name, _D6_FACES[f - 1] if sides == 6 else "●", str(f), str(f)) for f in faces)


@dataclass(frozen=True)
class Result:
    """A calculator's answer: headline, labelled facts, then tables and charts, and notes under them.

    Texts are plain strings, :class:`~voidref.present.Figure` values or
    :class:`Line` sentences; :func:`figures` lists every number in it. A
    roller's answer also lists the *dice* it rolled.
    """

    headline: Text
    facts: tuple[tuple[str, Text], ...] = ()
    blocks: tuple[Table | BarChart, ...] = ()
    notes: tuple[Text, ...] = field(default=())
    dice: tuple[RolledDie, ...] = ()

    @property
    def headline_text(self) -> str:
        """The headline as printed."""
        return str(self.headline)

    def fact(self, label: str) -> Text:
        """The value of the fact labelled *label*."""
        for name, value in self.facts:
            if name == label:
                return value
        raise RulesError(argument="label", expected="the label of one of the facts: "
                         + ", ".join(name for name, _ in self.facts), received=label)


def figures(text: Text) -> tuple[Figure, ...]:
    """The numbers in a headline, fact or note, in the order printed.

    >>> figures("no number"), figures(pct(Fraction(1, 2))), len(figures(line("{} and {}", pct(1), decimal(2))))
    ((), (Figure(Fraction(1, 2), '50.0%'),), 2)
    """
    if isinstance(text, Figure):
        return (text,)
    if isinstance(text, Line):
        return text.figures
    return ()


def chance_table(caption: str, rows: Iterable[tuple[str, Fraction]]) -> Table:
    """A two-column table of labelled chances (``Label``, ``Chance``).

    >>> chance_table("Odds", [("Hit", Fraction(1, 4))]).texts()
    (('Hit', '25.0%'),)
    """
    return Table(caption, ("Label", "Chance"), tuple((label, pct(p)) for label, p in rows))


def distribution(caption: str, probabilities: Mapping[int, Fraction], axis: str = "Value") -> tuple[Table, BarChart]:
    """A distribution of whole numbers as a table (*axis*, ``Chance``) and the same numbers as a bar chart.

    >>> table, chart = distribution("Damage", {0: Fraction(1, 2), 3: Fraction(1, 2)})
    >>> table.texts(), chart.title
    ((('0', '50.0%'), ('3', '50.0%')), 'Chance of each value: damage')
    """
    items = tuple((str(value), p) for value, p in probabilities.items())
    return (Table(caption, (axis, "Chance"), tuple((label, pct(p)) for label, p in items)),
            BarChart(f"Chance of each {axis.lower()}: {caption.lower()}", axis, items))


def to_html(result: Result) -> str:
    """The result as HTML: every text escaped, charts as inline SVG."""
    out = [f'<p class="vc-headline">{escape(str(result.headline))}</p>']
    if result.dice:
        out.append('<ul class="vc-dice" aria-label="Dice rolled">')
        for d in result.dice:
            out.append(f'<li class="vc-die" data-die="{escape(d.die)}"><span class="vc-die-mark" aria-hidden="true">'
                       f'{escape(d.mark)}</span> <span class="vc-die-name">{escape(d.die)}</span> '
                       f'<span class="vc-die-face" aria-hidden="true">{escape(d.face)}</span> '
                       f'<span class="vc-die-words">{escape(d.words)}</span></li>')
        out.append("</ul>")
    if result.facts:
        out.append('<dl class="vc-facts">')
        for label, value in result.facts:
            out.append(f"<div><dt>{escape(label)}</dt><dd>{escape(str(value))}</dd></div>")
        out.append("</dl>")
    for block in result.blocks:
        if isinstance(block, Table):
            out.append(block.to_html())
        else:
            out.append(f'<figure class="vc-figure"><figcaption>{escape(block.title)}</figcaption>'
                       f'{chart_svg(block, "vc-chart")}</figure>')
    for note in result.notes:
        out.append(f'<p class="vc-note">{escape(str(note))}</p>')
    return "".join(out)


def to_text(result: Result) -> str:
    """The result as plain text: what "copy result" puts on the clipboard."""
    lines = [str(result.headline)]
    if result.dice:
        lines.append("Dice: " + ", ".join(f"{d.die} {d.words}" for d in result.dice))
    lines += [f"{label}: {value}" for label, value in result.facts]
    for block in result.blocks:
        if isinstance(block, Table):
            lines += ["", block.to_text()]
    lines += ["", *(str(note) for note in result.notes)] if result.notes else []
    return "\n".join(lines)
