"""Every Void Pirates ruling, in one place.

Where the NOVACore "Combat Mechanics" text leaves a value out, leaves a case
open or reads two ways, the choice we made is a named constant or function
here. Each docstring says what the source says, what we chose and why; the
rest of :mod:`voidref.pirates` imports these names and never re-decides them.

>>> attribute_modifier(14)
5
>>> TargetNumber.DIFFICULT.value
15
>>> gravity_rating_modifier("floater", "zero_g")
2
"""

from __future__ import annotations

import enum
from fractions import Fraction

from voidref.errors import check_enum, check_int

__all__ = [
    "ATTRIBUTE_MIN",
    "ATTRIBUTE_MAX",
    "attribute_modifier",
    "ATTRIBUTE_MODIFIER",
    "SKILL_RANK_MAX",
    "skill_rank_modifier",
    "TargetNumber",
    "PARTIAL_MARGIN",
    "NATURAL_18_AUTO_SUCCESS",
    "NATURAL_3_ALWAYS_FAILS",
    "DOUBLE_NATURAL_3_COMPARE_TOTALS",
    "Terrain",
    "TERRAIN_MOVE_SHARE",
    "GravityRating",
    "Gravity",
    "GRAVITY_RATING_MODIFIER",
    "gravity_rating_modifier",
    "is_mismatched_gravity",
    "ENCUMBRANCE_STEP_PERCENT",
    "ENCUMBRANCE_METRES_PER_STEP",
    "WOUND_BANDS",
    "PARTIAL_DAMAGE_SHARE",
    "PARTIAL_PASSES_YES_NO",
    "INITIATIVE_FINAL_TIE",
    "PILOT_MANEUVER_TN",
    "REPAIR_DEFAULT_TN",
    "REPAIR_CAP_SHARE",
    "REPAIR_PARTIAL_SHARE",
    "RAM_MULTIPLIER_FROM_WINNER",
    "MEDIUM_RANGE_MODIFIER",
    "CATASTROPHIC_SHARE",
    "STABILIZATION_ROLL_UNDER",
    "SHIP_INITIATIVE_ADDS_RAW_AGL",
    "BRIG_NEEDS_ROLL",
    "MAX_DICE",
]

class _Enum(enum.Enum):
    """An enum whose repr is code that rebuilds the member (``Terrain.ROUGH``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


# -- attributes and skills -------------------------------------------------

ATTRIBUTE_MIN = 1
"""Lowest attribute score we accept, 1 (the source gives no range)."""

ATTRIBUTE_MAX = 20
"""Highest attribute score we accept.

**Source:** prints scores of 9, 12 and 14 and no range. **We chose:** 1 to 20,
wide enough for every printed score and for gear or species bonuses.
"""


def attribute_modifier(score: int) -> int:
    """The Attribute Modifier (AtMod) for an attribute score.

    **Source** (Initiative example): AGL 14 gives +5; no table is printed.
    **We chose:** ``(score - 4) // 2``: +1 for every two points above 4, so
    14 gives +5 as printed, 10 gives +3 and 4 or 5 give 0.
    **Why:** it reproduces the one printed value, and a step of one modifier
    per two points keeps 3d6 (spread 3 to 18) in charge of the result rather
    than the attribute. A one-for-one reading (``score - 9``) also gives +5 at
    14 but would let attributes swamp the dice.

    >>> [attribute_modifier(s) for s in (1, 4, 9, 12, 14, 20)]
    [-2, 0, 2, 4, 5, 8]
    """
    check_int("score", score, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    return (score - 4) // 2


ATTRIBUTE_MODIFIER: dict[int, int] = {s: attribute_modifier(s) for s in range(ATTRIBUTE_MIN, ATTRIBUTE_MAX + 1)}
"""The whole Attribute Modifier table, score to AtMod, built by :func:`attribute_modifier`."""

SKILL_RANK_MAX = 10
"""Highest skill rank we accept.

