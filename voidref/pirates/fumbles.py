"""The Fumble Table: what a natural 3 does (source "Critical Failures / Fumbles").

Roll 1d6 (or the GM picks the most fitting result). Psionic fumbles add to the
table's result (double Strain or backlash); the GM may skip the table for
routine actions.

>>> fumble(2)
Fumble.MISHAP
>>> FUMBLE_TABLE[Fumble.MISHAP]
Fraction(1, 3)
"""

from __future__ import annotations

from voidref.errors import RulesError, check_int, describe
from voidref.exact import Dist
from voidref.kinds import Kind

__all__ = ["Fumble", "fumble", "FUMBLE_TABLE", "CLEAR_JAM_TN", "SELF_INFLICTED_UNARMED", "self_inflicted_damage"]

CLEAR_JAM_TN = 12
"""TN of the Mechanics or Sleight of Hand roll (1 Action) that clears a jam or drop."""

SELF_INFLICTED_UNARMED = "1d6"
"""Damage of a self-inflicted fumble with no weapon in hand."""


class Fumble(Kind):
    """Results of the d6 Fumble Table."""

    MISHAP = "mishap"
    """1-2 — the weapon or tool jams (ranged) or is dropped (melee).

    Fixing it takes 1 Action and TN 12 on Mechanics or Sleight of Hand.
    """
    SELF_INFLICTED = "self_inflicted"
    """3 — take the weapon's minimum damage (1d6 if unarmed)."""
    ALERT = "alert"
    """4 — foes alerted, alarms tripped or a new hazard (GM's pick)."""
    ENVIRONMENTAL = "environmental"
    """5 — a planetary hazard or a hull breach in the current Theater of Operations."""
    CATASTROPHIC = "catastrophic"
    """6 — twice the usual failure penalty and the next Action is lost."""



_BY_FACE = {1: Fumble.MISHAP, 2: Fumble.MISHAP, 3: Fumble.SELF_INFLICTED, 4: Fumble.ALERT,
            5: Fumble.ENVIRONMENTAL, 6: Fumble.CATASTROPHIC}


def fumble(d6: int) -> Fumble:
    """Look up a d6 roll on the Fumble Table."""
    return _BY_FACE[check_int("d6", d6, low=1, high=6)]


FUMBLE_TABLE: Dist = Dist.die(6).map(lambda face: _BY_FACE[face])
"""Exact chance of each Fumble Table result."""


def self_inflicted_damage(dice: object | None = None) -> Dist:
    """Damage of a self-inflicted fumble (face 3): the weapon's minimum roll, or 1d6 unarmed.

    *dice* is the weapon's damage (``"2d6"`` or a
    :class:`~voidref.pirates.damage.DamageRoll`); ``None`` means no weapon.

    >>> self_inflicted_damage("2d6+1")
    Dist({3: Fraction(1, 1)})
    >>> self_inflicted_damage()[6]
    Fraction(1, 6)
    """
    from voidref.pirates.damage import DamageRoll

    if dice is None:
        return DamageRoll.parse(SELF_INFLICTED_UNARMED).distribution()
    if not isinstance(dice, (str, DamageRoll)):
        raise RulesError(f"'dice' must be dice text like '2d6' or None (got {describe(dice)})", argument="dice")
    d = DamageRoll.parse(dice)
    return Dist.always(max(0, (d.count + d.bonus) * d.multiplier))
