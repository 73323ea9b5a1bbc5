"""Void Pirates Action Rolls and opposed rolls, checked against brute-force enumeration of the dice."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.pirates import (
    FUMBLE_TABLE,
    THREE_D6,
    ActionOdds,
    ActionRoll,
    Contest,
    Fumble,
    OpposedOdds,
    Outcome,
    fumble,
    opposed_distribution,
    opposed_odds,
    resolve_opposed,
)

ALL_3D6 = [sum(f) for f in product(range(1, 7), repeat=3)]


def bf_static(modifier, tn, second=None):
    """Oracle: enumerate every 3d6 face combination for a roll against a TN."""
    counts = {"full": 0, "partial": 0, "failure": 0, "critical": 0, "inspired": 0}
    for n in ALL_3D6:
        total = n + modifier
        def grade(t, n=n):
            if n == 3:
                return "failure"
            return "full" if t >= tn else "partial" if t == tn - 1 else "failure"
        g = grade(total)
        if n == 18 and g != "full" and second is not None:
            g = grade(total + second)
            counts["inspired"] += 1
        elif n == 18 and g == "full":
            counts["critical"] += 1
        counts[g] += 1
    return {k: Fraction(v, 216) for k, v in counts.items()}


def bf_opposed(a_mod, d_mod, attack_18_hits=True):
    """Oracle: enumerate both sides' 3d6 (46,656 combinations); an attacker's 18 wins if *attack_18_hits*."""
    counts = {"win": 0, "tie": 0, "loss": 0, "critical": 0}
    for a in ALL_3D6:
        for d in ALL_3D6:
            if a == 3 and d != 3:
                c = "loss"
            elif (d == 3 and a != 3) or (a == 18 and attack_18_hits):  # a fumbling defender, or an attacking 18
                c = "win"
            else:
                ta, td = a + a_mod, d + d_mod
                c = "win" if ta > td else "tie" if ta == td else "loss"
            counts[c] += 1
            if c == "win" and a == 18:
                counts["critical"] += 1
    return {k: Fraction(v, 216 * 216) for k, v in counts.items()}


def test_three_d6_matches_enumeration():
    """The base roll is 3d6: every total's chance equals its share of the 216 face combinations."""
    for total in range(3, 19):
        assert THREE_D6[total] == Fraction(ALL_3D6.count(total), 216)


@pytest.mark.parametrize("modifier", [-6, -2, 0, 3, 7, 12])
@pytest.mark.parametrize("tn", [6, 9, 12, 15, 18, 21, 24])
def test_static_odds_match_brute_force(modifier, tn):
    """Full/partial/failure/critical against a TN match enumeration of 3d6 (rule: Combat Action Rolls)."""
    odds = ActionRoll(additional=modifier).odds(tn)
    bf = bf_static(modifier, tn)
    for key in ("full", "partial", "failure", "critical"):
        assert getattr(odds, key) == bf[key]


def test_action_odds_is_a_typed_result_whose_repr_rebuilds_it():
    """ActionRoll.odds returns an ActionOdds with named fields (not a string-keyed dict), and its repr rebuilds it."""
    odds = ActionRoll(additional=2, inspiration_srm=3).odds(20)
    assert isinstance(odds, ActionOdds)
    assert eval(repr(odds), {"ActionOdds": ActionOdds, "Fraction": Fraction}) == odds
    assert odds.at_least_partial == odds.full + odds.partial
    assert (odds.chance("full"), odds.chance(Outcome.PARTIAL), odds.chance("failure")) == (
        odds.full, odds.partial, odds.failure)
    assert odds.natural_18 == Fraction(1, 216) and odds.fumble == Fraction(1, 216)
    with pytest.raises(TypeError):
        odds["full"]  # type: ignore[index]


@pytest.mark.parametrize("second", [1, 3, 5])
@pytest.mark.parametrize("tn", [20, 25, 27])
def test_inspiration_odds_match_brute_force(second, tn):
    """Critical Inspiration adds the second SRM on a natural 18 that would not succeed in full."""
    odds = ActionRoll(additional=5, inspiration_srm=second).odds(tn)
    bf = bf_static(5, tn, second)
    for key in ("full", "partial", "failure", "critical", "inspired"):
        assert getattr(odds, key) == bf[key]


