"""A roll of a Void Drifters replay as a step shows it: the pool, the faces by die, the net result, the odds.

>>> from voidref.drifters.dice import Pool
>>> from voidref.drifters.rolled import rolled
>>> from voidref.present.replays.blocks import markdown
>>> print(markdown(roll_blocks(rolled("Davan", "Craft", Pool(ability=2), 1, 0, inputs="(none)"))), end="")
**Davan: Craft** (2 Ability vs no dice)
<BLANKLINE>
- Dice (one way to roll the source's result): Ability Dice: blank, Success
- Net: 1 Success
- Odds before the roll: 1 net Success needed, 75.0%
"""

from __future__ import annotations

from fractions import Fraction

from voidref.drifters.dice import Die, Roll
from voidref.drifters.rolled import RolledCheck, faces_text
from voidref.present import percent
from voidref.present.replays.blocks import Bullets, Paragraph, Strong

__all__ = ["roll_blocks", "dice_line"]

_SHOWN_ORDER = (Die.MASTERY, Die.ABILITY, Die.BOON, Die.HAZARD, Die.TRIAL, Die.BANE)


def dice_line(roll: Roll, source: str) -> str:
    """The faces of *roll* by die, after where they come from (*source*): ``'Dice (as recorded): ...'``."""
    by_die: dict[Die, list[str]] = {d: [] for d in _SHOWN_ORDER}
    for die, face in roll.faces:
        by_die[die].append(faces_text(face))
    shown = " · ".join(f"{die.label} {'Die' if len(names) == 1 else 'Dice'}: {', '.join(names)}"
                       for die, names in by_die.items() if names) or "no dice"
    return f"Dice ({source}): {shown}"


def roll_blocks(check: RolledCheck, extra_odds: tuple[tuple[str, Fraction], ...] = ()) -> list[Paragraph | Bullets]:
    """A check as a paragraph (who rolled what) and a list (the faces by die, the net result and its odds)."""
    o = check.outcome
    net = f"{o.successes} Success{'es' if abs(o.successes) != 1 else ''}"
    if o.boons:
        net += f", {abs(o.boons)} {'Boon' if o.boons > 0 else 'Bane'}{'s' if abs(o.boons) != 1 else ''}"
    source = "as the source gives them" if check.stated_faces else "one way to roll the source's result"
    chance_needed = check.chance_needed()
    if check.needed is None or chance_needed is None:  # the chance is None exactly when nothing is needed
        odds = [f"{o.successes} or more, {percent(check.chance_as_good())}"]
    else:
        odds = [f"{check.needed} net Success needed, {percent(chance_needed)}"]
        if o.successes > check.needed:
            odds.append(f"{o.successes} or more, {percent(check.chance_as_good())}")
        elif o.successes < check.needed:
            odds.append(f"a miss, {percent(check.chance_as_good())}")
    odds += [f"{what}, {percent(chance)}" for what, chance in extra_odds]
    return [Paragraph((Strong(f"{check.who}: {check.what}"), f" ({check.roll.pool.describe()})")),
            Bullets((dice_line(check.roll, source), f"Net: {net}", f"Odds before the roll: {'; '.join(odds)}"))]
