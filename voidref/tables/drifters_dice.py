"""Markdown tables of the dice, for the site's dice page (``{computed}`` blocks).

Everything here is read from the engine's data; nothing is typed twice.
"""

from __future__ import annotations

from voidref.drifters import rulings
from voidref.drifters.dice import Die, Difficulty, Pool
from voidref.present import percent

__all__ = ["faces_table", "difficulty_table", "single_die_table"]

_SYMBOL_WORDS = {"S": "Success", "F": "Failure", "B": "Boon", "b": "Bane",
                 "!": "Breakthrough", "X": "Calamity", "-": "blank"}


def _face_words(face: str) -> str:
    if face == "-":
        return "blank"
    words = []
    for symbol in dict.fromkeys(face):
        n = face.count(symbol)
        words.append(f"{n} {_SYMBOL_WORDS[symbol]}" if n > 1 else _SYMBOL_WORDS[symbol])
    return " + ".join(words)


def faces_table() -> str:
    """Each die, its size and its faces in words."""
    rows = ["| Die | Size | Faces |", "| --- | --- | --- |"]
    for die in Die:
        faces = "; ".join(_face_words(f) for f in rulings.DICE_FACES[die.value])
        rows.append(f"| {die.label} Die | d{die.sides} | {faces} |")
    return "\n".join(rows)


def difficulty_table() -> str:
    """Each difficulty and its Trial Dice."""
    rows = ["| Difficulty | Trial Dice |", "| --- | --- |"]
    rows += [f"| {d.name.capitalize()} | {int(d)} |" for d in Difficulty]
    return "\n".join(rows)


def single_die_table() -> str:
    """What one die of each kind gives on its own, computed exactly."""
    rows = ["| Die | Net Success or better | Net Failure | Net Boon | Net Bane | Breakthrough | Calamity |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for die in Die:
        d = Pool(**{die.value: 1}).distribution()
        cells = [d.prob(lambda o: o.successes > 0), d.prob(lambda o: o.successes < 0),
                 d.prob(lambda o: o.boons > 0), d.prob(lambda o: o.boons < 0),
                 d.prob(lambda o: o.breakthroughs > 0), d.prob(lambda o: o.calamities > 0)]
        rows.append(f"| {die.label} | " + " | ".join(percent(c) for c in cells) + " |")
    return "\n".join(rows)
