"""Void Drifters ships: exact odds of a ship attack, checked against rolling out every face."""

import itertools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters import CheckOutcome
from voidref.drifters.ships import (
    AUTOCANNON,
    CM_440_CUTTER,
    EMBER_DRIFT,
    Screen,
    ShipAttack,
    ShipStanding,
    ShipWeapon,
    attack_odds,
    resolve_outcome,
)
from voidref.errors import RulesError
from voidref.exact import Dist

ION = ShipWeapon(
    "ion lance",
    damage=3,
    ranges=("short", "medium"),
    crit=2,
    pierce=2,
    system_damage=3,
    ion=True,
    type="beam",
    mount="turret",
    arcs=("fore", "aft", "port", "starboard"),
)
TARGET = replace(CM_440_CUTTER, system_points=4, screen=Screen(damage_reduction=1, types=("beam",)))


def _oracle(attack, boon_use, standing):
    """Roll out every combination of faces and apply "Ship Damage" directly, written out by hand."""
    w, t = attack.weapon, attack.target
    counts = {}
    for faces in itertools.product(*(d.faces for d in attack.pool().dice())):
        s = sum(f.successes for f in faces)
        b = sum(f.boons for f in faces)
        br = sum(f.breakthroughs for f in faces)
        jam = b <= -3
        if s < 1:
            key = (False, 0, 0, False, jam)
        else:
            dmg = w.damage + (s - 1) + attack.boost
            red = 0
            if t.screen and attack.screens_active and w.type in t.screen.types and not w.armor_bypass:
                red = t.screen.damage_reduction
            armor = 0 if w.armor_bypass else max(0, t.armor - w.pierce)
            pairs = min(max(b, 0) // 2, armor) if boon_use == "armor" else 0
            hull = max(0, dmg - red - (armor - pairs))
            sysd = w.system_damage
            if w.ion and not w.armor_bypass:
                sysd = max(0, sysd - t.armor // 2)
            ooc = t.system_points is not None and standing.system_damage >= t.system_points
            crit = ooc or ((hull > 0 or sysd > 0) and (br >= 1 or max(b, 0) - 2 * pairs >= w.crit))
            key = (True, hull, sysd, crit, jam)
        counts[key] = counts.get(key, 0) + 1
    return Dist.from_weights(counts)


CASES = [
    (ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=2, gunnery=1, band="short"), "keep", ShipStanding()),
    (
        ShipAttack(
            EMBER_DRIFT,
            AUTOCANNON,
            CM_440_CUTTER,
            agility=2,
            gunnery=1,
            band="medium",
            limited_boon_dice=1,
            attacker_evading=True,
            boost=2,
        ),
        "armor",
        ShipStanding(hull_damage=14),
    ),
    (
        ShipAttack(EMBER_DRIFT, ION, TARGET, agility=2, gunnery=2, band="short", talent_boon_dice=1),
        "armor",
        ShipStanding(system_damage=1),
    ),
    (
        ShipAttack(EMBER_DRIFT, ION, TARGET, agility=1, gunnery=1, band="medium", bane_dice=1),
        "keep",
        ShipStanding(system_damage=4),
    ),
    (
        ShipAttack(EMBER_DRIFT, replace(ION, armor_bypass=True), TARGET, agility=3, gunnery=1, band="short"),
        "keep",
        ShipStanding(hull_damage=20),
    ),
]


@pytest.mark.parametrize("attack, boon_use, standing", CASES)
def test_odds_match_brute_force_enumeration(attack, boon_use, standing):
    """Oracle: every face combination rolled out gives the same joint distribution."""
    odds = attack_odds(attack, standing, boon_use=boon_use)
    expected = _oracle(attack, boon_use, standing)
    got = odds.outcomes.map(lambda r: (r.hit, r.hull_damage, r.system_damage, r.critical_hit, r.jam))
    assert got == expected


@pytest.mark.parametrize("attack, boon_use, standing", CASES)
def test_headline_figures_agree_with_the_oracle(attack, boon_use, standing):
    """Hit, destroyed and out-of-control chances equal the oracle's sums."""
    odds = attack_odds(attack, standing, boon_use=boon_use)
    oracle = _oracle(attack, boon_use, standing)
    assert odds.hit == oracle.prob(lambda k: k[0])
    assert odds.destroyed == oracle.prob(lambda k: standing.hull_damage + k[1] >= attack.target.hull_points)
    if attack.target.system_points is not None:
        assert odds.out_of_control == oracle.prob(
            lambda k: standing.system_damage + k[2] >= attack.target.system_points
        )


def test_ember_drift_shot_resolves_to_6_hull_damage():
    """One Ship Round regression: (2 Successes, 2 Boons) with the boost, Boons on Armor: 6 Hull Damage."""
    shot = ShipAttack(
        EMBER_DRIFT,
        AUTOCANNON,
        CM_440_CUTTER,
        agility=4,
        gunnery=2,
        band="medium",
        limited_boon_dice=2,
        talent_boon_dice=1,
        attacker_evading=True,
        boost=2,
    )
    r = resolve_outcome(shot, CheckOutcome(2, 2, 0, 0), boon_use="armor")
    assert (r.hit, r.hull_damage, r.critical_hit) == (True, 6, False)


def test_no_system_points_means_out_of_control_is_not_listed():
    """A profile without System Points gives None, not a made-up chance."""
    shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium")
    assert attack_odds(shot).out_of_control is None


def test_already_destroyed_target_stays_destroyed():
    """From a state at or past Hull Points, the chance destroyed is 1."""
    shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium")
    assert attack_odds(shot, ShipStanding(hull_damage=22)).destroyed == 1


def test_out_of_control_target_takes_a_critical_on_every_hit():
    """An out-of-control target: the chance of a Critical Hit equals the chance to hit."""
    shot = ShipAttack(EMBER_DRIFT, ION, TARGET, agility=3, gunnery=2, band="short")
    odds = attack_odds(shot, ShipStanding(system_damage=4))
    assert odds.critical_hit == odds.hit


def test_bad_boon_use_is_refused():
    """Boon use is keep or armor."""
    shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium")
    with pytest.raises(RulesError, match="'boon_use' must be one of keep, armor"):
        attack_odds(shot, boon_use="hoard")


attacks = st.builds(
    lambda ag, gu, band, lim, tal, bane, boost, armor: ShipAttack(
        EMBER_DRIFT,
        AUTOCANNON,
        replace(CM_440_CUTTER, armor=armor),
        agility=ag,
        gunnery=gu,
        band=band,
        limited_boon_dice=lim,
        talent_boon_dice=tal,
        bane_dice=bane,
        boost=boost,
    ),
    st.integers(1, 4),
    st.integers(0, 3),
    st.sampled_from(["short", "medium"]),
    st.integers(0, 3),
    st.integers(0, 1),
    st.integers(0, 2),
    st.sampled_from([0, 2]),
    st.integers(0, 6),
)


@settings(max_examples=40, deadline=None)
@given(attacks, st.sampled_from(["keep", "armor"]))
def test_probabilities_sum_to_one_and_stay_in_range(attack, boon_use):
    """Every distribution sums to exactly 1; every chance is between 0 and 1; crit needs a hit."""
    odds = attack_odds(attack, boon_use=boon_use)
    assert sum(odds.hull_damage.probabilities().values()) == 1
    assert sum(odds.system_damage.probabilities().values()) == 1
    for p in (odds.hit, odds.critical_hit, odds.jam, odds.destroyed):
        assert 0 <= p <= 1
    assert odds.critical_hit <= odds.hit


@settings(max_examples=30, deadline=None)
@given(attacks)
def test_spending_boons_on_armor_never_lowers_mean_hull_damage(attack):
    """Spending Boons on Armor can only raise the expected Hull Damage."""
    assert attack_odds(attack, boon_use="armor").hull_damage.mean() >= attack_odds(attack).hull_damage.mean()


@settings(max_examples=30, deadline=None)
@given(attacks)
def test_an_extra_boon_die_never_lowers_the_chance_to_hit(attack):
    """Adding a talent Boon Die never lowers the chance to hit."""
    more = replace(attack, talent_boon_dice=attack.talent_boon_dice + 1)
    assert attack_odds(more).hit >= attack_odds(attack).hit


@settings(max_examples=30, deadline=None)
@given(attacks, st.integers(0, 30))
def test_more_damage_taken_never_lowers_the_chance_destroyed(attack, taken):
    """From a worse state, the chance the target is destroyed is never lower."""
    a = attack_odds(attack, ShipStanding(hull_damage=taken)).destroyed
    b = attack_odds(attack, ShipStanding(hull_damage=taken + 1)).destroyed
    assert b >= a
