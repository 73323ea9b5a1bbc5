"""Every public value's repr is the code that rebuilds it (issue 31).

The test walks the ``__all__`` of every public module (the modules the Public
names page lists, ``voidref_public.public_modules``): each public class must
have sample values below, or be exempt with a reason, so a new class cannot be
forgotten; every member of every public enum is a sample too. Each sample is
evaluated with the public names a user of its package imports (see
``_namespace``) and must come back equal.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import os
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "_ext"))
from voidref_public import public_modules  # noqa: E402

sys.path.pop(0)

#: Public classes that are not values, with the reason their repr need not rebuild them.
EXEMPT = {
    "voidref.kinds.Kind": "the base of the closed sets; it has no members (each subclass's members are tested)",
    "voidref.ruling_base.RulingsBase": "the base of each system's Rulings (each Rulings is tested)",
    "voidref.calc.registry.Calculator": "a calculator's declaration: it holds its compute function",
    "voidref.calc.fields.Field": "a calculator's form field declaration, not a value of the rules",
    "voidref.calc.fields.BoolField": "a calculator's form field declaration, not a value of the rules",
    "voidref.calc.fields.IntField": "a calculator's form field declaration, not a value of the rules",
    "voidref.calc.fields.ChoiceField": "a calculator's form field declaration (it may hold an enum class)",
    "voidref.calc.fields.TextField": "a calculator's form field declaration, not a value of the rules",
    "voidref.drifters.ships.round.ShipFight": "a mutable tracker of a fight in progress, compared by identity",
    "voidref.drifters.ships.round.FightShip": "one ship inside a ShipFight: mutable, compared by identity",
    "voidref.upper_hand.engagement.Engagement": "a mutable tracker of an engagement, compared by identity",
    "voidref.cantor.board.TowClock": "a mutable tracker of a scene, compared by identity",
    "voidref.cantor.turn.Turn": "a mutable tracker of one unit's turn, compared by identity",
    "voidref.twodice.fighter.Fighter": "a mutable tracker of one fighter in a scene, compared by identity",
}


#: voidref and its packages (each game system, the ships, the calculators); the other public modules are shared.
PACKAGES = {name for name in public_modules() if hasattr(importlib.import_module(name), "__path__")}


def _qualname(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _drifters() -> list[object]:
    from voidref.drifters import (
        Attack,
        Character,
        CheckOutcome,
        Conditions,
        Damage,
        Entry,
        Face,
        Health,
        InjuryRoll,
        Pool,
        Side,
        Weapon,
        move_plan,
        plan_turn,
        rounds_to_take_down,
        unarmed,
    )
    from voidref.drifters.rulings import AS_PRINTED, STANDARD

    shooter = Character("Shooter", agility=3, skills={"ranged": 2})
    target = Character("Target", might=3, armor_resistance=1, kind="minion")
    rifle = Weapon("Rifle", damage=8, crit=3, range="long")
    baton = Weapon("Baton", damage=4, crit=5, skill="melee", stun=True, damage_type="energy")
    attack = Attack(shooter, rifle, target, band="medium", cover="light")
    odd = Attack(shooter, baton, target, band="engaged", gravity="low", anchored=True, boon_dice=1,
                 conditions=Conditions().apply("disoriented"), rulings=AS_PRINTED)
    pool = Pool.for_check(characteristic=4, skill=2, difficulty="average", boon_dice=1)
    return [
        shooter, target, rifle, baton, unarmed(shooter), attack, odd, attack.odds(), odd.odds(),
        Damage(damage=8, resistance=3, wounds=5, strain=0),
        Conditions(), Conditions().apply("disoriented", 2),
        CheckOutcome(1, -2, 0, 1), Face(), Face(successes=1, breakthroughs=1),
        pool, Pool(), pool.roll(seed=7), pool.distribution(),
        Health(12, 10), Health(12, None, wounds=3, critical_injuries=1),
        Entry("Agent A", Side.PLAYER, 2),
        move_plan("short", "long"), plan_turn(2), rounds_to_take_down(attack, max_rounds=3),
        STANDARD, AS_PRINTED, InjuryRoll(31, 10), InjuryRoll(100),
    ]


def _encounter() -> list[object]:
    from voidref.drifters.encounter import (
        CriticalInjury,
        EndEncounter,
        MakeAttack,
        SetCondition,
        SetGravity,
        account,
        docking_bay_log,
        replay,
    )

    log = docking_bay_log()
    crit = [*log[:13], MakeAttack("Senna", "Agent A", "Standard sidearm", 2, boons=3),
            CriticalInjury("Agent A", 40)]
    state = replay(crit)
    entries = account(log)
    return [*{type(e): e for e in log}.values(), *crit[-2:], EndEncounter(), SetGravity("micro"),
            SetCondition("Senna", "drifting"), state, state.fighter("Agent A"), replay(log[:14]).last_roll,
            entries[13], entries[13].changes[0]]


def _ships() -> list[object]:
    from voidref.drifters import CheckOutcome
    from voidref.drifters.ships import (
        AUTOCANNON,
        CM_440_CUTTER,
        EMBER_DRIFT,
        RAILGUN_BATTERY,
        BaneSpend,
        Ecm,
        Hit,
        Screen,
        ShipAttack,
        ShipEnd,
        ShipStanding,
        Shot,
        attack_odds,
        resolve_outcome,
        station_action,
    )

    shot = ShipAttack(EMBER_DRIFT, AUTOCANNON, CM_440_CUTTER, agility=4, gunnery=2, band="medium")
    hit = Hit(damage=7, screen_reduction=0, armor=2, hull_damage=5, system_damage=1)
    standing = ShipStanding(hull_damage=3, heat=2)
    return [
        EMBER_DRIFT, CM_440_CUTTER, AUTOCANNON, RAILGUN_BATTERY, Screen(damage_reduction=2), Ecm(),
        station_action("evasive maneuver"), shot, hit, standing, ShipStanding(),
        Shot(shot, CheckOutcome(2, 1, 0, 0), hit, 0, False, 1, BaneSpend.JAM_WEAPON),
        ShipEnd("Ember Drift", standing, 4, False, None, False, None),
        resolve_outcome(shot, CheckOutcome(2, 1, 0, 0)), attack_odds(shot, standing),
    ]


def _exact() -> list[object]:
    from voidref.exact import Dist

    return [Dist({1: Fraction(1, 3), 2: Fraction(2, 3)}),
            Dist({("hit", 2): Fraction(1, 7), ("miss", 0): Fraction(6, 7)})]


def _present() -> list[object]:
    from voidref.present import Figure, Table

    return [
        Figure(Fraction(2, 3), "66.7%"), Figure(Fraction(13, 8), "1.62", kind="number"),
        Table("Odds", ("Roll", "Chance"), (("6", "16.7%"), ("7+", Figure(Fraction(1, 1296), "<0.1%")))),
    ]


def _charts() -> list[object]:
    from voidref.charts import BarChart

    return [BarChart("Damage", "Points", (("0", Fraction(1, 4)), ("1", Fraction(3, 4))), emphasis=(False, True))]


def _dice_notation() -> list[object]:
    from voidref.dice_notation import DiceNotation

    return [DiceNotation(2), DiceNotation(1, sides=8, bonus=-1)]


def _calc() -> list[object]:
    from voidref.calc import BarChart, Result, RolledDie, Table, decimal, line, pct

    chance = pct(Fraction(3, 4))
    return [
        Result("Chance of success: 75.0%"),
        line("Hit {} (tie {}), average {}", chance, pct(Fraction(1, 8)), decimal(Fraction(13, 8))),
        pct(Fraction(1, 3) - Fraction(1, 10**10), upper=Fraction(1, 3) + Fraction(1, 10**10)),
        Result(line("Chance of success: {}", chance), notes=(line("Mean {}", decimal(7)),)),
        Result("Success: 1 net Success", dice=(RolledDie("Ability", "◆", "✶", "Success"),)),
        RolledDie("d100", "●", "31", "31"),
        Result(chance, facts=(("Pool", "2 Ability"), ("Hit", chance)),
               blocks=(Table("Odds", ("Roll", "Chance"), (("1+", chance),)),
                       BarChart("Damage", "Points", (("0", Fraction(1, 4)), ("1", Fraction(3, 4))))),
               notes=("Exact fractions behind every figure.",)),
    ]


def _pirates() -> list[object]:
    from voidref.pirates import (
        AS_PRINTED,
        ActionRoll,
        Combatant,
        DamageRoll,
        Ship,
        chance_to_act_first,
        fumble,
        gunnery_odds,
        opposed_odds,
        resolve_opposed,
        roll_hit_damage,
        turn_options,
    )

    roll = ActionRoll.from_scores(14, 2)
    dice = random.Random(33)
    return [
        AS_PRINTED, roll, ActionRoll(), roll.odds(12), roll.resolve(10, 12), roll.odds(12, rulings=AS_PRINTED),
        resolve_opposed(roll, ActionRoll(), 11, 9), opposed_odds(roll, ActionRoll()),
        Combatant("Ada", agility=3, roll=9), Combatant("Cutter", agility=2, roll=7, is_ship=True, rulings=AS_PRINTED),
        chance_to_act_first(1, 3, 0, 2), *turn_options(1), DamageRoll.parse("2d6+1"), DamageRoll(1, multiplier=2),
        Ship("Kestrel", agility=2, hull_class="frigate", armor_value=4, max_hp=30), gunnery_odds(roll, ActionRoll()),
        fumble(3), roll.roll(12, dice, attack=True), roll_hit_damage("2d6", 4, "energy", dice, critical=True),
        roll_hit_damage("1d4", 0, "physical", dice),
    ]


def _upper_hand() -> list[object]:
    from voidref.upper_hand import (
        AS_PRINTED,
        TASK_THROW,
        Condition,
        CrewHit,
        CrewMember,
        DamageReport,
        Ending,
        EngagementState,
        Finish,
        Goal,
        Location,
        Outcome,
        Ship,
        Side,
        engagement_bounds,
        engagement_odds,
        roll_throw,
        simulate_engagement,
    )

    a = Ship("Kestrel", guns=2, thrusters=2, players=True, pcs=("Ada",))
    b = Ship("Cutter", guns=1, thrusters=1, thrusters_condition=Condition.DAMAGED)
    return [
        AS_PRINTED, TASK_THROW, a, b, CrewMember("Ada", pilot=2),
        Finish(Side.A, Ending.GOAL), Outcome(Side.B, Goal.DOCK, Ending.SURRENDER, 2, note="crew gave up"),
        CrewHit(1, pc="Ada", damage=3), DamageReport(b, (Location.GUNS,), (CrewHit(1),)),
        EngagementState(a, b, Goal.JUMP, Goal.DOCK, holder=Side.B),
        engagement_odds(a, b, "jump", "dock"), engagement_bounds(a, b, "jump", "dock"),
        simulate_engagement(a, b, "jump", "dock", trials=20),
        roll_throw(2, random.Random(33), rank=3, disadvantaged=True),
        *_answers(a, b),
    ]


def _answers(a, b) -> list[object]:
    """An engagement answered exactly, to the digits shown, and by simulation, and one number of each."""
    from voidref.present import percent
    from voidref.upper_hand import Known, answer_engagement

    def show(x, places):
        return percent(x, places)

    found = [answer_engagement(a, b, "jump", "dock", chance_text=show, number_text=show, bounded=bounded,
                               max_work=work) for bounded, work in ((True, 600_000), (False, 600_000), (True, 1))]
    return [*found, Known(Fraction(1, 3), Fraction(1, 3), 1), Known(Fraction(1, 4), Fraction(1, 3), 2)]


def _cantor() -> list[object]:
    from voidref.cantor import (
        AS_PRINTED,
        Arc,
        Attack,
        Bystander,
        Condition,
        Cover,
        DamageRoll,
        DamageSteps,
        Situation,
        Stress,
        Target,
        UnitState,
        Weapon,
        accuracy_sources,
        difficulty_sources,
        shove,
    )

    carbine = Weapon("Carbine", damage="1d6+1", max_range=8)
    attack = Attack(carbine, Target(evasion=6), Situation(distance=3, grit=2))
    rocket = Weapon("Rocket", damage="2d6", max_range=10, blast=1, on_hit=(Condition.SLOWED,))
    exposed = Target(armor=2, conditions=frozenset({Condition.EXPOSED}))
    flank = Situation(distance=4, target_arc=Arc.REAR, cover=Cover.SOFT)
    flanked = Attack(rocket, exposed, flank, rulings=AS_PRINTED)
    state = UnitState(hp=3, max_hp=10, structure=2, cantor=True)
    return [
        AS_PRINTED, carbine, attack, flanked, attack.odds(), flanked.odds(), attack.roll(random.Random(0)),
        attack.resolve(attack_dice=[4, 5], damage_dice=[5]), state, state.take(5, structure_roll=3),
        rocket.damage, DamageRoll(1, sides=8), exposed, Target(), flank, Situation(),
        DamageSteps(True, 7, 6, 7, 5, 5, 5), shove(3), Stress(3), Stress(2, cooldowns=1),
        Bystander("Crate", distance=2, scenery=True),
        *accuracy_sources(rocket, exposed, flank), *difficulty_sources(rocket, exposed, flank),
    ]


def _twodice() -> list[object]:
    from voidref.twodice import (
        AS_PRINTED,
        KNIFE,
        STANDARD,
        UNARMED,
        Combatant,
        DamageRoll,
        Exchange,
        FightingRoll,
        Weapon,
        apply_saves,
        roll_hit_damage,
    )

    pistol = Weapon("autopistol", category="shooting", damage="2D", firing_limit=2, recoil=1, capacity=12)
    exchange = Exchange(Combatant(FightingRoll(3, 1), KNIFE), Combatant(FightingRoll(2), KNIFE, armor="light"),
                        "near", counter_shots=1)
    return [
        KNIFE, UNARMED, pistol, FightingRoll(3, 1), exchange,
        Exchange(Combatant(FightingRoll(2), pistol), Combatant(FightingRoll(1)), "far", shots=2, aware=False),
        exchange.resolve([(3, 4)], [(2, 2)]), *exchange.resolve([(3, 4)], [(2, 2)]).tests, apply_saves((4, 2), (3,)),
        exchange.attacker, Combatant(FightingRoll(1), pistol, armor="heavy", defense=FightingRoll(2, 1)),
        DamageRoll(2, bonus=-3), STANDARD, AS_PRINTED, replace(STANDARD, zero_dice_dropped=False),
        FightingRoll(3, 1).roll(random.Random(33)), exchange.roll(random.Random(33)),
        roll_hit_damage("2D+2", "medium", random.Random(33)),
    ]


SAMPLES: dict[str, Callable[[], list[object]]] = {
    "voidref.exact": _exact,
    "voidref.present": _present,
    "voidref.charts": _charts,
    "voidref.dice_notation": _dice_notation,
    "voidref.calc": _calc,
    "voidref.drifters": _drifters,
    "voidref.drifters.ships": _ships,
    "voidref.drifters.encounter": _encounter,
    "voidref.pirates": _pirates,
    "voidref.upper_hand": _upper_hand,
    "voidref.cantor": _cantor,
    "voidref.twodice": _twodice,
}


def _namespace(package: str) -> dict[str, object]:
    """``Fraction``, the public names of the shared modules, and those of *package*, its parents and their rulings.

    That is what a user has after ``from voidref.present import *`` (and the
    other shared modules), ``from voidref.drifters import *`` and ``from
    voidref.drifters.rulings import *``; a ship value holds Void Drifters
    values, so the ships' namespace adds its own names to theirs.
    """
    ns: dict[str, object] = {"Fraction": Fraction}
    for name in public_modules():
        shared = name not in PACKAGES and not name.endswith(".rulings")
        family = (package + ".").startswith(name.removesuffix(".rulings") + ".")
        if shared or family:
            module = importlib.import_module(name)
            ns.update({n: getattr(module, n) for n in module.__all__})
    return ns


def _public_classes() -> dict[type, str]:
    """Every public class (enums included), with the first public module that names it."""
    found: dict[type, str] = {}
    for name in public_modules():
        module = importlib.import_module(name)
        for attr in module.__all__:
            obj = getattr(module, attr)
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                found.setdefault(obj, name)
    return found


class _NoSamples:
    """Stands for the samples of a package whose sample code failed, so that its test fails and says why."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def __repr__(self) -> str:
        return f"<samples failed: {self.error!r}>"


