"""Void Drifters calculators: each one's fields, then the compute function that answers it.

Each compute function takes the typed values of its fields (the engine's own
enums where a choice names one), asks :mod:`voidref.drifters` for the exact
answer and lays it out as a :class:`~voidref.calc.results.Result`. No rule is
computed here. A function whose result depends on a ruling also takes
``rulings`` (a :class:`~voidref.drifters.rulings.Rulings`) and passes it on;
the form offers those rulings as switches under "Rulings", starting from
:data:`~voidref.drifters.rulings.STANDARD`.

>>> movement(start=RangeBand.ENGAGED, end=RangeBand.LONG).headline
'4 Maneuvers'
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from voidref.calc.fields import RULINGS, BoolField, ChoiceField, FieldError, IntField, TextField
from voidref.calc.registry import calculator, roller
from voidref.calc.results import BarChart, Result, RolledDie, Table, Text, decimal, line, pct
from voidref.drifters import (
    CheckOutcome,
    Die,
    Difficulty,
    Entry,
    Face,
    Gravity,
    Health,
    Pool,
    RangeBand,
    Severity,
    Side,
    critical_injury_odds,
    injuries_for_attack,
    move_plan,
    roll_critical_injury,
    slot_order,
    turn_order,
)
from voidref.drifters.rolled import faces_text
from voidref.drifters.rulings import STANDARD, Rulings
from voidref.drifters.ships import roll_critical_hit
from voidref.errors import RulesError, describe
from voidref.exact import Dist

__all__ = ["check_odds", "critical_injury", "initiative", "movement", "recovery", "states_its_difficulty",
           "roll_check", "roll_injury", "roll_ship_critical", "roll_reading", "DIE_MARKS"]

_DIFFICULTIES = tuple((d.name.lower(), f"{d.name.title()} ({int(d)} Trial)") for d in Difficulty)
_BANDS = tuple((b.name.lower(), b.name.title()) for b in RangeBand)
_GRAVITY = tuple((g.value, g.value.title()) for g in Gravity)


def _distribution_blocks(dist: Dist, caption: str, axis: str, word: str) -> tuple[Table, BarChart]:
    """A table (chance of exactly and of at least each value) and a bar chart of *dist*."""
    probs = dist.map(int).probabilities()
    rows = []
    at_least = Fraction(1)
    for value, p in probs.items():
        rows.append((f"{value:+d}" if value else "0", pct(p), pct(at_least)))
        at_least -= p
    table = Table(caption, (axis, "Chance of exactly", "Chance of at least"), tuple(rows))
    chart = BarChart(f"Chance of each number of {word}", axis,
                     tuple((f"{v:+d}" if v else "0", p) for v, p in probs.items()))
    return table, chart


# -- Check odds -------------------------------------------------------------------

_NAMES_THE_DIFFICULTY = re.compile(r"\b(vs|" + "|".join(d.name.lower() for d in Difficulty) + r")\b", re.IGNORECASE)
"""Words by which a listed pool states its own negative side ("vs", or a difficulty such as "average")."""


def _listed_pool(dice: str) -> Pool:
    try:
        return Pool.parse(dice)
    except RulesError as exc:
        raise exc.renamed("dice") from None


def states_its_difficulty(dice: str, pool: Pool) -> bool:
    """Whether a listed pool says what it rolls against: negative dice, a difficulty word, or "vs"."""
    return bool(pool.trial or pool.hazard or pool.bane) or bool(_NAMES_THE_DIFFICULTY.search(dice))


_NO_DICE = (("dice", ("",)),)
"""Characteristic and skill build the pool only when no dice are listed."""


_CHECK_FIELDS = (
                IntField("characteristic", "Characteristic", 3, "1 to 6", low=1, high=6, needs=_NO_DICE),
                IntField("skill", "Skill", 1, "0 to 5", low=0, high=5, needs=_NO_DICE),
                ChoiceField("difficulty", "Difficulty", "average", "", choices=_DIFFICULTIES, enum=Difficulty),
                TextField("dice", "Or list the dice", "",
                          "e.g. 2M 1A, or 2 mastery 1 ability vs hard, or 2M 1A vs 2T 1b (M Mastery, A Ability, "
                          "B Boon Die, T Trial, H upgraded Trial, b Bane Die; whole names work too). Replaces "
                          "characteristic and skill; with no Trial, upgraded Trial or Bane Dice and no \"vs\", "
                          "the Difficulty above sets the Trial Dice", max_length=60, placeholder="2M 1A vs 2T"),
                IntField("upgrades", "Upgrades of the pool", 0, "0 to 5", low=0, high=5),
                IntField("difficulty_upgrades", "Upgrades of the difficulty", 0, "0 to 5", low=0, high=5),
                IntField("boon_dice", "Boon Dice", 0, "0 to 6", low=0, high=6),
                IntField("bane_dice", "Bane Dice", 0, "0 to 6", low=0, high=6),
)
"""The fields of a check: the check-odds calculator's and the roller's."""


def _check_pool(characteristic: int, skill: int, difficulty: Difficulty, dice: str, upgrades: int,
                difficulty_upgrades: int, boon_dice: int, bane_dice: int) -> tuple[Pool, tuple[tuple[str, str], ...]]:
    """The pool the check's fields describe, and a fact when the Difficulty field set its Trial Dice."""
    from_field: tuple[tuple[str, str], ...] = ()
    if dice:
        pool = _listed_pool(dice)
        if not states_its_difficulty(dice, pool):
            pool = pool.add("trial", int(difficulty))
            from_field = (("Difficulty from the field", f"{difficulty.name.title()}, {int(difficulty)} Trial"),)
    else:
        pool = Pool.for_check(characteristic, skill, difficulty)
    pool = pool.upgrade(upgrades).upgrade_difficulty(difficulty_upgrades)
    return pool.add("boon", boon_dice).add("bane", bane_dice), from_field


