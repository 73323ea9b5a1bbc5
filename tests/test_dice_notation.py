"""Dice text shared by every damage roll (voidref/dice_notation.py): one shape, one parser, one str and repr."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.cantor.units import DamageRoll as CantorDamage
from voidref.dice_notation import DiceNotation
from voidref.errors import RulesError
from voidref.pirates.damage import DamageRoll as PiratesDamage
from voidref.twodice.weapons import DamageRoll as TwoDiceDamage

DAMAGE_ROLLS = (TwoDiceDamage, CantorDamage, PiratesDamage)


@pytest.mark.parametrize("cls", DAMAGE_ROLLS, ids=lambda c: c.__module__)
def test_every_damage_roll_has_one_shape(cls):
    """Every system's DamageRoll is a DiceNotation: count first, then sides and bonus by keyword."""
    assert issubclass(cls, DiceNotation)
    names = [f.name for f in dataclasses.fields(cls)]
    assert names[:3] == ["count", "sides", "bonus"]
    assert [f.name for f in dataclasses.fields(cls) if not f.kw_only] == ["count"]
    with pytest.raises(TypeError, match="positional"):
        cls(2, 6)


def _rolls(cls):
    """Every value of *cls* that text can write (a flat amount is a bare number: no sides, never negative)."""
    values = st.builds(lambda c, s, b: cls(c, sides=s, bonus=b), st.integers(*cls.COUNTS), st.integers(*cls.SIDES),
                       st.integers(*cls.BONUSES))
    return values.filter(lambda r: r.count > 0 or (r.sides == 6 and r.bonus >= 0))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_str_and_repr_rebuild_the_roll(data):
    """Reading a roll's text gives the roll back, and so does evaluating its repr."""
    cls = data.draw(st.sampled_from(DAMAGE_ROLLS))
    if cls is PiratesDamage:  # its own limit: count x sides at most MAX_DICE_FACES
        roll = data.draw(st.builds(lambda c, s, b, m: cls(c, sides=s, bonus=b, multiplier=m), st.integers(1, 10),
                                   st.integers(2, 60), st.integers(-100, 100), st.integers(1, 20)))
    else:
        roll = data.draw(_rolls(cls))
    assert cls.parse(str(roll)) == roll
    assert eval(repr(roll), {"DamageRoll": cls}) == roll


@pytest.mark.parametrize(
    "cls, text, expected",
    [
        (TwoDiceDamage, "2D-3", TwoDiceDamage(2, bonus=-3)),
        (TwoDiceDamage, "3 d \u2212 1", TwoDiceDamage(3, bonus=-1)),
        (CantorDamage, "2d6+1", CantorDamage(2, bonus=1)),
        (CantorDamage, "1D8", CantorDamage(1, sides=8)),
        (CantorDamage, " 4 ", CantorDamage(0, bonus=4)),
        (PiratesDamage, "2d6x3", PiratesDamage(2, multiplier=3)),
        (PiratesDamage, "3d6+2 \u00d7 2", PiratesDamage(3, bonus=2, multiplier=2)),
    ],
)
def test_one_grammar_reads_every_system(cls, text, expected):
    """Count, d, sides (where the game writes them), a signed bonus and (Void Pirates) a multiplier."""
    assert cls.parse(text) == expected
    assert cls.parse(expected) is expected


@pytest.mark.parametrize(
    "cls, text, argument",
    [
        (TwoDiceDamage, "2d6", "damage"),  # the 2D games never write the sides
        (TwoDiceDamage, "3", "damage"),
        (CantorDamage, "2d", "damage"),  # Cantor always does
        (CantorDamage, "2d6x2", "damage"),  # and has no multiplier
        (PiratesDamage, "4", "dice"),  # a bare number is a flat amount only in Cantor
        (PiratesDamage, None, "dice"),
    ],
)
def test_text_outside_a_games_notation_names_its_argument(cls, text, argument):
    """What a game does not write is refused with an error naming that game's argument."""
    with pytest.raises(RulesError, match=f"^'{argument}' must look like"):
        cls.parse(text)


def test_limits_name_the_field():
    """Each number outside its game's limits is refused by field name."""
    with pytest.raises(RulesError, match="'count'"):
        TwoDiceDamage(9)
    with pytest.raises(RulesError, match="'sides'"):
        TwoDiceDamage(2, sides=8)
    with pytest.raises(RulesError, match="'bonus'"):
        CantorDamage(1, bonus=51)
    with pytest.raises(RulesError, match="'multiplier'"):
        PiratesDamage(1, multiplier=0)
