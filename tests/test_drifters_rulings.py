"""Every Void Drifters ruling is stated on the page where its rule lives, and every switch is read."""

import re
from dataclasses import fields, replace
from pathlib import Path

import pytest

from voidref.drifters import Attack, Character, Health, Side, Weapon, maneuvers_to_move, rulings
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.drifters.ships import CM_440_CUTTER, EMBER_DRIFT, ShipAttack, ShipFight, ShipProfile, ShipWeapon
from voidref.drifters.ships.example import crew
from voidref.drifters.ships.profiles import Screen
from voidref.errors import RulesError

DOCS = Path(__file__).resolve().parent.parent / "docs" / "drifters"
# Stated inside another ruling's admonition rather than in one of its own.
STATED_WITH = {"DOWNGRADE_WITH_NO_UPGRADED_DIE": "UPGRADE_WITH_NO_PLAIN_DIE"}
CONSTANTS = [n for n in rulings.__all__ if n.isupper() and n not in ("STANDARD", "AS_PRINTED")]
FIELDS = [f.name for f in fields(Rulings)]
# Fields whose box keeps the id of the note it replaced, so that links to it still work.
KEPT_IDS = {
    "ion_cut_is_half_armor": "drifters-ships-ion-system-damage-reduction",
    "low_gravity_bane_every_melee": "drifters-low-gravity-melee-bane-dice",
}


def _boxes() -> dict[str, str]:
    """Ruling id -> the text of its box, over every drifters page."""
    out = {}
    for page in DOCS.glob("*.md"):
        for m in re.finditer(
            r"(`{3,})(\{ruling(?:-note)?\}[^\n]*\n(?::title: [^\n]*\n)?)"
            r":id: (drifters-[a-z0-9-]+)\n(?:\1\n|(.*?)\n\1\n)",
            page.read_text(), re.S,
        ):
            out[m.group(3)] = m.group(2) + (m.group(4) or "")
    return out


@pytest.mark.parametrize("name", CONSTANTS)
def test_ruling_has_an_admonition_on_its_page(name):
    """Each ruling constant in voidref.drifters.rulings has a note with id drifters-<name> rendered from it."""
    shown = STATED_WITH.get(name, name)
    box = _boxes().get("drifters-" + shown.lower().replace("_", "-"))
    assert box is not None, name
    assert box.startswith("{ruling-note} drifters.") and f"drifters.{name}" in box.split("\n")[0].split(), box


@pytest.mark.parametrize("name", CONSTANTS)
def test_ruling_is_documented_in_the_code(name):
    """Each ruling constant is one documented value in rulings.py."""
    source = Path(rulings.__file__).read_text()
    assert re.search(rf"#: .*\n(#: .*\n)*{name}\b", source), name


@pytest.mark.parametrize("name", FIELDS)
def test_rulings_field_is_documented_in_the_code(name):
    """Each Rulings field has a '#:' comment saying what the source says, what we chose, and the printed reading."""
    source = Path(rulings.__file__).read_text()
    m = re.search(rf"((?:    #:.*\n)+)    {name}: ", source)
    assert m, name
    assert "**Source:**" in m.group(1) and "**As printed:**" in m.group(1), name
    first = m.group(1).splitlines()[0].split("#:", 1)[1]
    assert ": " not in first, f"{name}: Sphinx would read the first line's 'x: y' as a type"


@pytest.mark.parametrize("name", FIELDS)
def test_rulings_field_has_a_box_rendered_from_it(name):
    """Each Rulings field has a box drifters-<field> (ships: drifters-ships-<field>) rendered from the field.

    The box shows both readings from the field's documentation and the live values
    (tests/test_ruling_boxes.py checks the rendering).
    """
    slug = name.replace("_", "-")
    boxes = _boxes()
    box = boxes.get(KEPT_IDS.get(name, "drifters-" + slug)) or boxes.get("drifters-ships-" + slug)
    assert box is not None, name
    assert box.startswith(f"{{ruling}} drifters.{name}\n"), box


def test_standard_is_the_default_and_as_printed_differs_where_stated():
    """STANDARD is Rulings(); AS_PRINTED differs exactly on the fields where the source prints another reading."""
    assert STANDARD == Rulings()
    assert set(STANDARD.differences(AS_PRINTED)) == {
        "anchored_skips_push_off",
        "disengage_from",
        "armor_bypass_ignores_screen_dice",
        "ion_cut_is_half_armor",
        "low_gravity_bane_every_melee",
    }
    assert eval(repr(AS_PRINTED)) == AS_PRINTED


