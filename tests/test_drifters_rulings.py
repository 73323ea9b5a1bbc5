"""Every Void Drifters ruling is stated on the page where its rule lives."""

import re
from pathlib import Path

import pytest

from voidref.drifters import rulings

DOCS = Path(__file__).resolve().parent.parent / "docs" / "drifters"
# Stated inside another ruling's admonition rather than in one of its own.
STATED_WITH = {"DOWNGRADE_WITH_NO_UPGRADED_DIE": "UPGRADE_WITH_NO_PLAIN_DIE"}


def _ids() -> set[str]:
    return {m for page in DOCS.glob("*.md") for m in re.findall(r":id: (drifters-[a-z0-9-]+)", page.read_text())}


@pytest.mark.parametrize("name", rulings.__all__)
def test_ruling_has_an_admonition_on_its_page(name):
    """Each constant in voidref.drifters.rulings has a {ruling} with id drifters-<name>."""
    shown = STATED_WITH.get(name, name)
    assert "drifters-" + shown.lower().replace("_", "-") in _ids()


@pytest.mark.parametrize("name", rulings.__all__)
def test_ruling_is_documented_in_the_code(name):
    """Each ruling constant is one documented value in rulings.py."""
    source = Path(rulings.__file__).read_text()
    assert re.search(rf"#: .*\n(#: .*\n)*{name}\b", source), name
