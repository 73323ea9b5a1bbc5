"""One name per concept across the five systems (issue 12): the same name means the same kind of thing."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import pkgutil

import pytest

import voidref


def _modules():
    """Every module of the voidref package (the calculators included; not the command line's __main__)."""
    for info in pkgutil.walk_packages(voidref.__path__, "voidref."):
        if not info.name.endswith("__main__"):
            yield importlib.import_module(info.name)


def test_side_is_always_an_enum_of_sides():
    """Wherever a module defines Side, it is the closed set of sides (an enum), never a per-fighter record."""
    found = {}
    for module in _modules():
        side = module.__dict__.get("Side")
        if side is not None and side.__module__ == module.__name__:
            found[module.__name__] = side
    assert set(found) >= {"voidref.drifters.initiative", "voidref.upper_hand.ships"}
    for name, side in found.items():
        assert isinstance(side, type) and issubclass(side, enum.Enum), name


def test_two_dice_exchange_takes_combatants():
    """2D fighting's per-fighter record of an exchange is a Combatant; the name Side is gone from it."""
    from voidref import twodice
    from voidref.twodice import KNIFE, Combatant, Exchange, FightingRoll

    assert not hasattr(twodice, "Side")
    ex = Exchange(Combatant(FightingRoll(1), KNIFE), Combatant(FightingRoll(1), KNIFE), "near")
    assert ex.attacker.arms == KNIFE


WEAPON_CLASSES = ("voidref.drifters.characters:Weapon", "voidref.drifters.ships.profiles:ShipWeapon",
                  "voidref.twodice.weapons:Weapon", "voidref.cantor.units:Weapon")


@pytest.mark.parametrize("where", WEAPON_CLASSES)
def test_weapons_take_the_name_first_and_the_rest_by_keyword(where):
    """Every weapon type takes its name first and every other field by keyword, so no call hangs on a system's order."""
    module, name = where.split(":")
    cls = getattr(importlib.import_module(module), name)
    first, *rest = dataclasses.fields(cls)
    assert first.name == "name" and not first.kw_only
    assert rest and all(f.kw_only for f in rest), [f.name for f in rest if not f.kw_only]
    with pytest.raises(TypeError, match="positional"):
        cls("Gun", "2d6")
