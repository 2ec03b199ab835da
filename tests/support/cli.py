"""Running `mira` in-process through its real entry point, for tests (the ``mira`` fixture)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.app import main


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


Mira = Callable[..., CliResult]


@pytest.fixture
def mira(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> Mira:
    """Run `mira --data-dir DATA ARGS…` in-process through the real entry point."""

    def run(*args: str) -> CliResult:
        code = main(["--data-dir", str(data_dir), *args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run
