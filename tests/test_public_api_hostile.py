"""Every public entry point answers a hostile argument with a value or a RulesError naming that argument.

The entry points are found, not listed: every callable named in the
``__all__`` of ``voidref``, of each of its game packages and of its shared
modules, and every public method of the public classes (inherited ones
included when a voidref class defines them). Each needs a valid sample call
in ``SAMPLES`` below (a new public name without one fails
``test_every_public_entry_point_has_a_sample_call``). The walk then replaces
one argument of the sample at a time with each value of ``HOSTILE``: the call
must return, or raise :class:`~voidref.errors.RulesError` (or a subclass)
whose message opens with the name of that argument. Any other exception, an
error naming another argument, a message that repeats a huge value, or no
answer within ``DEADLINE`` seconds is a failure.

Not walked: the calculators (``voidref.calc``: their entry point is
``calc.run``, tested with the calculators) and the command line
(``voidref.cli``).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import os
import re
import signal
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from voidref.errors import RulesError
from voidref.kinds import Kind
from voidref.ruling_base import RulingsBase

NOT_WALKED = ("voidref.calc",)
"""Public, but walked by tests/test_calc_hostile.py (calc.run and run_json, field by field)."""
DEADLINE = 10.0
"""Seconds a call may take before it counts as a hang."""


def _public_modules() -> list[str]:
    """The public modules (as the Public names page lists them), less those of :data:`NOT_WALKED`."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "_ext"))
    try:
        from voidref_public import public_modules
    finally:
        sys.path.pop(0)
    return [m for m in public_modules() if not m.startswith(NOT_WALKED)]


PUBLIC_MODULES = _public_modules()


# -- hostile values --------------------------------------------------------------------------------

class _Opaque:
    """An object of no type the engine knows."""


HOSTILE: dict[str, Callable[[], Any]] = {
    "empty text": lambda: "",
    "huge int": lambda: 10 ** 5000,
    "huge negative int": lambda: -(10 ** 5000),
    "-1": lambda: -1,
    "float": lambda: 1.5,
    "NaN": lambda: float("nan"),
    "infinity": lambda: float("inf"),
    "None": lambda: None,
    "True": lambda: True,
    "list": lambda: [1, "a"],
    "dict": lambda: {"a": 1},
    "object": _Opaque,
    "unicode": lambda: "\u2603\U0001f4a5 \u00e9\u3000",
    "long text": lambda: "x" * 1_000_000,
}
"""Each is made afresh for every call (a callee may keep or change a list it is given)."""


# -- sample calls ----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Sample:
    """A valid call of one entry point; the walk replaces one of its arguments at a time."""

    key: Any
    """What it covers: the callable itself, or ``(class, method name)``."""
    make: Callable[[], Callable[..., Any]]
    """Gives the callable afresh (a method is bound to a fresh value, since some values change)."""
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = dataclasses.field(default_factory=dict)
    fixed: tuple[str, ...] = ()
    """Parameters the walk leaves as given: each is listed in ``FIXED`` with the reason."""
    names: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """Other names an error may give an argument (a parser's own name for its text, say)."""
    fresh: Callable[[], tuple[tuple[Any, ...], dict[str, Any]]] | None = None
    """Gives ``(args, kwargs)`` afresh for each call, instead of ``args`` and ``kwargs`` (values the call changes)."""

    def arguments(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        return self.fresh() if self.fresh else (self.args, dict(self.kwargs))


def call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Sample:
    """A sample call of a function or of a class's constructor."""
    return Sample(fn, lambda: fn, args, kwargs)


def fresh(fn: Callable[..., Any], arguments: Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]) -> Sample:
    """A sample call whose arguments are made afresh for each call (the call changes them)."""
    return Sample(fn, lambda: fn, fresh=arguments)


def method(make: Callable[[], Any], name: str, *args: Any, **kwargs: Any) -> Sample:
    """A sample call of the method *name* of a fresh value (or class) given by *make*."""
    owner = make()
    cls = owner if isinstance(owner, type) else type(owner)
    return Sample((cls, name), lambda: getattr(make(), name), args, kwargs)


def fresh_method(make: Callable[[], Any], name: str,
                 arguments: Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]) -> Sample:
    """A sample call of a method whose arguments are made afresh for each call (the call changes them)."""
    return dataclasses.replace(method(make, name), fresh=arguments)


def rebuilt(value: Any) -> Sample:
    """A sample call of *value*'s constructor with *value*'s own fields (for records the engine returns)."""
    cls = type(value)
    if dataclasses.is_dataclass(value):
        kwargs = {f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.init}
        return Sample(cls, lambda: cls, (), kwargs)
    return Sample(cls, lambda: cls, tuple(value), {})


def with_(sample: Sample, **changes: Any) -> Sample:
    """*sample* with some of its settings changed (``fixed``, ``names``)."""
    return dataclasses.replace(sample, **changes)


# The sample calls, by package.

