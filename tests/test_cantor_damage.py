"""Step 5 of a Cantor attack (fall-off, Exposed, Armor, AP/Shredded, Brace, floors, Reliable) and Blast."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import (
    GRAPPLE,
    Bystander,
    Situation,
    Target,
    Weapon,
    blast_damage,
    blast_splash,
    damage_from_roll,
    damage_on_hit,
    damage_on_miss,
    damage_roll,
    fall_off,
)
from voidref.errors import RulesError


def _naive(rolled, *, falloff, reliable, exposed, armor, ignore_armor, braced_front, hit, graze=False):
    """The card's step 5 written out plainly, as an oracle."""
    if hit:
        x = rolled
        if falloff:
            x = max(1, x - falloff)
        x = max(x, reliable)
        if graze:
            x //= 2
    else:
        x = reliable
    if exposed:
        x *= 2
    if not ignore_armor:
        x = max(0, x - armor)
    if braced_front:
        x //= 2
    if hit:
        x = max(1, x)
    return x


def test_optimal_range_is_half_rounded_up():
    """Step 5: optimal range is half the maximum Range, rounded up."""
    assert Weapon("a", damage="1d6", max_range=7).optimal_range == 4
    assert Weapon("b", damage="1d6", max_range=8).optimal_range == 4


@pytest.mark.parametrize("kind,loss", [("kinetic", 2), ("energy", 1), ("sonic", 1), ("tech", 0)])
def test_fall_off_by_damage_type(kind, loss):
    """Step 5: past optimal range Kinetic loses 2, Energy and Sonic 1, Tech nothing (ruling)."""
    w = Weapon("w", damage="1d6", damage_type=kind, max_range=8)
    assert fall_off(w, 4) == 0
    assert fall_off(w, 5) == loss


def test_melee_never_falls_off():
    """Step 5: melee never loses damage to range."""
    assert fall_off(Weapon("Spear", damage="1d6", melee=True, max_range=2), 2) == 0


def test_fall_off_never_below_one():
    """Step 5: fall-off never takes a hit's damage below 1."""
    w = Weapon("w", damage="1d6", max_range=8)
    assert damage_from_roll(2, w, Target(), Situation(distance=7)).after_fall_off == 1


def test_reliable_minimum_untouched_by_fall_off():
    """Step 5: a Reliable minimum is not reduced by fall-off."""
    w = Weapon("w", damage="1d6", max_range=8, reliable=3)
    assert damage_from_roll(2, w, Target(), Situation(distance=7)).after_fall_off == 3


def test_exposed_doubles_before_armor():
    """Step 5: Exposed doubles, then Armor comes off."""
    w = Weapon("w", damage="1d6", max_range=8)
    assert damage_from_roll(4, w, Target(armor=3, conditions=["exposed"]), Situation()).final == 5


def test_ap_and_shredded_skip_armor():
    """Step 5: AP and Shredded skip Armor."""
    ap = Weapon("ap", damage="1d6", armor_piercing=True)
    assert damage_from_roll(4, ap, Target(armor=3), Situation()).final == 4
    plain = Weapon("p", damage="1d6")
    assert damage_from_roll(4, plain, Target(armor=3, conditions=["shredded"]), Situation()).final == 4


def test_brace_front_arc_only():
    """Step 5: Brace halves what is left, only against an attack into the front arc."""
    w = Weapon("w", damage="1d6")
    t = Target(braced=True)
    assert damage_from_roll(5, w, t, Situation(target_arc="front")).final == 2
    assert damage_from_roll(5, w, t, Situation(target_arc="side")).final == 5


def test_min_one_floor_on_a_clean_hit():
    """Step 5: a clean hit deals at least 1 after every reduction."""
    w = Weapon("w", damage="1d6")
    assert damage_from_roll(1, w, Target(armor=5, braced=True), Situation()).final == 1


def test_pure_control_grapple_deals_nothing():
    """Step 5: the pure-control grapple is the exception to the floor: it deals 0."""
    assert damage_from_roll(0, GRAPPLE, Target(), Situation()).final == 0
    assert damage_on_hit(GRAPPLE, Target(), Situation()).probabilities() == {0: 1}


def test_reliable_one_into_armor_three_does_nothing():
    """Step 5: "Reliable 1 into Armor 3 does nothing" (no floor on a miss)."""
    assert damage_on_miss(Weapon("w", damage="1d6", reliable=1), Target(armor=3), Situation()) == 0


def test_reliable_miss_doubled_by_exposed():
    """Ruling: Reliable on a miss goes through Exposed and Armor."""
    w = Weapon("w", damage="1d6", reliable=2)
    assert damage_on_miss(w, Target(armor=1, conditions=["exposed"]), Situation()) == 3


def test_aim_rolls_dice_twice_not_bonus():
    """Aim: an extra instance of the damage dice (not the flat bonus: ruling)."""
    w = Weapon("Lance", damage="1d6+2", max_range=10, aimable=True)
    assert damage_roll(w, Target(), Situation(aimed=True)) == damage_roll(
        Weapon("x", damage="2d6+2"), Target(), Situation()
    )


def test_aim_needs_aimable_weapon():
    """Aim: only Aimable or line-shaped weapons; otherwise RulesError naming 'aimed'."""
    with pytest.raises(RulesError, match="'aimed'"):
        damage_roll(Weapon("Gun", damage="1d6"), Target(), Situation(aimed=True))
    assert Weapon("Spinal", damage="1d6", mount="line", max_range=10).can_aim


