"""Plain-data entry points for the site's Cantor calculators.

Each function takes keyword arguments of plain types (ints, strings, bools, or
``None``) and returns plain data: dicts and lists of ints, strings and exact
:class:`~fractions.Fraction` probabilities (the ``percent`` strings are for
display only). The rules live in the engine modules; these functions only
gather their answers. Bad input raises :class:`~voidref.errors.RulesError`
naming the argument.

>>> odds = attack_odds(damage="1d6", reliable=1, armor=3, evasion=6, locked=True, grit=1, distance=3, max_range=6)
>>> odds["net"], odds["chance_to_hit"], odds["damage_on_miss"]
(1, Fraction(1, 3), 0)
>>> structure_odds(damage="2d6", max_range=10, distance=4, evasion=7, armor=1, locked=True, grit=2,
...                hp=4, max_hp=12, structure=2)["structure_loss"]
Fraction(5, 18)
"""

from __future__ import annotations

import inspect
from fractions import Fraction
from typing import Any

from voidref.cantor.accuracy import Situation
from voidref.cantor.attack import Attack, RangeCheck
from voidref.cantor.damage import blast_damage, damage_roll
from voidref.cantor.health import UnitState
from voidref.cantor.kinds import Arc, Condition, Cover, DamageType, Mount
from voidref.cantor.units import DamageRoll, Target, Weapon
from voidref.errors import RulesError, check_bool
from voidref.exact import Dist, percent

__all__ = ["attack_odds", "structure_odds"]


def _dist_rows(d: Dist) -> list[dict[str, Any]]:
    return [{"value": k, "probability": p, "percent": percent(p)} for k, p in d.probabilities().items()]


def _attack(
    damage: str, damage_type: str, max_range: int, melee: bool, min_range: int, reliable: int,
    armor_piercing: bool, blast: int, burn: int, knockback: int, swarm: bool, aimable: bool, mount: str,
    sniper_dice: int, pure_control: bool,
    evasion: int, e_defense: int, armor: int, size: int, stunned: bool, prone: bool, invisible: bool,
    exposed: bool, shredded: bool, locked: bool, braced: bool,
    distance: int, target_arc: str, firing_arc: str, cover: str, adjacent_hostile: bool, disengaged: bool,
    high_ground: bool, swarm_allies: int, aura_bonus: int, bolstered: bool, taunted_from: int | None,
    capital_ship_mode: bool, grit: int, impaired: bool, aimed: bool, graze: bool, extra_accuracy: int,
    extra_difficulty: int,
) -> Attack:
    weapon = Weapon("weapon", DamageRoll.parse(damage), DamageType.parse(damage_type, "damage_type"),
                    max_range=max_range, melee=melee, min_range=min_range,
                    reliable=reliable, armor_piercing=armor_piercing, blast=blast, burn=burn, knockback=knockback,
                    swarm=swarm, aimable=aimable, mount=Mount.parse(mount, "mount"), sniper_dice=sniper_dice,
                    pure_control=pure_control)
    flags = {"stunned": (stunned, Condition.STUNNED), "prone": (prone, Condition.PRONE),
             "invisible": (invisible, Condition.INVISIBLE), "exposed": (exposed, Condition.EXPOSED),
             "shredded": (shredded, Condition.SHREDDED), "locked": (locked, Condition.LOCK_ON)}
    conditions = frozenset(condition for name, (on, condition) in flags.items() if check_bool(name, on))
    target = Target(evasion=evasion, e_defense=e_defense, armor=armor, size=size, conditions=conditions,
                    braced=braced)
    situation = Situation(distance=distance, target_arc=Arc.parse(target_arc, "target_arc"),
                          firing_arc=Arc.parse(firing_arc, "firing_arc"), cover=Cover.parse(cover, "cover"),
                          adjacent_hostile=adjacent_hostile, disengaged=disengaged, high_ground=high_ground,
                          swarm_allies=swarm_allies, aura_bonus=aura_bonus, bolstered=bolstered,
                          taunted_from=taunted_from, capital_ship_mode=capital_ship_mode, grit=grit,
                          impaired=impaired, aimed=aimed, graze=graze, extra_accuracy=extra_accuracy,
                          extra_difficulty=extra_difficulty)
    return Attack(weapon, target, situation)