**Source:** Zero-G Rank 2 gives +2 SRM; repair multiplies by Rank; no cap is
printed. **We chose:** ranks 0 to 10, SRM equal to the rank.
"""


def skill_rank_modifier(rank: int) -> int:
    """The Skill Rank Modifier (SRM) for a skill rank.

    **Source:** the Initiative example pairs Rank 2 with +2. **We chose:** SRM
    equals the rank (0 when untrained). **Why:** it is the only pairing printed.

    >>> skill_rank_modifier(2)
    2
    """
    return check_int("rank", rank, low=0, high=SKILL_RANK_MAX)


# -- target numbers --------------------------------------------------------


class TargetNumber(_Enum):
    """Named Target Numbers (TN), a ruling: the source prints TN 12, 15, 18 and 21 unnamed.

    **We chose** steps of 3 from 6 to 21 and named them; the source calls the
    ship maneuver roll "Difficult", which we place at 15.
    """

    ROUTINE = 6
    """Hardly worth rolling; the GM may skip the roll (and any fumble)."""
    EASY = 9
    """Simple under pressure."""
    AVERAGE = 12
    """The common TN — clearing a jam, sealing a bulkhead, an EVA launch."""
    DIFFICULT = 15
    """Resisting Stun; a ship maneuver in the Pilot Phase."""
    VERY_DIFFICULT = 18
    """Seizing a bridge, sabotaging an engine."""
    HEROIC = 21
    """Breaking away after a boarding."""


PARTIAL_MARGIN = 1
"""How far below the TN a roll may land and still be a partial success.

**Source:** the Pilot Phase gives "Partial Success (TN-1)"; a tie in an opposed
roll is a partial for the initiator. **We chose:** every roll against a fixed
TN is a full success at TN or more, a partial success at exactly TN - 1, and a
failure below that. **Why:** it is the only partial band the source prints.
"""

NATURAL_18_AUTO_SUCCESS = False
"""Whether a natural 18 succeeds whatever the total.

**Source:** a natural 18 makes an attack a Critical Hit; Critical Inspiration
on a natural 18 "can increase the chance of success". **We chose:** no: the
total still decides; a natural 18 that succeeds in full (or wins) is a
Critical Hit. **Why:** the Inspiration text only makes sense if an 18 can still
fall short.
"""

NATURAL_3_ALWAYS_FAILS = True
"""Whether a natural 3 fails whatever the total.

**Source:** a natural 3 makes the Action Roll a Critical Failure. **We chose:**
yes: it is a failure (a fumble) even if the total would reach the TN, and in an
opposed roll the side that rolled it loses. **Why:** the source names the roll
a failure outright.
"""

DOUBLE_NATURAL_3_COMPARE_TOTALS = True
"""What happens when both sides of an opposed roll roll a natural 3.

**Source:** silent. **We chose:** both fumble and the totals decide as usual.
**Why:** neither side can lose "more"; the totals are the fairest tie-break.
"""

# -- terrain and movement ---------------------------------------------------


class Terrain(_Enum):
    """Terrain grades and the TN of the AGL (Athletics) roll to cross them at speed.

    **Source:** refers to a terrain TN table that is not printed. **We chose**
    these five grades on the :class:`TargetNumber` scale.
    """

    CLEAR = 0
    """Open deck or flat ground — no roll."""
    ROUGH = 9
    """Debris, loose cargo, low gravity footing — TN 9."""
    DIFFICULT = 12
    """Wreckage, steep slopes, tangled cables — TN 12."""
    HAZARDOUS = 15
    """Ice, live conduits, collapsing decks — TN 15."""
    EXTREME = 18
    """Sheer climbs, hull exteriors under thrust — TN 18."""


TERRAIN_MOVE_SHARE = {"full": Fraction(1), "partial": Fraction(1, 2), "failure": Fraction(0)}
"""Share of the move kept after a terrain roll, by result.

**Source:** the GM either sets a TN or cuts movement. **We chose:** full
success keeps the whole move, a partial keeps half (rounded up like every
partial move), a failure stops the mover where the terrain starts.
"""

# -- gravity ---------------------------------------------------------------


class GravityRating(_Enum):
    """The gravity a character's body is built for (their Gravity Rating, GR)."""

    FLOATER = "floater"
    """Raised in zero or low gravity."""
    STANDARD = "standard"
    """Raised near 1G (the source does not name this rating; a ruling)."""
    STOMPER = "stomper"
    """Raised in heavy gravity."""


