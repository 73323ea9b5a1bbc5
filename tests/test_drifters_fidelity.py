"""Void Drifters: the engine agrees with the source on the points of issue 14 (1 to 8)."""

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.drifters import (
    Attack,
    Character,
    Condition,
    Conditions,
    Gravity,
    Health,
    Pool,
    RangeBand,
    Side,
    Weapon,
    maneuvers_to_move,
    thrown_range,
)
from voidref.drifters._oracle import brute_force_counts
from voidref.drifters.environment import calamity_sets_drifting, drift_recovery_pool, extra_move_maneuvers
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.drifters.ships import CM_440_CUTTER, EMBER_DRIFT, ShipFight, Station
from voidref.drifters.ships.example import crew
from voidref.errors import RulesError

SHOOTER = Character("Shooter", agility=3, skills={"ranged": 2})
SIDEARM = Weapon("Sidearm", damage=6, crit=3, range="medium")
KNIFE = Weapon("Throwing knife", damage=3, crit=3, range="short", thrown=True)


def _banes(attack: Attack) -> int:
    return sum(n for _, n in attack.bane_sources())


# -- 1. Defense: only the gear part is capped ----------------------------------------

def test_talent_defense_is_not_capped():
    """Ranged Defense 5 from talents gives 5 Bane Dice: Defense has no hard cap."""
    target = Character("Ace", talent_ranged_defense=5)
    assert _banes(Attack(SHOOTER, SIDEARM, target, band="short")) == 5


def test_gear_defense_and_deflecting_stay_at_three_with_talents_on_top():
    """Gear Defense 2 + Deflecting 2 give 3 (the cap); talent Defense 2 and heavy cover add 4 more."""
    target = Character("Tank", ranged_defense=2, deflecting={"kinetic": 2}, talent_ranged_defense=2)
    shot = Attack(SHOOTER, SIDEARM, target, band="short", cover="heavy")
    assert dict(shot.bane_sources()) == {"Defense and Deflecting from gear": 3, "Defense from talents": 2,
                                         "heavy cover": 2}


def test_gear_cap_lifted_for_special_gear():
    """gear_cap=False (gear that is not default gear) counts gear Defense and Deflecting in full."""
    target = Character("Tank", ranged_defense=2, deflecting={"kinetic": 2})
    assert _banes(Attack(SHOOTER, SIDEARM, target, band="short", gear_cap=False)) == 4


def test_melee_uses_melee_talent_defense_only():
    """A melee attack counts Melee Defense (gear capped, talents not); Ranged Defense never."""
    brawler = Character("Brawler", might=3, skills={"melee": 2})
    club = Weapon("Club", damage=4, crit=4, skill="melee")
    target = Character("Guard", melee_defense=4, talent_melee_defense=1, talent_ranged_defense=3)
    assert _banes(Attack(brawler, club, target, band="engaged")) == 3 + 1


def test_character_defense_totals_and_repr():
    """Character.defense adds gear and talents; repr rebuilds the talent fields."""
    c = Character("Ace", ranged_defense=1, talent_ranged_defense=2, talent_melee_defense=1)
    assert (c.defense(melee=False), c.defense(melee=True)) == (3, 1)
    assert eval(repr(c)) == c


def test_talent_defense_out_of_range_is_named():
    """A bad talent Defense names its argument."""
    with pytest.raises(RulesError, match=r"'talent_ranged_defense' must be an integer from 0 to 10 \(got -1\)"):
        Character("Ace", talent_ranged_defense=-1)


# -- 2. Heavy gravity slows movement, Elevated included ---------------------------------

@pytest.mark.parametrize("gravity", ["elevated", "high", "extreme"])
def test_elevated_high_and_extreme_gravity_slow_movement(gravity):
    """Every heavy band makes a move cost more than in standard gravity."""
    assert maneuvers_to_move("short", "medium", gravity) > maneuvers_to_move("short", "medium", "standard")


