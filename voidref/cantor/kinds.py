"""Closed sets of the Cantor tactics rules: defenses, damage types, arcs, cover, mounts, conditions.

Every member carries a docstring naming what it stands for on the board (see
:class:`voidref.kinds.Kind`). Functions that take one of these also accept the
member's name as a string (``"kinetic"``, ``"rear"``), as :meth:`Kind.parse
<voidref.kinds.Kind.parse>` does.
"""

from __future__ import annotations

from voidref.kinds import Kind

__all__ = [
    "Defense",
    "DamageType",
    "Arc",
    "Cover",
    "Mount",
    "Keep",
    "Condition",
    "StoneFracture",
    "ActionKind",
]


class Defense(Kind):
    """Which defense an attack is rolled against (step 1 of an attack, "Defense")."""

    EVASION = ("evasion", "The default defense: every attack that is not tech or sonic.")
    E_DEFENSE = ("e-defense", "Electronic defense: tech attacks and sonic damage are rolled against it.")


class DamageType(Kind):
    """The kind of damage a weapon deals; it sets the defense and the fall-off (step 5)."""

    KINETIC = ("kinetic", "Solid shot: loses 2 past optimal range.")
    ENERGY = ("energy", "Beams and plasma: loses 1 past optimal range.")
    SONIC = ("sonic", "Sound weapons: loses 1 past optimal range and is rolled against E-Defense.")
    TECH = ("tech", "Electronic attack: rolled against E-Defense; no fall-off (a ruling).")


class Arc(Kind):
    """One of a unit's three facing arcs."""

    FRONT = ("front", "Ahead of the unit; the only arc Brace protects.")
    SIDE = ("side", "Either flank.")
    REAR = ("rear", "Behind the unit.")


class Cover(Kind):
    """Cover between the shooter and the target (a difficulty source)."""

    NONE = ("none", "A clear line: no difficulty.")
    SOFT = ("soft", "Soft cover: +1 difficulty.")
    HARD = ("hard", "Hard cover: +2 difficulty.")


class Mount(Kind):
    """How a weapon is carried; capital mounts change facing and target-size rules."""

    STANDARD = ("standard", "An ordinary weapon: fires best out of the front arc.")
    LINE = ("line", "A capital line gun: line-shaped, so it can be aimed; +2 difficulty against Size 1 or smaller.")
    BROADSIDE = ("broadside", "A capital broadside: fires clean off either flank, +3 through bow or stern; "
                              "+2 difficulty against Size 1 or smaller.")


class Keep(Kind):
    """Which single die of an attack roll counts."""

    HIGHEST = ("highest", "Keep the highest die (accuracy ahead, or level).")
    LOWEST = ("lowest", "Keep the lowest die (difficulty ahead; a ruling).")


class Condition(Kind):
    """Statuses that change how an attack resolves, and the on-hit riders a weapon can carry."""

    IMPAIRED = ("impaired", "The unit's attack totals are 2 lower.")
    EXPOSED = ("exposed", "Damage against the unit is doubled (before Armor).")
    SLOWED = ("slowed", "The unit moves less; forced movement ignores it.")
    SHREDDED = ("shredded", "The unit's Armor does not count.")
    STUNNED = ("stunned", "The unit's Evasion counts as at most 5.")
    IMMOBILIZED = ("immobilized", "The unit cannot move by itself.")
    JAMMED = ("jammed", "The unit's systems are jammed.")
    LOCK_ON = ("lock on", "The next in-range attack on the unit gets +1 accuracy die.")
    OFF_BALANCE = ("off-balance", "The unit is off balance.")
    PRONE = ("prone", "Attacks on the unit get +1 accuracy die.")
    INVISIBLE = ("invisible", "Any attack on the unit first misses half the time.")
    STRESSED_OUT = ("stressed out", "A Cantor with no Stress left.")


class StoneFracture(Kind):
    """The seven Stone Fractures (they manifest after an Overcharge and clear with a Bond Move)."""

    GRANITE_LOCK = ("Granite Lock", "Stone Fracture: Granite Lock.")
    CARNELIAN_DRAG = ("Carnelian Drag", "Stone Fracture: Carnelian Drag.")
    PYRITE_SPUTTER = ("Pyrite Sputter", "Stone Fracture: Pyrite Sputter.")
    MALACHITE_CLOSED_AIR = ("Malachite Closed Air", "Stone Fracture: Malachite Closed Air.")
    LAPIS_DISTORTION = ("Lapis Distortion", "Stone Fracture: Lapis Distortion (may use Stealth).")
    OBSIDIAN_GLAMOUR = ("Obsidian Glamour", "Stone Fracture: Obsidian Glamour (may use Stealth).")
    QUARTZ_SILENCE = ("Quartz Silence", "Stone Fracture: Quartz Silence.")


class ActionKind(Kind):
    """The slots of a Cantor turn ("Your turn")."""

    MOVE = ("move", "One per turn.")
    QUICK = ("quick", "Two per turn, or none if a Full action is taken.")
    FULL = ("full", "One per turn in place of both Quick actions.")
    FREE = ("free", "Unlimited.")
    REACTION = ("reaction", "One per turn, taken off-turn in response.")
    WHOLE_TURN = ("whole turn", "The Bond Move: the entire activation, Move included.")
