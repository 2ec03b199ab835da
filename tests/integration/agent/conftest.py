"""Setup of the agent-run integration tests: a project folder bound as a workspace, a folder beside it.

``mira`` runs the command line in this process. The helpers that drive runs (scripted replies,
starting and following a run, what the model was sent) are in :mod:`tests.integration.agent.runs`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.app import main
from tests.support.json_api import json_api  # noqa: F401 (declared HTTP tools call it)

NOTES = "# Notes\nTODO: write the release notes\nThe colour is blue.\n"
APP = "def greet(name):\n    return f'Hello, {name}'\n"
OLD = "obsolete, delete me\n"
SECRET = "top secret\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A small project folder: notes, a source file, a file to delete."""
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "notes.md").write_text(NOTES, encoding="utf-8")
    (root / "src" / "app.py").write_text(APP, encoding="utf-8")
    (root / "old.txt").write_text(OLD, encoding="utf-8")
    return root


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the workspace with a secret no run may read or change."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_text(SECRET, encoding="utf-8")
    return folder


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)

    def lines(self) -> list[dict[str, Any]]:
        """``--json`` run output: one event a line."""
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


Mira = Callable[..., CliResult]


@pytest.fixture
def mira(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> Mira:
    """`mira --data-dir DATA ARGS…` in this process, through the real entry point (services are
    built and closed by each command, as in a new process)."""

    def run(*args: str) -> CliResult:
        code = main(["--data-dir", str(data_dir), *args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run