def _drifters_samples() -> list[Sample]:
    """``voidref.drifters``: characters, attacks, dice, health, initiative, injuries, movement, turns, rulings."""
    from voidref import drifters as d

    senna = d.Character("Senna", might=2, agility=4, skills={"ranged": 2})
    target = d.Character("Agent", might=2, agility=3)
    sidearm = d.Weapon("Sidearm", damage=6, crit=3, range="medium")
    attack = d.Attack(senna, sidearm, target, band="short")
    odds = attack.odds()

    return [
        call(d.Attack, senna, sidearm, target, band="short"),
        method(lambda: attack, "damage", 2),
        method(lambda: attack, "odds", d.Health(12, 12)),
        rebuilt(odds),
        rebuilt(attack.damage(2)),
        call(d.Character, "Senna", might=2, agility=4, skills={"ranged": 2}),
        with_(method(lambda: senna, "characteristic", "agility"), names={"which": ("characteristic",)}),
        with_(method(lambda: senna, "skill", "ranged"), names={"which": ("skill",)}),
        method(lambda: senna, "defense", True),
        call(d.Weapon, "Sidearm", damage=6, crit=3, range="medium"),
        call(d.unarmed, senna),
        call(d.Conditions, ((d.Condition.DISORIENTED, 1),)),
        method(lambda: d.Conditions(), "turns_left", "disoriented"),
        method(lambda: d.Conditions(), "has", "disoriented"),
        method(lambda: d.Conditions(), "apply", "disoriented", 1),
        method(lambda: d.Conditions().apply("disoriented", 1), "end", "disoriented"),
        call(d.CheckOutcome, 1, 0, 0, 0),
        call(d.Face, 1, 0, 0, 0),
        with_(method(lambda: d.Face, "parse", "SB"), names={"symbols": ("symbols",)}),
        call(d.Pool, ability=2, trial=1),
        method(lambda: d.Pool, "for_check", 4, 2, "average"),
        with_(method(lambda: d.Pool, "parse", "2A vs 1T"), names={"text": ("pool",)}),
        method(lambda: d.Pool(ability=2), "count", d.Die.ABILITY),
        method(lambda: d.Pool(ability=2), "add", "boon", 1),
        with_(method(lambda: d.Pool(ability=2), "upgrade", 1), names={"n": ("upgrades",)}),
        with_(method(lambda: d.Pool(mastery=2), "downgrade", 1), names={"n": ("downgrades",)}),
        with_(method(lambda: d.Pool(trial=2), "upgrade_difficulty", 1), names={"n": ("difficulty_upgrades",)}),
        with_(method(lambda: d.Pool(hazard=2), "downgrade_difficulty", 1), names={"n": ("difficulty_downgrades",)}),
        method(lambda: d.Pool(ability=2), "roll", 1),
        method(lambda: d.Pool(ability=2), "reduced", successes=True),
        rebuilt(d.Pool(ability=2).roll(1)),
        call(d.thrown_range, "short", "low"),
        call(d.Health, 12, 12, wounds=1),
        method(lambda: d.Health, "of", senna),
        with_(method(lambda: d.Health(12, 12), "suffer_wounds", 2), names={"n": ("wounds",)}),
        with_(method(lambda: d.Health(12, 12), "suffer_strain", 2), names={"n": ("strain",)}),
        method(lambda: d.Health(12, 12), "add_critical_injury", 1),
        method(lambda: d.Health(12, 12, strain=3), "end_of_encounter", 2),
        method(lambda: d.Health(12, 12, strain=3), "spend_boons_on_strain", 1),
        method(lambda: d.Health(12, 12, wounds=3), "full_rest", 2),
        method(lambda: d.Health(12, 12, wounds=3), "medical_care", 2, 1, 1),
        method(lambda: d.Health(12, 12, critical_injuries=1), "treat_critical_injury", True),
        call(d.Entry, "Senna", "player", 2),
        call(d.initiative_pool, senna),
        call(d.slot_order, [d.Entry("Senna", "player", 2)]),
        call(d.turn_order, [d.Entry("Senna", "player", 2)]),
        call(d.critical_injury_odds, 1),
        call(d.injuries_for_attack, 1, 1),
        call(d.injury_bonus, 1),
        call(d.severity, 40),
        rebuilt(d.move_plan("short", "long")),
        call(d.maneuvers_to_move, "short", "long"),
        call(d.move_plan, "short", "long"),
        rebuilt(d.rounds_to_take_down(attack, max_rounds=3)),
        method(lambda: d.rounds_to_take_down(attack, max_rounds=3), "within", 2),
        call(d.rounds_to_take_down, attack, max_rounds=3),
        rebuilt(d.plan_turn(1)),
        call(d.plan_turn, 1),
        call(d.Rulings, condition_reapply_adds=False),
        method(lambda: d.Rulings(), "differences", d.Rulings(condition_reapply_adds=False)),
    ]


def _ship_fight(band: str = "medium") -> Any:
    """One Ship Round's fight, every station declared (a fresh one each call: a fight changes)."""
    from voidref import drifters as d
    from voidref.drifters import ships as s
    from voidref.drifters.ships.example import crew

    c = crew()
    f = s.ShipFight(band)
    ember = f.add_ship(s.EMBER_DRIFT, d.Side.PLAYER)
    cutter = f.add_ship(s.CM_440_CUTTER, "gm")
    f.declare_station(ember, c["senna"], "helm")
    f.declare_station(ember, c["yessica"], "gunnery")
    f.declare_station(ember, c["davan"], "engineering")
    f.declare_station(ember, c["rhi"], "sensors and comms")
    f.declare_captain(ember, c["corin"])
    f.declare_station(cutter, c["cutter pilot"], "helm")
    f.declare_station(cutter, c["cutter gunner"], "gunnery")
    return f


def _ship_turn(band: str = "medium") -> Any:
    """:func:`_ship_fight` with initiative rolled and the Ember Drift's turn begun."""
    f = _ship_fight(band)
    f.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1})
    f.start_turn("Ember Drift")
    return f


def _ships_samples() -> list[Sample]:
    """``voidref.drifters.ships`` away from a fight: profiles, weapons, ranges, attacks, damage, Heat, stations."""
    from voidref import drifters as d
    from voidref.drifters import ships as s
    from voidref.drifters.ships.example import crew

    yessica = crew()["yessica"]
    ship_attack = s.ShipAttack(s.EMBER_DRIFT, s.AUTOCANNON, s.CM_440_CUTTER, agility=3, gunnery=2, band="medium")
    outcome = d.CheckOutcome(2, 1, 0, 0)
    hit = s.resolve_hit(s.AUTOCANNON, s.CM_440_CUTTER, 2)

    return [
        call(s.ShipProfile, "Skiff", speed=3, handling=1, armor=2, hull_points=10),
        method(lambda: s.EMBER_DRIFT, "deflection_for", "fore"),
        with_(method(lambda: s.EMBER_DRIFT, "weapon", "autocannon"), names={"name": ("weapon",)}),
        call(s.ShipWeapon, "Gun", damage=5, ranges=("short", "medium"), crit=3),
        call(s.Screen, damage_reduction=1),
        method(lambda: s.Screen(damage_reduction=1), "names", s.AUTOCANNON),
        call(s.Ecm, bane_dice=1),
        method(lambda: s.Ecm(), "names", s.AUTOCANNON),
        rebuilt(s.station_action("target lock")),
        method(lambda: s.ShipRange.MEDIUM, "step", 1),
        call(s.weapon_bands, s.AUTOCANNON),
        call(s.in_range, s.AUTOCANNON, "medium"),
        call(s.check_in_range, s.AUTOCANNON, "medium"),
        call(s.in_arc, s.AUTOCANNON, "fore"),
        call(s.check_in_arc, s.AUTOCANNON, "fore"),
        call(s.bands_per_move, 3),
        call(s.advance, "medium", 3),
        call(s.break_away, "medium", 3),
        call(s.attack_difficulty, "medium"),
        call(s.boon_dice_after_limit, 2),
        call(s.ShipAttack, s.EMBER_DRIFT, s.AUTOCANNON, s.CM_440_CUTTER, agility=3, gunnery=2, band="medium"),
        rebuilt(hit),
        call(s.resolve_hit, s.AUTOCANNON, s.CM_440_CUTTER, 2),
        call(s.hit_damage, s.AUTOCANNON, 2),
        call(s.armor_after_pierce, s.AUTOCANNON, s.CM_440_CUTTER),
        call(s.armor_bypass_points, 2),
        call(s.useful_bypass_boons, s.AUTOCANNON, s.CM_440_CUTTER, 2),
        call(s.system_damage, s.AUTOCANNON, s.CM_440_CUTTER),
        call(s.critical_hit_available, outcome, s.AUTOCANNON, hit),
        call(s.can_jam, 3),
        call(s.ShipStanding, hull_damage=1),
        method(lambda: s.ShipStanding(hull_damage=1), "destroyed", s.EMBER_DRIFT),
        method(lambda: s.ShipStanding(hull_damage=1), "out_of_control", s.EMBER_DRIFT),
        method(lambda: s.ShipStanding(hull_damage=1), "describe", s.EMBER_DRIFT),
        call(s.shot_heat, s.AUTOCANNON),
        call(s.dissipate, 3, s.EMBER_DRIFT),
        call(s.at_threshold, 3, s.EMBER_DRIFT),
        with_(call(s.station_action, "target lock"), names={"name": ("action",)}),
        call(s.station_check_pool, "target lock", yessica),
        call(s.resolution_phase, "target lock"),
        call(s.handling_dice, 1),
        call(s.as_outcome, (2, 0)),
        call(s.interior_bands, "corridor"),
        call(s.check_interior_band, "corridor", "short"),
        rebuilt(s.resolve_outcome(ship_attack, outcome)),
        rebuilt(s.attack_odds(ship_attack)),
        call(s.attack_odds, ship_attack),
        call(s.resolve_outcome, ship_attack, outcome),
    ]