def test_heavy_gravity_move_maneuvers_both_ways():
    """Rulings.heavy_gravity_move_maneuvers sets the extra Maneuvers (ours 1, 1, 2; printed: no number)."""
    assert [extra_move_maneuvers(g) for g in ("elevated", "high", "extreme")] == [1, 1, 2]
    assert AS_PRINTED.heavy_gravity_move_maneuvers == STANDARD.heavy_gravity_move_maneuvers
    slow = Rulings(heavy_gravity_move_maneuvers=(1, 2, 3))
    assert maneuvers_to_move("short", "medium", "high", rulings=slow) == 3


def test_heavy_gravity_may_not_be_free():
    """A Rulings with 0 for Elevated contradicts the source and is refused."""
    with pytest.raises(RulesError, match=r"'heavy_gravity_move_maneuvers\[elevated\]' must be an integer from 1"):
        Rulings(heavy_gravity_move_maneuvers=(0, 1, 1))


def test_anchored_push_off_both_ways():
    """Rulings.anchored_skips_push_off: ours lets mag boots walk; printed, every move pushes off."""
    assert maneuvers_to_move("engaged", "short", "micro", anchored=True) == 1
    assert maneuvers_to_move("engaged", "short", "micro", anchored=True, rulings=AS_PRINTED) == 2
    assert maneuvers_to_move("engaged", "short", "micro", rulings=STANDARD) == 2


# -- 3. Thrown range in the attack ----------------------------------------------------

def test_thrown_knife_reaches_one_band_farther_in_microgravity():
    """A Short thrown knife can be thrown at Medium in microgravity (no past-range Bane Die)."""
    shot = Attack(SHOOTER, KNIFE, Character("Target"), band="medium", gravity="micro")
    assert shot.reach is RangeBand.MEDIUM and _banes(shot) == 0


def test_thrown_knife_cannot_be_thrown_in_high_gravity():
    """A Short thrown knife falls below Engaged in High gravity: the attack is refused, naming gravity."""
    with pytest.raises(RulesError, match="'gravity' high leaves the thrown Throwing knife no reach"):
        Attack(SHOOTER, KNIFE, Character("Target"), band="short", gravity="high")
    with pytest.raises(RulesError, match="'gravity' extreme"):
        Attack(SHOOTER, KNIFE, Character("Target"), band="engaged", gravity="extreme", past_range_allowed=True)


def test_thrown_range_shift_is_checked_against_the_band():
    """At Long, a Medium thrown weapon in microgravity is in range; in standard gravity it is not."""
    spear = Weapon("Spear", damage=4, crit=3, range="medium", thrown=True)
    Attack(SHOOTER, spear, Character("Target"), band="long", gravity="micro")
    with pytest.raises(RulesError, match="'band' must be within the weapon's range, engaged to medium"):
        Attack(SHOOTER, spear, Character("Target"), band="long")


def test_past_thrown_range_counts_bands_from_the_thrown_reach():
    """Past-range Bane Dice count from the shifted reach: Long spear thrown at Extreme in High gravity, +3."""
    spear = Weapon("Spear", damage=4, crit=3, range="long", thrown=True)
    shot = Attack(SHOOTER, spear, Character("Target"), band="extreme", gravity="high", past_range_allowed=True)
    assert shot.reach is RangeBand.SHORT and dict(shot.bane_sources())["past the weapon's range"] == 3


@given(st.sampled_from(list(RangeBand)), st.sampled_from(list(Gravity)), st.sampled_from(list(RangeBand)))
def test_thrown_attack_accepts_exactly_the_bands_thrown_range_gives(listed, gravity, band):
    """An attack with a thrown weapon is accepted exactly at the bands thrown_range() reaches."""
    weapon = Weapon("Thrown", damage=3, crit=3, range=listed, thrown=True)
    reach = thrown_range(listed, gravity)
    try:
        Attack(SHOOTER, weapon, Character("Target"), band=band, gravity=gravity)
        accepted = True
    except RulesError:
        accepted = False
    assert accepted == (reach is not None and band <= reach)


# -- 4. Medical care: 2 Boons remove 1 more Wound -----------------------------------

