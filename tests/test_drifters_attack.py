"""Void Drifters attacks (``voidref.drifters.attack``): pools, Bane Dice, range, damage and exact odds."""

import itertools
from dataclasses import replace
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
    Gravity,
    Health,
    Pool,
    RangeBand,
    Weapon,
    thrown_range,
    unarmed,
)
from voidref.drifters._oracle import brute_force_counts
from voidref.drifters.rulings import AS_PRINTED, Rulings
from voidref.errors import RulesError

SENNA = Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2, armor_resistance=1)
DAVAN = Character("Davan Kel", might=2, intellect=4, willpower=2, skills={"craft": 2, "electronics": 2})
AGENT = Character("Agent A", agility=3, skills={"ranged": 2}, kind="elite", stated_wound_points=12, stated_resistance=2)
SIDEARM = Weapon("Sidearm", damage=6, crit=3, range="medium")
SHOOTER = Character("Shooter", agility=3, skills={"ranged": 2})
KNIFE = Weapon("Throwing knife", damage=3, crit=3, range="short", thrown=True)


def _banes(attack: Attack) -> int:
    return sum(n for _, n in attack.bane_sources())


# -- attack pools ------------------------------------------------------------------------


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


def test_ranged_attacks_take_no_gravity_penalty():
    """Ranged attacks ignore gravity."""
    a = Attack(SENNA, SIDEARM, AGENT, band="short", gravity="micro")
    assert a.pool() == Attack(SENNA, SIDEARM, AGENT, band="short").pool()


# -- Defense: only the gear part is capped -----------------------------------------------


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


@given(st.integers(min_value=0, max_value=10), st.integers(min_value=0, max_value=10),
       st.integers(min_value=0, max_value=10), st.sampled_from(["none", "light", "heavy"]))
def test_talent_defense_adds_in_full_whatever_the_gear(gear, deflecting, talent, cover):
    """Bane Dice = min(gear Defense + Deflecting, 3) + talent Defense + cover, for any mix."""
    target = Character("Target", ranged_defense=gear, deflecting={"kinetic": deflecting}, talent_ranged_defense=talent)
    shot = Attack(SHOOTER, SIDEARM, target, band="short", cover=cover)
    assert _banes(shot) == min(gear + deflecting, 3) + talent + {"none": 0, "light": 1, "heavy": 2}[cover]


# -- thrown weapons ----------------------------------------------------------------------


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


# -- damage ------------------------------------------------------------------------------


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


# -- exact attack odds -------------------------------------------------------------------


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


# -- Drifting after a Calamity -----------------------------------------------------------


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
