"""The KV-220B's turn as the page shows it: what was rolled, the odds, and the state after each step.

:func:`voidref.pirates.replays.kv220b` plays the turn and returns its steps
as data; :func:`kv220b_step` writes one of them in Markdown for the page's
``{computed}`` directive.

>>> print(kv220b_step(0), end="")
- Rolled: 3d6: 10; Initiative: 10 + 5 = 15
- Odds before the roll: 15 or more, 62.5%
- Acts: first (the source has the Lander acting after it)
- Range: Medium
"""

from __future__ import annotations

from voidref.errors import check_int
from voidref.pirates.replays import kv220b
from voidref.pirates.rulings import AS_PRINTED, STANDARD
from voidref.present import percent

__all__ = ["kv220b_step"]


def kv220b_step(step: int, as_printed: bool = False) -> str:
    """Markdown for step *step* of the KV-220B replay, for the ``{computed}`` directive."""
    steps = kv220b(AS_PRINTED if as_printed else STANDARD)
    check_int("step", step, low=0, high=len(steps) - 1)
    s = steps[step]
    out = [f"- Rolled: {'; '.join(f'{what}: {result}' for what, result in s.rolls)}"]
    out += [f"- {s.odds_label}: {'; '.join(f'{what}, {percent(p)}' for what, p in s.odds)}"]
    out += [f"- {label}: {value}" for label, value in s.state]
    return "\n".join(out) + "\n"
