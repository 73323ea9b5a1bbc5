"""Steps 1–4 of a Cantor attack: defense, sources, the keep-one d6 roll, the hit."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import (
    Situation,
    Target,
    Weapon,
    accuracy_sources,
    attack_total,
    defense_value,
    difficulty_sources,
    hit_chance,
    kept_die,
    net_accuracy,
)
from voidref.cantor.rulings import dice_for_net
from voidref.errors import RulesError

GUN = Weapon("Gun", damage="1d6", damage_type="kinetic", max_range=8)


def _brute_kept(net):
    count, keep = dice_for_net(net)
    pick = max if keep.value == "highest" else min
    weights = {}
    for faces in product(range(1, 7), repeat=count):
        k = pick(faces)
        weights[k] = weights.get(k, 0) + 1
    total = 6**count
    return {k: Fraction(w, total) for k, w in weights.items()}


@pytest.mark.parametrize("net", range(-3, 6))
def test_kept_die_matches_enumeration(net):
    """Step 3: the kept die equals enumerating every face of every die (keep highest / lowest)."""
    assert kept_die(net).probabilities() == _brute_kept(net)


@pytest.mark.parametrize("net", range(-3, 5))
@pytest.mark.parametrize("grit,impaired", [(0, False), (2, False), (2, True), (3, True)])
def test_attack_total_matches_enumeration(net, grit, impaired):
    """Step 3: total = kept die + Grit − 2 if Impaired, by enumerating every die."""
    want = {}
    for k, p in _brute_kept(net).items():
        t = k + grit - (2 if impaired else 0)
        want[t] = want.get(t, 0) + p
    assert attack_total(net, grit, impaired).probabilities() == want


def test_five_sources_against_four_difficulty_roll_one_die():
    """Step 3: five accuracy sources against four difficulty net to a single die."""
    weapon = Weapon("Claws", damage="1d6", swarm=True)
    target = Target(conditions=["lock on", "prone"])
    situation = Situation(bolstered=True, target_arc="side", swarm_allies=1, cover="hard", extra_difficulty=2)
    assert len(accuracy_sources(weapon, target, situation)) == 5
    assert net_accuracy(weapon, target, situation) == 1
    assert dice_for_net(1) == (1, dice_for_net(2)[1])


def test_swarm_capped_at_three():
    """Swarm: +1 per other adjacent friendly unit, at most +3."""
    weapon = Weapon("Claws", damage="1d6", swarm=True)
    srcs = accuracy_sources(weapon, Target(), Situation(swarm_allies=6))
    assert [s.dice for s in srcs if s.name == "Swarm"] == [3]


def test_swarm_needs_swarm_weapon():
    """Swarm: only Swarm-tagged weapons get it."""
    assert accuracy_sources(GUN, Target(), Situation(swarm_allies=2)) == ()


def test_high_ground_ranged_only():
    """High ground: +1 die on a ranged shot; a melee weapon gets nothing."""
    assert net_accuracy(GUN, Target(), Situation(distance=3, high_ground=True)) == 1
    melee = Weapon("Blade", damage="1d6", melee=True)
    assert net_accuracy(melee, Target(), Situation(high_ground=True)) == 0


def test_rear_arc_adds_die_and_drops_defense():
    """Flanking: the rear arc adds a die and drops defense by 2; the side arc only adds a die."""
    target = Target(evasion=9)
    assert net_accuracy(GUN, target, Situation(target_arc="rear")) == 1
    assert defense_value(GUN, target, Situation(target_arc="rear")) == 7
    assert defense_value(GUN, target, Situation(target_arc="side")) == 9


def test_stunned_caps_evasion_not_e_defense():
    """Step 1: Stunned caps Evasion at 5; tech and sonic attacks use E-Defense, uncapped."""
    target = Target(evasion=9, e_defense=10, conditions=["stunned"])
    assert defense_value(GUN, target, Situation()) == 5
    sonic = Weapon("Howler", damage="1d6", damage_type="sonic", max_range=5)
    assert defense_value(sonic, target, Situation()) == 10


def test_cover_soft_and_hard():
    """Cover: +1 soft, +2 hard."""
    assert net_accuracy(GUN, Target(), Situation(cover="soft")) == -1
    assert net_accuracy(GUN, Target(), Situation(cover="hard")) == -2


def test_engagement_cleared_by_disengage_and_counted_once():
    """Engagement: +1 for a ranged shot next to a hostile, once; Disengage clears it; melee exempt."""
    assert net_accuracy(GUN, Target(), Situation(adjacent_hostile=True)) == -1
    assert net_accuracy(GUN, Target(), Situation(adjacent_hostile=True, disengaged=True)) == 0
    melee = Weapon("Blade", damage="1d6", melee=True)
    assert net_accuracy(melee, Target(), Situation(adjacent_hostile=True)) == 0


@pytest.mark.parametrize("arc,standard,broadside", [("front", 0, -3), ("side", -1, 0), ("rear", -2, -3)])
def test_own_facing_and_broadside(arc, standard, broadside):
    """Own facing: side +1, rear +2; Broadside inverts it: flanks clean, bow or stern +3."""
    wide = Weapon("Broadside", damage="2d6", max_range=12, mount="broadside")
    assert net_accuracy(GUN, Target(), Situation(firing_arc=arc)) == standard
    assert net_accuracy(wide, Target(size=3), Situation(firing_arc=arc)) == broadside


def test_capital_versus_fighter():
    """Capital vs. fighter: +2 when a Line or Broadside gun shoots Size 1 or smaller."""
    line = Weapon("Spinal", damage="3d6", max_range=15, mount="line")
    assert net_accuracy(line, Target(size=1), Situation()) == -2
    assert net_accuracy(line, Target(size=2), Situation()) == 0
    assert net_accuracy(GUN, Target(size=1), Situation()) == 0


def test_taunt_reach():
    """Taunt: +2 out to the greater of 5 spaces and the weapon's range; no limit for a capital in ship mode."""
    assert net_accuracy(GUN, Target(), Situation(taunted_from=8)) == -2
    assert net_accuracy(GUN, Target(), Situation(taunted_from=9)) == 0
    short = Weapon("Pistol", damage="1d6", max_range=3)
    assert net_accuracy(short, Target(), Situation(taunted_from=5)) == -2
    assert net_accuracy(short, Target(), Situation(taunted_from=6)) == 0
    assert net_accuracy(short, Target(), Situation(taunted_from=60, capital_ship_mode=True)) == -2