def _ship_fight_samples() -> list[Sample]:
    """``voidref.drifters.ships`` in a fight: its ships and stations, and every step of a turn."""
    from voidref.drifters import ships as s
    from voidref.drifters.ships.example import crew

    fight, turn = _ship_fight, _ship_turn

    return [
        call(s.FightShip, s.EMBER_DRIFT, "player"),
        method(lambda: fight().ship("Ember Drift"), "crew_at", "helm"),
        method(lambda: fight().ship("Ember Drift"), "station_of", "Senna Vael"),
        call(s.ShipFight, "medium"),
        method(lambda: s.ShipFight("medium"), "add_ship", s.EMBER_DRIFT, "player"),
        method(fight, "ship", "Ember Drift"),
        method(fight, "declare_station", "CM-440 cutter", crew()["corin"], "engineering"),
        method(fight, "declare_captain", "Ember Drift", crew()["corin"]),
        method(fight, "initiative_pool", "Ember Drift"),
        method(fight, "roll_initiative", {"Ember Drift": 2, "CM-440 cutter": 1}),
        method(turn, "slot_of", "Ember Drift"),
        method(lambda: (f := fight(), f.roll_initiative({"Ember Drift": 2, "CM-440 cutter": 1}))[0],
               "start_turn", "Ember Drift"),
        method(turn, "check_pool", "Ember Drift", "target lock"),
        method(turn, "direct_focus", "Ember Drift", "Yessica Morn"),
        method(turn, "evasive_maneuver", "Ember Drift", (1, 0)),
        method(turn, "target_lock", "Ember Drift", "CM-440 cutter", (1, 0)),
        method(turn, "boost_power", "Ember Drift", (1, 0)),
        method(turn, "hold_position", "Ember Drift"),
        method(turn, "advance", "Ember Drift"),
        method(turn, "break_away", "Ember Drift"),
        method(lambda: turn("long"), "disengage", "Ember Drift", (1, 0)),
        method(turn, "attack", "Ember Drift", "autocannon", "CM-440 cutter"),
        method(turn, "fire", "Ember Drift", "autocannon", "CM-440 cutter", (2, 0)),
        rebuilt(turn().fire("Ember Drift", "autocannon", "CM-440 cutter", (2, 0))),
        rebuilt(turn().end_round()[0]),
        fresh(s.leave_station, lambda: ((fight(), "Ember Drift", "Senna Vael"), {})),
        fresh(s.unmanned_stations, lambda: ((fight(), "Ember Drift"), {})),
    ]


@dataclasses.dataclass(frozen=True, repr=False)
class _Switches(RulingsBase):
    """A Rulings of one switch, for the sample of ``RulingsBase.differences`` itself."""

    aware: bool = False


def _rulings_module_samples() -> list[Sample]:
    """The public functions of the systems' ``rulings`` modules (Cantor's are with its samples)."""
    from voidref.drifters import rulings as dr
    from voidref.drifters.ships import rulings as sr
    from voidref.pirates import rulings as pr
    from voidref.twodice import rulings as tr
    from voidref.upper_hand import rulings as ur

    return [with_(call(m.check_rulings, m.STANDARD), names={"value": ("rulings",)}) for m in (dr, pr, tr, ur)] + [
        call(sr.ion_reduction, 3), call(dr.positive_dice, 3, 2)]


def _shared_samples() -> list[Sample]:
    from voidref import charts, errors, exact, kinds, present, ruling_base
    from voidref.dice_notation import DiceNotation
    from voidref.exact import Dist
    from voidref.pirates import STANDARD, Rulings

    d6 = Dist.die(6)
    chart = charts.BarChart("Damage", "Points", (("1", Fraction(1, 2)), ("2", Fraction(1, 2))))
    error = errors.RulesError(argument="skill", expected="an integer from 0 to 5", received=7)
    return [
        call(Dist, {1: Fraction(1, 2), 2: Fraction(1, 2)}),
        with_(method(lambda: Dist, "from_counts", {1: 1, 2: 3}, 4), names={"counts": ("total",)}),
        method(lambda: Dist, "from_weights", {1: 1, 2: 3}),
        method(lambda: Dist, "uniform", [1, 2, 3]),
        method(lambda: Dist, "die", 6),
        method(lambda: Dist, "always", 3),
        method(lambda: d6, "prob", lambda n: n > 3),
        method(lambda: d6, "mean", lambda n: n),
        method(lambda: d6, "percent", lambda n: n > 3, 1),
        method(lambda: d6, "map", lambda n: n * 2),
        method(lambda: d6, "combine", d6, lambda a, b: a + b),
        method(lambda: d6, "bind", lambda n: Dist.die(n)),
        method(lambda: Dist, "sum_of", [d6, d6]),
        method(lambda: d6, "repeat_sum", 2),
        call(exact.percent, Fraction(1, 3)),
        call(exact.percent_cell, Fraction(1, 3)),
        with_(call(errors.RulesError, argument="skill", expected="an integer from 0 to 5", received=7),
              fixed=_NAMING),
        with_(call(errors.TooLargeError, argument="pool", expected="at most 40 dice", received=41), fixed=_NAMING),
        with_(call(errors.NeedsRollError, argument="structure_roll", expected="a d6 roll", received=None),
              fixed=_NAMING),
        with_(method(lambda: error, "renamed", "attack_skill"), fixed=("argument", "label")),
        with_(method(lambda: errors.TooLargeError(argument="pool", expected="at most 40 dice"), "renamed", "dice"),
              fixed=("argument", "label")),
        with_(method(lambda: errors.NeedsRollError(argument="roll", expected="a d6 roll"), "renamed",
                     "structure_roll"), fixed=("argument", "label")),
        with_(call(errors.check_int, "skill", 3, 0, 5), fixed=("name", "low", "high"), names={"value": ("skill",)}),
        with_(call(errors.check_bool, "aware", True), fixed=("name",), names={"value": ("aware",)}),
        with_(call(errors.check_rng, "rng", __import__("random").Random(1)), fixed=("name",),
              names={"value": ("rng",)}),
        with_(call(errors.check_enum, "band", "short", _Band), fixed=("name", "enum_type"), names={"value": ("band",)}),
        call(errors.describe, 3),
        call(DiceNotation, 2, sides=6, bonus=1),
        with_(method(lambda: DiceNotation, "parse", "2d6+1"), names={"text": ("dice",)}),
        call(kinds.dataclass_repr, chart, ("title",)),
        call(present.Table, "Odds", ("Roll", "Chance"), (("1", "50%"),)),
        call(present.Figure, Fraction(1, 2), "50.0%"),
        call(charts.BarChart, "Damage", "Points", (("1", Fraction(1, 2)), ("2", Fraction(1, 2)))),
        call(charts.grouped, chart, 24),
        call(charts.svg, chart),
        call(ruling_base.RulingsBase),
        Sample((ruling_base.RulingsBase, "differences"), lambda: _Switches().differences, (_Switches(True),)),
        with_(call(ruling_base.check_rulings_of, Rulings, STANDARD), fixed=("cls", "argument"),
              names={"value": ("rulings",)}),
    ]


