"""Damage after modifiers and armor saves.

Source: "Fighting", *Armor*. A hit rolls the weapon's damage dice; then:

1. A negative modifier comes off the highest die first, the remainder off the
   next highest, and so on (ruling
   ruling ``twodice-negative-modifier``).
   Dice brought to 0 are removed (ruling ``twodice-zero-dice``).
2. A positive modifier stays apart as one more item to save against, worth its
   full value.
3. The target rolls its armor's save dice. Each save die stops one item whose
   value is no higher than the save; a save is never split. The wearer pairs
   them for the best effect (ruling ``twodice-save-assignment``).
4. Damage taken is the sum of the items left.

>>> items = damage_items((5, 2), -3)   # the knife, 2D-3
>>> items
(2, 2)
>>> apply_saves(damage_items((3, 5), 4), (4, 1)).damage   # 2D+4 against a medium save
8

At the table the same reading takes dice from a random source:

>>> roll_hit_damage("2D+4", "medium", random.Random(2)).saved
SaveResult(items=(4, 1, 1), saves=(3, 1), stopped=(1, 1), left=(4,))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from voidref.errors import RulesError, check_enum, check_int, check_rng, describe
from voidref.exact import Dist
from voidref.twodice.armor import ArmorClass, multiset_dist
from voidref.twodice.rulings import STANDARD, Rulings, check_rulings
from voidref.twodice.weapons import DAMAGE_MODIFIER_RANGE, MAX_DAMAGE_DICE, DamageRoll

__all__ = ["damage_items", "cancel", "apply_saves", "SaveResult", "hit_damage_dist", "items_dist", "DamageResult",
           "roll_hit_damage"]


def _faces(name: str, values: Any, *, most: int) -> tuple[int, ...]:
    if not isinstance(values, (tuple, list)):
        raise RulesError(f"{name!r} must be a list of d6 results (got {describe(values)})", argument=name)
    if len(values) > most:
        raise RulesError(f"{name!r} must hold at most {most} dice (got {len(values)})", argument=name)
    return tuple(check_int(name, v, 1, 6) for v in values)


def _reduce(faces: tuple[int, ...], modifier: int, drop_zeros: bool = True) -> tuple[int, ...]:
    """Apply a modifier to faces sorted highest first (no checks)."""
    dice = list(faces)
    if modifier < 0:
        left = -modifier
        for i, value in enumerate(dice):
            taken = min(value, left)
            dice[i] = value - taken
            left -= taken
            if not left:
                break
    items = [d for d in dice if d > 0] if drop_zeros else dice
    if modifier > 0:
        items.append(modifier)
    return tuple(sorted(items, reverse=True))


def damage_items(rolled: Sequence[int], modifier: int = 0, *, rulings: Rulings = STANDARD) -> tuple[int, ...]:
    """The items a save must stop: dice after the modifier, plus any flat bonus (source: *Armor*).

    Returned highest first. A negative modifier empties the highest die before
    touching the next; a positive one becomes its own item.

    Args:
        rolled: the damage dice as rolled, each 1 to 6.
        modifier: the weapon's flat damage modifier.
        rulings: :attr:`Rulings.zero_dice_dropped <voidref.twodice.rulings.Rulings.zero_dice_dropped>`
            decides whether a die brought to 0 stays.

    >>> damage_items((5, 2), -3)
    (2, 2)
    >>> damage_items((5, 4), -3)
    (4, 2)
    >>> damage_items((1, 1), -5)
    ()
    >>> damage_items((6, 1), 4)
    (6, 4, 1)
    """
    faces = _faces("rolled", rolled, most=MAX_DAMAGE_DICE)
    check_int("modifier", modifier, *DAMAGE_MODIFIER_RANGE)
    return _reduce(tuple(sorted(faces, reverse=True)), modifier, check_rulings(rulings).zero_dice_dropped)


def _cancel(items: tuple[int, ...], saves: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Greedy best pairing; both tuples sorted highest first (no checks).

    Going from the highest item down, an item is stopped when some unused save
    is at least as high. Every unused save high enough for this item is high
    enough for every later (lower) item too, so which one it takes does not
    matter, and the greedy choice is optimal (a transversal matroid with nested
    neighbourhoods).
    """
    stopped: list[int] = []
    left: list[int] = []
    high_enough = 0  # saves at least as high as the current item: only grows as the items go down
    for item in items:
        while high_enough < len(saves) and saves[high_enough] >= item:
            high_enough += 1
        if high_enough > len(stopped):
            stopped.append(item)
        else:
            left.append(item)
    return tuple(stopped), tuple(left)


