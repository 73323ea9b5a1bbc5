"""Exact distributions (voidref.exact): invariants, and every combinator against brute-force enumeration."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.exact import Dist, percent, percent_cell
from voidref.present import percent as present_percent

# -- strategies ------------------------------------------------------------------

_weights = st.dictionaries(st.integers(-3, 6), st.integers(0, 5), min_size=1, max_size=5).filter(
    lambda w: sum(w.values()) > 0)
dists = _weights.map(Dist.from_weights)


def _table(d: Dist) -> list[tuple[int, Fraction]]:
    """The oracle's view of a distribution: plain (outcome, probability) pairs."""
    return [(o, d[o]) for o in d]


# -- invariants -------------------------------------------------------------------

@given(dists)
def test_probabilities_sum_to_one(d):
    """A Dist's probabilities always sum to exactly 1, and none is zero or negative."""
    probs = d.probabilities()
    assert sum(probs.values()) == 1
    assert all(p > 0 for p in probs.values())


@given(_weights, st.integers(1, 7))
def test_scaled_weights_give_the_same_dist_and_hash(weights, k):
    """Equality agrees with hash: weights scaled by k give an equal Dist with an equal hash."""
    a = Dist.from_weights(weights)
    b = Dist.from_weights({o: k * w for o, w in weights.items()})
    assert a == b
    assert hash(a) == hash(b)


@given(st.permutations([frozenset({1}), frozenset({2}), frozenset({1, 2}), frozenset()]))
def test_outcomes_that_do_not_sort_hash_the_same_in_any_order(order):
    """Equality agrees with hash even for outcomes with no total order (sets keep insertion order)."""
    a = Dist.uniform(order)
    b = Dist.uniform(sorted(order, key=repr))
    assert a == b
    assert hash(a) == hash(b)


@given(dists, dists)
def test_equal_means_same_probabilities(a, b):
    """Two Dists are equal exactly when every outcome has the same probability."""
    same = set(a) == set(b) and all(a[o] == b[o] for o in a)
    assert (a == b) is same
    if a == b:
        assert hash(a) == hash(b)


@given(dists)
def test_every_constructor_agrees(d):
    """The same probabilities reached through Dist(...), from_weights and from_counts are one Dist."""
    counts, total = d.counts()
    for other in (Dist(d.probabilities()), Dist.from_weights(d.probabilities()), Dist.from_counts(counts)):
        assert other == d and hash(other) == hash(d)


@given(dists)
def test_repr_rebuilds_the_dist(d):
    """The repr is code that rebuilds an equal Dist."""
    assert eval(repr(d), {"Dist": Dist, "Fraction": Fraction}) == d


@given(dists)
def test_counts_and_probabilities_agree(d):
    """counts() gives integer weights whose ratios are the probabilities."""
    counts, total = d.counts()
    assert {o: Fraction(c, total) for o, c in counts.items()} == d.probabilities()
    assert Dist.from_counts(counts, total) == d


@given(dists)
def test_outcome_not_listed_has_probability_zero(d):
    """An outcome the Dist never produces has probability 0 and is not a key."""
    missing = max(d) + 1
    assert missing not in d
    assert d[missing] == 0


# -- combinators against brute force ------------------------------------------------

@given(dists, dists)
def test_sum_of_two_matches_enumeration(a, b):
    """Convolution: a + b gives each total the summed chance of every pair that makes it."""
    oracle: dict[int, Fraction] = {}
    for (x, p), (y, q) in itertools.product(_table(a), _table(b)):
        oracle[x + y] = oracle.get(x + y, Fraction(0)) + p * q
    assert (a + b).probabilities() == oracle


@given(dists, dists)
def test_combine_matches_enumeration(a, b):
    """combine(f) gives each f(x, y) the summed chance of every pair that makes it."""
    oracle: dict[tuple[int, bool], Fraction] = {}
    for (x, p), (y, q) in itertools.product(_table(a), _table(b)):
        k = (max(x, y), x == y)
        oracle[k] = oracle.get(k, Fraction(0)) + p * q
    got = a.combine(b, lambda x, y: (max(x, y), x == y))
    assert got.probabilities() == oracle
    assert sum(got.probabilities().values()) == 1


