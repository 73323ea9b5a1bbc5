"""Ship and ship-weapon profiles, and the closed sets ship combat names.

Restates: the ship and weapon statistics of "Ship Range and Attack
Difficulty", "Ship Damage" and "Worked Example: One Ship Round" of the Void
Drifters chapter.

A ship profile lists Speed, Handling, Armor, Deflection for each facing, Hull
Points, System Points, Heat Dissipation, Heat Threshold, and any screen and
ECM. A weapon profile lists Damage, the range bands it fires at, Crit,
Pierce, Heat per shot, its type, mount and arcs, Armor Bypass, System Damage
and whether it is an Ion weapon. Both are frozen values; change one with
``dataclasses.replace``.

>>> ShipWeapon("autocannon", damage=4, ranges=("short", "medium"), crit=4, pierce=1, heat=1)
ShipWeapon('autocannon', damage=4, ranges=(ShipRange.SHORT, ShipRange.MEDIUM), crit=4, pierce=1, heat=1)
>>> freighter = ShipProfile("Model 20", speed=3, handling=0, armor=1, hull_points=18, deflection=(1, 0))
>>> freighter.deflection_for("fore"), freighter.deflection_for("aft")
(1, 0)
>>> ShipWeapon("laser", damage=-1, ranges=("short",), crit=3)
Traceback (most recent call last):
...
voidref.errors.RulesError: 'damage' must be an integer from 0 to 50 (got -1)
"""

from __future__ import annotations

import enum
from dataclasses import KW_ONLY, dataclass
from typing import Any

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.kinds import Kind, dataclass_repr

__all__ = [
    "ShipRange", "Arc", "Facing", "Mount", "WeaponType", "Station", "ActionKind",
    "Screen", "Ecm", "ShipWeapon", "ShipProfile", "StationAction",
    "MAX_SHIP_STAT", "MAX_HULL_POINTS",
]

#: Largest Damage, Armor, Pierce, Crit, Heat or screen figure a profile may
#: hold. Far above anything printed; it keeps sums and odds small.
MAX_SHIP_STAT = 50

#: Largest Hull Points, System Points or Heat Threshold a profile may hold.
MAX_HULL_POINTS = 1000


class _Named(Kind):
    """A ship-combat closed set: a :class:`~voidref.kinds.Kind` with the member's name as the rules write it."""

    @property
    def label(self) -> str:
        """The member's name as the rules write it."""
        return self.value.title() if isinstance(self.value, str) else self.name.title()


class ShipRange(_Named):
    """Ship range bands, nearest first ("Ship Range and Attack Difficulty").

    The personal bands plus Extra Long, which ship combat adds between Long
    and Extreme.
    """

    ENGAGED = "engaged"
    """Alongside; docked, grappled or close enough to ram."""
    SHORT = "short"
    """Close range for ships."""
    MEDIUM = "medium"
    """Where the Ember Drift and the cutter start."""
    LONG = "long"
    """Long range."""
    EXTRA_LONG = "extra long"
    """Only in ship combat, between Long and Extreme."""
    EXTREME = "extreme"
    """The farthest band."""

    @property
    def index(self) -> int:
        """Position from 0 (Engaged) to 5 (Extreme)."""
        return _BAND_ORDER.index(self)

    def step(self, bands: int) -> ShipRange:
        """The band *bands* steps farther out (negative: closer), stopping at the ends."""
        check_int("bands", bands, low=-len(_BAND_ORDER), high=len(_BAND_ORDER))
        return _BAND_ORDER[max(0, min(len(_BAND_ORDER) - 1, self.index + bands))]


_BAND_ORDER = tuple(ShipRange)


class Arc(_Named):
    """The four arcs around a ship that a weapon mount can cover.

    Ruling :data:`~voidref.drifters.ships.rulings.ARCS`.
    """

    FORE = "fore"
    """Ahead of the ship."""
    AFT = "aft"
    """Behind the ship."""
    PORT = "port"
    """To the left."""
    STARBOARD = "starboard"
    """To the right."""


class Facing(_Named):
    """The side of a target an attack comes from, for Deflection.

    Ruling :data:`~voidref.drifters.ships.rulings.DEFLECTION_FACINGS`.
    """

    FORE = "fore"
    """The front half, read from the first Deflection figure."""
    AFT = "aft"
    """The rear half, read from the second Deflection figure."""


class Mount(_Named):
    """How a weapon is mounted ("Ship Range and Attack Difficulty")."""

    FIXED = "fixed"
    """Points one way (one arc); the ship's Handling adds Boon or Bane Dice."""
    TURRET = "turret"
    """Turns to cover the arcs it lists; Handling does not apply."""


class WeaponType(_Named):
    """Ship weapon types that screens and ECM can name ("Ship Damage")."""

    KINETIC = "kinetic"
    """Solid shot, such as autocannons and railguns."""
    BEAM = "beam"
    """Lasers and other beams; screens usually name them."""
    PLASMA = "plasma"
    """Plasma weapons; screens usually name them."""
    MISSILE = "missile"
    """Guided ordnance; the usual target of ECM."""


