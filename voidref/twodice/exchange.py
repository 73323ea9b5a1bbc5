"""Exchanges: an attack and the answer to it, shot by shot.

Source: "Fighting", *Attack, Counterattack & Defense*.

* Attacker and defender each roll 2D + ability + skill
  (:class:`~voidref.twodice.dice.FightingRoll`).
* **Counterattack:** the higher total hits the lower with its own weapon; equal
  totals hit both (:attr:`~voidref.twodice.rulings.Rulings.counter_ties_hit_both_ways`).
* **Defense:** the attacker must beat the defense total; a tie is the
  defender's, and a defense never hurts the attacker (ruling
  ``twodice-defense-no-damage``).
* Whether, and how many times, a defender can counterattack is
  :func:`counter_limit`: awareness, the weapon's reach at this distance, its
  firing limit, rounds loaded and END.
* A burst is one test per shot with recoil on each. Counter shots pair with
  incoming shots in order; spare incoming shots meet defense rolls; spare
  counter shots are attacks the first attacker may only defend against (ruling
  ``twodice-shot-pairing``).

>>> from voidref.twodice import FightingRoll
>>> counterattack_odds(FightingRoll(3, 1), FightingRoll(3, 1))[Outcome.BOTH_HIT]
Fraction(73, 648)
>>> opposed(TestKind.DEFENSE, 9, 9)
Outcome.NO_HIT
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from voidref.errors import RulesError, check_bool, check_enum, check_int, check_rng, describe
from voidref.exact import Dist
from voidref.kinds import Kind
from voidref.twodice.armor import ArmorClass
from voidref.twodice.damage import hit_damage_dist
from voidref.twodice.dice import FightingRoll, _roll_2d, dice_sum
from voidref.twodice.rulings import END_POINT_PER_MELEE_ATTACK, ONE_ROUND_PER_SHOT, STANDARD, Rulings, check_rulings
from voidref.twodice.weapons import UNARMED, Distance, Weapon, WeaponCategory

__all__ = [
    "Outcome",
    "TestKind",
    "opposed",
    "counterattack_odds",
    "defense_odds",
    "counter_limit",
    "Combatant",
    "Exchange",
    "TestResult",
    "ExchangeResult",
]


class Outcome(Kind):
    """Who takes a hit from one test (attacker and defender as in the exchange)."""

    DEFENDER_HIT = "defender hit"
    """The defender is hit by the attacker's weapon."""
    ATTACKER_HIT = "attacker hit"
    """The attacker is hit by the defender's weapon (a counterattack won)."""
    BOTH_HIT = "both hit"
    """A counterattack tie; each is hit by the other's weapon."""
    NO_HIT = "no hit"
    """Nobody is hit (a defense roll held)."""


class TestKind(Kind):
    """What one shot or blow in an exchange is set against."""

    __test__ = False  # not a pytest test class

    COUNTERATTACK = "counterattack"
    """An attacker's shot against a counter shot; highest wins, ties hit both."""
    DEFENSE = "defense"
    """An attacker's shot against the defender's defense roll; ties hold."""
    FORCED_DEFENSE = "forced defense"
    """A spare counter shot against the first attacker's defense roll; ties hold."""
    UNAWARE = "unaware"
    """An attacker's shot at a target that does not know of it, which hits."""


_HITS = {
    Outcome.DEFENDER_HIT: (1, 0),
    Outcome.ATTACKER_HIT: (0, 1),
    Outcome.BOTH_HIT: (1, 1),
    Outcome.NO_HIT: (0, 0),
}