def _pirates_samples() -> list[Sample]:
    from voidref import pirates as p
    from voidref.exact import Dist

    roll = p.ActionRoll(attribute_modifier=1, skill_rank_modifier=1)
    ship = p.Ship("Hauler", agility=2, hull_class=2, armor_value=4, max_hp=30)
    return [
        call(p.Rulings, partial_margin=2),
        method(lambda: p.STANDARD, "differences", p.AS_PRINTED),
        call(p.attribute_modifier, 14),
        call(p.skill_rank_modifier, 2),
        call(p.gravity_rating_modifier, "floater", "high"),
        call(p.is_mismatched_gravity, "floater", "high"),
        rebuilt(roll.odds(12)),
        method(lambda: roll.odds(12), "chance", "full"),
        call(p.ActionRoll, attribute_modifier=1, skill_rank_modifier=1),
        method(lambda: p.ActionRoll, "from_scores", 14, 2),
        method(lambda: roll, "resolve", 10, 12),
        method(lambda: roll, "against", 12),
        method(lambda: roll, "passes", 12),
        method(lambda: roll, "odds", 12),
        method(lambda: roll, "chance", 12, "partial"),
        rebuilt(roll.resolve(10, 12)),
        rebuilt(p.resolve_opposed(roll, p.ActionRoll(), 10, 9)),
        rebuilt(p.opposed_odds(roll, p.ActionRoll())),
        method(lambda: p.opposed_odds(roll, p.ActionRoll()), "chance", "win"),
        call(p.resolve_opposed, roll, p.ActionRoll(), 10, 9),
        call(p.opposed_distribution, roll, p.ActionRoll()),
        call(p.opposed_odds, roll, p.ActionRoll()),
        call(p.fumble, 3),
        call(p.self_inflicted_damage, "1d6"),
        call(p.Combatant, "Ash", agility=2, roll=9),
        method(lambda: p.Combatant, "ship", "Hauler", 2, 9, 1),
        call(p.initiative_order, [p.Combatant("Ash", agility=2, roll=9), p.Combatant("Bo", agility=1, roll=8)]),
        call(p.initiative_distribution, 2),
        rebuilt(p.chance_to_act_first(2, 2, 1, 1)),
        call(p.chance_to_act_first, 2, 2, 1, 1),
        rebuilt(p.turn_options(1)[0]),
        call(p.turn_options, 1),
        call(p.base_move, 2),
        call(p.carry_limit, 3),
        call(p.encumbrance_steps, 30, 2),
        call(p.move_rate, 2, carried_kg=10, strength=2),
        call(p.part_move, 10, Fraction(1, 2)),
        call(p.terrain_move_distribution, 10, "rough", roll),
        call(p.DamageRoll, 2, sides=6, bonus=1, multiplier=2),
        with_(method(lambda: p.DamageRoll, "parse", "2d6+1"), names={"text": ("dice",)}),
        call(p.soak, 6, "energy"),
        call(p.after_soak, 8, 6, "energy"),
        call(p.stack_armor, 3, 2),
        call(p.hit_damage, 9, 4, "physical"),
        call(p.hit_distribution, "2d6", 4, "physical"),
        call(p.attack_distribution, roll, p.ActionRoll(), "2d6", 4, "physical"),
        call(p.attack_vs_tn_distribution, roll, 12, "2d6", 4, "physical"),
        call(p.max_hp, 12),
        call(p.wound_penalty, 5, 12),
        call(p.stun_odds, 2),
        call(p.ongoing_damage_distribution, 2, Dist.die(6)),
        call(p.Ship, "Hauler", agility=2, hull_class=2, armor_value=4, max_hp=30),
        call(p.gunnery_modifier, "medium"),
        call(p.gunnery_distribution, roll, p.ActionRoll(), "2d6", 4),
        rebuilt(p.gunnery_odds(roll, p.ActionRoll())),
        method(lambda: p.gunnery_odds(roll, p.ActionRoll()), "system_hit", "fire_breach"),
        call(p.gunnery_odds, roll, p.ActionRoll()),
        call(p.maneuver_effect, "partial", "gunnery_bonus"),
        call(p.maneuver_odds, roll, 12),
        call(p.ram_distribution, ship, ship, roll, p.ActionRoll()),
        call(p.repair_cap, 30),
        call(p.repair_amount, 7, 2, 30),
        call(p.repair_distribution, roll, 2, 30),
        call(p.max_shots, 2, 3),
        call(p.system_hit, 3),
        call(p.ship_state, 10, 30),
        method(lambda: p.ShipSystem.BRIDGE, "target_number", rulings=p.STANDARD),
        call(p.can_board, "close"),
        call(p.passes, roll, 12),
        call(p.eva_arrivals, 3, roll),
        call(p.boarding_state, 2, 1),
        call(p.stabilization_chance, 12),
        call(p.vacuum_round_distribution, 12),
    ]


