"""The 2D fighting knife example, as a script: 2D-3 rolling 5 and 2.

Run it with ``python examples/twodice_knife.py``. The rolled damage dice (5 and
2) are the source's; the dice left after the -3, and the exact odds of what
gets through each class of armor, are computed by :mod:`voidref.twodice`.

>>> run(out=lambda line: None)["dice_left"]
(2, 2)
"""

from __future__ import annotations

from fractions import Fraction

from voidref.present import percent
from voidref.twodice import KNIFE, ArmorClass, apply_saves, damage_items, hit_damage_dist, save_dist

ROLLED = (5, 2)  # the source's damage dice


def run(out=print) -> dict:
    """Work the example; print each step with *out*; return the numbers shown."""
    left = damage_items(ROLLED, KNIFE.damage.bonus)
    out(f"Knife {KNIFE.damage} rolls {ROLLED[0]} and {ROLLED[1]}: dice left {left}")
    through: dict[str, dict[int, Fraction]] = {}
    no_damage: dict[str, Fraction] = {}
    for armor in ArmorClass:
        after = save_dist(armor).map(lambda saves: apply_saves(left, saves).damage)
        through[armor.value] = after.probabilities()
        no_damage[armor.value] = hit_damage_dist(KNIFE.damage, armor)[0]
        shown = ", ".join(f"{dmg} damage {percent(p)}" for dmg, p in after.probabilities().items())
        out(f"  {armor.value:>6} armor ({armor.save_dice}D save): {shown}")
    out("Chance a knife hit does no damage, before the dice are rolled:")
    for name, p in no_damage.items():
        out(f"  {name:>6}: {p} ({percent(p)})")
    return {"dice_left": left, "through": through, "no_damage": no_damage}


if __name__ == "__main__":
    run()
