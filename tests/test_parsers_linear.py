"""Every public text reader answers any text, hostile or huge, with a value of its type or a RulesError.

The readers: the dice notation and every system's ``DamageRoll``, the Void
Drifters pool and face, every closed set's ``parse`` (and ``check_enum`` for
the enums that are not a ``Kind``), the ship lookups by name, the Upper Hand
holder, and every field of every calculator. How fast they answer is shown by
``benchmarks/bench_parsers.py``; here the tests check what they answer and that
over-long text is refused before it is read.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import re
import signal
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import voidref.dice_notation
import voidref.drifters.dice
from voidref import calc
from voidref.cantor import DamageRoll as CantorDamage
from voidref.dice_notation import DiceNotation
from voidref.drifters import Face, Pool
from voidref.drifters.ships import EMBER_DRIFT, ShipWeapon, StationAction, station_action
from voidref.errors import RulesError, check_enum
from voidref.kinds import Kind
from voidref.pirates import DamageRoll as PiratesDamage
from voidref.twodice import DamageRoll as TwoDiceDamage
from voidref.upper_hand import Side, upper_hand_after

PACKAGES = ("voidref.drifters", "voidref.drifters.ships", "voidref.pirates", "voidref.cantor", "voidref.twodice",
            "voidref.upper_hand")


def _public_classes(base: type) -> dict[str, type]:
    """Every class derived from *base* that a game package names in its ``__all__``."""
    found = {}
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, type) and issubclass(value, base):
                found[f"{package}.{name}"] = value
    return found


def _enum_reader(kind: type[enum.Enum]) -> Callable[[str], object]:
    if issubclass(kind, Kind):
        return kind.parse
    return lambda text: check_enum("value", text, kind)


def _field_reader(field: calc.Field) -> tuple[Callable[[str], object], type]:
    return field.parse, type(field.parse(field.format(field.default)))


READERS: dict[str, tuple[Callable[[str], object], type | tuple[type, ...]]] = {
    "DiceNotation.parse": (DiceNotation.parse, DiceNotation),
    **{f"{name}.parse": (roll.parse, roll) for name, roll in _public_classes(DiceNotation).items()},
    "drifters.Pool.parse": (Pool.parse, Pool),
    "drifters.Face.parse": (Face.parse, Face),
    "drifters.ships.station_action": (station_action, StationAction),
    "drifters.ships.ShipProfile.weapon": (EMBER_DRIFT.weapon, ShipWeapon),
    "upper_hand.upper_hand_after holder": (lambda text: upper_hand_after(text, None), (Side, type(None))),
    **{f"{name}.parse": (_enum_reader(kind), kind) for name, kind in _public_classes(enum.Enum).items()},
    **{f"calc {c.slug} {f.name}": _field_reader(f) for c in calc.calculators() for f in c.fields},
}

PIECES = ["2", "d", "D", "6", "0", " ", "\t", "\n", "\u3000", "\u00a0", "+", "-", "\u2212", "x", "\u00d7", "*",
          "vs", "A", "M", "B", "b", "T", "H", "upgraded", "ability", "die", "dice", "no", ",", "S", "F", "!", "X",
          "easy", "short", "extra long", "_", "\u00e9", "\u2603", "\U0001f4a5", "\u0663", "\uff12", "%", "'"]

# A hostile text is drawn as a recipe, head + unit * times + tail (at most about 1 MB), so that a failing
# example is reported in a line instead of a megabyte.
RECIPES = st.one_of(
    st.tuples(st.just(""), st.text(max_size=50), st.just(1), st.just("")),
    st.tuples(st.just(""), st.lists(st.sampled_from(PIECES), max_size=40).map("".join), st.just(1), st.just("")),
    st.tuples(st.just(""), st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join),
              st.integers(1, 100_000), st.just("")),
    st.tuples(st.sampled_from(["2D", "2d6", "2d", "3", ""]), st.sampled_from([" ", "\u3000", "\t"]),
              st.integers(100, 1_000_000), st.sampled_from(["+", "x", "6 +", "", "d"])),
    st.tuples(st.sampled_from(["", "2d", "2d6+", "1d6x", "-"]), st.just("9"), st.integers(5_000, 20_000),
              st.sampled_from(["", "d6", "A"])),
    st.just(("", "x", 1_000_000, "")),
)


def _text(recipe: tuple[str, str, int, str]) -> str:
    head, unit, times, tail = recipe
    return head + unit * times + tail


HANG_SECONDS = 10
"""A reader that has not answered after this long is taken to hang (a failure, not a slow answer)."""


@contextlib.contextmanager
def _answered_within(seconds: float):
    def no_answer(signum, frame):
        raise AssertionError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, no_answer)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(recipe=RECIPES)
def test_every_reader_answers_hostile_text_with_a_value_or_a_rules_error(name, recipe):
    """A reader gives a value of its type or a RulesError naming an argument, never another exception."""
    read, kind = READERS[name]
    text = _text(recipe)
    try:
        with _answered_within(HANG_SECONDS):
            value = read(text)
    except RulesError as error:
        message = str(error)
        assert re.match(r"""(['"]).+?\1 """, message), message[:200]  # opens with the name of the argument
        assert len(message) < 1_000, "the refusal echoes the text back"
    else:
        assert isinstance(value, kind), (name, value)


NOT_TEXT = {"huge int": 10 ** 5000, "None": None, "NaN": float("nan"), "list": [1, "2d6"], "dict": {"d": 6},
            "object": object(), "bytes": b"2d6"}


@pytest.mark.parametrize("value", sorted(NOT_TEXT))
@pytest.mark.parametrize("name", sorted(READERS))
def test_every_reader_answers_what_is_not_text_with_a_value_or_a_rules_error(name, value):
    """A reader given a number, None, a list or an object answers or refuses it by name, never crashes."""
    read, kind = READERS[name]
    try:
        result = read(NOT_TEXT[value])
    except RulesError as error:
        assert re.match(r"""(['"]).+?\1 """, str(error)) and len(str(error)) < 1_000, str(error)[:200]
    else:
        assert isinstance(result, kind), (name, result)


class _Unread:
    """A stand-in for a regex that fails the test if anything is read with it."""

    def __getattr__(self, name):
        raise AssertionError("over-long text reached the regex")


@pytest.mark.parametrize("cls", [DiceNotation, PiratesDamage, CantorDamage, TwoDiceDamage])
def test_over_long_dice_text_is_refused_before_it_is_read(cls, monkeypatch):
    """Dice text longer than MAX_TEXT_LENGTH is refused unread, naming the argument, the limit and the length."""
    monkeypatch.setattr(voidref.dice_notation, "_TEXT", _Unread())
    with pytest.raises(RulesError) as caught:
        cls.parse("2D" + " " * 1_000_000 + "+")
    message = str(caught.value)
    assert caught.value.argument == cls.ARGUMENT
    assert message.startswith(f"'{cls.ARGUMENT}' must be text of at most {cls.MAX_TEXT_LENGTH} characters")
    assert "1,000,003 characters" in message and len(message) < 200


def test_over_long_pool_text_is_refused_before_it_is_read(monkeypatch):
    """Pool text longer than MAX_TEXT_LENGTH is refused unread, naming 'pool', the limit and the length."""
    monkeypatch.setattr(voidref.drifters.dice, "_TOKEN", _Unread())
    with pytest.raises(RulesError, match=r"^'pool' must be text of at most 200 characters .*\(300,000 characters\)"):
        Pool.parse("2A " * 100_000)


def test_over_long_face_text_is_refused():
    """A face is two symbols at most; text past MAX_TEXT_LENGTH is refused naming 'symbols'."""
    with pytest.raises(RulesError, match=r"^'symbols' must be text of at most 10 characters"):
        Face.parse("S" * 1_000_000)


def test_a_face_with_an_unknown_letter_is_refused():
    """A face is written only with the letters of the dice faces; any other letter is refused, not ignored."""
    with pytest.raises(RulesError, match=r"^'symbols' must be the face letters"):
        Face.parse("SQ")


def test_text_at_the_limit_is_still_read():
    """The limit refuses only what is longer: dice text padded to exactly MAX_TEXT_LENGTH still reads."""
    text = "2d6+1".center(DiceNotation.MAX_TEXT_LENGTH)
    assert DiceNotation.parse(text) == DiceNotation(2, bonus=1)
    assert Pool.parse("2A".center(Pool.MAX_TEXT_LENGTH)) == Pool(ability=2)


# The dice regex before it was made possessive: the oracle for what the text grammar accepts.
_GREEDY = re.compile(
    r"^\s*(?P<count>\d+)\s*(?:(?P<d>d)\s*(?P<sides>\d+)?\s*"
    r"(?:(?P<sign>[+\-\u2212])\s*(?P<bonus>\d+))?\s*(?:[x\u00d7*]\s*(?P<times>\d+))?\s*)?$",
    re.IGNORECASE,
)
_GROUPS = ("count", "d", "sides", "sign", "bonus", "times")


@settings(max_examples=500, deadline=None)
@given(text=st.lists(st.sampled_from(["2", "16", "d", "D", " ", "  ", "\u3000", "+", "-", "\u2212", "x", "\u00d7",
                                      "*", "\n", "a"]), max_size=12).map("".join))
def test_the_possessive_dice_regex_reads_what_the_greedy_one_read(text):
    """Making the dice regex possessive changed its speed, not the text it accepts nor how it splits it."""
    old, new = _GREEDY.match(text), voidref.dice_notation._TEXT.fullmatch(text)
    assert (old is None) == (new is None), text
    if old is not None and new is not None:
        assert [old[g] for g in _GROUPS] == [new[g] for g in _GROUPS], text


@pytest.mark.parametrize("steps", [(10 ** 5000,), (1,) * 100_000, (9, 9, 9), ("1", "1", "2")])
def test_the_movement_steps_field_refuses_a_tuple_it_does_not_offer(steps):
    """A typed tuple outside the field's choices is refused by name, huge numbers described, not written out."""
    field = calc.get("movement").field("heavy_gravity_move_maneuvers")
    with pytest.raises(RulesError) as caught:
        field.parse(steps)
    assert str(caught.value).startswith(f"{field.label!r} must be one of") and len(str(caught.value)) < 300


def test_the_movement_steps_field_reads_a_tuple_it_offers():
    """A typed tuple that is one of the choices passes through as itself."""
    assert calc.get("movement").field("heavy_gravity_move_maneuvers").parse((1, 2, 3)) == (1, 2, 3)
