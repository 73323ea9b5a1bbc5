"""The rulings module: each ruling is documented and behaves as documented."""

import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voidref.cantor import rulings
from voidref.cantor.kinds import Keep


@pytest.mark.parametrize("name", rulings.__all__)
def test_every_ruling_documented(name):
    """Every ruling states the source, our choice and the reason (MAX_ATTACK_DICE is an engine limit)."""
    obj = getattr(rulings, name)
    if callable(obj):
        doc = inspect.getdoc(obj)
    else:
        src = inspect.getsource(rulings)
        start = src.index(f"\n{name}")
        doc = src[start:start + 1500]
    if name in ("MAX_ATTACK_DICE",):
        assert "Engine limit" in doc
        return
    assert "**Source" in doc and "**We chose:**" in doc and "**Why:**" in doc


@given(st.integers(-38, 39))
def test_net_ruling_one_step_at_a_time(net):
    """Ruling: each extra net die moves the roll exactly one step."""
    a, b = rulings.dice_for_net(net), rulings.dice_for_net(net + 1)
    if net >= 1:
        assert b == (a[0] + 1, Keep.HIGHEST)
    elif net == 0:
        assert (a, b) == ((2, Keep.LOWEST), (1, Keep.HIGHEST))
    else:
        assert b == (a[0] - 1, Keep.LOWEST)


def test_blast_reaches_adjacent_for_blast_one():
    """Ruling: Blast N reaches N spaces; Blast 1 is exactly the adjacent spaces."""
    assert rulings.blast_reaches(1, 1) and not rulings.blast_reaches(2, 1)


def test_every_ruling_is_shown_on_a_page():
    """Every ruling in voidref.cantor.rulings is cited by a {ruling} admonition in docs/cantor."""
    from pathlib import Path

    pages = "".join(p.read_text() for p in (Path(__file__).resolve().parent.parent / "docs" / "cantor").glob("*.md"))
    missing = [n for n in rulings.__all__ if n != "MAX_ATTACK_DICE" and f"voidref.cantor.rulings.{n}`" not in pages]
    assert missing == []
