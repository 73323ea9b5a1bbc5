"""Void Drifters ships: the round procedure and the fight tracker, replaying One Ship Round."""

from dataclasses import replace

import pytest

from voidref.drifters import Pool, Side
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.drifters.ships import (
    CM_440_CUTTER,
    EMBER_DRIFT,
    ROUND_STEPS,
    RoundStep,
    ShipFight,
    ShipRange,
    Station,
    Talent,
    as_outcome,
)
from voidref.drifters.ships.example import crew
from voidref.errors import RulesError


def _fight():
    c = crew()
    fight = ShipFight("medium")
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    cutter = fight.add_ship(CM_440_CUTTER, "gm")
    fight.declare_station(ember, c["senna"], "helm", talents=[Talent.EVASIVE_INSTINCT])
    fight.declare_station(ember, c["yessica"], "gunnery", talents=["fire control"])
    fight.declare_station(ember, c["davan"], "engineering", gear_boon_dice=1)
    fight.declare_station(ember, c["rhi"], "sensors and comms")
    fight.declare_captain(ember, c["corin"])
    fight.declare_station(cutter, c["cutter pilot"], "helm")
    fight.declare_station(cutter, c["cutter gunner"], "gunnery")
    return fight, ember, cutter, c


def _through_our_turn():
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.evasive_maneuver(ember, (2, 1), change_facing=True)
    fight.direct_focus(ember, c["yessica"])
    fight.target_lock(ember, cutter, (1, 0))
    fight.boost_power(ember, (1, 0))
    shot = fight.fire(ember, "autocannon", cutter, (2, 2), bypass_boons=2)
    return fight, ember, cutter, c, shot


def test_round_has_six_steps_in_order():
    """How a Ship Round Works: scene, stations, initiative, turns, damage, Heat."""
    assert ROUND_STEPS[0] is RoundStep.SCENE and ROUND_STEPS[-1] is RoundStep.HEAT_DISSIPATION
    assert [s.value for s in ROUND_STEPS] == [1, 2, 3, 4, 5, 6]


def test_one_ship_round_initiative_2_vs_1():
    """One Ship Round: Senna rolls 2 Mastery Dice; 2 net Successes beat 1, so the Ember Drift goes first."""
    fight, ember, cutter, _ = _fight()
    assert fight.initiative_pool(ember) == Pool(mastery=2)
    assert fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1}) == ("Ember Drift", "CM-440 cutter")


def test_initiative_tie_goes_to_the_player_ship():
    """Ships fill slots as characters do: a tie goes to the player slot."""
    fight, *_ = _fight()
    assert fight.roll_initiative({"CM-440 cutter": 1, "Ember Drift": 1})[0] == "Ember Drift"


def test_one_ship_round_station_pools():
    """One Ship Round: 2 Mastery + 2 Ability vs 2 Trial; Rhi 4 Ability; Davan's kit adds a Boon Die."""
    fight, ember, *_ = _fight()
    assert fight.check_pool(ember, "Evasive Maneuver") == Pool(ability=2, mastery=2, trial=2)
    assert fight.check_pool(ember, "Target Lock") == Pool(ability=4, trial=2)
    assert fight.check_pool(ember, "Boost Power") == Pool(ability=2, mastery=2, boon=1, trial=2)


def test_one_ship_round_gunnery_pool_with_the_boon_limit():
    """One Ship Round: Direct Focus + Target Lock (2, the limit) + Fire Control, and 1 Bane Die for evading."""
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.evasive_maneuver(ember, (2, 1))
    fight.direct_focus(ember, c["yessica"])
    fight.target_lock(ember, cutter, (1, 0))
    shot = fight.attack(ember, "autocannon", cutter)
    assert shot.pool() == Pool(ability=2, mastery=2, boon=3, trial=2, bane=1)
    assert fight.attack(ember, "autocannon", cutter, limited_boon_dice=1).pool().boon == 3


def test_one_ship_round_autocannon_hit():
    """One Ship Round: 7 damage, Armor 3 - Pierce 1 - 1 bypassed: 6 Hull Damage; Heat 3."""
    _, ember, cutter, _, shot = _through_our_turn()
    assert (shot.hit.damage, shot.hit.armor, shot.hull_damage) == (7, 1, 6)
    assert (cutter.hull_damage, ember.heat) == (6, 3)


