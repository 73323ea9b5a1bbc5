"""The ship-attack command: the worked example's ships, any figure overridden, errors naming the flag."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.cli import main
from voidref.drifters.ships import CM_440_CUTTER, EMBER_DRIFT, ShipAttack, attack_odds

EMBER_SHOT = ["--agility", "4", "--gunnery", "2", "--band", "medium", "--boon-dice", "2", "--talent-boon-dice", "1",
              "--attacker-evading", "--boost", "--boon-use", "armor"]


def _run(argv, capsys):
    code = main(["ship-attack", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_ember_drift_shot_prints_its_pool_and_chance_to_hit(capsys):
    """The default output is the result as text: the worked example's pool and its chance to hit."""
    code, out, err = _run(EMBER_SHOT, capsys)
    assert code == 0 and not err
    assert "2 Mastery + 2 Ability + 3 Boon vs 2 Trial + 1 Bane" in out
    assert "85.9%" in out and "Hull Damage" in out


def test_json_output_carries_the_engine_exact_odds(capsys):
    """--json gives the shared JSON shape, each chance as the engine's exact fraction."""
    code, out, _ = _run(["--attacker", "cm-440", "--agility", "3", "--gunnery", "2", "--band", "medium",
                         "--target-evading", "--json"], capsys)
    data = json.loads(out)
    engine = attack_odds(ShipAttack(CM_440_CUTTER, CM_440_CUTTER.weapons[0], EMBER_DRIFT, agility=3, gunnery=2,
                                    band="medium", target_evading=True))
    assert code == 0 and data["ok"] and data["command"] == "ship-attack"
    assert data["headline"]["text"].startswith("CM-440 cutter, railgun battery against the Ember Drift")
    assert Fraction(data["headline"]["figures"][0]["fraction"]) == engine.hit
    facts = {f["label"]: f for f in data["facts"]}
    assert facts["Chance the target goes out of control"]["figures"] == []
    hull = data["tables"][0]
    assert sum(Fraction(row[1]["fraction"]) for row in hull["rows"]) == 1
    assert {int(row[0]["text"]): Fraction(row[1]["fraction"]) for row in hull["rows"]} == \
        engine.hull_damage.probabilities()


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["--agility", "x", "--gunnery", "2", "--band", "medium"], "'--agility' must be an integer (got 'x')"),
        (["--agility", "4", "--gunnery", "2"], "'--band' must be given"),
        (["--agility", "4", "--gunnery", "2", "--band", "long"], "'--band' must be a band the autocannon fires at"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--arc", "aft"],
         "'--arc' must be an arc the autocannon covers"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--boon-dice", "1.5"],
         "'--boon-dice' must be an integer"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--boon-dice", "-1"],
         "'--boon-dice' must be an integer from 0 to 10"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--hull-points", "0"],
         "'--hull-points' must be an integer"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--target", "x"], "'--target' must be one of"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--deflection", "a/b"],
         "'--deflection' must be fore/aft"),
        (["--agility", "10", "--gunnery", "10", "--band", "extreme", "--weapon-range", "short-extreme",
          "--talent-boon-dice", "10", "--bane-dice", "10"], "at most 24 dice"),
        (["--agility", "4", "--gunnery", "2", "--band", "medium", "--boon-dise", "1"],
         "unrecognized arguments: --boon-dise"),
    ],
)
def test_bad_input_is_one_line_naming_the_flag_and_exit_2(argv, fragment, capsys):
    """Bad input: one line naming the flag on stderr, exit status 2, no traceback."""
    code, out, err = _run(argv, capsys)
    assert code == 2 and not out
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


_OPTIONS = ["--agility", "--gunnery", "--band", "--arc", "--facing", "--boon-dice", "--talent-boon-dice",
            "--bane-dice", "--hull-taken", "--damage", "--crit", "--armor", "--hull-points", "--weapon-range",
            "--deflection", "--boon-use", "--attacker", "--target", "--weapon", "--handling"]


@settings(max_examples=150, deadline=None)
@given(options=st.dictionaries(
    st.sampled_from(_OPTIONS),
    st.one_of(st.text(alphabet="0123456789-/.abcdefghijklmnopqrstuvwxyz ", max_size=8),
              st.integers(-5, 30).map(str), st.text(max_size=30), st.just("9" * 5000)),
    max_size=8))
def test_any_command_line_exits_0_or_2_without_a_traceback(options):
    """Fuzzed options: the command either prints odds (0) or one error line (2), never a traceback."""
    import contextlib
    import io

    argv = ["--agility", "3", "--gunnery", "1", "--band", "short"]
    for k, v in options.items():
        argv += [k + "=" + v]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["ship-attack", *argv])
    assert code in (0, 2)
    if code == 2:
        assert err.getvalue().count("\n") == 1 and not out.getvalue()


@pytest.mark.parametrize("text, bands", [
    ("extra-long", ("extra long",)),
    ("short-long", ("short", "medium", "long")),
    ("medium-extra-long", ("medium", "long", "extra long")),
    ("long,extreme", ("long", "extreme")),
])
def test_weapon_range_reads_a_band_a_span_or_a_list(text, bands, capsys):
    """--weapon-range takes one band ("extra-long" is one band), a span from one band to another, or a list."""
    from voidref.cli.ships import _ranges

    class Args:
        weapon_range = text

    assert tuple(b.value for b in _ranges(Args, ())) == bands
