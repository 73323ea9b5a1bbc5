"""``voidref ship-attack``: exact odds of one Void Drifters ship attack, from the worked example's ships.

Examples::

    voidref ship-attack --agility 4 --gunnery 2 --band medium --boon-dice 2 --talent-boon-dice 1 \\
        --attacker-evading --boost --boon-use armor
    voidref ship-attack --attacker cm-440 --target ember-drift --agility 3 --gunnery 2 --band medium \\
        --target-evading --json
    voidref ship-attack --damage 6 --crit 3 --weapon-range short-long --armor 2 --hull-points 30 \\
        --agility 3 --gunnery 1 --band long

Ships start from the worked example's profiles (``ember-drift``, ``cm-440``)
and any figure can be overridden. The answer is a
:class:`~voidref.calc.results.Result`, printed as text or as the JSON every
command shares (:mod:`voidref.cli.output`). Bad input names its flag.
(``voidref calc ship-attack`` is the site's calculator: any ship, from
numbers only.)
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from voidref.calc.results import Result, Table, decimal, distribution, line, pct
from voidref.drifters.ships.damage import ShipStanding
from voidref.drifters.ships.example import CM_440_CUTTER, EMBER_DRIFT
from voidref.drifters.ships.odds import attack_odds
from voidref.drifters.ships.pool import BOOST_DAMAGE, ShipAttack
from voidref.drifters.ships.profiles import ShipRange
from voidref.errors import RulesError, check_enum

__all__ = ["add_parser", "build", "result", "SHIPS", "inputs_of"]

T = TypeVar("T")

#: Ship profiles the command knows by name.
SHIPS = {"ember-drift": EMBER_DRIFT, "cm-440": CM_440_CUTTER}

_INT_OPTIONS = {
    # option: (help, default)
    "agility": ("gunner's Agility (1-10)", None),
    "gunnery": ("gunner's Gunnery rank (0-10)", None),
    "boon_dice": ("Boon Dice under the Boon Limit: stations, orders, components, AI, tags, allies", "0"),
    "talent_boon_dice": ("Boon Dice from talents (outside the Boon Limit)", "0"),
    "bane_dice": ("other Bane Dice (GM, carried Bane spends)", "0"),
    "hull_taken": ("Hull Damage the target has already taken", "0"),
    "system_taken": ("System Damage the target has already taken", "0"),
    # weapon overrides
    "damage": ("weapon Damage", None), "crit": ("weapon Crit rating", None),
    "pierce": ("weapon Pierce", None), "system_damage": ("weapon System Damage", None),
    "heat": ("weapon Heat per shot", None),
    # target overrides
    "armor": ("target Armor", None), "hull_points": ("target Hull Points", None),
    "system_points": ("target System Points", None),
    "handling": ("attacker Handling (-5 to 5)", None),
}


def add_parser(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Give *p* (the ``ship-attack`` command's parser) its flags; returns it."""
    p.add_argument("--attacker", default="ember-drift", help="attacking ship: ember-drift or cm-440")
    p.add_argument("--target", default=None, help="target ship: ember-drift or cm-440 (default: the other)")
    p.add_argument("--weapon", default=None, help="the attacker's weapon by name (default: its first)")
    p.add_argument("--band", default=None, help="range band to the target (required)")
    p.add_argument("--arc", default="fore", help="arc of the attacker the target is in (default fore)")
    p.add_argument("--facing", default="fore", help="half of the target attacked: fore or aft")
    p.add_argument("--weapon-range", default=None, help="override the weapon's bands, e.g. short-long")
    p.add_argument("--deflection", default=None, help="override the target's Deflection, e.g. 1/0")
    p.add_argument("--boon-use", default="keep",
                   help="keep: keep Boons for a Critical Hit; armor: spend them on bypassing Armor first")
    for name, (text, default) in _INT_OPTIONS.items():
        p.add_argument("--" + name.replace("_", "-"), default=default, metavar="N", help=text)
    for option, text in (("target-evading", "the target made a successful Evasive Maneuver"),
                         ("attacker-evading", "the attacking ship is evading this round"),
                         ("boost", f"weapons boosted by Boost Power (+{BOOST_DAMAGE} damage)"),
                         ("ion", "the weapon is an Ion weapon"), ("armor-bypass", "the weapon has Armor Bypass"),
                         ("screens-down", "the target's screens are offline"),
                         ("json", "print JSON")):
        p.add_argument("--" + option, action="store_true", help=text)
    return p


