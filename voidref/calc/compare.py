"""Two setups of one calculator side by side: A (pinned) and B (the inputs now), with exact differences.

A player pins a result as A, changes an input (adds an Aim die, say) and reads
how each chance moved. :func:`compare` computes both setups with the same
:func:`~voidref.calc.registry.evaluate` as a single result, and the
difference of each chance from the exact values the results carry as data
(:class:`~voidref.present.Figure`), never from their text.

>>> out = compare("check-odds", {"boon_dice": "0"}, {"boon_dice": "1"})
>>> out["ok"], out["rows"][0]["label"], out["rows"][0]["a"], out["rows"][0]["b"]
(True, 'Boon Dice', '0', '1')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from voidref.calc.registry import collector_paused, evaluate, get, run
from voidref.calc.results import Line, Result, Table, Text, figures
from voidref.errors import RulesError
from voidref.present import Figure

__all__ = ["compare", "has_odds", "points", "run_json"]

SIDES = ("A", "B")


def points(difference: Fraction) -> str:
    """A difference of two chances in percentage points, one decimal, signed; never falsely zero.

    >>> points(Fraction(88, 1000)), points(Fraction(-1, 3)), points(Fraction(0)), points(Fraction(1, 10**6))
    ('+8.8 points', '−33.3 points', 'no change', '+<0.1 points')
    """
    if difference == 0:
        return "no change"
    sign = "+" if difference > 0 else "\u2212"
    tenths = round(abs(difference) * 1000)  # exact: ties to even
    if tenths == 0:
        return f"{sign}<0.1 points"
    return f"{sign}{tenths // 10}.{tenths % 10} points"


def _shape(text: Text) -> tuple[str, ...]:
    """Where *text* holds its figures, and of which kind: two texts of one shape pair their figures in order."""
    parts = text.parts if isinstance(text, Line) else (text,)
    return tuple(p.kind if isinstance(p, Figure) else "text" for p in parts)


@dataclass(frozen=True)
class Difference:
    """B − A of one chance: exact, or (from proven bounds) a *value* that prints like every difference they allow."""

    value: Fraction
    exact: bool = True


def _differences(a: Text, b: Text) -> list[Difference | None] | None:
    """B − A of each chance in two texts of the same shape (``None`` for one not known well enough), else ``None``.

    >>> from voidref.calc.results import line, pct
    >>> _differences(line("Hit {}", pct(Fraction(1, 2))), line("Hit {}", pct(Fraction(3, 4))))
    [Difference(value=Fraction(1, 4), exact=True)]
    >>> _differences("no number", "no number") is None
    True
    """
    fa, fb = figures(a), figures(b)
    chances = [(x, y) for x, y in zip(fa, fb) if x.kind == "chance"]
    if not chances or _shape(a) != _shape(b):
        return None
    return [_difference(x, y) for x, y in chances]


def _difference(x: Figure, y: Figure) -> Difference | None:
    """The exact y − x; for bounded figures one that prints like every difference the bounds allow; else None.

    >>> a, b = Figure(Fraction(1, 4), "25.0%"), Figure(Fraction(1, 2), "50.0%")
    >>> _difference(a, b)
    Difference(value=Fraction(1, 4), exact=True)
    >>> near = Figure(Fraction(1, 2) - Fraction(1, 10**10), "50.0%", exact=False, upper=Fraction(1, 2))
    >>> points(_difference(a, near).value), _difference(a, near).exact
    ('+25.0 points', False)
    >>> _difference(a, Figure(Fraction(1, 2), "50.0%", exact=False)) is None
    True
    """
    if x.exact and y.exact:
        return Difference(y.value - x.value)
    if x == y:  # the same bounds from the same walk: the same setup, as far as this figure goes
        return Difference(Fraction(0), exact=False)
    bx, by = x.bounds, y.bounds
    if bx is None or by is None:
        return None
    low, high = by[0] - bx[1], by[1] - bx[0]
    return Difference(low, exact=False) if points(low) == points(high) else None


def _row(label: str, a: Text, b: Text, diffs: list[Difference | None] | None) -> dict[str, Any]:
    a, b = str(a), str(b)
    if diffs is None:
        difference, exact = ("same" if a == b else ""), None
    else:
        difference = ", ".join("not exact" if d is None else points(d.value) for d in diffs)
        exact = [None if d is None or not d.exact else str(d.value) for d in diffs]
    return {"label": label, "a": a, "b": b, "difference": difference, "exact": exact}


def _rows(slug: str, ins: tuple[dict[str, str], dict[str, str]], results: tuple[Result, Result]
          ) -> list[dict[str, Any]]:
    rows = [_row(f.label, f.shown(ins[0][f.name]), f.shown(ins[1][f.name]), None)
            for f in get(slug).fields if ins[0][f.name] != ins[1][f.name]]
    ra, rb = results
    rows.append(_row("Result", ra.headline, rb.headline, _differences(ra.headline, rb.headline)))
    facts_b = dict(rb.facts)
    for label, value in ra.facts:
        if label in facts_b:
            rows.append(_row(label, value, facts_b[label], _differences(value, facts_b[label])))
    if not any(r["exact"] for r in rows):
        rows += _table_rows(ra, rb)
    return rows


def _table_rows(ra: Result, rb: Result) -> list[dict[str, Any]]:
    """The chances of A's first table, row by row, against B's table of the same caption.

    Used when the headline and facts hold no chance (the answer is a table).
    """
    ta = next((b for b in ra.blocks if isinstance(b, Table)), None)
    tb = next((b for b in rb.blocks if isinstance(b, Table) and ta is not None and b.caption == ta.caption), None)
    if ta is None or tb is None or ta.headers != tb.headers:
        return []
    columns = [i for i in range(1, len(ta.headers))
               if any(isinstance(cell, Figure) and cell.kind == "chance" for cell in (r[i] for r in ta.rows))]
    rows_b = {str(r[0]): r for r in tb.rows}
    out = []
    for row in ta.rows:
        other = rows_b.get(str(row[0]))
        if other is None:
            continue
        for i in columns:
            label = str(row[0]) if ta.headers[i] == "Chance" else f"{row[0]}: {ta.headers[i]}"
            out.append(_row(label, row[i], other[i], _differences(row[i], other[i])))
    return out


def _html(rows: list[dict[str, Any]]) -> str:
    body = "".join(
        f'<tr><th scope="row">{escape(r["label"])}</th><td data-side="A">{escape(r["a"])}</td>'
        f'<td data-side="B">{escape(r["b"])}</td><td data-side="B − A">{escape(r["difference"])}</td></tr>'
        for r in rows)
    return ('<div class="vc-compare-wrap"><table class="vc-compare-table">'
            "<caption>Setup A (pinned) against B (the inputs above)</caption>"
            '<thead><tr><th scope="col">What</th><th scope="col">A (pinned)</th><th scope="col">B (now)</th>'
            f'<th scope="col">B − A</th></tr></thead><tbody>{body}</tbody></table></div>')


def _text(rows: list[dict[str, Any]]) -> str:
    lines = ["Setup A (pinned) against B (the inputs above)"]
    for r in rows:
        diff = f" ({r['difference']})" if r["difference"] and r["difference"] != "same" else ""
        lines.append(f"{r['label']}: A {r['a']} | B {r['b']}{diff}")
    return "\n".join(lines)


def compare(slug: str, inputs_a: Mapping[str, Any] | None, inputs_b: Mapping[str, Any] | None) -> dict[str, Any]:
    """Setup A against setup B of calculator *slug*: B's :func:`~voidref.calc.registry.run` answer plus the comparison.

    The answer is B's (``html``, ``text``, ``inputs`` feed the form, which
    holds B), with ``inputs_a``; ``rows`` (``label``, ``a``, ``b``,
    ``difference`` as text, ``exact``: each B − A chance as an exact fraction
    string, or ``None``); ``compare_html`` and ``compare_text``; and
    ``compare_headline``, B's headline with how far it moved from A (for the
    headline kept in view on a phone). Errors name
    their side: B's under the field's name, A's under ``"A." + name``, each
    message starting with "In setup A" or "In setup B".

    >>> out = compare("check-odds", {"skill": "9"}, {})
    >>> out["ok"], out["errors"]["A.skill"]
    (False, "In setup A (pinned): 'Skill' must be a whole number from 0 to 5 (got '9')")
    """
    sides = (evaluate(slug, inputs_a), evaluate(slug, inputs_b))
    out = dict(sides[1][0])
    errors: dict[str, str] = {}
    general = []
    for side, (answer, _) in zip(SIDES, sides):
        where = "In setup A (pinned)" if side == "A" else "In setup B"
        prefix = "A." if side == "A" else ""
        for name, message in answer["errors"].items():
            errors[prefix + name] = f"{where}: {message}"
            if side == "A":
                general.append(errors[prefix + name])
        if answer["error"]:
            general.append(f"{where}: {answer['error']}")
    out.update(errors=errors, error=" ".join(general) or None, inputs_a=sides[0][0]["inputs"],
               rows=[], compare_html="", compare_text="", compare_headline="")
    ra, rb = sides[0][1], sides[1][1]
    if ra is None or rb is None:
        out["ok"] = False
        return out
    rows = _rows(slug, (sides[0][0]["inputs"], sides[1][0]["inputs"]), (ra, rb))
    head = next(r for r in rows if r["label"] == "Result")
    moved = f" ({head['difference']} against A)" if head["exact"] is not None else " (A pinned)"
    out.update(rows=rows, compare_html=_html(rows), compare_text=_text(rows),
               compare_headline=str(rb.headline) + moved)
    return out


def all_figures(result: Result) -> tuple[Figure, ...]:
    """Every number *result* shows: headline, facts, table cells, notes.

    >>> from voidref.calc.results import pct
    >>> all_figures(Result(pct(Fraction(1, 2)), (("Mean", "3.5"),)))
    (Figure(Fraction(1, 2), '50.0%'),)
    """
    found = [*figures(result.headline)]
    for _, value in result.facts:
        found += figures(value)
    for block in result.blocks:
        if isinstance(block, Table):
            found += [c for row in block.rows for c in row if isinstance(c, Figure)]
    for note in result.notes:
        found += figures(note)
    return tuple(found)


def has_odds(slug: str) -> bool:
    """Whether calculator *slug* answers with chances (at its defaults): such a calculator can compare setups."""
    _, result = evaluate(slug, {})
    return result is not None and any(f.kind == "chance" for f in all_figures(result))


def run_json(slug: str, raw_inputs_json: str) -> str:
    """:func:`~voidref.calc.registry.run` with JSON in and out: what the browser's worker calls.

    Computed with the garbage collector paused (:func:`~voidref.calc.registry.collector_paused`).

    When the inputs hold ``"A"`` (an object: the inputs of the setup pinned
    as A), the answer is :func:`compare` of A with the other inputs as B
    (no field is called ``A``).

    Questions it cannot take (JSON that does not parse or is not an
    object, an unknown calculator or field) are answered, not raised: ``ok``
    false and the reason in ``error``.

    >>> json.loads(run_json("check-odds", '{"skill": "2"}'))["inputs"]["skill"]
    '2'
    >>> json.loads(run_json("check-odds", '[1, 2]'))["error"]
    "'inputs' must be a JSON object of field names to values (got [1, 2])"
    """
    try:
        raw = _json_object("inputs", raw_inputs_json)
        with collector_paused():
            if isinstance(raw.get("A"), dict):
                pinned = raw.pop("A")
                return json.dumps(compare(slug, pinned, raw))
            return json.dumps(run(slug, raw))
    except RulesError as error:
        return json.dumps({"slug": slug if isinstance(slug, str) else None, "ok": False, "inputs": {}, "errors": {},
                           "error": str(error), "html": "", "text": ""})


def _json_object(argument: str, text: Any) -> dict[str, Any]:
    """*text* read as a JSON object, or a :class:`~voidref.errors.RulesError` naming *argument*.

    >>> _json_object("inputs", '{"a": 1}'), _json_object("inputs", "{")
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'inputs' must be a JSON object of field names to values (got '{')
    """
    expected = "a JSON object of field names to values"
    if not isinstance(text, str | bytes):
        raise RulesError(argument=argument, expected=expected + " as text", received=text)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise RulesError(argument=argument, expected=expected, received=text) from None
    if not isinstance(value, dict):
        raise RulesError(argument=argument, expected=expected, received=value)
    return value