def test_sniper_dice_only_on_locked_target():
    """Sniper's mark: +Nd6 only while the target carries Lock On."""
    w = Weapon("Longarm", damage="1d6", max_range=12, sniper_dice=1)
    assert damage_roll(w, Target(), Situation()).mean() == Fraction(7, 2)
    assert damage_roll(w, Target(conditions=["lock on"]), Situation()).mean() == 7


@pytest.mark.parametrize("count,bonus", [(1, 0), (2, 1), (3, -1)])
@pytest.mark.parametrize("distance", [2, 7])
@pytest.mark.parametrize(
    "target",
    [Target(armor=2), Target(armor=1, conditions=["exposed"]), Target(armor=4, braced=True),
     Target(armor=3, conditions=["shredded", "exposed"], braced=True)],
)
@pytest.mark.parametrize("reliable", [0, 2])
def test_damage_on_hit_matches_enumeration(count, bonus, distance, target, reliable):
    """Step 5 oracle: the exact hit damage equals enumerating every damage die through the plain rules."""
    w = Weapon("w", damage=f"{count}d6{bonus:+d}", damage_type="kinetic", max_range=8, reliable=reliable)
    s = Situation(distance=distance)
    want = {}
    for faces in product(range(1, 7), repeat=count):
        rolled = max(0, sum(faces) + bonus)
        x = _naive(rolled, falloff=2 if distance > 4 else 0, reliable=reliable,
                   exposed=target.has("exposed"), armor=target.armor,
                   ignore_armor=target.has("shredded"), braced_front=target.braced, hit=True)
        want[x] = want.get(x, 0) + Fraction(1, 6**count)
    assert damage_on_hit(w, target, s).probabilities() == want


def test_blast_half_raw_minus_armor_no_floor():
    """Blast: half the raw damage minus the unit's own Armor, never floored to 1."""
    assert blast_damage(7, armor=0) == 3
    assert blast_damage(7, armor=3) == 0


def test_blast_hits_friend_and_foe_not_attacker_or_scenery():
    """Blast: friend and foe alike; the attacker and scenery are exempt."""
    w = Weapon("Mortar", damage="2d6", blast=1, max_range=10)
    out = blast_splash(w, 10, [Bystander("friend"), Bystander("foe", armor=2), Bystander("me", attacker=True),
                               Bystander("rock", scenery=True), Bystander("far", distance=2)])
    assert out == {"friend": 5, "foe": 3}


@given(st.integers(0, 60), st.integers(0, 20), st.booleans(), st.booleans(), st.booleans(),
       st.sampled_from(["front", "side", "rear"]), st.integers(0, 12), st.integers(1, 12))
def test_hit_damage_matches_oracle(rolled, armor, exposed, shredded, braced, arc, reliable, distance):
    """Property: damage_from_roll agrees with the plain-rules oracle on any input."""
    conds = [c for c, on in (("exposed", exposed), ("shredded", shredded)) if on]
    t = Target(armor=armor, conditions=conds, braced=braced)
    w = Weapon("w", damage="2d6", damage_type="energy", max_range=8, reliable=reliable)
    s = Situation(distance=distance, target_arc=arc)
    for hit in (True, False):
        got = damage_from_roll(rolled, w, t, s, hit=hit).final
        want = _naive(rolled, falloff=1 if distance > 4 else 0, reliable=reliable, exposed=exposed, armor=armor,
                      ignore_armor=shredded, braced_front=braced and arc == "front", hit=hit)
        assert got == want


@given(st.integers(1, 4), st.integers(0, 10), st.booleans())
def test_damage_distribution_sums_to_one(count, armor, exposed):
    """Invariant: a hit's damage distribution sums to 1 and never goes below 1."""
    t = Target(armor=armor, conditions=["exposed"] if exposed else [])
    d = damage_on_hit(Weapon("w", damage=f"{count}d6"), t, Situation())
    assert sum(d.probabilities().values()) == 1
    assert min(d) >= 1


@pytest.mark.parametrize(
    "kwargs,name",
    [({"damage": "2x6"}, "damage"), ({"max_range": 0}, "max_range"), ({"damage_type": "fire"}, "damage_type"),
     ({"reliable": -1}, "reliable"), ({"on_hit": "prone"}, "on_hit"), ({"min_range": 20}, "min_range")],
)
def test_bad_weapon_names_argument(kwargs, name):
    """Bad input: a Weapon with a bad field raises RulesError naming it."""
    args = {"name": "w", "damage": "1d6", **kwargs}
    with pytest.raises(RulesError, match=f"'{name}'"):
        Weapon(**args)


def test_blast_splash_distribution_matches_enumeration():
    """Blast oracle: the splash on a bystander over every damage roll equals enumerating the dice."""
    mortar = Weapon("Mortar", damage="2d6+1", max_range=10, blast=1)
    got = damage_roll(mortar, Target(), Situation(distance=3)).map(lambda raw: blast_damage(raw, 2))
    want = {}
    for a, b in product(range(1, 7), repeat=2):
        x = max(0, (a + b + 1) // 2 - 2)
        want[x] = want.get(x, 0) + Fraction(1, 36)
    assert got.probabilities() == want


def test_aim_and_sniper_roll_matches_enumeration():
    """Aim and Sniper oracle: 1d6 aimed plus 1d6 Sniper on a Locked target is three d6, enumerated."""
    lance = Weapon("Lance", damage="1d6", mount="line", max_range=10, sniper_dice=1)
    got = damage_roll(lance, Target(conditions=["lock on"]), Situation(aimed=True))
    want = {}
    for faces in product(range(1, 7), repeat=3):
        want[sum(faces)] = want.get(sum(faces), 0) + Fraction(1, 216)
    assert got.probabilities() == want
