"""A fighter tracked through a fight scene: moves, END, rounds, ability uses.

Source: "Fighting", *Attack* (an attack is a move), *Counterattack* (no move,
but an ability use; END limits; ammunition), *Armor* (moves per turn) and
*Weapons* (reloading takes a move; brawling and fencing need END).

:class:`Fighter` is the one mutable object of the package: it changes as the
fight goes on. Everything it checks is delegated to the pure functions of
:mod:`~voidref.twodice.exchange` and :mod:`~voidref.twodice.armor`.

>>> from voidref.twodice import FightingRoll, KNIFE
>>> a = Fighter("Ash", weapon=KNIFE, end=2)
>>> b = Fighter("Bo", end=1)
>>> a.start_turn(); b.start_turn()
>>> ex = a.attack(b, FightingRoll(3, 1), distance="near", counter=FightingRoll(2))
>>> ex.kinds
(TestKind.COUNTERATTACK,)
>>> a.end, b.end, b.exhausted
(1, 0, True)
"""

from __future__ import annotations

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.twodice.armor import ArmorClass, can_sprint, moves_per_turn
from voidref.twodice.dice import FightingRoll
from voidref.twodice.exchange import Combatant, Exchange, _check_roll, counter_limit
from voidref.twodice.rulings import END_POINT_PER_MELEE_ATTACK, ONE_ROUND_PER_SHOT, STANDARD, Rulings
from voidref.twodice.weapons import UNARMED, Distance, Weapon, WeaponCategory

__all__ = ["Fighter"]