def opposed(kind: TestKind | str, attacker_total: int | None, defender_total: int | None, *,
            rulings: Rulings = STANDARD) -> Outcome:
    """Who is hit, given the kind of test and the two totals (source: *Counterattack*, *Defense*).

    For :attr:`TestKind.UNAWARE` the totals are ignored (pass ``None``).

    >>> opposed("counterattack", 10, 10)
    Outcome.BOTH_HIT
    >>> opposed("forced defense", 8, 9)
    Outcome.ATTACKER_HIT
    """
    kind = check_enum("kind", kind, TestKind)
    check_rulings(rulings)
    if kind is TestKind.UNAWARE:
        return Outcome.DEFENDER_HIT if rulings.unaware_target_is_hit else Outcome.NO_HIT
    a = check_int("attacker_total", attacker_total, -100, 100)
    d = check_int("defender_total", defender_total, -100, 100)
    if kind is TestKind.COUNTERATTACK:
        if a == d:
            return Outcome.BOTH_HIT if rulings.counter_ties_hit_both_ways else Outcome.NO_HIT
        return Outcome.DEFENDER_HIT if a > d else Outcome.ATTACKER_HIT
    if kind is TestKind.DEFENSE:
        return Outcome.DEFENDER_HIT if a > d else Outcome.NO_HIT
    return Outcome.ATTACKER_HIT if d > a else Outcome.NO_HIT


def _test_dist(kind: TestKind, attacker: FightingRoll | None, defender: FightingRoll | None,
               rulings: Rulings = STANDARD) -> Dist:
    if kind is TestKind.UNAWARE or attacker is None or defender is None:
        return Dist.always(opposed(kind, None, None, rulings=rulings))
    return attacker.dist().combine(defender.dist(), lambda a, d: opposed(kind, a, d, rulings=rulings))


def _check_roll(name: str, roll: Any) -> FightingRoll:
    if not isinstance(roll, FightingRoll):
        raise RulesError(f"{name!r} must be a FightingRoll (got {describe(roll)})", argument=name)
    return roll


