"""Tests for Starship Engagement Throws: skills, stations and the rank limit on Impact."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import (
    TASK_THROW,
    Condition,
    CrewMember,
    Ship,
    Station,
    assign_stations,
    limit_impact,
    station_impact,
    station_odds,
    throw_odds,
)


def test_thrusters_two_caps_impact_at_two():
    """Impact limit: with Thrusters 2 no maneuver throw has Impact above 2 (the source's example)."""
    ship = Ship("S", thrusters=2, pilot=3)
    assert station_impact(ship, Station.PILOT, 5) == 2
    assert max(station_odds(ship, Station.PILOT)) == 2


def test_limit_moves_excess_onto_the_rank():
    """Impact limit: the chance of the rank is the chance of the rank or more before the limit."""
    raw = TASK_THROW.impact_odds(2)
    assert throw_odds(bonus=2, rank=1)[1] == raw.prob(lambda i: i >= 1)


def test_damaged_guns_disadvantage_gunnery():
    """Damaged Guns: the Gunnery throw is disadvantaged."""
    ship = Ship("S", guns=3, gunnery=1).with_condition("guns", "damaged")
    assert station_odds(ship, "gunnery") == throw_odds(bonus=1, rank=3, disadvantaged=True)


def test_disabled_guns_cannot_fire():
    """Disabled Guns: no Gunnery throw, so no damage."""
    ship = Ship("S", guns=3).with_condition("guns", Condition.DISABLED)
    assert station_odds(ship, "gunnery")[0] == 1


def test_software_uses_computer_rank():
    """Opening throw: Software Impact is limited by the Computer rank."""
    assert station_impact(Ship("S", computer=1), "software", 4) == 1


def test_gunner_and_pilot_must_differ():
    """One skill per round: the same crew member cannot add skill to both the Gunnery and Pilot throws."""
    ada = CrewMember("Ada", pilot=2, gunnery=2)
    with pytest.raises(RulesError, match="'pilot'"):
        assign_stations(gunner=ada, pilot=ada)


def test_software_operator_may_also_fly():
    """Opening throw outside rounds ruling: the Software operator may also pilot in round 1."""
    ada = CrewMember("Ada", software=2, pilot=1)
    assert assign_stations(software=ada, pilot=ada) == {"software": 2, "gunnery": 0, "pilot": 1}


@given(st.integers(0, 6), st.integers(0, 6), st.booleans())
def test_more_skill_never_lowers_impact(bonus, rank, disadvantaged):
    """Monotonicity: one more Skill Rank never lowers the chance of any Impact or more."""
    low = throw_odds(bonus, rank, disadvantaged)
    high = throw_odds(bonus + 1, rank, disadvantaged)
    for k in range(rank + 1):
        assert high.prob(lambda i, k=k: i >= k) >= low.prob(lambda i, k=k: i >= k)
    assert sum(high.probabilities().values()) == 1


@given(st.integers(-3, 30))
def test_bad_rank_is_a_rules_error(rank):
    """Bad input: a rank outside 0-10 is a RulesError naming 'rank'."""
    if 0 <= rank <= 10:
        assert limit_impact(1, rank) == min(1, rank)
    else:
        with pytest.raises(RulesError, match="'rank'"):
            limit_impact(1, rank)


@given(st.integers(1, 3), st.integers(2, 8), st.integers(2, 14), st.integers(0, 2), st.integers(0, 1),
       st.integers(-3, 3), st.booleans())
def test_impact_odds_count_each_sorted_throw_by_its_orders_like_every_ordered_throw(dice, sides, succeed_at, extra,
                                                                                   bare, bonus, disadvantaged):
    """Oracle: Impact odds from sorted throws weighted by their orders equal counting every ordered throw."""
    import itertools

    from voidref.exact import Dist
    from voidref.upper_hand.rulings import TaskThrow

    rule = TaskThrow(dice=dice, sides=sides, succeed_at=succeed_at, extra_dice_when_disadvantaged=extra,
                     bare_success_impact=bare)
    n = dice + (extra if disadvantaged else 0)
    counts: dict = {}
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        impact = rule.impact_of(faces, bonus=bonus, disadvantaged=disadvantaged)
        counts[impact] = counts.get(impact, 0) + 1
    assert rule.impact_odds(bonus=bonus, disadvantaged=disadvantaged) == Dist.from_weights(counts)
