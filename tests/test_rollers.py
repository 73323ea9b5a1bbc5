"""The rollers (issue 33): the site's dice rolled through each game's engine, read by the engine, shown as data."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref import calc
from voidref.calc.registry import evaluate, rollers
from voidref.cantor import Attack, Situation, Target, Weapon
from voidref.errors import RulesError
from voidref.pirates import ActionRoll
from voidref.twodice import FightingRoll, opposed
from voidref.upper_hand import roll_throw

ROLLERS = [r.slug for r in rollers()]
seeds = st.integers(0, 2**32 - 1)


def test_every_game_has_a_roller():
    """Each of the five games rolls at the table, and no roller is listed among the calculators."""
    assert {r.system for r in rollers()} == {"drifters", "pirates", "cantor", "twodice", "upper_hand"}
    assert not set(ROLLERS) & {c.slug for c in calc.calculators()}


@pytest.mark.parametrize("slug", ROLLERS)
def test_a_seeded_roll_shows_its_dice_and_repeats(slug):
    """From a seed a roller answers, shows every die it rolled, and the same seed gives the same roll."""
    first = calc.run(slug, rng=random.Random(5))
    assert first["ok"] and "vc-dice" in first["html"] and first["text"]
    assert calc.run(slug, rng=random.Random(5)) == first


@pytest.mark.parametrize("slug", ROLLERS)
def test_the_worker_entry_rolls_with_the_system_source(slug):
    """run_json (the site's worker) rolls from the operating system's source: two rolls answer, as JSON."""
    out = [json.loads(calc.run_json(slug, "{}")) for _ in range(2)]
    assert all(o["ok"] and o["html"] for o in out)


@pytest.mark.parametrize("slug", ROLLERS)
def test_a_nudge_names_a_whole_number_field_of_its_roller(slug):
    """Each "roll again with one more" adds its step to a whole-number field the roller has."""
    r = calc.get(slug)
    for label, name, step in r.nudges:
        assert label and step in (1, -1) and r.field(name).kind == "int"


def test_a_roller_refuses_a_source_that_is_not_one():
    """A roller's random source must be a random.Random, refused by name otherwise."""
    with pytest.raises(RulesError, match="'rng'"):
        calc.run("pirates-roll", rng=object())


def test_bad_input_to_a_roller_is_named_like_a_calculator():
    """A roller's fields refuse bad text as every calculator's do, by their label."""
    out = calc.run("drifters-roll", {"dice": "2A vs 2T 1B"})
    assert not out["ok"] and out["errors"]["dice"].startswith("'Or list the dice' must list only Trial")


@given(seeds, st.integers(3, 30), st.integers(-5, 5), st.booleans())
def test_the_pirates_roller_reads_as_the_engine(seed, tn, modifier, attack):
    """The Action Roll roller shows ActionRoll.roll's dice and outcome for the same seed."""
    shown = evaluate("pirates-roll", {"target_number": str(tn), "additional": str(modifier),
                                      "attack": "1" if attack else "0"}, rng=random.Random(seed))[1]
    engine = ActionRoll(additional=modifier).roll(tn, random.Random(seed), attack=attack)
    assert [int(d.face) for d in shown.dice] == list(engine.dice)
    assert str(shown.headline).startswith({"full": "Full", "partial": "Partial", "failure": "Failure"}[
        engine.outcome.value])


@given(seeds)
def test_the_cantor_roller_reads_as_the_engine(seed):
    """The Cantor roller's dice and its hit or miss are Attack.roll's for the same seed."""
    shown = evaluate("cantor-roll", {"extra_accuracy": "2"}, rng=random.Random(seed))[1]
    engine = Attack(Weapon("Weapon", damage="2d6", max_range=8), Target(evasion=8, armor=1),
                    Situation(distance=4, grit=2, extra_accuracy=2)).roll(random.Random(seed))
    assert [int(d.face) for d in shown.dice] == [*engine.attack_dice, *engine.damage_dice]
    assert str(shown.headline).startswith("Hit" if engine.hit else "Miss")


@given(seeds)
def test_the_twodice_roller_reads_as_the_engine(seed):
    """The 2D roller's dice are FightingRoll.roll's, and who is hit is opposed() of their totals."""
    shown = evaluate("twodice-roll", {}, rng=random.Random(seed))[1]
    rng = random.Random(seed)
    a, d = FightingRoll(3, 1).roll(rng), FightingRoll(3, 0).roll(rng)
    assert [int(x.face) for x in shown.dice] == [*a.dice, *d.dice]
    words = {"defender hit": "The attack hits", "attacker hit": "The counterattack hits", "both hit": "Both",
             "no hit": "Nobody"}
    assert str(shown.headline).startswith(words[opposed("counterattack", a.total, d.total).value])


@given(seeds, st.integers(0, 10), st.sampled_from(["plain", "disadvantaged", "advantaged"]))
def test_the_upper_hand_roller_reads_as_the_engine(seed, bonus, throw):
    """The Task Throw roller's dice and Impact are roll_throw's for the same seed."""
    shown = evaluate("upper-hand-throw", {"bonus": str(bonus), "throw": throw}, rng=random.Random(seed))[1]
    engine = roll_throw(bonus, random.Random(seed), disadvantaged=throw == "disadvantaged",
                        advantaged=throw == "advantaged")
    assert [int(x.face) for x in shown.dice] == list(engine.dice)
    assert str(shown.headline).startswith(f"Impact {engine.impact}" if engine.impact else "Failure")
