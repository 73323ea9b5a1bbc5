"""Void Drifters initiative (``voidref.drifters.initiative``): slots by net Successes, then who fills them."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.drifters import Entry, Side, slot_order, turn_order
from voidref.errors import RulesError


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
