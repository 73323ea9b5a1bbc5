"""A short Cantor skirmish, one attack at a time, with exact odds before every roll.

Run it with ``python examples/cantor_attack.py``. The dice are fixed inputs, as if
rolled at the table; everything else (sources, net dice, defense, damage, what
happens to the target) comes from :mod:`voidref.cantor`.
"""

from __future__ import annotations

from voidref.cantor import Attack, Bystander, Situation, Target, UnitState, Weapon, blast_splash, shove
from voidref.present import percent

NEEDLER = Weapon("Needler", damage="1d6", damage_type="kinetic", max_range=6, reliable=1)
CLAWS = Weapon("Hook claws", damage="1d6+1", melee=True, swarm=True)
MORTAR = Weapon("Mortar", damage="2d6", damage_type="kinetic", max_range=10, blast=1)
RAIL = Weapon("Rail", damage="2d6", damage_type="kinetic", max_range=10)

# (label, attack, attack dice, damage dice)
PLAYS = [
    ("Needler into Armor 3 (a miss)", Attack(NEEDLER, Target(evasion=6, armor=3, conditions=["lock on"]),
                                             Situation(distance=3, grit=1)), [3], []),
    ("Claws from the rear with a pack of four", Attack(CLAWS, Target(evasion=8, armor=1),
                                                        Situation(target_arc="rear", swarm_allies=4, grit=2)),
     [2, 6, 3, 1], [4]),
    ("Mortar from the ridge", Attack(MORTAR, Target(evasion=7, armor=1, conditions=["lock on"]),
                                     Situation(distance=4, grit=2, high_ground=True)), [5, 3], [6, 3]),
    ("Rail into a Cantor at 4 HP", Attack(RAIL, Target(evasion=7, armor=1, conditions=["lock on"]),
                                          Situation(distance=4, grit=2)), [6], [4, 3]),
]


def run(out=print) -> dict[str, object]:
    """Play every attack; return the damage each dealt and what the last one did to the Cantor."""
    dealt = {}
    for label, attack, dice, dmg in PLAYS:
        odds = attack.odds()
        out(f"== {label}")
        out(f"   net {odds.net:+d}, chance to hit {percent(odds.chance_to_hit)}, "
            f"average damage {float(odds.damage.mean()):.2f}")
        result = attack.resolve(dice, dmg)
        for line in result.log:
            out("   " + line)
        dealt[label] = result.damage
        if attack.weapon.blast and result.hit:
            splash = blast_splash(attack.weapon, result.raw, [Bystander("ally Wren"), Bystander("drone", armor=2),
                                                              Bystander("mortar crew", attacker=True)])
            out(f"   Blast: {splash}")
            dealt["splash"] = splash
    cantor = UnitState(hp=4, max_hp=12, structure=2, cantor=True)
    after = cantor.take(dealt["Rail into a Cantor at 4 HP"], structure_roll=3)
    out(f"Cantor: Structure {after.state.structure}, HP {after.state.hp}, rolled 3: {after.condition.name.title()}")
    bump = shove(3, clear_spaces=1)
    out(f"Knockback 3 with a rock 1 space behind: moved {bump.moved}, collision {bump.collided}")
    return {"dealt": dealt, "cantor": after, "shove": bump}


if __name__ == "__main__":
    run()
