"""Golden outputs: every calculator gives, for recorded inputs, exactly the output it gave when they were recorded.

``tests/golden/calculators.json`` holds, per calculator, its defaults and a few
hundred seeded random inputs (valid and invalid, form text as a browser sends it)
with the full dict :func:`voidref.calc.run` returned for each. Refactoring the
calculators must not change any of them. Re-record (only for an intended change of
output, and say so in the commit) with::

    PYTHONPATH=$PWD python tests/test_calc_golden.py --record

Each calculator draws its forms from its own seeded generator, so adding a field
or a calculator redraws that calculator's forms only. Before re-recording, replay
the old file on the new code to see exactly what changed::

    cp tests/golden/calculators.json /tmp/old.json   # before the change
    PYTHONPATH=$PWD python tests/test_calc_golden.py --compare /tmp/old.json
"""

from __future__ import annotations

import json
import os
import random
import sys

import pytest

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "calculators.json")
SEED = 20261201
PER_CALCULATOR = 16
"""Random inputs recorded per calculator, besides its defaults (fewer for the slow engagement one)."""
FEWER = {"upper-hand-engagement": 6}
SWITCHED = 8
"""Forms recorded per calculator with ruling switches, the switches drawn as well."""
EXTRA = {
    "upper-hand-engagement": ({"my_goal": "jump", "their_goal": "jump"},
                              {"my_goal": "dock", "their_goal": "reach", "my_guns": "0"}),
    "twodice-armor": ({"armor": "heavy"}, {"dice": "1", "modifier": "-6"}),
    "cantor-structure": ({"hp": "0", "structure": "0"}, {"melee": "1", "distance": "1", "armor_piercing": "1"}),
    "check-odds": ({"dice": "2A 1M"}, {"dice": "2a 1m vs average", "difficulty": "hard"}, {"dice": "2A vs 1T"},
                   {"dice": "2 ability 1 mastery"}, {"dice": "2A 1M vs no dice"}, {"dice": "2A 1Q"}),
    "attack": ({"defense": "3", "deflecting": "2", "talent_defense": "2"},
               {"thrown": "1", "weapon_range": "short", "band": "medium", "gravity": "micro"},
               {"thrown": "1", "weapon_range": "short", "band": "engaged", "gravity": "high",
                "thrown_reach_stops_at_engaged": "1"},
               {"weapon_skill": "melee", "gravity": "micro", "difficulty_upgrades": "2"}),
}
"""Hand-picked forms that reach paths the random ones may miss (exact fallback, simulation, one armour class)."""

_JUNK = ("", "x", "-", "1.5", "１", "<b>", "99999999", "true", "None", " 2 ", "\u22121", "d6", "2d", "0d6")
_DICE_SIDES = (4, 6, 8, 10, 12)


def _valid(field, rng: random.Random) -> str:
    """Text a form could send that *field* accepts (near the default, so the runs stay quick)."""
    kind = field.kind
    if kind == "int":
        if rng.random() < 0.2:
            value = rng.randint(field.low, min(field.high, field.low + 12))
        else:
            value = max(field.low, min(field.high, field.default + rng.randint(-3, 3)))
        return str(value)
    if kind == "choice":
        value, label = rng.choice(field.choices)
        return value if rng.random() < 0.8 else label.upper()
    if kind == "bool":
        return rng.choice(("1", "0", "on", "no", "true"))
    if field.name == "combatants":
        sides = ("player", "gm")
        lines = [f"C{i}, {rng.choice(sides)}, {rng.randint(0, 4)}" for i in range(rng.randint(1, 5))]
        return "\n".join(lines)
    if field.name == "dice" and field.default == "":
        if rng.random() < 0.4:
            return ""
        pos = " ".join(f"{rng.randint(1, 2)}{rng.choice('MAB')}" for _ in range(rng.randint(1, 2)))
        neg = " ".join(f"{rng.randint(1, 2)}{rng.choice('THb')}" for _ in range(rng.randint(0, 2)))
        return f"{pos} vs {neg}" if neg else pos
    count = rng.randint(1, 4) if field.default != "12d6" else rng.randint(4, 14)
    bonus = rng.choice(("", "", f"+{rng.randint(1, 3)}", f"-{rng.randint(1, 2)}"))
    return f"{count}d{rng.choice(_DICE_SIDES)}{bonus}"


def _invalid(field, rng: random.Random) -> str:
    """Text *field* most likely refuses (out of range, not a number, an unknown choice, junk)."""
    if field.kind == "int" and rng.random() < 0.5:
        return str(rng.choice((field.low - rng.randint(1, 5), field.high + rng.randint(1, 5))))
    if field.kind == "text" and rng.random() < 0.5:
        return "9" * (field.max_length + 1)
    return rng.choice(_JUNK)


