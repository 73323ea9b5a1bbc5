"""Terrain, gravity and encumbrance in Void Pirates: the game data the source names but does not print.

The source refers to a terrain TN table, to Gravity Ratings and to encumbrance
steps without printing full tables. Each is filled in here as documented game
data (what the source gives, what we chose, why); none is a switch, because
there is no printed table to switch to. The Void Drifters counterpart is
:mod:`voidref.drifters.environment`.

>>> gravity_rating_modifier("floater", "zero_g")
2
>>> Terrain.HAZARDOUS.value
15
"""

from __future__ import annotations

from fractions import Fraction

from voidref.errors import check_enum
from voidref.kinds import Kind

__all__ = [
    "Terrain",
    "TERRAIN_MOVE_SHARE",
    "GravityRating",
    "Gravity",
    "GRAVITY_RATING_MODIFIER",
    "gravity_rating_modifier",
    "is_mismatched_gravity",
    "ENCUMBRANCE_STEP_PERCENT",
    "ENCUMBRANCE_METRES_PER_STEP",
]


# -- terrain and movement ---------------------------------------------------


class Terrain(Kind):
    """Terrain grades and the TN of the AGL (Athletics) roll to cross them at speed.

    **Source:** refers to a table of terrain TNs that is not printed; the GM
    either sets a TN or cuts the movement.

    **We chose:** clear ground and four grades on the :class:`~voidref.pirates.rulings.TargetNumber`
    scale, each crossed with an AGL (Athletics) roll; how much of the move a
    result keeps is :data:`TERRAIN_MOVE_SHARE`.

    **Why:** it puts both of the GM's choices, a TN or a shorter move, in one
    table. With the table missing there is no printed reading to switch to; a
    GM who sets other TNs passes them to the roll directly.
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

A full success keeps the whole move, a partial keeps half (rounded up, like
every partial move), a failure stops the mover where the terrain starts.
"""

# -- gravity ---------------------------------------------------------------


class GravityRating(Kind):
    """The gravity a character's body is built for (their Gravity Rating, GR)."""

    FLOATER = "floater"
    """Raised in zero or low gravity."""
    STANDARD = "standard"
    """Raised near 1G (the source does not name this rating; a ruling)."""
    STOMPER = "stomper"
    """Raised in heavy gravity."""


class Gravity(Kind):
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

**Source:** gives only a Floater +2 in zero-G, a Stomper +2 in high-G
sections, and a Floater at 1.6G or more as being in mismatched gravity; no
table is printed.

**We chose:** +2 at a rating's home extreme, +1 for a Floater in low G, 0 at 1G
for everyone, -1 or -2 away from home, with a Standard rating for bodies raised
near 1G. Gravity is mismatched whenever the GRM is negative
(:func:`is_mismatched_gravity`).

**Why:** one table gives both printed +2s and the printed mismatch. With no
printed table to compare, there is nothing to switch.
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

    Mismatched whenever the GRM is negative (see :data:`GRAVITY_RATING_MODIFIER`,
    which gives the one printed case, a Floater at 1.6G or more): one table for
    both effects.

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
