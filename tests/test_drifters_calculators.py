"""Void Drifters calculators: fields beside keyword-only compute functions, ruling switches, listed dice."""

from fractions import Fraction

import pytest

from voidref import calc
from voidref.calc.drifters import check_odds, movement, recovery
from voidref.calc.drifters_attack import attack, rounds, ship_attack
from voidref.calc.results import Table, pct
from voidref.drifters import Attack, Character, Difficulty, Gravity, Kind, Pool, RangeBand, Skill, Weapon
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings


def test_registered_compute_is_the_module_function():
    """The registry runs the very functions these modules define, with the fields declared beside them."""
    for slug, function in (("check-odds", check_odds), ("movement", movement), ("recovery", recovery),
                           ("attack", attack), ("rounds-to-take-down", rounds), ("ship-attack", ship_attack)):
        assert calc.get(slug).compute is function


def test_choices_reach_the_compute_function_as_engine_enums():
    """A band, a gravity or a difficulty arrives as the engine's enum member, and echoes back as form text."""
    assert calc.get("movement").field("gravity").parse("High") is Gravity.HIGH
    assert calc.get("check-odds").field("difficulty").parse("hard") is Difficulty.HARD
    assert calc.run("attack", {"band": "Medium"})["inputs"]["band"] == "medium"


# -- ruling switches -------------------------------------------------------------------

SWITCH_PROBES = {
    ("movement", "heavy_gravity_move_maneuvers"): ({"gravity": "high"}, "1,2,2"),
    ("movement", "anchored_skips_push_off"): ({"gravity": "micro", "anchored": "1"}, "0"),
    ("recovery", "medical_boons_repeat"): ({"event": "medical_care", "wounds": "12", "boons": "4"}, "1"),
    ("attack", "stun_subtracts_resistance"): ({"stun": "1", "resistance": "4"}, "0"),
    ("attack", "ranged_shot_is_physical"): ({"gravity": "micro", "difficulty_upgrades": "1"}, "1"),
    ("attack", "thrown_reach_stops_at_engaged"): ({"thrown": "1", "weapon_range": "short", "band": "engaged",
                                                   "gravity": "high"}, "1"),
    ("attack", "low_gravity_bane_every_melee"): ({"weapon_skill": "melee", "gravity": "low", "needs_footing": "0"},
                                                 "0"),
    ("rounds-to-take-down", "low_gravity_bane_every_melee"): ({"weapon_skill": "melee", "gravity": "low",
                                                              "needs_footing": "0"}, "0"),
    ("rounds-to-take-down", "stun_subtracts_resistance"): ({"stun": "1", "resistance": "4"}, "0"),
    ("rounds-to-take-down", "thrown_reach_stops_at_engaged"): ({"thrown": "1", "weapon_range": "short",
                                                                "band": "engaged", "gravity": "extreme"}, "1"),
    ("ship-attack", "armor_bypass_ignores_screen_dice"): ({"armor_bypass": "1", "weapon_type": "beam",
                                                           "screen_bane_dice": "2"}, "1"),
    ("ship-attack", "ion_cut_is_half_armor"): ({"ion": "1", "system_damage": "5", "system_points": "10",
                                                "armor": "3"}, "0"),
}
"""For each ruling switch of a Void Drifters calculator, a form and the flipped value that changes what is shown."""


def test_every_switch_is_probed():
    """Every ruling switch the Void Drifters calculators offer has a probe (a switch nothing reads must not exist)."""
    switches = {(c.slug, f.name) for c in calc.calculators() if c.system == "drifters" for f in c.fields
                if f.group == "rulings"}
    assert switches == set(SWITCH_PROBES)


def test_every_switch_starts_at_standard():
    """Each switch is a field of the Void Drifters Rulings, starting at our reading."""
    for slug, name in SWITCH_PROBES:
        c = calc.get(slug)
        assert c.rulings is STANDARD
        assert c.field(name).default == getattr(STANDARD, name)


@pytest.mark.parametrize("slug,name", sorted(SWITCH_PROBES))
def test_flipping_a_switch_changes_the_shown_result(slug, name):
    """Flipping one ruling switch changes the numbers shown (or whether the form is accepted), not only the note."""
    form, flipped = SWITCH_PROBES[slug, name]
    ours = calc.run(slug, form)
    other = calc.run(slug, {**form, name: flipped})
    assert other["inputs"][name] == flipped
    shown = (other["ok"], other["text"].rsplit("\n\nRuling switched", 1)[0], other["errors"], other["error"])
    assert shown != (ours["ok"], ours["text"], ours["errors"], ours["error"])
    if other["ok"]:
        assert other["text"].splitlines()[-1].startswith("Ruling switched: ")


