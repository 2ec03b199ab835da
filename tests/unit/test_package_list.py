"""Every sub-package of mira_desktop ships: a package missing from pyproject's list is missing from the
wheel and the bundle, and the installed app fails on its first import of it."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(REPO).parts) for init in (REPO / "mira_desktop").rglob("__init__.py")
    }
    assert sorted(on_disk - listed) == []