def _cantor_samples() -> list[Sample]:
    from voidref import cantor as c

    rifle = c.Weapon("Rifle", damage="1d6+1", max_range=6)
    target = c.Target(evasion=6, armor=1)
    situation = c.Situation(distance=3)
    attack = c.Attack(rifle, target, situation)
    from voidref.cantor import rulings as cr

    return [
        call(cr.blast_reaches, 1, 2),
        with_(call(cr.check_rulings, cr.STANDARD), names={"value": ("rulings",)}),
        call(cr.cooldown_cost, 1),
        call(cr.dice_for_net, 2),
        call(cr.halve, 7),
        call(cr.shatter_splinters, 3),
        call(cr.too_close, 1, 2),
        call(c.Rulings, blast_n_is_radius=False),
        method(lambda: c.STANDARD, "differences", c.AS_PRINTED),
        rebuilt(c.UnitState(hp=10, max_hp=10).take(3)),
        call(c.Attack, rifle, target, situation),
        method(lambda: attack, "resolve", [6, 6], [5]),
        rebuilt(attack.odds()),
        rebuilt(attack.resolve([6, 6], [5])),
        call(c.Bystander, "friend", distance=1),
        call(c.DamageRoll, 2, sides=6, bonus=1),
        with_(method(lambda: c.DamageRoll, "parse", "2d6+1"), names={"text": ("damage",)}),
        rebuilt(attack.resolve([6, 6], [5]).steps),
        rebuilt(c.shove(3, clear_spaces=1)),
        call(c.Situation, distance=3),
        call(c.Source, "aim", 1),
        call(c.Stress, 2),
        call(c.Target, evasion=6, armor=1),
        method(lambda: target, "has", "exposed"),
        call(c.TowClock),
        method(c.TowClock, "advance", True),
        call(c.Turn),
        method(c.Turn, "take", "lock on"),
        method(c.Turn, "fire", "Rifle", 1),
        call(c.UnitState, hp=10, max_hp=10),
        method(lambda: c.UnitState(hp=10, max_hp=10), "add_burn", 1),
        method(lambda: c.UnitState(hp=10, max_hp=10), "take", 3),
        method(lambda: c.UnitState(hp=10, max_hp=10), "outcomes", 3),
        call(c.Weapon, "Rifle", damage="1d6+1", max_range=6),
        call(c.accuracy_sources, rifle, target, situation),
        call(c.aim_holds, False, True, True),
        call(c.attack_total, 1),
        call(c.blast_damage, 6, 1),
        call(c.blast_splash, c.Weapon("Grenade", damage="2d6", max_range=4, blast=1), 6, [c.Bystander("friend")]),
        call(c.collision_damage),
        call(c.damage_from_roll, 5, rifle, target, situation),
        call(c.damage_on_hit, rifle, target, situation),
        call(c.damage_on_miss, rifle, target, situation),
        call(c.damage_roll, rifle, target, situation),
        call(c.defense_value, rifle, target, situation),
        call(c.difficulty_sources, rifle, target, situation),
        call(c.fall_off, rifle, 3),
        call(c.graze_allowed, 4, "front", 3, False),
        call(c.hit_chance, 1, 8),
        call(c.kept_die, 1),
        call(c.net_accuracy, rifle, target, situation),
        call(c.path_cost, [False, True]),
        call(c.ram_terrain_damage),
        call(c.ram_unit, 1),
        call(c.shatter, 2),
        call(c.shove, 3, 1),
        with_(call(c.structure_result, 3), names={"roll": ("structure_roll",)}),
        call(c.vespertide_damage, 1),
        call(c.vespertide_phase, 2),
    ]


def _twodice_samples() -> list[Sample]:
    from voidref import twodice as t

    roll = t.FightingRoll(3, 1)
    rifle = t.Weapon("Rifle", category="shooting", damage="2D", firing_limit=3, capacity=30)
    exchange = t.Exchange(t.Combatant(t.FightingRoll(3), rifle), t.Combatant(t.FightingRoll(2), t.KNIFE), "far")
    return [
        call(t.Rulings, zero_dice_dropped=False),
        method(lambda: t.STANDARD, "differences", t.AS_PRINTED),
        call(t.can_sprint, "light"),
        call(t.moves_per_turn, "light", mechanics=1),
        call(t.save_dist, "light"),
        rebuilt(t.apply_saves([3, 5], [4])),
        call(t.apply_saves, [3, 5], [4]),
        call(t.cancel, [3, 5], [4]),
        call(t.damage_items, [3, 5], 1),
        call(t.hit_damage_dist, "2D", "light"),
        call(t.items_dist, "2D+1"),
        call(t.FightingRoll, 3, 1),
        method(lambda: roll, "with_modifier", 1),
        method(lambda: roll, "total", (4, 3)),
        with_(call(t.dice_sum, "attack_dice", (5, 2)), fixed=("name",), names={"dice": ("attack_dice",)}),
        call(t.two_dice),
        call(t.Exchange, t.Combatant(t.FightingRoll(3), rifle), t.Combatant(t.FightingRoll(2), t.KNIFE), "far"),
        method(lambda: exchange, "resolve", [(5, 2)], [(4, 3)]),
        rebuilt(exchange.resolve([(5, 2)], [(4, 3)])),
        rebuilt(exchange.resolve([(5, 2)], [(4, 3)]).tests[0]),
        call(t.Combatant, t.FightingRoll(3), rifle),
        call(t.counter_limit, t.KNIFE, rifle, "far"),
        call(t.counterattack_odds, roll, t.FightingRoll(2)),
        call(t.defense_odds, roll, t.FightingRoll(2)),
        call(t.opposed, "defense", 9, 8),
        call(t.Fighter, "Ash", weapon=t.KNIFE, end=3),
        method(lambda: (f := t.Fighter("Ash", weapon=t.KNIFE, end=3), f.start_turn())[0], "use_move", "move"),
        method(lambda: t.Fighter("Ash", weapon=t.KNIFE, end=1), "recover_end", 1),
        fresh_method(lambda: (f := t.Fighter("Ash", weapon=t.KNIFE, end=3), f.start_turn())[0], "attack",
                     lambda: ((t.Fighter("Bo", end=2), t.FightingRoll(3, 1)),
                              {"distance": "near", "defense": t.FightingRoll(2)})),
        call(t.DamageRoll, 2, bonus=1),
        with_(method(lambda: t.DamageRoll, "parse", "2D+1"), names={"text": ("damage",)}),
        call(t.Weapon, "Rifle", category="shooting", damage="2D", firing_limit=3, capacity=30),
        method(lambda: rifle, "reaches", "far"),
        method(lambda: rifle, "burst_modifier", 2),
    ]


def _show(x: Fraction, places: int) -> str:
    """A number printed to *places* decimals, as a caller of answer_engagement prints it."""
    return f"{float(x):.{places}f}"