def cancel(items: Sequence[int], saves: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pair save dice with damage items: returns ``(stopped, left)``, each highest first (source: *Armor*).

    >>> cancel((6, 4, 1), (5, 4))
    ((4, 1), (6,))
    """
    if not isinstance(items, (tuple, list)) or len(items) > MAX_DAMAGE_DICE + 1:
        raise RulesError(f"'items' must be a list of at most {MAX_DAMAGE_DICE + 1} damage items"
                         f" (got {describe(items)})",
                         argument="items")
    its = tuple(sorted((check_int("items", v, 1, 60) for v in items), reverse=True))
    svs = tuple(sorted(_faces("saves", saves, most=3), reverse=True))
    return _cancel(its, svs)


@dataclass(frozen=True)
class SaveResult:
    """One hit after armor: what the saves stopped and what got through."""

    items: tuple[int, ...]
    """Damage items before saves (dice after modifiers, plus any flat bonus)."""
    saves: tuple[int, ...]
    """The save dice rolled, highest first."""
    stopped: tuple[int, ...]
    """Items the saves cancelled."""
    left: tuple[int, ...]
    """Items that got through."""

    @property
    def damage(self) -> int:
        """Damage dealt, the sum of the items that got through."""
        return sum(self.left)


def apply_saves(items: Sequence[int], saves: Sequence[int]) -> SaveResult:
    """Roll-by-roll armor: which *items* the *saves* (at most 3 dice) stop (source: *Armor*).

    >>> apply_saves((2, 2), (1,))
    SaveResult(items=(2, 2), saves=(1,), stopped=(), left=(2, 2))
    """
    stopped, left = cancel(items, saves)
    return SaveResult(
        tuple(sorted(items, reverse=True)), tuple(sorted(saves, reverse=True)), stopped, left
    )


@lru_cache(maxsize=256)
def _items_dist(dice: int, modifier: int, drop_zeros: bool = True) -> Dist:
    return multiset_dist(dice).map(lambda faces: _reduce(faces, modifier, drop_zeros))


def items_dist(damage: DamageRoll | str, *, rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of the damage items of one hit, before saves.

    >>> items_dist("1D-4")[()]
    Fraction(2, 3)
    """
    damage = as_damage(damage)
    return _items_dist(damage.count, damage.bonus, check_rulings(rulings).zero_dice_dropped)


@lru_cache(maxsize=256)
def _hit_damage(dice: int, modifier: int, save_dice: int, drop_zeros: bool = True) -> Dist:
    """The sum of what :func:`_cancel` leaves, over every roll of the items and of the saves.

    The exact odds' inner loop, so it never builds the tuples. With both sorted highest first,
    the pairing of :func:`_cancel` comes to this: the highest save stops the first item at most
    its value, and each later save the first item at most its value after the one stopped before.
    So each item roll keeps, for every face, where its first item at most that face stands, and
    each save roll (padded to three faces with 0, which stops nothing but a 0 item) costs three
    look-ups. A save roll's weights are added up by the sum it stops (at most 6 a save: no save is
    higher), and only those sums meet the item roll's (much larger) weight.
    """
    items, items_total = _items_dist(dice, modifier, drop_zeros).counts()
    saves, saves_total = multiset_dist(save_dice).counts()
    acc: dict[int, int] = {}
    rows = [(*faces, 0, 0, 0)[:3] + (q,) for faces, q in saves.items()]
    for its, p in items.items():
        n = len(its)
        first_at_most = [n] * 7  # by face: the index of the first item at most that face (n: none)
        j = 0
        for face in range(6, -1, -1):
            while j < n and its[j] > face:
                j += 1
            first_at_most[face] = j
        value = its + (0, 0, 0)  # an index past the items stops nothing
        by_stopped = [0] * (6 * save_dice + 1)  # the save rolls' weights, by the sum of the items they stop
        for f1, f2, f3, q in rows:
            j1 = first_at_most[f1]
            if j1 >= n:
                by_stopped[0] += q
                continue
            j2 = first_at_most[f2]
            if j2 <= j1:
                j2 = j1 + 1
            j3 = first_at_most[f3]
            if j3 <= j2:
                j3 = j2 + 1
            by_stopped[value[j1] + value[j2] + value[j3]] += q
        total = sum(its)
        for stopped, w in enumerate(by_stopped):
            if w:
                acc[total - stopped] = acc.get(total - stopped, 0) + p * w
    return Dist.from_counts(acc, items_total * saves_total)


def hit_damage_dist(damage: DamageRoll | str, armor: ArmorClass | str = ArmorClass.NONE, *,
                    rulings: Rulings = STANDARD) -> Dist:
    """Exact distribution of the damage one hit deals through *armor* (source: *Armor*).

    Args:
        damage: the weapon's damage (a :class:`~voidref.twodice.weapons.DamageRoll` or text like ``"2D+4"``).
        armor: the target's armor class.

    >>> hit_damage_dist("1D", "light")[0]
    Fraction(7, 12)
    >>> hit_damage_dist("2D-3").mean()
    Fraction(145, 36)
    """
    damage = as_damage(damage)
    armor = check_enum("armor", armor, ArmorClass)
    return _hit_damage(damage.count, damage.bonus, armor.save_dice, check_rulings(rulings).zero_dice_dropped)


@dataclass(frozen=True)
class DamageResult:
    """One hit's damage as rolled by :func:`roll_hit_damage`: the damage dice, the save dice, what got through.

    Args:
        faces: the weapon's damage dice, in the order they came.
        save_faces: the armor's save dice, in the order they came (none without armor).
        saved: the reading of those faces: the damage items after the
            modifier, the saves, what they stopped and what was left
            (:func:`damage_items` and :func:`apply_saves`).
    """

    faces: tuple[int, ...]
    save_faces: tuple[int, ...]
    saved: SaveResult

    def __post_init__(self) -> None:
        for name, most in (("faces", MAX_DAMAGE_DICE), ("save_faces", max(a.save_dice for a in ArmorClass))):
            values = getattr(self, name)
            if isinstance(values, list):
                object.__setattr__(self, name, values := tuple(values))
            if not isinstance(values, tuple):
                raise RulesError(argument=name, expected=f"a tuple of at most {most} d6 faces", received=values)
            _faces(name, values, most=most)
        if not isinstance(self.saved, SaveResult):
            raise RulesError(argument="saved", expected="a SaveResult", received=self.saved)

    @property
    def damage(self) -> int:
        """Damage dealt, the sum of the items that got through."""
        return self.saved.damage


def roll_hit_damage(damage: DamageRoll | str, armor: ArmorClass | str, rng: random.Random, *,
                    rulings: Rulings = STANDARD) -> DamageResult:
    """Roll one hit's damage dice and the target's save dice from *rng*, and read them (source: *Armor*).

    The items are :func:`damage_items` of the damage faces, and the saves
    stop them as :func:`apply_saves` does (a die kept at 0 under
    :attr:`~voidref.twodice.rulings.Rulings.zero_dice_dropped` ``False`` is an
    item of 0, which only a save no other item needs takes);
    :func:`hit_damage_dist` gives the exact odds of the same damage.

    Args:
        damage: the weapon's damage (a :class:`~voidref.twodice.weapons.DamageRoll` or text like ``"2D-3"``).
        armor: the target's armor class (its save dice).
        rng: the source of the dice: ``random.SystemRandom()`` at the table,
            ``random.Random(seed)`` to replay a hit.
        rulings: :attr:`Rulings.zero_dice_dropped <voidref.twodice.rulings.Rulings.zero_dice_dropped>`
            decides whether a die brought to 0 stays.

    >>> hit = roll_hit_damage("2D-3", "light", random.Random(0))
    >>> hit.faces, hit.save_faces, hit.damage
    ((4, 4), (1,), 4)
    """
    roll = as_damage(damage)
    armor = check_enum("armor", armor, ArmorClass)
    check_rulings(rulings)
    check_rng("rng", rng)
    faces = tuple(rng.randint(1, roll.sides) for _ in range(roll.count))
    save_faces = tuple(rng.randint(1, 6) for _ in range(armor.save_dice))
    items = damage_items(faces, roll.bonus, rulings=rulings)
    saves = tuple(sorted(save_faces, reverse=True))
    return DamageResult(faces, save_faces, SaveResult(items, saves, *_cancel(items, saves)))


def as_damage(damage: Any) -> DamageRoll:
    if isinstance(damage, DamageRoll):
        return damage
    if isinstance(damage, str):
        return DamageRoll.parse(damage)
    raise RulesError(f"'damage' must be a DamageRoll or text like '2D-3' (got {describe(damage)})", argument="damage")

