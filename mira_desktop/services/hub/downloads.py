"""Model downloads as durable jobs: start, pause, resume, cancel, and resume after a kill or a restart.

A job is a row of ``model_downloads`` (``store/downloads.py``). Its parts go to the data folder's
``models/OWNER/REPO/`` folder through ``NAME.partial`` files (``transfer.py``); once every part is
in place, the first part's GGUF header is checked and the model is added as a ``local:`` reference.
The process that runs a job holds a lock file beside it (released by the OS on a kill), so two
downloads of one file never run at once — in this process or another — and a start finds what a
killed process left: a job still ``queued`` or ``running`` whose lock is free is resumed. A pause or
cancel asked by another process (the ``mira`` command beside the window) is a request on the row,
which the running process reads twice a second.

Nothing here touches chats, indexes or other models: the only other write is the model added.
"""

from __future__ import annotations

import builtins
import contextlib
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError, NotFoundError
from mira_desktop.core.phrases import Phrase, from_dict, said
from mira_desktop.core.tasks import SHUTDOWN, Task, TaskRunner
from mira_desktop.models.adapters.local.gguf_metadata import read_file_header
from mira_desktop.services.hub.client import HubClient, HubUnavailableError
from mira_desktop.services.hub.listing import HubFile, is_projector, model_name, parts_of, projector_for
from mira_desktop.services.hub.transfer import (
    ChecksumMismatch,
    DiskFull,
    NotEnoughSpace,
    RetryPolicy,
    Stopped,
    check_space,
    fetch,
)
from mira_desktop.store.downloads import Download, DownloadPart, DownloadRepository, DownloadState

# What the window and the command take from here (they never import the store or the agent).
__all__ = [
    "LOCKS_DIR",
    "SAVE_EVERY_S",
    "Chosen",
    "Download",
    "DownloadService",
    "DownloadState",
    "choose",
    "model_name",
]

PAUSE, CANCEL = "pause", "cancel"
SAVE_EVERY_S = 0.5
LOCKS_DIR = ".locks"


@dataclass(frozen=True)
class Chosen:
    """What a download will fetch: the parts of one model file (several for a split model), and the
    vision projector that goes with it (None: the repository has none, or "text only" was asked)."""

    repo: str
    revision: str
    parts: tuple[HubFile, ...]
    projector: HubFile | None = None

    @property
    def files(self) -> tuple[HubFile, ...]:
        return (*self.parts, self.projector) if self.projector is not None else self.parts

    @property
    def size(self) -> int:
        return sum(p.size for p in self.files)


def choose(
    files: list[HubFile], repo: str, file: str | None, quant: str | None, *, text_only: bool = False
) -> Chosen:
    """The file named (its name or path, or a split model's name without the part suffix), or the one
    of quantization ``quant``; a split model's parts; with the repository's projector for it unless
    ``text_only``."""
    chosen = _model_of(files, repo, file, quant)
    if text_only:
        return chosen
    return replace(chosen, projector=projector_for(files, chosen.parts[0]))


def _model_of(files: list[HubFile], repo: str, file: str | None, quant: str | None) -> Chosen:
    if not files:
        raise NotFoundError.said("hub.no_gguf", repo=repo)
    if file:
        picked = [f for f in files if file in (f.path, f.name, f.model_name)]
        if not picked:
            raise NotFoundError.said("hub.no_file", repo=repo, file=file)
    elif quant:
        picked = [f for f in files if f.quantization == quant.upper() and not f.projector]
        if not picked:
            known = sorted({f.quantization for f in files if f.quantization})
            raise NotFoundError.said("hub.no_quant", repo=repo, quant=quant, known=", ".join(known) or "none")
    else:
        raise InvalidInputError.said("download.name_one", repo=repo)
    first = picked[0]
    if first.split is not None:
        parts = parts_of(files, first)
        if parts is None:
            raise NotFoundError.said("download.missing_parts", file=first.name, parts=first.split.parts)
        if all(p in parts for p in picked):  # the parts of one model, whichever of them was named
            return Chosen(repo, first.revision, parts)
    if len({(f.split.stem if f.split else f.path) for f in picked}) > 1:
        names = ", ".join(f.name for f in picked)
        raise InvalidInputError.said("download.ambiguous", quant=quant or file or "", names=names)
    return Chosen(repo, first.revision, (first,))


