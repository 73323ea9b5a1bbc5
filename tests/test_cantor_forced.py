"""Knockback, collisions, ramming and Shatter."""

from fractions import Fraction
from itertools import product

import pytest

from voidref.cantor import collision_damage, ram_terrain_damage, ram_unit, shatter, shove
from voidref.errors import RulesError


def test_knockback_into_rock_stops_one_short():
    """Collisions: shoved into a rock, the unit stops one space short and collides."""
    s = shove(4, clear_spaces=2)
    assert (s.moved, s.collided) == (2, True)


def test_knockback_with_room_does_not_collide():
    """Knockback with enough room just moves the full distance."""
    assert shove(3, clear_spaces=3).collided is False
    assert shove(3).moved == 3


def test_collision_is_two_d6_by_enumeration():
    """Collisions: 2d6 raw, equal to enumerating both dice."""
    want = {}
    for a, b in product(range(1, 7), repeat=2):
        want[a + b] = want.get(a + b, 0) + Fraction(1, 36)
    assert collision_damage().probabilities() == want


def test_ramming_terrain():
    """Ramming solid terrain: 2d6 to yourself, 1d6 to the terrain."""
    me, rock = ram_terrain_damage()
    assert (min(me), max(me), min(rock), max(rock)) == (2, 12, 1, 6)


def test_ram_unit_prone_and_shoved():
    """Ram (ruling): the target goes Prone and is shoved 1 space."""
    r = ram_unit()
    assert r.prone and r.shove.moved == 1


@pytest.mark.parametrize("size,count", [(1, 0), (2, 2), (3, 3), (6, 3)])
def test_shatter_splinters(size, count):
    """Shatter: Size 2+ rocks break into 2 or 3 twelve-HP splinters that give cover."""
    pieces = shatter(size)
    assert len(pieces) == count
    assert all(p.hp == 12 and p.gives_cover for p in pieces)


def test_bad_shove_names_argument():
    """Bad input: a negative shove raises RulesError naming 'spaces'."""
    with pytest.raises(RulesError, match="'spaces'"):
        shove(-1)
