"""The one chart renderer (voidref.charts): exact grouping of long distributions, values printed, no overflow."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.charts import MAX_BARS, WIDTH, BarChart, grouped, svg
from voidref.errors import RulesError
from voidref.present import percent

NS = "{http://www.w3.org/2000/svg}"

weights = st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=120).filter(any)


def _chart(values, ws, emphasis=None) -> BarChart:
    total = sum(ws)
    return BarChart("T", "Value", tuple((str(v), Fraction(w, total)) for v, w in zip(values, ws)), emphasis)


@given(weights, st.integers(min_value=-20, max_value=20), st.integers(min_value=1, max_value=3))
def test_grouping_keeps_every_chance_exactly(ws, low, step):
    """Grouped bars are at most 24 and sum exactly to the same total; each whole number falls in one range."""
    values = [low + step * i for i in range(len(ws))]
    chart = _chart(values, ws)
    g = grouped(chart)
    assert len(g.bars) <= MAX_BARS - 1
    assert sum(p for _, p in g.bars) == sum(p for _, p in chart.bars) == 1
    if len(chart.bars) <= MAX_BARS - 1:
        assert g == chart


@given(weights)
def test_grouped_strong_when_any_member_is(ws):
    """A range is drawn strong exactly when one of its values is."""
    values = list(range(len(ws)))
    flags = tuple(v % 7 == 0 for v in values)
    g = grouped(_chart(values, ws, flags))
    assert g.emphasis is not None and len(g.emphasis) == len(g.bars)
    assert any(g.emphasis)


def test_ship_gunnery_sized_distribution_is_drawn_in_ranges():
    """72 values (as ship gunnery gives) become 24 ranges of 3."""
    g = grouped(_chart(range(72), [1] * 72))
    assert len(g.bars) == 24 and g.bars[0] == ("0–2", Fraction(1, 24)) and g.title.endswith("(in ranges of 3)")


def test_signed_labels_group_with_words():
    """Net results with signs keep them; a range across zero reads 'to', not a dash that looks like a minus."""
    values = list(range(-30, 31))
    chart = BarChart("T", "Net", tuple((f"{v:+d}" if v else "0", Fraction(1, 61)) for v in values))
    labels = [label for label, _ in grouped(chart).bars]
    assert labels[0] == "-30 to -28" and "0" in " ".join(labels) and all("+" in x or "-" in x or x.startswith("0")
                                                                           for x in labels)


def test_every_bar_prints_its_chance_and_the_desc_lists_them():
    """Each bar's chance is printed beside it (no hover needed) and listed in the image's description."""
    chart = BarChart("Severity", "Band", (("Minor", Fraction(3, 10)), ("Mortal", Fraction(0)),
                                         ("Moderate", Fraction(7, 10))))
    root = ET.fromstring(svg(chart))
    values = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "vc-value"]
    assert values == ["30.0%", "0%", "70.0%"]
    assert root.get("role") == "img" and root.findtext(f"{NS}title") == "Severity"
    assert root.findtext(f"{NS}desc") == "Band, chance of each: Minor: 30.0%; Mortal: 0%; Moderate: 70.0%"


@pytest.mark.parametrize("label", ["0", "Moderate", "A very long category name indeed"])
def test_text_stays_inside_the_picture_by_estimate(label):
    """Labels end right of x=0 and values start left of the right edge, by the renderer's own generous widths."""
    out = svg(BarChart("T", "V", ((label, Fraction(1)), ("x", Fraction(0)))))
    for x in re.findall(r'class="vc-label" x="([\d.]+)"', out):
        assert float(x) > 0
    for x, text in re.findall(r'class="vc-value" x="([\d.]+)"[^>]*>([^<]*)<', out):
        assert float(x) + len(text) * 0.8 * 13 <= WIDTH + 0.01
    assert "…" in out or len(label) <= 14


def test_bars_must_be_chances():
    """A bar's value must be a probability."""
    with pytest.raises(RulesError, match="'bars' must be"):
        BarChart("T", "V", (("a", Fraction(3, 2)),))
    with pytest.raises(RulesError, match="'emphasis' must have one flag per bar"):
        BarChart("T", "V", (("a", Fraction(1)),), (True, False))


def test_percent_rule_is_the_one_rule():
    """Values on bars are voidref.present.percent, so a chart and a table never disagree."""
    p = Fraction(1, 3)
    assert percent(p) in svg(BarChart("T", "V", (("a", p), ("b", 1 - p))))
