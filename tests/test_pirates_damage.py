"""Void Pirates damage, soak, wounds and HP, with brute-force oracles for every damage distribution."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.pirates import (
    ActionRoll,
    DamageRoll,
    after_soak,
    attack_distribution,
    attack_vs_tn_distribution,
    hit_distribution,
    max_hp,
    soak,
    stack_armor,
    stun_odds,
    wound_penalty,
)

ALL_3D6 = [sum(f) for f in product(range(1, 7), repeat=3)]


def bf_hit(count, sides, av, energy, critical=False, partial=False):
    """Oracle: enumerate every face combination of the damage dice (and the crit d4)."""
    counts = {}
    extra = range(1, 5) if critical else [0]
    total = 0
    for faces in product(range(1, sides + 1), repeat=count):
        for e in extra:
            r = sum(faces) + e
            if partial:
                r //= 2
            s = av // 2 if energy else av
            dmg = max(1, r - s)
            counts[dmg] = counts.get(dmg, 0) + 1
            total += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


def test_source_example_physical():
    """Source example: 10 Physical damage against AV 6 leaves 4."""
    assert after_soak(10, armor_value=6, damage_type="physical") == 4


def test_source_example_energy():
    """Source example: 12 Energy damage against AV 6 soaks 3 and leaves 9."""
    assert soak(6, "energy") == 3
    assert after_soak(12, armor_value=6, damage_type="energy") == 9


def test_minimum_one_gets_through():
    """Even when armour soaks everything, 1 damage reaches HP."""
    assert after_soak(3, armor_value=12, damage_type="physical") == 1


def test_energy_soak_rounds_down():
    """Half AV against Energy rounds down: AV 7 soaks 3."""
    assert soak(7, "energy") == 3


def test_armor_stacks_to_cap():
    """Worn AV stacks (Vacuum Suit 6 + Tactical Vest 4 = 10) and stops at 12."""
    assert stack_armor(6, 4) == 10
    assert stack_armor(6, 4, 4) == 12


@pytest.mark.parametrize("count,sides", [(1, 6), (2, 6), (3, 6), (2, 4)])
@pytest.mark.parametrize("av", [0, 3, 6, 12])
@pytest.mark.parametrize("energy", [False, True])
@pytest.mark.parametrize("critical,partial", [(False, False), (True, False), (False, True)])
def test_hit_distribution_matches_brute_force(count, sides, av, energy, critical, partial):
    """Damage after soak (crit d4, partial half, min 1) matches enumeration of every die face."""
    d = hit_distribution(DamageRoll(count, sides=sides), av, "energy" if energy else "physical", critical, partial)
    assert d.probabilities() == bf_hit(count, sides, av, energy, critical, partial)


def test_attack_distribution_matches_brute_force():
    """An opposed attack's damage matches enumeration of both 3d6, the 2d6 damage and the crit d4."""
    a_mod, d_mod, av = 3, 1, 4
    total = 0
    hit = bf_hit(2, 6, av, False)
    crit = bf_hit(2, 6, av, False, critical=True)
    half = bf_hit(2, 6, av, False, partial=True)
    acc = {}
    for a in ALL_3D6:
        for d in ALL_3D6:
            ta, td = a + a_mod, d + d_mod
            if a == 3 and d != 3:
                c = "loss"
            elif d == 3 and a != 3:
                c = "win"
            else:
                c = "win" if ta > td else "tie" if ta == td else "loss"
            table = {"win": crit if a == 18 else hit, "tie": half}.get(c, {0: Fraction(1)})
            for k, p in table.items():
                acc[k] = acc.get(k, 0) + p
            total += 1
    expected = {k: v / total for k, v in acc.items()}
    got = attack_distribution(ActionRoll(additional=a_mod), ActionRoll(additional=d_mod), "2d6", av, "physical")
    assert got.probabilities() == expected