def test_one_ship_round_cutter_reply_and_banes():
    """One Ship Round: the railgun's 5 Hull Damage; 2 Banes cannot jam, they buy a Bane Die instead."""
    fight, ember, cutter, _, _ = _through_our_turn()
    fight.start_turn(cutter)
    fight.hold_position(cutter)
    assert fight.attack(cutter, "railgun battery", ember).pool().bane == 1
    with pytest.raises(RulesError, match="'bane_spend' jam weapon needs 3 Banes \\(got 2\\)"):
        fight.fire(cutter, "railgun battery", ember, (1, -2), bane_spend="jam weapon")
    back = fight.fire(cutter, "railgun battery", ember, (1, -2), bane_spend="next attack bane die")
    assert back.hull_damage == 5 and cutter.heat == 1 and cutter.next_attack_bane_dice == 1


def test_one_ship_round_end_standing_and_heat():
    """One Ship Round: Heat 3 -> 1 and 1 -> 0; 5 of 18 and 6 of 22."""
    fight, ember, cutter, _, _ = _through_our_turn()
    fight.start_turn(cutter)
    fight.hold_position(cutter)
    fight.fire(cutter, "railgun battery", ember, (1, -2))
    ends = {e.name: e for e in fight.end_round()}
    assert (ends["Ember Drift"].heat_before, ember.heat, ends["CM-440 cutter"].heat_before, cutter.heat) == (3, 1, 1, 0)
    assert (ember.hull_damage, cutter.hull_damage) == (5, 6)
    assert not ends["Ember Drift"].at_heat_threshold and ends["CM-440 cutter"].at_heat_threshold is None
    assert fight.round == 2


def test_evasion_lasts_until_the_evader_s_next_turn():
    """Attacks on an evading ship add 1 Bane Die until the start of its next turn."""
    fight, ember, cutter, _, _ = _through_our_turn()
    fight.end_round()
    assert fight.attack(cutter, "railgun battery", ember).pool().bane == 1
    fight.start_turn(ember)
    assert fight.attack(cutter, "railgun battery", ember).pool().bane == 0


def test_boost_power_once_an_encounter():
    """Boost Power to weapons cannot be used again this encounter."""
    fight, ember, cutter, _, _ = _through_our_turn()
    fight.end_round()
    fight.start_turn(ember)
    with pytest.raises(RulesError, match="once an encounter"):
        fight.boost_power(ember, (1, 0))


def test_fire_control_only_on_the_first_gunnery_check():
    """Fire Control: +1 Boon Die on the first Gunnery check of the encounter only."""
    fight, ember, cutter, _, _ = _through_our_turn()
    fight.end_round()
    fight.start_turn(ember)
    assert fight.attack(ember, "autocannon", cutter).talent_boon_dice == 0


def test_direct_focus_once_a_round():
    """Direct Focus: once a round."""
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.direct_focus(ember, c["yessica"])
    with pytest.raises(RulesError, match="once a round"):
        fight.direct_focus(ember, c["rhi"])


def test_one_action_per_crew_member():
    """Each crew member at a station takes one Action."""
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.target_lock(ember, cutter, (1, 0))
    with pytest.raises(RulesError, match="Rhi has already used the Action"):
        fight.target_lock(ember, cutter, (1, 0))


def test_second_maneuver_costs_action_or_two_strain():
    """A second Maneuver costs the Action or 2 Strain."""
    fight, ember, cutter, c = _fight()
    fight.band = ShipRange.SHORT
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.break_away(ember)
    fight.break_away(ember, second_maneuver="strain")
    assert ember.strain["Senna Vael"] == 2 and fight.band is ShipRange.LONG
    fight2, ember2, *_ = _fight()
    fight2.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight2.start_turn(ember2)
    fight2.hold_position(ember2)
    fight2.hold_position(ember2)
    with pytest.raises(RulesError, match="already used the Action"):
        fight2.evasive_maneuver(ember2, (1, 0))


def test_movement_resolves_before_attacks():
    """Movement resolves first, then attacks, then the rest."""
    fight, ember, cutter, _, _ = _through_our_turn()
    with pytest.raises(RulesError, match="must resolve before"):
        fight.evasive_maneuver(ember, (1, 0))


def test_switching_stations_costs_the_action():
    """Switching stations after the fight starts costs the Action for the round."""
    fight, ember, cutter, c = _fight()
    del ember.posts[Station.SENSORS_COMMS]
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.declare_station(ember, c["davan"], "sensors and comms")
    assert ember.unmanned() == (Station.ENGINEERING,)
    with pytest.raises(RulesError, match="Davan Kel switched station this round"):
        fight.target_lock(ember, cutter, (1, 0))