def test_lock_on_bolster_prone_aura():
    """Lock On, Bolster, Prone: +1 die each; a friendly aura hands over its bonus as dice."""
    target = Target(conditions=["lock on", "prone"])
    assert net_accuracy(GUN, target, Situation(bolstered=True, aura_bonus=2)) == 5


def test_invisible_halves_the_chance():
    """Step 4: an Invisible target first has a 50% miss."""
    for net in (-1, 0, 1, 3):
        assert hit_chance(net, 6, 2, invisible=True) == hit_chance(net, 6, 2) / 2


def test_hit_on_total_equal_to_defense():
    """Step 4: a total equal to the defense hits."""
    assert hit_chance(1, defense=6, grit=0) == Fraction(1, 6)
    assert hit_chance(1, defense=7, grit=1) == Fraction(1, 6)


@given(st.integers(-10, 20), st.integers(0, 20), st.integers(-5, 10), st.booleans())
def test_more_net_never_lowers_the_chance(net, defense, grit, impaired):
    """Invariant: one more net accuracy die never lowers the chance to hit."""
    assert hit_chance(net + 1, defense, grit, impaired) >= hit_chance(net, defense, grit, impaired)


@given(st.integers(-30, 30))
def test_kept_die_sums_to_one(net):
    """Invariant: the kept die's probabilities sum to exactly 1."""
    assert sum(kept_die(net).probabilities().values()) == 1


@given(st.one_of(st.integers(-1000, -39), st.integers(41, 1000), st.text(), st.floats(), st.booleans()))
def test_bad_net_is_a_rules_error(net):
    """Bad input: a net out of range or not an integer raises RulesError naming 'net'."""
    with pytest.raises(RulesError, match="'net'"):
        kept_die(net)


@pytest.mark.parametrize(
    "kwargs,name",
    [({"distance": -1}, "distance"), ({"cover": "thick"}, "cover"), ({"swarm_allies": 1.5}, "swarm_allies"),
     ({"target_arc": "up"}, "target_arc"), ({"grit": "2"}, "grit"), ({"bolstered": 1}, "bolstered")],
)
def test_bad_situation_names_argument(kwargs, name):
    """Bad input: a Situation with a bad field raises RulesError naming that field."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        Situation(**kwargs)


def test_sources_reject_wrong_types():
    """Bad input: passing something that is not a Weapon raises RulesError naming 'weapon'."""
    with pytest.raises(RulesError, match="'weapon'"):
        difficulty_sources("gun", Target(), Situation())
