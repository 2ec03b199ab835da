"""The app's background indexer: one task that runs queued and interrupted jobs and follows folders.

Started by the desktop app (never by a `mira` command), it resumes whatever a killed run left,
picks up jobs queued by this app or by a `mira` command beside it, and re-scans followed folders.
Every step of a job is published on the change feed (topic ``index``), so the window shows
progress without polling. ``stop()`` cancels the running job with the ``shutdown`` reason, which
leaves it resumable, and waits for the task.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import MiraError
from mira_desktop.core.notifications import Level, NotificationBus
from mira_desktop.core.tasks import SHUTDOWN, Task, TaskRunner
from mira_desktop.index.locking import IndexBusyError
from mira_desktop.services.knowledge.indexing.folder_sync import FollowedBase, sync_folder
from mira_desktop.services.knowledge.indexing.progress import IndexProgress
from mira_desktop.services.knowledge.indexing.queue import IndexQueue

RETRY_AFTER_ERROR_S = 60.0


class IndexedBases(FollowedBase, Protocol):
    """What the indexer needs of the knowledge bases (``knowledge.bases.KnowledgeBaseService``)."""

    def watched(self) -> list[tuple[str, str]]: ...

    def remove_orphan_folders(self) -> object: ...


class BackgroundIndexer:
    def __init__(
        self,
        queue: IndexQueue,
        knowledge_bases: IndexedBases,
        *,
        notifications: NotificationBus,
        tasks: TaskRunner,
        changes: ChangeFeed,
        poll_s: float = 2.0,
        watch_every_s: float = 10.0,
    ) -> None:
        self._queue = queue
        self._kbs = knowledge_bases
        self._notes = notifications
        self._tasks = tasks
        self._changes = changes
        self._poll_s = poll_s
        self._watch_every_s = watch_every_s
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._task: Task[None] | None = None
        self._stopped = False
        self._current: tuple[str, CancelToken] | None = None
        self._failed_at: dict[str, float] = {}
        self.last_progress: dict[str, IndexProgress] = {}
        queue.on_queued(lambda _kb_id: self._wake.set())

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done

    def start(self) -> None:
        with self._lock:
            if self.running or self._stopped:
                return
            self._task = self._tasks.start("indexer", self._loop)

    def wake(self) -> None:
        self._wake.set()

    def busy(self, kb_id: str) -> bool:
        """A job of ``kb_id`` is running in this process now."""
        with self._lock:
            return self._current is not None and self._current[0] == kb_id

    def cancel(self, kb_id: str) -> int:
        """Cancel the knowledge base's jobs, including the one running now."""
        count = self._queue.cancel(kb_id)
        with self._lock:
            if self._current is not None and self._current[0] == kb_id:
                self._current[1].cancel("user")
        self._changes.publish(Topic.INDEX, kb_id)
        return count

    @contextmanager
    def paused(self, timeout: float | None = 30.0) -> Iterator[None]:
        """Stop the running job (it stays resumable) for the duration, then go on where it was
        (a backup copies the index folders between two jobs' steps)."""
        was_running = self.running
        self.stop(timeout)
        try:
            yield
        finally:
            with self._lock:
                self._stopped = False
            if was_running:
                self.start()

    def stop(self, timeout: float | None = 30.0) -> None:
        with self._lock:
            self._stopped = True
            if self._current is not None:
                self._current[1].cancel(SHUTDOWN)
            task = self._task
        if task is not None:
            task.cancel.cancel(SHUTDOWN)
            self._wake.set()
            task.wait(timeout)

    def _loop(self, stop: CancelToken) -> None:
        self._kbs.remove_orphan_folders()
        stop.on_cancel(self._wake.set)
        next_watch = 0.0
        while not stop.cancelled:
            self._wake.clear()
            if time.monotonic() >= next_watch:
                self._sync_watched(stop)
                next_watch = time.monotonic() + self._watch_every_s
            for kb_id in self._queue.pending_knowledge_bases():
                if stop.cancelled:
                    return
                if time.monotonic() - self._failed_at.get(kb_id, -1e9) < RETRY_AFTER_ERROR_S:
                    continue
                self._run(kb_id)
            self._wake.wait(self._poll_s)

    def _run(self, kb_id: str) -> None:
        token = CancelToken()
        with self._lock:
            if self._stopped:
                return
            self._current = (kb_id, token)
        try:
            report = self._queue.run(kb_id, token, self._progress, lock_timeout=0)
            if report.recovered_lock_from is not None:
                self._notes.post(
                    Level.INFO,
                    f"Resumed indexing left unfinished by process {report.recovered_lock_from}.",
                )
        except (IndexBusyError, Cancelled):
            pass  # another process is indexing it, or we are stopping: try again later
        except MiraError as exc:
            self._failed_at[kb_id] = time.monotonic()
            self._notes.post(Level.WARNING, str(exc), error=exc)
        except Exception as exc:  # our bug; never let the indexer die: a crash report, back off, go on
            self._failed_at[kb_id] = time.monotonic()
            self._report(exc)
        finally:
            with self._lock:
                self._current = None
            self._changes.publish(Topic.INDEX, kb_id)

    def _sync_watched(self, stop: CancelToken) -> None:
        for kb_id, folder in self._kbs.watched():
            if stop.cancelled:
                return
            try:
                sync_folder(kb_id, folder, self._kbs, self._queue)
            except MiraError as exc:
                self._notes.post(Level.WARNING, str(exc), error=exc)
            except Exception as exc:  # our bug; the other folders are still watched
                self._report(exc, f"watching {folder}")

    def _report(self, bug: Exception, doing: str = "indexing") -> None:
        error = self._tasks.save_crash_report(bug)
        self._notes.post(Level.ERROR, str(error), f"{doing}\n\n{error.details}", error)

    def _progress(self, progress: IndexProgress) -> None:
        self.last_progress[progress.kb_id] = progress
        self._changes.publish(Topic.INDEX, progress.kb_id, progress=progress)
