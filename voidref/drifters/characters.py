"""Characters, adversaries and personal weapons.

Restates: "Wounds, Strain, and Incapacitation", "Damage and Wounds" and the
cast of "Worked Example: The Docking Bay Fight" of the Void Drifters chapter.

* Wound Points: 10 + Might. Strain Points: 10 + Willpower.
* Resistance: half Might rounded up, plus armor's Resistance bonus (at most +3).
* Minions and Elites have no Strain Points: Strain they would take becomes Wounds.

>>> senna = Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2,
...                   skills={"perception": 2}, armor_resistance=1)
>>> senna.wound_points, senna.strain_points, senna.resistance
(12, 12, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field

from voidref import kinds
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe

__all__ = ["Characteristic", "Skill", "Kind", "RangeBand", "Character", "Weapon", "unarmed"]

MAX_CHARACTERISTIC = 10
MAX_SKILL = 10
ARMOR_RESISTANCE_CAP = 3


class Characteristic(enum.Enum):
    """The characteristics the combat chapter names."""

    MIGHT = "might"
    """Strength and toughness, for melee, unarmed, Wound Points, Resistance."""
    AGILITY = "agility"
    """Speed and aim, for ranged attacks, Gunnery, piloting."""
    INTELLECT = "intellect"
    """Knowledge and reasoning, for Craft, Electronics, Medicine."""
    SAVVY = "savvy"
    """Awareness and wits, for Perception."""
    WILLPOWER = "willpower"
    """Resolve, for Readiness and Strain Points."""

    __repr__ = kinds.Kind.__repr__  # Characteristic.MIGHT: the code that names the member


class Skill(enum.Enum):
    """Skills the combat chapter uses, each with the characteristic it pairs with."""

    UNARMED = "unarmed"
    """Fighting without a weapon (Might)."""
    MELEE = "melee"
    """Fighting with a hand weapon (Might)."""
    RANGED = "ranged"
    """Shooting personal weapons (Agility)."""
    GUNNERY = "gunnery"
    """Firing ship and vehicle weapons (Agility)."""
    PERCEPTION = "perception"
    """Noticing things; Initiative when prepared (Savvy)."""
    READINESS = "readiness"
    """Reacting fast; Initiative when surprised (Willpower)."""
    ATHLETICS = "athletics"
    """Climbing, jumping, recovering from a drift (Might)."""
    PILOT = "pilot"
    """Flying ships (Agility)."""
    CRAFT = "craft"
    """Building and repairing (Intellect)."""
    ELECTRONICS = "electronics"
    """Computers, sensors and comms (Intellect)."""
    MEDICINE = "medicine"
    """Field treatment and medical care (Intellect)."""

    __repr__ = kinds.Kind.__repr__  # Skill.RANGED: the code that names the member

    @property
    def characteristic(self) -> Characteristic:
        """The characteristic this skill is rolled with."""
        return _SKILL_CHARACTERISTIC[self]


_SKILL_CHARACTERISTIC = {
    Skill.UNARMED: Characteristic.MIGHT, Skill.MELEE: Characteristic.MIGHT,
    Skill.RANGED: Characteristic.AGILITY, Skill.GUNNERY: Characteristic.AGILITY,
    Skill.PERCEPTION: Characteristic.SAVVY, Skill.READINESS: Characteristic.WILLPOWER,
    Skill.ATHLETICS: Characteristic.MIGHT, Skill.PILOT: Characteristic.AGILITY,
    Skill.CRAFT: Characteristic.INTELLECT, Skill.ELECTRONICS: Characteristic.INTELLECT,
    Skill.MEDICINE: Characteristic.INTELLECT,
}


class Kind(enum.Enum):
    """What sort of combatant: player characters and named characters, or adversaries."""

    CHARACTER = "character"
    """Has Strain Points, tracked apart from Wounds."""
    MINION = "minion"
    """An unnamed adversary with no Strain Points, so Strain becomes Wounds."""
    ELITE = "elite"
    """A tougher unnamed adversary, also without Strain Points, so Strain becomes Wounds."""

    __repr__ = kinds.Kind.__repr__  # Kind.MINION: the code that names the member


class RangeBand(enum.IntEnum):
    """Personal range bands, nearest first."""

    ENGAGED = 0
    """Close enough to touch or strike."""
    SHORT = 1
    """A few steps to across a room."""
    MEDIUM = 2
    """Across a docking bay."""
    LONG = 3
    """Across a hangar or a street."""
    EXTREME = 4
    """The farthest a personal weapon can reach."""

    __repr__ = kinds.Kind.__repr__  # RangeBand.LONG: the code that names the member


@dataclass(frozen=True)
class Character:
    """A combatant's stat block. Skills absent from *skills* are rank 0 (untrained).

    *wound_points*, *strain_points* and *resistance* are derived from the
    characteristics unless a stat block states them (adversaries often do).

    Defense comes in two parts: *melee_defense* and *ranged_defense* are what
    armor and other gear give (with Deflecting, at most 3 Bane Dice against
    one attack with default gear); *talent_melee_defense* and
    *talent_ranged_defense* come from talents and have no cap.
    """

    name: str
    might: int = 1
    agility: int = 1
    intellect: int = 1
    savvy: int = 1
    willpower: int = 1
    skills: Mapping[Skill, int] = field(default_factory=dict)
    armor_resistance: int = 0
    melee_defense: int = 0
    ranged_defense: int = 0
    deflecting: Mapping[str, int] = field(default_factory=dict)
    kind: Kind = Kind.CHARACTER
    stated_wound_points: int | None = None
    stated_resistance: int | None = None
    talent_melee_defense: int = 0
    talent_ranged_defense: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError(f"'name' must be a non-empty text (got {describe(self.name)})", argument="name")
        for c in Characteristic:
            check_int(c.value, getattr(self, c.value), low=1, high=MAX_CHARACTERISTIC)
        if not isinstance(self.skills, Mapping):
            raise RulesError(f"'skills' must map skill names to ranks (got {describe(self.skills)})", argument="skills")
        skills = {}
        for key, rank in self.skills.items():
            skill = check_enum("skills", key, Skill)
            skills[skill] = check_int(f"skills[{skill.value}]", rank, low=0, high=MAX_SKILL)
        object.__setattr__(self, "skills", _FrozenMap(skills))
        check_int("armor_resistance", self.armor_resistance, low=0, high=ARMOR_RESISTANCE_CAP)
        check_int("melee_defense", self.melee_defense, low=0, high=10)
        check_int("ranged_defense", self.ranged_defense, low=0, high=10)
        check_int("talent_melee_defense", self.talent_melee_defense, low=0, high=10)
        check_int("talent_ranged_defense", self.talent_ranged_defense, low=0, high=10)
        if not isinstance(self.deflecting, Mapping):
            raise RulesError(f"'deflecting' must map damage types to ratings (got {describe(self.deflecting)})",
                             argument="deflecting")
        object.__setattr__(self, "deflecting", _FrozenMap(
            {str(t).lower(): check_int(f"deflecting[{t}]", x, low=0, high=10) for t, x in self.deflecting.items()}))
        object.__setattr__(self, "kind", check_enum("kind", self.kind, Kind))
        if self.stated_wound_points is not None:
            check_int("stated_wound_points", self.stated_wound_points, low=1, high=100)
        if self.stated_resistance is not None:
            check_int("stated_resistance", self.stated_resistance, low=0, high=20)

    def __repr__(self) -> str:
        parts = [repr(self.name)]
        for c in Characteristic:
            if getattr(self, c.value) != 1:
                parts.append(f"{c.value}={getattr(self, c.value)}")
        if self.skills:
            parts.append("skills={" + ", ".join(f"{s.value!r}: {r}" for s, r in self.skills.items()) + "}")
        for name in ("armor_resistance", "melee_defense", "ranged_defense"):
            if getattr(self, name):
                parts.append(f"{name}={getattr(self, name)}")
        if self.deflecting:
            parts.append(f"deflecting={dict(self.deflecting)!r}")
        if self.kind is not Kind.CHARACTER:
            parts.append(f"kind={self.kind.value!r}")
        for name in ("stated_wound_points", "stated_resistance"):
            if getattr(self, name) is not None:
                parts.append(f"{name}={getattr(self, name)}")
        for name in ("talent_melee_defense", "talent_ranged_defense"):
            if getattr(self, name):
                parts.append(f"{name}={getattr(self, name)}")
        return f"Character({', '.join(parts)})"

    def characteristic(self, which: Characteristic | str) -> int:
        """The value of a characteristic."""
        return getattr(self, check_enum("characteristic", which, Characteristic).value)

    def skill(self, which: Skill | str) -> int:
        """The rank in a skill (0 when untrained)."""
        return self.skills.get(check_enum("skill", which, Skill), 0)

    def defense(self, melee: bool) -> int:
        """Melee or Ranged Defense in all, gear and talents together (cover not included)."""
        check_bool("melee", melee)
        if melee:
            return self.melee_defense + self.talent_melee_defense
        return self.ranged_defense + self.talent_ranged_defense

    @property
    def wound_points(self) -> int:
        """10 + Might, unless the stat block states another figure."""
        return self.stated_wound_points if self.stated_wound_points is not None else 10 + self.might

    @property
    def strain_points(self) -> int | None:
        """10 + Willpower; ``None`` for Minions and Elites, who have none."""
        return None if self.kind is not Kind.CHARACTER else 10 + self.willpower

    @property
    def resistance(self) -> int:
        """Half Might rounded up, plus armor (capped at +3), unless stated."""
        if self.stated_resistance is not None:
            return self.stated_resistance
        return -(-self.might // 2) + self.armor_resistance


class _FrozenMap(dict):
    """A dict that refuses changes, so a frozen Character stays frozen (and hashable)."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("this mapping is frozen; use dataclasses.replace on the owner")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted((str(k), v) for k, v in self.items())))


