"""Tests for exchanges (source: "Fighting", Attack, Counterattack & Defense)."""

from fractions import Fraction
from itertools import product

import pytest

from voidref.errors import RulesError
from voidref.exact import Dist
from voidref.twodice import (
    KNIFE,
    Combatant,
    Exchange,
    FightingRoll,
    Outcome,
    TestKind,
    Weapon,
    counter_limit,
    counterattack_odds,
    defense_odds,
    opposed,
)

REVOLVER = Weapon("revolver", category="shooting", damage="2D", firing_limit=1, capacity=6)
AUTOPISTOL = Weapon("autopistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=12)
BATTLE_RIFLE = Weapon("battle rifle", category="shooting", damage="3D", firing_limit=3, recoil=2, capacity=30)
SWORD = Weapon("sword", category="fencing", damage="2D")
FIST = Weapon("fist", category="brawling", damage="1D")

FACES = range(1, 7)
# 2D sums with the number of face pairs giving each, for the oracles below.
TWO_D = {s: sum(1 for a, b in product(FACES, FACES) if a + b == s) for s in range(2, 13)}


def _oracle_single(kind, att_bonus, def_bonus):
    """Every face of both fighters' 2D: who is hit, by counting."""
    counts = {}
    for a1, a2, d1, d2 in product(FACES, repeat=4):
        a, d = a1 + a2 + att_bonus, d1 + d2 + def_bonus
        if kind == "counter":
            o = Outcome.BOTH_HIT if a == d else (Outcome.DEFENDER_HIT if a > d else Outcome.ATTACKER_HIT)
        elif kind == "defense":
            o = Outcome.DEFENDER_HIT if a > d else Outcome.NO_HIT
        counts[o] = counts.get(o, 0) + 1
    return {k: Fraction(v, 6**4) for k, v in counts.items()}


# -- who is hit -------------------------------------------------------------------
def test_counter_higher_total_hits_lower():
    """Highest total wins and damages the loser."""
    assert opposed("counterattack", 11, 9) is Outcome.DEFENDER_HIT
    assert opposed("counterattack", 9, 11) is Outcome.ATTACKER_HIT


def test_counter_tie_hits_both():
    """Ruling twodice-counter-tie: equal totals in a counterattack hit both fighters."""
    assert opposed(TestKind.COUNTERATTACK, 10, 10) is Outcome.BOTH_HIT


def test_defense_tie_goes_to_defender():
    """A tie against a defense roll is the defender's."""
    assert opposed("defense", 8, 8) is Outcome.NO_HIT


def test_defense_win_deals_no_damage():
    """Ruling twodice-defense-no-damage: a winning defense only stops the hit."""
    assert opposed("defense", 3, 12) is Outcome.NO_HIT


def test_forced_defense_tie_goes_to_defending_attacker():
    """The first attacker, defending against a spare counter shot, keeps ties."""
    assert opposed("forced defense", 7, 7) is Outcome.NO_HIT
    assert opposed("forced defense", 7, 8) is Outcome.ATTACKER_HIT


def test_unaware_target_is_hit():
    """Ruling twodice-unaware-target: a shot at an unaware target hits."""
    assert opposed("unaware", None, None) is Outcome.DEFENDER_HIT


@pytest.mark.parametrize("att, dfn", [(0, 0), (3, 1), (1, 4), (5, -2), (2, 9)])
def test_counterattack_odds_match_enumeration(att, dfn):
    """Oracle: counterattack odds equal counting every face of both 2D rolls."""
    got = counterattack_odds(FightingRoll(att), FightingRoll(dfn)).probabilities()
    assert got == _oracle_single("counter", att, dfn)


@pytest.mark.parametrize("att, dfn", [(0, 0), (3, 1), (1, 4), (5, -2), (2, 9)])
def test_defense_odds_match_enumeration(att, dfn):
    """Oracle: defense odds equal counting every face of both 2D rolls."""
    assert defense_odds(FightingRoll(att), FightingRoll(dfn)).probabilities() == _oracle_single("defense", att, dfn)


def test_defending_beats_counterattacking_at_holding_off_hits():
    """Defending keeps ties, so it is hit less often than a counterattacker."""
    a, d = FightingRoll(3), FightingRoll(3)
    hit_def = defense_odds(a, d)[Outcome.DEFENDER_HIT]
    hit_ctr = counterattack_odds(a, d).prob(lambda o: o in (Outcome.DEFENDER_HIT, Outcome.BOTH_HIT))
    assert hit_def < hit_ctr


# -- counterattack limits ------------------------------------------------------------
def test_unaware_cannot_counter():
    """Only an attack you know about can be counterattacked."""
    assert counter_limit(REVOLVER, REVOLVER, "far", aware=False) == 0


def test_sword_cannot_counter_rifle_at_far():
    """A sword cannot answer a shot from Far."""
    assert counter_limit(SWORD, BATTLE_RIFLE, "far") == 0


def test_sword_can_still_defend_at_far():
    """A defender who cannot counterattack may still defend."""
    ex = Exchange(Combatant(FightingRoll(2), BATTLE_RIFLE), Combatant(FightingRoll(2), SWORD), "far")
    assert ex.kinds == (TestKind.DEFENSE,)


def test_revolver_against_three_shot_burst():
    """Source: a revolver shoots back once and defends against the other two shots."""
    assert counter_limit(REVOLVER, BATTLE_RIFLE, "far") == 1
    ex = Exchange(Combatant(FightingRoll(2), BATTLE_RIFLE),
                  Combatant(FightingRoll(2), REVOLVER), "far", shots=3, counter_shots=1)
    assert ex.kinds == (TestKind.COUNTERATTACK, TestKind.DEFENSE, TestKind.DEFENSE)


def test_autopistol_against_three_shot_burst():
    """Source: an autopistol shoots back twice and defends against the third."""
    assert counter_limit(AUTOPISTOL, BATTLE_RIFLE, "far") == 2
    ex = Exchange(Combatant(FightingRoll(2), BATTLE_RIFLE), Combatant(FightingRoll(2), AUTOPISTOL), "far",
                  shots=3, counter_shots=2)
    assert ex.kinds == (TestKind.COUNTERATTACK, TestKind.COUNTERATTACK, TestKind.DEFENSE)


def test_single_shot_must_defend_against_burst_counter():
    """A lone shot answered by a burst: the attacker can only defend against the spare shot."""
    ex = Exchange(Combatant(FightingRoll(2), AUTOPISTOL),
                  Combatant(FightingRoll(2), AUTOPISTOL), "far", shots=1, counter_shots=2)
    assert ex.kinds == (TestKind.COUNTERATTACK, TestKind.FORCED_DEFENSE)


def test_counter_needs_ammunition():
    """You need rounds to shoot back; an empty weapon cannot counterattack."""
    assert counter_limit(AUTOPISTOL, REVOLVER, "far", rounds=1) == 1
    assert counter_limit(AUTOPISTOL, REVOLVER, "far", rounds=0) == 0


def test_unarmed_counter_in_brawl_or_sword_fight():
    """Empty hands may answer a brawling or fencing attack."""
    assert counter_limit(None, FIST, "near") == 1
    assert counter_limit(None, SWORD, "near") == 1


def test_unarmed_cannot_counter_a_shot():
    """Ruling twodice-unarmed-counter: no unarmed counter against a shot."""
    assert counter_limit(None, REVOLVER, "near") == 0


def test_melee_counter_needs_end():
    """Brawling and fencing counterattacks need END left."""
    assert counter_limit(SWORD, SWORD, "near", end=1) == 1
    assert counter_limit(SWORD, SWORD, "near", end=0) == 0


def test_shooting_counter_ignores_end():
    """END limits only brawling and fencing."""
    assert counter_limit(REVOLVER, SWORD, "near", end=0) == 1


def test_sword_counters_a_shot_at_near():
    """Reach is by distance: a sword can answer a pistol shot at Near."""
    assert counter_limit(SWORD, REVOLVER, "near") == 1


# -- bursts and recoil ----------------------------------------------------------------
def test_burst_shots_take_recoil():
    """Each shot of a burst takes the recoil penalty."""
    ex = Exchange(Combatant(FightingRoll(4), BATTLE_RIFLE), Combatant(FightingRoll(2), REVOLVER), "far", shots=3)
    assert [a.bonus for _, a, _ in ex.rolls()] == [2, 2, 2]


def test_counter_burst_takes_recoil():
    """A burst counterattack still takes recoil."""
    ex = Exchange(Combatant(FightingRoll(4), REVOLVER), Combatant(FightingRoll(3), AUTOPISTOL), "far", counter_shots=2)
    assert [d.bonus for _, _, d in ex.rolls()] == [2, 2]


def test_single_counter_shot_from_burst_weapon_has_no_recoil():
    """A single counter shot is not a burst (ruling twodice-recoil)."""
    ex = Exchange(Combatant(FightingRoll(4), REVOLVER), Combatant(FightingRoll(3), AUTOPISTOL), "far", counter_shots=1)
    assert ex.rolls()[0][2].bonus == 3


def test_defense_roll_can_differ_from_attack_roll():
    """A defender may defend with a different ability and skill."""
    ex = Exchange(Combatant(FightingRoll(4), REVOLVER),
                  Combatant(FightingRoll(1), SWORD, defense=FightingRoll(5, 2)), "far")
    assert ex.rolls()[0][2] == FightingRoll(5, 2)


# -- exact odds of whole exchanges ------------------------------------------------------
def _oracle_hits(ex):
    """Enumerate every 2D sum (weighted by its face count) of every roll in the exchange."""
    plan = ex.rolls()
    rollers = []
    for _kind, a, d in plan:
        rollers.append(a)
        if d is not None:
            rollers.append(d)
    counts = {}
    for sums in product(range(2, 13), repeat=len(rollers)):
        w = 1
        for s in sums:
            w *= TWO_D[s]
        it = iter(sums)
        hd = ha = 0
        for kind, a, d in plan:
            at = a.bonus + next(it)
            dt = d.bonus + next(it) if d is not None else None
            o = opposed(kind, at, dt)
            hd += o in (Outcome.DEFENDER_HIT, Outcome.BOTH_HIT)
            ha += o in (Outcome.ATTACKER_HIT, Outcome.BOTH_HIT)
        counts[(hd, ha)] = counts.get((hd, ha), 0) + w
    total = 36 ** len(rollers)
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    "att_w, shots, def_w, counter_shots, aware",
    [
        (REVOLVER, 1, REVOLVER, 1, True),
        (REVOLVER, 1, REVOLVER, 0, True),
        (AUTOPISTOL, 2, REVOLVER, 1, True),
        (AUTOPISTOL, 1, AUTOPISTOL, 2, True),
        (AUTOPISTOL, 2, AUTOPISTOL, 0, True),
        (BATTLE_RIFLE, 3, REVOLVER, 0, False),
    ],
)
def test_hits_dist_matches_enumeration(att_w, shots, def_w, counter_shots, aware):
    """Oracle: the exchange's hit distribution equals enumerating every roll."""
    ex = Exchange(
        Combatant(FightingRoll(3, 1), att_w), Combatant(FightingRoll(2, 1), def_w, defense=FightingRoll(4)),
        "far", shots=shots, counter_shots=counter_shots, aware=aware,
    )
    assert ex.hits_dist().probabilities() == _oracle_hits(ex)


