"""The voidref command line: tables, JSON, help, and one-line errors."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.cli import main
from voidref.drifters import Pool


def test_odds_from_pool_text_prints_a_table(capsys):
    """`voidref odds '4A vs 1T'` prints the chance of success."""
    assert main(["odds", "4A vs 1T"]) == 0
    out = capsys.readouterr().out
    assert "Check: 4 Ability vs 1 Trial" in out and "83.3%" in out


def test_odds_json_matches_the_engine(capsys):
    """--json gives exact fractions equal to the engine's."""
    assert main(["odds", "--characteristic", "4", "--skill", "2", "--difficulty", "average", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = Pool.for_check(4, 2, "average").chance_of_success()
    assert Fraction(data["success"]["fraction"]) == expected


def test_attack_summary(capsys):
    """`voidref attack` reports the pool in words and the chance to hit."""
    assert main(["attack", "--agility", "3", "--ranged", "2", "--damage", "6", "--crit", "3",
                 "--band", "short", "--cover", "light", "--resistance", "2", "--wound-points", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["describe"] == "2 Mastery + 1 Ability vs 1 Trial + 1 Bane"
    assert Fraction(data["hit"]["fraction"]) == Fraction(5153, 6912)


@pytest.mark.parametrize("argv, message", [
    (["odds", "--characteristic", "11"], "'characteristic' must be an integer from 1 to 10 (got 11)"),
    (["odds", "4Q"], "'pool' dice must be A, M, B, T, H, b or die names (got '4Q'"),
    (["odds", "3A 2"], "'pool' must be counts and dice"),
    (["attack", "--damage", "6", "--crit", "3", "--resistance", "2", "--wound-points", "12", "--band", "far"],
     "'band' must be one of engaged, short, medium, long, extreme (got 'far')"),
])
def test_bad_input_is_one_line_naming_the_argument(capsys, argv, message):
    """Bad input: exit 2 and a one-line message naming the argument, no traceback."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_python_dash_m_and_help():
    """`python -m voidref --help` explains the commands."""
    done = subprocess.run([sys.executable, "-m", "voidref", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "odds" in done.stdout and "attack" in done.stdout


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="0123456789AMBTHb vs,+-x", max_size=14))
def test_any_pool_text_gives_odds_or_a_clear_error(text):
    """Whatever the pool text, the command answers or names the argument: never a traceback."""
    try:
        code = main(["odds", text])
    except SystemExit as exit_:  # argparse refuses text that looks like an option
        code = exit_.code
    assert code in (0, 2)