def test_bad_rulings_are_named():
    """A wrong value for a field, or something that is not a Rulings, is refused by name."""
    with pytest.raises(RulesError, match=r"'medical_boons_repeat' must be True or False \(got 1\)"):
        Rulings(medical_boons_repeat=1)
    with pytest.raises(RulesError, match=r"'disengage_from' must be one of engaged, short"):
        Rulings(disengage_from="near")
    with pytest.raises(RulesError, match=r"'rulings' must be a Rulings value"):
        maneuvers_to_move("short", "medium", rulings="standard")
    with pytest.raises(RulesError, match=r"'rulings' must be a Rulings value"):
        ShipFight("medium", rulings=None)


# -- every switch is read: flipping it changes a result ---------------------------------


def _movement(r):
    return maneuvers_to_move("short", "medium", "extreme", rulings=r)


def _push_off(r):
    return maneuvers_to_move("engaged", "short", "micro", anchored=True, rulings=r)


def _medical(r):
    return Health(12, 12, wounds=10).medical_care(2, 0, 4, rulings=r).wounds


def _ranged_drift(r):
    shooter = Character("Shooter", agility=3, skills={"ranged": 2})
    shot = Attack(
        shooter,
        Weapon("Sidearm", damage=6, crit=3, range="medium"),
        Character("Target"),
        band="short",
        gravity="micro",
        difficulty_upgrades=1,
        rulings=r,
    )
    return shot.odds().drifting


def _disengage(r):
    c = crew()
    fight = ShipFight("medium", rulings=r)
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    fight.add_ship(CM_440_CUTTER, Side.GM)
    fight.declare_station(ember, c["senna"], "helm")
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    fight.start_turn(ember)
    try:
        return fight.disengage(ember, (1, 0))
    except RulesError:
        return "refused"


def _screen_dice(r):
    lance = ShipWeapon("lance", damage=5, ranges=("medium",), crit=3, type="beam", armor_bypass=True)
    screened = ShipProfile(
        "Screened", speed=3, handling=0, armor=2, hull_points=20, screen=Screen(damage_reduction=2, bane_dice=1)
    )
    return (
        ShipAttack(
            replace(EMBER_DRIFT, weapons=(lance,)), lance, screened, agility=3, gunnery=2, band="medium", rulings=r
        )
        .pool()
        .bane
    )


def _state_at_once(r):
    c = crew()
    fight = ShipFight("medium", rulings=r)
    ember = fight.add_ship(EMBER_DRIFT, Side.PLAYER)
    cutter = fight.add_ship(replace(CM_440_CUTTER, armor=0), Side.GM)
    fight.declare_station(ember, c["yessica"], "gunnery")
    fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    cutter.hull_damage = 20
    fight.start_turn(ember)
    fight.fire(ember, "autocannon", cutter, (1, 0))
    return cutter.destroyed_in_round


def _ion(r, armor=3, system=5):
    from voidref.drifters.ships import AUTOCANNON, resolve_hit

    ion = replace(AUTOCANNON, system_damage=system, ion=True)
    return resolve_hit(ion, replace(CM_440_CUTTER, armor=armor), 1, rulings=r).system_damage


def _low_gravity_jab(r, needs_footing=False, weapon=None):
    knife = weapon or Weapon("Knife", damage=3, crit=3, range="engaged", skill="melee")
    jab = Attack(Character("Brawler", might=3), knife, Character("Target"), band="engaged", gravity="low",
                 needs_footing=needs_footing, rulings=r)
    return jab.pool().bane


def _thrown(r):
    from voidref.drifters import thrown_range

    return thrown_range("short", "high", rulings=r)


def _reapply(r):
    from voidref.drifters import Conditions

    return Conditions().apply("disoriented", 2).end_turn().apply("disoriented", 2, rulings=r).turns_left("disoriented")


def _stun(r):
    stunner = Weapon("Stunner", damage=6, crit=4, range="short", stun=True)
    target = Character("Target", might=3)
    return Attack(Character("Shooter"), stunner, target, band="short", rulings=r).damage(1).strain