def test_medical_care_two_boons_remove_one_more_wound_once():
    """4 Boons remove 1 more Wound, not 2: the source names one Wound for 2 Boons."""
    hurt = Health(12, 12, wounds=10)
    assert hurt.medical_care(2, net_successes=1, boons=4).wounds == 10 - 2 - 1 - 1
    assert hurt.medical_care(2, net_successes=1, boons=1).wounds == 10 - 2 - 1
    assert hurt.medical_care(2, net_successes=1, boons=4, boons_on_wounds=False).wounds == 10 - 2 - 1


def test_medical_boons_repeat_both_ways():
    """Rulings.medical_boons_repeat: off in ours and as printed; on, every 2 Boons heal 1 more."""
    hurt = Health(12, 12, wounds=10)
    assert AS_PRINTED.medical_boons_repeat is STANDARD.medical_boons_repeat is False
    assert hurt.medical_care(2, 0, 4, rulings=AS_PRINTED).wounds == 7
    assert hurt.medical_care(2, 0, 4, rulings=Rulings(medical_boons_repeat=True)).wounds == 6


# -- 5. Full rest after a Strain knockout -------------------------------------------

def test_strain_knockout_rest_sets_strain_to_half():
    """After a Strain knockout a full rest leaves Strain at half the Strain Points, rounded down."""
    out = Health(12, 13).suffer_strain(14)
    assert out.strain_knockout
    assert out.full_rest(2).strain == 6
    assert out.end_of_encounter(willpower=3).full_rest(2).strain == 6


def test_full_rest_without_knockout_clears_strain():
    """A full rest with no Strain knockout clears all Strain."""
    assert Health(12, 12).suffer_strain(5).full_rest(2).strain == 0


# -- 6. Drifting ---------------------------------------------------------------------

def test_drifting_follows_a_calamity_on_a_physical_action_in_microgravity():
    """Only a Calamity, only on a physical action, only in microgravity."""
    assert calamity_sets_drifting("micro", 1, physical=True)
    assert not calamity_sets_drifting("micro", 0, physical=True)
    assert not calamity_sets_drifting("micro", 1, physical=False)
    assert not any(calamity_sets_drifting(g, 2, physical=True) for g in Gravity if g is not Gravity.MICRO)


def test_drifting_lasts_until_ended():
    """Drifting does not wear off at turn ends; an Athletics check or an ally ends it."""
    c = Conditions().apply(Condition.DRIFTING)
    for _ in range(5):
        c = c.end_turn()
    assert c.has("drifting") and c.turns_left("drifting") is None and c.bane_dice() == 0
    assert not c.end("drifting").has("drifting")
    with pytest.raises(RulesError, match="'condition' must be one the character has"):
        Conditions().end("drifting")


def test_drift_recovery_is_an_average_athletics_check():
    """Might and Athletics against 2 Trial Dice."""
    climber = Character("Climber", might=3, skills={"athletics": 1})
    assert drift_recovery_pool(climber) == Pool(ability=2, mastery=1, trial=2)


def _oracle_calamity_chance(pool: Pool) -> Fraction:
    counts = brute_force_counts(pool)
    return Fraction(sum(n for o, n in counts.items() if o.calamities >= 1), sum(counts.values()))


def test_melee_attack_drifting_odds_match_brute_force():
    """A melee attack in microgravity with a Hazard Die: Drifting exactly when a Calamity shows."""
    brawler = Character("Brawler", might=2, skills={"melee": 1})
    club = Weapon("Club", damage=4, crit=4, skill="melee")
    swing = Attack(brawler, club, Character("Target"), band="engaged", gravity="micro", difficulty_upgrades=1)
    assert swing.pool().hazard == 1
    odds = swing.odds()
    assert odds.drifting == _oracle_calamity_chance(swing.pool()) == Fraction(1, 12)
    assert replace(swing, gravity="low").odds().drifting == 0


def test_ranged_shot_is_physical_both_ways():
    """Rulings.ranged_shot_is_physical: a gunshot's Calamity sets Drifting only when the switch is on."""
    shot = Attack(SHOOTER, SIDEARM, Character("Target"), band="short", gravity="micro", difficulty_upgrades=1)
    assert shot.odds().drifting == 0
    assert AS_PRINTED.ranged_shot_is_physical is False
    on = replace(shot, rulings=Rulings(ranged_shot_is_physical=True))
    assert on.odds().drifting == _oracle_calamity_chance(on.pool()) > 0