@calculator("check-odds", "Check odds", "drifters",
            "The exact odds of one check, from a characteristic, a skill and a difficulty, or from dice you list.",
            _CHECK_FIELDS, rolled_by="drifters-roll")
def check_odds(*, characteristic: int = 3, skill: int = 1, difficulty: Difficulty = Difficulty.AVERAGE,
               dice: str = "", upgrades: int = 0, difficulty_upgrades: int = 0, boon_dice: int = 0,
               bane_dice: int = 0) -> Result:
    """Exact odds of a check: chance of success, net Successes and net Boons, Breakthrough, Calamity.

    A listed pool that names no negative dice, no difficulty and no "vs"
    rolls against *difficulty*; otherwise it rolls exactly what it lists.

    >>> check_odds(characteristic=3, skill=2).facts[0]
    ('Pool', '2 Mastery + 1 Ability vs 2 Trial')
    >>> check_odds(dice="2A 1M", difficulty=Difficulty.HARD).facts[:2]
    (('Pool', '1 Mastery + 2 Ability vs 3 Trial'), ('Difficulty from the field', 'Hard, 3 Trial'))
    """
    pool, from_field = _check_pool(characteristic, skill, difficulty, dice, upgrades, difficulty_upgrades, boon_dice,
                                   bane_dice)
    net_s, net_b, success = pool.net_successes(), pool.net_boons(), pool.chance_of_success()
    facts: tuple[tuple[str, Text], ...] = (
        ("Pool", pool.describe()),
        *from_field,
        ("Chance of success (at least 1 net Success)", line("{} (exactly {})", pct(success), success)),
        ("Chance of at least 1 net Boon", pct(net_b.prob(lambda b: b >= 1))),
        ("Chance of at least 1 net Bane", pct(net_b.prob(lambda b: b <= -1))),
        ("Chance of at least 1 Breakthrough", pct(pool.chance_of_breakthrough())),
        ("Chance of at least 1 Calamity", pct(pool.chance_of_calamity())),
        ("Average net Successes", decimal(net_s.mean())),
    )
    s_table, s_chart = _distribution_blocks(net_s, "Net Successes", "Net Successes", "net Successes")
    b_table, b_chart = _distribution_blocks(net_b, "Net Boons (negative: net Banes)", "Net Boons", "net Boons")
    return Result(line("Chance of success: {}", pct(success)), facts, (s_table, s_chart, b_table, b_chart))


