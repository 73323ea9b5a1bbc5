"""An Upper Hand engagement played round by round, with exact odds before each step.

Run it with ``python examples/upper_hand_round.py``. The dice are fixed inputs, as if
rolled at the table; every Impact, cap, hit, change of the Upper Hand and the ending
comes from :mod:`voidref.upper_hand`. It is the fight of the chapter's worked
examples: the players' Kestrel wants to jump out, the NPC Cutter wants to dock.
"""

from __future__ import annotations

from voidref.present import percent
from voidref.upper_hand import TASK_THROW, Engagement, Ship, Side, engagement_odds, maneuver_odds

throw = TASK_THROW.impact_of

KESTREL = Ship("Kestrel", computer=2, guns=2, thrusters=2, software=1, gunnery=1, pilot=2,
               players=True, pcs=("Ada", "Bo"))
CUTTER = Ship("Cutter", computer=1, guns=1, thrusters=2, gunnery=1, pilot=1)


def run(out=print) -> dict[str, object]:
    """Play the fight to its end; return the engagement, the starting odds and the Upper Hand after each round."""
    odds = engagement_odds(KESTREL, CUTTER, "jump", "dock")
    out("Exact odds before the opening throw: "
        + ", ".join(f"{k.label} {percent(v)}" for k, v in odds.outcomes.items()))
    eng = Engagement(KESTREL, CUTTER, "jump", "dock")
    eng.open(software_a=throw((5, 3), bonus=1), software_b=throw((4, 2)))
    holders = []

    # Round 1: the Kestrel fires first, the Cutter answers with damaged Guns, then loses its grip.
    eng.fire(Side.A, impact=throw((6, 4), bonus=1), rolls=[2, "thrusters"])
    eng.fire(Side.B, impact=throw((6, 5, 3), bonus=1, disadvantaged=True), rolls=[1])
    keep = maneuver_odds(eng.state.a, eng.state.b, holder=Side.A)[Side.A]
    out(f"Round 1: chance the Kestrel keeps the Upper Hand: {percent(keep)}")
    holders.append(eng.maneuver(pilot_a=throw((2, 3, 6), bonus=2, disadvantaged=True),
                                pilot_b=throw((6, 4, 4), bonus=1, disadvantaged=True)))
    eng.end_round()

    # Round 2: both fire at once; the Cutter's Thrusters and Guns are disabled; the Kestrel jumps.
    eng.fire_together(impact_a=throw((4, 4), bonus=1), impact_b=throw((3, 3, 2), bonus=1, disadvantaged=True),
                      rolls_on_b=[1, "guns"])
    holders.append(eng.maneuver(pilot_a=throw((1, 2, 5), bonus=2, disadvantaged=True), pilot_b=0))
    eng.end_round()
    for line in eng.log:
        out(line)
    return {"engagement": eng, "odds": odds, "holders": holders}


if __name__ == "__main__":
    run()
