"""Weapons: categories, reach by distance, damage rolls, shots and recoil.

Source: "Fighting", *Weapons* (and *Attack* / *Counterattack* for multi-shot
and firing limits). A weapon is a brawling, a fencing or a shooting weapon. The
first two are for Near targets alone; guns also reach Far (and Near: ruling
:attr:`~voidref.twodice.rulings.Rulings.shooting_reaches_near`). Damage is a number of
dice plus or minus a flat modifier, written like ``2D-3``. Shooting weapons hold
a number of shots and need a move to reload. The weapon tables themselves are in
a *Hardware* chapter we do not have, so every figure is an argument.

>>> KNIFE  # doctest: +NORMALIZE_WHITESPACE
Weapon(name='knife', category=WeaponCategory.FENCING, damage=DamageRoll(2, bonus=-3),
       firing_limit=1, recoil=0, capacity=None)
>>> KNIFE.reaches(Distance.FAR)
False
>>> DamageRoll.parse("2D+4")
DamageRoll(2, bonus=4)
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from voidref.dice_notation import DiceNotation
from voidref.errors import RulesError, check_enum, check_int, describe
from voidref.kinds import Kind
from voidref.twodice.rulings import KNIFE_IS_FENCING, STANDARD, UNARMED_DICE, UNARMED_MODIFIER, Rulings, check_rulings

__all__ = [
    "Distance",
    "WeaponCategory",
    "DamageRoll",
    "Weapon",
    "UNARMED",
    "KNIFE",
    "MAX_DAMAGE_DICE",
    "DAMAGE_MODIFIER_RANGE",
]

#: Most damage dice accepted (a cap so exact odds stay quick to compute).
MAX_DAMAGE_DICE = 8
#: Accepted flat damage modifiers.
DAMAGE_MODIFIER_RANGE = (-48, 30)


class Distance(Kind):
    """How far apart two fighters are (source: *Attack*, *Weapons*)."""

    NEAR = "near"
    """Close enough for brawling and fencing weapons."""
    FAR = "far"
    """Only shooting weapons reach this far."""


class WeaponCategory(Kind):
    """The three kinds of weapon (source: *Weapons*)."""

    BRAWLING = "brawling"
    """Fists, clubs and the like; Near only, each attack spends END."""
    FENCING = "fencing"
    """Blades; Near only, each attack spends END."""
    SHOOTING = "shooting"
    """Guns; they reach Far, hold a number of shots and may fire bursts."""

    @property
    def uses_end(self) -> bool:
        """Brawling and fencing attacks and counterattacks spend END."""
        return self is not WeaponCategory.SHOOTING


@dataclass(frozen=True, repr=False)
class DamageRoll(DiceNotation):
    """A weapon's damage: *count* six-sided dice plus a flat *bonus* (the source's modifier), written ``2D-3``.

    Source: *Weapons* (damage is dice with modifiers) and *Armor* (how positive
    and negative modifiers meet armor saves). The dice are not summed: each die
    is one damage item (:func:`~voidref.twodice.damage.damage_items`).

    >>> str(DamageRoll(2, bonus=-3))
    '2D-3'
    >>> DamageRoll.parse("3d")
    DamageRoll(3)
    >>> DamageRoll.parse("two dice")
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'damage' must look like 2D, 2D+4 or 2D-3 (got 'two dice')
    """

    ARGUMENT = "damage"
    EXAMPLES = "2D, 2D+4 or 2D-3"
    COUNTS = (1, MAX_DAMAGE_DICE)
    SIDES = (6, 6)
    BONUSES = DAMAGE_MODIFIER_RANGE
    SIDES_WRITTEN = False


@dataclass(frozen=True)
class Weapon:
    """One weapon's fighting figures (source: *Weapons*; firing limits from *Counterattack*).

    Args:
        name: what the weapon is called.
        category: brawling, fencing or shooting (an enum member or its name).
        damage: a :class:`~voidref.twodice.weapons.DamageRoll` or text such as ``"2D-3"``.
        firing_limit: most shots in one burst, and so most counter shots
            against a burst (revolver 1, autopistol 2, battle rifle 3 in the
            source's examples). Always 1 for brawling and fencing weapons.
        recoil: accuracy penalty on every shot of a burst (0 to 10).
        capacity: shots held when loaded; shooting weapons only.

    Raises:
        voidref.errors.RulesError: naming the argument that breaks these limits.
    """

    name: str
    _: KW_ONLY
    category: WeaponCategory
    damage: DamageRoll
    firing_limit: int = 1
    recoil: int = 0
    capacity: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError(f"'name' must be a non-empty string (got {describe(self.name)})", argument="name")
        object.__setattr__(self, "category", check_enum("category", self.category, WeaponCategory))
        if isinstance(self.damage, str):
            object.__setattr__(self, "damage", DamageRoll.parse(self.damage))
        elif not isinstance(self.damage, DamageRoll):
            raise RulesError(f"'damage' must be a DamageRoll or text like '2D-3' (got {describe(self.damage)})",
                             argument="damage")
        if self.category is WeaponCategory.SHOOTING:
            check_int("firing_limit", self.firing_limit, 1, 10)
            check_int("recoil", self.recoil, 0, 10)
            capacity = check_int("capacity", self.capacity, 1, 200)
            if capacity < self.firing_limit:
                raise RulesError(
                    f"'capacity' must be at least the firing limit {self.firing_limit} (got {self.capacity})",
                    argument="capacity"
                )
        else:
            check_int("firing_limit", self.firing_limit, 1, 1)
            check_int("recoil", self.recoil, 0, 0)
            if self.capacity is not None:
                raise RulesError(f"'capacity' must be None for a {self.category.value} weapon"
                                 f" (got {describe(self.capacity)})",
                                 argument="capacity")

    def reaches(self, distance: Distance | str, *, rulings: Rulings = STANDARD) -> bool:
        """Whether the weapon can attack or counterattack at *distance* (source: *Weapons*).

        Brawling and fencing: Near only. Shooting: Near and Far (ruling
        :attr:`~voidref.twodice.rulings.Rulings.shooting_reaches_near`).
        """
        distance = check_enum("distance", distance, Distance)
        if self.category is WeaponCategory.SHOOTING:
            return distance is Distance.FAR or check_rulings(rulings).shooting_reaches_near
        return distance is Distance.NEAR

    def burst_modifier(self, shots: int) -> int:
        """The accuracy modifier on each of *shots* fired as one move (source: *Attack*).

        A lone shot has none; every shot of a burst takes the full recoil
        (ruling ``twodice-recoil``).
        """
        check_int("shots", shots, 1, self.firing_limit)
        return -self.recoil if shots > 1 else 0


#: Fighting without a weapon, as a brawling "weapon" of 1D (ruling ``twodice-unarmed-damage``).
UNARMED = Weapon(
    "unarmed", category=WeaponCategory.BRAWLING, damage=DamageRoll(UNARMED_DICE, bonus=UNARMED_MODIFIER)
)

#: The source's knife, 2D-3; filed as fencing (ruling ``twodice-knife-category``).
KNIFE = Weapon(
    "knife",
    category=WeaponCategory.FENCING if KNIFE_IS_FENCING else WeaponCategory.BRAWLING,
    damage=DamageRoll(2, bonus=-3),
)
