"""Void Pirates at the table: the Action Roll and a hit's damage rolled from a random source, read by the engine."""

import random
from collections import Counter
from dataclasses import replace

import pytest
from chi_square import LoadedRandom, dice_source, goodness_of_fit
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.pirates import (
    AS_PRINTED,
    STANDARD,
    ActionRoll,
    DamageRoll,
    DamageType,
    hit_damage,
    hit_distribution,
    roll_hit_damage,
)

ROLLS = 10_000
"""Rolls behind each chi-square test."""

SEED = 33
"""The seed of every chi-square test (issue 33)."""

ROLL = ActionRoll(attribute_modifier=2, skill_rank_modifier=1, inspiration_srm=2)
"""An Action Roll with a second skill, so a natural 18 can be Inspired as well as Critical."""

HIT = ("2d6+1", 4, DamageType.ENERGY)
"""A weapon's dice, the target's AV and the damage type of the damage tests."""

rulings = st.sampled_from([STANDARD, AS_PRINTED])


def _action_fit(rng: random.Random):
    """The chi-square fit of ROLLS Action Rolls (the reading without the faces) to ``ActionRoll.against``."""
    counts = Counter(replace(ROLL.roll(14, rng, attack=True), dice=()) for _ in range(ROLLS))
    return goodness_of_fit(counts, ROLL.against(14, attack=True))


def _damage_fit(rng: random.Random):
    """The chi-square fit of ROLLS critical hits' HP lost to ``hit_distribution``."""
    counts = Counter(roll_hit_damage(*HIT, rng, critical=True).hp_lost for _ in range(ROLLS))
    return goodness_of_fit(counts, hit_distribution(*HIT, critical=True))


def test_action_rolls_fit_the_exact_odds():
    """3d6 from a seeded source: the readings of 10,000 rolls fit ``ActionRoll.against`` (p > 0.001)."""
    fit = _action_fit(random.Random(SEED))
    assert fit.p > 0.001, fit


def test_action_roll_fit_catches_a_loaded_die():
    """The same test rejects dice that favour their 6 (so it can fail)."""
    fit = _action_fit(LoadedRandom(SEED))
    assert fit.p < 0.001, fit


def test_hit_damage_rolls_fit_the_exact_odds():
    """Damage dice and the critical d4 from a seeded source: 10,000 hits fit ``hit_distribution`` (p > 0.001)."""
    fit = _damage_fit(random.Random(SEED))
    assert fit.p > 0.001, fit


def test_hit_damage_fit_catches_a_loaded_die():
    """The same test rejects dice that favour their top face (so it can fail)."""
    fit = _damage_fit(LoadedRandom(SEED))
    assert fit.p < 0.001, fit


@given(attribute=st.integers(-3, 6), skill=st.integers(0, 5), second=st.none() | st.integers(0, 5),
       target=st.integers(1, 30), attack=st.booleans(), rulings=rulings, data=st.data())
def test_a_rolled_action_reads_as_resolve_reads_its_faces(attribute, skill, second, target, attack, rulings, data):
    """A roll keeps three d6 faces, and its reading is ``resolve`` of their sum, the faces added."""
    roll = ActionRoll(attribute_modifier=attribute, skill_rank_modifier=skill, inspiration_srm=second)
    rolled = roll.roll(target, dice_source(data), attack=attack, rulings=rulings)
    assert len(rolled.dice) == 3 and all(1 <= face <= 6 for face in rolled.dice)
    expected = roll.resolve(sum(rolled.dice), target, attack=attack, rulings=rulings)
    assert rolled == replace(expected, dice=rolled.dice)


def test_a_rolled_natural_18_on_an_attack_is_a_critical_hit():
    """Three 6s rolled on an attack hit as a Critical Hit against any TN, as ``resolve`` reads a natural 18."""
    rolled = ActionRoll().roll(40, LoadedRandom(0, bias=1.0), attack=True)
    assert (rolled.dice, rolled.outcome.value, rolled.critical) == ((6, 6, 6), "full", True)


@given(count=st.integers(1, 4), sides=st.sampled_from([4, 6, 8, 10]), bonus=st.integers(-6, 6),
       multiplier=st.integers(1, 3), armor=st.integers(0, 14), damage_type=st.sampled_from(list(DamageType)),
       critical=st.booleans(), partial=st.booleans(), rulings=rulings, data=st.data())
def test_rolled_damage_reads_as_hit_damage_reads_its_faces(count, sides, bonus, multiplier, armor, damage_type,
                                                           critical, partial, rulings, data):
    """A hit keeps every face; its raw damage is the faces plus the bonus, times the multiplier (at least 0), plus
    the d4 of a Critical Hit; its HP lost is ``hit_damage`` of that."""
    dice = DamageRoll(count, sides=sides, bonus=bonus, multiplier=multiplier)
    rolled = roll_hit_damage(dice, armor, damage_type, dice_source(data), critical=critical, partial=partial,
                             rulings=rulings)
    assert len(rolled.faces) == count and all(1 <= face <= sides for face in rolled.faces)
    assert (rolled.critical_die is not None) == critical
    assert rolled.critical_die is None or 1 <= rolled.critical_die <= 4
    assert rolled.rolled == max(0, (sum(rolled.faces) + bonus) * multiplier) + (rolled.critical_die or 0)
    assert rolled.hp_lost == hit_damage(rolled.rolled, armor, damage_type, partial, rulings=rulings)


BAD_SOURCES = [None, 7, "seed", random, random.Random]
"""Not a source of dice: nothing, a seed, text, the random module, the class instead of a value."""


@pytest.mark.parametrize("rng", BAD_SOURCES, ids=repr)
def test_an_action_roll_refuses_a_bad_source_by_name(rng):
    """A roll needs a random.Random; anything else is refused naming ``rng``."""
    with pytest.raises(RulesError, match="'rng'") as caught:
        ROLL.roll(12, rng)
    assert caught.value.argument == "rng"


@pytest.mark.parametrize("rng", BAD_SOURCES, ids=repr)
def test_a_damage_roll_refuses_a_bad_source_by_name(rng):
    """Damage needs a random.Random; anything else is refused naming ``rng``."""
    with pytest.raises(RulesError, match="'rng'") as caught:
        roll_hit_damage(*HIT, rng)
    assert caught.value.argument == "rng"


def test_the_operating_systems_source_is_accepted():
    """random.SystemRandom, the site's source, is a random.Random and rolls."""
    assert len(ROLL.roll(12, random.SystemRandom()).dice) == 3


def test_faces_that_do_not_add_up_to_the_natural_are_refused():
    """A roll's faces are its natural: three faces summing to anything else are refused naming ``dice``."""
    rolled = ROLL.roll(12, random.Random(1))
    with pytest.raises(RulesError, match="'dice'"):
        replace(rolled, natural=rolled.natural + 1)
