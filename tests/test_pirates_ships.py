"""Void Pirates ship combat, boarding, vacuum and hull breach, with brute-force oracles."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.pirates import (
    ActionRoll,
    BoardingState,
    GunneryOdds,
    HullClass,
    Ship,
    ShipState,
    SystemHit,
    boarding_state,
    can_board,
    eva_arrivals,
    gunnery_distribution,
    gunnery_modifier,
    gunnery_odds,
    hit_damage,
    maneuver_effect,
    max_shots,
    ram_distribution,
    repair_amount,
    repair_cap,
    repair_distribution,
    ship_state,
    stabilization_chance,
    system_hit,
    vacuum_round_distribution,
)

ALL_3D6 = [sum(f) for f in product(range(1, 7), repeat=3)]
ALL_2D6 = [a + b for a in range(1, 7) for b in range(1, 7)]
# Face combinations grouped by total (each count comes from enumerating the faces).
COUNT_3D6 = Counter(ALL_3D6)
COUNT_2D6 = Counter(ALL_2D6)


def test_kv220b_gunnery_example():
    """Source example: 12d6 autocannons roll 48 against AV 20: 28 damage to the Lander."""
    assert hit_damage(48, 20, "physical") == 28


def test_kv220b_repair_example():
    """Source example: Repair 2d6 x Rank 3 with a 2d6 of 3 restores 9 HP."""
    assert repair_amount(3, rank=3, max_hp=200) == 9


def test_gunnery_modifiers():
    """Close +2, Long -4, ECM -3, tractor lock +1; Medium 0 (ruling)."""
    assert gunnery_modifier("close") == 2
    assert gunnery_modifier("long") == -4
    assert gunnery_modifier("medium", ecm=True, tractor=True) == -2


def test_gunnery_distribution_brute_force():
    """A 2d6 energy shot at Close range against AV 4 matches enumeration of all dice."""
    acc = Counter()
    for (a, wa), (d, wd) in product(COUNT_3D6.items(), COUNT_3D6.items()):
        ta, td = a + 1 + 2, d + 2
        if a == 3 and d != 3:
            c = "loss"
        elif d == 3 and a != 3:
            c = "win"
        else:
            c = "win" if ta > td else "tie" if ta == td else "loss"
        if c == "loss":
            acc[0] += wa * wd * 36 * 4
            continue
        extras = range(1, 5) if (c == "win" and a == 18) else [0] * 4
        for r in ALL_2D6:
            for e in extras:
                raw = r + e
                if c == "tie":
                    raw //= 2
                acc[max(1, raw - 2)] += wa * wd
    acc = {k: Fraction(v, 46656 * 36 * 4) for k, v in acc.items()}
    got = gunnery_distribution(ActionRoll(additional=1), ActionRoll(additional=2), "2d6", 4, "energy", "close")
    assert got.probabilities() == acc


def test_gunnery_system_hits_split_the_critical():
    """System hits: 1-2 weapon, 3-4 power flicker, 5 fire, 6 module, each a share of the critical chance."""
    o = gunnery_odds(ActionRoll(), ActionRoll())
    assert o.system_hit("weapon_disabled") == o.critical / 3
    assert o.system_hit(SystemHit.MODULE_DESTROYED) == o.critical / 6
    assert sum(o.system_hits().values()) == o.critical
    assert [system_hit(f) for f in (1, 3, 5, 6)] == [SystemHit.WEAPON_DISABLED, SystemHit.POWER_FLICKER,
                                                     SystemHit.FIRE_BREACH, SystemHit.MODULE_DESTROYED]


def test_gunnery_odds_is_a_typed_result_whose_repr_rebuilds_it():
    """gunnery_odds returns a GunneryOdds with named fields (not a string-keyed dict), and its repr rebuilds it."""
    o = gunnery_odds(ActionRoll(additional=1), ActionRoll(), range_band="close", ecm=True)
    assert isinstance(o, GunneryOdds)
    assert eval(repr(o), {"GunneryOdds": GunneryOdds, "Fraction": Fraction}) == o
    assert o.win + o.tie + o.loss == 1
    with pytest.raises(TypeError):
        o["win"]  # type: ignore[index]


def test_partial_maneuver_costs_one():
    """A partial maneuver keeps its effect with -1 on the pilot's own next Gunnery."""
    assert maneuver_effect("partial", "enemy_penalty") == {
        "range_bands": 0, "own_next_gunnery": -1, "enemy_gunnery": -2, "own_next_piloting": 0}
    assert maneuver_effect("full", "change_range")["range_bands"] == 1
    assert maneuver_effect("failure", "change_range")["range_bands"] == 0


