"""The wheel a person installs holds every module and data file the code reads.

setuptools puts a folder's files in the wheel only for a package pyproject.toml lists (and its
package-data globs): a new subpackage or a new kind of data file left out installs fine with
`pip install -e .` (the checkout is on the path) and breaks a `pip install .` or a built wheel.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("memory", "retrieval", "wiki", "eval", "quire")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")


def shipped_files(root: Path) -> set[str]:
    """Every file under the packages' folders a running quire may read: its modules and data."""
    return {
        p.relative_to(root).as_posix()
        for name in PACKAGES
        for p in (root / name).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


def missing_from(wheel_names: set[str], wanted: set[str]) -> list[str]:
    return sorted(wanted - wheel_names)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files of a wheel built from a copy of the checkout (a build writes build/ and egg-info)."""
    tree = tmp_path_factory.mktemp("tree")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, tree / name, ignore=SKIP)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, tree / name)
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation", "-q", "-w", str(out)],
        cwd=tree,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "is absent from the `packages` configuration" not in done.stderr, done.stderr[-2000:]
    (built,) = out.glob("quire-*.whl")
    return built


@pytest.fixture(scope="module")
def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def test_the_wheel_holds_every_module_and_data_file(wheel_names):
    wanted = shipped_files(ROOT)
    assert any(n.startswith("memory/data/") for n in wanted) and any(n.endswith(".html") for n in wanted)
    assert missing_from(wheel_names, wanted) == []


def test_the_wheel_installs_the_quire_command(wheel, wheel_names):
    (entry,) = [n for n in wheel_names if n.endswith(".dist-info/entry_points.txt")]
    with zipfile.ZipFile(wheel) as z:
        scripts = z.read(entry).decode()
    assert "[console_scripts]" in scripts and "quire = quire.cli:main" in scripts


def test_control_a_file_left_out_of_the_wheel_is_named():
    wanted = {"memory/data/cities.txt", "quire/ui/templates/base.html", "memory/life.py"}
    assert missing_from(wanted - {"quire/ui/templates/base.html"}, wanted) == ["quire/ui/templates/base.html"]