# -- Critical Injury ------------------------------------------------------------

@calculator("critical-injury", "Critical Injury", "drifters",
            "The bonus on each Critical Injury roll and the exact chance of each severity band.", (
                IntField("held", "Critical Injuries already held", 0, "0 to 10", low=0, high=10),
                IntField("count", "Critical Injuries this attack inflicts", 1, "1 to 4", low=1, high=4),
            ), rolled_by="drifters-critical-injury-roll")
def critical_injury(*, held: int = 0, count: int = 1) -> Result:
    """Each Critical Injury roll's bonus and the exact chance of each severity band.

    >>> critical_injury(held=2).blocks[0].texts()[0]
    ('Roll 1', '+20', '10.0%', '30.0%', '25.0%', '15.0%', '20.0%')
    """
    rolls = injuries_for_attack(held, count)
    headers = ("Roll", "Bonus") + tuple(s.value.title() for s in Severity)
    rows = []
    for k, (bonus, dist) in enumerate(rolls, start=1):
        rows.append((f"Roll {k}", f"+{bonus}") + tuple(pct(dist[s]) for s in Severity))
    first_bonus, first = rolls[0]
    chart = BarChart("Chance of each severity band, first roll", "Severity",
                     tuple((s.value.title(), first[s]) for s in Severity))
    worst = rolls[-1][1]
    facts = (("Injuries already held", str(held)), ("Injuries this attack inflicts", str(count)),
             ("Chance the last roll is Deadly or worse",
              pct(worst.prob(lambda s: s in (Severity.DEADLY, Severity.MORTAL)))))
    table = Table("Severity band odds for each roll (d100 + bonus)", headers, tuple(rows))
    return Result(line("First roll: +{}, {} Minor, {} Mortal", first_bonus, pct(first[Severity.MINOR]),
                       pct(first[Severity.MORTAL])), facts, (table, chart))


# -- Initiative -------------------------------------------------------------------

_SIDES = {"player": Side.PLAYER, "players": Side.PLAYER, "pc": Side.PLAYER, "gm": Side.GM, "npc": Side.GM}
_COMBATANTS = "Senna Vael, player, 2\nDavan, player, 1\nAgent A, gm, 1\nAgent B, gm, 0"


def _bad_combatants(message: str) -> FieldError:
    """An error of the Combatants field (its *message* opens with the field's label)."""
    return FieldError("combatants", message, named="Combatants")


def _entries(text: str) -> list[Entry]:
    entries = []
    rows = [row for row in text.splitlines() if row.strip()]
    if not rows:
        raise _bad_combatants("'Combatants' must list at least one line 'name, side, net Successes' (got nothing)")
    if len(rows) > 20:
        raise _bad_combatants(f"'Combatants' must list at most 20 combatants (got {len(rows)})")
    for n, row in enumerate(rows, start=1):
        parts = [p.strip() for p in row.split(",")]
        if len(parts) != 3:
            raise _bad_combatants(f"'Combatants' line {n} must read 'name, side, net Successes' "
                                  f"(got {row.strip()!r})")
        name, side, successes = parts
        if side.lower() not in _SIDES:
            raise _bad_combatants(f"'Combatants' line {n}: side must be player or gm (got {side!r})")
        try:
            value = int(successes.replace("\u2212", "-"))
        except ValueError:
            raise _bad_combatants(f"'Combatants' line {n}: net Successes must be a whole number "
                                  f"(got {successes!r})") from None
        try:
            entries.append(Entry(name, _SIDES[side.lower()], value))
        except RulesError as exc:
            raise _bad_combatants(f"'Combatants' line {n}: {exc}") from None
    return entries