class Gravity(_Enum):
    """Gravity bands of a place (a ruling: the source only names zero-G, 1G and 1.6G+)."""

    ZERO_G = "zero_g"
    """Free fall, under 0.1G."""
    LOW = "low"
    """0.1G to 0.7G."""
    STANDARD = "standard"
    """0.8G to 1.5G."""
    HIGH = "high"
    """1.6G and more."""


GRAVITY_RATING_MODIFIER: dict[GravityRating, dict[Gravity, int]] = {
    GravityRating.FLOATER: {Gravity.ZERO_G: 2, Gravity.LOW: 1, Gravity.STANDARD: 0, Gravity.HIGH: -2},
    GravityRating.STANDARD: {Gravity.ZERO_G: -2, Gravity.LOW: 0, Gravity.STANDARD: 0, Gravity.HIGH: -1},
    GravityRating.STOMPER: {Gravity.ZERO_G: -2, Gravity.LOW: -1, Gravity.STANDARD: 0, Gravity.HIGH: 2},
}
"""The Gravity Rating Modifier (GRM) table, rating -> gravity -> modifier.

**Source:** a Floater gets +2 in zero-G, a Stomper +2 in high-G sections; a
Floater in 1.6G+ is in "mismatched gravity"; no table. **We chose:** +2 at home
extremes, +1 for a Floater in low G, 0 at 1G for everyone, -1 or -2 away from
home. **Why:** it reproduces both printed +2s and makes the printed mismatch
(Floater in high G) a penalty.
"""


def gravity_rating_modifier(rating: GravityRating | str, gravity: Gravity | str) -> int:
    """The GRM for a Gravity Rating in a gravity band (see :data:`GRAVITY_RATING_MODIFIER`).

    >>> gravity_rating_modifier("stomper", "high")
    2
    """
    r = check_enum("rating", rating, GravityRating)
    g = check_enum("gravity", gravity, Gravity)
    return GRAVITY_RATING_MODIFIER[r][g]


def is_mismatched_gravity(rating: GravityRating | str, gravity: Gravity | str) -> bool:
    """Whether a place's gravity is "mismatched" for a rating (doubles encumbrance).

    **Source:** gives one case, a Floater at 1.6G or more. **We chose:**
    mismatched whenever the GRM is negative. **Why:** it covers the printed case
    and uses one table for both effects.

    >>> is_mismatched_gravity("floater", "high"), is_mismatched_gravity("floater", "standard")
    (True, False)
    """
    return gravity_rating_modifier(rating, gravity) < 0


ENCUMBRANCE_STEP_PERCENT = 20
"""Size of one encumbrance step — each *full* 20 % over the Carry Limit costs one step.

**Source:** 144 kg on a 120 kg limit is -1 and 168 kg is -2. **We chose:** round
the excess share down to whole steps (130 kg is -0). **Why:** the printed
examples fall exactly on steps; rounding down never penalises a fraction.
"""

ENCUMBRANCE_METRES_PER_STEP = 1
"""Metres of Move Rate lost per encumbrance step.

**Source:** "-1 Move Rate" per step. **We chose:** one metre. **Why:** Move Rate
is counted in metres everywhere else (AGL x 2 m, Jump Boots +4 m).
"""

# -- damage ----------------------------------------------------------------

WOUND_BANDS: tuple[tuple[Fraction, int], ...] = (
    (Fraction(1, 2), 0),
    (Fraction(1, 4), -2),
    (Fraction(1, 10), -5),
)
"""Wound penalty bands as (lowest HP share in the band, penalty); below the last — -10.

**Source:** over 50 % none; 25-50 % -2; 10-24 % -5; under 10 % -10, "cumulative".
**We chose:** exact shares: over 1/2 none, 1/4 to 1/2 (inclusive) -2, 1/10 up
to (not including) 1/4 -5, under 1/10 -10; only the band you are in applies,
and it adds to other modifiers. **Why:** the printed bands leave gaps (24.5 %);
"cumulative" can only mean stacking with other modifiers, since -2, -5 and -10
already grow with the wound.
"""

