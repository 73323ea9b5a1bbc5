"""Personal attacks: the pool, the hit, the damage, and their exact odds.

Restates: "Attacking" (pool, difficulty, Defense, rolling), "Damage and
Wounds", "Cover" and the fight parts of "Gravity and Environment" of the Void
Drifters chapter.

Pool:

* Skill + characteristic: Unarmed and Melee with Might, Ranged with Agility.
* Difficulty by range band (ruling
  :data:`~voidref.drifters.rulings.RANGE_DIFFICULTY`); a ranged shot at
  Engaged adds 1 Bane Die; melee is Average.
* Past the weapon's range (only if the GM allows): 1 Bane Die per band.
* Defense: 1 Bane Die per point of Melee or Ranged Defense; cover adds to
  Ranged Defense (light 1, heavy 2), never to melee; Deflecting X adds X
  against its damage type. Default gear (gear Defense + Deflecting) gives at
  most 3; talent Defense and cover go on top, uncapped.
* Thrown weapons reach one band farther in microgravity and two bands
  shorter in High and Extreme gravity (:func:`~voidref.drifters.environment.thrown_range`).
* A Calamity on a physical attack (:meth:`Attack.physical`) in microgravity
  leaves the attacker Drifting (``AttackOdds.drifting``).

Damage: the weapon's Damage, +1 per net Success past the first, less
Resistance (Pierce ignores that much of it), never below 0. Stun weapons
deal Strain instead, except to a Minion or an Elite, who has no Strain
Points and takes it as Wounds.

>>> senna = Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2, armor_resistance=1)
>>> agent = Character("Agent A", agility=3, skills={"ranged": 2}, kind="elite",
...                   stated_wound_points=12, stated_resistance=2)
>>> sidearm = Weapon("Sidearm", damage=6, crit=3, range="medium")
>>> shot = Attack(agent, sidearm, senna, band="short", cover="light")
>>> shot.pool()
Pool(ability=1, mastery=2, trial=1, bane=1)
>>> shot.damage(net_successes=1).wounds
4
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from voidref.drifters import rulings
from voidref.drifters.characters import Character, RangeBand, Skill, Weapon
from voidref.drifters.conditions import Conditions
from voidref.drifters.dice import Pool
from voidref.drifters.environment import Gravity, calamity_sets_drifting, melee_bane_dice, thrown_range
from voidref.drifters.health import Health
from voidref.drifters.rulings import STANDARD, Rulings, check_rulings
from voidref.errors import RulesError, check_bool, check_enum, check_int
from voidref.exact import Dist
from voidref.kinds import Kind, dataclass_repr

__all__ = ["Cover", "Attack", "Damage", "AttackOdds"]


class Cover(enum.IntEnum):
    """Cover between the target and the attacker: points of Ranged Defense."""

    NONE = 0
    """No cover."""
    LIGHT = 1
    """Light cover such as crates, furniture or a doorframe, +1 Ranged Defense."""
    HEAVY = 2
    """Heavy cover such as pillars, vehicle hulls or bulkheads, +2 Ranged Defense."""

    __repr__ = Kind.__repr__  # Cover.LIGHT: the code that names the member


@dataclass(frozen=True)
class Damage:
    """What one hit does: the damage rolled up, and the Wounds or Strain it leaves."""

    damage: int
    resistance: int
    wounds: int
    strain: int


@dataclass(frozen=True)
class Attack:
    """One attack, described by who, with what, at whom, and in what situation.

    *conditions* are the attacker's (Disoriented adds a Bane Die). *boon_dice*
    and *bane_dice* are any extra dice the GM or an ally adds;
    *difficulty_upgrades* turn Trial Dice into Hazard Dice (the only dice
    with a Calamity face). *gear_cap*
    False says the target's gear is not default gear, so its Defense and
    Deflecting are not held to 3. *needs_footing* False says a melee or
    unarmed blow needs no planted power (or control), so low gravity adds no
    Bane Die to it, under the printed reading only
    (:attr:`~voidref.drifters.rulings.Rulings.low_gravity_bane_every_melee`).
    """

    attacker: Character
    weapon: Weapon
    target: Character
    band: RangeBand = RangeBand.SHORT
    cover: Cover = Cover.NONE
    gravity: Gravity = Gravity.STANDARD
    anchored: bool = False
    conditions: Conditions = field(default_factory=Conditions)
    boon_dice: int = 0
    bane_dice: int = 0
    past_range_allowed: bool = False
    gear_cap: bool = True
    difficulty_upgrades: int = 0
    needs_footing: bool = True
    rulings: Rulings = STANDARD

    def __repr__(self) -> str:
        return dataclass_repr(self, ("attacker", "weapon", "target"))

    def __post_init__(self) -> None:
        kinds = (("attacker", Character), ("target", Character), ("weapon", Weapon), ("conditions", Conditions))
        for name, kind in kinds:
            if not isinstance(getattr(self, name), kind):
                raise RulesError(argument=name, expected=f"a {kind.__name__}", received=getattr(self, name))
        object.__setattr__(self, "band", check_enum("band", self.band, RangeBand))
        object.__setattr__(self, "cover", check_enum("cover", self.cover, Cover))
        object.__setattr__(self, "gravity", check_enum("gravity", self.gravity, Gravity))
        for name in ("anchored", "past_range_allowed", "gear_cap", "needs_footing"):
            check_bool(name, getattr(self, name))
        check_int("boon_dice", self.boon_dice, low=0, high=10)
        check_int("bane_dice", self.bane_dice, low=0, high=10)
        check_int("difficulty_upgrades", self.difficulty_upgrades, low=0, high=10)
        check_rulings(self.rulings)
        if self.weapon.melee and self.band is not RangeBand.ENGAGED:
            raise RulesError(
                f"'band' must be engaged for a {self.weapon.skill.value} attack (got {self.band.name.lower()})",
                argument="band")
        reach = self.reach
        if reach is None:
            raise RulesError(f"'gravity' {self.gravity.value} leaves the thrown {self.weapon.name} no reach at all "
                             f"(listed range {self.weapon.range.name.lower()}, two bands shorter)", argument="gravity")
        if self.band > reach and not self.past_range_allowed:
            what = ("the weapon's range" if reach == self.weapon.range
                    else f"the weapon's thrown range in {self.gravity.value} gravity")
            raise RulesError(argument="band", received=self.band,
                             expected=f"within {what}, engaged to {reach.name.lower()}, unless the GM allows a "
                                      f"shot past it")

    @property
    def reach(self) -> RangeBand | None:
        """The farthest band the weapon attacks at here (its Range, shifted by gravity if thrown).

        ``None`` when a thrown weapon cannot reach even Engaged in this gravity.
        """
        if self.weapon.thrown:
            return thrown_range(self.weapon.range, self.gravity, rulings=self.rulings)
        return self.weapon.range

    def physical(self) -> bool:
        """Whether the attack is a physical action (a Calamity on it in microgravity sets Drifting).

        Melee, unarmed and thrown attacks are; firing a ranged weapon is only
        under :attr:`~voidref.drifters.rulings.Rulings.ranged_shot_is_physical`.
        """
        return self.weapon.melee or self.weapon.thrown or self.rulings.ranged_shot_is_physical

    # -- the pool ---------------------------------------------------------
    def bane_sources(self) -> tuple[tuple[str, int], ...]:
        """Every source of Bane Dice, named, in the order the rules list them."""
        w, t = self.weapon, self.target
        out: list[tuple[str, int]] = []
        if not w.melee and self.band is RangeBand.ENGAGED:
            out.append(("ranged shot at Engaged", rulings.ENGAGED_RANGED_BANE_DICE))
        reach = self.reach
        if reach is None:  # refused in __post_init__; checked again so the type is narrowed
            raise RulesError(f"'gravity' {self.gravity.value} leaves the thrown {self.weapon.name} no reach at all",
                             argument="gravity")
        if self.band > reach:
            out.append(("past the weapon's range", rulings.PAST_RANGE_BANE_DICE_PER_BAND * (self.band - reach)))
        gear_defense = t.melee_defense if w.melee else t.ranged_defense
        gear = gear_defense + t.deflecting.get(w.damage_type, 0)
        if self.gear_cap:
            gear = min(gear, rulings.DEFENSE_GEAR_CAP)
        if gear:
            out.append(("Defense and Deflecting from gear", gear))
        talent = t.talent_melee_defense if w.melee else t.talent_ranged_defense
        if talent:
            out.append(("Defense from talents", talent))
        if not w.melee and self.cover:
            out.append((f"{self.cover.name.lower()} cover", int(self.cover)))
        if w.melee:
            g = melee_bane_dice(self.gravity, self.anchored, unarmed=w.skill is Skill.UNARMED,
                                needs_footing=self.needs_footing, rulings=self.rulings)
            if g:
                out.append((f"{self.gravity.value} gravity", g))
        if self.conditions.bane_dice():
            out.append(("conditions", self.conditions.bane_dice()))
        if self.bane_dice:
            out.append(("other", self.bane_dice))
        return tuple(out)

    def difficulty(self) -> int:
        """Trial Dice: by range band for ranged attacks, Average for melee."""
        if self.weapon.melee:
            return rulings.MELEE_DIFFICULTY
        return rulings.RANGE_DIFFICULTY[self.band.name.lower()]

    def pool(self) -> Pool:
        """The dice rolled."""
        skill = self.weapon.skill
        pool = Pool.for_check(self.attacker.characteristic(skill.characteristic), self.attacker.skill(skill),
                              self.difficulty(), boon_dice=self.boon_dice)
        pool = pool.upgrade_difficulty(self.difficulty_upgrades)
        return pool.add("bane", sum(n for _, n in self.bane_sources()))

    # -- results ----------------------------------------------------------
    def damage(self, net_successes: int, extra: int = 0) -> Damage:
        """The damage of a hit with *net_successes* (at least 1) and *extra* damage.

        A Stun hit is Strain, but a target with no Strain Points (a Minion or
        an Elite) takes it as Wounds, so its Wounds say what it suffers:

        >>> baton = Weapon("Stun baton", damage=5, crit=4, skill="melee", stun=True)
        >>> thug = Character("Thug", kind="minion", stated_wound_points=5, stated_resistance=1)
        >>> pc = Character("Davan", might=2)
        >>> Attack(pc, baton, thug, band="engaged").damage(1)
        Damage(damage=5, resistance=1, wounds=4, strain=0)
        >>> Attack(thug, baton, pc, band="engaged").damage(1)
        Damage(damage=5, resistance=1, wounds=0, strain=4)
        """
        check_int("net_successes", net_successes, low=1, high=100)
        check_int("extra", extra, low=0, high=100)
        raw = self.weapon.damage + (net_successes - 1) + extra
        resistance = max(0, self.target.resistance - self.weapon.pierce)
        if self.weapon.stun and not self.rulings.stun_subtracts_resistance:
            resistance = 0
        left = max(0, raw - resistance)
        if self.weapon.stun and self.target.strain_points is not None:
            return Damage(raw, resistance, 0, left)
        return Damage(raw, resistance, left, 0)  # a Minion or Elite takes a Stun hit's Strain as Wounds

    def odds(self, health: Health | None = None) -> AttackOdds:
        """The exact odds of this attack against the target's current *health*."""
        if health is None:
            health = Health.of(self.target)
        if not isinstance(health, Health):
            raise RulesError(argument="health", expected="a Health value", received=health)
        pool = self.pool()
        crit = self.weapon.crit
        already_down = health.incapacitated

        # The hit, its damage and the Critical Injury read net Successes, and
        # net Boons and Breakthroughs only as "Crit rating reached or a
        # Breakthrough": ask the pool for those parts alone, then fold to
        # (net Successes on a hit, else 0; Critical Injury rolled).
        rolled = pool.reduced(successes=True, boons=True, breakthroughs=True).map(
            lambda o: (max(o.successes, 0), o.boons >= crit or o.breakthroughs >= 1))
        # Drifting needs only "at least one Calamity", which nothing else reads.
        a_calamity_sets_drifting = calamity_sets_drifting(self.gravity, 1, self.physical())
        drifting = pool.chance_of_calamity() if a_calamity_sets_drifting else Fraction(0)

        def summarise(o: tuple[int, bool]) -> tuple[bool, int, int, bool, bool]:
            successes, crit_rolled = o
            if successes < 1:
                return (False, 0, 0, crit_rolled and not rulings.CRITICAL_INJURY_NEEDS_A_HIT, already_down)
            d = self.damage(successes)
            after = health.suffer_wounds(d.wounds).suffer_strain(d.strain)
            return (True, d.wounds, d.strain, already_down or crit_rolled, after.incapacitated)

        summary = rolled.map(summarise)
        return AttackOdds(
            pool=pool,
            harm=summary.map(lambda s: (s[1], s[2])),
            hit=summary.prob(lambda s: s[0]),
            wounds=summary.map(lambda s: s[1]),
            strain=summary.map(lambda s: s[2]),
            critical_injury=summary.prob(lambda s: s[3]),
            incapacitated=summary.prob(lambda s: s[4]),
            drifting=drifting,
        )


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of one attack.

    *harm* is the joint distribution of (Wounds, Strain) the target suffers;
    *wounds* and *strain* are its two sides (0 on a miss). *critical_injury* is the chance that a Critical Injury is
    available (a hit with Boons at least the Crit rating or a Breakthrough,
    or any hit on a target already incapacitated). *incapacitated* is the
    chance the target is out of the fight after the attack. *drifting* is
    the chance the attacker is left Drifting (a Calamity on a physical attack
    in microgravity).
    """

    pool: Pool
    harm: Dist
    hit: Fraction
    wounds: Dist
    strain: Dist
    critical_injury: Fraction
    incapacitated: Fraction
    drifting: Fraction = Fraction(0)

    @property
    def expected_wounds(self) -> Fraction:
        """The mean Wounds inflicted (misses count as 0)."""
        return self.wounds.mean()