@calculator("initiative", "Initiative order", "drifters",
            "The order of Initiative slots from each combatant's side and net Successes.", (
                TextField("combatants", "Combatants", _COMBATANTS,
                          "One per line: name, side (player or gm), net Successes", max_length=800, rows=5),
            ))
def initiative(*, combatants: str = _COMBATANTS) -> Result:
    """The Initiative slots and who fills them, ties resolved as the rules say.

    >>> initiative(combatants="Senna, player, 2\\nAgent A, gm, 2").facts[0]
    ('Slots', 'player, gm')
    """
    entries = _entries(combatants)
    slots = slot_order(entries)
    names = turn_order(entries)
    rows = tuple((str(k), side.value, name) for k, (side, name) in enumerate(zip(slots, names), start=1))
    facts = (("Slots", ", ".join(s.value for s in slots)),
             ("Ties", "a player result ranks before a GM result with the same net Successes"))
    return Result("Turn order: " + ", ".join(names), facts,
                  (Table("Initiative slots, first to last", ("Slot", "Side", "Filled by (default)"), rows),),
                  ("Each side may fill its slots with any of its characters who have not acted this round; "
                   "the table shows them in the order of their own results.",))


# -- Movement -----------------------------------------------------------------------

class _StepsField(ChoiceField):
    """A choice among a few tuples of Maneuvers (written ``"1,1,2"``), parsed to the tuple itself."""

    def parse(self, raw: object) -> tuple[int, ...]:
        if isinstance(raw, tuple):  # already typed: one of the choices, or refused (described, never written out)
            steps = {tuple(int(n) for n in value.split(",")) for value, _ in self.choices}
            raw = self.format(raw) if raw in steps else describe(raw)
        return tuple(int(n) for n in str(super().parse(raw)).split(","))

    def format(self, value: object) -> str:
        return ",".join(str(n) for n in value) if isinstance(value, tuple) else str(value)


_SLOWER = ((1, 1, 2), (1, 1, 1), (1, 2, 2), (1, 2, 3))


@calculator("movement", "Movement", "drifters",
            "How many Maneuvers, turns and Strain a move between range bands costs.", (
                ChoiceField("start", "From band", "engaged", choices=_BANDS, enum=RangeBand),
                ChoiceField("end", "To band", "medium", choices=_BANDS, enum=RangeBand),
                ChoiceField("gravity", "Gravity", "standard", choices=_GRAVITY, enum=Gravity),
                BoolField("anchored", "Anchored (mag boots or a handhold)", False),
                _StepsField("heavy_gravity_move_maneuvers", "Extra Maneuvers per move in Elevated, High, Extreme "
                            "gravity", STANDARD.heavy_gravity_move_maneuvers,
                            "The source says movement slows in all three but gives no number; ours: 1, 1, 2.",
                            group=RULINGS,
                            choices=tuple((",".join(map(str, t)), ", ".join(map(str, t))) for t in _SLOWER)),
                BoolField("anchored_skips_push_off", "Anchored movement in microgravity needs no push-off",
                          STANDARD.anchored_skips_push_off,
                          "Ours: yes (mag boots let you walk). Printed: no, every move there pays the push-off.",
                          group=RULINGS),
            ), rulings=STANDARD)
