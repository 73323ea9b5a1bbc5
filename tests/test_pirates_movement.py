"""Void Pirates initiative, turn structure, Move Rate, encumbrance, terrain and the rulings tables."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.pirates import (
    ActionKind,
    ActionRoll,
    Combatant,
    InitiativeOdds,
    attribute_modifier,
    chance_to_act_first,
    encumbrance_steps,
    gravity_rating_modifier,
    initiative_distribution,
    initiative_order,
    is_mismatched_gravity,
    move_rate,
    part_move,
    terrain_move_distribution,
    turn_options,
)
from voidref.pirates.rulings import ATTRIBUTE_MODIFIER

ALL_3D6 = [sum(f) for f in product(range(1, 7), repeat=3)]


def test_attribute_modifier_matches_source_example():
    """The Initiative example: AGL 14 gives +5 (ruling ATTRIBUTE_MODIFIER)."""
    assert attribute_modifier(14) == 5


def test_attribute_table_is_monotone():
    """A higher score never gives a lower modifier."""
    values = list(ATTRIBUTE_MODIFIER.values())
    assert values == sorted(values)


def test_attribute_out_of_range():
    """Scores outside 1..20 are refused with the argument named."""
    with pytest.raises(RulesError, match="'score' must be an integer from 1 to 20 \\(got 0\\)"):
        attribute_modifier(0)


def test_floater_pilot_initiative_is_20():
    """Source example: AGL 14 (+5), Zero-G Rank 2 (+2), GRM +2 in zero-G, rolling 11 -> Initiative 20."""
    grm = gravity_rating_modifier("floater", "zero_g")
    floater = Combatant("Floater pilot", agility=14, roll=11, skill_rank_modifier=2, gravity_modifier=grm)
    assert floater.total == 20


def test_initiative_ties_by_agility_then_roll():
    """Equal totals: higher raw AGL first, then higher raw roll."""
    a = Combatant("A", agility=12, roll=10)           # 4 + 10 = 14
    b = Combatant("B", agility=13, roll=10)           # 4 + 10 = 14, higher AGL
    c = Combatant("C", agility=12, roll=9, gear=1)    # 4 + 9 + 1 = 14, lower roll than A
    assert [[x.name for x in s] for s in initiative_order([a, c, b])] == [["B"], ["A"], ["C"]]


def test_initiative_full_tie_acts_together():
    """Total, AGL and roll all equal: one shared slot (Rulings.initiative_final_tie)."""
    a = Combatant("A", agility=12, roll=10)
    b = Combatant("B", agility=12, roll=10)
    assert len(initiative_order([a, b])) == 1


def test_ship_initiative_adds_raw_agl():
    """Ships add their AGL as it stands plus the best pilot's SRM."""
    assert Combatant.ship("KV-220B", agility=3, roll=10, pilot_srm=2).total == 15


def test_chance_to_act_first_brute_force():
    """The chance to act first, with tie-breaks, matches enumeration of both 3d6."""
    first = second = together = 0
    for a in ALL_3D6:
        for b in ALL_3D6:
            ka, kb = (a + 7, 14, a), (b + 6, 12, b)
            first += ka > kb
            second += ka < kb
            together += ka == kb
    got = chance_to_act_first(7, 14, 6, 12)
    assert got == InitiativeOdds(first=Fraction(first, 46656), second=Fraction(second, 46656),
                                 together=Fraction(together, 46656))
    assert eval(repr(got), {"InitiativeOdds": InitiativeOdds, "Fraction": Fraction}) == got


def test_initiative_distribution_shift():
    """An Initiative total is 3d6 plus the modifier."""
    assert initiative_distribution(9)[20] == Fraction(ALL_3D6.count(11), 216)


def test_move_rate_agl_9_is_18():
    """Source example: AGL 9 gives an 18 m Move."""
    assert move_rate(9) == 18


def test_quarter_move_rounds_up():
    """Source example: a quarter of 18 m is 4.5 m, rounded up to 5 m."""
    assert part_move(18, turn_options(1)[0].move_share) == 5


def test_encumbrance_examples():
    """Source example: STR 12 (120 kg) carrying 144 kg is -1, 168 kg is -2."""
    assert encumbrance_steps(144, 12) == 1
    assert encumbrance_steps(168, 12) == 2
    assert encumbrance_steps(120, 12) == 0


def test_encumbrance_partial_step_rounds_down():
    """Less than a full 20 % over costs nothing (ruling ENCUMBRANCE_STEP_PERCENT)."""
    assert encumbrance_steps(143, 12) == 0


def test_mismatched_gravity_doubles():
    """A Floater at 1.6G+ doubles the excess share: 144 kg becomes -2."""
    assert is_mismatched_gravity("floater", "high")
    assert encumbrance_steps(144, 12, mismatched_gravity=True) == 2


def test_move_rate_with_gear_and_load():
    """Gear adds metres, encumbrance takes them: AGL 9 + Jump Boots 4 carrying 168 kg on STR 12 is 20 m."""
    assert move_rate(9, gear=4, carried_kg=168, strength=12) == 20


def test_move_rate_needs_strength_for_load():
    """Carrying a load without a STR score is refused, naming strength."""
    with pytest.raises(RulesError, match="'strength'"):
        move_rate(9, carried_kg=50)


def test_turn_table_levels():
    """The level table: level 5 may take an attack, a non-attack and a full move, or move x2."""
    a, b = turn_options(5)
    assert a.actions == (ActionKind.ATTACK, ActionKind.NON_ATTACK) and a.move_share == 1
    assert b.actions == () and b.move_share == 2
    assert turn_options(4)[1].actions == (ActionKind.NON_COMBAT,)


def test_turn_level_out_of_range():
    """Levels stop at 5."""
    with pytest.raises(RulesError, match="'level' must be an integer from 1 to 5"):
        turn_options(6)


def test_terrain_distribution_brute_force():
    """Difficult terrain (TN 12): full keeps 18 m, partial 9 m, failure 0 m (ruling Terrain)."""
    d = terrain_move_distribution(18, "difficult", ActionRoll(additional=2))
    full = sum(1 for n in ALL_3D6 if n != 3 and n + 2 >= 12)
    partial = sum(1 for n in ALL_3D6 if n != 3 and n + 2 == 11)
    assert d[18] == Fraction(full, 216) and d[9] == Fraction(partial, 216)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(0, 1000))
def test_more_load_never_faster(agility, strength, kg):
    """Carrying more never raises the Move Rate, and it never drops below 0."""
    m = move_rate(agility, carried_kg=kg, strength=strength)
    assert 0 <= move_rate(agility, carried_kg=kg + 10, strength=strength) <= m


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 200), st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2)]))
def test_part_move_rounds_up(move, share):
    """Part moves are the exact share rounded up."""
    out = part_move(move, share)
    assert out >= move * share > out - 1
