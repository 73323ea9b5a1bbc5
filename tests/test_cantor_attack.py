"""The seven steps of a Cantor attack together: exact odds against every die enumerated."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.cantor import Attack, RangeCheck, Situation, Target, Weapon
from voidref.cantor.kinds import Condition, Keep
from voidref.errors import RulesError


def _resolve_any(attack, faces, coin):
    try:
        return attack.resolve(faces, [], invisible_miss=coin)
    except RulesError:
        return None


CASES = [
    (Weapon("Carbine", damage="1d6+1", max_range=8), Target(evasion=6, armor=1), Situation(distance=3, grit=2)),
    (Weapon("Rail", damage="2d6", max_range=10, reliable=2), Target(evasion=7, armor=3, conditions=["lock on"]),
     Situation(distance=7, grit=1, bolstered=True)),
    (Weapon("Claws", damage="1d6", swarm=True, melee=True), Target(evasion=8, conditions=["invisible", "exposed"]),
     Situation(target_arc="rear", swarm_allies=4, grit=2)),
    (Weapon("Beam", damage="1d6", damage_type="energy", max_range=6, reliable=1),
     Target(evasion=6, armor=2, braced=True),
     Situation(distance=5, cover="hard", impaired=True, grit=3)),
    (Weapon("Lance", damage="1d6", mount="line", max_range=10, sniper_dice=1),
     Target(evasion=5, size=1, conditions=["lock on", "stunned"]), Situation(distance=4, aimed=True, grit=2)),
]


@pytest.mark.parametrize("weapon,target,situation", CASES)
def test_odds_match_enumerating_every_die(weapon, target, situation):
    """Oracle: chance to hit and the damage distribution equal a full enumeration of resolve()."""
    attack = Attack(weapon, target, situation)

    def brute():
        count, _ = attack.dice()
        invisible = target.has(Condition.INVISIBLE)
        coins = [(True, Fraction(1, 2)), (False, Fraction(1, 2))] if invisible else [(False, Fraction(1))]
        roll = weapon.damage
        n = roll.count * (2 if situation.aimed else 1) + (weapon.sniper_dice if target.has("lock on") else 0)
        dmg_faces = list(product(range(1, 7), repeat=n))
        hit_p, dist = Fraction(0), {}
        for faces in product(range(1, 7), repeat=count):
            for coin, pc in coins:
                p = pc / 6**count
                probe = _resolve_any(attack, list(faces), coin)
                if probe is not None and not probe.hit:
                    dist[probe.damage] = dist.get(probe.damage, 0) + p
                    continue
                hit_p += p
                for dmg in dmg_faces:
                    r = attack.resolve(list(faces), list(dmg), invisible_miss=coin)
                    assert r.hit
                    dist[r.damage] = dist.get(r.damage, 0) + p / len(dmg_faces)
        return hit_p, dist

    hit_p, dist = brute()
    assert attack.chance_to_hit() == hit_p
    assert attack.damage().probabilities() == dist


def test_out_of_range_is_no_attack():
    """Step 2: out of range means no hit, no Reliable, nothing spent."""
    a = Attack(Weapon("Pistol", damage="1d6", max_range=3, reliable=2), Target(conditions=["lock on"]),
               Situation(distance=4))
    assert a.range_check() is RangeCheck.OUT_OF_RANGE
    assert a.chance_to_hit() == 0
    assert a.damage().probabilities() == {0: 1}
    assert a.resolve().spent == ()


def test_too_close_ordnance():
    """Step 2: ordnance inside its Min Range reports TOO CLOSE and does nothing."""
    a = Attack(Weapon("Rocket", damage="2d6", max_range=10, min_range=3, reliable=1), Target(), Situation(distance=2))
    assert a.range_check() is RangeCheck.TOO_CLOSE
    assert a.resolve().log[-1] == "2 Range: TOO CLOSE; no attack"
    assert Attack(a.weapon, a.target, Situation(distance=3)).range_check() is RangeCheck.IN_RANGE


def test_lock_on_and_bolster_spent_by_an_in_range_attack():
    """Lock On and Bolster are consumed by an in-range attack, hit or miss."""
    a = Attack(Weapon("Gun", damage="1d6", max_range=5), Target(evasion=20, conditions=["lock on"]),
               Situation(distance=2, bolstered=True))
    assert a.resolve([1, 1]).spent == ("Lock On", "Bolster")


def test_on_hit_riders_burn_and_knockback_on_a_hit_only():
    """On-hit riders, Burn and knockback come with a hit, not with a miss."""
    w = Weapon("Harpoon", damage="1d6", max_range=5, on_hit=["prone", "slowed"], burn=2, knockback=1, reliable=1)
    a = Attack(w, Target(evasion=4), Situation(distance=2))
    hit = a.resolve([4, 5], [4])
    assert (hit.riders, hit.burn, hit.knockback) == ((Condition.PRONE, Condition.SLOWED), 2, 1)
    miss = a.resolve([1, 1])
    assert (miss.riders, miss.burn, miss.knockback, miss.damage) == ((), 0, 0, 1)


def test_graze_lands_for_half():
    """Graze: no roll, lands for half damage (rounded down), floor 1."""
    a = Attack(Weapon("Blade", damage="2d6", melee=True), Target(armor=1), Situation(graze=True))
    assert a.chance_to_hit() == 1
    assert a.resolve([], [4, 5]).damage == 3
    assert a.resolve([], [1, 1]).damage == 1


def test_graze_needs_melee():
    """Bad input: a Graze with a ranged weapon raises RulesError naming 'graze'."""
    with pytest.raises(RulesError, match="'graze'"):
        Attack(Weapon("Gun", damage="1d6", max_range=5), Target(), Situation(graze=True))


def test_wrong_number_of_attack_dice():
    """Bad input: resolve() with the wrong number of attack dice names 'attack_dice'."""
    a = Attack(Weapon("Gun", damage="1d6", max_range=5), Target(), Situation(distance=1))
    with pytest.raises(RulesError, match="'attack_dice'"):
        a.resolve([3])
    with pytest.raises(RulesError, match="'attack_dice'"):
        a.resolve([3, 7])


def test_difficulty_ahead_keeps_lowest():
    """Ruling: with difficulty ahead the roll keeps the lowest die."""
    a = Attack(Weapon("Gun", damage="1d6", max_range=5), Target(evasion=4), Situation(distance=2, cover="soft"))
    assert a.dice() == (3, Keep.LOWEST)
    assert not a.resolve([6, 6, 3]).hit


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 6), st.integers(0, 4), st.sampled_from(["none", "soft", "hard"]), st.integers(0, 12),
       st.integers(0, 4), st.booleans())
def test_damage_distribution_is_a_distribution(swarm, grit, cover, evasion, armor, invisible):
    """Invariant: the overall damage distribution sums to 1; chance to hit is a probability."""
    w = Weapon("Claws", damage="1d6", swarm=True, melee=True, reliable=1)
    t = Target(evasion=evasion, armor=armor, conditions=["invisible"] if invisible else [])
    a = Attack(w, t, Situation(swarm_allies=swarm, grit=grit, cover=cover))
    assert sum(a.damage().probabilities().values()) == 1
    assert 0 <= a.chance_to_hit() <= 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.integers(0, 12))
def test_more_cover_never_helps_the_attacker(grit, evasion):
    """Invariant: harder cover never raises the chance to hit."""
    w = Weapon("Gun", damage="1d6", max_range=8)
    chances = [Attack(w, Target(evasion=evasion), Situation(distance=3, grit=grit, cover=c)).chance_to_hit()
               for c in ("none", "soft", "hard")]
    assert chances[0] >= chances[1] >= chances[2]