def movement(*, start: RangeBand = RangeBand.ENGAGED, end: RangeBand = RangeBand.MEDIUM,
             gravity: Gravity = Gravity.STANDARD, anchored: bool = False, rulings: Rulings = STANDARD) -> Result:
    """Maneuvers, turns and Strain to move between personal range bands.

    >>> movement(start=RangeBand.SHORT, end=RangeBand.MEDIUM, gravity=Gravity.ELEVATED).headline
    '2 Maneuvers'
    """
    plan = move_plan(start, end, gravity, anchored, rulings=rulings)
    facts = (
        ("Maneuvers needed", str(plan.maneuvers)),
        ("Turns, taking a second Maneuver each turn", f"{plan.turns_with_strain} (costs {plan.strain} Strain)"),
        ("Turns, one Maneuver a turn", str(plan.turns_without_strain)),
    )
    word = "Maneuver" if plan.maneuvers == 1 else "Maneuvers"
    return Result(f"{plan.maneuvers} {word}", facts)


# -- Recovery -----------------------------------------------------------------------

_EVENTS = (
    ("end_of_encounter", "End of the encounter"),
    ("catch_breath", "Catch Breath"),
    ("spend_boons", "Spend Boons on Strain"),
    ("full_rest", "Full rest"),
    ("medical_care", "Full rest with medical care"),
)


@calculator("recovery", "Recovery", "drifters",
            "What a character's Wounds and Strain become after a recovery event.", (
                IntField("wound_points", "Wound Points", 12, "1 to 40", low=1, high=40),
                IntField("strain_points", "Strain Points", 12, "1 to 40", low=1, high=40),
                IntField("wounds", "Wounds now", 5, "0 to 60", low=0, high=60),
                IntField("strain", "Strain now", 6, "0 to 60", low=0, high=60),
                BoolField("strain_knockout", "Knocked out by Strain this encounter", False),
                BoolField("caught_breath", "Already used Catch Breath this encounter", False),
                ChoiceField("event", "Event", "end_of_encounter", choices=_EVENTS),
                IntField("might", "Might", 2, "1 to 10 (full rest)", low=1, high=10,
                         needs=(("event", ("full_rest", "medical_care")),)),
                IntField("willpower", "Willpower", 2, "1 to 10 (end of encounter)", low=1, high=10,
                         needs=(("event", ("end_of_encounter",)),)),
                IntField("net_successes", "Medical check: net Successes", 0, "0 to 10", low=0, high=10,
                         needs=(("event", ("medical_care",)),)),
                IntField("boons", "Boons (medical check or spent on Strain)", 0, "0 to 10", low=0, high=10,
                         needs=(("event", ("medical_care", "spend_boons")),)),
                BoolField("medical_boons_repeat", "Medical care: every 2 Boons remove 1 more Wound",
                          STANDARD.medical_boons_repeat,
                          "Printed and ours: no, 2 Boons buy 1 more Wound once per check. Yes repeats it.",
                          group=RULINGS),
            ), rulings=STANDARD)
def recovery(*, wound_points: int = 12, strain_points: int = 12, wounds: int = 5, strain: int = 6,
             strain_knockout: bool = False, caught_breath: bool = False, event: str = "end_of_encounter",
             might: int = 2, willpower: int = 2, net_successes: int = 0, boons: int = 0,
             rulings: Rulings = STANDARD) -> Result:
    """A character's Wounds and Strain before and after a recovery event.

    >>> recovery(strain=6, willpower=3).headline
    'After End of the encounter: 5 Wounds, 3 Strain'
    """
    before = Health(wound_points, strain_points, wounds, strain, strain_knockout=strain_knockout,
                    caught_breath=caught_breath)
    if event == "end_of_encounter":
        after = before.end_of_encounter(willpower)
    elif event == "catch_breath":
        after = before.catch_breath()
    elif event == "spend_boons":
        after = before.spend_boons_on_strain(boons)
    elif event == "full_rest":
        after = before.full_rest(might)
    else:
        after = before.medical_care(might, net_successes, boons, rulings=rulings)
    label = dict(_EVENTS)[event]
    rows = (
        ("Wounds", f"{before.wounds} of {before.wound_points}", f"{after.wounds} of {after.wound_points}"),
        ("Strain", f"{before.strain} of {before.strain_points}", f"{after.strain} of {after.strain_points}"),
        ("Incapacitated", "yes" if before.incapacitated else "no", "yes" if after.incapacitated else "no"),
        ("Catch Breath used this encounter", "yes" if before.caught_breath else "no",
         "yes" if after.caught_breath else "no"),
    )
    return Result(f"After {label}: {after.wounds} Wounds, {after.strain} Strain", (),
                  (Table(f"Before and after: {label}", ("", "Before", "After"), rows),))


