"""2D fighting at the table: fighting rolls, exchanges and damage with saves rolled from a random source."""

import random
from collections import Counter

import pytest
from chi_square import LoadedRandom, dice_source, goodness_of_fit
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.twodice import (
    AS_PRINTED,
    KNIFE,
    STANDARD,
    ArmorClass,
    Combatant,
    DamageRoll,
    Exchange,
    FightingRoll,
    Rulings,
    Weapon,
    apply_saves,
    damage_items,
    hit_damage_dist,
    roll_hit_damage,
)

ROLLS = 10_000
"""Rolls behind each chi-square test."""

SEED = 33
"""The seed of every chi-square test (issue 33)."""

ROLL = FightingRoll(3, 1, modifier=-1)
PISTOL = Weapon("autopistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=12)
EXCHANGE = Exchange(Combatant(FightingRoll(3, 1), PISTOL),
                    Combatant(FightingRoll(2, 1), PISTOL, defense=FightingRoll(4)), "far", shots=2, counter_shots=1)
"""A burst of two against one counter shot: a counterattack test, then a defense test, recoil on every shot."""
HITS = {"3D+2 into medium armor": ("3D+2", "medium"), "2D-3 into light armor": ("2D-3", "light")}
"""Damage against armor for the damage tests: a flat bonus as an item of its own, and a modifier off the dice."""


def _roll_fit(rng: random.Random):
    counts = Counter(ROLL.roll(rng).total for _ in range(ROLLS))
    return goodness_of_fit(counts, ROLL.dist())


def _exchange_fit(rng: random.Random):
    counts = Counter((r.hits_on_defender, r.hits_on_attacker) for r in (EXCHANGE.roll(rng) for _ in range(ROLLS)))
    return goodness_of_fit(counts, EXCHANGE.hits_dist())


def _damage_fit(name: str, rng: random.Random):
    damage, armor = HITS[name]
    counts = Counter(roll_hit_damage(damage, armor, rng).damage for _ in range(ROLLS))
    return goodness_of_fit(counts, hit_damage_dist(damage, armor))


def test_fighting_rolls_fit_the_exact_odds():
    """2D from a seeded source: 10,000 totals fit ``FightingRoll.dist`` (p > 0.001)."""
    fit = _roll_fit(random.Random(SEED))
    assert fit.p > 0.001, fit


def test_fighting_roll_fit_catches_a_loaded_die():
    """The same test rejects dice that favour their 6 (so it can fail)."""
    fit = _roll_fit(LoadedRandom(SEED))
    assert fit.p < 0.001, fit


def test_exchanges_fit_the_exact_odds():
    """Each test's 2D from a seeded source: the hits of 10,000 exchanges fit ``Exchange.hits_dist`` (p > 0.001)."""
    fit = _exchange_fit(random.Random(SEED))
    assert fit.p > 0.001, fit


def test_exchange_fit_catches_a_loaded_defender():
    """The same test rejects an exchange whose defender's dice favour their 6 (so it can fail).

    Each test draws the attacker's 2D, then the defender's: the source loads the third and fourth draw of every four.
    (Dice loaded alike on both sides leave a contest of totals nearly as it was.)
    """
    fit = _exchange_fit(LoadedRandom(SEED, pattern=(False, False, True, True)))
    assert fit.p < 0.001, fit


@pytest.mark.parametrize("name", HITS)
def test_damage_with_saves_fits_the_exact_odds(name):
    """Damage and save dice from a seeded source: the damage of 10,000 hits fits ``hit_damage_dist`` (p > 0.001)."""
    fit = _damage_fit(name, random.Random(SEED))
    assert fit.p > 0.001, fit


@pytest.mark.parametrize("name", HITS)
def test_damage_fit_catches_a_loaded_die(name):
    """The same test rejects dice that favour their 6 (so it can fail)."""
    fit = _damage_fit(name, LoadedRandom(SEED))
    assert fit.p < 0.001, fit


rulings = st.sampled_from([STANDARD, AS_PRINTED, Rulings(zero_dice_dropped=False),
                           Rulings(counter_ties_hit_both_ways=False)])


@given(ability=st.integers(-3, 8), skill=st.integers(0, 5), modifier=st.integers(-5, 3), data=st.data())
def test_a_fighting_roll_totals_its_two_dice(ability, skill, modifier, data):
    """A rolled fighting roll keeps two d6 faces, and its total is ``FightingRoll.total`` of them."""
    roll = FightingRoll(ability, skill, modifier)
    rolled = roll.roll(dice_source(data))
    assert len(rolled.dice) == 2 and all(1 <= face <= 6 for face in rolled.dice)
    assert rolled.total == roll.total(rolled.dice)


@given(attacker=st.integers(0, 6), defender=st.integers(0, 6), shots=st.integers(1, 2),
       counter_shots=st.integers(0, 2), aware=st.booleans(), rulings=rulings, data=st.data())
def test_a_rolled_exchange_reads_as_resolve_reads_its_dice(attacker, defender, shots, counter_shots, aware, rulings,
                                                           data):
    """A rolled exchange is ``resolve`` of its faces: one 2D for the attacker in every test, one for the defender in
    every test the defender rolls in."""
    exchange = Exchange(Combatant(FightingRoll(attacker), PISTOL), Combatant(FightingRoll(defender), PISTOL), "far",
                        shots=shots, counter_shots=counter_shots if aware else 0, aware=aware, rulings=rulings)
    rolled = exchange.roll(dice_source(data))
    assert len(rolled.attacker_dice) == len(exchange.kinds)
    assert len(rolled.defender_dice) == sum(1 for _, _, d in exchange.rolls() if d is not None)
    assert rolled == exchange.resolve(list(rolled.attacker_dice), list(rolled.defender_dice))


@given(count=st.integers(1, 4), bonus=st.integers(-8, 6), armor=st.sampled_from(list(ArmorClass)), rulings=rulings,
       data=st.data())
def test_rolled_damage_reads_as_the_saves_read_its_faces(count, bonus, armor, rulings, data):
    """A hit keeps its damage and save faces; its items are ``damage_items`` of the damage faces, and the saves stop
    them as ``apply_saves`` does (an item kept at 0 deals nothing)."""
    rolled = roll_hit_damage(DamageRoll(count, bonus=bonus), armor, dice_source(data), rulings=rulings)
    assert len(rolled.faces) == count and len(rolled.save_faces) == armor.save_dice
    items = damage_items(rolled.faces, bonus, rulings=rulings)
    assert rolled.saved.items == items
    read = apply_saves([i for i in items if i], rolled.save_faces)
    assert rolled.damage == read.damage
    if 0 not in items:
        assert rolled.saved == read


def test_a_knife_fight_draws_no_defender_dice_when_unaware():
    """An unaware defender rolls nothing: the exchange draws the attacker's 2D only."""
    exchange = Exchange(Combatant(FightingRoll(2), KNIFE), Combatant(FightingRoll(2)), "near", aware=False)
    rolled = exchange.roll(random.Random(5))
    assert (len(rolled.attacker_dice), rolled.defender_dice) == (1, ())


def test_an_exchange_given_sums_keeps_no_faces():
    """``resolve`` keeps the faces it was given as pairs, and none when it was given sums."""
    assert EXCHANGE.resolve([(5, 2), (3, 3)], [(4, 4), (1, 2)]).attacker_dice == ((5, 2), (3, 3))
    assert EXCHANGE.resolve([7, 6], [8, 3]).attacker_dice == ()


BAD_SOURCES = [None, 7, "seed", random, random.Random]
"""Not a source of dice: nothing, a seed, text, the random module, the class instead of a value."""


@pytest.mark.parametrize("rng", BAD_SOURCES, ids=repr)
@pytest.mark.parametrize("roll", [ROLL.roll, EXCHANGE.roll, lambda rng: roll_hit_damage("2D", "light", rng)],
                         ids=["fighting roll", "exchange", "damage"])
def test_every_roll_refuses_a_bad_source_by_name(roll, rng):
    """Each roll needs a random.Random; anything else is refused naming ``rng``."""
    with pytest.raises(RulesError, match="'rng'") as caught:
        roll(rng)
    assert caught.value.argument == "rng"


def test_the_operating_systems_source_is_accepted():
    """random.SystemRandom, the site's source, is a random.Random and rolls."""
    assert len(ROLL.roll(random.SystemRandom()).dice) == 2