class DownloadService:
    def __init__(
        self,
        repository: DownloadRepository,
        models_dir: Path,
        *,
        client: Callable[[], HubClient],
        add_model: Callable[[str, str | None], str],  # (model path, its projector's) -> the reference
        tasks: TaskRunner,
        changes: ChangeFeed,
        policy: RetryPolicy | None = None,
    ) -> None:
        self._repo = repository
        self.models_dir = models_dir
        self._client = client
        self._add_model = add_model
        self._tasks = tasks
        self._changes = changes
        self.policy = policy or RetryPolicy()
        self._running: dict[str, Task[Download]] = {}
        self._lock = threading.Lock()
        self._speed: dict[str, float] = {}

    # -- reading -------------------------------------------------------------------------------------
    def list(self) -> builtins.list[Download]:
        return self._repo.list()

    def get(self, download_id: str) -> Download:
        found = self._repo.get(download_id)
        if found is None:
            raise NotFoundError.said("download.unknown", id=download_id)
        return found

    @staticmethod
    def reason(download: Download) -> Phrase | None:
        return from_dict(download.reason)

    # -- starting ------------------------------------------------------------------------------------
    def prepare(self, chosen: Chosen) -> Download:
        """The job for ``chosen``: the active one if there is one, else a new queued job."""
        head = chosen.parts[0]
        active = self._repo.active_for(chosen.repo, chosen.revision, head.path)
        if active is not None:
            return active
        done = self._repo.completed_for(chosen.repo, chosen.revision, head.path)
        if done is not None and all((Path(done.destination) / Path(f.path).name).exists() for f in chosen.files):
            return done  # (a projector asked for later makes a new job, which fetches only the projector)
        folder = self.models_dir.joinpath(*chosen.repo.split("/"))
        parts = [DownloadPart(p.path, p.size, p.sha256) for p in chosen.files]
        try:
            created = self._repo.create(chosen.repo, chosen.revision, parts, str(folder))
        except sqlite3.IntegrityError:  # another process created it between the lookup and the insert
            again = self._repo.active_for(chosen.repo, chosen.revision, head.path)
            if again is None:
                raise
            return again
        self._changes.publish(Topic.DOWNLOADS, created.id)
        return created

    def start(self, download_id: str) -> Task[Download]:
        """Run the job in the background (at once if it is already running here)."""
        with self._lock:
            running = self._running.get(download_id)
            if running is not None and not running.done:
                return running
            task = self._tasks.start(
                f"download-{download_id}", lambda cancel: self._run_reported(download_id, cancel)
            )
            self._running[download_id] = task
            return task

    def resume(self, download_id: str) -> Task[Download]:
        download = self.get(download_id)
        if download.state.terminal:
            raise ConflictError.said("download.finished", id=download_id, state=download.state.value)
        self._repo.update(download_id, state=DownloadState.QUEUED, reason=None, requested=None)
        self._changes.publish(Topic.DOWNLOADS, download_id)
        return self.start(download_id)

    def resume_unfinished(self) -> builtins.list[str]:
        """At the window's start: every job a kill or a shutdown left queued or running, resumed."""
        resumed = []
        for download in self._repo.unfinished():
            with self._free_lock(download) as free:
                if not free:
                    continue  # another process runs it
            self.start(download.id)
            resumed.append(download.id)
        return resumed

    def _run_reported(self, download_id: str, cancel: CancelToken) -> Download:
        """A background run: a reason a person can act on is on the row (the window shows it there);
        anything else is a bug, raised for the task runner's report."""
        try:
            return self.run(download_id, cancel)
        except MiraError:
            return self.get(download_id)

    # -- stopping ------------------------------------------------------------------------------------
    def pause(self, download_id: str) -> Download:
        return self._stop(download_id, PAUSE)

    def cancel(self, download_id: str) -> Download:
        return self._stop(download_id, CANCEL)

    def _stop(self, download_id: str, action: str) -> Download:
        download = self.get(download_id)
        if download.state.terminal:
            raise ConflictError.said("download.finished", id=download_id, state=download.state.value)
        with self._lock:
            task = self._running.get(download_id)
        if task is not None and not task.done:
            task.cancel.cancel(action)
            task.wait(30)
            return self.get(download_id)
        with self._free_lock(download) as free:
            if free:  # nobody runs it: change it here
                self._finish_stop(download, action)
            else:  # another process runs it: ask it
                self._repo.request(download_id, action)
                self._changes.publish(Topic.DOWNLOADS, download_id)
        return self.get(download_id)

    def _finish_stop(self, download: Download, why: str) -> None:
        if why == CANCEL:
            for part in download.parts:
                _partial(download, part).unlink(missing_ok=True)
            self._repo.update(
                download.id, state=DownloadState.CANCELLED, reason=None, requested=None, speed_bps=0
            )
        elif why == SHUTDOWN:  # resumed at the next start
            self._repo.update(download.id, state=DownloadState.QUEUED, requested=None, speed_bps=0)
        else:
            phrase = said("download.paused_by_you")
            self._repo.update(
                download.id, state=DownloadState.PAUSED, reason=phrase.to_dict(), requested=None, speed_bps=0
            )
        self._changes.publish(Topic.DOWNLOADS, download.id)

    # -- running -------------------------------------------------------------------------------------
    def run(
        self, download_id: str, cancel: CancelToken, on_progress: Callable[[Download], None] | None = None
    ) -> Download:
        """Run the job on this thread to its end, a pause or a stop; returns the job as it ended.

        Raises the error that ended it (a checksum, the disk, the Hub) after recording it on the row.
        """
        download = self.get(download_id)
        if download.state is DownloadState.COMPLETED:
            return download
        with self._free_lock(download) as free:
            if not free:
                raise ConflictError.said(
                    "download.elsewhere", repo=download.repo, file=Path(download.path).name
                )
            return self._run_locked(download, cancel, on_progress)

    def _run_locked(
        self, download: Download, cancel: CancelToken, on_progress: Callable[[Download], None] | None
    ) -> Download:
        self._repo.update(download.id, state=DownloadState.RUNNING, reason=None, requested=None, started=True)
        self._changes.publish(Topic.DOWNLOADS, download.id)
        watch = _Watch(self._repo, download.id, cancel)
        try:
            folder = Path(download.destination)
            folder.mkdir(parents=True, exist_ok=True)
            self._fetch_parts(download, folder, watch, on_progress)
            return self._complete(download, folder)
        except Stopped as stop:
            self._finish_stop(download, stop.why)
            return self.get(download.id)
        except (ChecksumMismatch, NotFoundError) as exc:
            self._end(download, DownloadState.FAILED, exc)
            raise
        except (DiskFull, NotEnoughSpace, HubUnavailableError, ConflictError) as exc:
            self._end(download, DownloadState.PAUSED, exc)
            raise
        except BaseException as exc:  # our own bug: the job waits with the reason, the runner reports it
            self._end(download, DownloadState.PAUSED, exc)
            raise
        finally:
            self._speed.pop(download.id, None)

    def _fetch_parts(
        self, download: Download, folder: Path, watch: _Watch, on_progress: Callable[[Download], None] | None
    ) -> None:
        remaining = [p for p in download.parts if not (folder / Path(p.path).name).exists()]
        done_before = download.size_bytes - sum(p.size for p in remaining)
        on_disk = sum(_size(_partial(download, p)) for p in remaining)
        check_space(folder, sum(p.size for p in remaining) - on_disk)  # before the first byte
        meter = _Meter(self._repo, self._changes, download, on_progress)
        with self._client() as client:
            for part in remaining:
                file = HubFile(download.repo, download.revision, part.path, part.size, part.sha256)

                def progress(have: int, base: int = done_before) -> None:
                    meter.update(base + have)

                fetch(
                    client,
                    file,
                    folder / Path(part.path).name,
                    progress=progress,
                    should_stop=watch.check,
                    wait=watch.wait,
                    policy=self.policy,
                    tasks=self._tasks,
                )
                done_before += part.size
        meter.update(done_before, force=True)

    def _complete(self, download: Download, folder: Path) -> Download:
        first = folder / Path(download.path).name
        model_parts = [p for p in download.parts if not is_projector(p.path)]
        if read_file_header(first) is None and len(model_parts) == 1:
            for part in download.parts:
                (folder / Path(part.path).name).unlink(missing_ok=True)
            error = ConflictError.said("download.not_gguf", file=first.name)
            self._end(download, DownloadState.FAILED, error)
            raise error
        projector = next((p for p in download.parts[1:] if is_projector(p.path)), None)
        ref = self._add_model(str(first), str(folder / Path(projector.path).name) if projector else None)
        self._repo.update(
            download.id,
            state=DownloadState.COMPLETED,
            model_ref=ref,
            done_bytes=download.size_bytes,
            speed_bps=0,
        )
        self._changes.publish(Topic.DOWNLOADS, download.id)
        return self.get(download.id)

    def _end(self, download: Download, state: DownloadState, exc: BaseException) -> None:
        phrase = getattr(exc, "phrase", None)
        if not isinstance(phrase, Phrase):
            phrase = said("download.error", error=str(exc) or type(exc).__name__)
        self._repo.update(download.id, state=state, reason=phrase.to_dict(), requested=None, speed_bps=0)
        self._changes.publish(Topic.DOWNLOADS, download.id)

    @contextlib.contextmanager
    def _free_lock(self, download: Download) -> Iterator[bool]:
        """Hold the job's lock file if nobody does (True), else yield False at once."""
        from filelock import FileLock, Timeout

        folder = self.models_dir / LOCKS_DIR
        folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(folder / f"{download.id}.lock"), thread_local=False, is_singleton=False)
        try:
            lock.acquire(timeout=0)
        except Timeout:
            yield False
            return
        try:
            yield True
        finally:
            lock.release()


