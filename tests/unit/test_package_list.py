"""The wheel carries all of mira_desktop: a module or data file missing from it is missing from every
installation and from the bundle, and the installed app fails when it first needs it. The package list
is found by setup.py, the data by pyproject's package-data; this builds a real wheel to check both."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, set[str], set[str]]:
    """(the build's output, the files the wheel holds, the files it must hold), from a copy of the tree."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(REPO / name, source / name)
    mapped = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    roots = {"mira_desktop": "mira_desktop", **mapped}
    expected: set[str] = set()
    for package, folder in roots.items():
        shutil.copytree(REPO / folder, source / folder, ignore=JUNK)
        expected |= {
            "/".join([*package.split("."), *path.relative_to(source / folder).parts])
            for path in (source / folder).rglob("*")
            if path.is_file()
        }
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", str(out), str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    with zipfile.ZipFile(next(out.glob("*.whl"))) as wheel:
        held = {name for name in wheel.namelist() if ".dist-info/" not in name}
    return build.stdout + build.stderr, held, expected


def test_the_wheel_holds_every_module_migration_role_translation_and_workspace_file(
    built: tuple[str, set[str], set[str]],
) -> None:
    _, held, expected = built
    assert {"mira_desktop/migrations/0001_initial.sql", "mira_desktop/resources/roles/assistant.json",
            "mira_desktop/ui/translations/mira_zh_CN.ts", "mira_desktop/workspaces/mira-base/README.md",
            "mira_desktop/workspaces/agent-sample/src/lumen/notes.py", "mira_desktop/app.py"} <= expected  # fmt: skip
    assert sorted(expected - held) == []
    assert sorted(held - expected) == []


def test_building_the_wheel_prints_no_setuptools_warning(built: tuple[str, set[str], set[str]]) -> None:
    output, _, _ = built
    assert "Warning" not in output, output
    assert "!!" not in output, output