def test_damage_dist_matches_enumeration():
    """Oracle: one counterattack with 1D weapons, no armor, every die enumerated."""
    att = Weapon("jab", category="brawling", damage="1D")
    dfn = Weapon("kick", category="brawling", damage="1D+1")
    ex = Exchange(Combatant(FightingRoll(1), att), Combatant(FightingRoll(1), dfn), "near", counter_shots=1)
    counts = {}
    for a1, a2, d1, d2, da, dd in product(FACES, repeat=6):
        o = opposed("counterattack", a1 + a2 + 1, d1 + d2 + 1)
        to_def = da if o in (Outcome.DEFENDER_HIT, Outcome.BOTH_HIT) else 0
        to_att = dd + 1 if o in (Outcome.ATTACKER_HIT, Outcome.BOTH_HIT) else 0
        counts[(to_def, to_att)] = counts.get((to_def, to_att), 0) + 1
    assert ex.damage_dist().probabilities() == {k: Fraction(v, 6**6) for k, v in counts.items()}


def test_damage_dist_sums_to_one_with_armor():
    """A burst against armor still gives probabilities summing to 1."""
    ex = Exchange(Combatant(FightingRoll(3), BATTLE_RIFLE),
                  Combatant(FightingRoll(2), AUTOPISTOL, armor="heavy"), "far",
                  shots=3, counter_shots=2)
    assert sum(ex.damage_dist().probabilities().values()) == 1


