"""The example pages' Python for the browser: the doctest runner and the replays' inputs.

Issue 13, "Run it, change it".
"""

from __future__ import annotations

import doctest
import json
import os
import re

import pytest

from voidref.calc import doctest_run, examples, replays
from voidref.drifters.encounter import MakeAttack, replay
from voidref.drifters.encounter.examples import docking_bay_log
from voidref.drifters.rolled import InputError
from voidref.drifters.ship_replay import ember_drift
from voidref.present.replays.docking_bay import docking_bay_steps, render_step
from voidref.present.replays.ember_drift import render_ship_step

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "drifters_replays_published.json")


def test_doctest_runner_marks_each_example():
    """Each example is reported with its source, the output expected and the output got."""
    out = doctest_run.run_block(">>> 1 + 1\n2\n>>> print('a  b')\na b\n>>> 'x'\n'y'\n")
    assert [(e["source"], e["ok"]) for e in out["examples"]] == [("1 + 1", True), ("print('a  b')", True),
                                                                 ("'x'", False)]
    assert out["examples"][2]["want"] == "'y'" and out["examples"][2]["got"] == "'x'"
    assert (out["passed"], out["failed"]) == (2, 1)


def test_doctest_runner_agrees_with_doctest_itself():
    """Oracle: the runner's pass/fail count equals the standard DocTestRunner's on the same text."""
    text = (">>> x = [1, 2]\n>>> x\n[1, 2]\n>>> x[5]\nTraceback (most recent call last):\n...\n"
            "IndexError: list index out of range\n>>> len(x)\n3\n>>> list(range(30))\n[0, 1, ..., 29]\n")
    runner = doctest.DocTestRunner(optionflags=doctest_run.OPTIONS)
    result = runner.run(doctest.DocTestParser().get_doctest(text, {}, "t", None, 0), out=lambda _s: None)
    out = doctest_run.run_block(text)
    assert (out["failed"], len(out["examples"])) == (result.failed, result.attempted)


def test_setup_blocks_share_one_namespace_in_order():
    """The page's earlier blocks run first, in order, as the build runs them; a later block sees their names."""
    setup = [">>> a = 2\n", ">>> b = a * 3\n"]
    assert doctest_run.run_block(">>> a + b\n8\n", setup)["passed"] == 1
    got = doctest_run.run_block(">>> b\n6\n", setup[:1])["examples"][0]["got"]
    assert got.endswith("NameError: name 'b' is not defined")


def test_a_run_does_not_leak_into_the_next():
    """A name a block defines is not there for the next run of another block with the same setup."""
    doctest_run.run_block(">>> leaked = 1\n", [">>> a = 1\n"])
    assert not doctest_run.run_block(">>> leaked\n1\n", [">>> a = 1\n"])["examples"][0]["ok"]


def test_global_setup_is_the_builds():
    """Fraction is there without an import, as conf.py's doctest_global_setup gives every page."""
    assert doctest_run.run_block(">>> Fraction(1, 2)\nFraction(1, 2)\n")["passed"] == 1


@pytest.mark.parametrize("text", ["no examples here", ">>>x = 1\n", ""])
def test_unreadable_block_is_an_error_not_a_traceback(text):
    """Text that is not a doctest gives one clear sentence."""
    out = doctest_run.run_block(text)
    assert out["ok"] is False and "Traceback" not in out["error"]


def test_bad_arguments_are_named():
    """A setup that is not a list of strings is refused by name."""
    with pytest.raises(TypeError, match="'setup'"):
        doctest_run.run_block(">>> 1\n1\n", "x")
    assert json.loads(examples.run_json("doctest", '{"source": 3}'))["ok"] is False


def _lines(text: str) -> str:
    return re.sub(r"\n+", "\n", text.strip())


def test_default_inputs_give_the_published_replays_exactly():
    """The replays' defaults give, line for line, the Markdown published before they took inputs."""
    with open(GOLDEN, encoding="utf-8") as fh:
        published = json.load(fh)
    bay = [render_step(s) for s in docking_bay_steps()]
    ship = ember_drift()
    shown = {"bay": bay, "ship": [render_ship_step(s, ship[k - 1] if k else None) for k, s in enumerate(ship)]}
    for key in ("bay", "ship"):
        assert [_lines(t) for t in shown[key]] == [_lines(t) for t in published[key]]
    for name in replays.REPLAYS:
        out = replays.run(name, {})
        assert out["ok"] and out["inputs"] == replays.get(name).defaults()


