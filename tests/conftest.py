"""Shared fixtures. With MIRA_BLOCK_QT=1 (make test-core) Qt cannot be imported at all."""

from __future__ import annotations

import importlib.abc
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

BLOCKED_WITHOUT_QT = ("PySide6", "shiboken6", "qasync")


class _BlockQt(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        if fullname.split(".", maxsplit=1)[0] in BLOCKED_WITHOUT_QT:
            raise ImportError(f"{fullname} is blocked: tests outside tests/gui must not need Qt")


if os.environ.get("MIRA_BLOCK_QT") == "1":
    sys.meta_path.insert(0, _BlockQt())

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "mira-data"


@pytest.fixture
def services(data_dir: Path) -> Iterator[object]:
    from mira_desktop.app import build_services

    built = build_services(data_dir)
    yield built
    built.close()
