"""The ``voidref`` command line: exact odds at the table.

Examples::

    voidref odds "2M 2A vs 2T 1b"
    voidref odds --characteristic 4 --skill 2 --difficulty average --boon-dice 1
    voidref attack --agility 3 --ranged 2 --damage 6 --crit 3 --range medium \\
        --band short --cover light --resistance 2 --wound-points 12
    voidref odds "4A vs 1T" --json

Every command prints a readable table by default and JSON with ``--json``.
Bad input is reported in one line naming the argument, with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction

from voidref.drifters import Attack, Character, Conditions, Health, Pool, Weapon
from voidref.errors import RulesError
from voidref.exact import percent

__all__ = ["main", "build_parser"]

#: Other modules add sub-commands here: each entry is (add_parser, run).
_EXTRA_COMMANDS: list[tuple[Callable, Callable]] = []


def _frac(p: Fraction) -> dict:
    return {"fraction": f"{p.numerator}/{p.denominator}", "percent": float(p) * 100}


def _table(title: str, rows: Sequence[tuple[str, str]]) -> str:
    width = max(len(a) for a, _ in rows)
    return "\n".join([title, "-" * len(title)] + [f"{a.ljust(width)}  {b}" for a, b in rows])


# -- odds ---------------------------------------------------------------------
def _pool_from(args: argparse.Namespace) -> Pool:
    if args.pool is not None:
        if args.characteristic is not None:
            raise RulesError("'pool' and '--characteristic' cannot both be given (got both)")
        return Pool.parse(args.pool)
    if args.characteristic is None:
        raise RulesError("'pool' must be given as text like '2M 2A vs 2T', or use --characteristic (got neither)")
    return Pool.for_check(args.characteristic, args.skill, args.difficulty, upgrades=args.upgrades,
                          difficulty_upgrades=args.difficulty_upgrades,
                          boon_dice=args.boon_dice, bane_dice=args.bane_dice)


def _odds(args: argparse.Namespace) -> int:
    pool = _pool_from(args)
    success = pool.chance_of_success()
    breakthrough = pool.chance_of_breakthrough()
    calamity = pool.chance_of_calamity()
    net_s = pool.net_successes()
    net_b = pool.net_boons()
    if args.json:
        print(json.dumps({
            "pool": repr(pool), "describe": pool.describe(),
            "success": _frac(success), "breakthrough": _frac(breakthrough), "calamity": _frac(calamity),
            "net_successes": {str(k): _frac(p) for k, p in net_s.probabilities().items()},
            "net_boons": {str(k): _frac(p) for k, p in net_b.probabilities().items()},
        }, indent=2))
        return 0
    print(_table(f"Check: {pool.describe()}", [
        ("success (1+ net Success)", f"{percent(success)}  ({success})"),
        ("at least one Breakthrough", f"{percent(breakthrough)}  ({breakthrough})"),
        ("at least one Calamity", f"{percent(calamity)}  ({calamity})"),
    ]))
    print()
    print(_table("Net Successes", [(f"{k:+d}", percent(p)) for k, p in net_s.probabilities().items()]))
    print()
    print(_table("Net Boons (negative: Banes)", [(f"{k:+d}", percent(p)) for k, p in net_b.probabilities().items()]))
    return 0


# -- attack -------------------------------------------------------------------
def _attack(args: argparse.Namespace) -> int:
    skill = args.skill_name
    attacker = Character("Attacker", might=args.might, agility=args.agility, skills={skill: args.rank})
    weapon = Weapon("Weapon", damage=args.damage, crit=args.crit, range=args.range, skill=skill,
                    pierce=args.pierce, stun=args.stun)
    target = Character("Target", kind=args.kind, stated_wound_points=args.wound_points,
                       stated_resistance=args.resistance, melee_defense=args.melee_defense,
                       ranged_defense=args.ranged_defense)
    conditions = Conditions().apply("disoriented") if args.disoriented else Conditions()
    attack = Attack(attacker, weapon, target, band=args.band, cover=args.cover, gravity=args.gravity,
                    anchored=args.anchored, conditions=conditions, boon_dice=args.boon_dice,
                    bane_dice=args.bane_dice, past_range_allowed=args.past_range)
    health = Health.of(target)
    if args.wounds:
        health = health.suffer_wounds(args.wounds)
    odds = attack.odds(health)
    harm = odds.strain if args.stun else odds.wounds
    label = "Strain" if args.stun else "Wounds"
    if args.json:
        print(json.dumps({
            "pool": repr(odds.pool), "describe": odds.pool.describe(),
            "hit": _frac(odds.hit), "critical_injury": _frac(odds.critical_injury),
            "incapacitated": _frac(odds.incapacitated),
            "expected": _frac(harm.mean()), "harm": label.lower(),
            "distribution": {str(k): _frac(p) for k, p in harm.probabilities().items()},
        }, indent=2))
        return 0
    print(_table(f"Attack: {odds.pool.describe()}", [
        ("chance to hit", f"{percent(odds.hit)}  ({odds.hit})"),
        (f"expected {label}", f"{float(harm.mean()):.2f}"),
        ("Critical Injury available", percent(odds.critical_injury)),
        ("target incapacitated", percent(odds.incapacitated)),
    ]))
    print()
    print(_table(f"{label} inflicted", [(str(k), percent(p)) for k, p in harm.probabilities().items()]))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = argparse.ArgumentParser(
        prog="voidref",
        description="Exact odds for Void Drifters checks and attacks. Dice letters: A Ability, M Mastery, "
                    "B Boon Die, T Trial, H Hazard (upgraded Trial), b Bane Die.",
        epilog="Add --json to any command for machine-readable output.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    odds = sub.add_parser("odds", help="odds of a check from a pool or from characteristic + skill",
                          description="Exact odds of a check. Give a pool such as '2M 2A vs 2T 1b', or "
                                      "--characteristic and --skill with --difficulty.")
    odds.add_argument("pool", nargs="?", help="the dice, e.g. '2M 2A vs 2T 1b'")
    odds.add_argument("--characteristic", type=int, help="characteristic value (1-10)")
    odds.add_argument("--skill", type=int, default=0, help="skill rank (0-10, default 0)")
    odds.add_argument("--difficulty", default="average",
                      help="simple, easy, average, hard, daunting or formidable (default average)")
    odds.add_argument("--upgrades", type=int, default=0, help="upgrades of the positive dice")
    odds.add_argument("--difficulty-upgrades", type=int, default=0, help="upgrades of the difficulty")
    odds.add_argument("--boon-dice", type=int, default=0, help="extra Boon Dice")
    odds.add_argument("--bane-dice", type=int, default=0, help="extra Bane Dice")
    odds.add_argument("--json", action="store_true", help="print JSON")
    odds.set_defaults(func=_odds)

    att = sub.add_parser("attack", help="odds of a personal attack: hit, Wounds, Critical Injury, knockout",
                         description="Exact odds of one personal attack against a target.")
    att.add_argument("--skill-name", default="ranged", help="unarmed, melee or ranged (default ranged)")
    att.add_argument("--rank", "--ranged", type=int, default=0, dest="rank", help="attacker's skill rank")
    att.add_argument("--agility", type=int, default=2, help="attacker's Agility (ranged)")
    att.add_argument("--might", type=int, default=2, help="attacker's Might (melee and unarmed)")
    att.add_argument("--damage", type=int, required=True, help="weapon Damage")
    att.add_argument("--crit", type=int, required=True, help="weapon Crit rating")
    att.add_argument("--range", default="medium", help="weapon's farthest band (default medium)")
    att.add_argument("--pierce", type=int, default=0, help="weapon Pierce")
    att.add_argument("--stun", action="store_true", help="the weapon deals Stun damage (Strain)")
    att.add_argument("--band", default="short", help="range band to the target (default short)")
    att.add_argument("--past-range", action="store_true", help="the GM allows a shot past the weapon's range")
    att.add_argument("--cover", default="none", help="none, light or heavy")
    att.add_argument("--resistance", type=int, required=True, help="target Resistance")
    att.add_argument("--wound-points", type=int, required=True, help="target Wound Points")
    att.add_argument("--wounds", type=int, default=0, help="Wounds the target already has")
    att.add_argument("--kind", default="character", help="character, minion or elite")
    att.add_argument("--melee-defense", type=int, default=0, help="target Melee Defense")
    att.add_argument("--ranged-defense", type=int, default=0, help="target Ranged Defense")
    att.add_argument("--gravity", default="standard", help="micro, low, standard, elevated, high, extreme")
    att.add_argument("--anchored", action="store_true", help="attacker is anchored (mag boots, handhold)")
    att.add_argument("--disoriented", action="store_true", help="attacker is Disoriented")
    att.add_argument("--boon-dice", type=int, default=0, help="extra Boon Dice")
    att.add_argument("--bane-dice", type=int, default=0, help="extra Bane Dice")
    att.add_argument("--json", action="store_true", help="print JSON")
    att.set_defaults(func=_attack)

    for add_parser, run in _EXTRA_COMMANDS:
        add_parser(sub).set_defaults(func=run)
    return parser


def _load_extras() -> None:
    if _EXTRA_COMMANDS:
        return
    try:
        from voidref.drifters.ships import cli as ships_cli
    except ImportError:
        return
    _EXTRA_COMMANDS.append((ships_cli.add_parser, ships_cli.run))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _load_extras()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except RulesError as err:
        print(f"voidref: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
