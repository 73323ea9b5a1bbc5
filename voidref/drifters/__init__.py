"""Void Drifters: the headline system's combat rules.

Modules, one per rules concept: :mod:`~voidref.drifters.dice` (dice, pools,
exact check odds), :mod:`~voidref.drifters.rulings` (every ruling, in one
place).
"""

from voidref.drifters.dice import CheckOutcome, Die, Difficulty, Face, Pool, Roll

__all__ = ["CheckOutcome", "Die", "Difficulty", "Face", "Pool", "Roll"]
