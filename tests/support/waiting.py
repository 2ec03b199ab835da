"""Waiting on a condition, not on the clock: the one polling helper of the tests outside Qt (GUI
tests wait with ``qtbot.waitUntil`` / ``qtbot.waitSignal``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for(condition: Callable[[], object], seconds: float = 60, *, what: str = "the condition") -> None:
    """Return once ``condition()`` is true; fail the test after ``seconds`` (a limit, never a pause)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out after {seconds:g} s waiting for {what}"
        time.sleep(0.02)