def test_as_printed_switches_give_the_engine_answer():
    """Setting the switches to the printed reading gives exactly what the engine answers with AS_PRINTED."""
    form = {"gravity": "micro", "anchored": "1", "start": "short", "end": "long"}
    printed = {**form, "anchored_skips_push_off": "0"}
    assert calc.run("movement", printed)["text"].startswith(
        movement(start=RangeBand.SHORT, end=RangeBand.LONG, gravity=Gravity.MICRO, anchored=True,
                 rulings=AS_PRINTED).headline)
    assert movement(gravity=Gravity.MICRO, anchored=True).headline != \
        movement(gravity=Gravity.MICRO, anchored=True, rulings=AS_PRINTED).headline


def test_heavy_gravity_steps_parse_to_the_tuple():
    """The heavy-gravity switch reads "1,2,3" as the tuple the Rulings field holds, and refuses other steps."""
    field = calc.get("movement").field("heavy_gravity_move_maneuvers")
    assert field.parse("1,2,3") == (1, 2, 3)
    assert field.format((1, 1, 2)) == "1,1,2"
    out = calc.run("movement", {"heavy_gravity_move_maneuvers": "0,0,0"})
    assert not out["ok"] and "heavy_gravity_move_maneuvers" in out["errors"]
    high = calc.run("movement", {"gravity": "extreme", "start": "short", "end": "medium",
                                 "heavy_gravity_move_maneuvers": "1,2,3"})
    assert high["text"].startswith("4 Maneuvers")  # 1 band, + 3 in Extreme gravity under the switch


# -- listed dice and the Difficulty field (issue 16, point 4) ---------------------------

def test_listed_pool_without_negative_dice_takes_the_difficulty_shown():
    """'2A 1M' with Difficulty Average rolls against 2 Trial Dice: 65.1 %, exactly the engine's fraction."""
    exact = Pool(ability=2, mastery=1, trial=2).chance_of_success()
    assert exact == Fraction(7997, 12288)
    out = calc.run("check-odds", {"dice": "2A 1M", "difficulty": "average"})
    assert out["ok"]
    lines = out["text"].splitlines()
    assert lines[0] == "Chance of success: 65.1%"
    assert "Difficulty from the field: Average, 2 Trial" in lines
    assert f"Chance of success (at least 1 net Success): 65.1% (exactly {exact})" in lines


def test_listed_pool_that_names_a_difficulty_uses_it():
    """'2a 1m vs average' rolls what it lists, whatever the Difficulty field shows."""
    for shown in ("average", "hard", "simple"):
        out = calc.run("check-odds", {"dice": "2a 1m vs average", "difficulty": shown})
        assert out["text"].splitlines()[0] == "Chance of success: 65.1%"
        assert "Difficulty from the field" not in out["text"]


def test_listed_pool_with_negative_dice_or_vs_uses_exactly_them():
    """'2A vs 1T' and '2A 1M vs no dice' roll exactly what they list."""
    out = calc.run("check-odds", {"dice": "2A vs 1T", "difficulty": "hard"})
    assert f"exactly {Pool(ability=2, trial=1).chance_of_success()}" in out["text"]
    out = calc.run("check-odds", {"dice": "2A 1M vs no dice"})
    assert "Pool: 1 Mastery + 2 Ability vs no dice" in out["text"]
    assert "Difficulty from the field" not in out["text"]


def test_listed_pool_with_an_unreadable_token_names_it():
    """A token the pool syntax cannot read is named in the error, on the dice field."""
    out = calc.run("check-odds", {"dice": "2A 1Q"})
    assert not out["ok"]
    assert "could not read 'Q'" in out["errors"]["dice"]
    assert out["errors"]["dice"].startswith("'Or list the dice' ")


# -- the attack: Defense from talents, thrown weapons ---------------------------------

