"""Steps 6–7 of a Cantor attack: Overshield then HP, Burn, Structure and its 1d6 roll."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import Condition, UnitState, structure_result
from voidref.errors import RulesError


def test_overshield_absorbs_first():
    """Step 6: Overshield absorbs damage before HP."""
    r = UnitState(hp=10, max_hp=10, overshield=3).take(5)
    assert (r.absorbed, r.hp_lost, r.state.overshield, r.state.hp) == (3, 2, 0, 8)


def test_burn_is_added_to_the_track():
    """Step 6 (ruling): Burn is added to the target's Burn track."""
    assert UnitState(hp=5, max_hp=5, burn=1).add_burn(2).burn == 3


def test_enemy_defeated_at_zero():
    """Step 7: an ordinary enemy is simply defeated at 0 HP."""
    r = UnitState(hp=4, max_hp=8).take(9)
    assert r.defeated and r.state.hp == 0 and r.structure_lost == 0


def test_cantor_loses_structure_and_refills():
    """Step 7: a Cantor at 0 HP loses 1 Structure, refills HP, and rolls 1d6."""
    r = UnitState(hp=2, max_hp=12, structure=3, cantor=True).take(7, structure_roll=1)
    assert (r.state.structure, r.state.hp, r.condition) == (2, 12, Condition.STUNNED)


@pytest.mark.parametrize("roll,cond", [(1, Condition.STUNNED), (2, Condition.IMPAIRED), (4, Condition.IMPAIRED),
                                       (5, None), (6, None)])
def test_structure_table(roll, cond):
    """Step 7: 1 Stunned, 2–4 Impaired, 5–6 nothing."""
    assert structure_result(roll) is cond


def test_destroyed_at_structure_zero():
    """Step 7: a Cantor whose Structure reaches 0 is destroyed (no roll)."""
    r = UnitState(hp=1, max_hp=12, structure=1, cantor=True).take(1)
    assert r.destroyed and r.state.structure == 0


def test_missing_structure_roll_is_named():
    """Bad input: a Structure loss without its roll raises RulesError naming 'structure_roll'."""
    with pytest.raises(RulesError, match="'structure_roll'"):
        UnitState(hp=1, max_hp=12, structure=2, cantor=True).take(3)


def test_outcomes_match_enumerating_the_d6():
    """Oracle: the exact outcome spread equals taking each Structure roll 1–6 once."""
    s = UnitState(hp=1, max_hp=12, structure=2, cantor=True)
    d = s.outcomes(4)
    conds = {}
    for roll in range(1, 7):
        c = s.take(4, roll).condition
        conds[c] = conds.get(c, 0) + Fraction(1, 6)
    assert d.map(lambda a: a.condition).probabilities() == conds


@given(st.integers(1, 50), st.integers(0, 20), st.integers(0, 100), st.integers(1, 5), st.booleans())
def test_damage_is_conserved(max_hp, overshield, amount, structure, cantor):
    """Invariant: absorbed + HP lost never exceeds the damage, and HP never goes negative."""
    s = UnitState(hp=max_hp, max_hp=max_hp, overshield=overshield, structure=structure, cantor=cantor)
    for applied in s.outcomes(amount):
        assert applied.absorbed + applied.hp_lost <= amount
        assert 0 <= applied.state.hp <= max_hp


@pytest.mark.parametrize("kwargs,name", [({"hp": 11, "max_hp": 10}, "hp"), ({"hp": 1, "max_hp": 0}, "max_hp"),
                                         ({"hp": 1, "max_hp": 2, "overshield": -1}, "overshield")])
def test_bad_state_names_argument(kwargs, name):
    """Bad input: a bad UnitState field raises RulesError naming it."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        UnitState(**kwargs)


def test_attack_then_structure_matches_enumeration():
    """Oracle: an attack's odds of costing Structure equal enumerating attack, damage and Structure dice."""
    from itertools import product

    from voidref.cantor import Attack, Situation, Target, Weapon
    rail = Weapon("Rail", damage="2d6", max_range=10)
    attack = Attack(rail, Target(evasion=7, armor=1, conditions=["lock on"]), Situation(distance=4, grit=2))
    cantor = UnitState(hp=4, max_hp=12, structure=2, cantor=True)
    want = {}
    for (die,) in product(range(1, 7), repeat=1):
        miss = attack.resolve([die]) if die + 2 < 7 else None
        if miss is not None:
            want[None] = want.get(None, 0) + Fraction(1, 6)
            continue
        for dmg in product(range(1, 7), repeat=2):
            amount = attack.resolve([die], list(dmg)).damage
            for roll in range(1, 7):
                try:
                    c = cantor.take(amount, roll).condition
                except RulesError:
                    raise
                want[c] = want.get(c, 0) + Fraction(1, 6 * 36 * 6)
    got = attack.damage().bind(cantor.outcomes).map(lambda a: a.condition).probabilities()
    assert got == want
