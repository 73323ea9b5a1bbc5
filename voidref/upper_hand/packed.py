"""Packed states: what the exact chain remembers of a ship, as one small integer.

The chain of :mod:`~voidref.upper_hand.chain` visits hundreds of thousands of
states and hashes each one many times, so a ship's damage travels as one
integer (its *code*) and a damage level, both ships at once, as another.
:class:`ShipState` names the fields and is the only place that knows the
layout.

Layout of a ship's code, a mixed-radix number, least significant digit first:

======== ============= ====== =======================================
digit    field         radix  values
======== ============= ====== =======================================
``1``    thrusters     3      condition: 0 intact, 1 damaged, 2 disabled
``3``    guns          3      condition, as above
``9``    gate_core     3      condition, as above (0 when not tracked)
``27``   boarders      21     boarders left, 0 to 20
``567``  crew_hits     --     crew hits taken (0 to 1000; 0 when not tracked)
======== ============= ====== =======================================

So a code is below 567 x 1001 < 2**20 = :data:`SHIP_SPAN`, and a damage
level is ``code_a * SHIP_SPAN + code_b`` (:func:`pack_level`).

>>> state = ShipState(thrusters=1, guns=2, gate_core=0, crew_hits=3, boarders=2)
>>> state.pack()
1762
>>> ShipState.unpack(1762) == state
True
>>> unpack_level(pack_level(1762, 5))
(1762, 5)
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ShipState", "SHIP_SPAN", "pack_level", "unpack_level"]

#: Every ship code is below this, so a level holds two codes side by side.
SHIP_SPAN = 1 << 20

_GUNS, _GATE, _BOARDERS, _CREW = 3, 9, 27, 567
_MOST_BOARDERS = 20


class ShipState(NamedTuple):
    """One ship's damage as the chain tracks it (see the module docstring for the packed layout).

    The three conditions are :class:`~voidref.upper_hand.ships.Condition`
    values (0, 1, 2); ``crew_hits`` at most 1000, ``boarders`` at most 20.
    """

    thrusters: int
    guns: int
    gate_core: int
    crew_hits: int
    boarders: int

    def pack(self) -> int:
        """This state as one integer under :data:`SHIP_SPAN`."""
        return ShipState.pack_fields(*self)

    @classmethod
    def unpack(cls, code: int) -> ShipState:
        """The state packed as *code* by :meth:`pack`."""
        return cls(*ShipState.fields(code))

    # The two below skip building a ShipState, for the chain's hot paths.
    @staticmethod
    def pack_fields(thrusters: int, guns: int, gate_core: int, crew_hits: int, boarders: int) -> int:
        """``ShipState(thrusters, guns, gate_core, crew_hits, boarders).pack()``, without the tuple."""
        return thrusters + _GUNS * guns + _GATE * gate_core + _BOARDERS * boarders + _CREW * crew_hits

    @staticmethod
    def fields(code: int) -> tuple[int, int, int, int, int]:
        """The fields of ``ShipState.unpack(code)`` as a plain tuple, in the same order."""
        return (code % 3, code // _GUNS % 3, code // _GATE % 3, code // _CREW,
                code // _BOARDERS % (_MOST_BOARDERS + 1))

    @staticmethod
    def thrusters_of(code: int) -> int:
        """The Thrusters condition of a packed state (a fast :meth:`unpack` of one field)."""
        return code % 3

    @staticmethod
    def guns_of(code: int) -> int:
        """The Guns condition of a packed state."""
        return code // _GUNS % 3

    @staticmethod
    def without_boarders(code: int) -> int:
        """The packed state with no boarders left (after a failed leap)."""
        return code - code // _BOARDERS % (_MOST_BOARDERS + 1) * _BOARDERS

    @staticmethod
    def progress(code: int) -> int:
        """How far the ship's state has gone: grows with every hit and every boarder lost."""
        # The sum of the fields of unpack(code), without building the tuple (the walk calls this per level).
        return (code % 3 + code // _GUNS % 3 + code // _GATE % 3 + code // _CREW
                - code // _BOARDERS % (_MOST_BOARDERS + 1))


def pack_level(code_a: int, code_b: int) -> int:
    """A damage level: the packed states of side A's and side B's ships as one integer."""
    return code_a * SHIP_SPAN + code_b


def unpack_level(level: int) -> tuple[int, int]:
    """``(code_a, code_b)`` of a damage level."""
    return divmod(level, SHIP_SPAN)
