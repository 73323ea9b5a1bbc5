"""The Docking Bay fight from the Void Drifters combat chapter, as a script.

Run it with ``python examples/docking_bay.py``. The dice results are the ones
the source states; every other number comes from the engine. Before each shot
it prints the exact chance to hit.
"""

from __future__ import annotations

from voidref.drifters import Attack, Character, Conditions, Entry, Health, Side, Weapon, plan_turn, turn_order
from voidref.exact import percent

SENNA = Character("Senna Vael", might=2, agility=4, savvy=2, willpower=2,
                  skills={"perception": 2}, armor_resistance=1)
DAVAN = Character("Davan Kel", might=2, intellect=4, willpower=2, skills={"craft": 2, "electronics": 2})
AGENT_A = Character("Agent A", agility=3, skills={"ranged": 2}, kind="elite",
                    stated_wound_points=12, stated_resistance=2)
AGENT_B = Character("Agent B", agility=3, skills={"ranged": 2}, kind="elite",
                    stated_wound_points=12, stated_resistance=2)
SIDEARM = Weapon("Standard sidearm", damage=6, crit=3, range="medium")

# (round, attacker, target, band, cover, Disoriented?, stated net Successes)
SHOTS = [
    (1, SENNA, AGENT_A, "short", "none", False, 2),
    (1, AGENT_A, SENNA, "short", "light", False, 1),
    (1, AGENT_B, DAVAN, "engaged", "none", False, 1),
    (2, SENNA, AGENT_A, "short", "none", False, 1),
    (2, AGENT_A, SENNA, "short", "light", True, 1),
    (2, AGENT_B, DAVAN, "short", "heavy", False, 0),
]


def run(out=print) -> dict[str, Health]:
    """Play both rounds; return each character's Health at the end."""
    order = turn_order([Entry("Senna Vael", Side.PLAYER, 2), Entry("Agent A", Side.GM, 1),
                        Entry("Davan Kel", Side.PLAYER, 1), Entry("Agent B", Side.GM, 0)])
    out("Turn order: " + ", ".join(order))
    health = {c.name: Health.of(c) for c in (SENNA, DAVAN, AGENT_A, AGENT_B)}
    for rnd, attacker, target, band, cover, disoriented, net in SHOTS:
        conditions = Conditions().apply("disoriented") if disoriented else Conditions()
        shot = Attack(attacker, SIDEARM, target, band=band, cover=cover, conditions=conditions)
        odds = shot.odds(health[target.name])
        line = (f"Round {rnd}: {attacker.name} -> {target.name}: {shot.pool().describe()}, "
                f"hit {percent(odds.hit)}")
        if net >= 1:
            wounds = shot.damage(net).wounds
            health[target.name] = health[target.name].suffer_wounds(wounds)
            line += f"; {net} net Successes: {wounds} Wounds"
        else:
            line += "; miss"
        out(line)
        if rnd == 1 and attacker is AGENT_A:
            health["Agent A"] = health["Agent A"].suffer_strain(1)  # the Bane, as Strain
            out("  Agent A's Bane: 1 Strain, which an Elite takes as 1 Wound")
        if rnd == 2 and attacker is SENNA:
            strain = plan_turn(maneuvers=2, keep_action=True).strain
            health["Davan Kel"] = health["Davan Kel"].suffer_strain(strain)
            out(f"  Davan takes a second Maneuver for {strain} Strain")
    for name, h in health.items():
        strain = f", {h.strain} Strain" if h.strain else ""
        out(f"{name}: {h.wounds} of {h.wound_points} Wounds{strain}")
    return health


if __name__ == "__main__":
    run()
