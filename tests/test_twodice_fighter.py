"""Tests for a fighter tracked through a fight (source: "Fighting", Counterattack, Armor, Weapons)."""

import pytest

from voidref.errors import RulesError
from voidref.twodice import KNIFE, Fighter, FightingRoll, TestKind, Weapon

AUTOPISTOL = Weapon("autopistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=4)
REVOLVER = Weapon("revolver", category="shooting", damage="2D", capacity=6)
SWORD = Weapon("sword", category="fencing", damage="2D")
R = FightingRoll(2, 1)


def _pair(**kw):
    a = Fighter("A", **kw.pop("a", {}))
    b = Fighter("B", **kw.pop("b", {}))
    a.start_turn()
    b.start_turn()
    return a, b


def test_melee_attack_spends_end():
    """Each brawling or fencing attack spends a point of END."""
    a, b = _pair(a={"weapon": SWORD, "end": 3})
    a.attack(b, R, distance="near", defense=R)
    assert a.end == 2


def test_melee_counter_spends_end():
    """Counterattacks in melee spend END too."""
    a, b = _pair(a={"weapon": SWORD}, b={"weapon": KNIFE, "end": 2})
    a.attack(b, R, distance="near", counter=R)
    assert b.end == 1


def test_defense_spends_no_end():
    """END does not apply to defense rolls."""
    a, b = _pair(a={"weapon": SWORD}, b={"weapon": KNIFE, "end": 2})
    a.attack(b, R, distance="near", defense=R)
    assert b.end == 2


def test_last_end_point_exhausts():
    """Ruling twodice-exhaustion: spending the last END point wounds by exhaustion."""
    a, b = _pair(a={"weapon": SWORD, "end": 1})
    a.attack(b, R, distance="near", defense=R)
    assert a.end == 0 and a.exhausted


def test_no_melee_attack_without_end():
    """With no END left a fighter cannot brawl or fence."""
    a, b = _pair(a={"weapon": SWORD, "end": 0})
    with pytest.raises(RulesError, match="'end'"):
        a.attack(b, R, distance="near", defense=R)


def test_no_melee_counter_without_end_but_defense_ok():
    """With no END left a fighter can still defend."""
    a, b = _pair(a={"weapon": SWORD}, b={"weapon": SWORD, "end": 0})
    with pytest.raises(RulesError, match="'counter'"):
        a.attack(b, R, distance="near", counter=R)
    a2, b2 = _pair(a={"weapon": SWORD}, b={"weapon": SWORD, "end": 0})
    assert a2.attack(b2, R, distance="near", defense=R).kinds == (TestKind.DEFENSE,)


def test_recover_end_clears_exhaustion():
    """END recovers like other lowered abilities; with END back the fighter is not exhausted."""
    a, b = _pair(a={"weapon": SWORD, "end": 1})
    a.attack(b, R, distance="near", defense=R)
    a.recover_end(2)
    assert (a.end, a.exhausted) == (2, False)


def test_shooting_spends_rounds_not_end():
    """Shots use rounds; they do not spend END."""
    a, b = _pair(a={"weapon": AUTOPISTOL, "end": 2})
    a.attack(b, R, distance="far", shots=2, defense=R)
    assert (a.rounds, a.end) == (2, 2)


def test_counter_shots_spend_rounds():
    """Each counter shot uses a round."""
    a, b = _pair(a={"weapon": REVOLVER}, b={"weapon": AUTOPISTOL})
    ex = a.attack(b, R, distance="far", counter=R)
    assert ex.counter_shots == 2 and b.rounds == 2


def test_counter_limited_by_rounds_left():
    """Counter shots are capped by the rounds loaded."""
    a, b = _pair(a={"weapon": REVOLVER}, b={"weapon": AUTOPISTOL, "rounds": 1})
    assert a.attack(b, R, distance="far", counter=R).counter_shots == 1


def test_empty_weapon_cannot_counter():
    """Empty weapons cannot counterattack."""
    a, b = _pair(a={"weapon": REVOLVER}, b={"weapon": AUTOPISTOL, "rounds": 0})
    with pytest.raises(RulesError, match="'counter_shots'"):
        a.attack(b, R, distance="far", counter=R, counter_shots=1)


def test_cannot_fire_more_than_loaded():
    """An attacker needs a round for every shot."""
    a, b = _pair(a={"weapon": AUTOPISTOL, "rounds": 1})
    with pytest.raises(RulesError, match="'shots'"):
        a.attack(b, R, distance="far", shots=2, defense=R)


def test_reload_fills_and_costs_a_move():
    """Reloading takes a move and fills the weapon (ruling twodice-reload)."""
    a, _ = _pair(a={"weapon": AUTOPISTOL, "rounds": 0})
    a.reload()
    assert (a.rounds, a.moves_left) == (4, 1)


def test_reload_needs_a_shooting_weapon():
    """Only shooting weapons reload."""
    a, _ = _pair(a={"weapon": SWORD})
    with pytest.raises(RulesError, match="'weapon'"):
        a.reload()


def test_attack_is_a_move_counter_is_not():
    """An attack uses a move; a counterattack does not."""
    a, b = _pair(a={"weapon": REVOLVER}, b={"weapon": REVOLVER})
    a.attack(b, R, distance="far", counter=R)
    assert (a.moves_left, b.moves_left) == (1, 2)


def test_heavy_armor_allows_one_attack_a_turn():
    """Heavy armor leaves one move a turn."""
    a, b = _pair(a={"weapon": REVOLVER, "armor": "heavy"})
    a.attack(b, R, distance="far", defense=R)
    with pytest.raises(RulesError, match="'attack' needs a move"):
        a.attack(b, R, distance="far", defense=R)


def test_medium_armor_no_sprint():
    """Medium armor forbids sprinting."""
    assert not Fighter("A", armor="medium").can_sprint


def test_counters_count_as_ability_uses():
    """Attacks and counterattacks count toward the session ability limit."""
    a, b = _pair(a={"weapon": REVOLVER}, b={"weapon": AUTOPISTOL})
    a.attack(b, R, distance="far", counter=R)
    assert (a.ability_uses, b.ability_uses) == (1, 1)


def test_ability_use_limit_enforced_when_given():
    """A given ability use limit is enforced."""
    a, b = _pair(a={"weapon": REVOLVER, "ability_use_limit": 0})
    with pytest.raises(RulesError, match="'ability_use_limit'"):
        a.attack(b, R, distance="far", defense=R)


def test_failed_attack_changes_nothing():
    """An attack refused by the rules spends nothing."""
    a, b = _pair(a={"weapon": SWORD, "end": 2})
    with pytest.raises(RulesError):
        a.attack(b, R, distance="far", defense=R)
    assert (a.end, a.moves_left, a.ability_uses) == (2, 2, 0)


def test_unarmed_brawler_counters_knife():
    """In a brawl or knife fight an unarmed fighter may counterattack."""
    a, b = _pair(a={"weapon": KNIFE})
    assert a.attack(b, R, distance="near", counter=R).kinds == (TestKind.COUNTERATTACK,)


def test_defender_needs_a_roll():
    """An aware target must be given a counter or defense roll."""
    a, b = _pair(a={"weapon": REVOLVER})
    with pytest.raises(RulesError, match="'defense'"):
        a.attack(b, R, distance="far")


@pytest.mark.parametrize(
    "kw, name", [({"end": -1}, "end"), ({"armor": "paper"}, "armor"), ({"weapon": "gun"}, "weapon"),
                 ({"weapon": REVOLVER, "rounds": 7}, "rounds")],
)
def test_bad_fighter_input(kw, name):
    """Bad input raises RulesError naming the argument."""
    with pytest.raises(RulesError, match=f"'{name}'"):
        Fighter("X", **kw)
