"""The package list, found by setuptools rather than written by hand; everything else is in pyproject.toml.

A package is a folder with an importable name: every folder of ``mira_desktop/`` (``__init__.py`` or
not: ``ui/translations`` is a package of data files), and under the folders that pyproject's
``package-dir`` maps into ``mira_desktop`` (``migrations/``, ``resources/``, ``workspaces/``). A folder
whose name is not importable (``workspaces/mira-base``) is data of the package above it. pyproject's
``packages.find`` cannot look inside a mapped folder, hence this file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_namespace_packages, setup

HERE = Path(__file__).resolve().parent
NOT_PACKAGES = ["*__pycache__*", "*-*"]  # caches, and folders no import can name (data)


def packages_in(package: str, folder: str) -> list[str]:
    """``package`` (the folder ``folder``) and every package below it."""
    below = find_namespace_packages(str(HERE / folder), exclude=NOT_PACKAGES)
    return [package, *(f"{package}.{name}" for name in below)]


def packages() -> list[str]:
    config = tomllib.loads((HERE / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    roots = {"mira_desktop": "mira_desktop", **config["package-dir"]}
    return sorted(name for package, folder in roots.items() for name in packages_in(package, folder))


setup(packages=packages())
