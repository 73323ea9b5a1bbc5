"""Void Drifters health (``voidref.drifters.health``): Wounds, Strain, incapacitation, rest and medical care."""

import pytest

from voidref.drifters import Character, Health
from voidref.drifters.rulings import AS_PRINTED, STANDARD, Rulings
from voidref.errors import RulesError

DAVAN = Character("Davan Kel", might=2, intellect=4, willpower=2, skills={"craft": 2, "electronics": 2})
AGENT = Character("Agent A", agility=3, skills={"ranged": 2}, kind="elite", stated_wound_points=12, stated_resistance=2)


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


def test_strain_knockout_rest_sets_strain_to_half():
    """After a Strain knockout a full rest leaves Strain at half the Strain Points, rounded down."""
    out = Health(12, 13).suffer_strain(14)
    assert out.strain_knockout
    assert out.full_rest(2).strain == 6
    assert out.end_of_encounter(willpower=3).full_rest(2).strain == 6


def test_full_rest_without_knockout_clears_strain():
    """A full rest with no Strain knockout clears all Strain."""
    assert Health(12, 12).suffer_strain(5).full_rest(2).strain == 0


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


def test_treating_a_critical_injury_removes_it_on_success():
    """A successful Medicine check removes one Critical Injury."""
    h = Health.of(DAVAN).add_critical_injury(2)
    assert h.treat_critical_injury(True).critical_injuries == 1
    assert h.treat_critical_injury(False).critical_injuries == 2
