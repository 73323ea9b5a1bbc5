"""What the example pages ask the browser's Python: run a block as a doctest, replay an example.

The page's worker (``docs/_static/calc/worker.mjs``) answers a
``{type: "examples", call, args}`` message with :func:`run_json`:

* ``"doctest"``, args ``{"source": block, "setup": [earlier blocks]}``:
  :func:`voidref.calc.doctest_run.run_block`;
* ``"replay"``, args ``{"name": "docking-bay", "inputs": {field: text}}``:
  :func:`voidref.calc.replays.run`;
* ``"tracker"``, args ``{"op": ..., ...}``: :func:`voidref.calc.tracker.run`
  (the encounter tracker's questions).

>>> import json
>>> json.loads(run_json("doctest", '{"source": ">>> 6 * 7\\\\n42\\\\n"}'))["passed"]
1
>>> json.loads(run_json("replay", '{"name": "ember-drift", "inputs": {"gun_boons": "x"}}'))["ok"]
False
>>> json.loads(run_json("guess", "{}"))["error"]
"'call' must be 'doctest', 'replay' or 'tracker' (got 'guess')"
"""

from __future__ import annotations

import json

from voidref.errors import RulesError

__all__ = ["run_json"]


def run_json(call: str, args_json: str) -> str:
    """Answer one question of an example page; JSON in (the arguments) and out (the answer)."""
    args = json.loads(args_json)
    if not isinstance(args, dict):
        return json.dumps({"ok": False, "error": "'args' must be a JSON object"})
    if call == "doctest":
        from voidref.calc import doctest_run

        return doctest_run.run_json(args_json)
    if call == "replay":
        from voidref.calc import replays

        try:
            return json.dumps(replays.run(str(args.get("name", "")), args.get("inputs") or {}))
        except RulesError as exc:
            return json.dumps({"ok": False, "errors": {}, "error": str(exc)})
    if call == "tracker":
        from voidref.calc import tracker

        return json.dumps(tracker.run(args))
    return json.dumps({"ok": False, "error": f"'call' must be 'doctest', 'replay' or 'tracker' (got {call!r})"})