def _inputs(calc, rng: random.Random, group: str = "") -> dict[str, str]:
    """One random form: some fields left out (their default), sometimes one or two refused values.

    Only the fields of *group* are drawn (the main form by default), so adding a
    disclosure of switches later leaves the forms drawn for the main fields as they were.
    """
    fields = [f for f in calc.fields if f.group == group]
    raw = {f.name: _valid(f, rng) for f in fields if rng.random() < 0.8}
    if rng.random() < 0.3:
        for f in rng.sample(fields, min(len(fields), rng.randint(1, 2))):
            raw[f.name] = _invalid(f, rng)
    return raw


def record() -> dict:
    """Run every calculator on its defaults and seeded random inputs; the cases with their outputs."""
    from voidref import calc
    from voidref.calc.fields import RULINGS

    cases = []
    for c in calc.calculators():
        rng = random.Random(f"{SEED}:{c.slug}")
        switches = random.Random(f"{SEED + 1}:{c.slug}")
        forms: list[dict[str, str]] = [{}] + [_inputs(c, rng) for _ in range(FEWER.get(c.slug, PER_CALCULATOR))]
        forms += [dict(form) for form in EXTRA.get(c.slug, ())]
        if any(f.group == RULINGS for f in c.fields):  # each with the ruling switches drawn too
            forms += [{**_inputs(c, switches), **_inputs(c, switches, RULINGS)} for _ in range(SWITCHED)]
        cases += [{"slug": c.slug, "inputs": form, "output": calc.run(c.slug, form)} for form in forms]
    return {"seed": SEED, "cases": cases}


def _load() -> list[dict]:
    with open(GOLDEN, encoding="utf-8") as fh:
        return json.load(fh)["cases"]


CASES = _load() if os.path.exists(GOLDEN) else []


def test_golden_file_covers_every_calculator():
    """Every registered calculator has recorded cases, valid and refused ones among them."""
    from voidref import calc

    assert {c.slug for c in calc.calculators()} == {case["slug"] for case in CASES}
    assert len(CASES) >= 300
    assert any(not case["output"]["ok"] for case in CASES)
    assert sum(case["output"]["ok"] for case in CASES) >= 200


@pytest.mark.parametrize("case", CASES, ids=[f"{c['slug']}-{i}" for i, c in enumerate(CASES)])
def test_calculator_output_matches_the_recording(case):
    """The same inputs give the same output dict (HTML, text, inputs, errors) as when recorded."""
    from voidref import calc

    assert json.loads(json.dumps(calc.run(case["slug"], case["inputs"]))) == case["output"]


def compare(path: str) -> list[str]:
    """Replay the cases recorded in *path* on the current code: per calculator, how many kept their output.

    A case is "identical" when every part of the output is; "identical but for
    new fields" when only fields added since then are echoed among the inputs
    (at their defaults); otherwise "output changed", with the first example.
    """
    from voidref import calc

    with open(path, encoding="utf-8") as fh:
        old = json.load(fh)["cases"]
    counts: dict[tuple[str, str], int] = {}
    first: dict[tuple[str, str], str] = {}
    for case in old:
        was = case["output"]
        now = json.loads(json.dumps(calc.run(case["slug"], case["inputs"])))
        added = sorted(set(now["inputs"]) - set(was["inputs"]))
        if any(now[k] != was[k] for k in was if k != "inputs") or \
                any(now["inputs"].get(k) != v for k, v in was["inputs"].items()):
            kind = "output changed"
        else:
            kind = "identical" + (" but for new fields " + ", ".join(added) if added else "")
        key = (case["slug"], kind)
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, f"inputs {case['inputs']}: {was['text'][:120]!r} -> {now['text'][:120]!r}")
    lines = []
    for (slug, kind), n in sorted(counts.items()):
        lines.append(f"{n:4d}  {slug}: {kind}")
        if kind == "output changed":
            lines.append(f"      e.g. {first[slug, kind]}")
    return lines


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"] and len(sys.argv) == 3:
        print("\n".join(compare(sys.argv[2])))
        sys.exit(0)
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: test_calc_golden.py --record | --compare OLD.json")
    data = record()
    os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
    with open(GOLDEN, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        fh.write("\n")
    ok = sum(c["output"]["ok"] for c in data["cases"])
    print(f"{len(data['cases'])} cases ({ok} ok), {os.path.getsize(GOLDEN)} bytes")