# -- Rolling at the table -----------------------------------------------------------

DIE_MARKS = {Die.ABILITY: "◆", Die.MASTERY: "⬢", Die.BOON: "■", Die.TRIAL: "◇", Die.HAZARD: "⬡", Die.BANE: "□"}
"""The shape that tells each die apart without colour: filled for the roller's dice, hollow for the dice against
it, and one shape per size (a diamond for the eight-sided, a hexagon for the twelve-sided, a square for the six)."""

_SYMBOLS = (("successes", "✶", "✷"), ("boons", "▲", "▼"))
"""The symbols of a face: a Success or Failure, a Boon or Bane (a Breakthrough and a Calamity are named in full)."""


def _face_symbols(face: Face) -> str:
    """A face in symbols: ``'✶▲'`` for a Success and a Boon, ``'✸'`` a Breakthrough, ``'☠'`` a Calamity."""
    if face.breakthroughs:
        return "✸"
    if face.calamities:
        return "☠"
    out = ""
    for name, plus, minus in _SYMBOLS:
        n = getattr(face, name)
        out += (plus if n > 0 else minus) * abs(n)
    return out or "–"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _at_least(n: int, one: str, many: str, one_against: str, many_against: str) -> str:
    """A net count or better, in words: "at least 2 net Successes", "no more than 1 net Bane".

    >>> _at_least(2, "Success", "Successes", "Failure", "Failures"), _at_least(-1, "Boon", "Boons", "Bane", "Banes")
    ('at least 2 net Successes', 'no more than 1 net Bane')
    >>> _at_least(0, "Boon", "Boons", "Bane", "Banes")
    'no net Bane'
    """
    if n > 0:
        return "at least " + _count(n, f"net {one}", f"net {many}")
    if n < 0:
        return "no more than " + _count(-n, f"net {one_against}", f"net {many_against}")
    return f"no net {one_against}"


def roll_reading(outcome: CheckOutcome) -> str:
    """A check's netted result in words, success or failure first.

    >>> roll_reading(CheckOutcome(2, -1, 1, 0))
    'Success: 2 net Successes, 1 net Bane, 1 Breakthrough'
    >>> roll_reading(CheckOutcome(0, 0, 0, 0))
    'Failure: no net Success, no net Boon or Bane'
    """
    s, b = outcome.successes, outcome.boons
    parts = [_count(s, "net Success", "net Successes") if s > 0 else
             _count(-s, "net Failure", "net Failures") if s < 0 else "no net Success",
             _count(b, "net Boon", "net Boons") if b > 0 else
             _count(-b, "net Bane", "net Banes") if b < 0 else "no net Boon or Bane"]
    if outcome.breakthroughs:
        parts.append(_count(outcome.breakthroughs, "Breakthrough", "Breakthroughs"))
    if outcome.calamities:
        parts.append(_count(outcome.calamities, "Calamity", "Calamities"))
    return ("Success: " if s >= 1 else "Failure: ") + ", ".join(parts)


@roller("drifters-roll", "Roll a check", "drifters",
        "Roll a pool: every die's face, the netted result, and the odds of the pool beside it.", _CHECK_FIELDS,
        nudges=(("One more Boon Die", "boon_dice", 1), ("One more Bane Die", "bane_dice", 1)))
