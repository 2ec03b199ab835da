"""A process stopped in the middle of a write, for the tests of what a start cleans up after a kill."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def writing(script: str, target: Path) -> subprocess.Popen[str]:
    """``script`` run on ``target`` in a new process, returned once it printed "writing" (its write
    begun, not finished)."""
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(target)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "writing"
    return process


def ended(process: subprocess.Popen[str]) -> None:
    process.wait()
    if process.stdout is not None:
        process.stdout.close()
