"""Ships, their components and the two sides of an engagement.

Source: "Ship Engagements", sections "Starship Engagement Throws" (component
ranks limit Impact) and "Damage" (the component table).

A :class:`Ship` is a frozen value: its ranks, the skill each station adds,
and how damaged it is. Damage makes a new ship with :meth:`Ship.hit`.

>>> ship = Ship("Kestrel", computer=2, guns=2, thrusters=3, gunnery=1)
>>> ship.hit(Location.GUNS).guns_condition
Condition.DAMAGED
>>> Ship("Bad", computer=2, guns=-1, thrusters=1)
Traceback (most recent call last):
...
voidref.errors.RulesError: 'guns' must be an integer from 0 to 10 (got -1)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.upper_hand.rulings import MAX_RANK, MAX_SKILL

__all__ = ["Side", "Condition", "Component", "Location", "Ship"]


class Side(enum.Enum):
    """One of the two sides of an engagement."""

    A = "a"
    """The first side named (often the players)."""
    B = "b"
    """The second side named."""

    # Members are singletons compared by identity, so the built-in identity
    # hash is consistent with ==, and much cheaper than Enum's own __hash__
    # (the exact engagement chain hashes sides hundreds of thousands of times).
    __hash__ = object.__hash__

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.B if self is Side.A else Side.A

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Condition(enum.Enum):
    """How badly a component is hurt (Damage)."""

    INTACT = 0
    """Never hit, works normally."""
    DAMAGED = 1
    """Hit once, the component's damaged effect applies."""
    DISABLED = 2
    """Hit twice, the component's disabled effect applies."""

    __hash__ = object.__hash__  # identity, as for Side: cheap where the chain looks ships up

    def worse(self) -> Condition:
        """The condition after one more hit (disabled stays disabled)."""
        return _WORSE[self]

    def __repr__(self) -> str:
        return f"Condition.{self.name}"


_WORSE = {Condition.INTACT: Condition.DAMAGED, Condition.DAMAGED: Condition.DISABLED,
          Condition.DISABLED: Condition.DISABLED}


class Component(enum.Enum):
    """A ship component that hits can damage (Damage table rows 1-3)."""

    THRUSTERS = "thrusters"
    """Rank caps Pilot Impact. Damaged, Pilot throws are disadvantaged. Disabled, the Maneuver phase is lost."""
    GUNS = "guns"
    """Rank caps Gunnery Impact. Damaged, Gunnery throws are disadvantaged. Disabled, no Gunnery throw."""
    GATE_CORE = "gate_core"
    """Damaged, one last jump. Disabled, no jump to gate space."""

    __hash__ = object.__hash__  # identity, as for Side

    def __repr__(self) -> str:
        return f"Component.{self.name}"


class Location(enum.Enum):
    """Where one point of damage lands (the 1d6 hit-location table)."""

    THRUSTERS = 1
    """Roll of 1."""
    GUNS = 2
    """Roll of 2."""
    GATE_CORE = 3
    """Roll of 3 (Thrusters on a ship without a gate core)."""
    CREW = 4
    """Roll of 4, the crew is hit."""

    __hash__ = object.__hash__  # identity, as for Side

    @property
    def component(self) -> Component | None:
        """The component this location damages (``None`` for the crew)."""
        return _COMPONENT.get(self)

    def __repr__(self) -> str:
        return f"Location.{self.name}"


_COMPONENT = {Location.THRUSTERS: Component.THRUSTERS, Location.GUNS: Component.GUNS,
              Location.GATE_CORE: Component.GATE_CORE}


_CONDITION_FIELD = {
    Component.THRUSTERS: "thrusters_condition",
    Component.GUNS: "guns_condition",
    Component.GATE_CORE: "gate_core_condition",
}


