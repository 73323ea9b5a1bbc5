"""Property tests (hypothesis) for 2D fighting: invariants over many inputs."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.twodice import (
    ArmorClass,
    Combatant,
    DamageRoll,
    Exchange,
    FightingRoll,
    Outcome,
    Weapon,
    apply_saves,
    counterattack_odds,
    damage_items,
    defense_odds,
    hit_damage_dist,
)

bonus = st.integers(-5, 15)
faces = st.integers(1, 6)
armors = st.sampled_from(list(ArmorClass))
damage_rolls = st.builds(DamageRoll, st.integers(1, 3), bonus=st.integers(-10, 8))


@given(bonus, bonus)
def test_exchange_odds_sum_to_one(a, d):
    """Both kinds of exchange give probabilities summing to 1."""
    for dist in (counterattack_odds(FightingRoll(a), FightingRoll(d)), defense_odds(FightingRoll(a), FightingRoll(d))):
        assert sum(dist.probabilities().values()) == 1


@given(bonus, bonus)
def test_higher_attack_bonus_never_hurts(a, d):
    """Adding to the attacker's bonus never lowers the chance to hit."""
    lo = defense_odds(FightingRoll(a), FightingRoll(d))[Outcome.DEFENDER_HIT]
    hi = defense_odds(FightingRoll(a + 1), FightingRoll(d))[Outcome.DEFENDER_HIT]
    assert hi >= lo


@given(bonus, bonus)
def test_counterattack_is_symmetric(a, d):
    """Swapping the two bonuses swaps who wins; ties stay ties."""
    x = counterattack_odds(FightingRoll(a), FightingRoll(d))
    y = counterattack_odds(FightingRoll(d), FightingRoll(a))
    assert x[Outcome.DEFENDER_HIT] == y[Outcome.ATTACKER_HIT]
    assert x[Outcome.BOTH_HIT] == y[Outcome.BOTH_HIT]


@given(st.lists(faces, min_size=1, max_size=4), st.integers(-30, 10))
def test_items_never_exceed_rolled_plus_bonus(rolled, modifier):
    """After the modifier, total damage is max(0, dice + modifier)."""
    assert sum(damage_items(rolled, modifier)) == max(0, sum(rolled) + modifier)


@given(st.lists(faces, min_size=0, max_size=4), st.integers(-10, 8), st.lists(faces, max_size=3))
def test_saves_only_remove_damage(rolled, modifier, saves):
    """Saves remove items, never add, and stop no more items than there are save dice."""
    items = damage_items(rolled, modifier)
    r = apply_saves(items, saves)
    assert 0 <= r.damage <= sum(items)
    assert len(r.stopped) <= len(saves)
    assert sorted(r.stopped + r.left) == sorted(items)


@given(st.lists(faces, min_size=1, max_size=3), st.lists(faces, max_size=2), faces)
def test_an_extra_save_die_never_hurts(items, saves, extra):
    """Adding a save die never lets more damage through."""
    assert apply_saves(items, saves + [extra]).damage <= apply_saves(items, saves).damage


@settings(max_examples=30, deadline=None)
@given(damage_rolls)
def test_heavier_armor_lets_through_less(damage):
    """Mean damage through armor never grows as armor gets heavier."""
    means = [hit_damage_dist(damage, a).mean() for a in ArmorClass]
    assert means == sorted(means, reverse=True)


@settings(max_examples=30, deadline=None)
@given(damage_rolls, armors)
def test_damage_dist_sums_to_one(damage, armor):
    """Each hit's damage distribution sums to 1 and is never negative."""
    d = hit_damage_dist(damage, armor)
    assert sum(d.probabilities().values()) == 1 and min(d) >= 0


@settings(max_examples=25, deadline=None)
@given(bonus, bonus, st.integers(1, 3), st.integers(0, 2), st.booleans())
def test_exchange_hits_sum_to_one(a, d, shots, counters, aware):
    """Any legal burst exchange has hit probabilities summing to 1."""
    rifle = Weapon("rifle", category="shooting", damage="2D", firing_limit=3, recoil=1, capacity=9)
    pistol = Weapon("pistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=9)
    ex = Exchange(Combatant(FightingRoll(a), rifle), Combatant(FightingRoll(d), pistol), "far", shots=shots,
                  counter_shots=counters if aware else 0, aware=aware)
    assert sum(ex.hits_dist().probabilities().values()) == 1


@given(st.one_of(st.integers(-100, 100), st.floats(), st.text(max_size=3), st.none(), st.booleans()))
def test_bad_ability_always_rules_error(value):
    """A bad ability is always a RulesError naming 'ability', never another error."""
    if isinstance(value, int) and not isinstance(value, bool) and -10 <= value <= 30:
        FightingRoll(value)
        return
    with pytest.raises(RulesError, match="'ability'"):
        FightingRoll(value)


@given(st.one_of(st.integers(), st.text(max_size=6), st.none()))
def test_bad_armor_always_rules_error(value):
    """An unknown armor class is always a RulesError naming 'armor'."""
    try:
        hit_damage_dist("1D", value)
    except RulesError as e:
        assert "'armor'" in str(e)


junk = st.one_of(st.integers(-1000, 1000), st.text(max_size=4), st.none(), st.floats(allow_nan=False), st.booleans())


@settings(max_examples=60, deadline=None)
@given(junk, junk, junk, junk)
def test_exchange_calculator_never_crashes(ability, skill, response, other):
    """Any input to the exchange calculator gives a result or a RulesError, nothing else."""
    from voidref.calc.twodice import exchange

    try:
        out = exchange(attack_ability=ability, attack_skill=skill, response=response, response_ability=other)
    except RulesError:
        return
    assert sum(Fraction(row[1]) for row in out.blocks[0].rows) == 1


@settings(max_examples=60, deadline=None)
@given(junk, junk, junk)
def test_armor_calculator_never_crashes(dice, modifier, armor):
    """Any input to the armor calculator gives a result or a RulesError, nothing else."""
    from voidref.calc.twodice import armor as armor_calculator

    try:
        armor_calculator(dice=dice, modifier=modifier, armor=armor)
    except RulesError:
        pass