# -- rolled dice -------------------------------------------------------------------------
def test_resolve_counter_tie_regression():
    """Regression (counterattack tie): 2D+4 against 2D+4, both roll 7, both are hit."""
    ex = Exchange(Combatant(FightingRoll(3, 1), KNIFE), Combatant(FightingRoll(4), SWORD), "near", counter_shots=1)
    result = ex.resolve([(5, 2)], [(4, 3)])
    assert result.tests[0].outcome is Outcome.BOTH_HIT
    assert (result.hits_on_defender, result.hits_on_attacker) == (1, 1)


def test_resolve_burst_against_revolver():
    """Three shots against a revolver: one counter shot and two defense rolls."""
    ex = Exchange(Combatant(FightingRoll(3), BATTLE_RIFLE),
                  Combatant(FightingRoll(3), REVOLVER), "far", shots=3, counter_shots=1)
    result = ex.resolve([9, 10, 4], [10, 6, 7])  # totals 10, 11, 5 (recoil 2) against 13, 9, 10
    assert [t.outcome for t in result.tests] == [Outcome.ATTACKER_HIT, Outcome.DEFENDER_HIT, Outcome.NO_HIT]


def test_resolve_unaware_needs_no_defender_dice():
    """An unaware target rolls nothing."""
    ex = Exchange(Combatant(FightingRoll(0), REVOLVER), Combatant(FightingRoll(0)), "far", aware=False)
    assert ex.resolve([2]).hits_on_defender == 1


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"distance": "far", "attacker": Combatant(FightingRoll(1), SWORD)}, "distance"),
        ({"shots": 2}, "shots"),
        ({"counter_shots": 2}, "counter_shots"),
        ({"aware": False, "counter_shots": 1}, "counter_shots"),
        ({"distance": "orbit"}, "distance"),
        ({"aware": "yes"}, "aware"),
        ({"attacker": "me"}, "attacker"),
    ],
)
def test_bad_exchange_names_argument(kwargs, name):
    """Bad input raises RulesError naming the argument."""
    base = dict(attacker=Combatant(FightingRoll(1), REVOLVER),
                defender=Combatant(FightingRoll(1), REVOLVER), distance="far")
    base.update(kwargs)
    with pytest.raises(RulesError, match=f"'{name}'"):
        Exchange(**base)


def test_resolve_wrong_number_of_rolls():
    """resolve() names the dice list that has the wrong length."""
    ex = Exchange(Combatant(FightingRoll(1), REVOLVER), Combatant(FightingRoll(1), REVOLVER), "far", counter_shots=1)
    with pytest.raises(RulesError, match="'defender_dice'"):
        ex.resolve([7], [])
    with pytest.raises(RulesError, match="'attacker_dice'"):
        ex.resolve([7, 8], [7])


def test_combatant_rejects_bad_roll():
    """Combatant needs a FightingRoll."""
    with pytest.raises(RulesError, match="'roll'"):
        Combatant(3)


def test_outcome_probabilities_form_a_dist():
    """Each test's outcome distribution is a Dist summing to 1."""
    d = counterattack_odds(FightingRoll(2), FightingRoll(1))
    assert isinstance(d, Dist) and sum(d.probabilities().values()) == 1


def test_unarmed_weapon_object_follows_unarmed_ruling():
    """Passing UNARMED itself is the same as no weapon: no counter against a shot."""
    from voidref.twodice import UNARMED

    assert counter_limit(UNARMED, REVOLVER, "near") == 0
    assert counter_limit(UNARMED, SWORD, "near") == 1
