"""Is the process that wrote this still running? Answered with a pid *and* its start time.

A pid alone is not enough: after a reboot or a long uptime the same number belongs to a new
process. psutil tells a process's start time on every platform (seconds since the epoch); the pair
is compared. The start time is read from the system clock, so a clock set back or forward between
the record and the check moves it: two start times within :data:`SAME_START_S` are the same process
(a pid used again that soon after is far less likely than such a clock step). psutil is imported
on first use, not when this module loads: the window's start does not pay for it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

SAME_START_S = 10.0


@dataclass(frozen=True)
class ProcessIdentity:
    pid: int
    start: str  # the start time, seconds since the epoch to 1/100 s ("" where it cannot be read)

    def to_text(self) -> str:
        return f"{self.pid}:{self.start}" if self.start else str(self.pid)

    @staticmethod
    def parse(text: str) -> ProcessIdentity | None:
        pid, _, start = text.strip().partition(":")
        return ProcessIdentity(int(pid), start) if pid.isdigit() else None


def process_start_time(pid: int | None = None) -> str:
    """When ``pid`` (this process by default) started, as text; "" when it is gone or hidden."""
    import psutil

    try:
        return f"{psutil.Process(os.getpid() if pid is None else pid).create_time():.2f}"
    except psutil.Error:  # no such process, or one this user may not inspect
        return ""


def current_process() -> ProcessIdentity:
    return ProcessIdentity(os.getpid(), process_start_time())


def process_alive(pid: object, start: object = "") -> bool:
    """True while ``pid`` runs and, when ``start`` is known, is still the process that started then."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    import psutil

    if not psutil.pid_exists(pid):
        return False
    if not start:
        return True
    try:
        recorded = float(str(start))
        current = float(process_start_time(pid) or "nan")
    except ValueError:
        return False
    return abs(current - recorded) <= SAME_START_S
