"""The ``ship-attack`` command: exact odds of one ship attack.

Examples::

    voidref ship-attack --agility 4 --gunnery 2 --band medium --boon-dice 2 --talent-boon-dice 1 \\
        --attacker-evading --boost --boon-use armor
    voidref ship-attack --attacker cm-440 --target ember-drift --agility 3 --gunnery 2 --band medium \\
        --target-evading --json
    voidref ship-attack --damage 6 --crit 3 --weapon-range short-long --armor 2 --hull-points 30 \\
        --agility 3 --gunnery 1 --band long

Ships start from the worked example's profiles (``ember-drift``, ``cm-440``)
and any figure can be overridden. A table by default, ``--json`` for
scripts. Bad input gives one line naming the argument and exit status 2.
The lead's ``voidref`` command wires it in with :func:`add_parser` and :func:`run`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from fractions import Fraction
from typing import TypeVar

from voidref.drifters.ships.damage import ShipStanding
from voidref.drifters.ships.example import CM_440_CUTTER, EMBER_DRIFT
from voidref.drifters.ships.odds import attack_odds
from voidref.drifters.ships.pool import BOOST_DAMAGE, ShipAttack
from voidref.drifters.ships.profiles import ShipRange
from voidref.errors import RulesError, check_enum
from voidref.exact import percent

__all__ = ["add_parser", "run", "SHIPS"]

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


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add ``ship-attack`` to an argparse sub-parser set; returns the new parser."""
    p = subparsers.add_parser(
        "ship-attack", help="odds of a ship attack: hit, Hull and System Damage, Critical Hit, destroyed",
        description="Exact odds of one Void Drifters ship attack. Ships start from the worked example "
                    "(ember-drift, cm-440); override any figure. Bands: engaged, short, medium, long, "
                    "extra-long, extreme.",
        epilog="Example, the Ember Drift's shot in the worked example:\n"
               "  voidref ship-attack --agility 4 --gunnery 2 --band medium --boon-dice 2 \\\n"
               "      --talent-boon-dice 1 --attacker-evading --boost --boon-use armor",
        formatter_class=argparse.RawDescriptionHelpFormatter)
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
    for flag, text in (("target-evading", "the target made a successful Evasive Maneuver"),
                       ("attacker-evading", "the attacking ship is evading this round"),
                       ("boost", f"weapons boosted by Boost Power (+{BOOST_DAMAGE} damage)"),
                       ("ion", "the weapon is an Ion weapon"), ("armor-bypass", "the weapon has Armor Bypass"),
                       ("screens-down", "the target's screens are offline"),
                       ("json", "print JSON")):
        p.add_argument("--" + flag, action="store_true", help=text)
    return p


def _int(args: argparse.Namespace, name: str) -> int | None:
    raw = getattr(args, name)
    if raw is None or isinstance(raw, int):
        return raw
    try:
        return int(str(raw).strip())
    except ValueError:
        raise RulesError(f"'--{name.replace('_', '-')}' must be an integer (got {raw!r})") from None


def _override(args: argparse.Namespace, name: str, current: T) -> int | T:
    """The integer option *name* if it was given, else the profile's *current* figure."""
    value = _int(args, name)
    return current if value is None else value


def _ranges(args: argparse.Namespace, current: tuple[ShipRange, ...]) -> tuple[ShipRange, ...]:
    """The bands of ``--weapon-range`` (e.g. ``short-long``) if given, else the weapon's own."""
    if not args.weapon_range:
        return current
    bands = [b for b in str(args.weapon_range).replace(",", "-").split("-") if b.strip()]
    return tuple(check_enum("ranges", b.replace("_", " "), ShipRange) for b in bands or ["none"])


def _deflection(args: argparse.Namespace, current: tuple[int, int]) -> tuple[int, int]:
    """The fore/aft Deflection of ``--deflection`` (e.g. ``1/0``) if given, else the target's own."""
    if not args.deflection:
        return current
    parts = str(args.deflection).split("/")
    if len(parts) != 2:
        raise RulesError(f"'--deflection' must read fore/aft, e.g. 1/0 (got {args.deflection!r})")
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise RulesError(f"'--deflection' must read fore/aft, e.g. 1/0 (got {args.deflection!r})") from None


def _given_int(args: argparse.Namespace, name: str) -> int:
    """The integer option *name*, which must be present (it has a default, or was checked above)."""
    value = _int(args, name)
    if value is None:
        raise RulesError(f"'--{name.replace('_', '-')}' must be given (got nothing)")
    return value


def _ship(name: str, option: str):
    key = str(name).strip().lower()
    if key not in SHIPS:
        raise RulesError(f"'--{option}' must be one of {', '.join(SHIPS)} (got {name!r})")
    return SHIPS[key]


