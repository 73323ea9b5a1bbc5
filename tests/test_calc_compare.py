"""Comparing two setups of a calculator (issue 16, point 5): exact differences, errors naming their side."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from voidref import calc
from voidref.calc.compare import compare, has_odds, points
from voidref.calc.registry import evaluate
from voidref.drifters.dice import Difficulty, Pool


def _pool(characteristic: int, skill: int, boons: int) -> Pool:
    return Pool.for_check(characteristic, skill, Difficulty.AVERAGE).add("boon", boons)


def _row(out, label):
    return next(r for r in out["rows"] if r["label"] == label)


def test_boon_dice_difference_is_exact():
    """Adding 2 Boon dice: the success difference is the engine's exact B − A, not a difference of rounded text."""
    out = compare("check-odds", {"difficulty": "average"}, {"difficulty": "average", "boon_dice": "2"})
    assert out["ok"]
    a, b = _pool(3, 1, 0).chance_of_success(), _pool(3, 1, 2).chance_of_success()
    headline = _row(out, "Result")
    assert headline["exact"] == [str(b - a)]
    assert headline["difference"] == points(b - a)
    assert out["compare_headline"] == f"Chance of success: {calc.pct(b)} ({points(b - a)} against A)"
    fact = _row(out, "Chance of success (at least 1 net Success)")
    assert fact["exact"] == [str(b - a)]


def test_boon_fact_difference_uses_the_kept_fraction():
    """A fact printed with pct keeps its Fraction: the net-Boon difference matches the engine exactly."""
    out = compare("check-odds", {}, {"boon_dice": "1"})
    a = calc.get("check-odds")
    pa = _pool(int(a.field("characteristic").default), int(a.field("skill").default), 0)
    pb = pa.add("boon", 1)
    expected = pb.net_boons().prob(lambda x: x >= 1) - pa.net_boons().prob(lambda x: x >= 1)
    assert _row(out, "Chance of at least 1 net Boon")["exact"] == [str(expected)]


def test_inputs_that_differ_are_listed_first():
    """The rows open with the inputs that differ between A and B, by their labels."""
    out = compare("check-odds", {"boon_dice": "0"}, {"boon_dice": "3"})
    assert out["rows"][0] == {"label": "Boon Dice", "a": "0", "b": "3", "difference": "", "exact": None}


def test_same_setup_has_no_change():
    """A setup compared with itself changes no chance."""
    out = compare("pirates-action-roll", {}, {})
    chances = [r for r in out["rows"] if r["exact"] is not None]
    assert chances and all(set(r["exact"]) == {"0"} for r in chances)
    assert all(set(r["difference"].split(", ")) == {"no change"} for r in chances)


def test_headline_with_several_chances_differs_per_chance():
    """A headline holding three chances gives three exact differences, which sum to zero (they partition)."""
    out = compare("pirates-action-roll", {"target_number": "12"}, {"target_number": "13"})
    diffs = [Fraction(d) for d in _row(out, "Result")["exact"]]
    assert len(diffs) == 3 and sum(diffs) == 0


def test_bad_input_in_a_names_side_and_field():
    """A bad value in setup A is an error under 'A.<field>' saying 'setup A' and the field."""
    out = compare("check-odds", {"skill": "9"}, {})
    assert not out["ok"]
    assert out["errors"] == {"A.skill": "In setup A (pinned): 'Skill' must be a whole number from 0 to 5 (got '9')"}
    assert "setup A" in out["error"]


def test_bad_input_in_b_names_side_and_field():
    """A bad value in setup B is an error under the field's own name (the form holds B), saying 'setup B'."""
    out = compare("check-odds", {}, {"bane_dice": "-1"})
    assert not out["ok"] and list(out["errors"]) == ["bane_dice"]
    assert out["errors"]["bane_dice"].startswith("In setup B: 'Bane Dice'")


def test_points_rounds_exactly_and_never_shows_a_false_zero():
    """Differences print in points with one decimal; a tiny non-zero change is '<0.1', never '0.0'."""
    assert points(Fraction(1, 2000)) == "+<0.1 points"
    assert points(Fraction(-1, 2000)) == "\u2212<0.1 points"
    assert points(Fraction(125, 10000)) == "+1.2 points"  # 1.25 ties to even


def test_run_json_with_a_compares():
    """The worker's entry point answers a comparison when the inputs carry the pinned setup as 'A'."""
    out = json.loads(calc.run_json("check-odds", json.dumps({"boon_dice": "1", "A": {}})))
    assert out["ok"] and out["compare_html"].startswith('<div class="vc-compare-wrap">')
    assert out["inputs"]["boon_dice"] == "1" and out["inputs_a"]["boon_dice"] == "0"


def test_an_answer_of_several_chances_is_compared_chance_by_chance():
    """2D fighting's headline names each outcome's chance: each moves exactly as its row of the table, and the
    moves sum to 0."""
    out = compare("twodice-exchange", {}, {"attack_skill": "3"})
    rows = [r for r in out["rows"] if r["exact"]]
    assert [r["label"] for r in rows] == ["Result"]
    moves = [Fraction(d) for d in rows[0]["exact"]]
    a, b = (evaluate("twodice-exchange", ins)[1].blocks[0] for ins in ({}, {"attack_skill": "3"}))
    assert moves == [rb[2].value - ra[2].value for ra, rb in zip(a.rows, b.rows)]
    assert len(moves) == 3 and sum(moves) == 0 and all(moves)


