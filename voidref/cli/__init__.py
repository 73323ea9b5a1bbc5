"""The ``voidref`` command line: exact odds at the table, from the same calculators as the site.

Examples::

    voidref odds "2M 2A vs 2T 1b"
    voidref odds --characteristic 4 --skill 2 --difficulty hard --boon-dice 1
    voidref odds "2A" --boon-dice 2 --json
    voidref attack --characteristic 3 --skill-rank 2 --band medium --cover light
    voidref calc --list
    voidref calc pirates-soak --dice 3d6 --armor-value 6 --damage-type energy
    voidref roll drifters-roll --dice "2M 1A vs 2T"
    voidref ship-attack --agility 4 --gunnery 2 --band medium
    voidref --version

Every command prints the answer as text (what the site's "copy result"
gives) or, with ``--json``, as the one JSON shape of :mod:`voidref.cli.output`.
Bad input is one line naming the flag, on standard error, with exit status 2
(with ``--json``, the refusal is also JSON on standard output).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from voidref import __version__
from voidref.calc.results import to_text
from voidref.cli.calculators import (
    Answer,
    answer,
    calculator_parser,
    flag,
    given,
    list_calculators,
    odds_inputs,
    parser,
)
from voidref.cli.output import as_json, failure_json
from voidref.errors import RulesError

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser: the commands, each of which reads the rest of the line with its own flags."""
    top = parser("voidref", "Exact odds for the voidref games, from the same calculators as the site. "
                 "Void Drifters dice letters: A Ability, M Mastery, B Boon Die, T Trial, H Hazard (upgraded "
                 "Trial), b Bane Die.",
                 epilog="Add --json to any command for the JSON every command shares; "
                        "voidref COMMAND --help for a command's flags.")
    top.add_argument("--version", action="version", version=f"voidref {__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=argparse.ArgumentParser)
    for name, text in (("odds", "odds of a Void Drifters check, from a pool or characteristic and skill"),
                       ("attack", "odds of a Void Drifters personal attack (the site's attack calculator)"),
                       ("calc", "any calculator of the site: voidref calc --list"),
                       ("roll", "roll dice at the table, read by the engine: voidref roll --list"),
                       ("ship-attack", "odds of a Void Drifters ship attack, from the worked example's ships")):
        command = sub.add_parser(name, help=text, add_help=False, prefix_chars="\0")
        command.add_argument("rest", nargs=argparse.REMAINDER)
    return top


def _odds(argv: list[str]) -> Answer:
    from voidref.calc.registry import get

    calc = get("check-odds")
    p = calculator_parser(calc, "voidref odds", skip=("dice",))
    p.add_argument("pool", nargs="?", help="the dice, e.g. '2M 2A vs 2T 1b' (whole names work too)")
    args = p.parse_args(argv)
    return answer("odds", "check-odds", odds_inputs(args.pool, args), json=args.json,
                  name_of=lambda f: "pool" if f.name == "dice" else flag(f))


def _calc(argv: list[str]) -> Answer | str:
    from voidref.calc.registry import get

    if not argv or argv[0] in ("--list", "-h", "--help"):
        return list_calculators()
    slug, rest = argv[0], argv[1:]
    calc = get(slug)
    if calc.rolls:
        raise RulesError(f"'slug' {slug} is a roller, not a calculator: voidref roll {slug}", argument="slug")
    args = calculator_parser(calc, f"voidref calc {slug}").parse_args(rest)
    return answer(f"calc {slug}", slug, given(args, calc), json=args.json)


def _roll(argv: list[str]) -> Answer | str:
    import random

    from voidref.calc.registry import get

    if not argv or argv[0] in ("--list", "-h", "--help"):
        return list_calculators(rollers=True)
    slug, rest = argv[0], argv[1:]
    calc = get(slug)
    if not calc.rolls:
        raise RulesError(f"'slug' {slug} is a calculator, not a roller: voidref calc {slug}", argument="slug")
    p = calculator_parser(calc, f"voidref roll {slug}")
    p.add_argument("--seed", type=int, default=None,
                   help="roll from this seed (the same seed, the same roll); left out, the system's random source")
    args = p.parse_args(rest)
    rng = random.SystemRandom() if args.seed is None else random.Random(args.seed)
    return answer(f"roll {slug}", slug, given(args, calc), json=args.json, rng=rng)


def _attack(argv: list[str]) -> Answer:
    from voidref.calc.registry import get

    calc = get("attack")
    args = calculator_parser(calc, "voidref attack").parse_args(argv)
    return answer("attack", "attack", given(args, calc), json=args.json)


def _ship_attack(argv: list[str]) -> Answer:
    from voidref.cli import ships

    p = ships.add_parser(parser("voidref ship-attack", "Exact odds of one Void Drifters ship attack. Ships start "
                                "from the worked example (ember-drift, cm-440); override any figure. Bands: "
                                "engaged, short, medium, long, extra-long, extreme."))
    args = p.parse_args(argv)
    try:
        return Answer("ship-attack", ships.inputs_of(args), ships.result(args), json=args.json)
    except RulesError as error:
        return Answer("ship-attack", ships.inputs_of(args), None, error=str(error), json=args.json)


_COMMANDS = {"odds": _odds, "attack": _attack, "calc": _calc, "roll": _roll, "ship-attack": _ship_attack}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 answered, 2 bad input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    wants_json = "--json" in argv
    try:
        if not argv or argv[0] in ("-h", "--help", "--version"):
            try:
                build_parser().parse_args(argv or ["--help"])
            except SystemExit as done:
                return int(done.code or 0)
        if argv[0] not in _COMMANDS:
            choices = ", ".join(_COMMANDS)
            raise RulesError(argument="command", expected=f"one of {choices} (voidref --help)", received=argv[0])
        try:
            out = _COMMANDS[argv[0]](argv[1:])
        except SystemExit as done:  # a command's --help
            return int(done.code or 0)
    except RulesError as error:
        return _refuse(argv[0] if argv else "", {}, str(error), wants_json)
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        sys.stdout = open(os.devnull, "w")
        return 0
    try:
        return _print(out)
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")
        return 0


def _print(out: Answer | str) -> int:
    if isinstance(out, str):
        print(out)
        return 0
    if out.result is None:
        return _refuse(out.command, out.errors, out.error, out.json)
    if out.json:
        print(json.dumps(as_json(out.command, out.inputs, out.result), indent=2, ensure_ascii=False))
    else:
        print(to_text(out.result))
    return 0


def _refuse(command: str, errors: dict[str, str], error: str | None, wants_json: bool) -> int:
    """Report bad input: one line per fault on standard error (and the JSON refusal on standard output)."""
    if wants_json:
        print(json.dumps(failure_json(command, errors, error), indent=2, ensure_ascii=False))
    for message in [*errors.values(), *([error] if error else [])]:
        print(f"voidref: error: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
