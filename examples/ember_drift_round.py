"""One ship round: the Ember Drift against a CM-440 cutter, run with the engine.

Restates "Worked Example: One Ship Round" of the Void Drifters chapter.
The dice results the source states are inputs; everything else is computed
and checked against the source's figures. Run it: ``python3 examples/ember_drift_round.py``.
"""

from __future__ import annotations

from voidref.drifters import Side
from voidref.drifters.ships import CM_440_CUTTER, EMBER_DRIFT, BaneSpend, ShipFight, Talent, attack_odds, can_jam
from voidref.drifters.ships.example import crew
from voidref.errors import RulesError
from voidref.present import percent


def run(say=print) -> ShipFight:
    """Play the round, checking every figure the source prints; return the fight."""
    c = crew()
    fight = ShipFight(band="medium")
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    cutter = fight.add_ship(CM_440_CUTTER, Side.GM)

    # Step 2: stations.
    fight.declare_station(ember, c["senna"], "helm", talents=[Talent.EVASIVE_INSTINCT])
    fight.declare_station(ember, c["yessica"], "gunnery", talents=[Talent.FIRE_CONTROL])
    fight.declare_station(ember, c["davan"], "engineering", gear_boon_dice=1)
    fight.declare_station(ember, c["rhi"], "sensors and comms")
    fight.declare_captain(ember, c["corin"])
    fight.declare_station(cutter, c["cutter pilot"], "helm")
    fight.declare_station(cutter, c["cutter gunner"], "gunnery")

    # Step 3: initiative.
    senna_pool = fight.initiative_pool(ember)
    pilot_pool = fight.initiative_pool(cutter)
    first = senna_pool.distribution().combine(pilot_pool.distribution(),
                                              lambda a, b: a.successes >= b.successes)
    say(f"Initiative: {senna_pool.describe()} vs the cutter's {pilot_pool.describe()}; "
        f"chance the Ember Drift goes first {percent(first[True])}")
    order = fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    assert order == ("Ember Drift", "CM-440 cutter")
    say(f"Order: {', '.join(order)}")

    # Step 4: the Ember Drift's turn.
    fight.start_turn(ember)
    evasive = fight.check_pool(ember, "Evasive Maneuver")
    assert evasive.describe() == "2 Mastery + 2 Ability vs 2 Trial"
    say(f"Helm, Evasive Maneuver: {evasive.describe()}, success {percent(evasive.chance_of_success())}")
    assert fight.evasive_maneuver(ember, (2, 1), change_facing=True)

    fight.direct_focus(ember, c["yessica"])
    lock = fight.check_pool(ember, "Target Lock")
    assert lock.describe() == "4 Ability vs 2 Trial"
    say(f"Sensors, Target Lock: {lock.describe()}, success {percent(lock.chance_of_success())}")
    assert fight.target_lock(ember, cutter, (1, 0))

    boost = fight.check_pool(ember, "Boost Power")
    assert boost.describe() == "2 Mastery + 2 Ability + 1 Boon vs 2 Trial"
    say(f"Engineering, Boost Power: {boost.describe()}, success {percent(boost.chance_of_success())}")
    assert fight.boost_power(ember, (1, 0))

    shot = fight.attack(ember, "autocannon", cutter)
    assert shot.limited_boon_dice == 2 and shot.talent_boon_dice == 1
    assert shot.pool().describe() == "2 Mastery + 2 Ability + 3 Boon vs 2 Trial + 1 Bane"
    odds = attack_odds(shot, cutter.standing, boon_use="armor")
    say(f"Gunnery, autocannon: {shot.pool().describe()}, hit {percent(odds.hit)}, "
        f"mean Hull Damage {float(odds.hull_damage.mean()):.2f}")
    result = fight.fire(ember, "autocannon", cutter, (2, 2), bypass_boons=2)
    assert (result.hit.damage, result.hit.armor, result.hull_damage) == (7, 1, 6)
    assert (cutter.hull_damage, ember.heat) == (6, 3)
    say(f"Hit: {result.hit.damage} damage against Armor {result.hit.armor}: "
        f"{result.hull_damage} Hull Damage ({cutter.standing.describe(cutter.profile)}); Ember Drift Heat {ember.heat}")

    # Step 4: the cutter's turn.
    fight.start_turn(cutter)
    assert fight.hold_position(cutter).value == "medium"
    reply = fight.attack(cutter, "railgun battery", ember)
    assert reply.pool().trial == 2 and reply.pool().bane == 1
    odds = attack_odds(reply, ember.standing)
    say(f"Cutter, railgun: {reply.pool().describe()}, hit {percent(odds.hit)}, "
        f"jam {percent(odds.jam)}")
    assert not can_jam(2)
    back = fight.fire(cutter, "railgun battery", ember, (1, -2), bane_spend=BaneSpend.NEXT_ATTACK_BANE_DIE)
    assert (back.hit.damage, back.hit.armor, back.hull_damage) == (5, 0, 5)
    assert cutter.heat == 1 and cutter.next_attack_bane_dice == 1
    say(f"Hit back: {back.hull_damage} Hull Damage ({ember.standing.describe(ember.profile)})")

    # Steps 5 and 6.
    ends = {e.name: e for e in fight.end_round()}
    assert (ends["Ember Drift"].heat_before, ember.heat) == (3, 1)
    assert (ends["CM-440 cutter"].heat_before, cutter.heat) == (1, 0)
    assert (ember.hull_damage, cutter.hull_damage) == (5, 6)
    assert ends["Ember Drift"].at_heat_threshold is False and ends["CM-440 cutter"].at_heat_threshold is None
    say(f"End of round: Ember Drift {ember.standing.describe(ember.profile)}, "
        f"Heat {ends['Ember Drift'].heat_before} -> {ember.heat}; "
        f"cutter {cutter.standing.describe(cutter.profile)}, Heat {ends['CM-440 cutter'].heat_before} -> {cutter.heat}")

    reached = ends["Ember Drift"].at_heat_threshold
    say(f"Heat Threshold {EMBER_DRIFT.heat_threshold}: reached by the Ember Drift? {reached}")

    # Round 2, the way out the source suggests: Break to Long, then Disengage.
    fight.start_turn(ember)
    band = fight.break_away(ember)
    leave = fight.check_pool(ember, "Disengage")
    say(f"Round 2: Break to {band.value}; Disengage {leave.describe()}, success {percent(leave.chance_of_success())}")
    try:
        fight.boost_power(ember, (1, 0))
    except RulesError as refused:
        say(f"A second weapons boost is refused: {refused}")
    else:
        raise AssertionError("a second weapons boost this encounter must be refused")
    return fight


if __name__ == "__main__":
    run()