def _build(kwargs: dict[str, Any]) -> Attack:
    unknown = sorted(set(kwargs) - set(_INPUTS))
    if unknown:
        raise RulesError(f"{unknown[0]!r} is not an input of the Cantor attack calculator (got {kwargs[unknown[0]]!r})")
    return _attack(**{**_INPUTS, **kwargs})


def attack_odds(
    *,
    damage: str = "2d6",
    damage_type: str = "kinetic",
    max_range: int = 8,
    melee: bool = False,
    min_range: int = 0,
    reliable: int = 0,
    armor_piercing: bool = False,
    blast: int = 0,
    burn: int = 0,
    knockback: int = 0,
    swarm: bool = False,
    aimable: bool = False,
    mount: str = "standard",
    sniper_dice: int = 0,
    pure_control: bool = False,
    evasion: int = 8,
    e_defense: int = 8,
    armor: int = 0,
    size: int = 2,
    stunned: bool = False,
    prone: bool = False,
    invisible: bool = False,
    exposed: bool = False,
    shredded: bool = False,
    locked: bool = False,
    braced: bool = False,
    distance: int = 1,
    target_arc: str = "front",
    firing_arc: str = "front",
    cover: str = "none",
    adjacent_hostile: bool = False,
    disengaged: bool = False,
    high_ground: bool = False,
    swarm_allies: int = 0,
    aura_bonus: int = 0,
    bolstered: bool = False,
    taunted_from: int | None = None,
    capital_ship_mode: bool = False,
    grit: int = 0,
    impaired: bool = False,
    aimed: bool = False,
    graze: bool = False,
    extra_accuracy: int = 0,
    extra_difficulty: int = 0,
    **unknown: Any,
) -> dict[str, Any]:
    """Chance to hit and damage of one Cantor attack (anchor ``cantor-attack``).

    Keyword arguments (all optional, defaults in the signature):

    * weapon: ``damage`` ["2d6"], ``damage_type`` ["kinetic"; energy, sonic, tech],
      ``max_range`` [8], ``melee``, ``min_range`` [0], ``reliable`` [0], ``armor_piercing``,
      ``blast`` [0], ``burn`` [0], ``knockback`` [0], ``swarm``, ``aimable``, ``mount``
      ["standard"; line, broadside], ``sniper_dice`` [0], ``pure_control``;
    * target: ``evasion`` [8], ``e_defense`` [8], ``armor`` [0], ``size`` [2], ``stunned``,
      ``prone``, ``invisible``, ``exposed``, ``shredded``, ``locked`` (carries a Lock On),
      ``braced``;
    * situation: ``distance`` [1], ``target_arc`` ["front"], ``firing_arc`` ["front"],
      ``cover`` ["none"; soft, hard], ``adjacent_hostile``, ``disengaged``, ``high_ground``,
      ``swarm_allies`` [0], ``aura_bonus`` [0], ``bolstered``, ``taunted_from`` [None],
      ``capital_ship_mode``, ``grit`` [0], ``impaired``, ``aimed``, ``graze``,
      ``extra_accuracy`` [0], ``extra_difficulty`` [0].

    Any other keyword is refused with a :class:`~voidref.errors.RulesError` naming it.

    Returns ``range_check``, ``accuracy_sources`` and ``difficulty_sources`` (lists of
    name and dice), ``net``, ``dice``, ``keep``, ``defense``, ``defense_kind``,
    ``chance_to_hit``, ``damage_on_hit`` and ``damage`` (rows of value, probability,
    percent), ``damage_on_miss``, ``mean_damage``, ``mean_damage_on_hit``,
    ``chance_of_no_damage``, ``burn``, ``blast_splash_mean`` (for an Armor-0 neighbour, or
    None), ``summary`` (list of strings) and ``anchor``.
    """
    given = {k: v for k, v in locals().items() if k in _INPUTS}
    attack = _build({**given, **unknown})
    odds = attack.odds()
    check = odds.range_check
    count, keep = odds.dice
    out: dict[str, Any] = {
        "range_check": check.value,
        "accuracy_sources": [{"name": s.name, "dice": s.dice} for s in attack.accuracy_sources()],
        "difficulty_sources": [{"name": s.name, "dice": s.dice} for s in attack.difficulty_sources()],
        "net": odds.net,
        "dice": count,
        "keep": keep.value,
        "defense": odds.defense,
        "defense_kind": attack.weapon.defense.value,
        "chance_to_hit": odds.chance_to_hit,
        "chance_to_hit_percent": percent(odds.chance_to_hit),
        "damage_on_hit": _dist_rows(odds.damage_on_hit),
        "damage": _dist_rows(odds.damage),
        "damage_on_miss": odds.damage_on_miss,
        "mean_damage": odds.damage.mean(),
        "mean_damage_on_hit": odds.damage_on_hit.mean(),
        "chance_of_no_damage": odds.damage[0],
        "burn": attack.weapon.burn,
        "blast_splash_mean": None,
        "anchor": "cantor-attack",
    }
    if attack.weapon.blast:
        raw = damage_roll(attack.weapon, attack.target, attack.situation)
        out["blast_splash_mean"] = raw.map(lambda r: blast_damage(r, 0, attack.weapon.armor_piercing)).mean()
    summary = []
    if check is not RangeCheck.IN_RANGE:
        summary.append(f"No attack: {check.value} (distance {attack.situation.distance}).")
    else:
        if attack.situation.graze:
            summary.append("Graze: no roll, it lands for half damage.")
        else:
            summary.append(f"Net accuracy {odds.net:+d}: roll {count}d6, keep the {keep.value}, "
                           f"add Grit {attack.situation.grit:+d}"
                           f"{', Impaired -2' if attack.situation.impaired else ''}; "
                           f"need {odds.defense} ({attack.weapon.defense.value}).")
        summary.append(f"Chance to hit: {percent(odds.chance_to_hit)}"
                       f"{' (Invisible halves it)' if attack.target.has(Condition.INVISIBLE) else ''}.")
        summary.append(f"Damage on a hit: average {float(odds.damage_on_hit.mean()):.2f}, "
                       f"from {min(odds.damage_on_hit)} to {max(odds.damage_on_hit)}.")
        if attack.weapon.reliable:
            summary.append(f"On a miss: Reliable {attack.weapon.reliable} deals {odds.damage_on_miss}.")
        summary.append(f"Average damage per attack: {float(odds.damage.mean()):.2f}; "
                       f"no damage at all {percent(odds.damage[0])}.")
    out["summary"] = summary
    return out