def test_impossible_mark_compares_as_zero():
    """A table's '–' (cannot happen) keeps its exact 0, so a chance that becomes impossible shows its full drop."""
    out = compare("twodice-armor", {}, {"dice": "3"})
    row = next(r for r in out["rows"] if r["label"] == "medium: No damage")
    assert row["b"] == "–" and Fraction(row["exact"][0]) < 0 and row["difference"] == f"\u2212{row['a'][:-1]} points"


def test_compare_html_escapes_player_text():
    """Typed text shown in the comparison is escaped."""
    out = compare("check-odds", {"dice": "2A vs 1T"}, {"dice": "<b>"})
    assert "<b>" not in out["compare_html"]


@pytest.mark.parametrize("slug", [c.slug for c in calc.calculators()])
def test_every_odds_calculator_compares_its_defaults(slug):
    """A calculator that answers with chances compares them (defaults against defaults: all 'no change', exactly 0
    unless the figures are only bounds); one that answers with none (turn order, movement) compares its facts side
    by side only."""
    out = compare(slug, {}, {})
    assert out["ok"], out["errors"]
    compared = [r for r in out["rows"] if r["exact"]]
    assert bool(compared) == has_odds(slug)
    assert {d for r in compared for d in r["exact"]} <= {"0", None}
    assert all(set(r["difference"].split(", ")) == {"no change"} for r in compared)


def test_two_chances_printed_alike_are_compared_by_their_numbers():
    """Two chances that both print '50.0%' keep their own exact values, so each difference is its own, in order."""
    from voidref.calc.compare import _differences
    from voidref.calc.results import line, pct

    a = line("hits {}, misses {}", pct(Fraction(1, 2)), pct(Fraction(1, 2)))
    b = line("hits {}, misses {}", pct(Fraction(5001, 10000)), pct(Fraction(4999, 10000)))
    assert [d.value for d in _differences(a, b)] == [Fraction(1, 10000), Fraction(-1, 10000)]


def test_bounded_chances_compare_only_when_the_bounds_settle_the_difference():
    """A chance known only within proven bounds compares to the digits the bounds allow, never as exact."""
    from voidref.calc.compare import _difference
    from voidref.calc.results import pct

    tiny = Fraction(1, 10**10)
    a = pct(Fraction(1, 4) - tiny, upper=Fraction(1, 4) + tiny)
    b = pct(Fraction(1, 2) - tiny, upper=Fraction(1, 2) + tiny)
    assert points(_difference(a, b).value) == "+25.0 points" and not _difference(a, b).exact
    on_a_step = pct(Fraction(1, 4) + Fraction(5, 10000) - tiny, upper=Fraction(1, 4) + Fraction(5, 10000) + tiny)
    assert _difference(a, on_a_step) is None  # +0.05 points, rounding either way: not settled


@pytest.mark.parametrize("pinned", [False, True], ids=["one setup", "A pinned"])
def test_the_worker_entry_computes_with_the_collector_paused(monkeypatch, pinned):
    """run_json (what the browser's worker calls) turns the cyclic collector off while it computes, then back on."""
    import gc
    import importlib

    compare_module = importlib.import_module("voidref.calc.compare")  # voidref.calc.compare is also a function
    seen = []
    real = compare_module.evaluate

    def spy(slug, raw):
        seen.append(gc.isenabled())
        return real(slug, raw)

    monkeypatch.setattr(compare_module, "evaluate", spy)
    monkeypatch.setattr(compare_module, "run", lambda slug, raw: spy(slug, raw)[0])
    inputs = {"boon_dice": "1", **({"A": {}} if pinned else {})}
    assert gc.isenabled()
    out = json.loads(calc.run_json("check-odds", json.dumps(inputs)))
    assert out["ok"]
    assert seen and not any(seen)
    assert gc.isenabled()


def test_the_worker_entry_leaves_a_collector_that_was_off_off():
    """A caller that had turned the collector off finds it off afterwards (and on again when it turns it on)."""
    import gc

    gc.disable()
    try:
        assert json.loads(calc.run_json("check-odds", "{}"))["ok"]
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_input_reads_as_a_person_says_it_in_the_comparison_and_the_listed_setup():
    """Field.shown: a choice by its label, a box as yes or no, lines run together, nothing as "(none)"."""
    movement, initiative, odds = calc.get("movement"), calc.get("initiative"), calc.get("check-odds")
    assert movement.field("gravity").shown("standard") == "Standard"
    assert movement.field("anchored").shown("1") == "yes"
    assert movement.field("anchored").shown("0") == "no"
    assert initiative.field("combatants").shown("Kes, player, 2\n\n  Orr, gm, 1 \n") == "Kes, player, 2; Orr, gm, 1"
    assert odds.field("dice").shown("") == "(none)"
    assert odds.field("characteristic").shown("3") == "3"
    rows = compare("check-odds", {"dice": ""}, {"dice": "2M vs 1T"})["rows"]
    assert (rows[0]["a"], rows[0]["b"]) == ("(none)", "2M vs 1T")
