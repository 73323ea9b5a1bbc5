"""Cantor rulings: every field of Rulings read both ways, and flipping any field changes a result."""

import dataclasses
import inspect
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import rulings
from voidref.cantor.accuracy import Situation, Source, defense_value, difficulty_sources, hit_chance, kept_die
from voidref.cantor.attack import Attack
from voidref.cantor.board import vespertide_damage
from voidref.cantor.damage import Bystander, blast_damage, blast_splash, damage_from_roll
from voidref.cantor.kinds import Keep
from voidref.cantor.rulings import AS_PRINTED, STANDARD, NetZero, Rulings
from voidref.cantor.units import Target, Weapon
from voidref.errors import RulesError
from voidref.exact import Dist

PAGES = Path(__file__).resolve().parent.parent / "docs" / "cantor"


def with_(**changes):
    """STANDARD with some fields changed."""
    return dataclasses.replace(STANDARD, **changes)


# -- the two named values ------------------------------------------------------


def test_as_printed_differs_where_we_invented():
    """AS_PRINTED differs from STANDARD where ours is an invention: net 0, Blast N, melee facing, melee Taunt."""
    assert STANDARD.differences(AS_PRINTED) == {
        "net_zero": (NetZero.KEEP_LOWEST, NetZero.NO_DICE),
        "blast_n_is_radius": (True, False),
        "facing_applies_to_melee": (True, False),
        "taunt_applies_to_melee": (True, False),
    }


def test_rulings_repr_round_trips():
    """repr() of a Rulings rebuilds it, listing only the fields that differ from STANDARD."""
    for r in (STANDARD, AS_PRINTED, with_(net_zero=NetZero.ONE_DIE, reliable_floors_a_hit=False)):
        assert eval(repr(r), {"Rulings": Rulings, "NetZero": NetZero}) == r
    assert repr(STANDARD) == "Rulings()"


def test_rulings_are_frozen():
    """A Rulings value cannot be changed in place."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.blast_n_is_radius = False  # type: ignore[misc]


@pytest.mark.parametrize("changes,arg", [
    ({"blast_n_is_radius": 1}, "blast_n_is_radius"),
    ({"net_zero": "coin"}, "net_zero"),
])
def test_bad_rulings_name_the_field(changes, arg):
    """A bad field value is refused with a message naming the field."""
    with pytest.raises(RulesError, match=arg):
        Rulings(**changes)


def test_entry_points_refuse_a_non_rulings():
    """Passing something else as rulings is a RulesError naming 'rulings'."""
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        rulings.dice_for_net(0, rulings="as printed")
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        Attack(Weapon("Gun", damage="1d6"), Target(), Situation(), rulings=None)


def test_every_module_constant_is_documented():
    """Every constant or function left in rulings.py states its source (MAX_ATTACK_DICE is an engine limit)."""
    for name in rulings.__all__:
        obj = getattr(rulings, name)
        if name in ("Rulings", "STANDARD", "AS_PRINTED", "check_rulings", "NetZero"):
            continue
        doc = inspect.getdoc(obj) if callable(obj) else None
        if doc is None:
            src = inspect.getsource(rulings)
            start = src.index(f"\n{name}")
            doc = src[start:start + 1500]
        if name == "MAX_ATTACK_DICE":
            assert "Engine limit" in doc
            continue
        assert "**Source" in doc, name


def test_every_field_has_a_ruling_box():
    """Each Rulings field is named by a {ruling} box on a Cantor page; no page names a constant that is gone."""
    import re

    pages = "".join(p.read_text() for p in PAGES.glob("*.md"))
    for f in dataclasses.fields(Rulings):
        assert re.search(rf"^`{{3,}}\{{ruling\}} .*\bcantor\.{f.name}\b", pages, re.M), f.name
    for name in re.findall(r"voidref\.cantor\.rulings\.([A-Za-z_]+)", pages):
        assert hasattr(rulings, name), name


# -- each field, both ways -------------------------------------------------------


@given(st.integers(-38, 39))
def test_net_ruling_one_step_at_a_time(net):
    """Ours: each extra net die moves the roll exactly one step."""
    a, b = rulings.dice_for_net(net), rulings.dice_for_net(net + 1)
    if net >= 1:
        assert b == (a[0] + 1, Keep.HIGHEST)
    elif net == 0:
        assert (a, b) == ((2, Keep.LOWEST), (1, Keep.HIGHEST))
    else:
        assert b == (a[0] - 1, Keep.LOWEST)


def test_five_sources_roll_five_dice_and_keep_one():
    """The card: five accuracy sources roll five d6 and keep the highest, never the sum, under every reading."""
    for r in (STANDARD, AS_PRINTED):
        assert rulings.dice_for_net(5, rulings=r) == (5, Keep.HIGHEST)
        rolls = list(product(range(1, 7), repeat=5))
        counts = {k: sum(1 for f in rolls if max(f) == k) for k in range(1, 7)}
        assert kept_die(5, rulings=r) == Dist.from_counts(counts, len(rolls))


@pytest.mark.parametrize("net", [0, -1, -3])
def test_net_zero_three_ways(net):
    """Net 0 or less: ours rolls 2 - net keeping the lowest; one die; or no dice (Grit alone)."""
    assert rulings.dice_for_net(net) == (2 - net, Keep.LOWEST)
    assert rulings.dice_for_net(net, rulings=with_(net_zero=NetZero.ONE_DIE)) == (1, Keep.HIGHEST)
    assert rulings.dice_for_net(net, rulings=AS_PRINTED) == (0, Keep.HIGHEST)
    assert hit_chance(net, defense=3, grit=3, rulings=AS_PRINTED) == 1
    assert hit_chance(net, defense=4, grit=3, rulings=AS_PRINTED) == 0
    assert hit_chance(net, defense=4, grit=0, rulings=with_(net_zero=NetZero.ONE_DIE)) == Fraction(1, 2)


def test_no_dice_attack_resolves_with_no_dice():
    """Under the literal count a plain shot takes no attack dice and totals its Grit."""
    shot = Attack(Weapon("Gun", damage="1d6"), Target(evasion=2), Situation(grit=2), rulings=AS_PRINTED)
    assert shot.dice() == (0, Keep.HIGHEST) and shot.chance_to_hit() == 1
    assert shot.resolve([], [3]).total == 2
    with pytest.raises(RulesError, match="attack_dice"):
        shot.resolve([4], [3])


def test_blast_n_is_radius_both_ways():
    """Blast 2: ours reaches 2 spaces; the card's adjacent reading only 1."""
    mortar = Weapon("Mortar", damage="2d6", blast=2, max_range=10)
    near = [Bystander("next to it"), Bystander("two away", distance=2)]
    assert blast_splash(mortar, 8, near) == {"next to it": 4, "two away": 4}
    assert blast_splash(mortar, 8, near, rulings=AS_PRINTED) == {"next to it": 4}
    assert rulings.blast_reaches(1, 1, rulings=AS_PRINTED) and not rulings.blast_reaches(1, 0)


