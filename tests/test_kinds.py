"""The one enum base (voidref.kinds.Kind): documented members, reprs that rebuild, one parser."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.calc import twodice as twodice_calculators
from voidref.cantor import attack as cantor_attack
from voidref.cantor import board as cantor_board
from voidref.cantor import kinds as cantor_kinds
from voidref.cantor import turn as cantor_turn
from voidref.errors import RulesError
from voidref.kinds import Kind
from voidref.twodice import armor, exchange, weapons

_MODULES = (cantor_kinds, cantor_attack, cantor_board, cantor_turn, armor, twodice_calculators, exchange, weapons)
KINDS = sorted({obj for m in _MODULES for obj in vars(m).values()
                if isinstance(obj, type) and issubclass(obj, Kind) and obj is not Kind and len(obj)},
               key=lambda k: k.__qualname__)
MEMBERS = [member for kind in KINDS for member in kind]


class Band(Kind):
    """A test set of range bands."""

    NEAR = "near", "Close enough to touch."
    EXTRA_LONG = "extra long", "Past Long."


def test_every_cantor_and_twodice_set_uses_the_one_base():
    """The closed sets of Cantor and 2D fighting all derive from Kind (no per-system enum base)."""
    assert {k.__name__ for k in KINDS} >= {"Arc", "Condition", "Action", "RangeCheck", "Tide", "ArmorClass",
                                          "Outcome", "TestKind", "Distance", "WeaponCategory", "Response"}
    assert not hasattr(cantor_kinds, "_Doc")


@given(st.sampled_from(MEMBERS))
def test_repr_rebuilds_the_member(member):
    """A member's repr is the code that names it: evaluating it gives the member back."""
    kind = type(member)
    assert repr(member) == f"{kind.__name__}.{member.name}"
    assert eval(repr(member), {kind.__name__: kind}) is member


@given(st.sampled_from(MEMBERS), st.sampled_from([str.lower, str.upper, str.title]))
def test_parse_reads_member_name_and_value_in_any_case(member, case):
    """parse accepts the member, its value, or its name in any case with spaces for underscores."""
    kind = type(member)
    assert kind.parse(member) is member
    assert kind.parse(case(member.name)) is member
    assert kind.parse(case(member.name.replace("_", " "))) is member
    if isinstance(member.value, str):
        assert kind.parse(case(member.value)) is member


def test_pair_members_carry_their_own_docstring():
    """A (value, docstring) member keeps the value and documents itself at run time."""
    assert Band.NEAR.value == "near"
    assert Band.NEAR.__doc__ == "Close enough to touch."
    assert Band("extra long") is Band.EXTRA_LONG


def test_cantor_members_are_documented():
    """Every Cantor kind and action member has a docstring of its own, not the class's."""
    for kind in (*(k for k in KINDS if k.__module__ == cantor_kinds.__name__), cantor_turn.Action):
        for member in kind:
            assert member.__doc__ and member.__doc__ != kind.__doc__, member


def test_action_value_is_its_label_and_kind_its_slot():
    """Cantor actions: the value is the label the rules print; kind is the slot spent."""
    assert cantor_turn.Action.parse("Turn & Brace") is cantor_turn.Action.TURN_AND_BRACE
    assert cantor_turn.Action.TURN_AND_BRACE.label == "turn & brace"
    assert cantor_turn.Action.AIM.kind is cantor_kinds.ActionKind.FULL


@pytest.mark.parametrize("value", ["far", "", None, 3, Band])
def test_parse_error_names_the_argument(value):
    """A value that names no member is a RulesError naming the argument and listing the choices."""
    with pytest.raises(RulesError) as err:
        Band.parse(value, "band")
    assert str(err.value) == f"'band' must be one of near, extra_long (got {value!r})"


def test_a_member_doc_must_be_text():
    """A second element that is not a docstring is a mistake, not documentation."""
    with pytest.raises(TypeError, match="'doc' of Bad member 'x' must be a docstring"):
        class Bad(Kind):
            X = "x", 3
