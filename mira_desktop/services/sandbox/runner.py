"""Running one sandboxed command: its output gathered up to a limit, stopped at its time limit or
when the user stops the run, and nothing of it left running afterwards.

stdout and stderr are read together through one pipe (so they interleave as printed), with no
thread: the run's own thread waits on the pipe with a deadline. Stopping kills bubblewrap's
process group; bubblewrap's ``--die-with-parent`` then ends the sandbox's PID namespace, and with
it every process inside.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from dataclasses import dataclass

from mira_desktop.core.cancel import CancelToken

CHUNK = 65536
BWRAP_ENVIRONMENT = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


@dataclass(frozen=True)
class CommandRun:
    exit_code: int | None  # None: Mira stopped it
    output: bytes  # what it printed, up to the output limit
    output_bytes: int  # all it printed before it ended or was stopped
    stopped: str | None  # "time" | "output" | "cancelled" | None (it ended by itself)
    seconds: float


def run_command(argv: list[str], *, seconds: float, output_bytes: int, cancel: CancelToken) -> CommandRun:
    started = time.monotonic()
    process = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        cwd="/",
        env=BWRAP_ENVIRONMENT,  # the sandbox could read bubblewrap's own (/proc/1/environ): none of Mira's
    )
    assert process.stdout is not None
    kept = bytearray()
    seen = 0
    stopped: str | None = None
    deadline = started + seconds
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while True:
            if cancel.cancelled:
                stopped = "cancelled"
                break
            left = deadline - time.monotonic()
            if left <= 0:
                stopped = "time"
                break
            if not selector.select(min(left, 0.1)):
                continue
            chunk = os.read(process.stdout.fileno(), CHUNK)
            if not chunk:
                break  # every process of the sandbox closed the pipe: it ended
            seen += len(chunk)
            kept += chunk[: max(0, output_bytes - len(kept))]
            if seen > output_bytes:
                stopped = "output"
                break
    if stopped is not None:
        _kill(process)
    process.stdout.close()
    code = process.wait()
    return CommandRun(None if stopped else code, bytes(kept), seen, stopped, time.monotonic() - started)


def _kill(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        return