class Fighter:
    """One fighter's changing state in a fight scene (this object is mutable).

    Args:
        name: who this is.
        weapon: the weapon in hand, or ``None`` when unarmed.
        armor: the armor class worn.
        end: END at the start of the scene (each brawling or fencing attack or
            counterattack spends a point).
        rounds: rounds loaded; defaults to a full shooting weapon.
        mechanics: Mechanics rank (keeps both moves in heavy armor at 1+).
        astro_cosmo: Astro/Cosmo rank (likewise).
        former_legionnaire: keeps both moves in heavy armor.
        ability_use_limit: the session's limit on ability uses, if enforced.
    """

    def __init__(
        self,
        name: str,
        *,
        weapon: Weapon | None = None,
        armor: ArmorClass | str = ArmorClass.NONE,
        end: int = 3,
        rounds: int | None = None,
        mechanics: int = 0,
        astro_cosmo: int = 0,
        former_legionnaire: bool = False,
        ability_use_limit: int | None = None,
    ) -> None:
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"'name' must be a non-empty string (got {describe(name)})", argument="name")
        if weapon is not None and not isinstance(weapon, Weapon):
            raise RulesError(f"'weapon' must be a Weapon or None (got {describe(weapon)})", argument="weapon")
        self.name = name
        self.weapon = weapon
        self.armor = check_enum("armor", armor, ArmorClass)
        self.end = check_int("end", end, 0, 30)
        self.exhausted = self.end == 0  # ruling twodice-exhaustion: wounded as the last point goes
        capacity = weapon.capacity if weapon is not None and weapon.capacity else 0
        self.rounds = capacity if rounds is None else check_int("rounds", rounds, 0, capacity)
        self.mechanics = check_int("mechanics", mechanics, 0, 10)
        self.astro_cosmo = check_int("astro_cosmo", astro_cosmo, 0, 10)
        self.former_legionnaire = check_bool("former_legionnaire", former_legionnaire)
        if ability_use_limit is not None:
            check_int("ability_use_limit", ability_use_limit, 0, 1000)
        self.ability_use_limit = ability_use_limit
        self.ability_uses = 0
        self.moves_left = 0

    def __repr__(self) -> str:
        return (
            f"Fighter({self.name!r}, weapon={self.weapon!r}, armor={self.armor!r}, end={self.end}, "
            f"rounds={self.rounds})"
        )

    # -- turns and moves ------------------------------------------------------
    @property
    def moves_per_turn(self) -> int:
        """Moves this fighter gets each turn in its armor."""
        return moves_per_turn(
            self.armor,
            mechanics=self.mechanics,
            astro_cosmo=self.astro_cosmo,
            former_legionnaire=self.former_legionnaire,
        )

    @property
    def can_sprint(self) -> bool:
        """Whether this fighter's armor allows sprinting."""
        return can_sprint(self.armor)

    def start_turn(self) -> None:
        """Begin the fighter's turn: moves are refilled."""
        self.moves_left = self.moves_per_turn

    def use_move(self, what: str = "move") -> None:
        """Spend one move, or raise :class:`~voidref.errors.RulesError` if none is left."""
        if self.moves_left < 1:
            raise RulesError(f"'{what}' needs a move and {self.name} has none left this turn (got 0)", argument=what)
        self.moves_left -= 1

    def reload(self) -> None:
        """Reload the weapon to capacity; costs a move (ruling ``twodice-reload``)."""
        if self.weapon is None or self.weapon.category is not WeaponCategory.SHOOTING:
            raise RulesError(f"'weapon' must be a shooting weapon to reload"
                             f" (got {describe(self.weapon)})", argument="weapon")
        self.use_move("reload")
        self.rounds = self.weapon.capacity or 0

    def recover_end(self, points: int) -> None:
        """Give back spent END (how fast is outside this source)."""
        check_int("points", points, 0, 30)
        self.end += points
        if self.end > 0:
            self.exhausted = False

    # -- paying for attacks -----------------------------------------------------
    def _use_ability(self) -> None:
        if self.ability_use_limit is not None and self.ability_uses >= self.ability_use_limit:
            raise RulesError(
                f"'ability_use_limit' of {self.ability_use_limit} is used up for {self.name} "
                f"(got {self.ability_uses} uses)", argument="ability_use_limit"
            )
        self.ability_uses += 1

    def _spend(self, weapon: Weapon, shots: int) -> None:
        if weapon.category.uses_end:
            self.end -= END_POINT_PER_MELEE_ATTACK
            if self.end <= 0:
                self.end = 0
                self.exhausted = True
        else:
            self.rounds -= shots * ONE_ROUND_PER_SHOT

    def attack(
        self,
        target: Fighter,
        roll: FightingRoll,
        *,
        distance: Distance | str,
        shots: int = 1,
        counter: FightingRoll | None = None,
        counter_shots: int | None = None,
        defense: FightingRoll | None = None,
        own_defense: FightingRoll | None = None,
        aware: bool = True,
        rulings: Rulings = STANDARD,
    ) -> Exchange:
        """Make an attack move on *target* and return the exchange to roll.

        Checks and pays everything: a move, the weapon's reach, rounds (one per
        shot), END for brawling and fencing, ability uses on both sides.

        Args:
            target: the fighter attacked.
            roll: this fighter's ability + skill for the attack.
            distance: Near or Far.
            shots: shots in the attack (a burst when more than one).
            counter: the target's counterattack roll; ``None`` to only defend.
            counter_shots: how many counter shots; defaults to as many as the
                target can (see :func:`~voidref.twodice.exchange.counter_limit`)
                when *counter* is given.
            defense: the target's defense roll, if not the same as *counter*.
            own_defense: this fighter's defense roll against spare counter shots.
            aware: whether the target knows of the attack.
            rulings: the :class:`~voidref.twodice.rulings.Rulings` the exchange follows.
        """
        if not isinstance(target, Fighter) or target is self:
            raise RulesError(f"'target' must be another Fighter (got {describe(target)})", argument="target")
        _check_roll("roll", roll)
        for name, other in (("counter", counter), ("defense", defense), ("own_defense", own_defense)):
            if other is not None:
                _check_roll(name, other)
        arms = self.weapon if self.weapon is not None else UNARMED
        distance = check_enum("distance", distance, Distance)
        check_int("shots", shots, 1, arms.firing_limit)
        if arms.category.uses_end and self.end < END_POINT_PER_MELEE_ATTACK:
            raise RulesError(f"'end' must be at least 1 for a {arms.category.value} attack by {self.name} (got 0)",
                             argument="end")
        if not arms.category.uses_end and self.rounds < shots * ONE_ROUND_PER_SHOT:
            raise RulesError(f"'shots' must be at most the {self.rounds} rounds loaded (got {shots})", argument="shots")
        limit = counter_limit(target.weapon, arms, distance, aware=aware, rounds=target.rounds, end=target.end,
                              rulings=rulings)
        if counter is None:
            if counter_shots not in (None, 0):
                raise RulesError(f"'counter_shots' needs a 'counter' roll (got {describe(counter_shots)})",
                                 argument="counter_shots")
            counter_shots = 0
        elif counter_shots is None:
            if limit == 0:
                raise RulesError(
                    f"'counter' needs a counterattack {target.name} can make: the limit here is 0"
                    f" (got {describe(counter)})",
                    argument="counter"
                )
            counter_shots = limit
        check_int("counter_shots", counter_shots, 0, limit)
        base = counter if counter is not None else (defense if defense is not None else FightingRoll(0))
        exchange = Exchange(
            Combatant(roll, self.weapon, self.armor, own_defense),
            Combatant(base, target.weapon, target.armor, defense),
            distance,
            shots=shots,
            counter_shots=counter_shots,
            aware=aware,
            rulings=rulings,
        )
        if counter is None and defense is None and aware:
            raise RulesError("'defense' must be a FightingRoll when the target does not counterattack (got None)",
                             argument="defense")
        # Everything is valid: pay for it.
        self.use_move("attack")
        self._use_ability()
        self._spend(arms, shots)
        if counter_shots:
            target._use_ability()
            target._spend(target.weapon if target.weapon is not None else UNARMED, counter_shots)
        return exchange


