"""Void Drifters replays: the Docking Bay fight and One Ship Round, step by step from the engine."""

import itertools

import pytest

from voidref.drifters import Die, Face, Health, Pool, Roll
from voidref.drifters.encounter import Encounter, EndEncounter, replay
from voidref.drifters.initiative import Side
from voidref.drifters.replays import (
    check_roll,
    docking_bay_log,
    ember_drift,
    faces_for,
    faces_text,
    wounds_to_incapacitate,
)
from voidref.errors import RulesError
from voidref.present.replays.blocks import Bullets, Paragraph, Strong, Table, html
from voidref.present.replays.docking_bay import docking_bay_steps, steps_html
from voidref.present.replays.ember_drift import ship_steps_html

SMALL_POOLS = [Pool(**dict(zip(("mastery", "ability", "boon", "hazard", "trial", "bane"), counts)))
               for counts in itertools.product(range(2), range(3), range(2), range(2), range(2), range(2))
               if sum(counts) <= 5]


@pytest.mark.parametrize("pool", SMALL_POOLS, ids=lambda p: p.describe())
def test_faces_for_finds_a_roll_exactly_when_the_pool_can_give_the_result(pool):
    """Brute force: faces_for answers for a (Successes, Boons) pair iff some face combination gives it."""
    distinct = [set(d.faces) for d in pool.dice()]
    possible = {(sum(f.successes for f in combo), sum(f.boons for f in combo))
                for combo in itertools.product(*distinct)}
    assert possible == {(o.successes, o.boons) for o in pool.distribution() if pool.distribution()[o]}
    for s, b in itertools.product(range(-4, 6), range(-5, 6)):
        if (s, b) in possible:
            roll = faces_for(pool, s, b)
            outcome = check_roll(roll)
            assert (outcome.successes, outcome.boons) == (s, b)
        else:
            with pytest.raises(RulesError, match="cannot come from the pool"):
                faces_for(pool, s, b)


def test_check_roll_refuses_a_face_not_on_the_die():
    """A Boon Die has no Breakthrough face."""
    with pytest.raises(RulesError, match="not a face of the Boon Die"):
        check_roll(Roll(Pool(boon=1), ((Die.BOON, Face.parse("!")),)))


def test_check_roll_refuses_a_missing_die():
    """Two Ability Dice need two faces."""
    with pytest.raises(RulesError, match="one face for each die of 2 Ability"):
        check_roll(Roll(Pool(ability=2), ((Die.ABILITY, Face.parse("S")),)))


def test_faces_text_names_every_face_of_every_die():
    """Each face reads in the rules' words, with no empty name."""
    names = {faces_text(f) for d in Die for f in d.faces}
    assert {"blank", "Success", "Success+Success", "Success+Boon", "Boon+Boon", "Breakthrough",
            "Failure", "Failure+Failure", "Failure+Bane", "Bane", "Bane+Bane", "Calamity", "Boon"} == names


def test_wounds_to_incapacitate_matches_the_engine():
    """The count is the first n at which the engine's own test says incapacitated."""
    for wounds in range(13):
        h = Health(12, 12, wounds=wounds)
        n = wounds_to_incapacitate(h)
        assert h.suffer_wounds(n).incapacitated and (n == 0 or not h.suffer_wounds(n - 1).incapacitated)


def _after(step: int, **inputs) -> Encounter:
    """The state at the end of the Docking Bay page's step *step* (9: the encounter ended after the log)."""
    steps = docking_bay_steps(**inputs)
    log = (*docking_bay_log(**inputs), EndEncounter())
    return replay(log[:steps[step].end])


def test_docking_bay_slot_order_and_turn_order():
    """Player, player, GM, GM: Davan's 1 ties Agent A's and the player slot comes first."""
    assert _after(0).slots == (Side.PLAYER, Side.PLAYER, Side.GM, Side.GM)
    assert "the slots run player, player, GM, GM" in docking_bay_steps()[0].html()


def test_docking_bay_round_1_tracks():
    """Agent A 6 of 12 (5 from Senna, 1 Strain as a Wound); Senna 4; Davan 5."""
    end_of_round_1 = _after(4)
    assert [end_of_round_1.fighter(n).health.wounds for n in ("Senna", "Davan", "Agent A")] == [4, 5, 6]
    assert end_of_round_1.fighter("Agent A").health.strain == 0