def _upper_hand_samples() -> list[Sample]:
    from voidref import upper_hand as u

    kestrel = u.Ship("Kestrel", computer=2, guns=2, thrusters=2, players=True, pcs=("Ada", "Bo"))
    cutter = u.Ship("Cutter", computer=1, guns=2, thrusters=2)
    state = u.EngagementState(kestrel, cutter, u.Goal.JUMP, u.Goal.DOCK)
    small = (u.Ship("A", computer=1, guns=1, thrusters=1), u.Ship("B", computer=1, guns=1, thrusters=1), "reach",
             "reach")

    def opened() -> u.Engagement:
        eng = u.Engagement(kestrel, cutter, "jump", "dock")
        eng.open(1, 0)
        return eng

    def maneuvering() -> u.Engagement:
        eng = opened()
        eng.fire(u.Side.A, 0)
        eng.fire(u.Side.B, 0)
        return eng

    def ending() -> u.Engagement:
        eng = maneuvering()
        eng.maneuver(0, 0)
        return eng

    simulated = u.simulate_engagement(*small, trials=20)
    exact = u.engagement_odds(*small)
    return [
        call(u.Rulings, throw_succeeds_at=9),
        method(lambda: u.STANDARD, "differences", u.AS_PRINTED),
        call(u.TaskThrow, succeed_at=9),
        with_(method(lambda: u.TASK_THROW, "impact_of", (4, 5), 1),
              names={"disadvantaged": ("faces",), "advantaged": ("faces",)}),
        with_(method(lambda: u.TASK_THROW, "extra_dice", False, True), names={"disadvantaged": ("advantaged",)}),
        method(lambda: u.TASK_THROW, "kept", (4, 5, 1), True),
        method(lambda: u.TASK_THROW, "impact_of_total", 9),
        method(lambda: u.TASK_THROW, "impact_odds", 1),
        call(u.Ship, "Kestrel", computer=2, guns=2, thrusters=2),
        method(lambda: kestrel, "condition", "guns"),
        method(lambda: kestrel, "rank", "guns"),
        method(lambda: kestrel, "hit", "guns"),
        with_(method(lambda: kestrel, "evolve_unchecked", crew_hits=1)),
        method(lambda: kestrel, "with_condition", "guns", "damaged"),
        call(u.CrewMember, "Ada", software=1),
        call(u.assign_stations, u.CrewMember("Ada", software=1)),
        call(u.limit_impact, 3, 2),
        call(u.throw_odds, 1, 2),
        call(u.station_odds, kestrel, "gunnery"),
        call(u.station_impact, kestrel, "gunnery", 3),
        call(u.requirement_met, "dock", kestrel, cutter),
        call(u.leap, 2),
        call(u.leap_odds, 1),
        call(u.party_leap_odds, 2, 1),
        call(u.Finish, u.Side.A, u.Ending.GOAL),
        call(u.Outcome, u.Side.A, u.Goal.JUMP, u.Ending.GOAL, 2),
        call(u.opening_upper_hand, 1, 0),
        call(u.opening_odds, kestrel, cutter),
        call(u.maneuver_winner, 1, 0),
        call(u.upper_hand_after, "a", "b"),
        call(u.maneuver_phase, "a", 1, 0),
        call(u.ship_maneuver, kestrel, cutter, "a", 1, 0),
        call(u.maneuver_odds, kestrel, cutter, "a"),
        call(u.hit_location, 2),
        call(u.npc_surrenders, 3, 2),
        call(u.npc_surrender_chance, 2),
        call(u.pc_crew_hit_odds, ["Ada", "Bo"]),
        call(u.CrewHit, 1, pc="Ada", damage=3),
        rebuilt(u.resolve_damage(u.Ship("N"), 3, [4, 4, 1], crew=[6, 2])),
        call(u.resolve_damage, u.Ship("N"), 3, [4, 4, 1], crew=[6, 2]),
        call(u.damage_odds, u.Ship("T"), 2, lambda ship: u.Location.GUNS),
        call(u.EngagementState, kestrel, cutter, u.Goal.JUMP, u.Goal.DOCK),
        method(lambda: state, "ship", u.Side.A),
        method(lambda: state, "goal", u.Side.A),
        method(lambda: state, "with_ship", u.Side.A, kestrel.hit("guns")),
        method(lambda: state, "chooser", u.Side.A),
        method(lambda: state, "can_meet_goal", u.Side.A),
        call(u.Engagement, kestrel, cutter, "jump", "dock"),
        method(lambda: u.Engagement(kestrel, cutter, "jump", "dock"), "open", 1, 0),
        method(opened, "fire", u.Side.A, 1, [2]),
        method(lambda: (eng := u.Engagement(kestrel, cutter, "jump", "dock"), eng.open(0, 0))[0], "fire_together",
               1, 1, [2], [2]),
        method(maneuvering, "maneuver", 1, 0),
        method(ending, "end_round", 0),
        method(opened, "surrender", "a"),
        call(u.round_odds, state),
        rebuilt(exact),
        method(lambda: exact, "win", "a"),
        call(u.engagement_odds, *small),
        rebuilt(u.engagement_bounds(*small)),
        method(lambda: u.engagement_bounds(*small), "win", "a"),
        call(u.engagement_bounds, *small),
        call(u.answer_engagement, *small, chance_text=_show, number_text=_show),
        with_(call(u.Known, Fraction(1, 3), Fraction(1, 2), 1), names={"low": ("high",)}),
        rebuilt(u.answer_engagement(*small, chance_text=_show, number_text=_show)),
        rebuilt(simulated),
        method(lambda: simulated, "estimate", (u.Side.A, u.Ending.GOAL)),
        method(lambda: simulated, "margin", (u.Side.A, u.Ending.GOAL)),
        method(lambda: simulated, "win", "a"),
        call(u.simulate_engagement, *small, trials=20),
    ]


def _roll_samples() -> list[Sample]:
    """The dice roller's entry points (issue 33): each takes a fresh seeded source, since a roll moves it on."""
    import random

    from voidref import cantor as c
    from voidref import pirates as p
    from voidref import twodice as t
    from voidref import upper_hand as u

    action = p.ActionRoll(attribute_modifier=1, skill_rank_modifier=1)
    attack = c.Attack(c.Weapon("Rifle", damage="1d6+1", max_range=6), c.Target(evasion=6, armor=1),
                      c.Situation(distance=3))
    exchange = t.Exchange(t.Combatant(t.FightingRoll(3), t.KNIFE), t.Combatant(t.FightingRoll(2), t.KNIFE), "near",
                          counter_shots=1)
    return [
        fresh_method(lambda: action, "roll", lambda: ((12, random.Random(1)), {"attack": True})),
        fresh(p.roll_hit_damage, lambda: (("2d6", 4, "physical", random.Random(1)), {"critical": True})),
        rebuilt(p.roll_hit_damage("2d6", 4, "physical", random.Random(1), critical=True)),
        fresh_method(lambda: attack, "roll", lambda: ((random.Random(1),), {})),
        fresh_method(lambda: t.FightingRoll(3, 1), "roll", lambda: ((random.Random(1),), {})),
        rebuilt(t.FightingRoll(3, 1).roll(random.Random(1))),
        fresh_method(lambda: exchange, "roll", lambda: ((random.Random(1),), {})),
        fresh(t.roll_hit_damage, lambda: (("2D+1", "medium", random.Random(1)), {})),
        rebuilt(t.roll_hit_damage("2D+1", "medium", random.Random(1))),
        fresh(u.roll_throw, lambda: ((2, random.Random(1)), {"rank": 3, "disadvantaged": True})),
        rebuilt(u.roll_throw(2, random.Random(1), rank=3, disadvantaged=True)),
    ]


