"""Void Pirates rulings: every field of Rulings read both ways, and flipping any field changes a result."""

import dataclasses
from fractions import Fraction
from itertools import product

import pytest

from voidref.errors import RulesError
from voidref.pirates import (
    ActionRoll,
    Combatant,
    Contest,
    HullClass,
    Outcome,
    Ship,
    attribute_modifier,
    encumbrance_steps,
    hit_damage,
    hit_distribution,
    initiative_order,
    maneuver_effect,
    maneuver_odds,
    move_rate,
    opposed_odds,
    ram_distribution,
    repair_amount,
    repair_distribution,
    resolve_opposed,
    stabilization_chance,
    stun_odds,
    wound_penalty,
)
from voidref.pirates.boarding import ShipSystem, passes
from voidref.pirates.initiative import chance_to_act_first
from voidref.pirates.rulings import AS_PRINTED, STANDARD, FinalTie, Rulings
from voidref.pirates.ships import gunnery_modifier

ALL_3D6 = [sum(f) for f in product(range(1, 7), repeat=3)]
HAULER = Ship("Hauler", agility=2, hull_class=HullClass.HAULER, armor_value=0, max_hp=200)
POD = Ship("Pod", agility=5, hull_class=HullClass.POD, armor_value=0, max_hp=40)


def with_(**changes):
    """STANDARD with some fields changed."""
    return dataclasses.replace(STANDARD, **changes)


def count(pred):
    """Exact chance of a predicate on the natural 3d6, by enumeration."""
    return Fraction(sum(1 for n in ALL_3D6 if pred(n)), 216)


# -- the two named values ------------------------------------------------------


def test_as_printed_differs_only_where_the_text_does():
    """AS_PRINTED differs from STANDARD in the Stabilization roll, stacked wounds and the example's Piloting bonus."""
    assert STANDARD.differences(AS_PRINTED) == {
        "evasive_piloting_bonus": (False, True),
        "stabilization_roll_under": (True, False),
        "wound_penalties_stack": (False, True),
    }


def test_rulings_repr_round_trips():
    """repr() of a Rulings rebuilds it, listing only the fields that differ from STANDARD."""
    other = with_(initiative_final_tie=FinalTie.LISTED_ORDER, repair_partial_share=Fraction(1, 3))
    for r in (STANDARD, AS_PRINTED, other):
        assert eval(repr(r), {"Rulings": Rulings, "FinalTie": FinalTie, "Fraction": Fraction}) == r
    assert repr(STANDARD) == "Rulings()"


def test_rulings_are_frozen():
    """A Rulings value cannot be changed in place."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.partial_margin = 2  # type: ignore[misc]


@pytest.mark.parametrize("changes,arg", [
    ({"partial_passes_yes_no": 1}, "partial_passes_yes_no"),
    ({"partial_margin": -1}, "partial_margin"),
    ({"pilot_maneuver_tn": 0}, "pilot_maneuver_tn"),
    ({"repair_partial_share": Fraction(3, 2)}, "repair_partial_share"),
    ({"initiative_final_tie": "coin_flip"}, "initiative_final_tie"),
])
def test_bad_rulings_name_the_field(changes, arg):
    """A bad field value is refused with a message naming the field."""
    with pytest.raises(RulesError, match=arg):
        Rulings(**changes)


def test_initiative_final_tie_accepts_its_name():
    """The tie rule may be given by its string value."""
    assert Rulings(initiative_final_tie="listed_order").initiative_final_tie is FinalTie.LISTED_ORDER


def test_entry_points_refuse_a_non_rulings():
    """Passing something else as rulings is a RulesError naming 'rulings'."""
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        stabilization_chance(10, rulings="as printed")


# -- each field, both ways -------------------------------------------------------


def test_attribute_modifier_halved_both_ways():
    """AGL 14 is +5 on either scale (the printed example); AGL 10 is +3 halved, +1 one for one."""
    one_for_one = with_(attribute_modifier_halved=False)
    assert attribute_modifier(14) == attribute_modifier(14, rulings=one_for_one) == 5
    assert attribute_modifier(10) == 3 and attribute_modifier(10, rulings=one_for_one) == 1
    assert ActionRoll.from_scores(10, rulings=one_for_one).modifier == 1
    assert Combatant("A", agility=10, roll=10, rulings=one_for_one).total == 11
    assert stun_odds(10, rulings=one_for_one) == count(lambda n: n + 1 >= 15)


def test_partial_margin_both_ways():
    """partial_margin 1: TN - 1 is a partial; 0: no partial band at all."""
    assert ActionRoll().resolve(11, 12).outcome is Outcome.PARTIAL
    assert ActionRoll().resolve(11, 12, rulings=with_(partial_margin=0)).outcome is Outcome.FAILURE


def test_partial_passes_yes_no_both_ways():
    """A Stun roll at AGL 10 keeps the turn 37.5 % (TN reached); 50 % when a partial passes (earlier reading)."""
    assert stun_odds(10) == count(lambda n: n + 3 >= 15) == Fraction(3, 8)
    assert stun_odds(10, rulings=with_(partial_passes_yes_no=True)) == count(lambda n: n + 3 >= 14) == Fraction(1, 2)


@pytest.mark.parametrize("tn", [12, 18, 21])
def test_partial_does_not_pass_boarding_tasks(tn):
    """Seal/vent/EVA 12, bridge 18 and escape 21 need the TN itself, not TN - 1."""
    roll = ActionRoll(additional=4)
    assert passes(roll, tn) == count(lambda n: n != 3 and n + 4 >= tn)
    assert passes(roll, tn, rulings=with_(partial_passes_yes_no=True)) == count(lambda n: n != 3 and n + 4 >= tn - 1)


def test_natural_18_attack_hits_both_ways():
    """An attacker's natural 18 against a far better defender: a Critical Hit as printed; else the totals decide."""
    strong = ActionRoll(additional=20)
    assert opposed_odds(ActionRoll(), strong).critical == Fraction(1, 216)
    # Under the other reading only the defender's fumble (a natural 3) lets that 18 win.
    by_totals = with_(natural_18_attack_hits=False)
    assert opposed_odds(ActionRoll(), strong, rulings=by_totals).critical == Fraction(1, 216 * 216)
    assert ActionRoll().resolve(18, 30, attack=True).critical
    assert not ActionRoll().resolve(18, 30, attack=True, rulings=with_(natural_18_attack_hits=False)).critical