def counterattack_odds(attack: FightingRoll, counter: FightingRoll, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact chances of each :class:`Outcome` when *attack* meets *counter* (source: *Counterattack*).

    >>> counterattack_odds(FightingRoll(2), FightingRoll(2))[Outcome.DEFENDER_HIT]
    Fraction(575, 1296)
    """
    return _test_dist(TestKind.COUNTERATTACK, _check_roll("attack", attack), _check_roll("counter", counter),
                      check_rulings(rulings))


def defense_odds(attack: FightingRoll, defense: FightingRoll, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact chances of each :class:`Outcome` when *attack* meets a *defense* roll (source: *Defense*).

    >>> defense_odds(FightingRoll(2), FightingRoll(2))[Outcome.DEFENDER_HIT]
    Fraction(575, 1296)
    """
    return _test_dist(TestKind.DEFENSE, _check_roll("attack", attack), _check_roll("defense", defense),
                      check_rulings(rulings))


@overload
def _check_weapon(name: str, weapon: Any, *, allow_none: Literal[False]) -> Weapon: ...
@overload
def _check_weapon(name: str, weapon: Any, *, allow_none: bool) -> Weapon | None: ...
def _check_weapon(name: str, weapon: Any, *, allow_none: bool) -> Weapon | None:
    if weapon is None and allow_none:
        return None
    if not isinstance(weapon, Weapon):
        raise RulesError(f"{name!r} must be a Weapon{' or None' if allow_none else ''}"
                         f" (got {describe(weapon)})", argument=name)
    return weapon


def counter_limit(
    weapon: Weapon | None,
    incoming: Weapon,
    distance: Distance | str,
    *,
    aware: bool = True,
    rounds: int | None = None,
    end: int | None = None,
    rulings: Rulings = STANDARD,
) -> int:
    """The most counter shots (or blows) a defender can answer an attack with.

    Source: *Counterattack*. Zero means the defender may only defend (or, when
    unaware, not even that).

    Args:
        weapon: the defender's weapon, or ``None`` when unarmed.
        incoming: the attacking weapon.
        distance: Near or Far.
        aware: whether the defender knows of the attack.
        rounds: rounds loaded in a shooting weapon (``None``: not tracked).
        end: END the defender has left (``None``: not tracked).
        rulings: the :class:`~voidref.twodice.rulings.Rulings` to use.

    >>> from voidref.twodice import Weapon, KNIFE
    >>> autopistol = Weapon("autopistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=12)
    >>> counter_limit(autopistol, KNIFE, "near")
    2
    >>> counter_limit(KNIFE, autopistol, "far")
    0
    >>> counter_limit(None, KNIFE, "near", end=0)
    0
    """
    weapon = _check_weapon("weapon", weapon, allow_none=True)
    incoming = _check_weapon("incoming", incoming, allow_none=False)
    distance = check_enum("distance", distance, Distance)
    check_bool("aware", aware)
    check_rulings(rulings)
    if rounds is not None:
        check_int("rounds", rounds, 0, 200)
    if end is not None:
        check_int("end", end, 0, 100)
    if not aware:
        return 0
    if weapon is None or weapon == UNARMED:
        melee_fight = incoming.category is not WeaponCategory.SHOOTING or not rulings.unarmed_counter_only_in_melee
        if not (melee_fight and UNARMED.reaches(distance)):
            return 0
        weapon = UNARMED
    if not weapon.reaches(distance, rulings=rulings):
        return 0
    if weapon.category.uses_end:
        if end is not None and end < END_POINT_PER_MELEE_ATTACK:
            return 0
        return weapon.firing_limit
    limit = weapon.firing_limit
    if rounds is not None:
        limit = min(limit, rounds // ONE_ROUND_PER_SHOT)
    return limit


@dataclass(frozen=True)
class Combatant:
    """What one fighter brings to an exchange: the rolls, the weapon and the armor.

    The attacker and the defender of an :class:`Exchange` are each one of these
    (a :class:`~voidref.twodice.fighter.Fighter` builds them from its state).

    Args:
        roll: ability + skill (+ modifier) for attacks and counterattacks.
        weapon: the weapon used, or ``None`` when unarmed.
        armor: the fighter's armor class (for damage).
        defense: the roll used to defend, if different from *roll*.
    """

    roll: FightingRoll
    weapon: Weapon | None = None
    armor: ArmorClass = ArmorClass.NONE
    defense: FightingRoll | None = None

    def __post_init__(self) -> None:
        _check_roll("roll", self.roll)
        _check_weapon("weapon", self.weapon, allow_none=True)
        object.__setattr__(self, "armor", check_enum("armor", self.armor, ArmorClass))
        if self.defense is not None:
            _check_roll("defense", self.defense)

    @property
    def arms(self) -> Weapon:
        """The weapon that deals this combatant's damage (:data:`~voidref.twodice.weapons.UNARMED` if none)."""
        return self.weapon if self.weapon is not None else UNARMED

    @property
    def defense_roll(self) -> FightingRoll:
        """The roll this combatant defends with."""
        return self.defense if self.defense is not None else self.roll


@dataclass(frozen=True)
class TestResult:
    """One test of an exchange with its totals and who was hit."""

    __test__ = False  # not a pytest test class

    kind: TestKind
    attacker_total: int | None
    defender_total: int | None
    outcome: Outcome


@dataclass(frozen=True)
class ExchangeResult:
    """Every test of an exchange as rolled.

    Args:
        tests: each test's totals and who was hit, in order.
        attacker_dice: the attacker's two d6 faces in each test, when
            :meth:`Exchange.resolve` was given faces (or :meth:`Exchange.roll` rolled
            them); empty when it was given sums.
        defender_dice: the same for the defender's rolls (one per test in which the defender rolls).
    """

    tests: tuple[TestResult, ...]
    attacker_dice: tuple[tuple[int, int], ...] = ()
    defender_dice: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        for name in ("attacker_dice", "defender_dice"):
            rolls = getattr(self, name)
            if not isinstance(rolls, tuple) or not all(isinstance(r, tuple) and len(r) == 2 for r in rolls):
                raise RulesError(argument=name, expected="a tuple of pairs of d6 faces", received=rolls)
            for pair in rolls:
                for face in pair:
                    check_int(name, face, 1, 6)

    @property
    def hits_on_defender(self) -> int:
        """How many hits the defender takes (from the attacker's weapon)."""
        return sum(_HITS[t.outcome][0] for t in self.tests)

    @property
    def hits_on_attacker(self) -> int:
        """How many hits the attacker takes (from the defender's weapon)."""
        return sum(_HITS[t.outcome][1] for t in self.tests)


@dataclass(frozen=True)
class Exchange:
    """One attack move and the defender's answer, as a list of tests (source: *Attack*, *Counterattack*).

    Args:
        attacker: the combatant who attacks.
        defender: the combatant attacked.
        distance: Near or Far.
        shots: shots fired by the attacker (1 up to the weapon's firing limit).
        counter_shots: counter shots the defender answers with (0 to defend only;
            at most :func:`counter_limit`).
        aware: whether the defender knows of the attack.
        rulings: the :class:`~voidref.twodice.rulings.Rulings` to use (keyword only).

    Ammunition and END are not tracked here; :class:`~voidref.twodice.fighter.Fighter`
    tracks them over a fight and checks them before building an exchange.

    >>> from voidref.twodice import KNIFE
    >>> ex = Exchange(Combatant(FightingRoll(3, 1), KNIFE), Combatant(FightingRoll(2), KNIFE), "near", counter_shots=1)
    >>> ex.kinds
    (TestKind.COUNTERATTACK,)
    """

    attacker: Combatant
    defender: Combatant
    distance: Distance
    shots: int = 1
    counter_shots: int = 0
    aware: bool = True
    rulings: Rulings = field(default=STANDARD, kw_only=True)
    _kinds: tuple[TestKind, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.attacker, Combatant):
            raise RulesError(f"'attacker' must be a Combatant (got {describe(self.attacker)})", argument="attacker")
        if not isinstance(self.defender, Combatant):
            raise RulesError(f"'defender' must be a Combatant (got {describe(self.defender)})", argument="defender")
        distance = check_enum("distance", self.distance, Distance)
        object.__setattr__(self, "distance", distance)
        check_bool("aware", self.aware)
        check_rulings(self.rulings)
        weapon = self.attacker.arms
        if not weapon.reaches(distance, rulings=self.rulings):
            raise RulesError(f"'distance' must be Near for a {weapon.category.value} weapon (got {distance.value})",
                             argument="distance")
        check_int("shots", self.shots, 1, weapon.firing_limit)
        limit = counter_limit(self.defender.weapon, weapon, distance, aware=self.aware, rulings=self.rulings)
        check_int("counter_shots", self.counter_shots, 0, limit)
        n, m = self.shots, self.counter_shots
        kinds: list[TestKind] = []
        for i in range(max(n, m)):
            if not self.aware:
                kinds.append(TestKind.UNAWARE)
            elif i < n and i < m:
                kinds.append(TestKind.COUNTERATTACK)
            elif i < n:
                kinds.append(TestKind.DEFENSE)
            else:
                kinds.append(TestKind.FORCED_DEFENSE)
        object.__setattr__(self, "_kinds", tuple(kinds))

    # -- the rolls of each test -------------------------------------------
    def _shot_roll(self) -> FightingRoll:
        return self.attacker.roll.with_modifier(self.attacker.arms.burst_modifier(self.shots))

    def _counter_roll(self) -> FightingRoll:
        return self.defender.roll.with_modifier(self.defender.arms.burst_modifier(self.counter_shots))

    @property
    def kinds(self) -> tuple[TestKind, ...]:
        """The kind of each test, in order."""
        return self._kinds

    def rolls(self) -> list[tuple[TestKind, FightingRoll, FightingRoll | None]]:
        """For each test: its kind, the attacker's roll and the defender's roll.

        The defender rolls nothing in an unaware test (``None``).
        """
        out: list[tuple[TestKind, FightingRoll, FightingRoll | None]] = []
        for k in self._kinds:
            if k is TestKind.UNAWARE:
                out.append((k, self._shot_roll(), None))
            elif k is TestKind.COUNTERATTACK:
                out.append((k, self._shot_roll(), self._counter_roll()))
            elif k is TestKind.DEFENSE:
                out.append((k, self._shot_roll(), self.defender.defense_roll))
            else:
                out.append((k, self.attacker.defense_roll, self._counter_roll()))
        return out

    # -- exact odds ---------------------------------------------------------
    def outcome_dists(self) -> list[Dist]:
        """The exact :class:`Outcome` distribution of each test, in order."""
        return [_test_dist(k, a, d, self.rulings) for k, a, d in self.rolls()]

    def hits_dist(self) -> Dist:
        """Exact distribution of ``(hits on defender, hits on attacker)``."""
        total = Dist.always((0, 0))
        for d in self.outcome_dists():
            total = total.combine(d, lambda acc, o: (acc[0] + _HITS[o][0], acc[1] + _HITS[o][1]))
        return total

    def damage_dist(self) -> Dist:
        """Exact distribution of ``(damage to defender, damage to attacker)``.

        Every hit rolls its weapon's damage against the target's armor (see
        :func:`~voidref.twodice.damage.hit_damage_dist`).
        """
        to_defender = hit_damage_dist(self.attacker.arms.damage, self.defender.armor, rulings=self.rulings)
        to_attacker = hit_damage_dist(self.defender.arms.damage, self.attacker.armor, rulings=self.rulings)

        def damage(hits: tuple[int, int]) -> Dist:
            return to_defender.repeat_sum(hits[0]).combine(to_attacker.repeat_sum(hits[1]), lambda a, b: (a, b))

        return self.hits_dist().bind(damage)

    # -- rolled dice --------------------------------------------------------
    def roll(self, rng: random.Random) -> ExchangeResult:
        """Roll each test's 2D from *rng* (the attacker's, then the defender's) and settle them as :meth:`resolve` does.

        The exact odds of the same hits are :meth:`hits_dist`.

        Args:
            rng: the source of the dice: ``random.SystemRandom()`` at the table,
                ``random.Random(seed)`` to replay an exchange.

        >>> from voidref.twodice import KNIFE
        >>> ex = Exchange(Combatant(FightingRoll(3, 1), KNIFE), Combatant(FightingRoll(2), KNIFE), "near")
        >>> rolled = ex.roll(random.Random(0))
        >>> rolled.attacker_dice, rolled.defender_dice, rolled.tests[0].outcome
        (((4, 4),), ((1, 3),), Outcome.DEFENDER_HIT)
        """
        check_rng("rng", rng)
        attacker_dice, defender_dice = [], []
        for _, _, defender_roll in self.rolls():
            attacker_dice.append(_roll_2d(rng))
            if defender_roll is not None:
                defender_dice.append(_roll_2d(rng))
        return self.resolve(attacker_dice, defender_dice)

    def resolve(self, attacker_dice: Sequence[Any], defender_dice: Sequence[Any] = ()) -> ExchangeResult:
        """Settle the exchange from the 2D each side rolled, test by test.

        Args:
            attacker_dice: one 2D result (``(d1, d2)`` or a sum) per test.
            defender_dice: one 2D result per test in which the defender rolls
                (none when the defender is unaware).

        Raises:
            voidref.errors.RulesError: when a list has the wrong length or holds a bad roll.
        """
        plan = self.rolls()
        need_def = sum(1 for _, _, d in plan if d is not None)
        if not isinstance(attacker_dice, (list, tuple)) or len(attacker_dice) != len(plan):
            raise RulesError(f"'attacker_dice' must list {len(plan)} rolls of 2D (got {describe(attacker_dice)})",
                             argument="attacker_dice")
        if not isinstance(defender_dice, (list, tuple)) or len(defender_dice) != need_def:
            raise RulesError(f"'defender_dice' must list {need_def} rolls of 2D (got {describe(defender_dice)})",
                             argument="defender_dice")
        results = []
        j = 0
        for (kind, a_roll, d_roll), a_dice in zip(plan, attacker_dice):
            a_total = a_roll.bonus + dice_sum("attacker_dice", a_dice)
            d_total = None
            if d_roll is not None:
                d_total = d_roll.bonus + dice_sum("defender_dice", defender_dice[j])
                j += 1
            results.append(TestResult(kind, a_total, d_total, opposed(kind, a_total, d_total, rulings=self.rulings)))
        return ExchangeResult(tuple(results), _faces(attacker_dice), _faces(defender_dice))


def _faces(rolls: Sequence[Any]) -> tuple[tuple[int, int], ...]:
    """The pairs of faces of checked 2D results, or ``()`` when any of them was given as a sum."""
    if all(isinstance(r, (tuple, list)) for r in rolls):
        return tuple((r[0], r[1]) for r in rolls)
    return ()
