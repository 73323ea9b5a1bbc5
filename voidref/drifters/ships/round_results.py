"""What a round of ship combat reports: one shot, and each ship at the end of the round.

:class:`~voidref.drifters.ships.round.ShipFight` returns these; they hold results only.
"""

from __future__ import annotations

from dataclasses import dataclass

from voidref.drifters.dice import CheckOutcome
from voidref.drifters.ships.damage import Hit, ShipStanding
from voidref.drifters.ships.pool import ShipAttack
from voidref.drifters.ships.stations import BaneSpend
from voidref.kinds import dataclass_repr

__all__ = ["Shot", "ShipEnd"]


@dataclass(frozen=True)
class Shot:
    """What one ship attack did (returned by :meth:`~voidref.drifters.ships.round.ShipFight.fire`)."""

    attack: ShipAttack
    outcome: CheckOutcome
    hit: Hit | None
    bypass_boons: int
    critical_hit_available: bool
    heat: int
    bane_spend: BaneSpend | None

    def __repr__(self) -> str:
        return dataclass_repr(self, ())

    @property
    def hull_damage(self) -> int:
        """Hull Damage dealt (0 on a miss)."""
        return self.hit.hull_damage if self.hit else 0


@dataclass(frozen=True)
class ShipEnd:
    """One ship at the end of a round (steps 5 and 6)."""

    name: str
    standing: ShipStanding
    heat_before: int
    destroyed: bool
    breaks_up_after_round: int | None
    out_of_control: bool
    at_heat_threshold: bool | None
    """Whether Heat reached the Heat Threshold this round (``None``: the profile lists none)."""

    def __repr__(self) -> str:
        return dataclass_repr(self)
