"""The chi-square helper of the roller tests (tests/chi_square.py) against known values."""

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from chi_square import LoadedRandom, goodness_of_fit, upper_tail

from voidref.exact import Dist


@pytest.mark.parametrize("statistic, df, p", [
    (3.841458820694124, 1, 0.05),     # the 5 % critical values printed in every table
    (6.634896601021214, 1, 0.01),
    (11.070497693516351, 5, 0.05),
    (18.307038053275146, 10, 0.05),
    (124.34211340400407, 100, 0.05),
    (29.58829844507442, 10, 0.001),
])
def test_upper_tail_matches_the_printed_critical_values(statistic, df, p):
    """Q(df/2, x/2) at a table's critical value is the table's significance level."""
    assert upper_tail(statistic, df) == pytest.approx(p, rel=1e-9)


@pytest.mark.parametrize("statistic", [0.1, 1.0, 2.0, 7.5, 40.0])
def test_upper_tail_with_two_degrees_of_freedom_is_an_exponential(statistic):
    """With 2 degrees of freedom the tail has the closed form exp(-x/2), on both sides of the series/fraction switch."""
    assert upper_tail(statistic, 2) == pytest.approx(math.exp(-statistic / 2), rel=1e-12)


@pytest.mark.parametrize("statistic", [0.001, 0.5, 3.0, 12.0])
def test_upper_tail_with_one_degree_of_freedom_is_the_normal_tail(statistic):
    """With 1 degree of freedom the tail is that of a squared standard normal, erfc(sqrt(x/2))."""
    assert upper_tail(statistic, 1) == pytest.approx(math.erfc(math.sqrt(statistic / 2)), rel=1e-12)


def test_upper_tail_of_nothing_is_one():
    """A statistic of 0 is as small as it gets: p = 1."""
    assert upper_tail(0.0, 4) == 1.0


def test_fit_merges_bins_expected_fewer_than_five_times():
    """Outcomes expected under 5 times are pooled, the least likely first, so every bin is expected 5 or more times."""
    expected = {"a": Fraction(1, 1000), "b": Fraction(2, 1000), "c": Fraction(3, 1000), "d": Fraction(994, 1000)}
    fit = goodness_of_fit({"a": 1, "b": 2, "c": 3, "d": 994}, expected)
    assert (fit.bins, fit.df) == (2, 1)  # a+b+c pooled (6 expected), d alone
    assert fit.statistic == pytest.approx(0.0)


def test_fit_fails_on_an_outcome_the_odds_rule_out():
    """Rolling something the exact odds give no chance is a failure, whatever the other counts."""
    assert goodness_of_fit({1: 500, 7: 1}, Dist.die(6)).p == 0.0


def test_fit_accepts_a_fair_die_and_rejects_a_loaded_one():
    """Ten thousand seeded d6 fit the die's odds; the same seed through a loaded die does not."""
    fair, loaded = random.Random(11), LoadedRandom(11)
    assert goodness_of_fit(Counter(fair.randint(1, 6) for _ in range(10_000)), Dist.die(6)).p > 0.001
    assert goodness_of_fit(Counter(loaded.randint(1, 6) for _ in range(10_000)), Dist.die(6)).p < 0.001


def test_a_pattern_loads_only_the_draws_it_names():
    """LoadedRandom's pattern cycles over the draws: with certain loading, only the named draws show the top face."""
    rng = LoadedRandom(3, bias=1.0, pattern=(False, True))
    draws = [rng.randint(1, 6) for _ in range(200)]
    assert set(draws[1::2]) == {6}
    assert len(set(draws[::2])) > 1
