"""Cantor at the table: an attack's dice rolled from a random source and played by the engine's seven steps."""

import random
from collections import Counter

import pytest
from chi_square import LoadedRandom, dice_source, goodness_of_fit
from hypothesis import assume, given
from hypothesis import strategies as st

from voidref.cantor import (
    AS_PRINTED,
    STANDARD,
    Arc,
    Attack,
    Condition,
    DamageRoll,
    DamageType,
    RangeCheck,
    Rulings,
    Situation,
    Target,
    Weapon,
)
from voidref.errors import RulesError
from voidref.exact import Dist

ROLLS = 10_000
"""Attacks behind each chi-square test."""

SEED = 33
"""The seed of every chi-square test (issue 33)."""

ATTACKS = {
    # 2d6 keep highest, Grit 1, against an Invisible, Locked target: the coin, the weapon's dice and a Sniper d6.
    "invisible": Attack(Weapon("Rifle", damage="2d6", max_range=8, sniper_dice=1),
                        Target(evasion=5, armor=1, conditions=(Condition.INVISIBLE, Condition.LOCK_ON)),
                        Situation(distance=3, grit=1, extra_accuracy=1)),
    # 3d6 keep lowest, Impaired, past optimal range: fall-off, and Reliable 2 through Armor 1 on a miss.
    "keep lowest": Attack(Weapon("Laser", damage="1d8+1", damage_type="energy", max_range=9, reliable=2),
                          Target(evasion=4, armor=1), Situation(distance=7, grit=2, extra_difficulty=1, impaired=True)),
}
"""The attacks of the chi-square tests, each exercising a different part of the roll."""


def _exact(attack: Attack) -> Dist:
    """The exact distribution of ``(hit, damage)`` from ``Attack.odds``: chance to hit, then each branch's damage."""
    odds = attack.odds()
    hit = Dist({True: odds.chance_to_hit, False: 1 - odds.chance_to_hit})
    return hit.bind(lambda h: odds.damage_on_hit.map(lambda d: (True, d)) if h
                    else Dist.always((False, odds.damage_on_miss)))


def _fit(attack: Attack, rng: random.Random):
    """The chi-square fit of ROLLS rolled attacks' ``(hit, damage)`` to the exact odds."""
    counts = Counter((r.hit, r.damage) for r in (attack.roll(rng) for _ in range(ROLLS)))
    return goodness_of_fit(counts, _exact(attack))


@pytest.mark.parametrize("name", ATTACKS)
def test_rolled_attacks_fit_the_exact_odds(name):
    """Accuracy d6s, the Invisible coin and the damage dice from a seeded source: 10,000 attacks fit
    ``Attack.odds`` (p > 0.001)."""
    fit = _fit(ATTACKS[name], random.Random(SEED))
    assert fit.p > 0.001, fit


@pytest.mark.parametrize("name", ATTACKS)
def test_attack_fit_catches_a_loaded_die(name):
    """The same test rejects dice that favour their top face (so it can fail)."""
    fit = _fit(ATTACKS[name], LoadedRandom(SEED))
    assert fit.p < 0.001, fit


CONDITIONS = [Condition.INVISIBLE, Condition.LOCK_ON, Condition.EXPOSED, Condition.SHREDDED, Condition.STUNNED,
              Condition.PRONE]
RULINGS = [STANDARD, AS_PRINTED, Rulings(reliable_when_no_attack=True), Rulings(net_zero="one_die"),
           Rulings(reliable_floors_a_hit=False)]


@st.composite
def attacks(draw) -> Attack:
    """Any attack the engine accepts: a melee or ranged weapon, a target's defenses and statuses, a situation."""
    melee = draw(st.booleans())
    try:
        weapon = Weapon(
            "W", damage=DamageRoll(draw(st.integers(0, 3)), sides=draw(st.sampled_from([4, 6, 8, 10])),
                                   bonus=draw(st.integers(-2, 3))),
            damage_type=draw(st.sampled_from(list(DamageType))), melee=melee,
            max_range=1 if melee else draw(st.integers(1, 10)), min_range=0 if melee else draw(st.integers(0, 2)),
            reliable=draw(st.integers(0, 2)), armor_piercing=draw(st.booleans()), aimable=draw(st.booleans()),
            sniper_dice=draw(st.integers(0, 2)))
        target = Target(evasion=draw(st.integers(0, 10)), e_defense=draw(st.integers(0, 10)),
                        armor=draw(st.integers(0, 3)), conditions=draw(st.sets(st.sampled_from(CONDITIONS))),
                        braced=draw(st.booleans()))
        situation = Situation(distance=draw(st.integers(0, 12)), target_arc=draw(st.sampled_from(list(Arc))),
                              grit=draw(st.integers(0, 3)), impaired=draw(st.booleans()),
                              aimed=weapon.can_aim and draw(st.booleans()), graze=melee and draw(st.booleans()),
                              extra_accuracy=draw(st.integers(0, 3)), extra_difficulty=draw(st.integers(0, 4)))
        return Attack(weapon, target, situation, rulings=draw(st.sampled_from(RULINGS)))
    except RulesError:
        assume(False)
        raise


@given(attack=attacks(), data=st.data())
def test_a_rolled_attack_reads_as_resolve_reads_its_dice(attack, data):
    """A rolled attack is ``resolve`` of the dice it rolled: as many accuracy d6s as ``dice()`` says (none for a
    Graze or no attack), damage dice only on a hit, the Invisible miss only against an Invisible target."""
    rolled = attack.roll(dice_source(data))
    assert rolled == attack.resolve(rolled.attack_dice, rolled.damage_dice, rolled.invisible_miss)
    rolls = attack.range_check() is RangeCheck.IN_RANGE and not attack.situation.graze
    assert len(rolled.attack_dice) == (attack.dice()[0] if rolls else 0)
    assert all(1 <= face <= 6 for face in rolled.attack_dice)
    assert rolled.hit or not rolled.damage_dice
    assert not rolled.invisible_miss or attack.target.has(Condition.INVISIBLE)


def test_out_of_range_reliable_lands_when_played_as_in_the_odds():
    """Out of range with Reliable 2 under ``reliable_when_no_attack``: a played attack lands 2, as the odds say."""
    gun = Weapon("Needler", damage="1d6", max_range=3, reliable=2)
    attack = Attack(gun, Target(), Situation(distance=5), rulings=Rulings(reliable_when_no_attack=True))
    assert attack.odds().damage == Dist.always(2)
    assert attack.resolve().damage == attack.roll(random.Random(1)).damage == 2


BAD_SOURCES = [None, 7, "seed", random, random.Random]
"""Not a source of dice: nothing, a seed, text, the random module, the class instead of a value."""


@pytest.mark.parametrize("rng", BAD_SOURCES, ids=repr)
def test_an_attack_refuses_a_bad_source_by_name(rng):
    """An attack needs a random.Random; anything else is refused naming ``rng``."""
    with pytest.raises(RulesError, match="'rng'") as caught:
        ATTACKS["invisible"].roll(rng)
    assert caught.value.argument == "rng"


def test_the_operating_systems_source_is_accepted():
    """random.SystemRandom, the site's source, is a random.Random and rolls."""
    assert len(ATTACKS["invisible"].roll(random.SystemRandom()).attack_dice) == 2