def test_talent_defense_is_added_on_top_of_the_gear_cap():
    """Gear Defense 3 and Deflecting 2 give 3 Bane Dice (capped); 2 talent Defense add 2 more, uncapped."""
    out = calc.run("attack", {"defense": "3", "deflecting": "2", "talent_defense": "2"})
    assert "Bane Dice from: Defense and Deflecting from gear 3; Defense from talents 2" in out["text"]
    shooter = Character("Attacker", agility=3, skills={Skill.RANGED: 2})
    target = Character("Target", kind=Kind.ELITE, stated_wound_points=12, stated_resistance=2, ranged_defense=3,
                       deflecting={"kinetic": 2}, talent_ranged_defense=2)
    engine = Attack(shooter, Weapon("Weapon", damage=6, crit=3, range=RangeBand.MEDIUM), target,
                    band=RangeBand.SHORT)
    assert f"Pool: {engine.pool().describe()}" in out["text"]
    assert engine.pool().bane == 5


def test_talent_defense_of_a_melee_target_is_its_melee_defense():
    """For a melee attack the talent Defense field feeds the target's talent Melee Defense."""
    out = calc.run("attack", {"weapon_skill": "melee", "talent_defense": "5"})
    assert "Defense from talents 5" in out["text"]


def test_thrown_weapon_reach_follows_gravity():
    """A Short thrown weapon reaches Medium in microgravity; not thrown, Medium is past its range."""
    form = {"weapon_range": "short", "band": "medium", "gravity": "micro"}
    assert calc.run("attack", {**form, "thrown": "1"})["ok"]
    refused = calc.run("attack", form)
    assert not refused["ok"] and "band" in refused["errors"]


def test_stun_switch_matches_the_engine():
    """With Resistance off a Stun hit, the calculator's Strain table is the engine's under that ruling."""
    direct = Rulings(stun_subtracts_resistance=False)
    shooter = Character("Attacker", agility=3, skills={Skill.RANGED: 2})
    target = Character("Target", kind=Kind.CHARACTER, stated_wound_points=12, stated_resistance=4)
    stunner = Weapon("Weapon", damage=6, crit=3, range=RangeBand.MEDIUM, stun=True)
    for rulings in (STANDARD, direct):
        engine = Attack(shooter, stunner, target, band=RangeBand.SHORT, rulings=rulings).odds()
        shown = attack(stun=True, resistance=4, target_kind=Kind.CHARACTER, rulings=rulings)
        (table,) = [b for b in shown.blocks if isinstance(b, Table) and b.caption == "Strain dealt (0 on a miss)"]
        assert [row[:2] for row in table.rows] == [(str(v), pct(p)) for v, p in engine.strain.probabilities().items()]
        assert shown.fact("Average Strain").value == engine.strain.mean() > 0
    assert attack(stun=True, resistance=4, rulings=direct).blocks != attack(stun=True, resistance=4).blocks


@pytest.mark.parametrize("kind", [Kind.MINION, Kind.ELITE])
def test_a_stun_hit_on_a_minion_or_elite_shows_wounds(kind):
    """Minions and Elites have no Strain Points: a Stun hit's Strain is Wounds, and the calculator shows Wounds."""
    shooter = Character("Attacker", agility=3, skills={Skill.RANGED: 2})
    target = Character("Target", kind=kind, stated_wound_points=12, stated_resistance=2)
    stunner = Weapon("Weapon", damage=6, crit=3, range=RangeBand.MEDIUM, stun=True)
    engine = Attack(shooter, stunner, target, band=RangeBand.SHORT).odds()
    assert engine.strain.probabilities() == {0: 1} and engine.wounds.mean() > 0
    shown = attack(stun=True, target_kind=kind)
    assert shown.fact("Average Wounds").value == engine.wounds.mean()
    captions = [b.caption for b in shown.blocks if isinstance(b, Table)]
    assert captions == ["Wounds dealt (0 on a miss)"]


def test_drifting_shown_in_microgravity_is_the_engine_chance():
    """In microgravity the attack shows the chance a Calamity leaves a melee attacker Drifting, from the engine."""
    out = attack(weapon_skill=Skill.MELEE, gravity=Gravity.MICRO, difficulty_upgrades=2)
    shown = dict(out.facts)["Chance the attacker is left Drifting (a Calamity on a physical attack)"]
    fighter = Character("Attacker", might=3, skills={Skill.MELEE: 2})
    target = Character("Target", kind=Kind.ELITE, stated_wound_points=12, stated_resistance=2)
    engine = Attack(fighter, Weapon("Weapon", damage=6, crit=3, skill=Skill.MELEE), target, band=RangeBand.ENGAGED,
                    gravity=Gravity.MICRO, difficulty_upgrades=2).odds()
    assert engine.drifting > 0
    assert shown == pct(engine.drifting)
    assert "Drifting" not in str(attack(weapon_skill=Skill.MELEE, difficulty_upgrades=2).facts)