def test_attack_vs_tn_misses_give_zero():
    """Against a fixed TN, a failure deals 0 and a natural 3 never hits."""
    d = attack_vs_tn_distribution(ActionRoll(), 12, "2d6", 0, "physical")
    assert d[0] == Fraction(sum(1 for n in ALL_3D6 if n <= 10), 216)


def test_max_hp_is_twice_health():
    """Max HP = HLTH x 2 (plus adjustments)."""
    assert max_hp(12) == 24
    assert max_hp(12, adjustment=4) == 28


@pytest.mark.parametrize("hp,penalty", [(40, 0), (21, 0), (20, -2), (10, -2), (9, -5), (4, -5), (3, -10), (0, -10)])
def test_wound_penalty_bands(hp, penalty):
    """Wound bands on Max HP 40: >50% none, 25-50% -2, 10-24% -5, <10% -10 (ruling WOUND_BANDS)."""
    assert wound_penalty(hp, 40) == penalty


def test_stun_odds_brute_force():
    """Stun: the AGL roll must reach TN 15; AGL 14 (+5) needs a natural 10 or more."""
    assert stun_odds(14) == Fraction(sum(1 for n in ALL_3D6 if n >= 10), 216)


def test_stun_agl_10_is_37_5_percent():
    """Stun at AGL 10 (+3): reaching TN 15 needs a natural 12, 81 of 216 (the issue's 37.5 %)."""
    assert stun_odds(10) == Fraction(3, 8)


def test_dice_parse_forms():
    """Damage dice parse '2d6', '3d6+2', '2d6x3' and print back."""
    assert str(DamageRoll.parse("3d6+2")) == "3d6+2"
    assert DamageRoll.parse("2d6x3").multiplier == 3


def test_bad_dice_text():
    """Unreadable dice name the argument."""
    with pytest.raises(RulesError, match="'dice'"):
        DamageRoll.parse("two dice")


def test_too_many_dice_refused():
    """More than 60 damage dice is a RulesError, never a long computation."""
    with pytest.raises(RulesError, match="'count'"):
        DamageRoll.parse("500d6")


def test_bad_damage_type():
    """An unknown damage type names the argument and the choices."""
    with pytest.raises(RulesError, match="'damage_type' must be one of physical, energy"):
        soak(3, "plasma")


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 500), st.integers(0, 200), st.sampled_from(["physical", "energy"]))
def test_after_soak_invariants(damage, av, kind):
    """Damage after soak is at least 1 and never more than the rolled damage (or 1)."""
    out = after_soak(damage, av, kind)
    assert 1 <= out <= max(1, damage)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30))
def test_energy_never_worse_for_attacker(av):
    """Energy damage always gets at least as much through as Physical."""
    assert after_soak(20, av, "energy") >= after_soak(20, av, "physical")


@settings(max_examples=40, deadline=None)
@given(st.integers(-1000, 1000), st.integers(1, 1000))
def test_wound_penalty_monotone(hp, mx):
    """Losing HP never lessens the wound penalty."""
    hp = min(hp, mx)
    assert wound_penalty(hp - 1, mx) <= wound_penalty(hp, mx)


def test_wound_penalty_bad_input():
    """Current HP above max is a RulesError naming current_hp."""
    with pytest.raises(RulesError, match="'current_hp'"):
        wound_penalty(30, 20)


def test_ongoing_fire_brute_force():
    """Fire: 1d6 a round; two rounds match enumeration of both dice."""
    from voidref.pirates import ongoing_damage_distribution

    d = ongoing_damage_distribution(2)
    for total in range(2, 13):
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)
        assert d[total] == Fraction(ways, 36)


def test_self_inflicted_fumble_damage():
    """Fumble face 3: the weapon's minimum damage, or 1d6 with no weapon."""
    from voidref.pirates import self_inflicted_damage

    assert self_inflicted_damage("3d6")[3] == 1
    assert self_inflicted_damage()[1] == Fraction(1, 6)
