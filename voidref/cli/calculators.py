"""``voidref calc``: every calculator of the site on the command line, and the ``odds`` and ``attack`` shortcuts.

A calculator's fields become flags (``skill_rank`` is ``--skill-rank``; a yes/no
field is ``--stun`` / ``--no-stun``), with the same defaults, limits and error
messages as the form on the site, naming the flag. ``voidref calc --list``
lists them; ``voidref calc SLUG --help`` shows one calculator's flags.

``voidref attack`` is ``voidref calc attack``. ``voidref odds [POOL]`` is
``voidref calc check-odds`` with the pool as its first argument; a typed pool
and the flags combine as on the site (Boon and Bane Dice and upgrades add to
the pool; ``--difficulty`` sets the Trial Dice of a pool that states none),
and a flag that a typed pool would make meaningless is refused, naming both.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, Field, IntField, TextField
from voidref.calc.registry import Calculator, calculators, evaluate, get
from voidref.calc.registry import rollers as all_rollers
from voidref.calc.results import Result
from voidref.errors import RulesError

__all__ = ["flag", "calculator_parser", "answer", "odds_inputs", "list_calculators", "Answer"]

SYSTEMS = {"drifters": "Void Drifters", "pirates": "Void Pirates", "cantor": "Cantor tactics",
           "twodice": "2D fighting", "upper_hand": "Upper Hand"}
"""Each game system's name, as the site's headings give it."""


def flag(f: Field) -> str:
    """The command-line flag of a calculator field: ``skill_rank`` is ``--skill-rank``."""
    return "--" + f.name.replace("_", "-")


def _help(f: Field) -> str:
    parts = [f.label]
    if f.help:
        parts.append(f.help)
    if isinstance(f, ChoiceField):
        parts.append("one of " + ", ".join(value for value, _ in f.choices))
    if isinstance(f, BoolField):
        parts.append(f"default {'yes' if f.default else 'no'}")
    else:
        shown = f.format(f.default)
        parts.append(f"default {shown!r}" if shown == "" else f"default {shown}")
    return "; ".join(parts).replace("%", "%%")


def _metavar(f: Field) -> str:
    if isinstance(f, IntField):
        return "N"
    if isinstance(f, ChoiceField):
        return "CHOICE"
    return "TEXT" if isinstance(f, TextField) else "VALUE"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are a :class:`~voidref.errors.RulesError` (one line, or JSON)."""

    def error(self, message: str) -> Any:
        raise RulesError(f"{self.prog}: {message}")


def parser(prog: str, description: str, **kwargs: Any) -> argparse.ArgumentParser:
    """A sub-command's own parser: no abbreviated flags (``--skil`` is not ``--skill``), errors as RulesError."""
    return _Parser(prog=prog, description=description, allow_abbrev=False,
                   formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)