def test_natural_3_always_fails_both_ways():
    """A natural 3 at +20 against TN 6: a failure as printed; a full success when the total decides."""
    assert ActionRoll(additional=20).resolve(3, 6).outcome is Outcome.FAILURE
    off = with_(natural_3_always_fails=False)
    assert ActionRoll(additional=20).resolve(3, 6, rulings=off).outcome is Outcome.FULL
    assert resolve_opposed(ActionRoll(additional=20), ActionRoll(), 3, 10, rulings=off).contest is Contest.WIN


def test_double_natural_3_both_ways():
    """Both sides roll 3: the totals decide (ours); or the initiator's action fails."""
    assert resolve_opposed(ActionRoll(additional=5), ActionRoll(), 3, 3).contest is Contest.WIN
    r = with_(double_natural_3_compare_totals=False)
    assert resolve_opposed(ActionRoll(additional=5), ActionRoll(), 3, 3, rulings=r).contest is Contest.LOSS


def test_partial_halves_before_soak_both_ways():
    """A tied 2d6 hit rolling 9 into AV 2: half of 9 is 4, minus 2 leaves 2; or 9 - 2 = 7, halved to 3."""
    assert hit_damage(9, 2, "physical", partial=True) == 2
    assert hit_damage(9, 2, "physical", partial=True, rulings=with_(partial_halves_before_soak=False)) == 3


