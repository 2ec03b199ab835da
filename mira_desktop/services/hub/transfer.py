"""Fetching one file's bytes into its ``.partial`` file: Range resume, retries, sha256, free space.

The order is GPT4All's (``download.cpp``), made durable: bytes are appended to ``NAME.partial``; a
dropped connection or a 5xx is retried with backoff and resumed with ``Range: bytes=N-`` from the
bytes already on disk (a server that answers a Range with the whole file starts the partial over);
the sha256 of the listing is checked before the file is moved into place (``os.replace``, after an
fsync). A full disk stops with :class:`DiskFull`, keeping the partial; a wrong checksum deletes it.
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.errors import MiraError
from mira_desktop.core.tasks import SerialWorker, Task, TaskRunner
from mira_desktop.services.hub.client import HubClient, HubUnavailableError
from mira_desktop.services.hub.listing import HubFile

CHUNK = 1 << 20
BATCH = 1 << 20  # bytes handed to the hashing thread at once
HASH_AHEAD = 8  # batches received but not yet hashed, at most (8 MB)
WRITEBACK_EVERY = 8 << 20  # bytes written between two requests to start writing them out
CHECK_EVERY_S = 0.05  # progress and the stop check, at least this often while bytes arrive
FREE_SPACE_MARGIN = 256 << 20  # the database, logs and the rest of the data folder need room too
_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


class DiskFull(MiraError):  # noqa: N818
    """The disk filled while writing; the partial is kept."""

    exit_code = 1


class NotEnoughSpace(MiraError):  # noqa: N818
    """Free space was short before the first byte."""

    exit_code = 1


class ChecksumMismatch(MiraError):  # noqa: N818
    """The bytes received do not have the sha256 the listing announced; the partial is deleted."""

    exit_code = 5


class Stopped(Exception):  # noqa: N818 (a signal, not an error)
    """The download was asked to stop (pause, cancel, shutdown); ``why`` says which."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass
class RetryPolicy:
    attempts: int = 6  # consecutive failures without a byte of progress
    first_delay_s: float = 1.0
    max_delay_s: float = 30.0

    def delay(self, failure: int) -> float:
        return float(min(self.max_delay_s, self.first_delay_s * 2 ** max(0, failure - 1)))


Progress = Callable[[int], None]  # bytes of this file on disk so far
StopCheck = Callable[[], str | None]  # the reason to stop now, or None
Waiter = Callable[[float], str | None]  # wait up to s seconds; the reason to stop, or None


def free_space(folder: Path) -> int:
    return shutil.disk_usage(folder).free


def check_space(folder: Path, still_needed: int) -> None:
    """Refuse before the first byte when ``still_needed`` plus the margin does not fit on the disk."""
    free = free_space(folder)
    if still_needed + FREE_SPACE_MARGIN > free:
        raise NotEnoughSpace.said(
            "download.no_space",
            needed=_mb(still_needed + FREE_SPACE_MARGIN),
            free=_mb(free),
            folder=str(folder),
        )


def fetch(
    client: HubClient,
    file: HubFile,
    final: Path,
    *,
    progress: Progress,
    should_stop: StopCheck,
    wait: Waiter,
    policy: RetryPolicy,
    tasks: TaskRunner,
) -> None:
    """Bring ``file`` to ``final``, checked; resumes from ``final.partial`` when it is there.

    The sha256 is computed on an owned thread of ``tasks`` while the next bytes arrive (hashlib and
    the socket both release the GIL), not in line with the reads, which slowed the download.
    """
    partial = final.with_name(final.name + ".partial")
    state = _State(tasks.serial("download-sha256"))
    try:
        _fetch(client, file, partial, final, state, progress, should_stop, wait, policy)
    finally:
        state.close()


