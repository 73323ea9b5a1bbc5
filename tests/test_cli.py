"""The voidref command line: every calculator of the site, flags that never go unread, one JSON shape."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref import __version__, calc
from voidref.calc.fields import BoolField, ChoiceField, IntField
from voidref.cli import main
from voidref.cli.calculators import flag
from voidref.drifters import Pool

SLUGS = [c.slug for c in calc.calculators()]


def _run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _json(argv, capsys):
    code, out, err = _run([*argv, "--json"], capsys)
    return code, json.loads(out), err


# -- the JSON shape ----------------------------------------------------------------------------------------

def _check_figure(f):
    assert set(f) <= {"kind", "text", "fraction", "decimal", "exact", "upper_fraction"}
    assert f["kind"] in ("chance", "number") and isinstance(f["text"], str) and isinstance(f["exact"], bool)
    value = Fraction(f["fraction"])
    assert f["decimal"] == float(value)
    if "upper_fraction" in f:
        assert not f["exact"] and Fraction(f["upper_fraction"]) >= value
    if f["kind"] == "chance":
        assert 0 <= value <= 1


def _check_text(t):
    assert set(t) == {"text", "figures"} or set(t) == {"label", "text", "figures"}
    for f in t["figures"]:
        _check_figure(f)
        assert f["text"] in t["text"]


def check_shape(data):
    """The documented JSON shape (voidref.cli.output), key by key."""
    assert data["voidref"] == __version__ and isinstance(data["command"], str)
    if not data["ok"]:
        assert set(data) == {"voidref", "command", "ok", "errors", "error"}
        assert data["errors"] or data["error"]
        return
    assert set(data) == {"voidref", "command", "ok", "inputs", "headline", "dice", "facts", "tables", "notes"}
    assert all(set(d) == {"die", "mark", "face", "words"} for d in data["dice"])
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in data["inputs"].items())
    _check_text(data["headline"])
    for fact in (*data["facts"], *data["notes"]):
        _check_text(fact)
    for table in data["tables"]:
        assert set(table) == {"caption", "columns", "rows"}
        for row in table["rows"]:
            assert len(row) == len(table["columns"])
            for cell in row:
                if "kind" in cell:
                    _check_figure(cell)
                else:
                    assert set(cell) == {"text"}


# -- every calculator ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("slug", SLUGS)
def test_every_calculator_of_the_site_runs_on_the_command_line(slug, capsys):
    """`voidref calc SLUG` answers with the text the site's calculator gives at its defaults."""
    code, out, err = _run(["calc", slug], capsys)
    assert code == 0 and not err
    assert out == calc.run(slug)["text"] + "\n"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_calculator_answers_in_the_one_json_shape(slug, capsys):
    """--json of every calculator follows the documented shape, its figures the result's exact numbers."""
    code, data, _ = _json(["calc", slug], capsys)
    assert code == 0
    check_shape(data)
    assert data["command"] == f"calc {slug}" and data["inputs"] == calc.run(slug)["inputs"]
    _, result = calc.registry.evaluate(slug, {})
    assert data["headline"]["text"] == str(result.headline)


def test_the_list_names_every_calculator(capsys):
    """`voidref calc --list` lists every calculator of the registry, by game."""
    code, out, _ = _run(["calc", "--list"], capsys)
    assert code == 0 and all(slug in out for slug in SLUGS) and "Void Pirates" in out


@pytest.mark.parametrize("slug", SLUGS)
def test_every_field_is_a_flag_with_the_form_limits(slug, capsys):
    """Each field is a flag; a value past a whole-number field's limit is refused by the form's own message."""
    for f in calc.get(slug).fields:
        if isinstance(f, IntField):
            code, out, err = _run(["calc", slug, flag(f), str(f.high + 1)], capsys)
            expected = f"{flag(f)!r} must be a whole number from {f.low} to {f.high} (got '{f.high + 1}')"
            assert code == 2 and not out and err == f"voidref: error: {expected}\n"
        elif isinstance(f, ChoiceField):
            code, out, err = _run(["calc", slug, flag(f), "nowhere"], capsys)
            assert code == 2 and flag(f) in err
        elif isinstance(f, BoolField):
            for option in (flag(f), "--no-" + flag(f)[2:]):
                code, out, err = _run(["calc", slug, option], capsys)
                assert code in (0, 2), (slug, option, err)


