"""Numbers for people (voidref.present): the one percent rule and the one table type."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.present import Table, percent

inside = st.fractions(0, 1).filter(lambda p: 0 < p < 1)


def _number(text: str) -> Fraction:
    return Fraction(text.strip("<>%"))


@pytest.mark.parametrize("p, shown", [
    (Fraction(0), "0%"), (Fraction(1), "100%"), (0, "0%"), (1, "100%"),
    (Fraction(1, 2001), "<0.1%"), (Fraction(1, 2000), "<0.1%"), (Fraction(1, 1000), "0.1%"),
    (Fraction(1999, 2000), ">99.9%"), (Fraction(999, 1000), "99.9%"),
    (Fraction(1, 3), "33.3%"), (Fraction(2, 3), "66.7%"), (Fraction(1, 16), "6.2%"), (Fraction(3, 16), "18.8%"),
])
def test_percent_edges(p, shown):
    """Exact 0 and 1 print as 0% and 100%; chances that would round to an end say so with < or >."""
    assert percent(p) == shown


@given(inside, st.integers(0, 4))
def test_percent_never_claims_certainty_or_impossibility(p, places):
    """A chance strictly between 0 and 1 never prints as 0% or 100%."""
    text = percent(p, places)
    assert text not in ("0%", "100%")
    assert text.endswith("%")


@given(inside, st.integers(0, 4))
def test_percent_is_within_half_a_step(p, places):
    """A plain percentage is the exact value rounded to *places* decimals (off by at most half a step)."""
    text = percent(p, places)
    step = Fraction(1, 10**places)
    if text.startswith("<"):
        assert p * 100 <= step / 2
    elif text.startswith(">"):
        assert p * 100 >= 100 - step / 2
    else:
        assert abs(_number(text) - p * 100) <= step / 2
        assert len(text.rstrip("%").partition(".")[2]) == places


@given(inside, inside)
def test_percent_keeps_order(p, q):
    """A larger chance never prints as a smaller number."""
    lo, hi = sorted((p, q))
    assert _number(percent(lo)) <= _number(percent(hi))


def test_percent_accepts_a_float_for_display():
    """Floats (from the bounded arithmetic) print by the same rule."""
    assert percent(0.25) == "25.0%" and percent(1e-9) == "<0.1%"


@pytest.mark.parametrize("p, message", [
    (Fraction(-1, 2), "'p' must be a probability from 0 to 1 (got -1/2)"),
    (2, "'p' must be a probability from 0 to 1 (got 2)"),
    (float("nan"), "'p' must be a probability from 0 to 1 (got nan)"),
    ("1/2", "'p' must be a probability from 0 to 1, as a Fraction (got '1/2')"),
    (True, "'p' must be a probability from 0 to 1, as a Fraction (got True)"),
])
def test_percent_refuses_what_is_not_a_probability(p, message):
    """A value outside 0 to 1, or not a number, is a RulesError naming 'p'."""
    with pytest.raises(RulesError) as err:
        percent(p)
    assert str(err.value) == message


def test_percent_places_must_be_a_small_count():
    """The number of decimals is checked and named."""
    with pytest.raises(RulesError, match="'places' must be an integer from 0 to 12"):
        percent(Fraction(1, 2), -1)


_TABLE = Table("Odds <2d6>", ("Total", "Chance"), (("2", "2.8%"), ("7 | more", "58.3%")))


def test_table_as_text_aligns_columns():
    """Plain text: caption, then padded columns two spaces apart."""
    assert _TABLE.to_text().splitlines() == ["Odds <2d6>", "Total     Chance", "2         2.8%", "7 | more  58.3%"]


def test_table_as_markdown_escapes_pipes():
    """Markdown: a pipe table; a literal | in a cell is escaped so it stays one cell."""
    assert _TABLE.to_markdown().splitlines() == [
        "| Total | Chance |", "| --- | --- |", "| 2 | 2.8% |", "| 7 \\| more | 58.3% |"]


def test_table_as_html_escapes_text_and_heads_rows():
    """HTML: every text escaped, column and row headers scoped for screen readers."""
    html = _TABLE.to_html()
    assert "<caption>Odds &lt;2d6&gt;</caption>" in html
    assert '<th scope="col">Total</th>' in html and '<th scope="row">7 | more</th><td>58.3%</td>' in html
    assert "<2d6>" not in html


@pytest.mark.parametrize("kwargs, message", [
    (dict(caption=1, headers=(), rows=()), "'caption' must be a string (got 1)"),
    (dict(caption="", headers=["a"], rows=()), "'headers' must be a tuple of strings (got ['a'])"),
    (dict(caption="", headers=("a",), rows=(("1", "2"),)),
     "'rows' must each have 1 cell, one per header (got 2 in row 0)"),
    (dict(caption="", headers=("a",), rows=((1,),)),
     "'rows' must be a tuple of tuples of strings or Figures (got ((1,),))"),
])
def test_table_refuses_malformed_cells(kwargs, message):
    """A table checks its shape when built, naming the argument at fault."""
    with pytest.raises(RulesError) as err:
        Table(**kwargs)
    assert str(err.value) == message
