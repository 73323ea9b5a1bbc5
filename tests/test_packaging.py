"""voidref as a Python user gets it: the sdist and the wheel carry the type marker and the licence,
and ``mypy --strict`` checks a user's script against the installed package's own annotations (PEP 561).

The distributions are built once for the module with ``python -m build --no-isolation`` (the pinned
setuptools of this environment, no download) from a copy of the sources, so the checkout gets no
``build/`` folder; the wheel is built from the sdist, as pip would. The wheel is then unpacked into
the site-packages of an empty virtual environment, which is what mypy searches for installed
packages: there, unlike on ``MYPYPATH``, a package without ``py.typed`` is skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

import voidref

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "voidref")
VERSION = voidref.__version__

#: A user's script with two type errors that only voidref's annotations reveal (lines 6 and 7).
USER_SCRIPT = textwrap.dedent("""\
    from fractions import Fraction

    from voidref.drifters import Pool

    chance: Fraction = Pool.parse("2A vs 1T").chance_of_success()
    wrong: int = Pool.parse("2A vs 1T").chance_of_success()
    Pool(ability="4")
""")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the sdist and the wheel built from it."""
    tmp = tmp_path_factory.mktemp("packaging")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp / "dist"
    built = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(src)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return out


def _wheel(dist: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(dist / f"voidref-{VERSION}-py3-none-any.whl")


def _metadata(dist: Path) -> list[str]:
    with _wheel(dist) as zf:
        return zf.read(f"voidref-{VERSION}.dist-info/METADATA").decode().splitlines()


def test_the_wheel_ships_the_type_marker(dist: Path) -> None:
    """PEP 561: the wheel holds voidref/py.typed, so type checkers read the package's own annotations."""
    with _wheel(dist) as zf:
        assert "voidref/py.typed" in zf.namelist()


def test_the_sdist_ships_the_type_marker_and_the_licence(dist: Path) -> None:
    """The source distribution holds py.typed and LICENSE, so a wheel built from it has them too."""
    with tarfile.open(dist / f"voidref-{VERSION}.tar.gz") as tf:
        names = set(tf.getnames())
    assert {f"voidref-{VERSION}/voidref/py.typed", f"voidref-{VERSION}/LICENSE"} <= names


def test_the_wheel_metadata_declares_the_mit_licence_and_its_file(dist: Path) -> None:
    """The licence is the SPDX expression MIT with its text in the wheel (PEP 639 License-File)."""
    with _wheel(dist) as zf:
        licence = zf.read(f"voidref-{VERSION}.dist-info/licenses/LICENSE").decode()
    metadata = _metadata(dist)
    assert "License-Expression: MIT" in metadata
    assert "License-File: LICENSE" in metadata
    assert licence.startswith("MIT License") and "Copyright (c) 2026 the voidref authors" in licence


def test_the_wheel_metadata_says_the_package_is_typed(dist: Path) -> None:
    """The classifiers name the typing marker and the Python versions the package supports."""
    metadata = _metadata(dist)
    for classifier in ("Typing :: Typed", "Programming Language :: Python :: 3.11",
                       "Programming Language :: Python :: 3.12", "Topic :: Games/Entertainment :: Role-Playing"):
        assert f"Classifier: {classifier}" in metadata


def test_mypy_strict_sees_the_installed_types(dist: Path, tmp_path: Path) -> None:
    """A user's script checked with mypy --strict against the installed wheel gets voidref's type errors."""
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / ("Scripts" if os.name == "nt" else "bin") / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    with _wheel(dist) as zf:
        zf.extractall(site)
    (tmp_path / "user.py").write_text(USER_SCRIPT)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-executable", str(python),
         "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", "user.py"],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "MYPYPATH": ""})
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 2, run.stdout + run.stderr
    assert errors[0].startswith("user.py:6:") and '"Fraction", variable has type "int"' in errors[0], errors
    assert errors[1].startswith("user.py:7:") and 'incompatible type "str"; expected "int"' in errors[1], errors