@pytest.mark.parametrize("a_mod,d_mod", [(0, 0), (3, 0), (0, 4), (7, 2), (-3, 5), (20, 0)])
def test_opposed_odds_match_brute_force(a_mod, d_mod):
    """Opposed win/tie/loss/critical match enumeration of both sides' dice (rule: Opposed Rolls)."""
    odds = opposed_odds(ActionRoll(additional=a_mod), ActionRoll(additional=d_mod))
    bf = bf_opposed(a_mod, d_mod)
    for key in ("win", "tie", "loss", "critical"):
        assert getattr(odds, key) == bf[key]


def test_opposed_odds_is_a_typed_result_whose_repr_rebuilds_it():
    """opposed_odds returns an OpposedOdds with named fields (not a string-keyed dict), and its repr rebuilds it."""
    odds = opposed_odds(ActionRoll(additional=2, inspiration_srm=3), ActionRoll(additional=4))
    assert isinstance(odds, OpposedOdds)
    assert eval(repr(odds), {"OpposedOdds": OpposedOdds, "Fraction": Fraction}) == odds
    assert (odds.chance("win"), odds.chance(Contest.TIE), odds.chance("loss")) == (odds.win, odds.tie, odds.loss)
    with pytest.raises(TypeError):
        odds["win"]  # type: ignore[index]


@pytest.mark.parametrize("a_mod,d_mod", [(0, 0), (0, 4), (-3, 5)])
def test_opposed_non_attack_matches_brute_force(a_mod, d_mod):
    """A contest that is not an attack (a ram) lets the totals decide a natural 18 (brute force)."""
    odds = opposed_odds(ActionRoll(additional=a_mod), ActionRoll(additional=d_mod), attack=False)
    bf = bf_opposed(a_mod, d_mod, attack_18_hits=False)
    for key in ("win", "tie", "loss", "critical"):
        assert getattr(odds, key) == bf[key]


def test_partial_is_exactly_tn_minus_one():
    """A total one below the TN is a partial success; two below is a failure."""
    roll = ActionRoll()
    assert roll.resolve(11, 12).outcome is Outcome.PARTIAL
    assert roll.resolve(10, 12).outcome is Outcome.FAILURE
    assert roll.resolve(12, 12).outcome is Outcome.FULL


def test_natural_3_fails_even_above_tn():
    """A natural 3 is a Critical Failure whatever the modifiers (Rulings.natural_3_always_fails)."""
    result = ActionRoll(additional=20).resolve(3, 6)
    assert result.outcome is Outcome.FAILURE and result.fumble


def test_natural_18_that_succeeds_is_critical():
    """A natural 18 reaching the TN is a Critical Hit."""
    assert ActionRoll().resolve(18, 15).critical


def test_natural_18_on_a_task_can_still_fail():
    """A natural 18 on a roll that is not an attack still needs the total (Critical Hits are for attacks)."""
    result = ActionRoll().resolve(18, 21)
    assert result.outcome is Outcome.FAILURE and not result.critical


def test_natural_18_attack_is_critical_hit_whatever_the_total():
    """A natural 18 on an attack is a Critical Hit even short of the TN (source "Critical Hits")."""
    result = ActionRoll().resolve(18, 30, attack=True)
    assert result.outcome is Outcome.FULL and result.critical


def test_inspiration_turns_a_short_18_into_success():
    """Critical Inspiration stacks a second SRM on the natural 18 total."""
    result = ActionRoll(inspiration_srm=3).resolve(18, 21)
    assert result.outcome is Outcome.FULL and result.inspired and not result.critical


def test_inspiration_not_used_when_crit_already_succeeds():
    """A natural 18 that already succeeds keeps the standard Critical Hit: the two cannot combine."""
    result = ActionRoll(inspiration_srm=3).resolve(18, 12)
    assert result.critical and not result.inspired and result.total == 18


def test_opposed_tie_is_partial_for_attacker():
    """Equal totals: a partial success for the initiator."""
    r = resolve_opposed(ActionRoll(additional=2), ActionRoll(), 10, 12)
    assert r.contest is Contest.TIE


