"""Void Drifters at the table: a pool, a Critical Injury and a ship Critical Hit rolled from a random source.

The faces come from the engine's dice and the reading from the engine (issue 33): seeded rolls fit the engine's
exact distribution (chi-square, p > 0.001), and the roller shows what the engine reads from the same faces.
"""

import random
from collections import Counter

import pytest
from chi_square import LoadedRandom, goodness_of_fit
from hypothesis import given
from hypothesis import strategies as st

from voidref import calc
from voidref.calc.drifters import roll_reading
from voidref.drifters import Pool, critical_injury_odds, read_critical_injury, roll_critical_injury
from voidref.drifters.ships import roll_critical_hit
from voidref.errors import RulesError
from voidref.exact import Dist

ROLLS = 10_000
SEED = 33
POOL = Pool(mastery=2, ability=1, boon=1, trial=1, hazard=1, bane=1)
"""A pool with every kind of die, so Breakthroughs and Calamities are in the counts."""


def _pool_fit(rng: random.Random):
    counts = Counter(POOL.roll(rng=rng).outcome for _ in range(ROLLS))
    return goodness_of_fit(counts, POOL.distribution().probabilities())


def test_rolled_pools_fit_the_engine_distribution():
    """10,000 seeded rolls of a pool fit its exact joint distribution (Successes, Boons, Breakthroughs, Calamities)."""
    fit = _pool_fit(random.Random(SEED))
    assert fit.p > 0.001, fit


class _LoadedFaces(random.Random):
    """A seeded source whose custom dice land on their last face (two Boons, a Bane...) one time in 20 too often."""

    def choice(self, seq):
        return seq[-1] if self.random() < 0.05 else super().choice(seq)


def test_a_loaded_source_fails_the_pool_test():
    """The same test rejects dice that land on their last face too often (it can fail)."""
    assert _pool_fit(_LoadedFaces(SEED)).p < 0.001


@pytest.mark.parametrize("held", [0, 3])
def test_rolled_injuries_fit_the_band_odds(held):
    """10,000 Critical Injury rolls fall in the severity bands as critical_injury_odds says."""
    rng = random.Random(SEED + held)
    counts = Counter(roll_critical_injury(held, rng).severity for _ in range(ROLLS))
    assert goodness_of_fit(counts, critical_injury_odds(held).probabilities()).p > 0.001


def test_ship_critical_hit_rolls_are_a_fair_d100():
    """10,000 ship Critical Hit rolls fit a fair d100; a loaded source does not."""
    d100 = Dist.die(100).probabilities()
    rng = random.Random(SEED)
    fair = Counter(roll_critical_hit(rng) for _ in range(ROLLS))
    assert goodness_of_fit(fair, d100).p > 0.001
    loaded = LoadedRandom(SEED, bias=0.05)
    assert goodness_of_fit(Counter(roll_critical_hit(loaded) for _ in range(ROLLS)), d100).p < 0.001


@given(st.integers(0, 2**32 - 1), st.integers(0, 3), st.integers(0, 3), st.integers(0, 2), st.integers(0, 2))
def test_the_roller_shows_the_engine_reading_of_its_faces(seed, ability, mastery, trial, bane):
    """The roller's dice are Pool.roll's faces from the same seed, and its headline the engine's netted reading."""
    pool = Pool(ability=ability, mastery=mastery + 1, trial=trial, bane=bane)
    text = f"{pool.mastery}M {pool.ability}A vs {pool.trial}T {pool.bane}b" if trial or bane else \
        f"{pool.mastery}M {pool.ability}A vs no dice"
    shown = calc.registry.evaluate("drifters-roll", {"dice": text}, rng=random.Random(seed))[1]
    engine = pool.roll(rng=random.Random(seed))
    assert shown.headline == roll_reading(engine.outcome)
    assert [d.die for d in shown.dice] == [die.label for die, _ in engine.faces]


@given(st.integers(0, 2**32 - 1), st.integers(0, 10), st.integers(1, 4))
def test_the_injury_roller_reads_the_d100_as_the_engine_does(seed, held, order):
    """The Critical Injury roller's band is the engine's reading of the same d100 with the same bonus."""
    shown = calc.registry.evaluate("drifters-critical-injury-roll", {"held": str(held), "order": str(order)},
                                   rng=random.Random(seed))[1]
    d100 = random.Random(seed).randint(1, 100)
    engine = read_critical_injury(d100, held, order - 1)
    assert shown.headline == f"{engine.severity.value.title()}: {d100} + {engine.bonus} = {engine.total}"


@pytest.mark.parametrize("roll", [lambda rng: POOL.roll(rng=rng), lambda rng: roll_critical_injury(0, rng),
                                  roll_critical_hit])
def test_a_random_source_that_is_not_one_is_refused_by_name(roll):
    """Anything but a random.Random is refused, naming the argument (random.SystemRandom is one)."""
    with pytest.raises(RulesError, match="'rng'"):
        roll(object())
    roll(random.SystemRandom())