PARTIAL_DAMAGE_SHARE = Fraction(1, 2)
"""Damage on a partial hit (an opposed tie or TN - 1) — half the weapon's roll, rounded down.

**Source:** a tie gives "half damage rounded down". **We chose:** halve the
weapon roll (critical d4 included) before armour soaks; the minimum of 1 still
applies. **Why:** the source halves "damage", and the damage sequence starts
from the weapon roll; a partial hit is still a hit.
"""

PARTIAL_PASSES_YES_NO = True
"""Whether a partial success (TN - 1) passes a yes-or-no task.

**Source:** prints a partial's cost only for the ship maneuver (same effect,
-1 on the next Gunnery) and for opposed ties; for the Stun roll, an EVA launch,
sealing, venting, seizing a bridge, sabotage or breaking away it says nothing.
**We chose:** the task succeeds, and the GM adds a complication we do not
model. Tasks that produce an amount (damage, repair) give half instead.
**Why:** the printed partial keeps the effect and adds a cost; we keep that shape.
"""

INITIATIVE_FINAL_TIE = "simultaneous"
"""Order when total, raw AGL and raw roll all tie.

**Source:** stops at the raw roll. **We chose:** they act at the same moment,
listed in the order given. **Why:** no further tie-break exists and re-rolling
would change totals the source says to keep.
"""

# -- ships -----------------------------------------------------------------

PILOT_MANEUVER_TN = 15
"""TN for the Pilot Phase maneuver roll.

**Source:** "Piloting Action Roll (Difficult, Agility-based)", no number.
**We chose:** TN 15, Difficult on our :class:`TargetNumber` scale. **Why:**
whether "Difficult" names the TN or the skill's class, 15 is our Difficult.
"""

REPAIR_DEFAULT_TN = 12
"""TN for a Repair when the GM does not set one (the source allows 12 to 18)."""

REPAIR_CAP_SHARE = Fraction(1, 5)
"""Repair limit per round — 20 % of the ship's total HP, rounded down, at least 1.

**Source:** "maximum 20 % total HP per round". **We chose:** round down, but
never below 1 HP. **Why:** the cap is a ceiling; a tiny craft can still be patched.
"""

REPAIR_PARTIAL_SHARE = Fraction(1, 2)
"""A partial Repair (TN - 1) restores half the 2d6 x Rank, rounded down.

**Source:** silent. **We chose:** half, as for a partial hit. **Why:** one rule for every partial.
"""

RAM_MULTIPLIER_FROM_WINNER = True
"""Ramming damage uses the *winner's* Hull Class multiplier.

**Source:** "Winner deals 2d6 x ship Hull Class multiplier". **We chose:** the
winner's hull. **Why:** the winner deals the damage, so its ship is the one meant.
A tie is a partial for the rammer: half damage.
"""

MEDIUM_RANGE_MODIFIER = 0
"""Gunnery modifier at Medium range (1-5 km) — 0, the source lists only Close and Long."""

CATASTROPHIC_SHARE = Fraction(-1, 2)
"""A ship at or below -50 % of its total HP is in catastrophic failure.

**Source:** "At -50 % HP" begins catastrophic failure and names no table for the
per-round d6. **We chose:** HP at or below minus half the total HP; the per-round
d6 uses the critical system hit table. **Why:** it is the only d6 ship-damage
table printed.
"""

STABILIZATION_ROLL_UNDER = True
"""Vacuum Stabilization — success when the raw 3d6 is at most the HLTH score.

**Source:** prints "raw 3d6 > Health (HLTH) score". **We chose:** roll under:
3d6 <= HLTH stabilises. **Why:** read literally, a hardier character would
stabilise *less* often, the reverse of what Health measures; roll-under is the
usual 3d6 convention.
"""

SHIP_INITIATIVE_ADDS_RAW_AGL = True
"""Ship Initiative adds the ship's AGL score itself, not an Attribute Modifier.

**Source:** "3d6 + ship Agility (AGL) + highest Pilot's SRM". **We chose:** as
printed. **Why:** ship AGL is a small rating, unlike a character's score.
"""

BRIG_NEEDS_ROLL = False
"""Reaching the brig (freeing prisoners, taking loot) needs no roll, only an Action.

**Source:** lists the brig with no roll or TN. **We chose:** no roll.
"""

MAX_DICE = 60
"""Most damage dice we sum in one roll (12d6 autocannons fit easily); more is a RulesError."""