class Station(_Named):
    """Crew stations (ruling :data:`~voidref.drifters.ships.rulings.STATIONS`).

    The captain is not a station: the captain's role sits outside them.
    """

    HELM = "helm"
    """Flies the ship; rolls the ship's Initiative."""
    GUNNERY = "gunnery"
    """Fires the ship's weapons."""
    ENGINEERING = "engineering"
    """Power, boosts and repairs."""
    SENSORS_COMMS = "sensors and comms"
    """Sensors, target locks and communications."""


class ActionKind(_Named):
    """What a station action costs ("Station Actions at a Glance")."""

    ACTION = "action"
    """The crew member's Action for the round."""
    MANEUVER = "maneuver"
    """A Maneuver."""
    REACTION = "reaction"
    """Taken in answer to something, outside the turn."""


def _enum_tuple(name: str, values: Any, enum_type: type[enum.Enum], allow_empty: bool = False) -> tuple:
    if isinstance(values, (str, enum.Enum)):
        values = (values,)
    try:
        items = tuple(values)
    except TypeError:
        raise RulesError(f"{name!r} must be a list of {enum_type.__name__} names (got {describe(values)})",
                         argument=name) from None
    if not items and not allow_empty:
        raise RulesError(f"{name!r} must name at least one {enum_type.__name__} (got none)", argument=name)
    out: list[Any] = []
    for v in items:
        member: Any = check_enum(name, v, enum_type)
        if member not in out:
            out.append(member)
    order = list(enum_type)
    return tuple(sorted(out, key=order.index))


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"'name' must be a non-empty text (got {describe(value)})", argument="name")
    return value


@dataclass(frozen=True)
class Screen:
    """A deflection screen: Damage Reduction and Bane Dice against the weapon types it names.

    "Ship Damage" step 1 and "Ship Range and Attack Difficulty". Armor Bypass
    ignores the Damage Reduction.
    """

    damage_reduction: int = 0
    types: tuple[WeaponType, ...] = (WeaponType.BEAM, WeaponType.PLASMA)
    bane_dice: int = 0

    def __post_init__(self) -> None:
        check_int("damage_reduction", self.damage_reduction, low=0, high=MAX_SHIP_STAT)
        check_int("bane_dice", self.bane_dice, low=0, high=10)
        object.__setattr__(self, "types", _enum_tuple("types", self.types, WeaponType))

    def __repr__(self) -> str:
        return dataclass_repr(self, ())

    def names(self, weapon: ShipWeapon) -> bool:
        """True if the screen names the weapon's type."""
        return _weapon_type(weapon) in self.types


def _weapon_type(weapon: ShipWeapon) -> WeaponType:
    if not isinstance(weapon, ShipWeapon):
        raise RulesError(argument="weapon", expected="a ShipWeapon", received=weapon)
    return weapon.type


@dataclass(frozen=True)
class Ecm:
    """Electronic countermeasures: Bane Dice against the weapon types they name."""

    bane_dice: int = 1
    types: tuple[WeaponType, ...] = (WeaponType.MISSILE,)

    def __post_init__(self) -> None:
        check_int("bane_dice", self.bane_dice, low=0, high=10)
        object.__setattr__(self, "types", _enum_tuple("types", self.types, WeaponType))

    def __repr__(self) -> str:
        return dataclass_repr(self, ())

    def names(self, weapon: ShipWeapon) -> bool:
        """True if the ECM names the weapon's type."""
        return _weapon_type(weapon) in self.types


@dataclass(frozen=True)
class ShipWeapon:
    """A ship weapon's profile.

    *ranges* are the bands the profile lists; the weapon also fires at every
    band between two of them (:func:`voidref.drifters.ships.range.weapon_bands`).
    A fixed mount covers exactly one arc; a turret covers every arc it lists
    (all four unless told otherwise).
    """

    name: str
    _: KW_ONLY
    damage: int
    ranges: tuple[ShipRange, ...]
    crit: int
    pierce: int = 0
    heat: int = 0
    type: WeaponType = WeaponType.KINETIC
    mount: Mount = Mount.FIXED
    arcs: tuple[Arc, ...] = (Arc.FORE,)
    armor_bypass: bool = False
    system_damage: int = 0
    ion: bool = False

    def __post_init__(self) -> None:
        _name(self.name)
        check_int("damage", self.damage, low=0, high=MAX_SHIP_STAT)
        object.__setattr__(self, "ranges", _enum_tuple("ranges", self.ranges, ShipRange))
        check_int("crit", self.crit, low=1, high=MAX_SHIP_STAT)
        check_int("pierce", self.pierce, low=0, high=MAX_SHIP_STAT)
        check_int("heat", self.heat, low=0, high=MAX_SHIP_STAT)
        object.__setattr__(self, "type", check_enum("type", self.type, WeaponType))
        mount = check_enum("mount", self.mount, Mount)
        object.__setattr__(self, "mount", mount)
        arcs = _enum_tuple("arcs", self.arcs, Arc)
        if mount is Mount.FIXED and len(arcs) != 1:
            raise RulesError(f"'arcs' of a fixed weapon must be exactly one arc (got {len(arcs)}: "
                             f"{', '.join(a.value for a in arcs)})", argument="arcs")
        object.__setattr__(self, "arcs", arcs)
        check_bool("armor_bypass", self.armor_bypass)
        check_int("system_damage", self.system_damage, low=0, high=MAX_SHIP_STAT)
        check_bool("ion", self.ion)

    def __repr__(self) -> str:
        return dataclass_repr(self)


