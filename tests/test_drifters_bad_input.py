"""Bad input anywhere in the Void Drifters API is a RulesError naming the argument."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voidref.drifters import (
    Attack,
    Character,
    Conditions,
    Entry,
    Health,
    Pool,
    Weapon,
    critical_injury_odds,
    maneuvers_to_move,
    move_plan,
    plan_turn,
    severity,
    thrown_range,
)
from voidref.errors import RulesError

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.floats(allow_nan=True),
                 st.text(max_size=8), st.lists(st.integers(), max_size=2))

SENNA = Character("Senna", might=2, agility=4)
SIDEARM = Weapon("Sidearm", damage=6, crit=3, range="medium")


def _call(f, *args, **kwargs):
    """Call f; anything but success or a RulesError naming an argument fails the test."""
    try:
        f(*args, **kwargs)
    except RulesError as err:
        assert str(err).startswith("'") and "(got" in str(err), str(err)


ENTRY_POINTS = {
    "Pool": lambda v: Pool(ability=v),
    "Pool.for_check characteristic": lambda v: Pool.for_check(v, 1),
    "Pool.for_check difficulty": lambda v: Pool.for_check(3, 1, v),
    "Pool.parse": lambda v: Pool.parse(v),
    "Character might": lambda v: Character("X", might=v),
    "Character skills": lambda v: Character("X", skills={"ranged": v}),
    "Character kind": lambda v: Character("X", kind=v),
    "Weapon damage": lambda v: Weapon("W", damage=v, crit=3),
    "Weapon range": lambda v: Weapon("W", damage=5, crit=3, range=v),
    "Attack band": lambda v: Attack(SENNA, SIDEARM, SENNA, band=v),
    "Attack cover": lambda v: Attack(SENNA, SIDEARM, SENNA, cover=v),
    "Attack gravity": lambda v: Attack(SENNA, SIDEARM, SENNA, gravity=v),
    "Attack target": lambda v: Attack(SENNA, SIDEARM, v),
    "Attack.damage": lambda v: Attack(SENNA, SIDEARM, SENNA).damage(v),
    "Attack.odds": lambda v: Attack(SENNA, SIDEARM, SENNA).odds(v),
    "Entry": lambda v: Entry("X", v, 1),
    "plan_turn": lambda v: plan_turn(v),
    "maneuvers_to_move": lambda v: maneuvers_to_move(v, "short"),
    "move_plan gravity": lambda v: move_plan("short", "long", gravity=v),
    "thrown_range": lambda v: thrown_range("short", v),
    "severity": lambda v: severity(v),
    "critical_injury_odds": lambda v: critical_injury_odds(v),
    "Health": lambda v: Health(12, 12, wounds=v),
    "Health.suffer_wounds": lambda v: Health(12, 12).suffer_wounds(v),
    "Conditions.apply": lambda v: Conditions().apply(v),
}


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@settings(max_examples=30, deadline=None)
@given(value=JUNK)
def test_junk_gives_a_named_rules_error(name, value):
    """Any value is accepted or refused with a message naming the argument and what was received."""
    _call(ENTRY_POINTS[name], value)


def test_a_pool_too_large_is_refused_not_computed():
    """A pool past the limit is refused at once instead of hanging."""
    with pytest.raises(RulesError, match=r"'pool' must hold at most 40 dice in all \(got 80\)"):
        Pool(ability=40, trial=40)
