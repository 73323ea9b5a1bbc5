"""Upper Hand at the table: the Task Throw rolled from a random source and read by the engine's Task Throw."""

import random
from collections import Counter

import pytest
from chi_square import LoadedRandom, dice_source, goodness_of_fit
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import STANDARD, Rulings, limit_impact, roll_throw, throw_odds

ROLLS = 10_000
"""Throws behind each chi-square test."""

SEED = 33
"""The seed of every chi-square test (issue 33)."""

THROWS = {
    "plain": {"bonus": 2, "rank": 10, "disadvantaged": False},
    "disadvantaged, rank 3": {"bonus": 3, "rank": 3, "disadvantaged": True},
    "advantaged": {"bonus": 0, "rank": 10, "advantaged": True},
}
"""The throws of the chi-square tests: one whose Impact runs free, one disadvantaged and held to its rank, one
advantaged."""


def _fit(name: str, rng: random.Random):
    """The chi-square fit of ROLLS throws' counted Impact to ``throw_odds``."""
    setup = THROWS[name]
    counts = Counter(roll_throw(rng=rng, **setup).counted for _ in range(ROLLS))
    return goodness_of_fit(counts, throw_odds(**setup))


@pytest.mark.parametrize("name", THROWS)
def test_task_throws_fit_the_exact_odds(name):
    """The dice from a seeded source: the Impact of 10,000 throws fits ``throw_odds`` (p > 0.001)."""
    fit = _fit(name, random.Random(SEED))
    assert fit.p > 0.001, fit


@pytest.mark.parametrize("name", THROWS)
def test_task_throw_fit_catches_a_loaded_die(name):
    """The same test rejects dice that favour their 6 (so it can fail)."""
    fit = _fit(name, LoadedRandom(SEED))
    assert fit.p < 0.001, fit


task_throws = st.builds(Rulings, throw_dice=st.integers(1, 4), throw_sides=st.integers(2, 20),
                        throw_succeeds_at=st.integers(2, 20), disadvantage_extra_dice=st.integers(0, 3),
                        bare_success_impact=st.integers(0, 1))


@given(bonus=st.integers(0, 10), rank=st.integers(0, 10), disadvantaged=st.booleans(),
       rulings=st.just(STANDARD) | task_throws, data=st.data())
def test_a_rolled_throw_reads_as_the_task_throw_reads_its_dice(bonus, rank, disadvantaged, rulings, data):
    """A throw keeps every die; its Impact is ``TaskThrow.impact_of`` of them, the kept dice are all but the highest
    extra ones, the total is theirs plus the bonus, and the Impact that counts is held to the rank."""
    throw = rulings.task_throw
    rolled = roll_throw(bonus, dice_source(data), rank=rank, disadvantaged=disadvantaged, rulings=rulings)
    extra = throw.extra_dice_when_disadvantaged if disadvantaged else 0
    assert len(rolled.dice) == throw.dice + extra and all(1 <= face <= throw.sides for face in rolled.dice)
    assert rolled.impact == throw.impact_of(rolled.dice, bonus=bonus, disadvantaged=disadvantaged)
    assert sorted(rolled.kept) == sorted(rolled.dice)[:throw.dice]
    assert rolled.total == sum(rolled.kept) + bonus
    assert rolled.impact == throw.impact_of_total(rolled.total)
    assert rolled.counted == limit_impact(rolled.impact, rank)


def test_a_disadvantaged_throw_drops_its_highest_die():
    """Disadvantage rolls one extra die and drops the highest: three dice thrown, the two lowest kept."""
    rolled = roll_throw(0, random.Random(0), disadvantaged=True)
    assert (rolled.dice, rolled.kept) == ((4, 4, 1), (4, 1))


BAD_SOURCES = [None, 7, "seed", random, random.Random]
"""Not a source of dice: nothing, a seed, text, the random module, the class instead of a value."""


@pytest.mark.parametrize("rng", BAD_SOURCES, ids=repr)
def test_a_throw_refuses_a_bad_source_by_name(rng):
    """A throw needs a random.Random; anything else is refused naming ``rng``."""
    with pytest.raises(RulesError, match="'rng'") as caught:
        roll_throw(1, rng)
    assert caught.value.argument == "rng"


def test_the_operating_systems_source_is_accepted():
    """random.SystemRandom, the site's source, is a random.Random and throws."""
    assert len(roll_throw(1, random.SystemRandom()).dice) == 2


@given(bonus=st.integers(0, 10), data=st.data())
def test_an_advantaged_throw_drops_its_lowest_die(bonus, data):
    """An advantaged throw rolls one more die and keeps all but the lowest; its Impact is the Task Throw's reading."""
    rolled = roll_throw(bonus, dice_source(data), advantaged=True)
    assert len(rolled.dice) == 3 and sorted(rolled.kept) == sorted(rolled.dice)[1:]
    assert rolled.impact == STANDARD.task_throw.impact_of(rolled.dice, bonus=bonus, advantaged=True)
