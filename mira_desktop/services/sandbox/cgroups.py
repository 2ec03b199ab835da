"""A ``pids`` cgroup per sandboxed command, for when Mira runs as root.

The kernel does not apply a process limit (``RLIMIT_NPROC``) to root — not even inside a user
namespace — so a fork bomb would only be stopped by the time limit. As root, each command's sandbox
is started inside a new cgroup whose ``pids.max`` is the process limit (cgroup v1's ``pids``
hierarchy, or a cgroup v2 folder with the ``pids`` controller), and every process left in it is
killed when the command ends. Without such a cgroup there is no sandbox for root.
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from pathlib import Path

V1 = Path("/sys/fs/cgroup/pids")
V2 = Path("/sys/fs/cgroup")
_numbers = itertools.count(1)


def needed() -> bool:
    return os.geteuid() == 0


def parent() -> Path | None:
    """Where this process may make pids cgroups (None: nowhere)."""
    if (V1 / "cgroup.procs").is_file() and os.access(V1, os.W_OK):
        return V1
    own = _own_v2()
    if own is not None and "pids" in _read(own / "cgroup.subtree_control").split() and os.access(own, os.W_OK):
        return own
    return None


def create(base: Path, processes: int) -> Path:
    folder = base / f"mira-sandbox-{os.getpid()}-{next(_numbers)}"
    folder.mkdir()
    (folder / "pids.max").write_text(str(processes))
    return folder


def enter_argv(folder: Path, argv: list[str]) -> list[str]:
    """``argv`` started from inside ``folder`` (the shell moves itself in, then becomes ``argv``)."""
    return ["/bin/sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', str(folder), *argv]


def remove(folder: Path) -> None:
    """Kill whatever is left in the cgroup, then remove it (a few tries while the kernel reaps)."""
    for _ in range(50):
        pids = [int(p) for p in _read(folder / "cgroup.procs").split()]
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
        try:
            folder.rmdir()
            return
        except OSError:
            time.sleep(0.02)
    folder.rmdir()  # still busy after a second: say so


def _own_v2() -> Path | None:
    if not (V2 / "cgroup.controllers").is_file():
        return None
    for line in _read(Path("/proc/self/cgroup")).splitlines():
        if line.startswith("0::"):
            return V2 / line[3:].lstrip("/")
    return None


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""