# -- 7. Ship turns and stations -------------------------------------------------------

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
    ember.left_fight = True
    fight.start_turn(cutter)


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


# -- 8. Pool syntax -------------------------------------------------------------------

@pytest.mark.parametrize("text, pool", [
    ("3 upgraded trial", Pool(hazard=3)),
    ("1 hazard die", Pool(hazard=1)),
    ("2 ability 1 mastery vs average", Pool(ability=2, mastery=1, trial=2)),
    ("1 upgraded ability, 2 Boon Dice", Pool(mastery=1, boon=2)),
    ("2 Ability Dice + 1 bane die vs 1 upgraded trial die", Pool(ability=2, bane=1, hazard=1)),
    ("2m 2a vs 2t 1h", Pool(mastery=2, ability=2, trial=2, hazard=1)),
    ("2M 2A 1B vs 2T 1b", Pool(mastery=2, ability=2, trial=2, bane=1, boon=1)),
    ("4 abilities vs hard", Pool(ability=4, trial=3)),
])
def test_pool_parse_reads_whole_die_names(text, pool):
    """Whole die names, difficulty words and letters in either case where unambiguous."""
    assert Pool.parse(text) == pool


@pytest.mark.parametrize("text, token", [
    ("2 ability vs 1 tral", "tral"),
    ("3 upgraded boon", "upgraded"),
    ("ability 2", "ability"),
    ("2A 3", "3"),
    ("2A ? 1T", "?"),
    ("2A vs 1T vs 1b", "vs"),
])
def test_pool_parse_error_names_the_token(text, token):
    """A pool it cannot read names the token it stopped at."""
    with pytest.raises(RulesError, match=rf"'pool' .*could not read '{__import__('re').escape(token)}'"):
        Pool.parse(text)


@pytest.mark.parametrize("text, fragment", [
    ("2M 2A vs 2T 1b 1B", "got a Boon Die there in '2M 2A vs 2T 1b 1B'; a Bane Die is a lowercase b"),
    ("2A vs 1M", "got a Mastery Die there"),
    ("", "'pool' must be dice such as '2M 2A vs 2T', or 'no dice' (got '')"),
    ("vs", "must list the roller's dice before 'vs'"),
    ("vs 2T", "must list the roller's dice before 'vs'"),
    ("2 ability vs", "must list the dice after 'vs'"),
])
def test_pool_parse_refuses_a_side_it_would_have_to_guess(text, fragment):
    """The roller's dice come before 'vs' and only negative dice after it; an empty pool or side is written
    'no dice', never left blank (a Boon after 'vs' is most likely a mistyped Bane, not a gift to the roller)."""
    with pytest.raises(RulesError, match=__import__("re").escape(fragment)):
        Pool.parse(text)
    assert Pool.parse("no dice vs 2T") == Pool(trial=2) and Pool.parse("2A vs no dice") == Pool(ability=2)


_COUNTS = st.integers(min_value=0, max_value=4)


@given(_COUNTS, _COUNTS, _COUNTS, _COUNTS, _COUNTS, _COUNTS)
def test_pool_parse_reads_back_what_describe_writes(a, m, b, t, h, n):
    """Pool.parse(pool.describe()) is the same pool, for every pool."""
    pool = Pool(ability=a, mastery=m, boon=b, trial=t, hazard=h, bane=n)
    assert Pool.parse(pool.describe()) == pool


@given(st.integers(min_value=0, max_value=10), st.integers(min_value=0, max_value=10),
       st.integers(min_value=0, max_value=10), st.sampled_from(["none", "light", "heavy"]))
def test_talent_defense_adds_in_full_whatever_the_gear(gear, deflecting, talent, cover):
    """Bane Dice = min(gear Defense + Deflecting, 3) + talent Defense + cover, for any mix."""
    target = Character("Target", ranged_defense=gear, deflecting={"kinetic": deflecting}, talent_ranged_defense=talent)
    shot = Attack(SHOOTER, SIDEARM, target, band="short", cover=cover)
    assert _banes(shot) == min(gear + deflecting, 3) + talent + {"none": 0, "light": 1, "heavy": 2}[cover]
