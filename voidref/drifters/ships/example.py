"""The ships, weapons and crew of "Worked Example: One Ship Round".

Restates the profiles the example prints. The example leaves a few things
out (the railgun's mount, the cutter's crew); the choices for those are
rulings in :mod:`voidref.drifters.ships.rulings`.

>>> AUTOCANNON
ShipWeapon('autocannon', damage=4, ranges=(ShipRange.SHORT, ShipRange.MEDIUM), crit=4, pierce=1, heat=1)
>>> EMBER_DRIFT.hull_points, CM_440_CUTTER.armor
(18, 3)
"""

from __future__ import annotations

from voidref.drifters.characters import Character, Skill
from voidref.drifters.ships import rulings
from voidref.drifters.ships.profiles import Arc, ShipProfile, ShipRange, ShipWeapon

__all__ = ["AUTOCANNON", "RAILGUN_BATTERY", "EMBER_DRIFT", "CM_440_CUTTER", "crew"]


#: The Ember Drift's forward-fixed autocannon.
AUTOCANNON = ShipWeapon("autocannon", damage=4, ranges=(ShipRange.SHORT, ShipRange.MEDIUM),
                        crit=4, pierce=1, heat=1)

#: The CM-440 cutter's railgun battery; its mount is ruling
#: :data:`~voidref.drifters.ships.rulings.EXAMPLE_RAILGUN_MOUNT`.
RAILGUN_BATTERY = ShipWeapon("railgun battery", damage=5, ranges=(ShipRange.MEDIUM, ShipRange.LONG),
                             crit=3, pierce=1, heat=1, mount=rulings.EXAMPLE_RAILGUN_MOUNT, arcs=tuple(Arc))

#: The Ember Drift, a Model 20 light freighter.
EMBER_DRIFT = ShipProfile("Ember Drift", speed=3, handling=0, armor=1, hull_points=18,
                          heat_dissipation=2, heat_threshold=10, weapons=(AUTOCANNON,))

#: The bounty crew's CM-440 armored cutter (no Heat Threshold listed).
CM_440_CUTTER = ShipProfile("CM-440 cutter", speed=4, handling=0, armor=3, hull_points=22,
                            heat_dissipation=2, weapons=(RAILGUN_BATTERY,))


def crew() -> dict[str, Character]:
    """The Ember Drift's crew as the example uses them, and the cutter's assumed pilot and gunner.

    Senna's Savvy, Perception, Might and Willpower come from the Docking Bay
    fight; Davan's from the same. The cutter's crew is ruling
    :data:`~voidref.drifters.ships.rulings.EXAMPLE_CUTTER_GUNNER`.
    """
    return {
        "senna": Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2,
                           skills={Skill.PILOT: 2, Skill.PERCEPTION: 2}),
        "yessica": Character("Yessica Morn", agility=4, skills={Skill.GUNNERY: 2}),
        "davan": Character("Davan Kel", might=2, intellect=4, willpower=2,
                           skills={Skill.CRAFT: 2, Skill.ELECTRONICS: 2}),
        "rhi": Character("Rhi", intellect=4),
        "corin": Character("Corin Ash"),
        "cutter pilot": rulings.EXAMPLE_CUTTER_PILOT,
        "cutter gunner": rulings.EXAMPLE_CUTTER_GUNNER,
    }