_INPUTS: dict[str, Any] = {
    name: param.default for name, param in inspect.signature(attack_odds).parameters.items()
    if param.kind is inspect.Parameter.KEYWORD_ONLY
}
"""Every input of :func:`attack_odds` with its default (the attack part of :func:`structure_odds` too)."""


def structure_odds(*, hp: int = 10, max_hp: int = 10, overshield: int = 0, structure: int = 2,
                   cantor: bool = True, **kwargs: Any) -> dict[str, Any]:
    """What one attack does to a unit's tracks: Structure loss, its roll, defeat (anchor ``cantor-structure``).

    Takes the attack's keyword arguments (see :func:`attack_odds`) plus the target's
    ``hp``, ``max_hp``, ``overshield``, ``structure`` and ``cantor``. Returns
    ``structure_loss``, ``destroyed``, ``defeated``, ``stunned``, ``impaired`` (exact
    probabilities), ``hp_after`` (rows), ``summary`` and ``anchor``.
    """
    state = UnitState(hp=hp, max_hp=max_hp, overshield=overshield, structure=structure, cantor=cantor)
    attack = _build(kwargs)
    outcomes = attack.damage().bind(state.outcomes)

    def p(pred) -> Fraction:
        return outcomes.prob(pred)

    loss = p(lambda a: a.structure_lost == 1)
    destroyed = p(lambda a: a.destroyed)
    defeated = p(lambda a: a.defeated)
    stunned = p(lambda a: a.condition is not None and a.condition.name == "STUNNED")
    impaired = p(lambda a: a.condition is not None and a.condition.name == "IMPAIRED")
    out: dict[str, Any] = {
        "structure_loss": loss,
        "destroyed": destroyed,
        "defeated": defeated,
        "stunned": stunned,
        "impaired": impaired,
        "hp_after": _dist_rows(outcomes.map(lambda a: a.state.hp)),
        "anchor": "cantor-structure",
    }
    if cantor:
        out["summary"] = [
            f"Loses Structure: {percent(loss)}" + (f" (destroyed: {percent(destroyed)})" if destroyed else "") + ".",
            f"Then Stunned {percent(stunned)}, Impaired {percent(impaired)}.",
        ]
    else:
        out["summary"] = [f"Defeated: {percent(defeated)}."]
    return out
