"""A Cantor's turn: slots, Bond Move, Graze, Stress and Cooldown, rate of fire, sandbox."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import Stress, Turn, graze_allowed
from voidref.errors import RulesError


def test_two_quick_actions():
    """Your turn: two Quick actions."""
    t = Turn()
    t.take("lock on")
    t.take("bolster")
    with pytest.raises(RulesError, match="'action'"):
        t.take("ram")


def test_full_replaces_both_quick():
    """Your turn: one Full action instead of the two Quick actions."""
    t = Turn()
    t.take("aim")
    with pytest.raises(RulesError):
        t.take("boost")


def test_one_move_one_reaction_free_unlimited():
    """Your turn: one Move and one Reaction."""
    t = Turn()
    t.take("move")
    t.take("brace")
    with pytest.raises(RulesError):
        t.take("move")
    with pytest.raises(RulesError):
        t.take("graze")


def test_bond_move_takes_whole_activation():
    """Your turn: the Bond Move is the whole activation, Move included."""
    t = Turn()
    t.take("move")
    with pytest.raises(RulesError):
        t.take("bond move")
    t2 = Turn()
    t2.take("bond move")
    with pytest.raises(RulesError):
        t2.take("move")


def test_cantor_one_shot_per_turn():
    """Rate of fire: one shot per turn across a Cantor sheet."""
    t = Turn()
    t.fire("Rifle")
    with pytest.raises(RulesError, match="'weapon_name'"):
        t.fire("Pistol")


def test_weapon_rate_of_fire_for_non_cantors():
    """Rate of fire: each weapon line's limit is enforced."""
    t = Turn(cantor=False)
    t.fire("Gatling", rate_of_fire=2)
    t.fire("Gatling", rate_of_fire=2)
    with pytest.raises(RulesError):
        t.fire("Gatling", rate_of_fire=2)


def test_firing_locks_facing_turn_and_brace_frees_it():
    """Facing lock: firing locks facing; Turn & Brace re-orients."""
    t = Turn()
    t.fire("Rifle")
    assert t.facing_locked
    t.take("turn & brace")
    assert not t.facing_locked


def _overspend(t: Turn) -> int:
    """Take four Full actions and fire one rate-1 weapon four times; return the steps completed."""
    done = 0
    for _ in range(4):
        t.take("aim")
        t.fire("Rifle")
        done += 1
    return done


def test_sandbox_enforces_nothing():
    """Sandbox mode: no action pips and no rate of fire (the same turn breaks both rules outside it)."""
    with pytest.raises(RulesError):
        _overspend(Turn())
    with pytest.raises(RulesError):
        _overspend(Turn(cantor=False))
    t = Turn(sandbox=True)
    assert _overspend(t) == 4
    assert t.fired == {"Rifle": 4} and t.shots == 4


@pytest.mark.parametrize("speed,arc,dist,dis,ok", [
    (4, "front", 3, False, True), (3, "front", 1, False, False), (5, "side", 1, False, False),
    (5, "front", 4, False, False), (5, "front", 1, True, False)])
def test_graze_conditions(speed, arc, dist, dis, ok):
    """Graze: Speed 4+, runner in the front arc within 3 spaces, not Disengaged."""
    assert graze_allowed(speed, arc, dist, dis) is ok


def test_cooldown_costs():
    """Stress: the first Cooldown is free, then 1, then 2; 0 Stress is Stressed Out."""
    s = Stress(3)
    costs = []
    for _ in range(3):
        costs.append(s.next_cost)
        s = s.cooldown()
    assert costs == [0, 1, 2]
    assert s.stressed_out


def test_cooldown_cannot_overspend():
    """Stress (ruling): a Cooldown costing more Stress than is left is refused."""
    with pytest.raises(RulesError, match="'points'"):
        Stress(1, cooldowns=2).cooldown()


@given(st.text())
def test_unknown_action_is_named(name):
    """Bad input: an unknown action raises RulesError naming 'action'."""
    t = Turn()
    try:
        t.take(name)
    except RulesError as err:
        assert "'action'" in str(err)


@pytest.mark.parametrize("moved,fired,hit", [(True, False, False), (False, True, False), (False, False, True)])
def test_aim_breaks_on_move_fire_or_hit(moved, fired, hit):
    """Aim: lost the moment the unit moves, fires, or takes a hit."""
    from voidref.cantor import aim_holds
    assert aim_holds(moved, fired, hit) is False
    assert aim_holds(False, False, False) is True
