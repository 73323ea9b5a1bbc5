"""calc.run and run_json (what the site's worker calls) answer hostile input with named errors, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref import calc
from voidref.errors import RulesError

SLUGS = [c.slug for c in calc.calculators()]

HOSTILE = {
    "empty": "",
    "huge int": 10**5000,
    "huge negative int": -(10**5000),
    "huge digits": "9" * 5000,
    "negative": "-1",
    "float": 1.5,
    "nan": float("nan"),
    "none": None,
    "list": [1, 2],
    "dict": {"a": 1},
    "object": object(),
    "unicode": "\u202e\U0001f3b2\u0301２",
    "long text": "2d6 " * 250_000,
    "true": True,
}


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("value", list(HOSTILE), ids=list(HOSTILE))
def test_any_value_in_any_field_is_answered_or_refused_by_that_field(slug, value):
    """Each hostile value in each field gives an answer, or an error under that field that names it by its label."""
    for f in calc.get(slug).fields:
        out = calc.run(slug, {f.name: HOSTILE[value]})
        json.dumps(out)  # what the worker sends back must be JSON
        if out["ok"]:
            continue
        assert set(out["errors"]) <= {f.name} and (out["errors"] or out["error"]), (f.name, out)
        message = out["errors"].get(f.name) or out["error"]
        assert len(message) < 1000  # a refused megabyte is not echoed
        if out["errors"]:
            assert message.startswith(repr(f.label)), message


@pytest.mark.parametrize("inputs, fragment", [
    ("skill=3", "'inputs' must be a mapping"),
    (["skill", "3"], "'inputs' must be a mapping"),
    ({"skil": "3"}, "'skil' is not a field of check-odds (its fields: characteristic, skill"),
    ({3: "3"}, "'3' is not a field of check-odds"),
    ({"A": {}}, "'A' is not a field of check-odds"),
])
def test_run_refuses_what_is_not_a_form_by_name(inputs, fragment):
    """calc.run takes a mapping of its own field names: anything else is a RulesError naming what is wrong."""
    with pytest.raises(RulesError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        calc.run("check-odds", inputs)


@pytest.mark.parametrize("text, fragment", [
    ("{", "'inputs' must be a JSON object"),
    ("[1, 2]", "'inputs' must be a JSON object"),
    ("null", "'inputs' must be a JSON object"),
    ("9" * 5000, "(5,000 characters)"),
    ('{"skil": "3"}', "'skil' is not a field of check-odds"),
    ('{"A": {"skil": 1}}', "'skil' is not a field of check-odds"),
    ("[" * 100_000, "'inputs' must be a JSON object"),
])
def test_run_json_answers_a_bad_question_with_an_error(text, fragment):
    """run_json (the worker's entry) never raises: bad JSON or unknown fields come back as ok false and a message."""
    out = json.loads(calc.run_json("check-odds", text))
    assert out["ok"] is False and fragment in out["error"]


def test_run_json_names_an_unknown_calculator():
    """An unknown slug is answered with the list of calculators, not raised."""
    out = json.loads(calc.run_json("no-such", "{}"))
    assert out["ok"] is False and out["error"].startswith("'slug' must be one of attack, cantor-attack")


@settings(max_examples=200)
@given(slug=st.sampled_from(SLUGS), data=st.data())
def test_random_form_text_never_crashes_a_calculator(slug, data):
    """Random text in random fields: every answer is JSON, ok or with errors; never an exception."""
    fields = calc.get(slug).fields
    chosen = data.draw(st.lists(st.sampled_from(fields), max_size=4, unique_by=lambda f: f.name))
    inputs = {f.name: data.draw(st.text(max_size=40)) for f in chosen}
    json.loads(calc.run_json(slug, json.dumps(inputs)))
