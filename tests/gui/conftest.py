"""GUI tests fail when a test leaves a thread running."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    before = {t.ident for t in threading.enumerate()}
    yield
    deadline = time.monotonic() + 5
    while True:
        leaked = [t for t in threading.enumerate() if t.ident not in before and t.is_alive()]
        if not leaked or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert not leaked, f"threads left running: {[t.name for t in leaked]}"