def _made(make: Callable[[], list[object]]) -> list[object]:
    try:
        return make()
    except Exception as exc:  # one package's broken sample must not hide the others' results
        return [_NoSamples(exc)]


def _cases() -> list[tuple[str, object]]:
    """(module whose names rebuild it, value): every sample, and every member of every public enum."""
    cases = [(module, value) for module, make in SAMPLES.items() for value in _made(make)]
    for cls, module in _public_classes().items():
        if issubclass(cls, enum.Enum):
            cases.extend((module, member) for member in cls)
    return cases


CASES = _cases()


def test_every_public_class_has_a_sample_or_a_reason():
    """Each public class is rebuilt from its repr below, or is exempt with a reason (a new class cannot slip by)."""
    sampled = {type(value) for _, value in CASES}
    missing = sorted(_qualname(cls) for cls in _public_classes()
                     if cls not in sampled and _qualname(cls) not in EXEMPT)
    assert not missing, f"no sample value for {missing}: add one to SAMPLES or a reason to EXEMPT"


def test_every_exemption_names_a_public_class():
    """An exemption for a class that is gone or no longer public is removed, not kept."""
    public = {_qualname(cls) for cls in _public_classes()}
    assert set(EXEMPT) <= public, sorted(set(EXEMPT) - public)


@pytest.mark.parametrize("module, value", CASES, ids=lambda x: x if isinstance(x, str) else type(x).__name__)
def test_repr_rebuilds_the_value(module, value):
    """eval(repr(x)) == x with the public names of the package the value comes from."""
    assert not isinstance(value, _NoSamples), value
    text = repr(value)
    assert eval(text, _namespace(module)) == value, text