class _Watch:
    """Whether the job must stop: its cancel token, or a request another process wrote on the row."""

    def __init__(self, repository: DownloadRepository, download_id: str, cancel: CancelToken) -> None:
        self._repo = repository
        self._id = download_id
        self._cancel = cancel
        self._checked = 0.0

    def check(self) -> str | None:
        if self._cancel.cancelled:
            return self._cancel.reason if self._cancel.reason in (CANCEL, SHUTDOWN) else PAUSE
        now = time.monotonic()
        if now - self._checked >= SAVE_EVERY_S:
            self._checked = now
            found = self._repo.get(self._id)
            if found is not None and found.requested in (PAUSE, CANCEL):
                return found.requested
        return None

    def wait(self, seconds: float) -> str | None:
        self._cancel.wait(seconds)
        return self.check()


class _Meter:
    """Saves progress and speed at most twice a second, and tells the window."""

    def __init__(
        self,
        repository: DownloadRepository,
        changes: ChangeFeed,
        download: Download,
        listener: Callable[[Download], None] | None,
    ) -> None:
        self._repo = repository
        self._changes = changes
        self._download = download
        self._listener = listener
        self._saved_at = 0.0
        self._window: deque[tuple[float, int]] = deque()

    def update(self, done: int, force: bool = False) -> None:
        now = time.monotonic()
        self._window.append((now, done))
        while now - self._window[0][0] > 3.0:  # the speed of the last three seconds
            self._window.popleft()
        if not force and now - self._saved_at < SAVE_EVERY_S:
            return
        self._saved_at = now
        (first_t, first_d), (last_t, last_d) = self._window[0], self._window[-1]
        speed = (last_d - first_d) / (last_t - first_t) if last_t > first_t else 0.0
        self._repo.update(self._download.id, done_bytes=done, speed_bps=max(0.0, speed))
        self._changes.publish(Topic.DOWNLOADS, self._download.id)
        if self._listener is not None:
            current = self._repo.get(self._download.id)
            if current is not None:
                self._listener(current)


def _partial(download: Download, part: DownloadPart) -> Path:
    final = Path(download.destination) / Path(part.path).name
    return final.with_name(final.name + ".partial")


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0
