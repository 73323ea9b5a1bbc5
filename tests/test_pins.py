"""Every Python package in the test environment is pinned in requirements/constraints.txt.

`make` installs with PIP_CONSTRAINT pointing at that file, so a package that
is missing from it, or installed at another version, means an upstream
release could change the site or the tests without a commit here.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from importlib import metadata

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONSTRAINTS = os.path.join(ROOT, "requirements", "constraints.txt")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins() -> dict[str, str]:
    pins = {}
    with open(CONSTRAINTS, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, sep, version = line.partition("==")
            assert sep and version, f"constraints.txt: {line!r} is not pinned with =="
            pins[_normal(name)] = version
    return pins


def test_every_line_of_the_constraints_file_is_an_exact_pin():
    """Each entry is `name==version`, and no name is listed twice."""
    names = []
    with open(CONSTRAINTS, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*==[0-9][0-9A-Za-z.+!-]*", line), line
                names.append(_normal(line.split("==")[0]))
    assert len(names) == len(set(names))


def test_every_optional_dependency_of_the_project_is_pinned():
    """Each package named in pyproject.toml's extras has a pin."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        project = tomllib.load(fh)["project"]
    pins = _pins()
    for extra, requirements in project["optional-dependencies"].items():
        for requirement in requirements:
            name = _normal(re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0])
            assert name in pins, f"extra {extra!r} needs {name}, which constraints.txt does not pin"


@pytest.mark.skipif(not sys.prefix.endswith(".venv"), reason="only the project's own .venv is installed from the pins")
def test_the_installed_packages_are_exactly_the_pinned_versions():
    """The .venv that `make` built holds only pinned packages, at their pinned versions."""
    pins = _pins()
    wrong = []
    for dist in metadata.distributions():
        name = _normal(dist.metadata["Name"])
        if name == "voidref":
            continue
        if pins.get(name) != dist.version:
            wrong.append(f"{name}=={dist.version} (pinned: {pins.get(name, 'not listed')})")
    assert not wrong, "installed but not as pinned:\n" + "\n".join(sorted(wrong))