def test_a_yes_no_flag_reaches_the_calculator(capsys):
    """`--stun` and `--no-stun` set the attack's Stun field as the form's box does."""
    _, on, _ = _json(["calc", "attack", "--stun"], capsys)
    _, off, _ = _json(["calc", "attack", "--no-stun"], capsys)
    assert on["inputs"]["stun"] == "1" and off["inputs"]["stun"] == "0"


@pytest.mark.parametrize("argv, fragment", [
    (["calc", "check-odds", "--skil", "3"], "unrecognized arguments: --skil 3"),
    (["calc", "check-odds", "--boon", "1"], "unrecognized arguments: --boon 1"),  # no abbreviations
    (["calc", "nowhere"], "'slug' must be one of"),
    (["calc", "attack", "--weapon-range", "extra-long"], "'--weapon-range' must be one of"),
    (["fight"], "'command' must be one of odds, attack, calc, roll, ship-attack"),
])
def test_unknown_names_are_refused_by_name(argv, fragment, capsys):
    """A flag, calculator or command the CLI does not know is refused, named, never ignored."""
    code, out, err = _run(argv, capsys)
    assert code == 2 and not out and fragment in err and err.count("\n") == 1


def test_a_refusal_in_json_mode_is_json(capsys):
    """With --json a refusal is the documented JSON (ok false, the message by flag) and exit status 2."""
    code, data, err = _json(["calc", "check-odds", "--skill", "9"], capsys)
    assert code == 2 and "'--skill'" in err
    check_shape(data)
    assert data["errors"] == {"--skill": "'--skill' must be a whole number from 0 to 5 (got '9')"}


# -- odds: a typed pool and the flags ------------------------------------------------------------------------

def test_odds_from_pool_text_prints_the_chance(capsys):
    """`voidref odds '4A vs 1T'` prints the chance of success of exactly those dice."""
    code, out, _ = _run(["odds", "4A vs 1T"], capsys)
    assert code == 0 and out.startswith("Chance of success: 83.3%") and "Pool: 4 Ability vs 1 Trial" in out


def test_odds_from_characteristic_and_skill_match_the_engine(capsys):
    """--characteristic, --skill and --difficulty build the engine's pool for the check."""
    code, data, _ = _json(["odds", "--characteristic", "4", "--skill", "2", "--difficulty", "hard"], capsys)
    assert code == 0
    check_shape(data)
    expected = Pool.for_check(4, 2, "hard").chance_of_success()
    assert Fraction(data["headline"]["figures"][0]["fraction"]) == expected


@pytest.mark.parametrize("extra, engine", [
    (["--boon-dice", "2"], lambda p: p.add("boon", 2)),
    (["--bane-dice", "1"], lambda p: p.add("bane", 1)),
    (["--upgrades", "1"], lambda p: p.upgrade(1)),
    (["--difficulty-upgrades", "1"], lambda p: p.upgrade_difficulty(1)),
])
def test_a_typed_pool_and_the_dice_flags_combine(extra, engine, capsys):
    """A typed pool takes the Boon, Bane and upgrade flags, as the site's calculator does (none is ignored)."""
    _, data, _ = _json(["odds", "2A 1M vs 2T", *extra], capsys)
    expected = engine(Pool.parse("2A 1M vs 2T"))
    assert data["facts"][0]["text"] == expected.describe()
    assert Fraction(data["headline"]["figures"][0]["fraction"]) == expected.chance_of_success()


