"""Void Pirates: the KV-220B's turn replayed step by step from the engine."""

import pytest

from voidref.errors import RulesError
from voidref.exact import Dist
from voidref.pirates import THREE_D6
from voidref.pirates.replays import kv220b, rolled_total, shift_range
from voidref.pirates.rulings import AS_PRINTED
from voidref.present.replays.kv220b import kv220b_step


def test_kv220b_initiative_15():
    """3d6 = 10 plus AGL 3 and Piloting SRM 2 is the source's Initiative 15."""
    rolls = dict(kv220b()[0].rolls)
    assert rolls["Initiative"] == "10 + 5 = 15"


def test_kv220b_closes_from_medium_to_close():
    """The Pilot phase's change of range takes the ships one band in, to Close."""
    assert dict(kv220b()[1].state)["Range"] == "Close (1 band closer)"


def test_kv220b_48_through_av_20_is_28():
    """48 on 12d6 against AV 20 leaves the Lander 28 damage."""
    assert dict(kv220b()[2].state)["Type-87 Lander"] == "28 damage taken"


def test_kv220b_repair_is_9():
    """2d6 = 3 times Rank 3 restores 9 HP."""
    assert dict(kv220b()[3].state)["KV-220B"] == "9 HP restored"


def test_lander_evasion_follows_the_ruling_both_ways():
    """Standard: -2 on the hauler's Gunnery; as printed: +2 on the Lander's Piloting; same odds."""
    ours, printed = kv220b()[4], kv220b(AS_PRINTED)[4]
    assert dict(ours.state)["Evasion"].startswith("-2 on the KV-220B's Gunnery")
    assert dict(printed.state)["Evasion"].startswith("+2 on its next Piloting")
    assert ours.odds == printed.odds
    assert "45.4%" in kv220b_step(4) and "45.4%" in kv220b_step(4, as_printed=True)


@pytest.mark.parametrize("total", [2, 3, 18, 19])
def test_rolled_total_refuses_what_the_dice_cannot_roll(total):
    """3d6 rolls 3 to 18 only."""
    if 3 <= total <= 18:
        assert rolled_total(THREE_D6, total, "3d6") == total
    else:
        with pytest.raises(RulesError, match=f"'total' {total} cannot come from 3d6"):
            rolled_total(THREE_D6, total, "3d6")


def test_rolled_total_12d6_range():
    """12d6 rolls 12 to 72: 48 is possible, 73 is not."""
    twelve = Dist.die(6).repeat_sum(12)
    assert rolled_total(twelve, 48, "12d6") == 48
    with pytest.raises(RulesError):
        rolled_total(twelve, 73, "12d6")


def test_shift_range_stops_at_the_ends():
    """Closer than Close stays Close; farther than Long stays Long."""
    assert [shift_range(b, 1).value for b in ("close", "medium", "long")] == ["close", "close", "medium"]
    assert [shift_range(b, -1).value for b in ("close", "medium", "long")] == ["medium", "long", "long"]
