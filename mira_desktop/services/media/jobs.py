"""One medium being made in the background: the row goes running, the file is written, the row ready.

Whatever goes wrong — the engine or provider missing, a failure, a stop — only marks the row
``failed`` with a sentence saying why; the answer it belongs to is never touched. A row whose message
was deleted while its medium was being made takes its file with it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import MiraError
from mira_desktop.core.fileio import write_atomically
from mira_desktop.core.phrases import said
from mira_desktop.core.processes import current_process
from mira_desktop.core.tasks import BugReporter
from mira_desktop.store.media import MediaRepository, MediaRow, MediaStatus

STOPPED = {
    "kind": "cancelled",
    "message": said("media.stopped").english,
    "phrase": said("media.stopped").to_dict(),
}


@dataclass(frozen=True)
class Made:
    data: bytes
    mime: str
    suffix: str  # of the file: ".wav", ".png" …
    detail: dict[str, Any] = field(default_factory=dict)


Maker = Callable[[CancelToken], Made]


class MediaJobs:
    def __init__(
        self, media: MediaRepository, folder: Path, changes: ChangeFeed, *, report_bug: BugReporter
    ) -> None:
        self._media = media
        self._report_bug = report_bug
        self._folder = folder
        self._changes = changes

    def run(self, row: MediaRow, thread_id: str, make: Maker, cancel: CancelToken) -> MediaStatus:
        process = current_process()
        owner = {"pid": process.pid, "process_start": process.start}
        if not self._media.set_status(row.id, MediaStatus.RUNNING, detail={**row.detail, **owner}):
            return MediaStatus.FAILED  # the message is gone already
        self._changes.publish(Topic.MEDIA, row.message_id, thread_id)
        try:
            made = make(cancel)
            cancel.raise_if_cancelled()
            status = self._store(row, made)
        except Cancelled:
            status = self._fail(row, STOPPED)
        except MiraError as exc:
            status = self._fail(row, {"kind": str(getattr(exc, "kind", "unavailable")), "message": str(exc),
                                      "detail": str(getattr(exc, "detail", "")),
                                      "phrase": exc.phrase.to_dict() if exc.phrase is not None else None})  # fmt: skip
        except Exception as exc:  # our bug: a crash report, named on the medium; the answer stays as it is
            status = self._fail(row, {"kind": "internal", "message": str(self._report_bug(exc))})
        self._changes.publish(Topic.MEDIA, row.message_id, thread_id)
        return status

    def _store(self, row: MediaRow, made: Made) -> MediaStatus:
        relative = f"{row.id}{made.suffix}"
        if not self._media.set_file(row.id, relative, made.mime):  # named before written: no sweep takes it
            return MediaStatus.FAILED
        target = self._folder / relative
        write_atomically(target, made.data)
        detail = {**row.detail, **made.detail, "bytes": len(made.data)}
        if not self._media.set_status(row.id, MediaStatus.READY, detail=detail):
            target.unlink(missing_ok=True)  # the message was deleted meanwhile
            return MediaStatus.FAILED
        return MediaStatus.READY

    def _fail(self, row: MediaRow, error: dict[str, Any]) -> MediaStatus:
        current = self._media.get(row.id)
        self._media.set_status(row.id, MediaStatus.FAILED, error=error, clear_path=True)
        if current is not None and current.path:
            with contextlib.suppress(OSError):  # a partial file left behind: the orphan sweep takes it
                (self._folder / current.path).unlink(missing_ok=True)
        return MediaStatus.FAILED