@given(dists, st.integers(0, 3))
def test_repeat_sum_matches_enumeration(d, n):
    """repeat_sum(n) matches enumerating every n-tuple of outcomes (n = 0 is always 0)."""
    oracle: dict[int, Fraction] = {}
    for combo in itertools.product(_table(d), repeat=n):
        total = sum(o for o, _ in combo)
        chance = Fraction(1)
        for _, p in combo:
            chance *= p
        oracle[total] = oracle.get(total, Fraction(0)) + chance
    assert d.repeat_sum(n).probabilities() == oracle
    assert d.repeat_sum(n) == Dist.sum_of([d] * n)


@given(dists, st.integers(-5, 5))
def test_adding_a_number_shifts_every_outcome(d, k):
    """d + k (and k + d) moves every outcome by k and keeps its chance."""
    shifted = {o + k: p for o, p in d.probabilities().items()}
    assert (d + k).probabilities() == shifted
    assert (k + d) == (d + k)


@given(dists, st.sampled_from([abs, lambda o: o % 2, lambda o: o > 1, lambda o: 0]))
def test_map_preserves_total_and_matches_enumeration(d, f):
    """map(f): each image gets the summed chance of its preimages; the total stays 1."""
    oracle: dict[object, Fraction] = {}
    for o, p in _table(d):
        oracle[f(o)] = oracle.get(f(o), Fraction(0)) + p
    mapped = d.map(f)
    assert mapped.probabilities() == oracle
    assert sum(mapped.probabilities().values()) == 1


@given(dists, dists, dists)
def test_bind_matches_the_mixture(d, low, high):
    """bind(f) is the mixture: each outcome of f(x) weighted by the chance of x."""
    def step(o):
        return low if o < 2 else high
    oracle: dict[int, Fraction] = {}
    for o, p in _table(d):
        for k, q in _table(step(o)):
            oracle[k] = oracle.get(k, Fraction(0)) + p * q
    assert d.bind(step).probabilities() == oracle


@given(dists)
def test_prob_and_mean_match_enumeration(d):
    """prob sums the chances where the predicate holds; mean weights outcomes by chance."""
    table = _table(d)
    assert d.prob(lambda o: o >= 2) == sum((p for o, p in table if o >= 2), Fraction(0))
    assert d.mean() == sum((o * p for o, p in table), Fraction(0))
    assert d.mean(lambda o: o * o) == sum((o * o * p for o, p in table), Fraction(0))


def test_two_d6_totals():
    """The worked example: 2d6 rolls 7 one time in 6, and 10 or more one time in 6."""
    two = Dist.die(6) + Dist.die(6)
    assert two[7] == Fraction(1, 6)
    assert two.prob(lambda t: t >= 10) == Fraction(1, 6)
    assert two.percent(lambda t: t == 2) == "2.8%"


def test_sum_of_nothing_is_always_zero():
    """The sum of no dice is 0 with certainty."""
    assert Dist.sum_of([]) == Dist.always(0)


# -- constructors and bad input ---------------------------------------------------

@given(st.floats(0.01, 10, allow_nan=False))
def test_float_weights_are_refused(w):
    """Weights must be exact: a float (already rounded) is refused, naming 'weights'."""
    with pytest.raises(RulesError, match="'weights' must be non-negative integers or Fractions"):
        Dist.from_weights({"a": w, "b": 1})


def test_fraction_weights_are_accepted_exactly():
    """Fraction weights are exact, so they are normalised like integers."""
    assert Dist.from_weights({"a": Fraction(1, 3), "b": Fraction(2, 3)}) == Dist.from_weights({"a": 1, "b": 2})


@pytest.mark.parametrize("weights, message", [
    ({"a": -1, "b": 2}, "'weights' must not be negative (got -1 for 'a')"),
    ({"a": True}, "'weights' must be non-negative integers or Fractions (got True for 'a')"),
    ({"a": "1"}, "'weights' must be non-negative integers or Fractions (got '1' for 'a')"),
    ({"a": 0}, "'weights' must have a positive total (got 0)"),
])
def test_bad_weights_name_the_argument(weights, message):
    """Bad weights raise a RulesError that names 'weights' and shows what was received."""
    with pytest.raises(RulesError) as err:
        Dist.from_weights(weights)
    assert str(err.value) == message


@pytest.mark.parametrize("probabilities, message", [
    ({"a": Fraction(1, 2)}, "'probabilities' must sum to exactly 1 (got 1/2)"),
    ({"a": 0.5, "b": 0.5}, "'probabilities' must be non-negative integers or Fractions (got 0.5 for 'a')"),
    ({"a": Fraction(3, 2), "b": Fraction(-1, 2)}, "'probabilities' must not be negative (got -1/2 for 'b')"),
    ([("a", 1)], "'probabilities' must be a mapping of outcome to probability (got [('a', 1)])"),
])
def test_bad_probabilities_name_the_argument(probabilities, message):
    """Dist(...) refuses probabilities that are inexact, negative or do not sum to 1."""
    with pytest.raises(RulesError) as err:
        Dist(probabilities)
    assert str(err.value) == message


