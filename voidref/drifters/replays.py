"""The worked examples a page replays step by step, and the pieces their rolls are made of.

* The Docking Bay fight is an encounter log, its one script:
  :func:`~voidref.drifters.encounter.examples.docking_bay_log` (with the
  page's inputs as keywords) and the cast it draws on,
  :func:`~voidref.drifters.encounter.examples.docking_bay_cast`. The page
  shows it with the one fight renderer, ``voidref.present.fight``.
* One Ship Round is :func:`~voidref.drifters.ship_replay.ember_drift`.
* Their rolls: :mod:`voidref.drifters.rolled` (faces checked against their
  pool, or found for a stated net result).

This module gathers those names, so a page's doctests import them from one
place.

>>> from voidref.drifters.encounter.log import replay
>>> replay(docking_bay_log(senna_armor=3)).fighter("Senna").health.wounds
4
"""

from __future__ import annotations

from voidref.drifters.encounter.examples import docking_bay_cast, docking_bay_log
from voidref.drifters.rolled import (
    InputError,
    RolledCheck,
    check_roll,
    faces_for,
    faces_text,
    wounds_to_incapacitate,
)
from voidref.drifters.ship_replay import ShipState, ShipStep, ember_drift

__all__ = [
    "InputError", "RolledCheck", "check_roll", "faces_for", "faces_text", "wounds_to_incapacitate",
    "docking_bay_cast", "docking_bay_log", "ShipState", "ShipStep", "ember_drift",
]