@pytest.mark.parametrize("before", [True, False])
def test_partial_hit_distribution_matches_brute_force(before):
    """Partial 2d6 hits into AV 3 match enumeration of every face under either order of halving and soak."""
    acc = {}
    for a, b in product(range(1, 7), repeat=2):
        r = a + b
        dmg = max(1, r // 2 - 3) if before else max(1, max(1, r - 3) // 2)
        acc[dmg] = acc.get(dmg, 0) + Fraction(1, 36)
    got = hit_distribution("2d6", 3, "physical", partial=True, rulings=with_(partial_halves_before_soak=before))
    assert got.probabilities() == acc


def test_wound_penalties_stack_both_ways():
    """At 1 HP of 20: -10 for the current band (ours); -2 - 5 - 10 = -17 when the bands add up (as printed)."""
    assert [wound_penalty(hp, 20) for hp in (20, 10, 4, 1)] == [0, -2, -5, -10]
    assert [wound_penalty(hp, 20, rulings=AS_PRINTED) for hp in (20, 10, 4, 1)] == [0, -2, -7, -17]


def test_encumbrance_full_steps_only_both_ways():
    """STR 12 carrying 130 kg (8 % over): no step when only full steps count; one step otherwise."""
    assert encumbrance_steps(130, strength=12) == 0
    partial_steps = with_(encumbrance_full_steps_only=False)
    assert encumbrance_steps(130, strength=12, rulings=partial_steps) == 1
    assert move_rate(9, carried_kg=130, strength=12, rulings=partial_steps) == 17
    # The printed examples sit on whole steps and come out the same either way.
    assert [encumbrance_steps(kg, strength=12, rulings=partial_steps) for kg in (144, 168)] == [1, 2]


def test_initiative_final_tie_both_ways():
    """A full tie shares one slot (ours), or goes in the order given."""
    a, b = Combatant("A", agility=12, roll=10), Combatant("B", agility=12, roll=10)
    assert [[c.name for c in s] for s in initiative_order([a, b])] == [["A", "B"]]
    listed = with_(initiative_final_tie=FinalTie.LISTED_ORDER)
    assert [[c.name for c in s] for s in initiative_order([b, a], rulings=listed)] == [["B"], ["A"]]
    assert chance_to_act_first(3, 12, 3, 12, rulings=listed).together == 0


def test_ship_initiative_adds_raw_agl_both_ways():
    """Ship AGL 14 adds 14 as printed, or its Attribute Modifier (+5) under the other reading."""
    assert Combatant.ship("S", agility=14, roll=10).total == 24
    alt = Combatant.ship("S", agility=14, roll=10, rulings=with_(ship_initiative_adds_raw_agl=False))
    assert alt.total == 15
    assert eval(repr(alt), {"Combatant": Combatant, "Rulings": Rulings}) == alt


def test_pilot_maneuver_tn_both_ways():
    """The maneuver TN is 15 unless the rulings say otherwise."""
    assert maneuver_odds(ActionRoll()).full == count(lambda n: n >= 15)
    assert maneuver_odds(ActionRoll(), rulings=with_(pilot_maneuver_tn=12)).full == count(lambda n: n >= 12)


def test_evasive_piloting_bonus_both_ways():
    """The example's +2 to Piloting is refused under our reading and allowed as printed."""
    with pytest.raises(RulesError, match="'maneuver'"):
        maneuver_effect("full", "piloting_bonus")
    assert maneuver_effect("full", "piloting_bonus", rulings=AS_PRINTED)["own_next_piloting"] == 2
    assert maneuver_effect("partial", "piloting_bonus", rulings=AS_PRINTED)["own_next_gunnery"] == -1


def test_medium_range_modifier_both_ways():
    """Medium range adds 0 unless the rulings set another modifier."""
    assert gunnery_modifier("medium") == 0
    assert gunnery_modifier("medium", rulings=with_(medium_range_modifier=-2)) == -2


def test_ram_multiplier_from_winner_both_ways():
    """A Hauler ramming a Pod and winning: 2d6 x 3 (winner's hull), or 2d6 x 1 (the struck Pod's)."""
    sure = ActionRoll(additional=40)
    ours = ram_distribution(HAULER, POD, sure, ActionRoll())
    other = ram_distribution(HAULER, POD, sure, ActionRoll(), rulings=with_(ram_multiplier_from_winner=False))
    assert max(d for d, _ in ours.probabilities()) == 36
    assert max(d for d, _ in other.probabilities()) == 12


def test_repair_default_tn_both_ways():
    """With no TN given, a Repair rolls against 12 (or the rulings' default)."""
    assert repair_distribution(ActionRoll(), rank=2, max_hp=100)[0] == count(lambda n: n == 3 or n < 11)
    r = with_(repair_default_tn=15)
    assert repair_distribution(ActionRoll(), rank=2, max_hp=100, rulings=r)[0] == count(lambda n: n == 3 or n < 14)


def test_repair_partial_share_both_ways():
    """A partial Repair of 2d6 = 7 at Rank 3 restores half of 21, 10; with share 0, nothing."""
    assert repair_amount(7, rank=3, max_hp=1000, partial=True) == 10
    assert repair_amount(7, rank=3, max_hp=1000, partial=True, rulings=with_(repair_partial_share=0)) == 0


def test_brig_needs_roll_both_ways():
    """The brig has no TN as printed; TN 18 like the bridge when a roll is asked."""
    assert ShipSystem.BRIG.target_number() is None
    assert ShipSystem.BRIG.target_number(rulings=with_(brig_needs_roll=True)) == 18


def test_stabilization_roll_under_both_ways():
    """HLTH 12: 3d6 <= 12 stabilises 74 % (ours); the printed 3d6 > 12 only 26 %."""
    assert stabilization_chance(12) == count(lambda n: n <= 12)
    assert stabilization_chance(12, rulings=AS_PRINTED) == count(lambda n: n > 12)


# -- every field is read ----------------------------------------------------------

PROBES = {
    "attribute_modifier_halved": lambda r: attribute_modifier(20, rulings=r),
    "partial_margin": lambda r: ActionRoll().odds(12, rulings=r).partial,
    "partial_passes_yes_no": lambda r: stun_odds(10, rulings=r),
    "partial_halves_before_soak": lambda r: hit_distribution("2d6", 3, "physical", partial=True, rulings=r).mean(),
    "wound_penalties_stack": lambda r: wound_penalty(1, 20, rulings=r),
    "encumbrance_full_steps_only": lambda r: move_rate(9, carried_kg=130, strength=12, rulings=r),
    "natural_18_attack_hits": lambda r: opposed_odds(ActionRoll(), ActionRoll(additional=20), rulings=r).win,
    "natural_3_always_fails": lambda r: ActionRoll(additional=20).odds(6, rulings=r).full,
    "double_natural_3_compare_totals": lambda r: opposed_odds(ActionRoll(additional=3), ActionRoll(), rulings=r).win,
    "initiative_final_tie": lambda r: chance_to_act_first(3, 12, 3, 12, rulings=r).first,
    "ship_initiative_adds_raw_agl": lambda r: Combatant.ship("S", agility=14, roll=10, rulings=r).total,
    "pilot_maneuver_tn": lambda r: maneuver_odds(ActionRoll(), rulings=r).full,
    "evasive_piloting_bonus": lambda r: _maneuver_or_refusal(r),
    "medium_range_modifier": lambda r: gunnery_modifier("medium", rulings=r),
    "ram_multiplier_from_winner": lambda r: ram_distribution(HAULER, POD, ActionRoll(), ActionRoll(), rulings=r).map(
        lambda p: p[0]).mean(),
    "repair_default_tn": lambda r: repair_distribution(ActionRoll(), rank=2, max_hp=100, rulings=r).mean(),
    "repair_partial_share": lambda r: repair_distribution(ActionRoll(), rank=2, max_hp=100, rulings=r).mean(),
    "brig_needs_roll": lambda r: ShipSystem.BRIG.target_number(rulings=r),
    "stabilization_roll_under": lambda r: stabilization_chance(12, rulings=r),
}

ALTERNATIVES = {
    "partial_margin": 0,
    "initiative_final_tie": FinalTie.LISTED_ORDER,
    "pilot_maneuver_tn": 18,
    "medium_range_modifier": -2,
    "repair_default_tn": 15,
    "repair_partial_share": Fraction(0),
}


def _maneuver_or_refusal(r):
    try:
        return maneuver_effect("full", "piloting_bonus", rulings=r)["own_next_piloting"]
    except RulesError:
        return "refused"


def _flipped(name):
    """AS_PRINTED's value where it differs from STANDARD, else the other bool or a listed alternative."""
    ours, printed = getattr(STANDARD, name), getattr(AS_PRINTED, name)
    if printed != ours:
        return printed
    if isinstance(ours, bool):
        return not ours
    return ALTERNATIVES[name]


def test_every_field_has_a_probe():
    """Each Rulings field is probed below: a switch nothing reads cannot slip in."""
    assert set(PROBES) == {f.name for f in dataclasses.fields(Rulings)}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_flipping_a_field_changes_a_result(name):
    """Changing one field from STANDARD (to AS_PRINTED or an alternative) changes what the engine computes."""
    flipped = dataclasses.replace(STANDARD, **{name: _flipped(name)})
    assert PROBES[name](STANDARD) != PROBES[name](flipped)


def test_calculators_take_rulings():
    """The site's calculator functions pass their rulings on to the engine."""
    from voidref.calc.pirates import action_roll, opposed_roll, ship_gunnery
    from voidref.calc.results import pct

    assert dict(ship_gunnery(rulings=with_(medium_range_modifier=-2)).facts)["Situational modifier"] == "-2"
    assert str(dict(action_roll(target_number=12, rulings=with_(partial_margin=0)).facts)["Partial"]) == "0%"
    strong = {"defender_modifier": 20}
    normal = opposed_roll(**strong)
    printed = opposed_roll(**strong, rulings=with_(natural_18_attack_hits=False))
    for result, rulings in ((normal, STANDARD), (printed, with_(natural_18_attack_hits=False))):
        engine = opposed_odds(ActionRoll(), ActionRoll(additional=20), rulings=rulings)
        assert dict(result.facts)["Win"] == pct(engine.win)
    assert dict(normal.facts)["Win"] != dict(printed.facts)["Win"]


def test_damage_calculator_minimum_follows_partial_order():
    """Halving after soak: a partial 2d6 into AV 3 is held up only by the minimum when 2d6 - 3 is under 2."""
    from voidref.calc.pirates import soak_damage
    from voidref.calc.results import decimal, pct

    out = dict(soak_damage(dice="2d6", armor_value=3, partial=True,
                           rulings=with_(partial_halves_before_soak=False)).facts)
    assert out["Minimum applies"] == pct(Fraction(1, 6))
    assert out["Mean"] == decimal(hit_distribution("2d6", 3, "physical", partial=True,
                                                   rulings=with_(partial_halves_before_soak=False)).mean())