def roll_check(*, characteristic: int = 3, skill: int = 1, difficulty: Difficulty = Difficulty.AVERAGE,
               dice: str = "", upgrades: int = 0, difficulty_upgrades: int = 0, boon_dice: int = 0,
               bane_dice: int = 0, rng: random.Random) -> Result:
    """Roll a check's pool with *rng* (:meth:`voidref.drifters.Pool.roll`): the faces, their reading, the odds.

    >>> r = roll_check(dice="2M 1A vs 2T", rng=random.Random(3))
    >>> [d.die for d in r.dice], r.headline.startswith(("Success", "Failure"))
    (['Ability', 'Mastery', 'Mastery', 'Trial', 'Trial'], True)
    """
    pool, from_field = _check_pool(characteristic, skill, difficulty, dice, upgrades, difficulty_upgrades, boon_dice,
                                   bane_dice)
    rolled = pool.roll(rng=rng)
    outcome = rolled.outcome
    shown = tuple(RolledDie(die.label, DIE_MARKS[die], _face_symbols(face), faces_text(face).replace("+", " + "))
                  for die, face in rolled.faces)
    net_s, net_b = pool.net_successes(), pool.net_boons()
    facts: tuple[tuple[str, Text], ...] = (
        ("Pool", pool.describe()), *from_field,
        ("Chance of success with this pool", pct(pool.chance_of_success())),
        (f"Chance of {_at_least(outcome.successes, 'Success', 'Successes', 'Failure', 'Failures')}",
         pct(net_s.prob(lambda x: x >= outcome.successes))),
        (f"Chance of {_at_least(outcome.boons, 'Boon', 'Boons', 'Bane', 'Banes')}",
         pct(net_b.prob(lambda x: x >= outcome.boons))),
    )
    return Result(roll_reading(outcome), facts, dice=shown)


@roller("drifters-critical-injury-roll", "Roll a Critical Injury", "drifters",
        "The d100 of one Critical Injury with its bonus, and the band it lands in.", (
            IntField("held", "Critical Injuries already held", 0, "0 to 10", low=0, high=10),
            IntField("order", "Which injury of this attack", 1, "1 for the first, 2 for the second, ...",
                     low=1, high=4),
        ), nudges=(("One more injury held", "held", 1),))
def roll_injury(*, held: int = 0, order: int = 1, rng: random.Random) -> Result:
    """Roll one Critical Injury (:func:`voidref.drifters.roll_critical_injury`): the d100, the bonus, the band.

    >>> roll_injury(held=1, rng=random.Random(4)).headline
    'Moderate: 31 + 10 = 41'
    """
    rolled = roll_critical_injury(held, rng, order=order - 1)
    band = rolled.severity
    worse = critical_injury_odds(held, order - 1).prob(lambda s: s.lowest >= band.lowest)
    die = RolledDie("d100", "●", str(rolled.d100), str(rolled.d100))
    facts = (("Bonus", f"+{rolled.bonus} ({held} held" + (f", injury {order} of this attack)" if order > 1 else ")")),
             ("Band", f"{band.value.title()} ({band.lowest} and up)"),
             (f"Chance of {band.value.title()} or worse with this bonus", pct(worse)))
    return Result(f"{band.value.title()}: {rolled.d100} + {rolled.bonus} = {rolled.total}", facts, dice=(die,))


@roller("drifters-ship-critical-roll", "Roll a ship Critical Hit", "drifters",
        "The d100 of a ship Critical Hit, to read on the Vehicles Manual's table.", ())
def roll_ship_critical(*, rng: random.Random) -> Result:
    """Roll a ship Critical Hit's d100 (:func:`voidref.drifters.ships.roll_critical_hit`).

    >>> roll_ship_critical(rng=random.Random(4)).headline
    'Critical Hit roll: 31'
    """
    d100 = roll_critical_hit(rng)
    return Result(f"Critical Hit roll: {d100}", (("Read it on", "the Critical Hit table of the Vehicles Manual "
                                                               "(not in this chapter; no bonus is printed)"),),
                  dice=(RolledDie("d100", "●", str(d100), str(d100)),))