def test_impossible_result_for_the_pool_is_refused():
    """A stated result the pool cannot roll is refused."""
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    with pytest.raises(RulesError, match="cannot come from the pool"):
        fight.target_lock(ember, cutter, (9, 0))


def test_attack_out_of_range_is_refused():
    """At Long, the autocannon (Short to Medium) cannot fire."""
    fight, ember, cutter, c = _fight()
    fight.band = ShipRange.LONG
    with pytest.raises(RulesError, match="'band' must be a band the autocannon fires at"):
        fight.attack(ember, "autocannon", cutter)


def test_unmanned_gunnery_cannot_fire():
    """An empty station takes no actions."""
    fight, ember, cutter, c = _fight()
    del ember.posts[Station.GUNNERY]
    with pytest.raises(RulesError, match="gunnery of the Ember Drift is unmanned"):
        fight.attack(ember, "autocannon", cutter)


def test_destroyed_ship_breaks_up_at_end_of_next_round():
    """Hull Damage reaching Hull Points: destroyed, breaking up after one more round to abandon ship."""
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    cutter.hull_damage = 22
    end = {e.name: e for e in fight.end_round()}["CM-440 cutter"]
    assert end.destroyed and end.breaks_up_after_round == 2 and not cutter.broken_up
    fight.start_turn(ember)
    fight.start_turn(cutter)  # the round to abandon ship: it still has a turn
    fight.end_round()
    assert cutter.broken_up
    with pytest.raises(RulesError, match="out of the fight"):
        fight.start_turn(cutter)


def test_out_of_control_ship_has_no_weapons_or_drive():
    """System Damage reaching System Points: weapons, screens and drive offline."""
    fight = ShipFight("medium")
    c = crew()
    ember = fight.add_ship(replace(EMBER_DRIFT, system_points=3), Side.PLAYER)
    cutter = fight.add_ship(CM_440_CUTTER, Side.GM)
    fight.declare_station(ember, c["senna"], "helm")
    fight.declare_station(ember, c["yessica"], "gunnery")
    fight.roll_initiative({"Ember Drift": 1, "CM-440 cutter": 0})
    ember.system_damage = 3
    fight.end_round()
    assert ember.out_of_control
    fight.start_turn(ember)
    with pytest.raises(RulesError, match="weapons are offline"):
        fight.attack(ember, "autocannon", cutter)
    with pytest.raises(RulesError, match="drive is offline"):
        fight.break_away(ember)


def test_disengage_needs_long_range():
    """Ruling: Disengage from Long or farther; Break then Disengage in one turn works."""
    fight, ember, cutter, c = _fight()
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    fight.break_away(ember)
    assert fight.band is ShipRange.LONG
    assert fight.disengage(ember, (1, 0)) and ember.left_fight
    fight2, ember2, *_ = _fight()
    fight2.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight2.start_turn(ember2)
    with pytest.raises(RulesError, match="'band' must be long or farther to Disengage"):
        fight2.disengage(ember2, (1, 0))


def test_outcome_pair_means_no_breakthrough():
    """A result given as (Successes, Boons) has no Breakthrough or Calamity."""
    assert tuple(as_outcome((2, 1))) == (2, 1, 0, 0)
    with pytest.raises(RulesError, match="'outcome' must be a CheckOutcome"):
        as_outcome("2 successes")


def test_turn_needs_initiative_first():
    """The ships' turns come after Initiative."""
    fight, ember, *_ = _fight()
    with pytest.raises(RulesError, match="'initiative' must be rolled"):
        fight.start_turn(ember)


def test_crew_must_be_a_character():
    """Stations are filled by characters."""
    fight, ember, *_ = _fight()
    with pytest.raises(RulesError, match="'crew' must be a Character"):
        fight.declare_station(ember, "Senna", "helm")


# -- whose turn it is, and the cost of switching stations --------------------------------


def _ship_fight(rulings: Rulings = STANDARD):
    c = crew()
    fight = ShipFight("medium", rulings=rulings)
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    cutter = fight.add_ship(CM_440_CUTTER, Side.GM)
    fight.declare_station(ember, c["senna"], "helm")
    fight.declare_station(ember, c["yessica"], "gunnery")
    fight.declare_station(ember, c["davan"], "engineering")
    fight.declare_station(cutter, c["cutter pilot"], "helm")
    fight.declare_station(cutter, c["cutter gunner"], "gunnery")
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    return fight, ember, cutter, c