@dataclass(frozen=True)
class ShipProfile:
    """A ship's profile.

    *deflection* is the pair the profile prints as "fore / aft" (ruling
    :data:`~voidref.drifters.ships.rulings.DEFLECTION_FACINGS`).
    *system_points* and *heat_threshold* are ``None`` when a profile does not
    list them (the example's cutter lists no Heat Threshold and neither ship
    lists System Points).
    """

    name: str
    speed: int
    handling: int
    armor: int
    hull_points: int
    deflection: tuple[int, int] = (0, 0)
    system_points: int | None = None
    heat_dissipation: int = 0
    heat_threshold: int | None = None
    screen: Screen | None = None
    ecm: Ecm | None = None
    weapons: tuple[ShipWeapon, ...] = ()

    def __post_init__(self) -> None:
        _name(self.name)
        check_int("speed", self.speed, low=0, high=20)
        check_int("handling", self.handling, low=-5, high=5)
        check_int("armor", self.armor, low=0, high=MAX_SHIP_STAT)
        check_int("hull_points", self.hull_points, low=1, high=MAX_HULL_POINTS)
        d = self.deflection
        if not isinstance(d, (tuple, list)) or len(d) != 2:
            raise RulesError(f"'deflection' must be a pair (fore, aft) of integers"
                             f" (got {describe(d)})", argument="deflection")
        object.__setattr__(self, "deflection", (check_int("deflection fore", d[0], low=0, high=10),
                                                check_int("deflection aft", d[1], low=0, high=10)))
        if self.system_points is not None:
            check_int("system_points", self.system_points, low=1, high=MAX_HULL_POINTS)
        check_int("heat_dissipation", self.heat_dissipation, low=0, high=MAX_SHIP_STAT)
        if self.heat_threshold is not None:
            check_int("heat_threshold", self.heat_threshold, low=1, high=MAX_HULL_POINTS)
        if self.screen is not None and not isinstance(self.screen, Screen):
            raise RulesError(f"'screen' must be a Screen or None (got {describe(self.screen)})", argument="screen")
        if self.ecm is not None and not isinstance(self.ecm, Ecm):
            raise RulesError(f"'ecm' must be an Ecm or None (got {describe(self.ecm)})", argument="ecm")
        weapons = tuple(self.weapons) if isinstance(self.weapons, (tuple, list)) else None
        if weapons is None or not all(isinstance(w, ShipWeapon) for w in weapons):
            raise RulesError(f"'weapons' must be a list of ShipWeapon values (got {describe(self.weapons)})",
                             argument="weapons")
        names = [w.name for w in weapons]
        if len(set(names)) != len(names):
            raise RulesError(f"'weapons' must have different names (got {names})", argument="weapons")
        object.__setattr__(self, "weapons", weapons)

    def __repr__(self) -> str:
        return dataclass_repr(self)

    def deflection_for(self, facing: Facing | str) -> int:
        """Bane Dice the target's Deflection adds for an attack on *facing*."""
        facing = check_enum("facing", facing, Facing)
        return self.deflection[0] if facing is Facing.FORE else self.deflection[1]

    def weapon(self, name: str) -> ShipWeapon:
        """The ship's weapon called *name* (case ignored)."""
        key = name.strip().lower() if isinstance(name, str) else None
        for w in self.weapons:
            if w.name.lower() == key:
                return w
        choices = ", ".join(w.name for w in self.weapons) or "none"
        raise RulesError(argument="weapon", expected=f"one of this ship's weapons: {choices}", received=name)


@dataclass(frozen=True)
class StationAction:
    """One entry of the station table: who takes it, what it costs, what it rolls, what it does.

    *station* is ``None`` for the captain's orders. *skill* is ``None`` when
    there is no check. *difficulty* is the number of Trial Dice, or ``None``
    when the attack's range sets it.
    """

    name: str
    station: Station | None
    kind: ActionKind
    skill: str | None
    difficulty: int | None
    effect: str

    def __post_init__(self) -> None:
        _name(self.name)
        if self.station is not None:
            object.__setattr__(self, "station", check_enum("station", self.station, Station))
        object.__setattr__(self, "kind", check_enum("kind", self.kind, ActionKind))
        if self.difficulty is not None:
            object.__setattr__(self, "difficulty", int(check_int("difficulty", self.difficulty, low=0, high=5)))

    def __repr__(self) -> str:
        return dataclass_repr(self)