def calculator_parser(calc: Calculator, prog: str, *, skip: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The flags of calculator *calc* (less the fields named in *skip*), each defaulting to "not given"."""
    p = parser(prog, f"{calc.title}: {calc.intro}",
               epilog="Every flag left out takes the same default as the form on the site.")
    main = p.add_argument_group("inputs")
    rulings = p.add_argument_group("rulings (the defaults are our reading; see the site's Rulings page)")
    for f in calc.fields:
        if f.name in skip:
            continue
        group = rulings if f.group == RULINGS else main
        if isinstance(f, BoolField):
            group.add_argument(flag(f), dest=f.name, action="store_const", const="1", default=None, help=_help(f))
            group.add_argument("--no-" + flag(f)[2:], dest=f.name, action="store_const", const="0",
                               help=argparse.SUPPRESS)
        else:
            group.add_argument(flag(f), dest=f.name, metavar=_metavar(f), default=None, help=_help(f))
    p.add_argument("--json", action="store_true", help="print the answer as JSON (the shape is on the site's "
                                                      "command-line page)")
    return p


@dataclass(frozen=True)
class Answer:
    """What a command answered: its inputs as text, and its result or its errors by flag; *json*: print JSON."""

    command: str
    inputs: dict[str, str]
    result: Result | None
    errors: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    json: bool = False


def answer(command: str, slug: str, inputs: dict[str, Any], *, json: bool = False,
           name_of: Callable[[Field], str] = flag, rng: random.Random | None = None) -> Answer:
    """Run calculator (or roller, with *rng*) *slug* on *inputs*; its errors keyed and worded by each field's flag."""
    calc = get(slug)
    if slug in ("check-odds", "drifters-roll"):
        refuse_a_second_difficulty(inputs, name_of(calc.field("dice")))
    out, result = evaluate(slug, inputs, name_of=name_of, given=tuple(inputs), rng=rng)
    fields = {f.name: f for f in calc.fields}
    errors = {name_of(fields[name]): message for name, message in out["errors"].items()}
    return Answer(command, out["inputs"], result, errors, out["error"], json)


def given(args: argparse.Namespace, calc: Calculator) -> dict[str, str]:
    """The inputs a command line gave (a flag left out is not sent, so the calculator's default holds)."""
    return {f.name: getattr(args, f.name) for f in calc.fields if getattr(args, f.name, None) is not None}


def list_calculators(*, rollers: bool = False) -> str:
    """Every calculator (or, with *rollers*, every roller), by game: its slug and what it answers."""
    found = all_rollers() if rollers else calculators()
    lines = ["Rollers (voidref roll SLUG --help for the flags of one):" if rollers else
             "Calculators (voidref calc SLUG --help for the flags of one):"]
    width = max(len(c.slug) for c in found)
    for system, name in SYSTEMS.items():
        mine = [f"  {c.slug.ljust(width)}  {c.intro}" for c in found if c.system == system]
        lines += ["", name, *mine] if mine else []
    return "\n".join(lines)


def odds_inputs(pool: str | None, args: argparse.Namespace) -> dict[str, str]:
    """The check-odds inputs for ``voidref odds``: a typed pool and the flags combined as on the site, or refused.

    >>> ns = argparse.Namespace(characteristic=None, skill="2", difficulty=None)
    >>> odds_inputs("2A", ns)
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: 'pool' and '--skill' cannot both be given: a typed pool lists every die the \
characteristic and skill would give (got '2A' and '2')
    """
    inputs = {name: getattr(args, name) for name in ("characteristic", "skill", "difficulty", "upgrades",
                                                     "difficulty_upgrades", "boon_dice", "bane_dice")
              if getattr(args, name, None) is not None}
    if pool is None:
        if args.characteristic is None:
            raise RulesError("'pool' must be given as text like '2M 2A vs 2T', or use --characteristic "
                             "(got neither)", argument="pool")
        return inputs
    if not pool.strip():
        raise RulesError(argument="pool", expected="dice such as '2M 2A vs 2T 1b'", received=pool)
    for name in ("characteristic", "skill"):
        if name in inputs:
            raise RulesError(f"'pool' and '--{name}' cannot both be given: a typed pool lists every die the "
                             f"characteristic and skill would give (got {pool!r} and {inputs[name]!r})",
                             argument="pool")
    inputs["dice"] = pool
    return inputs


def refuse_a_second_difficulty(inputs: dict[str, Any], dice_flag: str) -> None:
    """Refuse ``--difficulty`` beside listed dice that state what they roll against (it would go unread).

    >>> refuse_a_second_difficulty({"dice": "2A vs 1T", "difficulty": "hard"}, "--dice")
    Traceback (most recent call last):
    ...
    voidref.errors.RulesError: '--dice' and '--difficulty' cannot both be given: the dice '2A vs 1T' state what \
they roll against (drop --difficulty, or leave their negative dice and 'vs' out)
    """
    from voidref.calc.drifters import states_its_difficulty
    from voidref.drifters import Pool

    dice = inputs.get("dice")
    if not isinstance(dice, str) or not dice.strip() or "difficulty" not in inputs:
        return
    try:
        stated = states_its_difficulty(dice, Pool.parse(dice))
    except RulesError:
        return  # the calculator reports the unreadable dice itself
    if stated:
        raise RulesError(f"{dice_flag!r} and '--difficulty' cannot both be given: the dice {dice!r} state what "
                         f"they roll against (drop --difficulty, or leave their negative dice and 'vs' out)",
                         argument="difficulty")
