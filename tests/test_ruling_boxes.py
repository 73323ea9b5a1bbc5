"""A Ruling box may only name code that exists (docs/_ext/voidref_sphinx.py).

The build stops on a box whose literal names a ``voidref.…`` path that does not
import, or a ``Rulings.field`` that is not a field of its game's ``Rulings``.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "docs", "_ext"))

import voidref_sphinx  # noqa: E402


def test_existing_code_passes():
    """Modules, classes, functions, constants and dataclass fields all resolve."""
    for text in ("voidref.pirates.rulings.Rulings", "voidref.pirates.rulings.Rulings.partial_margin",
                 "voidref.drifters.dice.Pool.parse", "voidref.exact.Dist"):
        assert voidref_sphinx._missing_code(text, "pirates/action-rolls") is None, text


def test_a_rulings_field_is_looked_up_in_the_pages_own_game():
    """`Rulings.x` must be a field of that game's Rulings (Void Drifters: also its ships' Rulings)."""
    assert voidref_sphinx._missing_code("Rulings.partial_margin", "pirates/action-rolls") is None
    assert voidref_sphinx._missing_code("Rulings.partial_margin=1", "pirates/action-rolls") is None
    assert voidref_sphinx._missing_code("Rulings.partial_margin", "drifters/dice") is not None
    assert voidref_sphinx._missing_code("Rulings.stun_subtracts_resistance", "drifters/attacking") is None


def test_code_that_does_not_exist_is_named():
    """A renamed or deleted constant is reported by name."""
    assert voidref_sphinx._missing_code("voidref.pirates.rulings.PARTIAL_PASSES_YES_NO",
                                        "pirates/action-rolls") == "voidref.pirates.rulings.PARTIAL_PASSES_YES_NO"
    assert "no such field" in voidref_sphinx._missing_code("Rulings.no_such_switch", "pirates/ships")


def test_other_literals_are_left_alone():
    """Literals that are not code paths (dice, numbers, words) are not checked."""
    for text in ("2d6", "True", "3d6 > HLTH", "STANDARD"):
        assert voidref_sphinx._missing_code(text, "pirates/ships") is None
