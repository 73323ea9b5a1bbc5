"""Upper Hand rulings: each Task Throw field of Rulings read both ways and flipped, and the default aim."""

import dataclasses
import importlib
import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.errors import RulesError
from voidref.upper_hand import (
    TASK_THROW,
    Engagement,
    Goal,
    Location,
    Ship,
    Side,
    TaskThrow,
    damage_odds,
    engagement_odds,
    leap_odds,
    maneuver_odds,
    opening_odds,
    requirement_met,
    station_odds,
    throw_odds,
)
from voidref.upper_hand import rulings as uh_rulings
from voidref.upper_hand.damage import default_choice
from voidref.upper_hand.goals import LeapResult
from voidref.upper_hand.rulings import AS_PRINTED, STANDARD, Rulings

PAGES = Path(__file__).parent.parent / "docs" / "upper_hand"


def with_(**changes):
    """STANDARD with some fields changed."""
    return dataclasses.replace(STANDARD, **changes)


def _bf_impact(bonus, disadvantaged, rule=TASK_THROW):
    """Brute force: every face combination, counted by hand."""
    n = rule.dice + (rule.extra_dice_when_disadvantaged if disadvantaged else 0)
    counts = {}
    for faces in itertools.product(range(1, rule.sides + 1), repeat=n):
        total = sum(sorted(faces)[: rule.dice]) + bonus
        impact = total - rule.succeed_at + rule.bare_success_impact if total >= rule.succeed_at else 0
        counts[impact] = counts.get(impact, 0) + 1
    size = rule.sides ** n
    return {k: Fraction(v, size) for k, v in counts.items()}


@pytest.mark.parametrize("bonus", range(0, 7))
@pytest.mark.parametrize("disadvantaged", [False, True])
def test_impact_odds_match_brute_force(bonus, disadvantaged):
    """Task Throw ruling: the exact Impact odds equal a count of every face combination."""
    assert TASK_THROW.impact_odds(bonus, disadvantaged).probabilities() == _bf_impact(bonus, disadvantaged)


def test_plain_throw_succeeds_on_eight():
    """Task Throw ruling: 2d6 + bonus succeeds on 8+, Impact is the total minus 7."""
    assert TASK_THROW.impact_of((3, 4)) == 0
    assert TASK_THROW.impact_of((4, 4)) == 1
    assert TASK_THROW.impact_of((6, 6), bonus=2) == 7


def test_disadvantage_drops_the_highest_die():
    """Disadvantage ruling: roll one extra die and drop the highest."""
    assert TASK_THROW.impact_of((6, 5, 2), disadvantaged=True) == 0
    assert TASK_THROW.impact_of((6, 5, 4), disadvantaged=True) == 2


def test_disadvantage_never_helps():
    """Disadvantage ruling: a disadvantaged throw never has better odds of any Impact or more."""
    for bonus in range(5):
        plain = TASK_THROW.impact_odds(bonus)
        worse = TASK_THROW.impact_odds(bonus, disadvantaged=True)
        for k in range(1, 12):
            assert worse.prob(lambda i, k=k: i >= k) <= plain.prob(lambda i, k=k: i >= k)


def test_replacement_throw_rule():
    """The Task Throw is replaceable: a 9+ rule makes success rarer."""
    hard = TaskThrow(succeed_at=9)
    assert hard.impact_odds()[0] == Fraction(26, 36)
    assert hard.impact_of((4, 5)) == 1


def test_wrong_number_of_faces_is_refused():
    """Bad input: a disadvantaged throw needs three faces."""
    with pytest.raises(RulesError, match="'faces'"):
        TASK_THROW.impact_of((4, 5), disadvantaged=True)


@given(st.integers(min_value=-5, max_value=20), st.booleans())
def test_impact_odds_sum_to_one_or_refuse(bonus, disadvantaged):
    """Invariant: Impact odds sum to 1, and an out-of-range bonus is a RulesError."""
    if 0 <= bonus <= 10 or -10 <= bonus < 0:
        assert sum(TASK_THROW.impact_odds(bonus, disadvantaged).probabilities().values()) == 1
    else:
        with pytest.raises(RulesError, match="'bonus'"):
            TASK_THROW.impact_odds(bonus, disadvantaged)


def test_default_choice_blocks_a_jump():
    """Default aim ruling: against a ship that wants to jump, aim at its Gate Core first."""
    assert default_choice(Goal.REACH, Goal.JUMP, Ship("T")) is Location.GATE_CORE


def test_default_choice_prefers_npc_crew():
    """Default aim ruling: with no goal component to hit, an NPC ship's crew comes before its Guns."""
    assert default_choice(Goal.JUMP, Goal.LEAP, Ship("T", boarders=1)) is Location.CREW
    assert default_choice(Goal.JUMP, Goal.LEAP, Ship("T", players=True)) is Location.GUNS


