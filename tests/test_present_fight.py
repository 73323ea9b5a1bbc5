"""The one renderer of a fight (voidref.present.fight) and the rolls it shows (voidref.drifters.rolled).

The Docking Bay page, the tracker's account and the copied account are this
renderer's output; these tests check its parts against plain oracles: the
steps cut the log into whole turns, the tracker's incremental answer equals a
cold render, and a roll's faces are found exactly when the pool can give them.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from test_drifters_encounter import FIGHTS, LOG, fights

from voidref.calc import tracker
from voidref.drifters import Die, Face, Pool
from voidref.drifters.encounter import (
    EndEncounter,
    EndRound,
    EndTurn,
    Initiative,
    MakeAttack,
    StartRound,
    TakeTurn,
    to_json,
)
from voidref.drifters.rolled import check_roll, face_symbols, faces_for, stated_roll
from voidref.errors import RulesError
from voidref.present.fight import fight_markdown, fight_steps, steps_of
from voidref.present.replays.blocks import markdown

MASTERY_POOLS = [Pool(mastery=m, ability=a, hazard=h, bane=b)
                 for m, a, h, b in itertools.product(range(3), range(2), range(2), range(2)) if m + a + h + b <= 4]


def test_every_face_of_every_die_reads_back_from_its_letters():
    """face_symbols writes what Face.parse reads: every face of the six dice round-trips."""
    for die in Die:
        for face in die.faces:
            assert Face.parse(face_symbols(face)) == face


@pytest.mark.parametrize("pool", MASTERY_POOLS, ids=lambda p: p.describe())
def test_faces_for_meets_breakthroughs_and_calamities_exactly_when_some_roll_can(pool):
    """Brute force over every combination of faces: (Successes, Boons, Breakthroughs, Calamities) is found
    iff some roll gives it, and the roll found gives it."""
    possible = {tuple(map(sum, zip(*combo))) if combo else (0, 0, 0, 0)
                for combo in itertools.product(*[set(d.faces) for d in pool.dice()])}
    for target in itertools.product(range(-3, 6), range(-3, 3), range(3), range(2)):
        s, b, bt, cal = target
        if target in possible:
            assert tuple(check_roll(faces_for(pool, s, b, breakthroughs=bt, calamities=cal))) == target
        else:
            with pytest.raises(RulesError, match="cannot come from the pool"):
                faces_for(pool, s, b, breakthroughs=bt, calamities=cal)


def test_faces_for_gives_up_quickly_on_a_big_pool_that_cannot_roll_the_result():
    """Twenty dice and a result just out of reach end in a refusal (the search remembers its dead ends)."""
    pool = Pool(ability=10, trial=10)
    with pytest.raises(RulesError, match="cannot come from the pool"):
        faces_for(pool, 20, 20)
    assert check_roll(faces_for(pool, 5, -3)).successes == 5


def test_stated_faces_are_checked_and_kept_in_order():
    """Faces given one per die, in the pool's order, must be on their dice and net the stated result."""
    pool = Pool(ability=2, trial=1)
    roll = stated_roll(pool, 1, 1, ("SB", "-", "-"))
    assert [d for d, _ in roll.faces] == [Die.ABILITY, Die.ABILITY, Die.TRIAL]
    with pytest.raises(RulesError, match="'faces' .* not a face of the Trial Die"):
        stated_roll(pool, 1, 1, ("SB", "-", "B"))
    with pytest.raises(RulesError, match="'faces'"):
        stated_roll(pool, 1, 1, ("SB", "-", "?"))


@FIGHTS
@given(fights())
def test_steps_cut_a_random_fight_into_whole_turns(fight):
    """The steps cover the log in order with no gap; each ends with a round begun or ended, a turn ended or
    the encounter's end (or the log's end); each turn's events are one step, titled with who took it."""
    log, _ = fight
    spans = steps_of(log)
    assert [s.start for s in spans] == [0, *(s.end for s in spans[:-1])] and (spans[-1].end if spans else 0) == len(log)
    for span in spans:
        assert span.end > span.start
        last = log[span.end - 1]
        closes = isinstance(last, (StartRound, EndRound, EndEncounter)) or (
            isinstance(last, EndTurn) and not (span.end < len(log) and isinstance(log[span.end], EndRound)))
        assert closes or span.end == len(log)
        turns = [e for e in log[span.start:span.end] if isinstance(e, TakeTurn)]
        assert len(turns) <= 1 and (not turns or span.title.endswith(": " + turns[0].name))


@FIGHTS
@given(fights())
def test_the_tracker_shows_a_random_fight_as_a_cold_render_does(fight):
    """Oracle: the tracker's steps (built event by event, cached) equal fight_steps on the whole log."""
    log, _ = fight
    tracker.run({"op": "state", "events": [to_json(e) for e in log[:len(log) // 2]]})
    out = tracker.run({"op": "state", "events": [to_json(e) for e in log]})
    assert [(s["title"], s["start"], s["end"], s["html"]) for s in out["steps"]] == [
        (s.title, s.start, s.end, s.html()) for s in fight_steps(log)]


def test_each_roll_shows_its_dice_and_odds():
    """Initiative, an attack and a check with its dice each show a Dice line and an Odds line; an event with
    no roll shows none."""
    steps = fight_steps(LOG)
    text = markdown(steps[0].blocks)
    assert text.count("- Dice (") == sum(isinstance(e, Initiative) for e in LOG[:steps[0].end])
    senna = markdown(steps[1].blocks)
    assert "- Odds before the roll: a hit, 83.3%; a Critical Injury, 19.7%; 2 or more Successes, 61.7%" in senna
    assert markdown(steps[2].blocks).count("- Dice (") == 1  # Davan's Craft check, with its Boon Die


def test_the_odds_shown_are_the_engine_s():
    """The hit chance printed for Senna's first shot is the engine's Attack odds through the one percent rule."""
    from voidref.drifters.encounter import replay
    from voidref.present import percent

    before = replay(LOG[:13])
    shot = LOG[13]
    assert isinstance(shot, MakeAttack)
    odds = shot.attack(before).odds(before.fighter("Agent A").health)
    assert f"a hit, {percent(odds.hit)}; a Critical Injury, {percent(odds.critical_injury)}" in steps_text(LOG, 1)


def steps_text(log, k: int) -> str:
    return markdown(fight_steps(log)[k].blocks)


def test_the_copied_account_is_the_steps_in_markdown():
    """fight_markdown: the name, then each step's title and the same blocks the page and the tracker show."""
    text = fight_markdown(LOG[:16], name="Dock 7")
    assert text.startswith("# Dock 7\n\n## Set-up and Initiative\n")
    assert text.endswith(steps_text(LOG[:16], 1))


def test_a_refused_event_is_named_by_its_place():
    with pytest.raises(RulesError) as caught:
        fight_steps([*LOG[:12], MakeAttack("Senna", "Agent A", "Standard sidearm", 9)])
    assert caught.value.argument == "events[12]" and "cannot come from the pool" in str(caught.value)