def test_facing_applies_to_melee_both_ways():
    """A melee swing out of the side arc: +1 difficulty under ours, none when facing covers only firing."""
    sword = Weapon("Blade", damage="1d6", melee=True)
    side = Situation(firing_arc="side")
    assert [s.dice for s in difficulty_sources(sword, Target(), side)] == [1]
    assert difficulty_sources(sword, Target(), side, rulings=AS_PRINTED) == ()
    gun = Weapon("Gun", damage="1d6", max_range=8)
    assert difficulty_sources(gun, Target(), side) == difficulty_sources(gun, Target(), side, rulings=AS_PRINTED)


def test_taunt_applies_to_melee_both_ways():
    """A Taunted unit's melee swing at someone else: +2 difficulty under ours, none when Taunt covers only shots."""
    blade, taunted = Weapon("Blade", damage="1d6", melee=True), Situation(taunted_from=3)
    assert [(s.name, s.dice) for s in difficulty_sources(blade, Target(), taunted)] == [("Taunt", 2)]
    assert difficulty_sources(blade, Target(), taunted, rulings=AS_PRINTED) == ()
    gun = Weapon("Gun", damage="1d6", max_range=8)
    assert difficulty_sources(gun, Target(), taunted, rulings=AS_PRINTED) == (Source("Taunt", 2),)


def test_rear_drop_after_stunned_cap_both_ways():
    """Evasion 9, Stunned, hit from behind: 3 when the cap comes first, 5 when the drop does."""
    gun, stunned = Weapon("Gun", damage="1d6"), Target(evasion=9, conditions=["stunned"])
    rear = Situation(target_arc="rear")
    assert defense_value(gun, stunned, rear) == 3
    assert defense_value(gun, stunned, rear, rulings=with_(rear_drop_after_stunned_cap=False)) == 5
    assert defense_value(gun, Target(evasion=4, conditions=["stunned"]), rear,
                         rulings=with_(rear_drop_after_stunned_cap=False)) == 2


