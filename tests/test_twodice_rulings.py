"""2D fighting rulings: every field of Rulings read both ways, and flipping any field changes a result."""

import dataclasses

import pytest

from voidref.errors import RulesError
from voidref.twodice import (
    KNIFE,
    Combatant,
    Exchange,
    FightingRoll,
    Outcome,
    Weapon,
    counter_limit,
    counterattack_odds,
    damage_items,
    hit_damage_dist,
    items_dist,
    opposed,
)
from voidref.twodice.fighter import Fighter
from voidref.twodice.rulings import AS_PRINTED, STANDARD, Rulings

RIFLE = Weapon("rifle", category="shooting", damage="2D", firing_limit=1, capacity=10)


def with_(**changes):
    """STANDARD with some fields changed."""
    return dataclasses.replace(STANDARD, **changes)


def test_as_printed_is_standard():
    """Every field fills a silence of the source, so the literal reading is ours."""
    assert STANDARD.differences(AS_PRINTED) == {}


def test_rulings_repr_round_trips():
    """repr() of a Rulings rebuilds it, listing only the fields that differ from STANDARD."""
    for r in (STANDARD, with_(zero_dice_dropped=False, shooting_reaches_near=False)):
        assert eval(repr(r), {"Rulings": Rulings}) == r
    assert repr(STANDARD) == "Rulings()"


def test_rulings_are_frozen():
    """A Rulings value cannot be changed in place."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.zero_dice_dropped = False  # type: ignore[misc]


def test_bad_rulings_name_the_field():
    """A bad field value is refused with a message naming the field."""
    with pytest.raises(RulesError, match="'counter_ties_hit_both_ways'"):
        Rulings(counter_ties_hit_both_ways=1)  # type: ignore[arg-type]


def test_entry_points_refuse_a_non_rulings():
    """Passing something else as rulings is a RulesError naming 'rulings'."""
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        opposed("counterattack", 9, 9, rulings="printed")
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        hit_damage_dist("2D", rulings=None)


# -- each field, both ways -------------------------------------------------------------


def test_unaware_target_is_hit_both_ways():
    """An unaware target: hit under ours; nobody is hit under the other reading."""
    assert opposed("unaware", None, None) is Outcome.DEFENDER_HIT
    assert opposed("unaware", None, None, rulings=with_(unaware_target_is_hit=False)) is Outcome.NO_HIT


def test_counter_ties_hit_both_ways_both_ways():
    """Equal counterattack totals: both hit under ours; nobody under the other reading."""
    assert opposed("counterattack", 9, 9) is Outcome.BOTH_HIT
    assert opposed("counterattack", 9, 9, rulings=with_(counter_ties_hit_both_ways=False)) is Outcome.NO_HIT
    tie = counterattack_odds(FightingRoll(0), FightingRoll(0))[Outcome.BOTH_HIT]
    assert tie > 0
    assert counterattack_odds(FightingRoll(0), FightingRoll(0), rulings=with_(counter_ties_hit_both_ways=False))[
        Outcome.NO_HIT] == tie


def test_shooting_reaches_near_both_ways():
    """A rifle at Near: usable under ours; not when shooting works only at Far."""
    assert RIFLE.reaches("near")
    assert not RIFLE.reaches("near", rulings=with_(shooting_reaches_near=False))
    assert counter_limit(RIFLE, KNIFE, "near") == 1
    assert counter_limit(RIFLE, KNIFE, "near", rulings=with_(shooting_reaches_near=False)) == 0


def test_unarmed_counter_only_in_melee_both_ways():
    """Bare hands against a rifle shot at Near: no counter under ours; one under the other reading."""
    assert counter_limit(None, RIFLE, "near") == 0
    assert counter_limit(None, RIFLE, "near", rulings=with_(unarmed_counter_only_in_melee=False)) == 1


def test_zero_dice_dropped_both_ways():
    """The knife's 2D-3 rolling 3 and 2: one die of 2 under ours; a 0 die stays under the other reading."""
    assert damage_items((3, 2), -3) == (2,)
    assert damage_items((3, 2), -3, rulings=with_(zero_dice_dropped=False)) == (2, 0)


def test_fighter_and_exchange_pass_rulings_on():
    """Fighter.attack and Exchange hand their rulings to the tests they build."""
    a, b = Fighter("A", weapon=KNIFE), Fighter("B", weapon=KNIFE)
    a.start_turn()
    off = with_(counter_ties_hit_both_ways=False)
    exchange = a.attack(b, FightingRoll(0), distance="near", counter=FightingRoll(0), rulings=off)
    assert exchange.rulings == off
    assert Outcome.BOTH_HIT not in exchange.outcome_dists()[0].probabilities()


# -- every field is read ---------------------------------------------------------------

PROBES = {
    "unaware_target_is_hit": lambda r: Exchange(Combatant(FightingRoll(0), KNIFE),
                                                Combatant(FightingRoll(0), KNIFE), "near",
                                                aware=False, rulings=r).hits_dist(),
    "counter_ties_hit_both_ways": lambda r: Exchange(Combatant(FightingRoll(0), KNIFE),
                                                     Combatant(FightingRoll(0), KNIFE),
                                                     "near", counter_shots=1, rulings=r).damage_dist(),
    "shooting_reaches_near": lambda r: counter_limit(RIFLE, KNIFE, "near", rulings=r),
    "unarmed_counter_only_in_melee": lambda r: counter_limit(None, RIFLE, "near", rulings=r),
    "zero_dice_dropped": lambda r: items_dist("2D-3", rulings=r),
}


def test_every_field_has_a_probe():
    """A field that no probe reads would be a switch nothing reads."""
    assert set(PROBES) == {f.name for f in dataclasses.fields(Rulings)}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_flipping_a_field_changes_a_result(name):
    """Changing one field from STANDARD changes what the engine computes."""
    assert PROBES[name](STANDARD) != PROBES[name](with_(**{name: not getattr(STANDARD, name)}))


def test_exchange_calculator_takes_the_tie_switch():
    """The exchange calculator passes the tie switch on and labels the tie row by it."""
    from voidref.calc.registry import run
    from voidref.calc.twodice import exchange

    ours = dict((label, p) for label, _, p in exchange().blocks[0].rows)
    off = dict((label, p) for label, _, p in exchange(rulings=with_(counter_ties_hit_both_ways=False)).blocks[0].rows)
    assert "A tie: both are hit" in ours and "A tie: nobody is hit" in off
    assert ours["A tie: both are hit"] == off["A tie: nobody is hit"]
    out = run("twodice-exchange", {"counter_ties_hit_both_ways": "no"})
    assert out["ok"] and "Ruling switched" in out["text"]
