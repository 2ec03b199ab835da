"""Durable model downloads: one row per file (or split set), from ``queued`` to a terminal state."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from enum import Enum
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


class DownloadState(Enum):
    QUEUED = "queued"
    RUNNING = "running"
    PAUSED = "paused"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def terminal(self) -> bool:
        return self in (DownloadState.COMPLETED, DownloadState.FAILED, DownloadState.CANCELLED)


ACTIVE = ("queued", "running", "paused")


@dataclass(frozen=True)
class DownloadPart:
    path: str  # inside the repository
    size: int
    sha256: str | None


@dataclass(frozen=True)
class Download:
    id: str
    repo: str
    revision: str
    path: str  # the first (or only) part: what a model reference points at
    parts: tuple[DownloadPart, ...]
    size_bytes: int
    done_bytes: int
    speed_bps: float
    state: DownloadState
    requested: str | None
    reason: dict[str, Any] | None  # a phrase: {"key": …, "values": {…}}
    destination: str  # the folder the parts go to
    model_ref: str | None
    attempts: int
    created_at: str
    updated_at: str
    finished_at: str | None


def _download(row: Row) -> Download:
    return Download(
        id=row["id"],
        repo=row["repo"],
        revision=row["revision"],
        path=row["path"],
        parts=tuple(
            DownloadPart(p["path"], int(p["size"]), p.get("sha256")) for p in loads(row["parts_json"], [])
        ),
        size_bytes=row["size_bytes"],
        done_bytes=row["done_bytes"],
        speed_bps=row["speed_bps"],
        state=DownloadState(row["state"]),
        requested=row["requested"],
        reason=loads(row["reason_json"], None),
        destination=row["destination"],
        model_ref=row["model_ref"],
        attempts=row["attempts"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
    )


class DownloadRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(
        self, repo: str, revision: str, parts: builtins.list[DownloadPart], destination: str
    ) -> Download:
        now = now_iso()
        download_id = new_id("download")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO model_downloads (id, repo, revision, path, parts_json, size_bytes, state, "
                "destination, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)",
                (
                    download_id,
                    repo,
                    revision,
                    parts[0].path,
                    dumps([{"path": p.path, "size": p.size, "sha256": p.sha256} for p in parts]),
                    sum(p.size for p in parts),
                    destination,
                    now,
                    now,
                ),
            )
        found = self.get(download_id)
        assert found is not None
        return found

    def get(self, download_id: str) -> Download | None:
        row = self._db.one("SELECT * FROM model_downloads WHERE id = ?", (download_id,))
        return None if row is None else _download(row)

    def list(self) -> builtins.list[Download]:
        """Every download, newest first."""
        return [_download(r) for r in self._db.query("SELECT * FROM model_downloads ORDER BY id DESC")]

    def active_for(self, repo: str, revision: str, path: str) -> Download | None:
        marks = ",".join("?" for _ in ACTIVE)
        row = self._db.one(
            f"SELECT * FROM model_downloads WHERE repo = ? AND revision = ? AND path = ? AND state IN ({marks})",
            (repo, revision, path, *ACTIVE),
        )
        return None if row is None else _download(row)

    def completed_for(self, repo: str, revision: str, path: str) -> Download | None:
        row = self._db.one(
            "SELECT * FROM model_downloads WHERE repo = ? AND revision = ? AND path = ? AND state = 'completed' "
            "ORDER BY id DESC LIMIT 1",
            (repo, revision, path),
        )
        return None if row is None else _download(row)

    def unfinished(self) -> builtins.list[Download]:
        """Queued or running (a kill or a shutdown left them), oldest first: what a start resumes."""
        rows = self._db.query(
            "SELECT * FROM model_downloads WHERE state IN ('queued', 'running') ORDER BY id"
        )
        return [_download(r) for r in rows]

    def update(
        self,
        download_id: str,
        *,
        state: DownloadState | None = None,
        done_bytes: int | None = None,
        speed_bps: float | None = None,
        reason: dict[str, Any] | bool | None = False,
        requested: str | bool | None = False,
        model_ref: str | None = None,
        started: bool = False,
    ) -> None:
        """Change the given columns (``reason``/``requested``: False leaves them, None clears them)."""
        now = now_iso()
        sets, params = ["updated_at = ?"], [now]
        if state is not None:
            sets.append("state = ?")
            params.append(state.value)
            sets.append("finished_at = ?")
            params.append(now if state.terminal else None)  # type: ignore[arg-type]
        for column, value in (("done_bytes", done_bytes), ("speed_bps", speed_bps), ("model_ref", model_ref)):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)  # type: ignore[arg-type]
        if reason is not False:
            sets.append("reason_json = ?")
            params.append(None if reason is None else dumps(reason))  # type: ignore[arg-type]
        if requested is not False:
            sets.append("requested = ?")
            params.append(requested)  # type: ignore[arg-type]
        if started:
            sets.append("attempts = attempts + 1")
        with self._db.transaction():
            self._db.execute(
                f"UPDATE model_downloads SET {', '.join(sets)} WHERE id = ?", (*params, download_id)
            )

    def request(self, download_id: str, action: str | None) -> None:
        """Ask the process running the download to pause or cancel it (None: withdraw the request)."""
        self.update(download_id, requested=action)
