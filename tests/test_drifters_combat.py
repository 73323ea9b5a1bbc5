"""Void Drifters personal combat: initiative, turns, movement, attacks, health, injuries, conditions."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters import (
    Attack,
    Character,
    Condition,
    Conditions,
    Cover,
    Entry,
    Health,
    Pool,
    RangeBand,
    Severity,
    Side,
    Weapon,
    critical_injury_odds,
    injuries_for_attack,
    injury_bonus,
    maneuvers_to_move,
    move_plan,
    plan_turn,
    severity,
    slot_order,
    thrown_range,
    turn_order,
    unarmed,
)
from voidref.drifters.environment import melee_bane_dice
from voidref.errors import RulesError

SENNA = Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2, armor_resistance=1)
DAVAN = Character("Davan Kel", might=2, intellect=4, willpower=2, skills={"craft": 2, "electronics": 2})
AGENT = Character("Agent A", agility=3, skills={"ranged": 2}, kind="elite", stated_wound_points=12, stated_resistance=2)
SIDEARM = Weapon("Sidearm", damage=6, crit=3, range="medium")


# -- characters -------------------------------------------------------------
def test_wound_and_strain_thresholds_are_ten_plus_might_and_willpower():
    """Wound Points 10 + Might, Strain Points 10 + Willpower."""
    hero = Character("Hero", might=3, willpower=4)
    assert (hero.wound_points, hero.strain_points) == (13, 14)


@pytest.mark.parametrize("might, armor, resistance", [(1, 0, 1), (2, 0, 1), (3, 0, 2), (4, 1, 3), (5, 3, 6)])
def test_resistance_is_half_might_rounded_up_plus_armor(might, armor, resistance):
    """Resistance: half Might rounded up, plus armor's bonus."""
    assert Character("X", might=might, armor_resistance=armor).resistance == resistance


def test_armor_resistance_is_capped_at_three():
    """Armor adds at most +3 Resistance."""
    with pytest.raises(RulesError, match=r"'armor_resistance' must be an integer from 0 to 3 \(got 4\)"):
        Character("X", armor_resistance=4)


def test_minions_and_elites_have_no_strain_points():
    """Adversaries have no Strain Points."""
    assert Character("M", kind="minion").strain_points is None
    assert AGENT.strain_points is None


def test_unarmed_attack_is_might_damage_crit_5_engaged():
    """Unarmed: Damage equal to Might, Crit 5, Engaged."""
    fist = unarmed(Character("Brawler", might=3))
    assert (fist.damage, fist.crit, fist.range) == (3, 5, RangeBand.ENGAGED)


def test_character_repr_rebuilds_it():
    """repr(Character) is code that rebuilds it."""
    from voidref.drifters import Character as C  # noqa: F401 -- used by eval

    assert eval(repr(AGENT), {"Character": Character}) == AGENT


# -- initiative -------------------------------------------------------------
def test_docking_bay_initiative_order():
    """Senna, Davan, Agent A, Agent B: Davan's tie with Agent A goes to the player slot."""
    entries = [
        Entry("Senna", Side.PLAYER, 2),
        Entry("Agent A", Side.GM, 1),
        Entry("Davan", Side.PLAYER, 1),
        Entry("Agent B", Side.GM, 0),
    ]
    assert slot_order(entries) == (Side.PLAYER, Side.PLAYER, Side.GM, Side.GM)
    assert turn_order(entries) == ("Senna", "Davan", "Agent A", "Agent B")


def test_a_side_may_fill_its_slots_in_any_order():
    """On a player slot the players choose who acts."""
    entries = [Entry("A", Side.PLAYER, 3), Entry("G", Side.GM, 2), Entry("B", Side.PLAYER, 0)]
    assert turn_order(entries, players=["B", "A"]) == ("B", "G", "A")
    with pytest.raises(RulesError, match="'players' order must name"):
        turn_order(entries, players=["A"])


@given(st.lists(st.tuples(st.sampled_from(list(Side)), st.integers(-5, 5)), min_size=1, max_size=8))
def test_player_slots_never_come_after_a_gm_slot_with_equal_successes(results):
    """Ties between sides always go to the player slot."""
    entries = [Entry(f"c{i}", side, n) for i, (side, n) in enumerate(results)]
    ranked = sorted(entries, key=lambda e: (-e.net_successes, e.side is not Side.PLAYER))
    assert slot_order(entries) == tuple(e.side for e in ranked)
    for a, b in zip(ranked, ranked[1:]):
        assert a.net_successes > b.net_successes or not (a.side is Side.GM and b.side is Side.PLAYER)


# -- the turn ---------------------------------------------------------------
def test_second_maneuver_costs_action_or_two_strain():
    """The second Maneuver costs the Action or 2 Strain; the first is free."""
    assert plan_turn(1).strain == 0
    assert plan_turn(2, keep_action=True).strain == 2
    assert plan_turn(2, keep_action=False).action is False