def test_docking_bay_round_2_agent_a_disoriented():
    """Senna's 2 Boons make Agent A Disoriented; it is gone after his turn."""
    assert _after(5).fighter("Agent A").conditions.has("disoriented")
    assert not _after(7).fighter("Agent A").conditions.has("disoriented")


def test_docking_bay_where_it_stands():
    """Senna 8 of 12 (4 more takes her out), Davan 5 and 2 Strain, Agent A 10 of 12 (2 more); ending the
    encounter there gives Davan his 2 Strain back."""
    end = _after(8)
    senna, davan, agent_a = (end.fighter(n).health for n in ("Senna", "Davan", "Agent A"))
    assert (senna.wounds, davan.wounds, davan.strain, agent_a.wounds) == (8, 5, 2, 10)
    assert wounds_to_incapacitate(_after(7).fighter("Senna").health) == 4
    assert wounds_to_incapacitate(_after(5).fighter("Agent A").health) == 2
    assert _after(9).fighter("Davan").health.strain == 0


def test_docking_bay_agent_b_misses_from_his_pool():
    """Agent B's second shot has no net Success: a miss, shown with one way his pool rolls it."""
    text = docking_bay_steps()[8].html()
    assert "no net Success, a miss." in text and "Dice (one way to roll this result)" in text


def test_docking_bay_senna_first_shot_shows_the_source_faces():
    """The log records the faces the source gives for Senna's first shot, and the step shows them."""
    text = docking_bay_steps()[1].html()
    assert "Dice (as recorded): Ability Dice: Success+Success, Success, Boon, blank · Trial Die: Failure" in text


def test_docking_bay_step_renders_a_three_column_table():
    """Each rendered step's tables have at most 3 columns, to fit a phone."""
    steps = steps_html(docking_bay_steps())
    assert len(steps) == 10
    for text in steps:
        rows = text.split("<tr>")[1:]
        assert rows and all(row.count("<td>") + row.count("<th ") <= 3 for row in rows)
    assert "<td>Agent A</td><td><strong>5/12</strong></td><td>–</td>" in steps[1]


def test_a_step_is_plain_escaped_html():
    """Every text of a step is escaped, and the markup is plain HTML: no class of the theme's."""
    page = html((Paragraph((Strong("<b>A & B</b>"), " (1 < 2)")), Bullets(("x > y",)),
                 Table(("<th>",), ((Strong("**"),),))))
    assert "<b>" not in page and "&lt;b&gt;A &amp; B&lt;/b&gt;" in page and "(1 &lt; 2)" in page
    assert "x &gt; y" in page and "&lt;th&gt;" in page and "<strong>**</strong>" in page
    for text in steps_html(docking_bay_steps()) + ship_steps_html(ember_drift()):
        assert "pst-" not in text and "row-" not in text and 'class="table"' not in text


def test_ember_drift_round_hull_and_heat():
    """6 of 22 on the cutter, 5 of 18 on the Ember Drift; Heat 3 then 1, and 1 then 0."""
    steps = ember_drift()
    after_gunnery, after_reply, end = steps[3].ships, steps[4].ships, steps[5].ships
    assert (after_gunnery["CM-440 cutter"].hull_damage, after_gunnery["Ember Drift"].heat) == (6, 3)
    assert (after_reply["Ember Drift"].hull_damage, after_reply["CM-440 cutter"].heat) == (5, 1)
    assert (end["Ember Drift"].heat, end["CM-440 cutter"].heat) == (1, 0)


def test_ember_drift_heat_threshold_compared():
    """The Ember Drift's 3 Heat is under its threshold of 10; the cutter lists none."""
    facts = dict(ember_drift()[5].facts)
    assert facts["Ember Drift Heat"] == "3 to 1, under its threshold of 10"
    assert facts["CM-440 cutter Heat"] == "1 to 0, no threshold listed"


def test_ember_drift_round_two_break_and_boost():
    """Break takes the fight to Long; a second weapons boost is refused."""
    last = ember_drift()[6]
    assert last.band == "long"
    assert dict(last.facts)["A second weapons boost"].startswith("refused")
    assert "Disengage succeeds, 79.9%" in ship_steps_html(ember_drift())[6]