def test_a_typed_pool_without_a_difficulty_takes_the_difficulty_flag(capsys):
    """A typed pool that names no negative dice and no 'vs' rolls against --difficulty (Average when left out)."""
    _, hard, _ = _json(["odds", "2A", "--difficulty", "hard"], capsys)
    _, plain, _ = _json(["odds", "2A"], capsys)
    assert hard["facts"][0]["text"] == Pool.parse("2A vs 3T").describe()
    assert plain["facts"][0]["text"] == Pool.parse("2A vs 2T").describe()


@pytest.mark.parametrize("argv, both", [
    (["odds", "2A", "--skill", "99"], ("'pool'", "'--skill'")),
    (["odds", "2A", "--characteristic", "3"], ("'pool'", "'--characteristic'")),
    (["odds", "2A vs 1T", "--difficulty", "hard"], ("'pool'", "'--difficulty'")),
])
def test_a_flag_a_typed_pool_makes_meaningless_is_refused_naming_both(argv, both, capsys):
    """--characteristic, --skill (and --difficulty for a pool that states its own) cannot join a typed pool."""
    code, out, err = _run(argv, capsys)
    assert code == 2 and not out and all(name in err for name in both)


@pytest.mark.parametrize("pool", ["", "  ", "vs", "vs 2T"])
def test_a_pool_with_no_dice_of_its_own_is_refused(pool, capsys):
    """An empty pool, or one with nothing before 'vs', is refused rather than answered 0%."""
    code, out, err = _run(["odds", pool], capsys)
    assert code == 2 and not out and "'pool'" in err


def test_bad_pool_text_is_one_line_naming_the_pool(capsys):
    """An unreadable pool is one line naming 'pool', no traceback."""
    code, out, err = _run(["odds", "4Q"], capsys)
    assert code == 2 and not out and err.startswith("voidref: error: 'pool'") and err.count("\n") == 1


# -- attack ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["minion", "elite"])
def test_a_stun_hit_on_a_minion_or_elite_shows_wounds(kind, capsys):
    """Minions and Elites take a Stun hit's Strain as Wounds: the command shows Wounds, not a Strain table."""
    _, data, _ = _json(["attack", "--stun", "--target-kind", kind], capsys)
    facts = {f["label"]: f for f in data["facts"]}
    assert Fraction(facts["Average Wounds"]["figures"][0]["fraction"]) > 0
    assert [t["caption"] for t in data["tables"]] == ["Wounds dealt (0 on a miss)"]


def test_attack_is_the_site_attack_calculator(capsys):
    """`voidref attack` is `voidref calc attack`: the same flags and the same answer."""
    argv = ["--characteristic", "4", "--skill-rank", "2", "--band", "medium", "--cover", "light"]
    _, a, _ = _json(["attack", *argv], capsys)
    _, b, _ = _json(["calc", "attack", *argv], capsys)
    assert a["headline"] == b["headline"] and a["facts"] == b["facts"]


# -- the program -------------------------------------------------------------------------------------------

def test_version(capsys):
    """`voidref --version` prints the package version."""
    code, out, _ = _run(["--version"], capsys)
    assert code == 0 and out == f"voidref {__version__}\n"


