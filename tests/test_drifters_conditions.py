"""Void Drifters conditions (``voidref.drifters.conditions``): how long they last, Drifting included."""

import pytest

from voidref.drifters import Condition, Conditions
from voidref.errors import RulesError


def test_condition_lasts_until_end_of_next_turn_and_reapplying_extends():
    """Default duration one turn end; applying again adds to it; no stacking of effect."""
    c = Conditions().apply("disoriented")
    assert c.end_turn().turns_left("disoriented") == 0
    twice = c.apply("disoriented")
    assert twice.turns_left("disoriented") == 2
    assert twice.bane_dice() == 1


def test_drifting_lasts_until_ended():
    """Drifting does not wear off at turn ends; an Athletics check or an ally ends it."""
    c = Conditions().apply(Condition.DRIFTING)
    for _ in range(5):
        c = c.end_turn()
    assert c.has("drifting") and c.turns_left("drifting") is None and c.bane_dice() == 0
    assert not c.end("drifting").has("drifting")
    with pytest.raises(RulesError, match="'condition' must be one the character has"):
        Conditions().end("drifting")
