"""Every Void Pirates ruling, in one place.

Where the NOVACore "Combat Mechanics" text can be read two ways, or leaves a
case open that changes a result, the choice is a field of the frozen
:class:`Rulings` value: :data:`STANDARD` is ours, :data:`AS_PRINTED` the
literal text, and the engine's entry points take either through a keyword
``rulings``. Tables the source leaves out (the Attribute Modifier, the TN
scale, wound bands) are filled in here as documented game data; terrain,
gravity and encumbrance live in :mod:`voidref.pirates.environment`. Each
docstring or field comment says what the source says, what we chose and why.

>>> attribute_modifier(14)
5
>>> TargetNumber.DIFFICULT.value
15
>>> STANDARD.stabilization_roll_under, AS_PRINTED.stabilization_roll_under
(True, False)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from voidref.errors import RulesError, check_bool, check_enum, check_int, describe
from voidref.kinds import Kind
from voidref.ruling_base import RulingsBase, check_rulings_of

__all__ = [
    "ATTRIBUTE_MIN",
    "ATTRIBUTE_MAX",
    "attribute_modifier",
    "ATTRIBUTE_MODIFIER",
    "SKILL_RANK_MAX",
    "skill_rank_modifier",
    "TargetNumber",
    "WOUND_BANDS",
    "MAX_DICE",
    "FinalTie",
    "Rulings",
    "STANDARD",
    "AS_PRINTED",
    "check_rulings",
]

"""The one enum base (:class:`voidref.kinds.Kind`), under the name the other Void Pirates modules import."""


# -- the switches the engine reads -------------------------------------------


class FinalTie(Kind):
    """What happens when two Initiative rolls tie on total, raw AGL and raw 3d6."""

    TOGETHER = "together"
    """They share one slot and act at the same moment."""
    LISTED_ORDER = "listed_order"
    """The one given first acts first (a table's seating order)."""


def _check_share(name: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or not 0 <= value <= 1:
        raise RulesError(f"{name!r} must be a Fraction from 0 to 1 (got {describe(value)})", argument=name)
    return Fraction(value)


@dataclass(frozen=True, repr=False)  # RulingsBase's repr: only the switches off STANDARD
class Rulings(RulingsBase):
    """Every Void Pirates reading the engine consults, as one frozen value.

    :data:`STANDARD` is our reading, :data:`AS_PRINTED` the literal one where
    the two differ. Every entry point that depends on a reading takes a
    keyword ``rulings`` with :data:`STANDARD` as its default; build a variant
    with ``dataclasses.replace``.

    >>> AS_PRINTED
    Rulings(wound_penalties_stack=True, evasive_piloting_bonus=True, stabilization_roll_under=False)
    >>> dataclasses.replace(STANDARD, partial_passes_yes_no=True)
    Rulings(partial_passes_yes_no=True)
    """

    #: Which Attribute Modifier scale turns a score into its AtMod.
    #:
    #: **Source:** prints no table; its Initiative example gives AGL 14 a +5.
    #:
    #: **We chose:** ``True``: AtMod = (score - 4) // 2, rounded down, for scores 1 to 20 (10 is
    #: +3). ``False`` takes the example one for one, score - 9, which also gives +5 at 14 but +1
    #: at 10 and +11 at 20.
    #:
    #: **As printed:** no table is printed, so the printed reading has nothing else to offer and
    #: keeps ours.
    #:
    #: **Why:** it matches the one printed value, and one point of modifier per two points of
    #: score leaves the 3d6 doing most of the work.
    attribute_modifier_halved: bool = True

    #: How far under the TN a total may land and still be a partial success.
    #:
    #: **Source:** every Action Roll can end in a partial, but the band is printed once, for the
    #: ship maneuver (TN - 1); an opposed tie is the other partial.
    #:
    #: **We chose:** ``1``: a total of exactly TN - 1 is a partial on every roll against a TN.
    #: ``0`` switches partials off.
    #:
    #: **As printed:** the same band, so ``1``.
    #:
    #: **Why:** it is the one band the text gives.
    partial_margin: int = 1

    #: Whether a partial success (TN - 1) passes a yes-or-no task (Stun, the EVA launch, sealing,
    #: venting, the bridge, the engine, breaking away).
    #:
    #: **Source:** gives those tasks as plain targets (TN 15, 12, 18 or 21) with no partial
    #: effect, so the number must be reached.
    #:
    #: **We chose:** ``False``: the total must reach the TN; a total of TN - 1 is a lesser result
    #: for the GM to narrate, never a pass. A task that yields an amount (damage, repair) gives
    #: half instead.
    #:
    #: **As printed:** ``False`` too. ``True`` is our earlier house reading: a partial passes
    #: with a complication, by analogy with the ship maneuver, whose partial keeps its effect at
    #: a cost.
    #:
    #: **Why:** the text never extends that cost to these tasks.
    partial_passes_yes_no: bool = False

    #: Whether a natural 18 on an attack hits as a Critical Hit whatever the totals.
    #:
    #: **Source:** an attack whose 3d6 shows 18 is a Critical Hit (+1d4), with no condition on
    #: the total.
    #:
    #: **We chose:** ``True``, as printed: the attack hits as a Critical Hit whatever the totals,
    #: in an opposed roll or against a TN. Rolls that are not attacks (a Stun roll, a repair, a
    #: ram's opposed Piloting) still go by their totals.
    #:
    #: **As printed:** ``True``. ``False`` is our earlier house reading: the total still decides,
    #: and only an 18 that succeeds is a Critical Hit.
    #:
    #: **Why:** the source is clear, and a Critical Hit that could miss would not be one.
    natural_18_attack_hits: bool = True

    #: Whether a natural 3 fails whatever the total (and so loses an opposed roll).
    #:
    #: **Source:** a natural 3 makes the roll a Critical Failure; it does not say how that meets
    #: an opposed roll.
    #:
    #: **We chose:** ``True``, as printed: a natural 3 fails whatever the total, so that side
    #: loses the contest. ``False`` keeps the fumble but lets the total decide.
    #:
    #: **As printed:** ``True``.
    #:
    #: **Why:** a Critical Failure cannot win.
    natural_3_always_fails: bool = True

    #: What happens when both sides of an opposed roll show a natural 3.
    #:
    #: **Source:** silent.
    #:
    #: **We chose:** ``True``: both fumble and the totals decide. ``False`` makes the initiator's
    #: action fail.
    #:
    #: **As printed:** no text, so the printed reading keeps ours.
    #:
    #: **Why:** with two Critical Failures the totals are the fairest tie-break.
    double_natural_3_compare_totals: bool = True

    #: Whether a partial hit's damage is halved before armour soaks it.
    #:
    #: **Source:** the one example of a partial hit is half damage, rounded down, and armour
    #: soaks damage; the order of the two is not given, so both fit the text.
    #:
    #: **We chose:** ``True``: halve the weapon's roll (critical die included), then soak; the
    #: minimum of 1 still applies. ``False`` soaks first, then halves what gets through (still at
    #: least 1), so armour weighs less on a partial hit.
    #:
    #: **As printed:** either order is literal, so the printed reading keeps ours.
    #:
    #: **Why:** damage starts from the weapon roll, and a partial hit is still a hit.
    partial_halves_before_soak: bool = True

    #: Whether wound penalties add up band by band.
    #:
    #: **Source:** prints whole-percent bands and heads the wound table "cumulative".
    #:
    #: **We chose:** ``False``: only the band you are in applies (-2, -5, -10), and it stacks
    #: with your other modifiers.
    #:
    #: **As printed:** ``True``, read literally: each band passed adds its penalty, -2, then -7,
    #: then -17.
    #:
    #: **Why:** the printed penalties already grow with the wound, so adding them up again would
    #: count the same harm twice.
    wound_penalties_stack: bool = False

    #: Whether only full 20 % steps of excess load cost Move Rate.
    #:
    #: **Source:** one Move Rate lost per 20 % of excess, with examples on exact steps (144 kg is
    #: -1 and 168 kg is -2 on a 120 kg limit).
    #:
    #: **We chose:** ``True``: only full steps count (143 kg costs nothing), and one step costs 1
    #: metre. ``False`` starts a new step with any excess (121 kg already costs 1 m).
    #:
    #: **As printed:** the printed examples sit exactly on steps and fit both, so the printed
    #: reading keeps ours.
    #:
    #: **Why:** rounding down never charges for a fraction of a step, and Move Rate is counted in
    #: metres everywhere else.
    encumbrance_full_steps_only: bool = True

    #: The order when Initiative total, raw AGL and raw roll all tie.
    #:
    #: **Source:** its last tie-break is the raw roll.
    #:
    #: **We chose:** ``FinalTie.TOGETHER``: those still tied share one slot and act together.
    #: ``FinalTie.LISTED_ORDER`` lets the one listed first go first.
    #:
    #: **As printed:** nothing further is printed, so the printed reading keeps ours.
    #:
    #: **Why:** no further tie-break exists, and a re-roll would change totals that are kept for
    #: the whole fight.
    initiative_final_tie: FinalTie = FinalTie.TOGETHER

    #: Whether ship Initiative adds the ship's AGL rating itself.
    #:
    #: **Source:** a character adds an AGL *Modifier* to Initiative, a ship its AGL itself.
    #:
    #: **We chose:** ``True``, as printed: the ship's AGL rating is added unchanged. ``False``
    #: puts the rating through the Attribute Modifier table like a character's score.
    #:
    #: **As printed:** ``True``.
    #:
    #: **Why:** that is what the text says, and ship ratings are small numbers.
    ship_initiative_adds_raw_agl: bool = True

    #: The TN of the Pilot Phase maneuver.
    #:
    #: **Source:** calls the roll Difficult and AGL-based, with no number.
    #:
    #: **We chose:** ``15``, the Difficult step of our TN scale.
    #:
    #: **As printed:** the text gives no number, so the printed reading keeps ours.
    #:
    #: **Why:** whether "Difficult" names the TN or the skill's class, our Difficult step is 15.
    pilot_maneuver_tn: int = 15

    #: Whether Evasive Maneuvers may give +2 to the pilot's own next Piloting.
    #:
    #: **Source:** the Pilot Phase lists two evasive results, +2 on your own next Gunnery or -2
    #: on one enemy's Gunnery; the KV-220B example then gives the Lander +2 on its next Piloting.
    #:
    #: **We chose:** ``False``: the list is complete; the example's Piloting bonus is read as a
    #: slip and refused.
    #:
    #: **As printed:** ``True``: the example's bonus is a third choice.
    #:
    #: **Why:** the rule is the general statement and the example is one line of play. Against a
    #: single shot the two agree: +2 on the Piloting that opposes it is worth exactly -2 on the
    #: shooter.
    evasive_piloting_bonus: bool = False

    #: The Gunnery modifier at Medium range.
    #:
    #: **Source:** lists modifiers for Close (+2) and Long (-4) only.
    #:
    #: **We chose:** ``0`` at Medium.
    #:
    #: **As printed:** nothing is printed, so the printed reading keeps ours.
    #:
    #: **Why:** it sits between +2 and -4.
    medium_range_modifier: int = 0

    #: Whose Hull Class multiplies a ram's 2d6.
    #:
    #: **Source:** the winner deals 2d6 times the ship's Hull Class multiplier, without saying
    #: which ship.
    #:
    #: **We chose:** ``True``: the winner's own hull, soaked by the loser's AV (minimum 1); a tie
    #: is a partial for the rammer (half damage to the target). ``False`` uses the hull of the
    #: ship that is struck.
    #:
    #: **As printed:** either ship fits the text, so the printed reading keeps ours.
    #:
    #: **Why:** the winner deals the damage, and a tie favours the initiator everywhere else. A
    #: ram is a maneuver, not an attack, so a natural 18 there goes by the totals.
    ram_multiplier_from_winner: bool = True

    #: The TN of a Repair when the GM sets none.
    #:
    #: **Source:** lets the GM set TN 12 to 18.
    #:
    #: **We chose:** ``12``, the low end.
    #:
    #: **As printed:** no default is printed, so the printed reading keeps ours.
    #:
    #: **Why:** the GM raises it for harder work; with nothing said, the easiest printed TN.
    repair_default_tn: int = 12

    #: The share of 2d6 x Rank that a partial Repair (TN - 1) restores, rounded down.
    #:
    #: **Source:** gives no partial for a Repair.
    #:
    #: **We chose:** one half, rounded down, as for a partial hit. ``0`` makes a partial restore
    #: nothing.
    #:
    #: **As printed:** no text, so the printed reading keeps ours.
    #:
    #: **Why:** amounts halve on every partial.
    repair_partial_share: Fraction = Fraction(1, 2)

    #: Whether reaching the brig in a boarding needs a roll.
    #:
    #: **Source:** names the brig as a target but gives it no roll and no TN.
    #:
    #: **We chose:** ``False``, as printed: reaching it takes an Action and no roll. ``True``
    #: asks for TN 18 like the bridge and the engine.
    #:
    #: **As printed:** ``False``.
    #:
    #: **Why:** no roll is printed, and the other targets that need one say so.
    brig_needs_roll: bool = False

    #: How the vacuum Stabilization roll succeeds.
    #:
    #: **Source:** success on a raw 3d6 *above* the Health (HLTH) score.
    #:
    #: **We chose:** ``True``: success on a raw 3d6 *at most* HLTH. This is our reading of a
    #: clear printed sentence, so it awaits the owner's confirmation; until then both are
    #: offered.
    #:
    #: **As printed:** ``False``: success on 3d6 > HLTH, exactly as printed. The Stabilization
    #: table shows its chances beside ours, and ``rulings=AS_PRINTED`` computes with it.
    #:
    #: **Why:** taken literally, the hardier the character the less often they stabilise, the
    #: reverse of what HLTH measures; rolling under a score is the usual 3d6 habit.
    stabilization_roll_under: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.type == "bool":
                check_bool(f.name, value)
            elif f.type == "int":
                check_int(f.name, value, low=-20, high=60)
        check_int("partial_margin", self.partial_margin, low=0, high=5)
        check_int("pilot_maneuver_tn", self.pilot_maneuver_tn, low=1, high=60)
        check_int("repair_default_tn", self.repair_default_tn, low=1, high=60)
        object.__setattr__(self, "initiative_final_tie",
                           check_enum("initiative_final_tie", self.initiative_final_tie, FinalTie))
        object.__setattr__(self, "repair_partial_share",
                           _check_share("repair_partial_share", self.repair_partial_share))



STANDARD = Rulings()
"""Our reading of every ruling (the default everywhere)."""

AS_PRINTED = Rulings(evasive_piloting_bonus=True, stabilization_roll_under=False, wound_penalties_stack=True)
"""The literal reading of the printed text wherever it differs from :data:`STANDARD`."""


def check_rulings(value: object) -> Rulings:
    """Check a ``rulings`` argument."""
    return check_rulings_of(Rulings, value)


# -- attributes and skills -------------------------------------------------

ATTRIBUTE_MIN = 1
"""Lowest attribute score we accept, 1 (the source gives no range)."""

ATTRIBUTE_MAX = 20
"""Highest attribute score we accept.

**Source:** prints scores of 9, 12 and 14 and no range. **We chose:** 1 to 20,
wide enough for every printed score and for gear or species bonuses.
"""


def attribute_modifier(score: int, *, rulings: Rulings = STANDARD) -> int:
    """The Attribute Modifier (AtMod) for an attribute score.

    **Source** (Initiative example): AGL 14 gives +5; no table is printed.
    **We chose:** ``(score - 4) // 2``: +1 for every two points above 4, so
    14 gives +5 as printed, 10 gives +3 and 4 or 5 give 0.
    **Why:** it reproduces the one printed value, and a step of one modifier
    per two points keeps 3d6 (spread 3 to 18) in charge of the result rather
    than the attribute. A one-for-one reading (``score - 9``) also gives +5 at
    14 but would let attributes swamp the dice.

    The scale is :attr:`Rulings.attribute_modifier_halved`; the other reading
    is ``score - 9``.

    >>> [attribute_modifier(s) for s in (1, 4, 9, 12, 14, 20)]
    [-2, 0, 2, 4, 5, 8]
    >>> attribute_modifier(10, rulings=Rulings(attribute_modifier_halved=False))
    1
    """
    check_int("score", score, low=ATTRIBUTE_MIN, high=ATTRIBUTE_MAX)
    return (score - 4) // 2 if check_rulings(rulings).attribute_modifier_halved else score - 9


ATTRIBUTE_MODIFIER: dict[int, int] = {s: attribute_modifier(s) for s in range(ATTRIBUTE_MIN, ATTRIBUTE_MAX + 1)}
"""The whole Attribute Modifier table, score to AtMod, built by :func:`attribute_modifier`."""

SKILL_RANK_MAX = 10
"""Highest skill rank we accept.

**Source:** Zero-G Rank 2 gives +2 SRM; repair multiplies by Rank; no cap is
printed. **We chose:** ranks 0 to 10, SRM equal to the rank.
"""


def skill_rank_modifier(rank: int) -> int:
    """The Skill Rank Modifier (SRM) for a skill rank.

    **Source:** the Initiative example pairs Zero-G Rank 2 with +2, and no table
    is printed.

    **We chose:** the SRM equals the rank, 0 (untrained) to 10.

    **Why:** it is the one printed pairing and the only reading that pairing
    allows, so there is nothing to switch.

    >>> skill_rank_modifier(2)
    2
    """
    return check_int("rank", rank, low=0, high=SKILL_RANK_MAX)


# -- target numbers --------------------------------------------------------


class TargetNumber(Kind):
    """Named Target Numbers (TN), in steps of 3 from 6 to 21.

    **Source:** uses TN 12, 15, 18 and 21, and calls the ship maneuver roll
    "Difficult", without any scale of names.

    **We chose:** steps three apart from 6 to 21, each with a name.

    **Why:** every printed TN falls on a step, and the Difficult ship maneuver
    becomes TN 15. The names are labels only.
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

MAX_DICE = 60
"""Most damage dice we sum in one roll (12d6 autocannons fit easily); more is a RulesError."""