@contextmanager
def _flags(**names: str) -> Iterator[None]:
    """Within the block, an engine error about argument ``x`` is told about the flag ``names[x]`` instead."""
    try:
        yield
    except RulesError as error:
        if error.argument in names:
            raise error.renamed(error.argument, label=names[error.argument]) from None
        raise


def _int(args: argparse.Namespace, name: str) -> int | None:
    raw = getattr(args, name)
    if raw is None or isinstance(raw, int):
        return raw
    text = str(raw).strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdecimal() or len(digits) > 6:
        raise RulesError(argument=name, expected="an integer", received=raw, named="--" + name.replace("_", "-"))
    return int(text)


def _override(args: argparse.Namespace, name: str, current: T) -> int | T:
    """The integer option *name* if it was given, else the profile's *current* figure."""
    value = _int(args, name)
    return current if value is None else value


def _ranges(args: argparse.Namespace, current: tuple[ShipRange, ...]) -> tuple[ShipRange, ...]:
    """The bands of ``--weapon-range`` if given, else the weapon's own.

    A list (``short,medium``) or a span (``short-long``, ``medium-extra-long``: every band from the first to
    the last). "extra-long" and "extra long" are one band.
    """
    if not args.weapon_range:
        return current
    text = str(args.weapon_range).lower().replace("extra-long", "extra_long").replace("extra long", "extra_long")
    with _flags(ranges="--weapon-range"):
        if "," in text:
            return tuple(check_enum("ranges", b.strip(), ShipRange) for b in text.split(",") if b.strip())
        ends = [check_enum("ranges", b.strip(), ShipRange) for b in text.split("-")]
        if len(ends) > 2:
            raise RulesError(argument="ranges", expected="a band, a span such as short-long, or a list such as "
                             "short,long", received=args.weapon_range)
        order = list(ShipRange)
        first, last = order.index(ends[0]), order.index(ends[-1])
        return tuple(order[min(first, last):max(first, last) + 1])


def _deflection(args: argparse.Namespace, current: tuple[int, int]) -> tuple[int, int]:
    """The fore/aft Deflection of ``--deflection`` (e.g. ``1/0``) if given, else the target's own."""
    if not args.deflection:
        return current
    parts = [p.strip() for p in str(args.deflection).split("/")]
    if len(parts) != 2 or not all(p.isdecimal() and len(p) <= 3 for p in parts):
        raise RulesError(argument="--deflection", expected="fore/aft, e.g. 1/0", received=args.deflection)
    return (int(parts[0]), int(parts[1]))


def _given_int(args: argparse.Namespace, name: str) -> int:
    """The integer option *name*, which must be present (it has a default, or was checked above)."""
    value = _int(args, name)
    if value is None:
        raise RulesError(f"'--{name.replace('_', '-')}' must be given (got nothing)", argument=name)
    return value


def _ship(name: str, option: str):
    key = str(name).strip().lower()
    if key not in SHIPS:
        raise RulesError(argument=option, expected="one of " + ", ".join(SHIPS), received=name,
                         named="--" + option)
    return SHIPS[key]


