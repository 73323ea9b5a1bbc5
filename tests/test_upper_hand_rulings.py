"""Tests for the Upper Hand rulings: the Task Throw, disadvantage and the default aim."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import Goal, Location, Ship, TaskThrow, TASK_THROW
from voidref.upper_hand.damage import default_choice


def _bf_impact(bonus, disadvantaged, rule=TASK_THROW):
    """Brute force: every face combination, counted by hand."""
    n = rule.dice + (rule.extra_dice_when_disadvantaged if disadvantaged else 0)
    counts = {}
    for faces in itertools.product(range(1, rule.sides + 1), repeat=n):
        total = sum(sorted(faces)[: rule.dice]) + bonus
        impact = total - (rule.succeed_at - 1) if total >= rule.succeed_at else 0
        counts[impact] = counts.get(impact, 0) + 1
    size = rule.sides ** n
    return {k: Fraction(v, size) for k, v in counts.items()}


@pytest.mark.parametrize("bonus", range(0, 7))
@pytest.mark.parametrize("disadvantaged", [False, True])
def test_impact_odds_match_brute_force(bonus, disadvantaged):
    """Task Throw ruling: the exact Impact odds equal a count of every face combination."""
    assert TASK_THROW.impact_odds(bonus, disadvantaged).probabilities() == _bf_impact(bonus, disadvantaged)


def test_plain_throw_succeeds_on_eight():
    """Task Throw ruling: 2d6 + bonus succeeds on 8+, Impact is the total minus 7."""
    assert TASK_THROW.impact_of((3, 4)) == 0
    assert TASK_THROW.impact_of((4, 4)) == 1
    assert TASK_THROW.impact_of((6, 6), bonus=2) == 7


def test_disadvantage_drops_the_highest_die():
    """Disadvantage ruling: roll one extra die and drop the highest."""
    assert TASK_THROW.impact_of((6, 5, 2), disadvantaged=True) == 0
    assert TASK_THROW.impact_of((6, 5, 4), disadvantaged=True) == 2


def test_disadvantage_never_helps():
    """Disadvantage ruling: a disadvantaged throw never has better odds of any Impact or more."""
    for bonus in range(5):
        plain = TASK_THROW.impact_odds(bonus)
        worse = TASK_THROW.impact_odds(bonus, disadvantaged=True)
        for k in range(1, 12):
            assert worse.prob(lambda i: i >= k) <= plain.prob(lambda i: i >= k)


def test_replacement_throw_rule():
    """The Task Throw is replaceable: a 9+ rule makes success rarer."""
    hard = TaskThrow(succeed_at=9)
    assert hard.impact_odds()[0] == Fraction(26, 36)
    assert hard.impact_of((4, 5)) == 1


def test_wrong_number_of_faces_is_refused():
    """Bad input: a disadvantaged throw needs three faces."""
    with pytest.raises(RulesError, match="'faces'"):
        TASK_THROW.impact_of((4, 5), disadvantaged=True)


@given(st.integers(min_value=-5, max_value=20), st.booleans())
def test_impact_odds_sum_to_one_or_refuse(bonus, disadvantaged):
    """Invariant: Impact odds sum to 1, and an out-of-range bonus is a RulesError."""
    if 0 <= bonus <= 10 or -10 <= bonus < 0:
        assert sum(TASK_THROW.impact_odds(bonus, disadvantaged).probabilities().values()) == 1
    else:
        with pytest.raises(RulesError, match="'bonus'"):
            TASK_THROW.impact_odds(bonus, disadvantaged)


def test_default_choice_blocks_a_jump():
    """Default aim ruling: against a ship that wants to jump, aim at its Gate Core first."""
    assert default_choice(Goal.REACH, Goal.JUMP, Ship("T")) is Location.GATE_CORE


def test_default_choice_prefers_npc_crew():
    """Default aim ruling: with no goal component to hit, an NPC ship's crew comes before its Guns."""
    assert default_choice(Goal.JUMP, Goal.LEAP, Ship("T", boarders=1)) is Location.CREW
    assert default_choice(Goal.JUMP, Goal.LEAP, Ship("T", players=True)) is Location.GUNS


def test_default_choice_skips_disabled_components():
    """Default aim ruling: a disabled component is not aimed at."""
    ship = Ship("T", players=True).with_condition("guns", "disabled")
    assert default_choice(Goal.JUMP, Goal.LEAP, ship) is Location.THRUSTERS


def test_every_ruling_is_shown_on_a_page():
    """Rulings live in one place and each one is shown in a ruling box on the chapter."""
    from pathlib import Path

    from voidref.upper_hand import rulings

    pages = "".join(p.read_text() for p in (Path(__file__).parent.parent / "docs" / "upper_hand").glob("*.md"))
    for name in rulings.__all__:
        assert f"voidref.upper_hand.rulings.{name}`" in pages, name
    assert "voidref.upper_hand.damage.default_choice`" in pages  # the one ruling that is a function