@dataclass(frozen=True)
class Weapon:
    """A personal weapon's profile.

    *range* is the farthest band it attacks at. *damage_type* is free text
    because the damage Types live in the gear chapter we do not have; it only
    matters for matching a target's Deflecting.
    """

    name: str
    _: KW_ONLY
    damage: int
    crit: int
    range: RangeBand = RangeBand.ENGAGED
    skill: Skill = Skill.RANGED
    pierce: int = 0
    damage_type: str = "kinetic"
    stun: bool = False
    thrown: bool = False

    def __repr__(self) -> str:
        return kinds.dataclass_repr(self)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError(f"'name' must be a non-empty text (got {describe(self.name)})", argument="name")
        check_int("damage", self.damage, low=0, high=50)
        check_int("crit", self.crit, low=1, high=10)
        object.__setattr__(self, "range", check_enum("range", self.range, RangeBand))
        skill = check_enum("skill", self.skill, Skill)
        if skill not in (Skill.UNARMED, Skill.MELEE, Skill.RANGED, Skill.GUNNERY):
            raise RulesError(f"'skill' must be one of unarmed, melee, ranged, gunnery (got {describe(self.skill)})",
                             argument="skill")
        object.__setattr__(self, "skill", skill)
        check_int("pierce", self.pierce, low=0, high=20)
        if not isinstance(self.damage_type, str) or not self.damage_type.strip():
            raise RulesError(argument="damage_type", expected="a non-empty text such as 'kinetic'",
                             received=self.damage_type)
        object.__setattr__(self, "damage_type", self.damage_type.lower())
        check_bool("stun", self.stun)
        check_bool("thrown", self.thrown)

    @property
    def melee(self) -> bool:
        """True for melee and unarmed attacks (they need Engaged)."""
        return self.skill in (Skill.MELEE, Skill.UNARMED)


def unarmed(character: Character) -> Weapon:
    """The unarmed attack: Damage equal to Might, Crit 5, Engaged only."""
    if not isinstance(character, Character):
        raise RulesError(argument="character", expected="a Character", received=character)
    return Weapon("Unarmed", damage=character.might, crit=5, range=RangeBand.ENGAGED, skill=Skill.UNARMED)