FLIPS = {
    "heavy_gravity_move_maneuvers": ((1, 1, 1), _movement),
    "anchored_skips_push_off": (False, _push_off),
    "medical_boons_repeat": (True, _medical),
    "ranged_shot_is_physical": (True, _ranged_drift),
    "disengage_from": ("medium", _disengage),
    "armor_bypass_ignores_screen_dice": (True, _screen_dice),
    "ship_states_at_step_five": (False, _state_at_once),
    "ion_cut_is_half_armor": (False, _ion),
    "low_gravity_bane_every_melee": (False, _low_gravity_jab),
    "thrown_reach_stops_at_engaged": (True, _thrown),
    "condition_reapply_adds": (False, _reapply),
    "stun_subtracts_resistance": (False, _stun),
}


def test_every_field_has_a_flip():
    """The flip table below covers every Rulings field."""
    assert set(FLIPS) == set(FIELDS)


@pytest.mark.parametrize("name", FIELDS)
def test_flipping_each_ruling_changes_a_result(name):
    """A switch nothing reads must not exist: flipping each field changes what the engine computes."""
    other, result = FLIPS[name]
    assert getattr(STANDARD, name) != other
    assert result(STANDARD) != result(replace(STANDARD, **{name: other}))


def test_thrown_reach_stops_at_engaged_both_ways():
    """Rulings.thrown_reach_stops_at_engaged: ours (and printed) refuses the throw; on, it reaches Engaged."""
    assert _thrown(STANDARD) is _thrown(AS_PRINTED) is None
    assert _thrown(Rulings(thrown_reach_stops_at_engaged=True)).name == "ENGAGED"


def test_condition_reapply_adds_both_ways():
    """Rulings.condition_reapply_adds: ours (and printed) adds the new duration; off, the longer one wins."""
    assert _reapply(STANDARD) == _reapply(AS_PRINTED) == 3
    assert _reapply(Rulings(condition_reapply_adds=False)) == 2


def test_stun_subtracts_resistance_both_ways():
    """Rulings.stun_subtracts_resistance: ours (and AS_PRINTED) take Resistance 2 off 6; off, all 6 is Strain."""
    assert _stun(STANDARD) == _stun(AS_PRINTED) == 4
    assert _stun(Rulings(stun_subtracts_resistance=False)) == 6


def test_hazard_die_name_is_the_label_shown():
    """The Hazard Die's name (a ruling: the source never names it) is the label the engine prints."""
    from voidref.drifters import Die

    assert Die.HAZARD.label + " Die" == rulings.HAZARD_DIE_NAME


def test_armor_bypass_screen_dice_both_ways():
    """Rulings.armor_bypass_ignores_screen_dice: ours keeps the screen's Bane Die; printed drops it."""
    assert _screen_dice(STANDARD) == 1
    assert _screen_dice(AS_PRINTED) == 0


def test_ion_cut_is_half_armor_both_ways():
    """Rulings.ion_cut_is_half_armor: ours cuts half the Armor; printed, half the System Damage (Armor 0: none)."""
    assert [_ion(STANDARD, armor=a) for a in (0, 1, 3, 10)] == [5, 5, 4, 0]
    assert [_ion(AS_PRINTED, armor=a) for a in (0, 1, 3, 10)] == [5, 3, 3, 3]
    assert _ion(AS_PRINTED, system=1) == 1


def test_ion_cut_reaches_the_ship_fight_and_the_odds():
    """The Ion switch is read by ShipFight.fire and by attack_odds, not only by resolve_hit."""
    from voidref.drifters.ships import AUTOCANNON, attack_odds

    ion = replace(AUTOCANNON, system_damage=5, ion=True)
    ember = replace(EMBER_DRIFT, weapons=(ion,))

    def mean_system(r):
        shot = ShipAttack(ember, ion, CM_440_CUTTER, agility=3, gunnery=2, band="medium", rulings=r)
        return attack_odds(shot).outcomes.mean(lambda o: o.system_damage)

    def fired(r):
        c = crew()
        fight = ShipFight("medium", rulings=r)
        me = fight.add_ship(ember, Side.PLAYER)
        cutter = fight.add_ship(CM_440_CUTTER, Side.GM)
        fight.declare_station(me, c["yessica"], "gunnery")
        fight.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
        fight.start_turn(me)
        fight.fire(me, ion.name, cutter, (1, 0))
        return cutter.system_damage

    assert mean_system(STANDARD) != mean_system(AS_PRINTED)
    assert (fired(STANDARD), fired(AS_PRINTED)) == (4, 3)


