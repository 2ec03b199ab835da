"""Is the process that wrote this still running? Answered with a pid *and* its start time.

A pid alone is not enough: after a reboot or a long uptime the same number belongs to a new
process. Where Linux's ``/proc`` tells a process's start time, the pair is compared.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class ProcessIdentity:
    pid: int
    start: str  # the start time in clock ticks since boot ("" where /proc is not available)

    def to_text(self) -> str:
        return f"{self.pid}:{self.start}" if self.start else str(self.pid)

    @staticmethod
    def parse(text: str) -> ProcessIdentity | None:
        pid, _, start = text.strip().partition(":")
        return ProcessIdentity(int(pid), start) if pid.isdigit() else None


def process_start_time(pid: int | None = None) -> str:
    try:
        with open(f"/proc/{pid or os.getpid()}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def current_process() -> ProcessIdentity:
    return ProcessIdentity(os.getpid(), process_start_time())


def process_alive(pid: object, start: object = "") -> bool:
    """True while ``pid`` runs and, when ``start`` is known, is still the process that started then."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        pass
    return not start or process_start_time(pid) == start
