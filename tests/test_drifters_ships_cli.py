"""Void Drifters ships: the ship-attack command."""

import argparse
import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters.ships import cli


def _run(argv, capsys):
    parser = argparse.ArgumentParser(prog="voidref")
    sub = parser.add_subparsers(dest="command")
    cli.add_parser(sub).set_defaults(func=cli.run)
    args = parser.parse_args(["ship-attack", *argv])
    code = args.func(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_table_by_default(capsys):
    """The default output is a readable table with the pool and the chance to hit."""
    code, out, err = _run(
        [
            "--agility",
            "4",
            "--gunnery",
            "2",
            "--band",
            "medium",
            "--boon-dice",
            "2",
            "--talent-boon-dice",
            "1",
            "--attacker-evading",
            "--boost",
            "--boon-use",
            "armor",
        ],
        capsys,
    )
    assert code == 0 and not err
    assert "2 Mastery + 2 Ability + 3 Boon vs 2 Trial + 1 Bane" in out
    assert "85.9%" in out and "Hull Damage" in out


def test_json_output(capsys):
    """--json prints exact fractions for scripts."""
    code, out, _ = _run(
        ["--attacker", "cm-440", "--agility", "3", "--gunnery", "2", "--band", "medium", "--target-evading", "--json"],
        capsys,
    )
    data = json.loads(out)
    assert code == 0 and data["weapon"] == "railgun battery" and data["target"] == "Ember Drift"
    assert data["out_of_control"] is None
    assert sum(__import__("fractions").Fraction(v["fraction"]) for v in data["hull_damage"].values()) == 1


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["--agility", "x", "--gunnery", "2", "--band", "medium"], "'--agility' must be an integer (got 'x')"),
        (["--agility", "4", "--gunnery", "2"], "'--band' must be given"),
        (["--agility", "4", "--gunnery", "2", "--band", "long"], "'band' must be a band the autocannon fires at"),
        (
            ["--agility", "4", "--gunnery", "2", "--band", "medium", "--arc", "aft"],
            "'arc' must be an arc the autocannon covers",
        ),
        (
            ["--agility", "4", "--gunnery", "2", "--band", "medium", "--boon-dice", "1.5"],
            "'--boon-dice' must be an integer",
        ),
        (
            ["--agility", "4", "--gunnery", "2", "--band", "medium", "--boon-dice", "-1"],
            "'limited' must be an integer from 0 to 10",
        ),
        (
            ["--agility", "4", "--gunnery", "2", "--band", "medium", "--hull-points", "0"],
            "'hull_points' must be an integer",
        ),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--target", "x"], "'--target' must be one of"),
        (
            ["--agility", "4", "--gunnery", "2", "--band", "medium", "--deflection", "a/b"],
            "'--deflection' must read fore/aft",
        ),
        (
            [
                "--agility",
                "10",
                "--gunnery",
                "10",
                "--band",
                "extreme",
                "--weapon-range",
                "short-extreme",
                "--talent-boon-dice",
                "10",
                "--bane-dice",
                "10",
            ],
            "at most 24 dice",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, fragment, capsys):
    """Bad input: one line naming the argument on stderr, exit status 2, no traceback."""
    code, out, err = _run(argv, capsys)
    assert code == 2 and not out
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


_OPTIONS = [
    "--agility",
    "--gunnery",
    "--band",
    "--arc",
    "--facing",
    "--boon-dice",
    "--talent-boon-dice",
    "--bane-dice",
    "--hull-taken",
    "--damage",
    "--crit",
    "--armor",
    "--hull-points",
    "--weapon-range",
    "--deflection",
    "--boon-use",
    "--attacker",
    "--target",
    "--weapon",
    "--handling",
]


@settings(max_examples=150, deadline=None)
@given(
    options=st.dictionaries(
        st.sampled_from(_OPTIONS),
        st.one_of(
            st.text(alphabet="0123456789-/.abcdefghijklmnopqrstuvwxyz ", max_size=8), st.integers(-5, 30).map(str)
        ),
        max_size=8,
    )
)
def test_any_command_line_exits_0_or_2_without_a_traceback(options):
    """Fuzzed options: the command either prints odds (0) or one error line (2)."""
    argv = ["--agility", "3", "--gunnery", "1", "--band", "short"]
    for k, v in options.items():
        argv += [k + "=" + v]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        parser = argparse.ArgumentParser(prog="voidref")
        cli.add_parser(parser.add_subparsers(dest="command"))
        code = cli.run(parser.parse_args(["ship-attack", *argv]))
    out, err = out.getvalue(), err.getvalue()
    assert code in (0, 2)
    if code == 2:
        assert err.count("\n") == 1 and not out