def test_low_gravity_bane_every_melee_both_ways():
    """Rulings.low_gravity_bane_every_melee: ours gives every low-gravity blow the Bane Die; printed, planted only."""
    fist = Weapon("Fist", damage=1, crit=5, range="engaged", skill="unarmed")
    for weapon in (None, fist):
        assert _low_gravity_jab(STANDARD, True, weapon) == _low_gravity_jab(STANDARD, False, weapon) == 1
        assert _low_gravity_jab(AS_PRINTED, True, weapon) == 1
        assert _low_gravity_jab(AS_PRINTED, False, weapon) == 0


def test_needs_footing_changes_nothing_outside_low_gravity():
    """Attack.needs_footing is read only in low gravity: microgravity and heavy gravity keep their Bane Dice."""
    from voidref.drifters.environment import melee_bane_dice

    for g in ("micro", "standard", "elevated", "high", "extreme"):
        assert melee_bane_dice(g, needs_footing=False, rulings=AS_PRINTED) == melee_bane_dice(g)


def test_difficulty_names_are_the_ladder_the_engine_uses():
    """DIFFICULTY_NAMES (a ruling: only Easy and Average are printed) names Difficulty, one Trial Die a step."""
    from voidref.drifters import Difficulty

    assert [d.name.capitalize() for d in sorted(Difficulty)] == list(rulings.DIFFICULTY_NAMES)
    assert [int(d) for d in sorted(Difficulty)] == list(range(len(rulings.DIFFICULTY_NAMES)))


def test_microgravity_push_off_is_paid_once_per_move():
    """MICROGRAVITY_PUSH_OFF is added once to a whole move, however many bands or turns it takes."""
    for start, end in (("engaged", "short"), ("engaged", "medium"), ("short", "extreme")):
        assert maneuvers_to_move(start, end, "micro") == maneuvers_to_move(start, end) + rulings.MICROGRAVITY_PUSH_OFF
    assert maneuvers_to_move("engaged", "medium", "micro") == 3


def test_drifting_is_a_condition_as_the_engine_tracks_it():
    """DRIFTING_IS_A_CONDITION: the engine tracks Drifting as a Condition that lasts until it is ended."""
    from voidref.drifters import Condition

    assert ("drifting" in {c.value for c in Condition}) is rulings.DRIFTING_IS_A_CONDITION
    assert Condition("drifting").until_ended


def test_only_a_hit_buys_a_critical_injury(monkeypatch):
    """CRITICAL_INJURY_NEEDS_A_HIT: a miss's Breakthrough or Boons buy no injury; the engine reads the constant."""
    from voidref.drifters import Attack, Character, Weapon
    from voidref.drifters import rulings as dr

    shooter = Character("A", agility=3, skills={"ranged": 2})
    target = Character("T", kind="elite", stated_wound_points=12, stated_resistance=2, ranged_defense=2)
    shot = Attack(shooter, Weapon("Gun", damage=6, crit=2, range="long"), target, band="long")
    ours = shot.odds().critical_injury
    monkeypatch.setattr(dr, "CRITICAL_INJURY_NEEDS_A_HIT", False)
    assert shot.odds().critical_injury > ours


def test_positive_dice_give_the_worked_examples_pools():
    """positive_dice: the higher of characteristic and skill sets the dice, the lower the Mastery Dice, as every
    pool of the worked examples shows (Agility 4 untrained, Agility 3 + Ranged 2, Intellect 4 + Craft 2)."""
    from voidref.drifters.rulings import positive_dice

    assert positive_dice(4, 0) == (4, 0) and positive_dice(3, 2) == (1, 2) and positive_dice(4, 2) == (2, 2)


# -- a Rulings value that contradicts the source is refused ------------------------------


def test_heavy_gravity_may_not_be_free():
    """A Rulings with 0 for Elevated contradicts the source and is refused."""
    with pytest.raises(RulesError, match=r"'heavy_gravity_move_maneuvers\[elevated\]' must be an integer from 1"):
        Rulings(heavy_gravity_move_maneuvers=(0, 1, 1))
