"""Ground and clocks: difficult terrain, the Vespertide, the tow clock."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import Tide, TowClock, path_cost, vespertide_damage, vespertide_phase
from voidref.errors import RulesError


def test_difficult_terrain_costs_one_extra():
    """Difficult terrain: each difficult cell costs 1 extra to enter."""
    assert path_cost([True, True, False]) == 5


@given(st.lists(st.booleans(), max_size=30))
def test_path_cost_at_least_cells(cells):
    """Invariant: a path costs at least one per cell and at most two."""
    assert len(cells) <= path_cost(cells) <= 2 * len(cells)


@pytest.mark.parametrize("r", [3, 6, 9])
def test_vespertide_breaks_every_third_round(r):
    """The Vespertide breaks on rounds 3, 6, 9 and gathers the round before."""
    assert vespertide_phase(r) is Tide.BREAKING
    assert vespertide_phase(r - 1) is Tide.GATHERING


def test_vespertide_damage():
    """The Vespertide deals 2 Energy (ruling: Armor and Exposed count)."""
    assert vespertide_damage() == 2
    assert vespertide_damage(armor=1, exposed=True) == 3


def test_tow_clock_three_tows():
    """Tow clock: 6 spaces per round advance; three tows and the cargo is gone."""
    c = TowClock()
    for _ in range(3):
        c.advance()
    assert (c.tows, c.dragged, c.off_map) == (3, 18, True)


def test_tow_clock_holds_while_tug_prone():
    """Tow clock: a round advance with the tug Prone does not move the clock."""
    c = TowClock()
    c.advance(tug_prone=True)
    assert c.tows == 0


def test_bad_round_named():
    """Bad input: round 0 raises RulesError naming 'round_number'."""
    with pytest.raises(RulesError, match="'round_number'"):
        vespertide_phase(0)
