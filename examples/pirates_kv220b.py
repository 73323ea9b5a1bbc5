"""The KV-220B's turn from the Void Pirates ship-combat example, run by the engine.

The KV-220B light cargo hauler (Initiative 15) closes to Close range, fires its
12d6 50mm autocannons at the Type-87 lander (AV 20) and repairs with a Rank 3
engineer. The dice the source states (48 on 12d6, 3 on 2d6) are inputs; the rest
is computed, with the odds the source does not print.

Run it: ``python3 examples/pirates_kv220b.py``.
"""

from __future__ import annotations

from voidref.exact import Dist
from voidref.pirates import (
    ActionRoll,
    Combatant,
    after_soak,
    gunnery_distribution,
    gunnery_odds,
    maneuver_effect,
    repair_amount,
)
from voidref.pirates.replays import kv220b
from voidref.present import percent
from voidref.present.replays.kv220b import kv220b_step

LANDER_AV = 20
AUTOCANNONS = "12d6"
ENGINEER_RANK = 3


def kv220b_turn() -> list[str]:
    """The turn as report lines (source dice as inputs, everything else computed)."""
    lines = []
    # Initiative 15 is the only figure the source gives; any AGL + pilot SRM + roll reaching it will do.
    hauler = Combatant.ship("KV-220B", agility=3, roll=10, pilot_srm=2)
    lines.append(f"Initiative: {hauler.total} (acts first)")
    close_in = maneuver_effect("full", "change_range")
    lines.append(f"Pilot phase: successful maneuver, moves {close_in['range_bands']} band to Close range")
    damage = after_soak(48, armor_value=LANDER_AV, damage_type="physical")
    lines.append(f"Gunnery phase: {AUTOCANNONS} rolls 48, minus AV {LANDER_AV} = {damage} damage to the lander")
    repaired = repair_amount(3, rank=ENGINEER_RANK, max_hp=200)
    lines.append(f"Engineer phase: 2d6 rolls 3, x Rank {ENGINEER_RANK} = {repaired} HP repaired")

    twelve_d6 = Dist.die(6).repeat_sum(12)
    two_d6 = Dist.die(6).repeat_sum(2)
    lines.append(f"Odds: 12d6 = 48 exactly {percent(twelve_d6[48], 2)}; 2d6 = 3 {percent(two_d6[3], 2)}")
    odds = gunnery_odds(ActionRoll(), ActionRoll(), range_band="close")
    shot = gunnery_distribution(ActionRoll(), ActionRoll(), AUTOCANNONS, LANDER_AV, "physical", "close")
    lines.append(f"Equal crews at Close range: the gunner wins {percent(odds.win)}, ties {percent(odds.tie)}, "
                 f"average {float(shot.mean()):.2f} HP a shot")
    return lines


def main() -> None:
    """Print the turn, then the engine's step-by-step replay (range change and the Lander's turn included)."""
    for line in kv220b_turn():
        print(line)
    for i, step in enumerate(kv220b()):
        print(f"\n{step.title}")
        print(kv220b_step(i), end="")


if __name__ == "__main__":
    main()
