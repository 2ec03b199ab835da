"""One writer per knowledge-base index: a lock file holding the owner's process id.

The lock is an exclusive ``flock`` on ``index.lock``, which the operating system releases when its
process dies, so a lock left by a killed process never blocks anyone; the process id written into
the file names the owner in messages and tells whether the previous owner ended without releasing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import ConflictError
from mira_desktop.core.processes import ProcessIdentity, current_process, process_alive


class IndexBusyError(ConflictError):
    """Another process (or thread) is writing this index."""


class IndexLock:
    def __init__(self, path: Path, label: str = "this knowledge base") -> None:
        self.path = path
        self.label = label
        self._fd: int | None = None
        self.recovered_from: int | None = None  # pid of a dead previous owner, if any

    def owner(self) -> int | None:
        """The process id recorded in the lock file (the current or the last owner)."""
        identity = self._recorded()
        return None if identity is None else identity.pid

    def _recorded(self) -> ProcessIdentity | None:
        try:
            return ProcessIdentity.parse(self.path.read_text("ascii"))
        except (OSError, UnicodeDecodeError):
            return None

    def try_acquire(self) -> bool:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        previous = self._recorded()
        if (
            previous is not None
            and previous.pid != os.getpid()
            and not process_alive(previous.pid, previous.start)
        ):
            self.recovered_from = previous.pid
        os.ftruncate(fd, 0)
        os.write(fd, current_process().to_text().encode("ascii"))
        os.fsync(fd)
        self._fd = fd
        return True

    def acquire(
        self,
        timeout: float | None = None,
        on_wait: Callable[[str], None] | None = None,
        cancel: CancelToken | None = None,
        poll: float = 0.2,
    ) -> None:
        """Take the lock, waiting up to ``timeout`` seconds (None: for ever, 0: not at all).

        ``on_wait`` gets one message, once, when the lock is held by someone else. Raises
        :class:`IndexBusyError` on timeout.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        told = False
        while not self.try_acquire():
            owner = self.owner()
            who = f"process {owner}" if owner is not None else "another process"
            if owner == os.getpid():
                who = "another task of this process"
            message = f"{self.label} is being indexed by {who}"
            if deadline is not None and time.monotonic() >= deadline:
                raise IndexBusyError(f"{message}: try again when it has finished.")
            if on_wait is not None and not told:
                on_wait(f"{message}; waiting for it to finish…")
                told = True
            if cancel is not None:
                if cancel.wait(poll):
                    cancel.raise_if_cancelled()
            else:
                time.sleep(poll)

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def __enter__(self) -> IndexLock:
        self.acquire()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()


_thread_locks: dict[Path, threading.Lock] = {}
_registry_lock = threading.Lock()


def thread_lock(path: Path) -> threading.Lock:
    """A process-wide mutex per lock path, for callers that want to queue threads instead of polling."""
    with _registry_lock:
        return _thread_locks.setdefault(path.resolve(), threading.Lock())
