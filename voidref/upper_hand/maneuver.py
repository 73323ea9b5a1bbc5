"""Who holds the Upper Hand: the opening Software throw and the Maneuver phase.

Source: "Ship Engagements", section "Procedure" (the opening throw and step 2,
Maneuver Phase).

* At most one side holds the Upper Hand at any time.
* Opening: both sides throw + Software, Impact limited by Computer. The greater
  Impact starts with the Upper Hand; a tie or two failures gives it to nobody.
* Maneuver phase: both pilots throw + Pilot, Impact limited by Thrusters.

  - nobody held it: the winner gains it;
  - the loser held it: the loser loses it (nobody holds it);
  - the winner held it: the winner keeps it;
  - a tie, or both fail: no change.

* Damaged Thrusters make the Pilot throw disadvantaged; disabled Thrusters
  lose the phase automatically (rulings: the other ship wins; if both are
  disabled, a tie).

Impacts passed in here are the throw's own Impact; the rank limit is applied
for you by the ship-level functions, and by :func:`maneuver_winner` when you
give ranks.

>>> maneuver_phase(None, 3, 1)
Side.A
>>> maneuver_phase(Side.B, 3, 1)
>>> maneuver_phase(Side.A, 3, 1)
Side.A
>>> maneuver_phase(Side.B, 2, 2) is Side.B
True
"""

from __future__ import annotations

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.exact import Dist
from voidref.upper_hand.rulings import STANDARD, Rulings
from voidref.upper_hand.ships import Condition, Ship, Side
from voidref.upper_hand.throws import Station, station_impact, station_odds

__all__ = [
    "check_holder",
    "opening_upper_hand",
    "opening_odds",
    "maneuver_winner",
    "upper_hand_after",
    "maneuver_phase",
    "maneuver_odds",
    "ship_maneuver",
]

_BIG = 100


def check_holder(name: str, holder) -> Side | None:
    """Coerce *holder* (a :class:`~voidref.upper_hand.ships.Side`, ``"a"``/``"b"`` or ``None``) for the Upper Hand."""
    if holder is None or (isinstance(holder, str) and holder.strip().lower() in ("", "none", "neither")):
        return None
    return check_enum(name, holder, Side)


def _higher(impact_a: int, impact_b: int) -> Side | None:
    if impact_a > impact_b:
        return Side.A
    if impact_b > impact_a:
        return Side.B
    return None


def opening_upper_hand(impact_a: int, impact_b: int) -> Side | None:
    """Who starts with the Upper Hand from the two Software Impacts (after the Computer limit).

    >>> opening_upper_hand(2, 0)
    Side.A
    >>> opening_upper_hand(1, 1) is None
    True
    """
    check_int("impact_a", impact_a, low=0, high=_BIG)
    check_int("impact_b", impact_b, low=0, high=_BIG)
    return _higher(impact_a, impact_b)


def _check_ships(ship_a: object, ship_b: object) -> None:
    for name, ship in (("ship_a", ship_a), ("ship_b", ship_b)):
        if not isinstance(ship, Ship):
            raise RulesError(f"{name!r} must be a Ship (got {describe(ship)})", argument=name)


def opening_odds(ship_a: Ship, ship_b: Ship, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact chances that side A, side B or nobody (``None``) starts with the Upper Hand."""
    _check_ships(ship_a, ship_b)
    a = station_odds(ship_a, Station.SOFTWARE, rulings=rulings)
    b = station_odds(ship_b, Station.SOFTWARE, rulings=rulings)
    return a.combine(b, _higher)


def maneuver_winner(
    impact_a: int, impact_b: int, a_auto_loses: bool = False, b_auto_loses: bool = False
) -> Side | None:
    """The side that wins the Maneuver phase, or ``None`` for a tie.

    Args:
        impact_a, impact_b: each pilot's Impact after the Thrusters limit (0 = failed).
        a_auto_loses, b_auto_loses: that ship's Thrusters are disabled.
    """
    check_int("impact_a", impact_a, low=0, high=_BIG)
    check_int("impact_b", impact_b, low=0, high=_BIG)
    check_bool("a_auto_loses", a_auto_loses)
    check_bool("b_auto_loses", b_auto_loses)
    if a_auto_loses and b_auto_loses:
        return None
    if a_auto_loses:
        return Side.B
    if b_auto_loses:
        return Side.A
    return _higher(impact_a, impact_b)


def upper_hand_after(holder: Side | str | None, winner: Side | str | None) -> Side | None:
    """The Upper Hand after a Maneuver phase won by *winner* (``None`` = tie).

    >>> upper_hand_after(None, Side.B)
    Side.B
    >>> upper_hand_after(Side.A, Side.B) is None
    True
    """
    holder = check_holder("holder", holder)
    winner = check_holder("winner", winner)
    if winner is None:
        return holder
    if holder is None:
        return winner
    return holder if holder is winner else None


def maneuver_phase(holder: Side | str | None, impact_a: int, impact_b: int,
                   a_auto_loses: bool = False, b_auto_loses: bool = False) -> Side | None:
    """The Upper Hand after a Maneuver phase, from the two Pilot Impacts."""
    return upper_hand_after(holder, maneuver_winner(impact_a, impact_b, a_auto_loses, b_auto_loses))


def ship_maneuver(ship_a: Ship, ship_b: Ship, holder: Side | str | None, impact_a: int, impact_b: int) -> Side | None:
    """The Upper Hand after a Maneuver phase between two ships, from the throws' own Impacts.

    Applies the Thrusters limit and the disabled-Thrusters automatic loss
    (a ship with disabled Thrusters makes no throw; pass 0 for it).
    """
    _check_ships(ship_a, ship_b)
    check_int("impact_a", impact_a, low=0, high=_BIG)
    check_int("impact_b", impact_b, low=0, high=_BIG)
    a_out = ship_a.thrusters_condition is Condition.DISABLED
    b_out = ship_b.thrusters_condition is Condition.DISABLED
    if a_out and impact_a:
        raise RulesError(
            f"'impact_a' must be 0: {ship_a.name}'s Thrusters are disabled, so it makes no Pilot throw "
            f"(got {impact_a})",
            argument="impact_a"
        )
    if b_out and impact_b:
        raise RulesError(
            f"'impact_b' must be 0: {ship_b.name}'s Thrusters are disabled, so it makes no Pilot throw "
            f"(got {impact_b})",
            argument="impact_b"
        )
    return maneuver_phase(holder,
                          station_impact(ship_a, Station.PILOT, impact_a),
                          station_impact(ship_b, Station.PILOT, impact_b),
                          a_out, b_out)


def maneuver_odds(ship_a: Ship, ship_b: Ship, holder: Side | str | None = None, *,
                  rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of who holds the Upper Hand after one Maneuver phase.

    Outcomes are ``Side.A``, ``Side.B`` and ``None`` (nobody).

    >>> odds = maneuver_odds(Ship("A", thrusters=2, pilot=1), Ship("B", thrusters=2))
    >>> odds[Side.A] > odds[Side.B]
    True
    """
    _check_ships(ship_a, ship_b)
    holder = check_holder("holder", holder)
    a_out = ship_a.thrusters_condition is Condition.DISABLED
    b_out = ship_b.thrusters_condition is Condition.DISABLED
    a = station_odds(ship_a, Station.PILOT, rulings=rulings)
    b = station_odds(ship_b, Station.PILOT, rulings=rulings)
    return a.combine(b, lambda x, y: maneuver_phase(holder, x, y, a_out, b_out))
