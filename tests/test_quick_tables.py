"""The narrow tables of the quick-reference pages agree with the full tables they shorten."""

import pytest

from voidref.errors import RulesError
from voidref.tables import twodice as tables
from voidref.tables import upper_hand as uh_tables


def _rows(markdown):
    return [[c.strip() for c in line.strip("|").split("|")] for line in markdown.strip().splitlines()[2:]]


def test_quick_exchange_table_is_the_attackers_side_of_the_full_table():
    """Each row repeats the counterattack columns of exchange_table for the same edge."""
    full = {r[0]: r for r in _rows(tables.exchange_table(-6, 6))}
    quick = _rows(tables.quick_exchange_table(-6, 6))
    assert [r[0] for r in quick] == list(full)
    for r in quick:
        assert r[1:] == full[r[0]][1:4]


def test_quick_exchange_table_left_out_column_is_the_defense_hit():
    """The defense-roll hit chance the quick table omits equals its 'you hit' column."""
    full = {r[0]: r for r in _rows(tables.exchange_table(-3, 3))}
    for r in _rows(tables.quick_exchange_table(-3, 3)):
        assert full[r[0]][4] == r[1]


def test_quick_save_table_is_the_save_table_on_its_side():
    """Row v, column armor of the quick table is column 'stops a v', row armor of the full one."""
    full = _rows(tables.save_stops_table())
    quick = _rows(tables.quick_save_table())
    assert len(quick) == 6
    for v, row in enumerate(quick, start=1):
        assert row[0] == str(v)
        assert row[1:] == [f[1 + v] for f in full]


def test_quick_save_table_one_die_stops_a_six_one_time_in_six():
    """Light armor's single save die stops a damage die of 6 only on a 6."""
    assert _rows(tables.quick_save_table())[5][1] == "16.7%"


@pytest.mark.parametrize("low, high", [(-3, -4), (-21, 0), ("1", 3)])
def test_quick_exchange_table_bad_range(low, high):
    """A bad edge range names the argument."""
    with pytest.raises(RulesError, match="'(low|high)'"):
        tables.quick_exchange_table(low, high)


@pytest.mark.parametrize("disadvantaged, kind", [(False, "plain"), (True, "disadvantaged")])
def test_quick_throw_table_is_one_kind_of_the_full_throw_table(disadvantaged, kind):
    """Each row repeats the full Task Throw table's row for the same bonus and kind of throw."""
    full = {r[0]: r[2:] for r in _rows(uh_tables.throw_table(max_bonus=4)) if r[1] == kind}
    quick = _rows(uh_tables.quick_throw_table(max_bonus=4, disadvantaged=disadvantaged))
    assert [r[0] for r in quick] == ["+0", "+1", "+2", "+3", "+4"]
    for r in quick:
        assert r[1:] == full[r[0]]


def test_quick_throw_table_bad_arguments():
    """A bonus out of range or a non-boolean disadvantage names the argument."""
    with pytest.raises(RulesError, match="'max_bonus'"):
        uh_tables.quick_throw_table(max_bonus=-1)
    with pytest.raises(TypeError, match="'disadvantaged'"):
        uh_tables.quick_throw_table(disadvantaged="yes")