# -- movement ---------------------------------------------------------------
@pytest.mark.parametrize(
    "start, end, cost",
    [
        ("engaged", "short", 1),
        ("short", "medium", 1),
        ("medium", "long", 2),
        ("long", "extreme", 2),
        ("engaged", "extreme", 6),
        ("extreme", "engaged", 6),
        ("short", "short", 0),
    ],
)
def test_maneuvers_between_bands(start, end, cost):
    """1 Maneuver per band up to Medium, 2 per band beyond."""
    assert maneuvers_to_move(start, end) == cost


def test_microgravity_push_off_costs_one_more_unless_anchored():
    """Ruling: +1 Maneuver per move in microgravity; anchored characters walk."""
    assert maneuvers_to_move("engaged", "short", gravity="micro") == 2
    assert maneuvers_to_move("engaged", "short", gravity="micro", anchored=True) == 1


def test_move_plan_spreads_over_turns():
    """Two Maneuvers a turn with 2 Strain for each second one."""
    plan = move_plan("engaged", "long")
    assert (plan.maneuvers, plan.turns_with_strain, plan.strain, plan.turns_without_strain) == (4, 2, 4, 4)


def test_unknown_range_band_names_the_argument():
    """A bad band name is a RulesError naming the argument and the choices."""
    with pytest.raises(RulesError, match=r"'start' must be one of engaged, short, medium, long, extreme \(got 'far'\)"):
        maneuvers_to_move("far", "short")


# -- gravity ----------------------------------------------------------------
def test_gravity_bane_dice_for_melee():
    """Microgravity 2 unless anchored; low gravity 1; standard none."""
    assert [melee_bane_dice(g) for g in ("micro", "low", "standard")] == [2, 1, 0]


def test_thrown_weapons_reach_farther_in_microgravity_shorter_in_high():
    """One band farther in microgravity, two shorter in High and Extreme."""
    assert thrown_range("medium", "micro") is RangeBand.LONG
    assert thrown_range("long", "extreme") is RangeBand.SHORT
    assert thrown_range("medium", "standard") is RangeBand.MEDIUM


def test_ranged_attacks_take_no_gravity_penalty():
    """Ranged attacks ignore gravity."""
    a = Attack(SENNA, SIDEARM, AGENT, band="short", gravity="micro")
    assert a.pool() == Attack(SENNA, SIDEARM, AGENT, band="short").pool()


# -- attack pools -----------------------------------------------------------
def test_docking_bay_pools():
    """Senna 4 Ability vs 1 Trial; Agent A 2 Mastery + 1 Ability vs 1 Trial + 1 Bane in light cover."""
    assert Attack(SENNA, SIDEARM, AGENT, band="short").pool() == Pool(ability=4, trial=1)
    assert Attack(AGENT, SIDEARM, SENNA, band="short", cover="light").pool() == Pool(
        ability=1, mastery=2, trial=1, bane=1
    )


def test_ranged_shot_at_engaged_is_easy_plus_a_bane_die():
    """Ruling from Agent B's shot: Engaged ranged = Easy + 1 Bane Die."""
    assert Attack(AGENT, SIDEARM, DAVAN, band="engaged").pool() == Pool(ability=1, mastery=2, trial=1, bane=1)


@pytest.mark.parametrize("band, trial", [("short", 1), ("medium", 2)])
def test_difficulty_by_range_band(band, trial):
    """Short is Easy and Medium Average."""
    assert Attack(SENNA, SIDEARM, AGENT, band=band).pool().trial == trial


def test_cover_does_not_protect_against_melee():
    """Cover adds to Ranged Defense only."""
    knife = Weapon("Knife", damage=3, crit=3, skill="melee")
    assert Attack(SENNA, knife, AGENT, band="engaged", cover="heavy").pool().bane == 0


def test_defense_and_deflecting_capped_at_three_with_cover_on_top():
    """Gear gives at most 3 Bane Dice; cover adds on top."""
    tank = Character("Tank", ranged_defense=2, deflecting={"kinetic": 2})
    assert Attack(SENNA, SIDEARM, tank, band="short", cover="heavy").pool().bane == 5
    assert Attack(SENNA, SIDEARM, tank, band="short", gear_cap=False).pool().bane == 4


def test_deflecting_only_against_its_damage_type():
    """Deflecting X (type) adds X only against that type."""
    t = Character("T", deflecting={"energy": 2})
    assert Attack(SENNA, SIDEARM, t, band="short").pool().bane == 0
    laser = Weapon("Laser", damage=6, crit=3, range="medium", damage_type="energy")
    assert Attack(SENNA, laser, t, band="short").pool().bane == 2