@pytest.mark.parametrize("counts, total, message", [
    ({"a": 1, "b": 4}, 6, "'total' must equal the sum of the counts, 5 (got 6)"),
    ({"a": -1, "b": 4}, None, "'counts' must be non-negative integers (got -1 for 'a')"),
    ({"a": Fraction(1, 2)}, None, "'counts' must be non-negative integers (got Fraction(1, 2) for 'a')"),
    ({"a": 0}, None, "'counts' must have a positive total (got 0)"),
])
def test_bad_counts_name_the_argument(counts, total, message):
    """from_counts checks its counts and total, so a public caller cannot break the sum to 1."""
    with pytest.raises(RulesError) as err:
        Dist.from_counts(counts, total)
    assert str(err.value) == message


def test_a_dist_cannot_be_changed():
    """A Dist is immutable: no item assignment and no new attributes."""
    d = Dist.die(6)
    with pytest.raises(TypeError):
        d[1] = Fraction(1)  # type: ignore[index]
    with pytest.raises(AttributeError):
        d.extra = 1  # type: ignore[attr-defined]


def test_uniform_counts_repeats():
    """Dist.uniform weighs an outcome listed twice twice as much."""
    assert Dist.uniform("aab") == Dist.from_weights({"a": 2, "b": 1})


def test_weights_may_come_as_pairs():
    """from_weights takes (outcome, weight) pairs as well as a mapping; repeats add up."""
    assert Dist.from_weights([("a", 1), ("b", 1), ("a", 2)]) == Dist.from_weights({"a": 3, "b": 1})


@pytest.mark.parametrize("n", [-1, 10_001, 1.0])
def test_repeat_sum_needs_a_sensible_count(n):
    """repeat_sum takes 0 to 10000 copies, naming 'n'."""
    with pytest.raises(RulesError, match="'n' must be an integer from 0 to 10000"):
        Dist.die(2).repeat_sum(n)


def test_zero_weights_are_dropped():
    """An outcome with weight 0 is not an outcome."""
    d = Dist.from_weights({"a": 0, "b": 3})
    assert list(d) == ["b"] and d == Dist.always("b")


@pytest.mark.parametrize("sides", [0, -1, 1001, True, 2.0])
def test_die_needs_a_sensible_number_of_sides(sides):
    """Dist.die takes 1 to 1000 sides and says so, naming 'sides'."""
    with pytest.raises(RulesError, match="'sides' must be an integer from 1 to 1000"):
        Dist.die(sides)


def test_uniform_needs_outcomes():
    """A uniform distribution over nothing is an error naming 'outcomes'."""
    with pytest.raises(RulesError, match="'outcomes' must not be empty"):
        Dist.uniform([])


# -- the percent names exact.py keeps ---------------------------------------------

@given(st.fractions(0, 1))
def test_exact_percent_is_the_one_rule(p):
    """voidref.exact.percent is the one percent rule of voidref.present."""
    assert percent(p) == present_percent(p)


@given(st.fractions(0, 1))
def test_percent_cell_differs_only_at_zero(p):
    """percent_cell prints a dash for an impossible event and the one rule otherwise."""
    assert percent_cell(p) == ("–" if p == 0 else present_percent(p))


@given(st.dictionaries(st.integers(-6, 12), st.integers(0, 40), min_size=1, max_size=6)
       .filter(lambda d: any(d.values())), st.integers(0, 9))
def test_repeat_sum_by_a_big_integer_power_equals_adding_copies_one_by_one(counts, n):
    """Whole-number outcomes: the packed power gives the same outcomes, counts and total as n additions."""
    d = Dist.from_counts(counts)
    fast, slow = d.repeat_sum(n), Dist.sum_of([d] * n)
    assert fast.counts() == slow.counts() and list(fast) == list(slow)


def test_repeat_sum_of_60d10_matches_adding_sixty_dice():
    """The largest damage roll a Void Pirates form accepts, by the power and die by die."""
    ten = Dist.die(10)
    assert ten.repeat_sum(60).counts() == Dist.sum_of([ten] * 60).counts()