def _build(args: argparse.Namespace) -> tuple[ShipAttack, ShipStanding, str]:
    attacker = _ship(args.attacker, "attacker")
    target = _ship(args.target, "target") if args.target else next(s for s in SHIPS.values() if s is not attacker)
    weapon = attacker.weapon(args.weapon) if args.weapon else attacker.weapons[0]
    weapon = dataclasses.replace(
        weapon, damage=_override(args, "damage", weapon.damage), crit=_override(args, "crit", weapon.crit),
        pierce=_override(args, "pierce", weapon.pierce),
        system_damage=_override(args, "system_damage", weapon.system_damage),
        heat=_override(args, "heat", weapon.heat), ranges=_ranges(args, weapon.ranges),
        ion=True if args.ion else weapon.ion, armor_bypass=True if args.armor_bypass else weapon.armor_bypass)
    target = dataclasses.replace(
        target, armor=_override(args, "armor", target.armor),
        hull_points=_override(args, "hull_points", target.hull_points),
        system_points=_override(args, "system_points", target.system_points),
        deflection=_deflection(args, target.deflection))
    handling = _int(args, "handling")
    if handling is not None:
        attacker = dataclasses.replace(attacker, handling=handling)
    if args.band is None:
        raise RulesError("'--band' must be given: engaged, short, medium, long, extra-long or extreme (got nothing)")
    if args.agility is None or args.gunnery is None:
        missing = "--agility" if args.agility is None else "--gunnery"
        raise RulesError(f"'{missing}' must be given (got nothing)")
    band = check_enum("band", str(args.band).replace("-", " "), ShipRange)
    attack = ShipAttack(attacker, weapon, target, agility=_given_int(args, "agility"),
                        gunnery=_given_int(args, "gunnery"), band=band, arc=args.arc, facing=args.facing,
                        limited_boon_dice=_given_int(args, "boon_dice"),
                        talent_boon_dice=_given_int(args, "talent_boon_dice"),
                        bane_dice=_given_int(args, "bane_dice"), target_evading=args.target_evading,
                        attacker_evading=args.attacker_evading, boost=BOOST_DAMAGE if args.boost else 0,
                        screens_active=not args.screens_down)
    standing = ShipStanding(hull_damage=_given_int(args, "hull_taken"), system_damage=_given_int(args, "system_taken"))
    return attack, standing, args.boon_use


def _frac(p: Fraction | None) -> dict | None:
    if p is None:
        return None
    return {"fraction": f"{p.numerator}/{p.denominator}", "percent": round(float(p) * 100, 4)}


def _mean(m: Fraction | None) -> dict | None:
    if m is None:
        return None
    return {"fraction": f"{m.numerator}/{m.denominator}", "value": round(float(m), 4)}


def run(args: argparse.Namespace) -> int:
    """Print the odds of the attack *args* describe; 0 on success, 2 (one line on stderr) on bad input."""
    try:
        attack, standing, boon_use = _build(args)
        odds = attack_odds(attack, standing, boon_use=boon_use)
        summary = odds.summary()
        hull = odds.hull_damage.probabilities()
        system = odds.system_damage.probabilities()
    except RulesError as err:
        print(f"voidref ship-attack: error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({
            "attacker": attack.attacker.name, "weapon": attack.weapon.name, "target": attack.target.name,
            "band": attack.band.value, "pool": repr(attack.pool()), "describe": attack.pool().describe(),
            "boon_use": odds.boon_use.value,
            **{k.replace(" ", "_"): (_mean(v) if k.startswith("mean") else _frac(v)) for k, v in summary.items()},
            "hull_damage": {str(k): _frac(p) for k, p in hull.items()},
            "system_damage": {str(k): _frac(p) for k, p in system.items()},
        }, indent=2))
        return 0
    title = f"{attack.attacker.name}, {attack.weapon.name} -> {attack.target.name} at {attack.band.value}"
    rows = [("pool", attack.pool().describe())]
    for name, value in summary.items():
        if value is None:
            rows.append((name, "no System Points listed"))
        elif name.startswith("mean"):
            rows.append((name, f"{float(value):.2f}  ({value})"))
        else:
            rows.append((name, f"{percent(value)}  ({value})"))
    width = max(len(a) for a, _ in rows)
    lines = [title, "-" * len(title)] + [f"{a.ljust(width)}  {b}" for a, b in rows]
    lines += ["", "Hull Damage", "-----------"] + [f"{k:>4}  {percent(p)}" for k, p in hull.items()]
    if set(system) != {0}:
        lines += ["", "System Damage", "-------------"] + [f"{k:>4}  {percent(p)}" for k, p in system.items()]
    print("\n".join(lines))
    return 0
