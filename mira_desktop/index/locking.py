"""One writer per knowledge-base index: a ``filelock`` on ``index.lock``, which names its owner.

The lock is filelock's native lock (``flock`` on Unix), which the operating system releases when
its process dies, so a lock left by a killed process never blocks anyone. Whoever takes it writes
its process id and start time into the file, through the locked descriptor: a waiter reads it to
name the owner in its message, and a new owner that finds there a process that is gone knows the
last one ended without releasing (``recovered_from``). A release empties the file, so a run that
ended cleanly is never taken for one that was killed. filelock is imported when a lock is first
taken, not when this module loads.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import ConflictError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.core.processes import ProcessIdentity, current_process, process_alive

if TYPE_CHECKING:
    from filelock import BaseFileLock

_IDENTITY_BYTES = 64  # "pid:start" is about 25


class IndexBusyError(ConflictError):
    """Another process (or thread) is writing this index."""


class IndexLock:
    """The writer lock of one index folder. Not reentrant: a second acquire of a held lock fails."""

    def __init__(self, path: Path, label: Phrase | str = "this knowledge base") -> None:
        self.path = path
        self.label = label
        self._file: BaseFileLock | None = None
        self._fd: int | None = None  # the locked descriptor (filelock's), while held
        self.recovered_from: int | None = None  # pid of a dead previous owner, if any

    def owner(self) -> int | None:
        """The process id recorded in the lock file: its owner, or one that was killed holding it."""
        identity = self._recorded()
        return None if identity is None else identity.pid

    def _recorded(self) -> ProcessIdentity | None:
        try:
            return ProcessIdentity.parse(self.path.read_text("ascii"))
        except (OSError, UnicodeDecodeError):
            return None

    def try_acquire(self) -> bool:
        """Take the lock if it is free; False when someone (this object included) holds it."""
        from filelock import FileLock, Timeout

        if self.held:
            return False
        if self._file is None:
            # Shared across threads (a lock taken on one may be released on another); the file
            # stays on release so that every contender locks the same one.
            self._file = FileLock(
                self.path, thread_local=False, preserve_lock_file=True, on_acquired=self._took
            )
        try:
            self._file.acquire(blocking=False)
        except Timeout:
            return False
        return True

    def _took(self, fd: int) -> None:
        """filelock's callback, with the lock just taken: note a dead previous owner, write this one."""
        os.lseek(fd, 0, os.SEEK_SET)
        previous = ProcessIdentity.parse(os.read(fd, _IDENTITY_BYTES).decode("ascii", "replace"))
        self.recovered_from = None
        if (
            previous is not None
            and previous.pid != os.getpid()
            and not process_alive(previous.pid, previous.start)
        ):
            self.recovered_from = previous.pid
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, current_process().to_text().encode("ascii"))
        os.fsync(fd)
        self._fd = fd

    def acquire(
        self,
        timeout: float | None = None,
        on_wait: Callable[[str], None] | None = None,
        cancel: CancelToken | None = None,
        poll: float = 0.2,
    ) -> None:
        """Take the lock, waiting up to ``timeout`` seconds (None: for ever, 0: not at all).

        ``on_wait`` gets one message, once, when the lock is held by someone else. Raises
        :class:`IndexBusyError` on timeout. The wait polls here rather than in filelock, which
        refuses an endless wait for a lock that another object of this process holds.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        told = False
        while not self.try_acquire():
            owner = self.owner()
            who = said("kb.lock.process", pid=owner) if owner is not None else said("kb.lock.other_process")
            if owner == os.getpid():
                who = said("kb.lock.this_process")
            message = said("kb.lock.indexed_by", label=self.label, who=who)
            if deadline is not None and time.monotonic() >= deadline:
                raise IndexBusyError.said("knowledge.busy", message=message)
            if on_wait is not None and not told:
                on_wait(said("kb.lock.waiting", message=message).english)
                told = True
            if cancel is not None:
                if cancel.wait(poll):
                    cancel.raise_if_cancelled()
            else:
                time.sleep(poll)

    def release(self) -> None:
        if self._fd is None or self._file is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)  # a clean end: the next owner has no one to recover from
        finally:
            self._file.release(force=True)

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