def test_default_choice_skips_disabled_components():
    """Default aim ruling: a disabled component is not aimed at."""
    ship = Ship("T", players=True).with_condition("guns", "disabled")
    assert default_choice(Goal.JUMP, Goal.LEAP, ship) is Location.THRUSTERS


def test_every_field_is_shown_on_a_page():
    """Each Rulings field is named in a ruling box, and no page names a rulings constant that is gone."""
    pages = "".join(p.read_text() for p in PAGES.glob("*.md"))
    for f in dataclasses.fields(Rulings):
        assert re.search(rf"^`{{3,}}\{{ruling\}} .*\bupper_hand\.{f.name}\b", pages, re.M), f.name
    for name in re.findall(r"voidref\.upper_hand\.rulings\.([A-Za-z_]+)", pages):
        assert hasattr(uh_rulings, name), name
    for name in re.findall(r"^`{3,}\{ruling-note\} (.*)$", pages, re.M):  # notes rendered from constants
        for text in name.split():
            if text.startswith("upper_hand."):
                obj = uh_rulings if text.count(".") == 1 else importlib.import_module(
                    "voidref." + text.rpartition(".")[0])
                assert hasattr(obj, text.rpartition(".")[2]), text
    assert re.search(r"^`{3,}\{ruling-note\} upper_hand\.damage\.default_choice$", pages, re.M)  # a function


# -- the Rulings value -----------------------------------------------------------


def test_as_printed_differs_on_the_crew_and_the_dock():
    """The source defines no Task Throw, so the literal reading differs only on whether the crew is a component
    and on whether docking needs both of its conditions."""
    assert STANDARD.differences(AS_PRINTED) == {"crew_is_a_component": (False, True), "dock_needs_both": (True, False)}
    assert STANDARD.task_throw == AS_PRINTED.task_throw == TASK_THROW == TaskThrow()
    assert eval(repr(AS_PRINTED), {"Rulings": Rulings}) == AS_PRINTED


def test_rulings_repr_round_trips():
    """repr() of a Rulings rebuilds it, listing only the fields that differ from STANDARD."""
    for r in (STANDARD, with_(throw_dice=3, bare_success_impact=0)):
        assert eval(repr(r), {"Rulings": Rulings}) == r
    assert repr(STANDARD) == "Rulings()"