def test_python_dash_m_and_help():
    """`python -m voidref --help` explains the commands."""
    done = subprocess.run([sys.executable, "-m", "voidref", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and all(c in done.stdout for c in ("odds", "attack", "calc", "ship-attack"))


@pytest.mark.parametrize("argv", [["calc", "attack", "--help"], ["odds", "--help"], ["ship-attack", "--help"]])
def test_each_command_explains_its_flags(argv, capsys):
    """A command's --help lists its flags and exits 0."""
    code, out, _ = _run(argv, capsys)
    assert code == 0 and "--json" in out


@settings(max_examples=60)
@given(st.text(alphabet="0123456789AMBTHb vs,+-x", max_size=14))
def test_any_pool_text_gives_odds_or_a_clear_error(text):
    """Whatever the pool text, the command answers or names the argument: never a traceback."""
    assert main(["odds", text]) in (0, 2)


@settings(max_examples=100)
@given(slug=st.sampled_from(SLUGS), data=st.data())
def test_any_flag_value_gives_an_answer_or_one_line_naming_a_flag(slug, data):
    """Random text in any field's flag: exit 0 with an answer, or 2 with a message, never a traceback."""
    fields = calc.get(slug).fields
    f = data.draw(st.sampled_from([f for f in fields if not isinstance(f, BoolField)]))
    value = data.draw(st.one_of(st.text(max_size=30), st.just("9" * 5000), st.integers(-10**6, 10**6).map(str)))
    if value.startswith("-"):
        value = " " + value  # argparse would read it as a flag
    assert main(["calc", slug, flag(f), value]) in (0, 2)


# -- a flag the other inputs leave unused ----------------------------------------------------------------

def _unused_cases():
    for c in calc.calculators():
        for f in c.fields:
            for other, allowed in f.needs:
                o = c.field(other)
                choices = [v for v, _ in o.choices] if isinstance(o, ChoiceField) else ["2A"]
                unmet = next(v for v in choices if v not in allowed)
                yield pytest.param(c.slug, f, o, unmet, allowed[0], id=f"{c.slug}-{f.name}")


@pytest.mark.parametrize("slug, f, other, unmet, met", list(_unused_cases()))
def test_a_flag_the_other_inputs_leave_unused_is_refused_naming_both(slug, f, other, unmet, met, capsys):
    """A field used only with certain other inputs (a range band, for a ranged attack) is refused, naming both
    flags, when set with other inputs; with them it is read."""
    value = f.format(f.default) if not isinstance(f, BoolField) else None
    setting = [flag(f)] if value is None else [flag(f), value]
    code, out, err = _run(["calc", slug, flag(other), unmet, *setting], capsys)
    assert code == 2 and not out and flag(f) in err and flag(other) in err and "leave it out" in err
    if met:
        code, out, err = _run(["calc", slug, flag(other), met, *setting], capsys)
        assert code == 0, err


def test_listed_dice_that_state_their_difficulty_refuse_the_difficulty_flag(capsys):
    """`calc check-odds --dice '2A vs 1T' --difficulty hard` is refused: the dice already say what they roll
    against, so the flag would go unread."""
    code, out, err = _run(["calc", "check-odds", "--dice", "2A vs 1T", "--difficulty", "hard"], capsys)
    assert code == 2 and not out and "'--dice' and '--difficulty'" in err
    assert main(["calc", "check-odds", "--dice", "2A", "--difficulty", "hard"]) == 0


# -- rolling -----------------------------------------------------------------------------------------------

ROLLERS = [c.slug for c in calc.registry.rollers()]


@pytest.mark.parametrize("slug", ROLLERS)
def test_every_roller_rolls_on_the_command_line_from_a_seed(slug, capsys):
    """`voidref roll SLUG --seed N` rolls as the site's roller does with random.Random(N), in the one JSON shape."""
    import random

    code, data, _ = _json(["roll", slug, "--seed", "7"], capsys)
    assert code == 0
    check_shape(data)
    assert data["dice"] and data["command"] == f"roll {slug}"
    assert data["headline"]["text"] == calc.run(slug, rng=random.Random(7))["text"].splitlines()[0]


def test_a_roller_and_a_calculator_are_not_mixed_up(capsys):
    """`voidref calc` refuses a roller and `voidref roll` a calculator, saying which command to use."""
    code, _, err = _run(["calc", "drifters-roll"], capsys)
    assert code == 2 and "voidref roll drifters-roll" in err
    code, _, err = _run(["roll", "check-odds"], capsys)
    assert code == 2 and "voidref calc check-odds" in err
    code, out, _ = _run(["roll", "--list"], capsys)
    assert code == 0 and all(slug in out for slug in ROLLERS)