def test_past_range_needs_gm_permission_and_adds_a_bane_die_per_band():
    """Out of range is refused unless allowed; then 1 Bane Die per band beyond."""
    with pytest.raises(RulesError, match="'band' must be within the weapon's range"):
        Attack(SENNA, SIDEARM, AGENT, band="extreme")
    assert Attack(SENNA, SIDEARM, AGENT, band="extreme", past_range_allowed=True).pool().bane == 2


def test_disoriented_adds_a_bane_die():
    """Ruling: Disoriented adds 1 Bane Die to the character's checks."""
    c = Conditions().apply(Condition.DISORIENTED)
    assert Attack(AGENT, SIDEARM, SENNA, band="short", cover="light", conditions=c).pool().bane == 2


def test_melee_in_microgravity_adds_two_bane_dice_unless_anchored():
    """Stable-stance actions in microgravity: 2 Bane Dice unless anchored."""
    fist = unarmed(SENNA)
    assert Attack(SENNA, fist, AGENT, band="engaged", gravity="micro").pool().bane == 2
    assert Attack(SENNA, fist, AGENT, band="engaged", gravity="micro", anchored=True).pool().bane == 0


def test_melee_needs_engaged():
    """A melee attack at Short is refused."""
    with pytest.raises(RulesError, match=r"'band' must be engaged for a unarmed attack \(got short\)"):
        Attack(SENNA, unarmed(SENNA), AGENT, band="short")


# -- damage -----------------------------------------------------------------
@pytest.mark.parametrize("net, wounds", [(1, 4), (2, 5), (3, 6)])
def test_each_net_success_past_the_first_adds_one_damage(net, wounds):
    """Damage 6 + (net - 1) less Resistance 2."""
    assert Attack(SENNA, SIDEARM, AGENT, band="short").damage(net).wounds == wounds


def test_pierce_ignores_resistance_and_wounds_never_go_below_zero():
    """Pierce X ignores X Resistance; Wounds are at least 0."""
    tough = Character("Tough", stated_resistance=9)
    assert Attack(SENNA, SIDEARM, tough, band="short").damage(1).wounds == 0
    piercer = Weapon("AP", damage=6, crit=3, range="medium", pierce=2)
    assert Attack(SENNA, piercer, tough, band="short").damage(1).wounds == 0
    assert Attack(SENNA, piercer, AGENT, band="short").damage(1).wounds == 6


def test_stun_weapons_deal_strain():
    """A Stun weapon's damage is Strain, after Resistance (ruling)."""
    stunner = Weapon("Stunner", damage=6, crit=4, range="short", stun=True)
    d = Attack(SENNA, stunner, DAVAN, band="short").damage(1)
    assert (d.wounds, d.strain) == (0, 5)


# -- exact attack odds ------------------------------------------------------
def _brute_attack(attack, health):
    pool = attack.pool()
    n = 0
    hit = crit = down = 0
    wounds = {}
    for faces in itertools.product(*(d.faces for d in pool.dice())):
        n += 1
        s = sum(f.successes for f in faces)
        b = sum(f.boons for f in faces)
        brk = sum(f.breakthroughs for f in faces)
        if s >= 1:
            hit += 1
            w = attack.damage(s).wounds
            wounds[w] = wounds.get(w, 0) + 1
            crit += b >= attack.weapon.crit or brk >= 1 or health.incapacitated
            down += health.wounds + w >= health.wound_points
        else:
            wounds[0] = wounds.get(0, 0) + 1
            down += health.incapacitated
    return Fraction(hit, n), {w: Fraction(c, n) for w, c in wounds.items()}, Fraction(crit, n), Fraction(down, n)


@pytest.mark.parametrize(
    "attack, wounds_taken",
    [
        (Attack(SENNA, SIDEARM, AGENT, band="short"), 6),
        (Attack(AGENT, SIDEARM, SENNA, band="short", cover="light"), 8),
        (Attack(AGENT, SIDEARM, DAVAN, band="short", cover="heavy"), 12),
    ],
)
def test_attack_odds_match_enumeration(attack, wounds_taken):
    """Hit, Wounds, Critical Injury and incapacitation odds equal brute force."""
    health = Health.of(attack.target).suffer_wounds(wounds_taken)
    odds = attack.odds(health)
    hit, wounds, crit, down = _brute_attack(attack, health)
    assert (odds.hit, odds.wounds.probabilities(), odds.critical_injury, odds.incapacitated) == (
        hit,
        wounds,
        crit,
        down,
    )


