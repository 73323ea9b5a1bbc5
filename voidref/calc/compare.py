"""Two setups of one calculator side by side: A (pinned) and B (the inputs now), with exact differences.

A player pins a result as A, changes an input (adds an Aim die, say) and reads
how each chance moved. :func:`compare` computes both setups with the same
:func:`~voidref.calc.registry.evaluate` as a single result, and the
difference of each chance from the exact values, never from rounded text: a
fact printed with :func:`~voidref.calc.results.pct` keeps its exact chance,
and a chance inside a sentence (a headline) is found in the record of what
the compute function printed.

>>> out = compare("check-odds", {"boon_dice": "0"}, {"boon_dice": "1"})
>>> out["ok"], out["rows"][0]["label"], out["rows"][0]["a"], out["rows"][0]["b"]
(True, 'Boon Dice', '0', '1')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from fractions import Fraction
from html import escape
from typing import Any

from voidref.calc.fields import BoolField, ChoiceField
from voidref.calc.registry import collector_paused, evaluate, get, run
from voidref.calc.results import Chance, Result, Table

__all__ = ["compare", "has_odds", "points", "run_json"]

_PERCENT = re.compile(r"[<>]?\d+(?:\.\d+)?%")
_NUMBER = re.compile(r"\d+")
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


def _exact(text: str, seen: list[Chance]) -> list[Fraction | None]:
    """The exact chance behind each percentage in *text*, from the record of what was printed.

    A sentence printed with ``pct`` calls printed them one after the other,
    so its chances are a run of the record with the same texts in the same
    order. A chance is known when every such run gives it the same value
    (``None`` otherwise: two different chances printed alike, ambiguously).
    """
    tokens = _PERCENT.findall(text)
    n = len(tokens)
    runs = [seen[i:i + n] for i in range(len(seen) - n + 1) if [str(c) for c in seen[i:i + n]] == tokens]
    out: list[Fraction | None] = []
    for k in range(n):
        values = {run[k].exact for run in runs}
        out.append(values.pop() if len(values) == 1 else None)
    return out


def _shape(text: str) -> str:
    """*text* with every number masked: two texts of one shape differ only in their numbers."""
    return _NUMBER.sub("#", _PERCENT.sub("%", text))


def _differences(a: str, b: str, seen_a: list[Chance], seen_b: list[Chance]
                 ) -> list[Fraction | None] | None:
    """Exact B − A of each chance in two texts of the same shape, or ``None`` when they do not match up."""
    if isinstance(a, Chance) and isinstance(b, Chance):
        return [b.exact - a.exact]
    if _shape(a) != _shape(b) or not _PERCENT.search(a):
        return None
    ea, eb = _exact(a, seen_a), _exact(b, seen_b)
    return [None if x is None or y is None else y - x for x, y in zip(ea, eb)]


def _shown(f, text: str) -> str:
    if isinstance(f, BoolField):
        return "yes" if text == "1" else "no"
    if isinstance(f, ChoiceField):
        return dict(f.choices).get(text, text)
    return text


def _row(label: str, a: str, b: str, diffs: list[Fraction | None] | None) -> dict[str, Any]:
    if diffs is None:
        difference, exact = ("same" if a == b else ""), None
    else:
        difference = ", ".join("not exact" if d is None else points(d) for d in diffs)
        exact = [None if d is None else str(d) for d in diffs]
    return {"label": label, "a": a, "b": b, "difference": difference, "exact": exact}


def _rows(slug: str, ins: tuple[dict[str, str], dict[str, str]], results: tuple[Result, Result],
          seen: tuple[list[Chance], list[Chance]]) -> list[dict[str, Any]]:
    rows = [_row(f.label, _shown(f, ins[0][f.name]), _shown(f, ins[1][f.name]), None)
            for f in get(slug).fields if ins[0][f.name] != ins[1][f.name]]
    ra, rb = results
    rows.append(_row("Result", ra.headline, rb.headline, _differences(ra.headline, rb.headline, *seen)))
    facts_b = dict(rb.facts)
    for label, value in ra.facts:
        if label in facts_b:
            rows.append(_row(label, value, facts_b[label], _differences(value, facts_b[label], *seen)))
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
    columns = [i for i in range(1, len(ta.headers)) if any(isinstance(r[i], Chance) for r in ta.rows)]
    rows_b = {r[0]: r for r in tb.rows}
    out = []
    for row in ta.rows:
        other = rows_b.get(row[0])
        if other is None:
            continue
        for i in columns:
            label = row[0] if ta.headers[i] == "Chance" else f"{row[0]}: {ta.headers[i]}"
            a, b = row[i], other[i]
            diffs: list[Fraction | None] | None = (
                [b.exact - a.exact] if isinstance(a, Chance) and isinstance(b, Chance) else None)
            out.append(_row(label, a, b, diffs))
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
    for side, (answer, _, _) in zip(SIDES, sides):
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
    rows = _rows(slug, (sides[0][0]["inputs"], sides[1][0]["inputs"]), (ra, rb), (sides[0][2], sides[1][2]))
    head = next(r for r in rows if r["label"] == "Result")
    moved = f" ({head['difference']} against A)" if head["exact"] is not None else " (A pinned)"
    out.update(rows=rows, compare_html=_html(rows), compare_text=_text(rows), compare_headline=rb.headline + moved)
    return out


def has_odds(slug: str) -> bool:
    """Whether calculator *slug* answers with chances (at its defaults): such a calculator can compare setups."""
    answer, _, seen = evaluate(slug, {})
    return bool(answer["ok"] and seen)


def run_json(slug: str, raw_inputs_json: str) -> str:
    """:func:`~voidref.calc.registry.run` with JSON in and out: what the browser's worker calls.

    Computed with the garbage collector paused (:func:`~voidref.calc.registry.collector_paused`).

    When the inputs hold ``"A"`` (an object: the inputs of the setup pinned
    as A), the answer is :func:`compare` of A with the other inputs as B
    (no field is called ``A``).

    >>> json.loads(run_json("check-odds", '{"skill": "2"}'))["inputs"]["skill"]
    '2'
    """
    raw = json.loads(raw_inputs_json)
    with collector_paused():
        if isinstance(raw, dict) and isinstance(raw.get("A"), dict):
            pinned = raw.pop("A")
            return json.dumps(compare(slug, pinned, raw))
        return json.dumps(run(slug, raw))