def test_the_browser_gets_the_steps_the_build_writes():
    """For the published inputs, each step's HTML sent to the browser is the string ``{replay}`` puts in the
    page (both are ``Replay.html``, one renderer); changed inputs change only the steps they touch."""
    for name in replays.REPLAYS:
        out = replays.run(name, {})
        assert out["steps"] == list(replays.get(name).html()) and not any(out["changed"])
    out = replays.run("docking-bay", {"senna_armor": "3"})
    assert out["changed"][:3] == [False] * 3 and out["changed"][3]
    assert out["steps"][3] == replays.get("docking-bay").html(senna_armor=3)[3]


def test_field_defaults_equal_the_replay_functions_defaults():
    """Each form field's default is the keyword default of its replay function."""
    import inspect

    for form, func in ((replays.get("docking-bay"), docking_bay_steps), (replays.get("ember-drift"), ember_drift)):
        params = inspect.signature(func).parameters
        assert {f.name: f.default for f in form.fields} == {n: p.default for n, p in params.items()}
    assert inspect.signature(docking_bay_log).parameters == inspect.signature(docking_bay_steps).parameters


def _senna_after_agent_a(**inputs) -> int:
    """Senna's Wounds at the end of Agent A's first turn (step 3 of the page)."""
    return replay(docking_bay_log(**inputs)[:docking_bay_steps(**inputs)[3].end]).fighter("Senna").health.wounds


def test_armor_changes_senna_wounds_after_agent_a_shot():
    """More armor Resistance: Agent A's first hit costs Senna fewer Wounds, and the steps before it are unchanged."""
    assert _senna_after_agent_a(senna_armor=3) == _senna_after_agent_a() - 2
    assert docking_bay_steps(senna_armor=3)[:3] == docking_bay_steps()[:3]  # her armor plays no part before


def test_agent_a_miss_leaves_senna_unhurt():
    """A first shot of 0 net Successes is a miss: no Wounds to Senna at that step (and no Bane for the GM)."""
    assert _senna_after_agent_a(agent_a_successes=0, agent_a_boons=0) == 0


def test_agility_changes_senna_shot_pool_and_keeps_the_result():
    """Another Agility: the source's faces no longer fit, so the log keeps only the net result, and the step
    shows one way to roll it with the new pool."""
    shot = next(e for e in docking_bay_log(senna_agility=5) if isinstance(e, MakeAttack))
    assert (shot.successes, shot.boons, shot.faces) == (2, 1, ())
    text = docking_bay_steps(senna_agility=5)[1].html()
    assert "(5 Ability vs 1 Trial): 2 Successes and 1 Boon" in text and "one way to roll this result" in text


def test_a_roll_the_changed_pool_cannot_give_names_the_input():
    """Agility 1 cannot give Senna's stated 2 Successes and 1 Boon: the error names the Agility input."""
    with pytest.raises(InputError) as caught:
        docking_bay_log(senna_agility=1)
    assert caught.value.name == "senna_agility"
    out = replays.run("docking-bay", {"senna_agility": "1"})
    assert not out["ok"] and out["errors"]["senna_agility"].startswith("Senna's Agility: ")


def test_ship_replay_misses_and_no_banes():
    """A missed autocannon shot does no Hull Damage; a railgun shot without Banes leaves nothing to spend."""
    miss = ember_drift(gun_successes=0, gun_boons=0)
    assert miss[3].ships["CM-440 cutter"].hull_damage == 0
    plain = ember_drift(rail_boons=0)
    assert dict(plain[4].facts)["The GM's Banes"] == "none to spend"


def test_ship_replay_gunner_agility_changes_the_pool():
    """Yessica's Agility changes her autocannon pool (and so the odds), not the published result."""
    base, changed = ember_drift(), ember_drift(gunner_agility=5)
    assert base[3].checks[0].roll.pool != changed[3].checks[0].roll.pool
    assert base[3].ships == changed[3].ships


@pytest.mark.parametrize(("name", "field", "raw"), [("docking-bay", "senna_armor", "x"),
                                                    ("ember-drift", "rail_boons", "-99")])
def test_unreadable_input_is_named_by_its_label(name, field, raw):
    """A value the field cannot take is reported at that field, by its label."""
    out = replays.run(name, {field: raw})
    label = next(f.label for f in replays.get(name).fields if f.name == field)
    assert not out["ok"] and label in out["errors"][field]


def test_unknown_replay_is_refused():
    """Only the two replays can be asked for."""
    assert "docking-bay" in json.loads(examples.run_json("replay", '{"name": "nope"}'))["error"]
