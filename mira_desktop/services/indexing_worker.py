"""The app's background indexer: one thread that runs queued and interrupted jobs and follows folders.

Started by the desktop app (never by a `mira` command), it resumes whatever a killed run left,
picks up jobs queued by this app or by a `mira` command beside it, and re-scans watched folders.
``stop()`` cancels the running job with the ``shutdown`` reason, which leaves it resumable, and
joins the thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.notifications import Level, NotificationBus
from mira_desktop.index.locking import IndexBusyError
from mira_desktop.services.indexing import IndexingService
from mira_desktop.services.indexing_runner import SHUTDOWN, IndexProgress
from mira_desktop.services.knowledge_bases import KnowledgeBaseService
from mira_desktop.services.knowledge_watch import sync_folder

RETRY_AFTER_ERROR_S = 60.0


class IndexingWorker:
    def __init__(
        self,
        indexing: IndexingService,
        knowledge_bases: KnowledgeBaseService,
        notifications: NotificationBus,
        poll_s: float = 2.0,
        watch_every_s: float = 10.0,
    ) -> None:
        self._indexing = indexing
        self._kbs = knowledge_bases
        self._notes = notifications
        self._poll_s = poll_s
        self._watch_every_s = watch_every_s
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._current: tuple[str, CancelToken] | None = None
        self._failed_at: dict[str, float] = {}
        self._listeners: list[Callable[[IndexProgress], None]] = []
        self.last_progress: dict[str, IndexProgress] = {}
        indexing.on_queued(lambda _: self._wake.set())

    def on_progress(self, listener: Callable[[IndexProgress], None]) -> None:
        self._listeners.append(listener)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        with self._lock:
            if self.running or self._stopping.is_set():
                return
            self._thread = threading.Thread(target=self._loop, name="mira-indexer", daemon=True)
            self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def cancel(self, kb_id: str) -> int:
        """Cancel the knowledge base's jobs, including the one running now."""
        count = self._indexing.cancel(kb_id)
        with self._lock:
            if self._current is not None and self._current[0] == kb_id:
                self._current[1].cancel("user")
        return count

    def stop(self, timeout: float | None = 30.0) -> None:
        self._stopping.set()
        with self._lock:
            if self._current is not None:
                self._current[1].cancel(SHUTDOWN)
            thread = self._thread
        self._wake.set()
        if thread is not None:
            thread.join(timeout)

    def _loop(self) -> None:
        self._kbs.remove_orphan_folders()
        next_watch = 0.0
        while not self._stopping.is_set():
            self._wake.clear()
            if time.monotonic() >= next_watch:
                self._sync_watched()
                next_watch = time.monotonic() + self._watch_every_s
            for kb_id in self._indexing.pending_knowledge_bases():
                if self._stopping.is_set():
                    return
                if time.monotonic() - self._failed_at.get(kb_id, -1e9) < RETRY_AFTER_ERROR_S:
                    continue
                self._run(kb_id)
            self._wake.wait(self._poll_s)

    def _run(self, kb_id: str) -> None:
        token = CancelToken()
        with self._lock:
            if self._stopping.is_set():
                return
            self._current = (kb_id, token)
        try:
            report = self._indexing.run(kb_id, token, self._progress, lock_timeout=0)
            if report.recovered_lock_from is not None:
                self._notes.post(
                    Level.INFO,
                    f"Resumed indexing left unfinished by process {report.recovered_lock_from}.",
                )
        except (IndexBusyError, Cancelled):
            pass  # another process is indexing it, or we are stopping: try again later
        except MiraError as exc:
            self._failed_at[kb_id] = time.monotonic()
            self._notes.post(Level.WARNING, str(exc))
        except Exception as exc:  # never let the worker die: report, back off, go on
            self._failed_at[kb_id] = time.monotonic()
            self._notes.post(Level.ERROR, f"Indexing failed: {type(exc).__name__}: {exc}", repr(exc))
        finally:
            with self._lock:
                self._current = None

    def _sync_watched(self) -> None:
        for kb_id, folder in self._kbs.watched():
            if self._stopping.is_set():
                return
            try:
                sync_folder(kb_id, folder, self._kbs, self._indexing)
            except MiraError as exc:
                self._notes.post(Level.WARNING, str(exc))
            except Exception as exc:
                self._notes.post(
                    Level.ERROR, f"Watching {folder} failed: {type(exc).__name__}: {exc}", repr(exc)
                )

    def _progress(self, progress: IndexProgress) -> None:
        self.last_progress[progress.kb_id] = progress
        for listener in self._listeners:
            listener(progress)