@dataclass(frozen=True)
class Ship:
    """A ship in an Upper Hand engagement, with its crew's bonuses and its damage.

    Args:
        name: what to call it.
        computer, guns, thrusters: component ranks; each limits the Impact of
            the Software, Gunnery and Pilot throws.
        has_gate_core: ships without one treat gate-core hits as Thrusters.
        players: ``True`` for the players' ship (crew hits hurt a PC),
            ``False`` for an NPC ship (crew hits may make it surrender).
        pcs: names of the PCs aboard (a crew hit picks one at random).
        software, pilot, gunnery: Skill Rank added to that throw by the crew
            member at that station (0 if nobody with the skill is there).
        boarders, agility: for the leaping goal, how many boarders will leap
            and the Agility each adds.
        thrusters_condition, guns_condition, gate_core_condition: damage so far.
        crew_hits: crew hits taken during this engagement.
    """

    name: str
    computer: int = 1
    guns: int = 1
    thrusters: int = 1
    has_gate_core: bool = True
    players: bool = False
    pcs: tuple[str, ...] = ()
    software: int = 0
    pilot: int = 0
    gunnery: int = 0
    boarders: int = 0
    agility: int = 0
    thrusters_condition: Condition = Condition.INTACT
    guns_condition: Condition = Condition.INTACT
    gate_core_condition: Condition = Condition.INTACT
    crew_hits: int = field(default=0)

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"'name' must be a non-empty string (got {describe(self.name)})", argument="name")
        for rank in ("computer", "guns", "thrusters"):
            check_int(rank, getattr(self, rank), low=0, high=MAX_RANK)
        for skill in ("software", "pilot", "gunnery", "agility"):
            check_int(skill, getattr(self, skill), low=0, high=MAX_SKILL)
        check_int("boarders", self.boarders, low=0, high=20)
        check_int("crew_hits", self.crew_hits, low=0, high=1000)
        check_bool("has_gate_core", self.has_gate_core)
        check_bool("players", self.players)
        if (isinstance(self.pcs, str) or not isinstance(self.pcs, (tuple, list))
                or not all(isinstance(p, str) and p for p in self.pcs)):
            raise RulesError(f"'pcs' must be a tuple of PC names (got {describe(self.pcs)})", argument="pcs")
        object.__setattr__(self, "pcs", tuple(self.pcs))
        for name in _CONDITION_FIELD.values():
            object.__setattr__(self, name, check_enum(name, getattr(self, name), Condition))
        if not self.has_gate_core and self.gate_core_condition is not Condition.INTACT:
            raise RulesError("'gate_core_condition' must be intact for a ship without a gate core "
                             f"(got {self.gate_core_condition.name.lower()})", argument="gate_core_condition")

    def __repr__(self) -> str:
        parts = [repr(self.name)]
        for f in self.__dataclass_fields__.values():
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            if value != f.default:
                shown = f"Condition.{value.name}" if isinstance(value, Condition) else repr(value)
                parts.append(f"{f.name}={shown}")
        return f"Ship({', '.join(parts)})"

    def condition(self, component: Component | str) -> Condition:
        """The condition of *component* (a ship without a gate core reports intact)."""
        component = check_enum("component", component, Component)
        return getattr(self, _CONDITION_FIELD[component])

    def rank(self, component: Component | str) -> int:
        """The rank that limits throws using *component* (gate cores have none: 0)."""
        component = check_enum("component", component, Component)
        return {Component.THRUSTERS: self.thrusters, Component.GUNS: self.guns}.get(component, 0)

    def hit(self, location: Location | str | int) -> Ship:
        """This ship after one point of damage lands on *location* (Damage).

        A first hit damages a component and a second disables it; further
        hits do nothing more (a ruling: the spare point is spent). A gate-core hit on
        a ship without one lands on the Thrusters. A crew hit only counts the
        hit; the crew result itself is handled by :func:`~voidref.upper_hand.damage.resolve_damage`.
        """
        location = check_enum("location", location, Location)
        if location is Location.CREW:
            if self.crew_hits >= 1000:
                return replace(self, crew_hits=self.crew_hits + 1)  # over the limit: replace raises
            return self.evolve_unchecked(crew_hits=self.crew_hits + 1)
        component = location.component
        if component is Component.GATE_CORE and not self.has_gate_core:
            component = Component.THRUSTERS
        assert component is not None  # only a crew hit has no component, handled above
        name = _CONDITION_FIELD[component]
        return self.evolve_unchecked(**{name: getattr(self, name).worse()})

    def evolve_unchecked(self, **changes) -> Ship:
        """A copy with some fields changed, skipping every check: only for changes already known to be valid.

        For engine code that builds ships by the rules' own steps: :meth:`hit`,
        and the exact chain (:mod:`~voidref.upper_hand.chain`), which builds
        thousands of damaged ships, where checking each again would cost
        more than the rest of the work. Anything else should use
        ``dataclasses.replace``, which checks the new values.

        >>> Ship("Kestrel").evolve_unchecked(crew_hits=2).crew_hits
        2
        """
        ship = object.__new__(Ship)
        ship.__dict__.update(self.__dict__)
        ship.__dict__.update(changes)
        return ship

    def with_condition(self, component: Component | str, condition: Condition | str) -> Ship:
        """This ship with *component* set to *condition* (for setting up examples)."""
        component = check_enum("component", component, Component)
        condition = check_enum("condition", condition, Condition)
        changes: dict[str, Any] = {_CONDITION_FIELD[component]: condition}
        return replace(self, **changes)
