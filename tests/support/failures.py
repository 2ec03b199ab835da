"""Every failure a test causes is seen: ERROR notifications and crash reports fail the test.

The autouse ``failures`` fixture (tests/conftest.py) records, for the whole test (its fixtures' set-up
and tear-down included), every ERROR posted on any :class:`NotificationBus` and every crash report
written (``services.app.crash_reports.write_crash_report``: our own bugs). At the end, anything
recorded that the test did not take with :meth:`Failures.expect` fails it, with the message, the
details and the traceback. A test that provokes a failure on purpose says so:

    failures.expect("Indexing")            # regex on the notification's text or the crash's "Type: message"
"""

from __future__ import annotations

import re
import threading
import time
import traceback
from dataclasses import dataclass


@dataclass(frozen=True)
class Seen:
    kind: str  # "ERROR notification" or "crash report"
    text: str  # the notification's message, or the bug's "Type: message"
    details: str  # the notification's details, or the bug's traceback

    def describe(self) -> str:
        details = "".join(f"\n      {line}" for line in self.details.strip().splitlines())
        return f"  - {self.kind}: {self.text}{details}"


class Failures:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: list[Seen] = []

    def notified(self, message: str, details: str) -> None:
        with self._lock:
            self._seen.append(Seen("ERROR notification", message, details))

    def crashed(self, bug: BaseException) -> None:
        text = "".join(traceback.format_exception(type(bug), bug, bug.__traceback__))
        with self._lock:
            self._seen.append(Seen("crash report", f"{type(bug).__name__}: {bug}", text))

    def expect(self, pattern: str, *, timeout: float = 0.0) -> list[Seen]:
        """Take every failure seen so far whose text matches ``pattern`` (``re.search``); at least one
        must have been seen (within ``timeout`` seconds, for one posted by background work)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                taken = [s for s in self._seen if re.search(pattern, s.text)]
                if taken:
                    self._seen = [s for s in self._seen if s not in taken]
                    return taken
                seen = list(self._seen)
            if time.monotonic() >= deadline:
                listed = "\n".join(s.describe() for s in seen) or "  (none)"
                raise AssertionError(f"no failure matching {pattern!r} was reported; seen:\n{listed}")
            time.sleep(0.02)

    def unexpected(self) -> list[Seen]:
        with self._lock:
            seen, self._seen = self._seen, []
        return seen


def failure_report(seen: list[Seen]) -> str:
    listed = "\n".join(s.describe() for s in seen)
    return (
        f"{len(seen)} failure(s) reported during the test that it did not expect "
        f"(a failure the test provokes on purpose: failures.expect(pattern)):\n{listed}"
    )