def _fetch(  # noqa: PLR0917 (the state of one transfer)
    client: HubClient,
    file: HubFile,
    partial: Path,
    final: Path,
    state: _State,
    progress: Progress,
    should_stop: StopCheck,
    wait: Waiter,
    policy: RetryPolicy,
) -> None:
    _hash_existing(partial, state, should_stop)
    progress(state.have)
    failures = 0
    while True:
        if (why := should_stop()) is not None:
            raise Stopped(why)
        before = state.have
        try:
            _stream(client, file, partial, state, progress, should_stop)
        except (HubUnavailableError, _transport_error()) as exc:
            retryable = getattr(exc, "retryable", True)
            failures = 0 if state.have > before else failures + 1
            if not retryable or failures >= policy.attempts:
                raise
            if (why := wait(policy.delay(failures))) is not None:
                raise Stopped(why) from None
            continue
        if state.have >= file.size:
            break
    if state.have > file.size:
        partial.unlink(missing_ok=True)
        raise ChecksumMismatch.said("download.too_long", file=file.name)
    if file.sha256 is not None and state.digest() != file.sha256:
        partial.unlink(missing_ok=True)
        raise ChecksumMismatch.said("download.bad_checksum", file=file.name)
    with partial.open("rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(partial, final)


class _State:
    """The bytes on disk and their running sha256, kept across the attempts of one run.

    Pieces are hashed on ``worker`` in batches of :data:`BATCH` bytes, in order, at most
    :data:`HASH_AHEAD` batches behind: one hand-over per batch, not per piece received (a piece is
    64 KB; handing each one over cost more than the hashing saved).
    """

    def __init__(self, worker: SerialWorker) -> None:
        self.hasher = hashlib.sha256()
        self.have = 0
        self._worker = worker
        self._batch: list[bytes] = []
        self._batched = 0
        self._pending: deque[Task[None]] = deque()

    def add(self, piece: bytes) -> bool:
        """Count ``piece`` (already written); True when a batch was handed to the hashing thread."""
        self.have += len(piece)
        self._batch.append(piece)
        self._batched += len(piece)
        if self._batched < BATCH:
            return False
        self._hand_over()
        return True

    def _hand_over(self) -> None:
        pieces, hasher = self._batch, self.hasher
        self._batch, self._batched = [], 0
        if not pieces:
            return

        def hash_pieces() -> None:
            for piece in pieces:
                hasher.update(piece)

        try:
            task = self._worker.submit(hash_pieces)
        except RuntimeError:  # the app is closing (its worker ended): hash here; the stop comes next
            self._drain()
            hash_pieces()
            return
        self._pending.append(task)
        while len(self._pending) > HASH_AHEAD:
            self._pending.popleft().result()

    def _drain(self) -> None:
        while self._pending:
            self._pending.popleft().result()

    def digest(self) -> str:
        self._hand_over()
        self._drain()
        return self.hasher.hexdigest()

    def restart(self) -> None:
        self._batch, self._batched = [], 0
        self._drain()
        self.hasher, self.have = hashlib.sha256(), 0

    def close(self) -> None:
        self._hand_over()
        self._drain()
        self._worker.close()


def _hash_existing(partial: Path, state: _State, should_stop: StopCheck) -> None:
    """Hash the bytes already on disk (read again after a restart)."""
    if partial.exists():
        with partial.open("rb") as handle:
            while piece := handle.read(8 * CHUNK):
                state.hasher.update(piece)
                state.have += len(piece)
                if (why := should_stop()) is not None:
                    raise Stopped(why)


def _stream(  # noqa: PLR0917 (one call site, the state of one transfer)
    client: HubClient,
    file: HubFile,
    partial: Path,
    state: _State,
    progress: Progress,
    should_stop: StopCheck,
) -> None:
    with client.open_bytes(file, state.have) as ranged:
        mode = "ab"
        if ranged.start != state.have:  # the server sent the whole file: start over
            state.restart()
            mode = "wb"
        try:
            with partial.open(mode) as out:
                writeback = _Writeback(out.fileno(), state.have)
                checked = time.monotonic()
                for piece in ranged.response.iter_raw():  # as received: a cut loses nothing read
                    out.write(piece)
                    handed = state.add(piece)
                    writeback.written(state.have)
                    if handed or time.monotonic() - checked >= CHECK_EVERY_S:  # a slow link too
                        checked = time.monotonic()
                        progress(state.have)
                        if (why := should_stop()) is not None:
                            raise Stopped(why)
                    if state.have > file.size:
                        break
                progress(state.have)
        except OSError as exc:
            if exc.errno in _FULL:
                raise DiskFull.said("download.disk_full", folder=str(partial.parent)) from exc
            raise


class _Writeback:
    """Asks the kernel to start writing the file out as it grows, so the fsync before the move
    waits for the last few megabytes only. ``posix_fadvise(DONTNEED)`` starts the writeback of the range without waiting
    for it; it drops only pages already clean. Where the call does not exist this does nothing."""

    def __init__(self, fd: int, start: int) -> None:
        self._fd = fd
        self._from = start
        self._advise = getattr(os, "posix_fadvise", None)

    def written(self, have: int) -> None:
        if self._advise is None or have - self._from < WRITEBACK_EVERY:
            return
        self._advise(self._fd, self._from, have - self._from, os.POSIX_FADV_DONTNEED)
        self._from = have


def _mb(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"


def _transport_error() -> type[Exception]:
    """httpx's transport failure (httpx is imported when a download runs, not with this module)."""
    import httpx

    return httpx.TransportError