def test_opposed_double_18_bars_inspiration():
    """Both sides on a natural 18: Inspiration is off, a win is a standard Critical Hit."""
    attacker = ActionRoll(additional=1, inspiration_srm=5)
    r = resolve_opposed(attacker, ActionRoll(), 18, 18)
    assert r.contest is Contest.WIN and r.critical and not r.inspired and r.attacker_total == 19


def test_opposed_inspiration_used_when_18_would_lose():
    """In a contest that is not an attack, a natural 18 that would lose may invoke Inspiration."""
    r = resolve_opposed(ActionRoll(inspiration_srm=4), ActionRoll(additional=5), 18, 15, attack=False)
    assert r.inspired and r.contest is Contest.WIN and not r.critical


def test_opposed_attack_18_wins_as_critical_without_inspiration():
    """An attacker's natural 18 wins as a Critical Hit, so Inspiration is never needed on an attack."""
    r = resolve_opposed(ActionRoll(inspiration_srm=4), ActionRoll(additional=5), 18, 15)
    assert r.contest is Contest.WIN and r.critical and not r.inspired


def test_defender_fumble_loses():
    """A defender's natural 3 loses the contest whatever the totals."""
    r = resolve_opposed(ActionRoll(), ActionRoll(additional=30), 4, 3)
    assert r.contest is Contest.WIN and r.defender_fumble


def test_fumble_table_faces():
    """The d6 Fumble Table: 1-2 mishap, 3 self-inflicted, 4 alert, 5 environmental, 6 catastrophic."""
    assert [fumble(f) for f in range(1, 7)] == [Fumble.MISHAP, Fumble.MISHAP, Fumble.SELF_INFLICTED,
                                                Fumble.ALERT, Fumble.ENVIRONMENTAL, Fumble.CATASTROPHIC]
    assert FUMBLE_TABLE[Fumble.MISHAP] == Fraction(1, 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(-20, 20), st.integers(1, 40), st.one_of(st.none(), st.integers(0, 10)))
def test_static_odds_sum_to_one(modifier, tn, second):
    """Full, partial and failure always sum to exactly 1."""
    odds = ActionRoll(additional=modifier, inspiration_srm=second).odds(tn)
    assert odds.full + odds.partial + odds.failure == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(-20, 20), st.integers(1, 40))
def test_higher_modifier_never_lowers_success(modifier, tn):
    """Adding +1 never lowers the chance of a full success."""
    assert ActionRoll(additional=modifier + 1).odds(tn).full >= ActionRoll(additional=modifier).odds(tn).full


@settings(max_examples=30, deadline=None)
@given(st.integers(-10, 10), st.integers(-10, 10))
def test_opposed_sums_to_one_and_is_monotone(a, d):
    """Opposed win+tie+loss is 1, and a better attacker never wins less often."""
    o = opposed_odds(ActionRoll(additional=a), ActionRoll(additional=d))
    assert o.win + o.tie + o.loss == 1
    assert opposed_odds(ActionRoll(additional=a + 1), ActionRoll(additional=d)).win >= o.win


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.integers(), st.text(max_size=3), st.none(), st.booleans()))
def test_bad_modifier_is_rules_error(value):
    """Any modifier outside -50..50 (or not an int) is a RulesError naming the argument."""
    if isinstance(value, int) and not isinstance(value, bool) and -50 <= value <= 50:
        return
    with pytest.raises(RulesError, match="'additional'"):
        ActionRoll(additional=value)


def test_bad_natural_names_argument():
    """A natural outside 3..18 is refused with the argument's name."""
    with pytest.raises(RulesError, match="'natural' must be an integer from 3 to 18 \\(got 19\\)"):
        ActionRoll().resolve(19, 12)


def test_bad_opposed_argument():
    """resolve_opposed refuses something that is not an ActionRoll."""
    with pytest.raises(RulesError, match="'defender'"):
        resolve_opposed(ActionRoll(), 3, 10, 10)


def test_opposed_distribution_has_all_mass():
    """The opposed distribution covers all 46,656 dice pairs."""
    d = opposed_distribution(ActionRoll(), ActionRoll())
    assert sum(d.probabilities().values()) == 1