SAMPLES: list[Sample] = []


def _drifters_roll_samples() -> list[Sample]:
    """Void Drifters at the table: the Critical Injury and ship Critical Hit rolls (the pool's is Pool.roll)."""
    import random

    from voidref import drifters as d
    from voidref.drifters import ships as s

    return [
        call(d.InjuryRoll, 31, 10),
        call(d.read_critical_injury, 31, 1),
        call(d.roll_critical_injury, 1, random.Random(1), order=0),
        call(s.roll_critical_hit, random.Random(1)),
    ]


def _bay(count: int) -> Any:
    """The Docking Bay encounter after its first *count* events (a fresh replay each call)."""
    from voidref.drifters.encounter import docking_bay_log, replay

    return replay(docking_bay_log()[:count])


def _encounter_samples() -> list[Sample]:
    """``voidref.drifters.encounter``: every event made and applied where the Docking Bay log allows it, the log."""
    from voidref import drifters as d
    from voidref.drifters import encounter as e

    log = e.docking_bay_log()
    thug = d.Character("Thug", kind="minion", stated_wound_points=5)
    crit = e.replay([*log[:13], e.MakeAttack("Senna", "Agent A", "Standard sidearm", 2, boons=3)])
    shot = e.MakeAttack("Senna", "Agent A", "Standard sidearm", 2, 1)
    events = [
        (e.Join("Thug", "gm", thug, ()), 0), (e.SetRange("Senna", "Agent A", "long"), 4),
        (e.SetCover("Senna", "light"), 6), (e.SetGravity("micro"), 6), (e.SetCondition("Senna", "disoriented"), 6),
        (e.Initiative("Senna", 2), 6), (e.StartRound(), 10), (e.TakeTurn("Senna"), 11), (e.EndTurn("Senna"), 12),
        (e.EndRound(), 30), (e.EndEncounter(), 46), (e.Maneuver("Senna", "aim"), 12),
        (e.Move("Senna", "Agent A", "medium"), 12), (e.TakeCover("Senna", "light"), 12), (shot, 12),
        (e.Check("Senna", "Athletics", 1, 0), 12), (e.SpendBoons("Senna", "ally boon die"), 14),
        (e.GmSpend("Agent A", 1), 23),
    ]
    samples = [rebuilt(event) for event, _ in events]
    samples += [method(lambda ev=event: ev, "apply", _bay(n)) for event, n in events]
    samples += [
        rebuilt(e.CriticalInjury("Agent A", 40)),
        method(lambda: e.CriticalInjury("Agent A", 40), "apply", crit),
        method(lambda: shot, "attack", _bay(12)),
        method(lambda: e.Initiative("Davan", 1, surprised=True), "pool", _bay(6)),
        rebuilt(_bay(14)), rebuilt(_bay(14).fighter("Agent A")), rebuilt(_bay(14).last_roll),
        method(lambda: _bay(6), "fighter", "Senna"),
        method(lambda: _bay(6), "band", "Senna", "Agent A"),
        method(lambda: _bay(6).fighter("Senna"), "weapon", "Standard sidearm"),
        call(e.apply, _bay(11), e.TakeTurn("Senna")),
        call(e.replay, log[:20]),
        call(e.to_json, shot), call(e.from_json, e.to_json(shot)),
        call(e.dump, log[:8], name="Docking Bay"), call(e.load, e.dump(log[:8])),
        call(e.load_readable, e.dump(log[:8])),
        call(e.account, log[:20]),
        call(e.docking_bay_log, senna_armor=3), call(e.docking_bay_cast, senna_agility=5),
        call(e.entry, 11, _bay(11), e.TakeTurn("Senna"), _bay(12)),
        rebuilt(e.account(log[:14])[-1]), rebuilt(e.account(log[:14])[-1].changes[0]),
        call(e.docking_bay_log),
    ]
    return samples


def _all_samples() -> list[Sample]:
    if not SAMPLES:
        for part in (_drifters_samples, _ships_samples, _ship_fight_samples, _shared_samples,
                     _rulings_module_samples, _pirates_samples, _cantor_samples,
                     _twodice_samples,
                     _upper_hand_samples, _roll_samples, _drifters_roll_samples, _encounter_samples):
            SAMPLES.extend(part())
    return SAMPLES


_NAMING = ("message", "argument", "expected", "named")
"""What an engine's own code gives a RulesError: the text and the names, never a caller's value."""

_BY_THE_ENGINE = ("the name, limits or type of a check, which the engine's own code gives when it checks a "
                  "caller's value: the value is walked, these are not")
FIXED: dict[tuple[str, str], str] = {
    **{(f"voidref.errors.{cls}", p): _BY_THE_ENGINE for cls in ("TooLargeError", "NeedsRollError") for p in _NAMING},
    **{("voidref.RulesError", p): _BY_THE_ENGINE for p in _NAMING},
    **{(f"{cls}.renamed", p): _BY_THE_ENGINE
       for cls in ("voidref.RulesError", "voidref.errors.TooLargeError", "voidref.errors.NeedsRollError")
       for p in ("argument", "label")},
    **{("voidref.errors.check_int", p): _BY_THE_ENGINE for p in ("name", "low", "high")},
    ("voidref.errors.check_bool", "name"): _BY_THE_ENGINE,
    ("voidref.errors.check_rng", "name"): _BY_THE_ENGINE,
    **{("voidref.errors.check_enum", p): _BY_THE_ENGINE for p in ("name", "enum_type")},
    **{("voidref.ruling_base.check_rulings_of", p): _BY_THE_ENGINE for p in ("cls", "argument")},
    ("voidref.twodice.dice_sum", "name"): _BY_THE_ENGINE,
}
"""``(entry point, parameter)`` left out of the walk, and why."""


# -- the entry points ------------------------------------------------------------------------------

def _is_voidref(obj: Any) -> bool:
    return getattr(obj, "__module__", "").startswith("voidref")


def _public_objects() -> dict[int, tuple[str, Any]]:
    """Every public name's object, once (``id`` to ``(first public name, object)``)."""
    found: dict[int, tuple[str, Any]] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                continue
            found.setdefault(id(obj), (f"{module_name}.{name}", obj))
    return found