def test_ship_may_not_start_out_of_slot_order():
    """The cutter's slot comes after the Ember Drift's: it cannot go first."""
    fight, ember, cutter, _ = _ship_fight()
    with pytest.raises(RulesError, match="'ship' must be Ember Drift, whose slot comes next in round 1"):
        fight.start_turn(cutter)


def test_ship_may_not_take_two_turns_in_a_round():
    """After its turn a ship waits for the next round."""
    fight, ember, cutter, _ = _ship_fight()
    fight.start_turn(ember)
    fight.start_turn(cutter)
    with pytest.raises(RulesError, match="'ship' Ember Drift has already had its turn in round 1"):
        fight.start_turn(ember)
    fight.end_round()
    fight.start_turn(ember)
    assert fight.next_ship() == "CM-440 cutter"


def test_ship_out_of_the_fight_gives_up_its_slot():
    """A ship that has left the fight is skipped in the slot order."""
    fight, ember, cutter, _ = _ship_fight()
    assert fight.next_ship() == "Ember Drift"
    ember.left_fight = True
    assert fight.next_ship() == "CM-440 cutter"
    fight.start_turn(cutter)
    assert fight.current == "CM-440 cutter" and fight.next_ship() is None


def test_station_switch_at_the_station_step_costs_the_rounds_action():
    """Davan moves to Gunnery in round 2's station step: he cannot fire that round, nor any other Action."""
    fight, ember, cutter, c = _ship_fight()
    fight.end_round()
    del ember.posts[Station.GUNNERY]
    fight.declare_station(ember, c["davan"], "gunnery")
    fight.start_turn(ember)
    with pytest.raises(RulesError, match="'crew' Davan Kel switched station this round"):
        fight.fire(ember, "autocannon", cutter, (1, 0))
    fight.start_turn(cutter)
    fight.end_round()
    fight.start_turn(ember)
    fight.fire(ember, "autocannon", cutter, (1, 0))  # the next round he acts as usual


def test_returning_to_a_station_after_leaving_it_costs_the_action():
    """Back at Gunnery after leaving it to fight boarders: a switch, so no shot that round."""
    from voidref.drifters.ships import leave_station
    fight, ember, cutter, c = _ship_fight()
    fight.start_turn(ember)
    leave_station(fight, ember, "Yessica Morn")
    fight.declare_station(ember, c["yessica"], "gunnery")
    with pytest.raises(RulesError, match="'crew' Yessica Morn switched station this round"):
        fight.fire(ember, "autocannon", cutter, (1, 0))


def test_gunner_must_be_posted_at_gunnery():
    """fire(gunner=...) refuses someone at Engineering or at no station, naming 'gunner'."""
    fight, ember, cutter, c = _ship_fight()
    fight.start_turn(ember)
    with pytest.raises(RulesError, match=r"'gunner' must be the crew member at the Ember Drift's Gunnery station "
                                         r"\(Yessica Morn; got Davan Kel, who is at engineering\)"):
        fight.fire(ember, "autocannon", cutter, (1, 0), gunner=c["davan"])
    with pytest.raises(RulesError, match="got Rhi, who is at no station"):
        fight.fire(ember, "autocannon", cutter, (1, 0), gunner=c["rhi"])
    shot = fight.fire(ember, "autocannon", cutter, (1, 0), gunner=c["yessica"])
    assert shot.hull_damage == 4 - (3 - 1)


def test_disengage_from_both_ways():
    """Rulings.disengage_from: ours needs Long; printed, any band."""
    fight, ember, cutter, _ = _ship_fight()
    fight.start_turn(ember)
    with pytest.raises(RulesError, match="'band' must be long or farther to Disengage"):
        fight.disengage(ember, (1, 0))
    fight, ember, cutter, _ = _ship_fight(AS_PRINTED)
    fight.start_turn(ember)
    assert fight.disengage(ember, (1, 0)) is True


def test_ship_states_at_step_five_both_ways():
    """Rulings.ship_states_at_step_five: out of control at step 5 (ours), or as the hit lands."""
    for rulings, at_once in ((STANDARD, False), (AS_PRINTED, False), (Rulings(ship_states_at_step_five=False), True)):
        c = crew()
        fight = ShipFight("medium", rulings=rulings)
        ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
        cutter = fight.add_ship(replace(CM_440_CUTTER, armor=0), Side.GM)
        fight.declare_station(ember, c["yessica"], "gunnery")
        fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
        cutter.hull_damage = 20
        fight.start_turn(ember)
        fight.fire(ember, "autocannon", cutter, (1, 0))
        assert (cutter.destroyed_in_round == 1) is at_once
        fight.end_round()
        assert cutter.destroyed_in_round == 1
