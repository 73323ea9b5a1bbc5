"""Charts and setup comparison in real Chromium, at phone and desktop widths (issue 16, points 5 and 6).

Every chart of the built site, and every calculator's chart at its defaults
and after a change, is measured in the browser: no two text labels overlap,
no label leaves its picture, and no chart draws more than 25 bars. Then a
player on a phone pins a setup as A, adds Boon dice and reads the exact
difference, and a reload of the shared link restores the comparison.
"""

from __future__ import annotations

import json
import os
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_helpers import CALC_PAGE, SLUGS, Watch, apply, changed_inputs, phone_context

from voidref import calc
from voidref.charts import MAX_BARS

pytestmark = pytest.mark.browser

WIDTHS = (375, 1280)

MEASURE = """svgs => svgs.map(svg => {
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll("text")].map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width},
          texts, bars: svg.querySelectorAll("rect").length,
          name: (svg.querySelector("title") || {}).textContent || ""};
})"""


def _overlap(a, b, eps=0.5) -> bool:
    return (a["left"] < b["right"] - eps and b["left"] < a["right"] - eps
            and a["top"] < b["bottom"] - eps and b["top"] < a["bottom"] - eps)


def check_charts(locator, where: str) -> int:
    """Measure every shown chart under *locator*; return how many were checked."""
    charts = locator.locator("svg.voidref-chart").evaluate_all(MEASURE)
    checked = 0
    for chart in charts:
        box = chart["box"]
        if box["width"] == 0:  # not shown (a closed disclosure)
            continue
        checked += 1
        label = f"{where}: chart {chart['name']!r}"
        assert chart["bars"] <= MAX_BARS, f"{label} draws {chart['bars']} bars"
        texts = chart["texts"]
        for t in texts:
            assert (t["left"] >= box["left"] - 0.5 and t["right"] <= box["right"] + 0.5
                    and t["top"] >= box["top"] - 0.5 and t["bottom"] <= box["bottom"] + 0.5), \
                f"{label}: label {t['text']!r} leaves the chart ({t} outside {box})"
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert not _overlap(a, b), f"{label}: labels {a['text']!r} and {b['text']!r} overlap"
    return checked


def _chart_pages(root: str) -> list[str]:
    pages = []
    for folder, _, files in os.walk(root):
        if "_static" in folder or "_modules" in folder:
            continue
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".html"):
                with open(path, encoding="utf-8") as fh:
                    if 'class="voidref-chart' in fh.read():
                        pages.append(os.path.relpath(path, root).replace(os.sep, "/"))
    return sorted(pages)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_chart_of_the_site_has_no_overlapping_or_clipped_labels(context, site, width):
    """Every page with a chart, at 375 and 1280 px: labels apart and inside, at most 25 bars."""
    pages = _chart_pages(site.root)
    assert CALC_PAGE in pages and "drifters/critical-injuries.html" in pages, pages
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    total = 0
    for path in pages:
        page.goto(site.url + path)
        total += check_charts(page.locator("body"), f"{path} at {width} px")
    assert total >= 2 * len(pages), f"only {total} charts measured on {len(pages)} pages"


@pytest.mark.parametrize("width", WIDTHS)
def test_calculator_charts_after_a_change_keep_labels_apart(context, site, width):
    """Each calculator with a chart, after one input changes (live, from Python), at 375 and 1280 px."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site.url + CALC_PAGE)
    checked = 0
    for slug in SLUGS:
        root = page.locator(f"section.voidref-calc[data-key='{slug}']")
        if not root.locator("svg.voidref-chart").count():
            continue
        name, value = next(iter(changed_inputs(slug).items()))
        apply(root, slug, {name: value})
        assert root.locator(".vc-text").text_content() == calc.run(slug, {name: value})["text"]
        checked += check_charts(root, f"{slug} after {name}={value} at {width} px")
    assert checked >= 10, checked


def _compare_cells(root) -> dict[str, list[str]]:
    rows = root.locator(".vc-compare tbody tr")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[row.locator("th").inner_text()] = [row.locator("td").nth(k).text_content() for k in range(3)]
    return out


def test_on_a_phone_pin_a_then_add_boons_shows_the_exact_difference_and_the_link_restores_it(browser, site):
    """At 375 px with touch: pin A, add 2 Boon dice with "+", read A, B and B − A; reload the URL: same comparison."""
    ctx = phone_context(browser)
    watch = Watch(ctx, site.url)
    try:
        page = ctx.new_page()
        page.goto(site.url + CALC_PAGE + "#calc-check-odds")
        root = page.locator("section.voidref-calc[data-key='check-odds']")
        pin = root.locator(".vc-pin")
        pin.scroll_into_view_if_needed()
        pin.tap()
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        assert root.locator(".vc-unpin").is_visible()
        plus = root.locator(".vc-field", has=page.locator("[name='boon_dice']")).locator(".vc-step[data-step='1']")
        boons = root.locator("[name='boon_dice']")
        for expected in ("1", "2"):
            plus.tap()
            assert boons.input_value() == expected
        want = calc.compare("check-odds", {}, {"boon_dice": "2"})
        root.locator(".vc-compare:not([hidden])").wait_for()
        page.wait_for_function(
            "n => document.querySelector(\"section[data-key='check-odds'] .vc-compare\").textContent.includes(n)",
            arg=want["rows"][1]["b"])
        root.locator("xpath=self::*[@data-state='live']").wait_for()
        cells = _compare_cells(root)
        result = next(r for r in want["rows"] if r["label"] == "Result")
        assert cells["Result"] == [result["a"], result["b"], result["difference"]]
        assert cells["Boon Dice"][:2] == ["0", "2"]
        assert result["difference"].startswith("+") and result["difference"].endswith(" points")
        assert root.locator(".vc-pinned").inner_text() == want["compare_headline"]
        # On a phone each row stacks: the label above A, B and the difference, all within the screen.
        box = root.locator(".vc-compare").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        query = parse_qs(urlsplit(page.url).query)
        assert json.loads(query["check-odds.A"][0]) == {} and query["check-odds.boon_dice"] == ["2"]

        again = ctx.new_page()
        again.goto(page.url)
        root2 = again.locator("section.voidref-calc[data-key='check-odds']")
        root2.locator(".vc-compare:not([hidden])").wait_for()
        root2.locator("xpath=self::*[@data-state='live']").wait_for()
        assert _compare_cells(root2) == cells
        root2.locator(".vc-unpin").tap()
        root2.locator(".vc-compare[hidden]").wait_for(state="attached")
        assert "check-odds.A" not in parse_qs(urlsplit(again.url).query)
        watch.check()
    finally:
        ctx.close()