def test_ram_brute_force():
    """Ram: winner deals 2d6 x its hull multiplier, soaked by the other's AV; a tie is half to the target."""
    hauler = Ship("Hauler", agility=2, hull_class=HullClass.HAULER, armor_value=10, max_hp=200)
    pod = Ship("Pod", agility=5, hull_class="pod", armor_value=2, max_hp=40)
    acc = Counter()
    for (a, wa), (d, wd) in product(COUNT_3D6.items(), COUNT_3D6.items()):
        if a == 3 and d != 3:
            c = "loss"
        elif d == 3 and a != 3:
            c = "win"
        else:
            c = "win" if a > d else "tie" if a == d else "loss"
        for r in ALL_2D6:
            if c == "win":
                key = (max(1, r * 3 - 2), 0)
            elif c == "tie":
                key = (max(1, (r * 3) // 2 - 2), 0)
            else:
                key = (0, max(1, r * 1 - 10))
            acc[key] += wa * wd
    acc = {k: Fraction(v, 46656 * 36) for k, v in acc.items()}
    got = ram_distribution(hauler, pod, ActionRoll(), ActionRoll())
    assert got.probabilities() == acc


def test_repair_cap_twenty_percent():
    """Repair restores at most 20 % of total HP a round, and never past max HP."""
    assert repair_cap(100) == 20
    assert repair_amount(12, rank=5, max_hp=100) == 20
    assert repair_amount(12, rank=5, max_hp=100, current_hp=95) == 5


def test_repair_distribution_brute_force():
    """Repair odds: Mechanics vs TN, full 2d6 x Rank, partial half, all capped (brute force)."""
    acc = {}
    for n in ALL_3D6:
        total = n + 4
        grade = "failure" if n == 3 else "full" if total >= 15 else "partial" if total == 14 else "failure"
        for r in ALL_2D6:
            amount = 0 if grade == "failure" else r * 4 if grade == "full" else (r * 4) // 2
            amount = min(amount, 30)
            acc[amount] = acc.get(amount, 0) + Fraction(1, 216 * 36)
    got = repair_distribution(ActionRoll(additional=4), rank=4, max_hp=150, target_number=15)
    assert got.probabilities() == acc


def test_ship_states():
    """0 HP disables a ship; -50 % of total HP is catastrophic failure."""
    assert ship_state(1, 100) is ShipState.OPERATIONAL
    assert ship_state(0, 100) is ShipState.DISABLED
    assert ship_state(-49, 100) is ShipState.DISABLED
    assert ship_state(-50, 100) is ShipState.CATASTROPHIC


def test_shots_limited_by_crew_rating():
    """One shot per weapon system, at most the Crew Rating."""
    assert max_shots(crew_rating=3, weapons=5) == 3


def test_boarding_only_at_close():
    """Boarding needs Close range."""
    assert can_board("close") and not can_board("long")


def test_boarding_states():
    """Capture when no defender stands; repelled when no attacker does."""
    assert boarding_state(0, 2) is BoardingState.CAPTURED
    assert boarding_state(3, 0) is BoardingState.REPELLED
    assert boarding_state(1, 1) is BoardingState.ONGOING
    with pytest.raises(RulesError):
        boarding_state(0, 0)


def test_eva_arrivals_binomial():
    """Each EVA boarder rolls TN 12 on its own and must reach it: arrivals are binomial."""
    p = Fraction(sum(1 for n in ALL_3D6 if n != 3 and n + 1 >= 12), 216)
    d = eva_arrivals(3, ActionRoll(additional=1))
    assert d[3] == p ** 3 and d[0] == (1 - p) ** 3


def test_vacuum_round_brute_force():
    """One round in vacuum: 1d6, plus 1 bleedout when 3d6 exceeds HLTH (Rulings.stabilization_roll_under)."""
    acc = {}
    for n in ALL_3D6:
        for f in range(1, 7):
            k = f + (0 if n <= 11 else 1)
            acc[k] = acc.get(k, 0) + Fraction(1, 216 * 6)
    assert vacuum_round_distribution(11).probabilities() == acc
    assert vacuum_round_distribution(11, protected=True)[0] == 1


def test_stabilization_is_roll_under():
    """Higher HLTH stabilises more often."""
    assert stabilization_chance(12) > stabilization_chance(8)


def test_ship_bad_hull_class():
    """An unknown hull class names the argument."""
    with pytest.raises(RulesError, match="'hull_class'"):
        Ship("X", agility=1, hull_class="dreadnought", armor_value=1, max_hp=1)


@settings(max_examples=30, deadline=None)
@given(st.integers(-5, 8), st.integers(-5, 8), st.integers(0, 20))
def test_gunnery_distribution_sums_to_one(g, p, av):
    """Every gunnery distribution sums to 1 and better armour never raises the mean damage."""
    d = gunnery_distribution(ActionRoll(additional=g), ActionRoll(additional=p), "3d6", av)
    assert sum(d.probabilities().values()) == 1
    tougher = gunnery_distribution(ActionRoll(additional=g), ActionRoll(additional=p), "3d6", av + 1)
    assert tougher.mean() <= d.mean()