def test_rulings_are_frozen():
    """A Rulings value cannot be changed in place."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.throw_dice = 3  # type: ignore[misc]


@pytest.mark.parametrize("changes,arg", [
    ({"throw_dice": 0}, "throw_dice"),
    ({"throw_sides": 1}, "throw_sides"),
    ({"throw_succeeds_at": True}, "throw_succeeds_at"),
    ({"bare_success_impact": 2}, "bare_success_impact"),
    ({"disadvantage_extra_dice": -1}, "disadvantage_extra_dice"),
    ({"advantage_extra_dice": 4}, "advantage_extra_dice"),
    ({"crew_is_a_component": 1}, "crew_is_a_component"),
    ({"dock_needs_both": "yes"}, "dock_needs_both"),
])
def test_bad_rulings_name_the_field(changes, arg):
    """A bad field value is refused with a message naming the field."""
    with pytest.raises(RulesError, match=arg):
        Rulings(**changes)


def test_entry_points_refuse_a_non_rulings():
    """Passing something else as rulings (the old throw_rule objects included) is a RulesError naming 'rulings'."""
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        throw_odds(rulings=TaskThrow())
    with pytest.raises(RulesError, match="'rulings' must be a Rulings"):
        engagement_odds(Ship("A"), Ship("B"), "reach", "reach", rulings="as printed")


# -- each field, both ways -----------------------------------------------------------


def test_throw_dice_both_ways():
    """2d6 reaches 8 five times in 12; 3d6 keeping all three reaches it 181 times in 216."""
    assert throw_odds().prob(lambda i: i > 0) == Fraction(5, 12)
    assert throw_odds(rulings=with_(throw_dice=3)).prob(lambda i: i > 0) == Fraction(181, 216)


def test_throw_sides_both_ways():
    """2d8 reaches 8 with 43 of its 64 faces; 2d6 with 15 of 36."""
    assert throw_odds(rulings=with_(throw_sides=8)).prob(lambda i: i > 0) == Fraction(43, 64)


def test_throw_succeeds_at_both_ways():
    """9 or more on 2d6 is 10 in 36, and a 9 is then Impact 1."""
    hard = with_(throw_succeeds_at=9)
    assert throw_odds(rulings=hard).prob(lambda i: i > 0) == Fraction(10, 36)
    assert hard.task_throw.impact_of((4, 5)) == 1 and TASK_THROW.impact_of((4, 5)) == 2


def test_bare_success_impact_both_ways():
    """A total of exactly 8: Impact 1 under ours (total - 7); Impact 0 counting from the target (total - 8)."""
    assert TASK_THROW.impact_of((4, 4)) == 1
    assert with_(bare_success_impact=0).task_throw.impact_of((4, 4)) == 0
    assert throw_odds(rulings=with_(bare_success_impact=0)).prob(lambda i: i > 0) == Fraction(10, 36)


def test_disadvantage_extra_dice_both_ways():
    """Damaged Guns: one extra die dropped under ours; with none, damage changes only the rank limit."""
    damaged = Ship("T", gunnery=2).with_condition("guns", "damaged")
    plain = Ship("T", gunnery=2)
    assert station_odds(damaged, "gunnery") != station_odds(plain, "gunnery")
    assert station_odds(damaged, "gunnery", rulings=with_(disadvantage_extra_dice=0)) == station_odds(plain, "gunnery")


def _crew_hit(r, crew_hits=2):
    """One point aimed at the crew of an NPC ship that has taken *crew_hits* crew hits."""
    return damage_odds(Ship("T", crew_hits=crew_hits), 1, lambda ship: Location.CREW, rulings=r)


def test_crew_is_a_component_both_ways():
    """Rulings.crew_is_a_component: ours, a third crew hit counts and is checked at 3; printed, it is spent."""
    third, spent = _crew_hit(STANDARD), _crew_hit(AS_PRINTED)  # the crew takes the 4, 5 and 6
    assert third.prob(lambda s: s[0].crew_hits == 3) == Fraction(1, 2)
    assert third.prob(lambda s: s[1]) == Fraction(1, 2) * Fraction(3, 6)
    assert spent.prob(lambda s: s[1]) == 0
    assert spent[(Ship("T", crew_hits=2), False)] == Fraction(1, 2)
    for n in (0, 1):  # the first two crew hits are alike in both readings
        assert _crew_hit(STANDARD, n) == _crew_hit(AS_PRINTED, n)


def test_crew_is_a_component_in_the_tracker():
    """The Engagement tracker follows the switch: a spent crew hit takes no crew check."""
    def fire(r):
        eng = Engagement(Ship("A", guns=2), Ship("B", crew_hits=2), "reach", "reach", rulings=r)
        eng.open(software_a=1, software_b=0)
        return eng.fire(Side.A, impact=1, rolls=[4], crew=[] if r.crew_is_a_component else [6])

    assert fire(STANDARD).ship.crew_hits == 3 and len(fire(STANDARD).crew) == 1
    assert fire(AS_PRINTED).ship.crew_hits == 2 and fire(AS_PRINTED).crew == ()
    assert fire(AS_PRINTED).locations == (Location.CREW,)


def test_crew_is_a_component_default_aim():
    """Under the printed reading the default 5-6 aim skips a disabled crew."""
    ship = Ship("T", crew_hits=2)
    assert default_choice(Goal.JUMP, Goal.LEAP, ship) is Location.CREW
    assert default_choice(Goal.JUMP, Goal.LEAP, ship, rulings=AS_PRINTED) is Location.GUNS


# -- every field is read ------------------------------------------------------------

PROBES = {
    "throw_dice": lambda r: opening_odds(Ship("A"), Ship("B"), rulings=r),
    "throw_sides": lambda r: maneuver_odds(Ship("A", pilot=1), Ship("B"), rulings=r),
    "throw_succeeds_at": lambda r: leap_odds(2, rulings=r)[LeapResult.LANDED],
    "bare_success_impact": lambda r: maneuver_odds(Ship("A"), Ship("B"), rulings=r),
    "disadvantage_extra_dice": lambda r: station_odds(Ship("A").with_condition("thrusters", "damaged"), "pilot",
                                                      rulings=r),
    "advantage_extra_dice": lambda r: throw_odds(1, advantaged=True, rulings=r),
    "crew_is_a_component": _crew_hit,
    "dock_needs_both": lambda r: requirement_met(Goal.DOCK, _damaged_thrusters("A"), _damaged_thrusters("B"),
                                                 rulings=r),
}

ALTERNATIVES = {"throw_dice": 3, "throw_sides": 8, "throw_succeeds_at": 9, "bare_success_impact": 0,
                "disadvantage_extra_dice": 0, "crew_is_a_component": True, "dock_needs_both": False,
                "advantage_extra_dice": 0}


def _damaged_thrusters(name: str) -> Ship:
    return Ship(name).with_condition("thrusters", "damaged")


@pytest.mark.parametrize("own, enemy, ours, printed", [
    ("intact", "intact", False, False),
    ("intact", "damaged", True, True),
    ("damaged", "damaged", False, True),
    ("disabled", "damaged", False, True),
    ("damaged", "disabled", True, True),
    ("disabled", "disabled", False, True),
])
def test_dock_needs_both_both_ways(own, enemy, ours, printed):
    """Rulings.dock_needs_both: ours, the enemy's Thrusters not intact and ours strictly better; printed, either
    condition (which comes to the enemy's Thrusters not intact)."""
    a = Ship("A").with_condition("thrusters", own) if own != "intact" else Ship("A")
    b = Ship("B").with_condition("thrusters", enemy) if enemy != "intact" else Ship("B")
    assert requirement_met(Goal.DOCK, a, b) is ours
    assert requirement_met(Goal.DOCK, a, b, rulings=AS_PRINTED) is printed


def test_dock_needs_both_moves_the_engagement_odds():
    """The exact engagement reads the switch: with both ships' Thrusters damaged, the docking side meets its goal
    more often when either docking condition is enough."""
    from voidref.upper_hand import Ending, Finish

    a = Ship("A", guns=2, gunnery=1).with_condition("thrusters", "damaged")
    b = Ship("B", guns=1).with_condition("thrusters", "damaged")
    docked = Finish(Side.A, Ending.GOAL)
    ours = engagement_odds(a, b, "dock", "reach").outcomes[docked]
    printed = engagement_odds(a, b, "dock", "reach", rulings=AS_PRINTED).outcomes[docked]
    assert printed > ours


def test_every_field_has_a_probe():
    """A field that no probe reads would be a switch nothing reads."""
    assert set(PROBES) == set(ALTERNATIVES) == {f.name for f in dataclasses.fields(Rulings)}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_flipping_a_field_changes_a_result(name):
    """Changing one field from STANDARD to another reading changes what the engine computes."""
    assert PROBES[name](STANDARD) != PROBES[name](with_(**{name: ALTERNATIVES[name]}))


def test_whole_engagement_follows_the_rulings():
    """A whole engagement's odds move with the throw: a 9+ throw changes who wins."""
    normal = engagement_odds(Ship("A", pilot=1), Ship("B"), "reach", "reach")
    hard = engagement_odds(Ship("A", pilot=1), Ship("B"), "reach", "reach", rulings=with_(throw_succeeds_at=9))
    assert normal.win("a") != hard.win("a")


def test_calculators_take_the_throw_switches():
    """The Maneuver phase calculator passes its Task Throw switches to the engine and notes the change."""
    from voidref.calc.registry import run
    from voidref.calc.results import pct
    from voidref.calc.upper_hand import phase

    hard = with_(throw_succeeds_at=9)
    engine = maneuver_odds(Ship("me", thrusters=2), Ship("them", thrusters=2), None, rulings=hard)
    assert dict(phase(rulings=hard).facts)["Win phase"] == pct(engine[Side.A])
    assert dict(phase(rulings=hard).facts) != dict(phase().facts)
    out = run("upper-hand-phase", {"throw_succeeds_at": "9"})
    assert out["ok"] and "Ruling switched" in out["text"]


def test_crew_is_a_component_moves_the_engagement_odds():
    """The exact engagement odds read the switch: against an NPC crew already hit twice, ours wins more often."""
    a, b = Ship("A", guns=2, gunnery=1), Ship("B", guns=1, crew_hits=2)
    ours = engagement_odds(a, b, "reach", "reach").win("a")
    printed = engagement_odds(a, b, "reach", "reach", rulings=AS_PRINTED).win("a")
    assert ours > printed


def test_engagement_calculator_offers_the_crew_switch():
    """The whole-engagement calculator takes crew_is_a_component under Rulings, and flipping it moves the odds."""
    from voidref.calc.registry import run

    form = {"my_guns": "2", "their_guns": "2"}
    ours = run("upper-hand-engagement", form)
    printed = run("upper-hand-engagement", {**form, "crew_is_a_component": "1"})
    assert ours["ok"] and printed["ok"] and printed["inputs"]["crew_is_a_component"] == "1"
    assert re.findall(r"<dd>([^<]*)</dd>", ours["html"]) != re.findall(r"<dd>([^<]*)</dd>", printed["html"])


def test_advantage_is_the_mirror_of_disadvantage():
    """Rulings.advantage_extra_dice: an advantaged throw rolls one more die and drops the lowest, so its odds
    mirror the disadvantaged throw's (at least k over the usual dice as often as at most 14 - k), and a throw
    cannot be both."""
    from voidref.upper_hand import TASK_THROW

    best = TASK_THROW.impact_odds(0, advantaged=True)
    assert best != TASK_THROW.impact_odds(0) and best.mean() > TASK_THROW.impact_odds(0).mean()
    assert TASK_THROW.kept((2, 6, 5), advantaged=True) == (6, 5) and TASK_THROW.kept((2, 6, 5)) == (2, 5)
    with pytest.raises(RulesError, match="'advantaged' and 'disadvantaged'"):
        TASK_THROW.impact_odds(0, disadvantaged=True, advantaged=True)