def _methods(cls: type) -> list[str]:
    """The public methods of *cls* that take an argument and that voidref code defines."""
    out = []
    for name in sorted({n for klass in cls.__mro__ for n in vars(klass)}):  # dir() of an enum hides methods
        if name.startswith("_"):
            continue
        for klass in cls.__mro__:
            if name in vars(klass):
                raw = vars(klass)[name]
                break
        else:
            continue
        if not _is_voidref(klass) or isinstance(raw, property):
            continue
        fn = raw.__func__ if isinstance(raw, (classmethod, staticmethod)) else raw
        if not inspect.isfunction(fn):
            continue
        params = list(inspect.signature(fn).parameters)
        if not isinstance(raw, staticmethod):
            params = params[1:]
        if params:
            out.append(name)
    return out


def entry_points() -> dict[Any, str]:
    """Every key a sample must cover, with a readable name."""
    keys: dict[Any, str] = {}
    classes: dict[type, str] = {}
    for name, obj in _public_objects().values():
        if isinstance(obj, type):
            classes.setdefault(obj, name)
        elif callable(obj):
            keys[obj] = name
        elif _is_voidref(type(obj)):
            classes.setdefault(type(obj), f"{type(obj).__module__}.{type(obj).__qualname__}")
    for cls, name in classes.items():
        if not issubclass(cls, enum.Enum):  # an enum is looked up by value with Python's own protocol
            keys[cls] = name
        for m in _methods(cls):
            keys[(cls, m)] = f"{name}.{m}"
    return keys


class _Band(Kind):
    """A closed set for the sample of ``Kind.parse`` itself (``Kind`` has no members)."""

    SHORT = "short"


def _kind_samples(keys: dict[Any, str]) -> list[Sample]:
    """``parse`` of every public closed set, with its first member's value."""
    out = []
    for key in keys:
        if isinstance(key, tuple) and key[1] == "parse" and issubclass(key[0], Kind):
            kind = _Band if key[0] is Kind else key[0]
            out.append(Sample(key, lambda kind=kind: kind.parse, (next(iter(kind)).value, "value")))
    return out


def _by_key() -> dict[Any, Sample]:
    samples = {s.key: s for s in _all_samples()}
    for s in _kind_samples(entry_points()):
        samples.setdefault(s.key, s)
    return samples


def _id(key: Any) -> str:
    return entry_points().get(key) or (f"{key[0].__qualname__}.{key[1]}" if isinstance(key, tuple) else repr(key))


# -- the walk ---------------------------------------------------------------------------------------

class _NoAnswer(Exception):
    pass


def _alarm(signum, frame):
    raise _NoAnswer


def _named(error: RulesError, message: str) -> str | None:
    argument = getattr(error, "argument", None)
    if argument:
        return str(argument)
    m = re.match(r"""(['"])(.+?)\1""", message)
    return m.group(2) if m else None


def _fits(named: str, param: str, sample: Sample) -> bool:
    return (named == param or named.startswith((param + "[", param + ".", param + " "))
            or named in sample.names.get(param, ()))


def _failure(sample: Sample, param: str, args: tuple, kwargs: dict) -> str | None:
    """Why the call fails the walk, or ``None``."""
    fn = sample.make()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, DEADLINE)
    try:
        fn(*args, **kwargs)
    except _NoAnswer:
        return f"no answer within {DEADLINE:.0f} s"
    except RulesError as error:
        try:
            message = str(error)
        except Exception as e:  # noqa: BLE001 - what the walk reports
            return f"a RulesError whose text fails ({type(e).__name__})"
        named = _named(error, message)
        if named is None:
            return f"a RulesError naming no argument: {message[:120]!r}"
        if not _fits(named, param, sample):
            return f"a RulesError naming {named!r}: {message[:120]!r}"
        if len(message) > 1_000:
            return f"a RulesError of {len(message):,} characters"
    except Exception as e:  # noqa: BLE001 - what the walk reports
        try:
            text = str(e)[:120]
        except Exception:  # noqa: BLE001
            text = "(unprintable)"
        return f"{type(e).__name__}: {text}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return None


def _substitutions(sample: Sample):
    """Every ``(parameter, value name, args, kwargs)`` of the walk of *sample*."""
    sig = inspect.signature(sample.make())
    for p in sig.parameters.values():
        if p.name in sample.fixed or p.kind is p.VAR_KEYWORD:
            continue
        for value_name, make in HOSTILE.items():
            args, kwargs = sample.arguments()
            bound = sig.bind_partial(*args, **kwargs)
            bound.arguments[p.name] = (make(),) if p.kind is p.VAR_POSITIONAL else make()
            yield p.name, value_name, bound.args, bound.kwargs


def _walk(key: Any) -> None:
    sample = _by_key()[key]
    name = _id(key)
    failures = []
    for param, value_name, args, kwargs in _substitutions(sample):
        why = _failure(sample, param, args, kwargs)
        if why is not None:
            failures.append(f"{param}={value_name}: {why}")
    assert not failures, f"{name}:\n" + "\n".join(failures)


def _params():
    keys = entry_points()
    samples = _by_key()
    out = []
    for key in sorted((k for k in keys if k in samples), key=lambda k: keys[k]):
        out.append(pytest.param(key, id=keys[key]))
    return out


@pytest.mark.parametrize("key", _params())
def test_hostile_arguments_give_a_value_or_a_rules_error_naming_them(key):
    """Each hostile value, put in each argument of a valid call, is answered or refused by name."""
    _walk(key)


def test_every_public_entry_point_has_a_sample_call():
    """A public callable with no sample call fails here, so the walk never silently misses a new name."""
    keys, samples = entry_points(), _by_key()
    missing = sorted(name for key, name in keys.items() if key not in samples)
    assert not missing, "no sample call for:\n" + "\n".join(missing)


def test_every_sample_call_is_public():
    """A sample for a name that is no longer public is stale."""
    keys = entry_points()
    stale = [s.key for s in _all_samples() if s.key not in keys]
    assert not stale, stale


@pytest.mark.parametrize("key", [p.values[0] for p in _params()], ids=[p.id for p in _params()])
def test_every_sample_call_is_valid(key):
    """A sample call as written succeeds, so that each hostile value is the only thing wrong with a call."""
    sample = _by_key()[key]
    args, kwargs = sample.arguments()
    sample.make()(*args, **kwargs)


def test_fixed_parameters_are_explained():
    """A parameter left out of the walk is listed in FIXED with its reason."""
    names = entry_points()
    fixed = {(names.get(s.key), p) for s in _by_key().values() for p in s.fixed}
    assert fixed == set(FIXED), (sorted(fixed - set(FIXED)), sorted(set(FIXED) - fixed))
