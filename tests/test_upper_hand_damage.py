"""Tests for Damage: hit locations, damaged then disabled components, crew hits."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import (
    Condition,
    Location,
    Ship,
    damage_odds,
    hit_location,
    npc_surrender_chance,
    npc_surrenders,
    pc_crew_hit_odds,
    resolve_damage,
)


def test_first_hit_damages_second_disables():
    """Damage: a component's first hit damages it, the second disables it."""
    ship = Ship("S").hit(Location.THRUSTERS)
    assert ship.thrusters_condition is Condition.DAMAGED
    assert ship.hit(1).thrusters_condition is Condition.DISABLED


def test_third_hit_changes_nothing():
    """Hit on disabled ruling: a third hit leaves the component disabled."""
    ship = Ship("S").hit("guns").hit("guns")
    assert ship.hit("guns") == ship


def test_no_gate_core_treated_as_thrusters():
    """Damage table row 3: a ship without a gate core takes the hit on its Thrusters."""
    ship = Ship("S", has_gate_core=False).hit(3)
    assert ship.thrusters_condition is Condition.DAMAGED


def test_four_is_crew():
    """Damage table row 4: the crew is hit."""
    assert hit_location(4) is Location.CREW


def test_five_and_six_need_a_choice():
    """Damage table 5-6: the attacker chooses; without a choice it is a RulesError."""
    assert hit_location(5, "thrusters") is Location.THRUSTERS
    with pytest.raises(RulesError, match="'choice'"):
        hit_location(6)


def test_npc_check_against_crew_hits_so_far():
    """NPC crew check: surrender when 1d6 is at most the crew hits so far."""
    assert npc_surrenders(2, 2) and not npc_surrenders(3, 2)
    assert npc_surrender_chance(1) == Fraction(1, 6)
    assert npc_surrender_chance(9) == 1


def test_pc_crew_hit_is_2d6_to_a_random_pc():
    """Players' crew hit: a uniformly random PC takes 2d6."""
    odds = pc_crew_hit_odds(["Ada", "Bo", "Cy"])
    assert odds.prob(lambda r: r[0] == "Bo") == Fraction(1, 3)
    assert odds.mean(lambda r: r[1]) == 7


def test_resolve_damage_stops_at_surrender():
    """NPC surrender: the first crew check that succeeds ends the damage at once."""
    report = resolve_damage(Ship("N"), 3, [4, 4, 1], crew=[6, 2])
    assert report.surrendered and report.ship.crew_hits == 2
    assert report.ship.thrusters_condition is Condition.INTACT


def test_resolve_damage_needs_one_roll_per_point():
    """Bad input: the number of hit-location rolls must equal the damage points."""
    with pytest.raises(RulesError, match="'rolls'"):
        resolve_damage(Ship("N"), 2, [1])


def _bf_damage(ship, points, choose):
    """Brute force: every hit-location d6 and every crew-check d6, applied with resolve_damage."""
    out = {}
    for rolls in itertools.product(range(1, 7), repeat=points):
        for checks in itertools.product(range(1, 7), repeat=points):
            report = resolve_damage(ship, points, list(rolls), crew=list(checks), choose=choose)
            key = (report.ship, report.surrendered)
            out[key] = out.get(key, 0) + Fraction(1, 6 ** (2 * points))
    return out


@pytest.mark.parametrize("points", [0, 1, 2, 3])
@pytest.mark.parametrize("players", [False, True])
def test_damage_odds_match_brute_force(points, players):
    """Oracle: damage_odds equals applying every combination of location and check dice."""
    ship = Ship("T", players=players).hit("guns")

    def choose(s):
        return Location.GUNS if s.guns_condition is not Condition.DISABLED else Location.CREW

    if players:
        # the players' crew results are (pc, damage) pairs; feed a fixed one for the oracle
        out = {}
        for rolls in itertools.product(range(1, 7), repeat=points):
            report = resolve_damage(ship, points, list(rolls), crew=[("Ada", 7)] * points, choose=choose)
            key = (report.ship, report.surrendered)
            out[key] = out.get(key, 0) + Fraction(1, 6 ** points)
    else:
        out = _bf_damage(ship, points, choose)
    assert damage_odds(ship, points, choose).probabilities() == out


@given(st.integers(0, 4), st.sampled_from(list(Location)))
def test_damage_odds_sum_to_one(points, aim):
    """Invariant: the damage distribution sums to 1 whatever the aim."""
    assert sum(damage_odds(Ship("T"), points, lambda s: aim).probabilities().values()) == 1


@given(st.integers(-5, 10))
def test_bad_roll_is_a_rules_error(roll):
    """Bad input: a hit-location roll outside 1-6 is a RulesError naming 'roll'."""
    if 1 <= roll <= 4:
        assert hit_location(roll) is Location(roll)
    elif roll in (5, 6):
        assert hit_location(roll, "crew") is Location.CREW
    else:
        with pytest.raises(RulesError, match="'roll'"):
            hit_location(roll)