def build(args: argparse.Namespace) -> tuple[ShipAttack, ShipStanding, str]:
    """The engine's attack, the target's standing and the Boon use the flags describe; errors name the flag."""
    attacker = _ship(args.attacker, "attacker")
    target = _ship(args.target, "target") if args.target else next(s for s in SHIPS.values() if s is not attacker)
    with _flags(name="--weapon"):
        weapon = attacker.weapon(args.weapon) if args.weapon else attacker.weapons[0]
    with _flags(damage="--damage", crit="--crit", pierce="--pierce", system_damage="--system-damage",
                heat="--heat"):
        weapon = dataclasses.replace(
            weapon, damage=_override(args, "damage", weapon.damage), crit=_override(args, "crit", weapon.crit),
            pierce=_override(args, "pierce", weapon.pierce),
            system_damage=_override(args, "system_damage", weapon.system_damage),
            heat=_override(args, "heat", weapon.heat), ranges=_ranges(args, weapon.ranges),
            ion=True if args.ion else weapon.ion, armor_bypass=True if args.armor_bypass else weapon.armor_bypass)
    with _flags(armor="--armor", hull_points="--hull-points", system_points="--system-points",
                deflection="--deflection"):
        target = dataclasses.replace(
            target, armor=_override(args, "armor", target.armor),
            hull_points=_override(args, "hull_points", target.hull_points),
            system_points=_override(args, "system_points", target.system_points),
            deflection=_deflection(args, target.deflection))
    handling = _int(args, "handling")
    if handling is not None:
        with _flags(handling="--handling"):
            attacker = dataclasses.replace(attacker, handling=handling)
    if args.band is None:
        raise RulesError("'--band' must be given: engaged, short, medium, long, extra-long or extreme (got nothing)",
                         argument="band")
    for name in ("agility", "gunnery"):
        if getattr(args, name) is None:
            raise RulesError(f"'--{name}' must be given (got nothing)", argument=name)
    with _flags(band="--band"):
        band = check_enum("band", str(args.band).replace("-", " "), ShipRange)
    with _flags(agility="--agility", gunnery="--gunnery", band="--band", arc="--arc", facing="--facing",
                limited_boon_dice="--boon-dice", limited="--boon-dice", talent_boon_dice="--talent-boon-dice",
                bane_dice="--bane-dice"):
        attack = ShipAttack(attacker, weapon, target, agility=_given_int(args, "agility"),
                            gunnery=_given_int(args, "gunnery"), band=band, arc=args.arc, facing=args.facing,
                            limited_boon_dice=_given_int(args, "boon_dice"),
                            talent_boon_dice=_given_int(args, "talent_boon_dice"),
                            bane_dice=_given_int(args, "bane_dice"), target_evading=args.target_evading,
                            attacker_evading=args.attacker_evading, boost=BOOST_DAMAGE if args.boost else 0,
                            screens_active=not args.screens_down)
    with _flags(hull_damage="--hull-taken", system_damage="--system-taken"):
        standing = ShipStanding(hull_damage=_given_int(args, "hull_taken"),
                                system_damage=_given_int(args, "system_taken"))
    return attack, standing, args.boon_use


def inputs_of(args: argparse.Namespace) -> dict[str, str]:
    """The flags given, as text (for the JSON's ``inputs``)."""
    return {k: str(v) for k, v in vars(args).items()
            if k not in ("json", "command", "func") and v not in (None, False)}


def result(args: argparse.Namespace) -> Result:
    """The odds of the attack the flags describe, as a :class:`~voidref.calc.results.Result`."""
    attack, standing, boon_use = build(args)
    with _flags(boon_use="--boon-use"):
        odds = attack_odds(attack, standing, boon_use=boon_use)
    facts = [("Pool", attack.pool().describe()), ("Boons", odds.boon_use.value),
             ("Chance to hit", line("{} (exactly {})", pct(odds.hit), odds.hit)),
             ("Average Hull Damage", decimal(odds.hull_damage.mean())),
             ("Average System Damage", decimal(odds.system_damage.mean())),
             ("Chance a Critical Hit is available", pct(odds.critical_hit)),
             ("Chance the weapon jams", pct(odds.jam)),
             ("Chance the target is destroyed", pct(odds.destroyed)),
             ("Chance the target goes out of control",
              "no System Points listed" if odds.out_of_control is None else pct(odds.out_of_control))]
    blocks: list[Table] = [distribution("Hull Damage dealt (0 on a miss)", odds.hull_damage.probabilities(),
                                        "Hull Damage")[0]]
    if set(odds.system_damage.probabilities()) != {0}:
        blocks.append(distribution("System Damage dealt (0 on a miss)", odds.system_damage.probabilities(),
                                   "System Damage")[0])
    headline = line("{}, {} against the {} at {}: hit {}", attack.attacker.name, attack.weapon.name,
                    attack.target.name, attack.band.value, pct(odds.hit))
    return Result(headline, tuple(facts), tuple(blocks))