def test_any_hit_on_an_incapacitated_target_allows_a_critical_injury():
    """A hit on an incapacitated character triggers a Critical Injury."""
    down = Health.of(AGENT).suffer_wounds(12)
    odds = Attack(SENNA, SIDEARM, AGENT, band="short").odds(down)
    assert odds.critical_injury == odds.hit
    assert odds.incapacitated == 1


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(0, 4), st.sampled_from(list(Cover)), st.integers(0, 2))
def test_attack_odds_are_a_distribution_and_cover_never_helps_the_attacker(agility, ranged, cover, extra):
    """Wounds sum to 1; more cover never raises the chance to hit."""
    shooter = Character("S", agility=agility, skills={"ranged": ranged})
    a = Attack(shooter, SIDEARM, AGENT, band="short", cover=cover, bane_dice=extra)
    assert sum(a.odds().wounds.probabilities().values()) == 1
    if cover < Cover.HEAVY:
        harder = Attack(shooter, SIDEARM, AGENT, band="short", cover=Cover(cover + 1), bane_dice=extra)
        assert harder.odds().hit <= a.odds().hit


# -- health -----------------------------------------------------------------
def test_elite_strain_becomes_wounds():
    """Minions and Elites take Strain as Wounds, 1 for 1."""
    h = Health.of(AGENT).suffer_wounds(5).suffer_strain(1)
    assert (h.wounds, h.strain) == (6, 0)


def test_incapacitated_at_threshold():
    """Wounds or Strain equal to the threshold incapacitate."""
    h = Health.of(DAVAN)
    assert not h.suffer_wounds(11).incapacitated
    assert h.suffer_wounds(12).incapacitated_by_wounds
    assert h.suffer_strain(12).incapacitated_by_strain


def test_end_of_encounter_recovers_willpower_strain():
    """Davan recovers Strain equal to Willpower (2), clearing his 2 Strain."""
    assert Health.of(DAVAN).suffer_strain(2).end_of_encounter(2).strain == 0


def test_full_rest_after_strain_knockout_leaves_half_strain_points():
    """After a Strain knockout a full rest leaves Strain at half Strain Points, rounded down."""
    h = Health.of(Character("X", willpower=3)).suffer_strain(13)
    assert h.full_rest(might=1).strain == 6
    assert Health.of(DAVAN).suffer_strain(5).full_rest(might=2).strain == 0


def test_catch_breath_once_per_encounter():
    """Catch Breath recovers 1 Strain, once per encounter."""
    h = Health.of(DAVAN).suffer_strain(3).catch_breath()
    assert h.strain == 2
    with pytest.raises(RulesError, match="once per encounter"):
        h.catch_breath()
    assert h.end_of_encounter(1).catch_breath().strain == 0


def test_full_rest_and_medical_care_heal_wounds():
    """Full rest heals Might; medical care adds net Successes and 1 per 2 Boons."""
    h = Health.of(DAVAN).suffer_wounds(10)
    assert h.full_rest(might=2).wounds == 8
    assert h.medical_care(might=2, net_successes=2, boons=2).wounds == 5


def test_treating_a_critical_injury_removes_it_on_success():
    """A successful Medicine check removes one Critical Injury."""
    h = Health.of(DAVAN).add_critical_injury(2)
    assert h.treat_critical_injury(True).critical_injuries == 1
    assert h.treat_critical_injury(False).critical_injuries == 2


# -- critical injuries ------------------------------------------------------
@pytest.mark.parametrize(
    "total, band",
    [
        (1, "minor"),
        (30, "minor"),
        (31, "moderate"),
        (60, "moderate"),
        (61, "severe"),
        (85, "severe"),
        (86, "deadly"),
        (100, "deadly"),
        (101, "mortal"),
        (140, "mortal"),
    ],
)
def test_severity_bands(total, band):
    """Minor 01-30, Moderate 31-60, Severe 61-85, Deadly 86-100, Mortal 101+."""
    assert severity(total) is Severity(band)


def test_injury_bonus_rises_with_held_and_order():
    """+10 per held injury; the 2nd of one attack +10 more, the 3rd +20 more."""
    assert [injury_bonus(1, k) for k in range(3)] == [10, 20, 30]


def test_critical_injury_odds_match_counting():
    """Band odds equal counting d100 results with the bonus."""
    for held in range(0, 4):
        odds = critical_injury_odds(held)
        for band in Severity:
            count = sum(1 for r in range(1, 101) if severity(r + 10 * held) is band)
            assert odds[band] == Fraction(count, 100)


def test_several_injuries_from_one_attack():
    """Each later injury of one attack rolls with 10 more."""
    rolls = injuries_for_attack(held=0, count=3)
    assert [b for b, _ in rolls] == [0, 10, 20]
    assert rolls[2][1][Severity.MORTAL] == Fraction(20, 100)


# -- conditions -------------------------------------------------------------
def test_condition_lasts_until_end_of_next_turn_and_reapplying_extends():
    """Default duration one turn end; applying again adds to it; no stacking of effect."""
    c = Conditions().apply("disoriented")
    assert c.end_turn().turns_left("disoriented") == 0
    twice = c.apply("disoriented")
    assert twice.turns_left("disoriented") == 2
    assert twice.bane_dice() == 1
