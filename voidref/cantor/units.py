"""Weapons and the units they shoot at: the frozen values an attack is built from.

Sources: "How an attack resolves", "Damage, in detail", "What adds difficulty".
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from voidref.cantor.kinds import Condition, DamageType, Defense, Mount
from voidref.dice_notation import DiceNotation
from voidref.errors import RulesError, check_bool, check_enum, check_int, describe

__all__ = ["DamageRoll", "Weapon", "Target", "GRAPPLE"]

@dataclass(frozen=True, repr=False)
class DamageRoll(DiceNotation):
    """A weapon's damage dice: *count* dice of *sides* sides plus a flat *bonus*; a bare number is a flat amount.

    >>> DamageRoll.parse("2d6+1")
    DamageRoll(2, bonus=1)
    >>> str(DamageRoll(1, sides=6)), str(DamageRoll.parse("3"))
    ('1d6', '3')
    """

    ARGUMENT = "damage"
    COUNTS = (0, 12)
    SIDES = (1, 20)
    BONUSES = (-20, 50)
    BARE_NUMBER = True


@dataclass(frozen=True)
class Weapon:
    """One weapon line of a sheet.

    Args:
        name: what the sheet calls it.
        damage: the damage dice (a :class:`DamageRoll` or text such as ``"2d6"``).
        damage_type: kinetic, energy, sonic or tech (sets defense and fall-off).
        max_range: the farthest legal target, in spaces (melee weapons: 1).
        melee: a melee weapon never loses damage to range.
        min_range: ordnance Min Range N (0 for none).
        reliable: Reliable N (0 for none).
        armor_piercing: AP, Armor does not count.
        blast: Blast N (0 for none).
        burn: Burn added to the target on a hit.
        knockback: spaces a hit shoves the target.
        swarm: Swarm-tagged (can use the Swarm accuracy source).
        aimable: can be Aimed (line-shaped capital guns always can).
        mount: standard, line or broadside.
        sniper_dice: "+Nd6 vs a Locked target".
        on_hit: statuses every hit applies.
        rate_of_fire: shots allowed per turn.
        pure_control: a pure-control grapple: deals no damage at all.

    >>> Weapon("Rail", damage="2d6", damage_type="kinetic", max_range=10).optimal_range
    5
    """

    name: str
    _: KW_ONLY
    damage: DamageRoll
    damage_type: DamageType = DamageType.KINETIC
    max_range: int = 1
    melee: bool = False
    min_range: int = 0
    reliable: int = 0
    armor_piercing: bool = False
    blast: int = 0
    burn: int = 0
    knockback: int = 0
    swarm: bool = False
    aimable: bool = False
    mount: Mount = Mount.STANDARD
    sniper_dice: int = 0
    on_hit: tuple[Condition, ...] = ()
    rate_of_fire: int = 1
    pure_control: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError(f"'name' must be a non-empty string (got {describe(self.name)})", argument="name")
        object.__setattr__(self, "damage", DamageRoll.parse(self.damage))
        object.__setattr__(self, "damage_type", check_enum("damage_type", self.damage_type, DamageType))
        object.__setattr__(self, "mount", check_enum("mount", self.mount, Mount))
        check_int("max_range", self.max_range, low=1, high=100)
        check_bool("melee", self.melee)
        check_int("min_range", self.min_range, low=0, high=self.max_range)
        check_int("reliable", self.reliable, low=0, high=50)
        check_bool("armor_piercing", self.armor_piercing)
        check_int("blast", self.blast, low=0, high=10)
        check_int("burn", self.burn, low=0, high=50)
        check_int("knockback", self.knockback, low=0, high=20)
        check_bool("swarm", self.swarm)
        check_bool("aimable", self.aimable)
        check_int("sniper_dice", self.sniper_dice, low=0, high=6)
        if isinstance(self.on_hit, (str, Condition)) or not hasattr(self.on_hit, "__iter__"):
            raise RulesError(f"'on_hit' must be a list of conditions (got {describe(self.on_hit)})", argument="on_hit")
        object.__setattr__(self, "on_hit", tuple(check_enum("on_hit", c, Condition) for c in self.on_hit))
        check_int("rate_of_fire", self.rate_of_fire, low=1, high=10)
        check_bool("pure_control", self.pure_control)

    @property
    def optimal_range(self) -> int:
        """How far full damage reaches, half the maximum range rounded up (step 5, "Damage")."""
        return -(-self.max_range // 2)

    @property
    def can_aim(self) -> bool:
        """True for an Aimable weapon; line-shaped weapons qualify ("Aim")."""
        return self.aimable or self.mount is Mount.LINE

    @property
    def capital(self) -> bool:
        """True for a Line or Broadside capital gun ("Capital vs. fighter")."""
        return self.mount is not Mount.STANDARD

    @property
    def defense(self) -> Defense:
        """Tech and sonic attacks are rolled against E-Defense, everything else against Evasion (step 1)."""
        if self.damage_type in (DamageType.TECH, DamageType.SONIC):
            return Defense.E_DEFENSE
        return Defense.EVASION


GRAPPLE = Weapon("Grapple", damage=DamageRoll.parse("0"), damage_type=DamageType.KINETIC, max_range=1, melee=True,
                 pure_control=True)
"""The pure-control grapple, a melee attack that deals no damage (the one exception to the min-1 floor)."""


@dataclass(frozen=True)
class Target:
    """The defenses of the unit being shot, and the statuses that change the attack.

    Args:
        evasion: Evasion (against everything but tech and sonic).
        e_defense: E-Defense (against tech and sonic).
        armor: flat Armor.
        size: Size (1 or less counts as a fighter for capital guns); 0 is allowed.
        conditions: statuses it carries (Stunned, Prone, Invisible, Exposed, Shredded, Lock On...).
        braced: it took the Brace reaction against this attack.

    >>> Target(evasion=8, e_defense=8, armor=1, conditions=("prone",)).has(Condition.PRONE)
    True
    """

    evasion: int = 8
    e_defense: int = 8
    armor: int = 0
    size: int = 2
    conditions: frozenset[Condition] = field(default_factory=frozenset)
    braced: bool = False

    def __post_init__(self) -> None:
        check_int("evasion", self.evasion, low=0, high=30)
        check_int("e_defense", self.e_defense, low=0, high=30)
        check_int("armor", self.armor, low=0, high=20)
        check_int("size", self.size, low=0, high=10)
        if isinstance(self.conditions, (str, Condition)) or not hasattr(self.conditions, "__iter__"):
            raise RulesError(f"'conditions' must be a list of conditions (got {describe(self.conditions)})",
                             argument="conditions")
        object.__setattr__(
            self, "conditions", frozenset(check_enum("conditions", c, Condition) for c in self.conditions)
        )
        check_bool("braced", self.braced)

    def has(self, condition: Condition) -> bool:
        """True if the target carries *condition*."""
        return check_enum("condition", condition, Condition) in self.conditions

    def __repr__(self) -> str:
        conds = tuple(sorted(c.name.lower() for c in self.conditions))
        return (
            f"Target(evasion={self.evasion}, e_defense={self.e_defense}, armor={self.armor}, "
            f"size={self.size}, conditions={conds!r}, braced={self.braced})"
        )