def test_reliable_floors_a_hit_both_ways():
    """Reliable 3 kinetic past optimal range, rolled 2: the hit deals 3 under ours, 1 (the fall-off floor) otherwise."""
    gun = Weapon("Slug", damage="1d6", max_range=8, reliable=3)
    far = Situation(distance=8)
    assert damage_from_roll(2, gun, Target(), far).final == 3
    assert damage_from_roll(2, gun, Target(), far, rulings=with_(reliable_floors_a_hit=False)).final == 1


def test_reliable_when_no_attack_both_ways():
    """Out of range, Reliable 2: nothing lands under ours; 2 lands when it counts as a miss."""
    gun = Weapon("Needler", damage="1d6", max_range=3, reliable=2)
    assert Attack(gun, Target(), Situation(distance=5)).damage_on_miss() == 0
    landing = with_(reliable_when_no_attack=True)
    assert Attack(gun, Target(), Situation(distance=5), rulings=landing).damage_on_miss() == 2


def test_blast_respects_ap_and_shredded_both_ways():
    """Raw 8 splashing a Shredded Armor 2 bystander: 4 when Shredded skips Armor, 2 otherwise."""
    assert blast_damage(8, 2, shredded=True) == 4
    assert blast_damage(8, 2, shredded=True, rulings=with_(blast_respects_ap_and_shredded=False)) == 2


def test_vespertide_damage_meets_armor_both_ways():
    """The wave into Armor 1: 1 under ours, the full 2 otherwise."""
    assert vespertide_damage(armor=1) == 1
    assert vespertide_damage(armor=1, rulings=with_(vespertide_damage_meets_armor=False)) == 2


# -- every field is read ----------------------------------------------------------

PROBES = {
    "net_zero": lambda r: Attack(Weapon("Gun", damage="1d6"), Target(evasion=5), Situation(),
                                 rulings=r).chance_to_hit(),
    "blast_n_is_radius": lambda r: blast_splash(Weapon("Mortar", damage="2d6", blast=2, max_range=10), 8,
                                                [Bystander("far", distance=2)], rulings=r),
    "facing_applies_to_melee": lambda r: Attack(Weapon("Blade", damage="1d6", melee=True), Target(evasion=5),
                                                Situation(firing_arc="rear", extra_accuracy=3), rulings=r).net(),
    "taunt_applies_to_melee": lambda r: Attack(Weapon("Blade", damage="1d6", melee=True), Target(evasion=5),
                                               Situation(taunted_from=2, extra_accuracy=3), rulings=r).net(),
    "rear_drop_after_stunned_cap": lambda r: Attack(Weapon("Gun", damage="1d6"),
                                                    Target(evasion=9, conditions=["stunned"]),
                                                    Situation(target_arc="rear"), rulings=r).defense(),
    "reliable_floors_a_hit": lambda r: Attack(Weapon("Slug", damage="1d6", max_range=8, reliable=3), Target(),
                                              Situation(distance=8), rulings=r).damage_on_hit(),
    "reliable_when_no_attack": lambda r: Attack(Weapon("Needler", damage="1d6", max_range=3, reliable=2), Target(),
                                                Situation(distance=5), rulings=r).damage(),
    "blast_respects_ap_and_shredded": lambda r: blast_damage(8, 2, armor_piercing=True, rulings=r),
    "vespertide_damage_meets_armor": lambda r: vespertide_damage(armor=2, rulings=r),
}

ALTERNATIVES = {"net_zero": NetZero.ONE_DIE}


def _flipped(name):
    if name in ALTERNATIVES:
        return ALTERNATIVES[name]
    value = getattr(STANDARD, name)
    printed = getattr(AS_PRINTED, name)
    return printed if printed != value else not value


def test_every_field_has_a_probe():
    """A field that no probe reads would be a switch nothing reads."""
    assert set(PROBES) == {f.name for f in dataclasses.fields(Rulings)}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_flipping_a_field_changes_a_result(name):
    """Changing one field from STANDARD (to AS_PRINTED or an alternative) changes what the engine computes."""
    assert PROBES[name](STANDARD) != PROBES[name](with_(**{name: _flipped(name)}))
    assert PROBES[name](STANDARD) != PROBES[name](with_(**{name: getattr(AS_PRINTED, name)})) or \
        getattr(AS_PRINTED, name) == getattr(STANDARD, name)


def test_no_dice_is_said_in_words():
    """Under the literal count the log and the calculator say no dice are rolled rather than 0d6."""
    from voidref.calc.cantor import attack

    shot = Attack(Weapon("Gun", damage="1d6"), Target(evasion=2), Situation(grit=2), rulings=AS_PRINTED)
    assert "no dice" in shot.resolve([], [3]).log[2]
    assert attack(distance=2, rulings=AS_PRINTED).headline.startswith("Net accuracy +0: no dice: the total is Grit +2")
