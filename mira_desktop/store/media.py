"""ChatMedia rows: the speech and images made after an answer, each pending → running → ready or failed.

The row (with the path its file will have) is written before the file, so a sweep for files no row
names never removes one being made; rows cascade from their message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


class MediaKind(StrEnum):
    AUDIO = "audio"
    IMAGE = "image"


class MediaStatus(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    READY = "ready"
    FAILED = "failed"


@dataclass(frozen=True)
class MediaRow:
    id: str
    message_id: str
    kind: MediaKind
    status: MediaStatus
    path: str | None  # relative to the media folder
    mime: str | None
    error: dict[str, Any] | None
    created_at: str
    updated_at: str
    detail: dict[str, Any] = field(default_factory=dict)


def _media(row: Row) -> MediaRow:
    return MediaRow(
        id=row["id"],
        message_id=row["message_id"],
        kind=MediaKind(row["kind"]),
        status=MediaStatus(row["status"]),
        path=row["path"],
        mime=row["mime"],
        error=loads(row["error_json"], None),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        detail=loads(row.get("detail_json"), {}),
    )


class MediaRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(self, message_id: str, kind: MediaKind, path_for: str, mime: str) -> MediaRow:
        """A pending row whose file will be ``path_for`` with ``{id}`` replaced by the row's id."""
        media_id = new_id("media")
        now = now_iso()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO chat_media (id, message_id, kind, status, path, mime, created_at, updated_at) "
                "VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)",
                (media_id, message_id, kind.value, path_for.format(id=media_id), mime, now, now),
            )
        found = self.get(media_id)
        assert found is not None
        return found

    def get(self, media_id: str) -> MediaRow | None:
        row = self._db.one("SELECT * FROM chat_media WHERE id = ?", (media_id,))
        return None if row is None else _media(row)

    def for_message(self, message_id: str) -> list[MediaRow]:
        rows = self._db.query(
            "SELECT * FROM chat_media WHERE message_id = ? ORDER BY created_at, id", (message_id,)
        )
        return [_media(r) for r in rows]

    def for_thread(self, thread_id: str) -> list[MediaRow]:
        rows = self._db.query(
            "SELECT c.* FROM chat_media c JOIN messages m ON m.id = c.message_id "
            "WHERE m.thread_id = ? ORDER BY c.created_at, c.id",
            (thread_id,),
        )
        return [_media(r) for r in rows]

    def set_status(
        self,
        media_id: str,
        status: MediaStatus,
        *,
        error: dict[str, Any] | None = None,
        detail: dict[str, Any] | None = None,
        clear_path: bool = False,
    ) -> bool:
        """False when the row is gone (its message was deleted meanwhile)."""
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE chat_media SET status = ?, error_json = ?, "
                "detail_json = coalesce(?, detail_json), path = CASE WHEN ? THEN NULL ELSE path END, "
                "updated_at = ? WHERE id = ?",
                (
                    status.value,
                    None if error is None else dumps(error),
                    None if detail is None else dumps(detail),
                    clear_path,
                    now_iso(),
                    media_id,
                ),
            )
        return cursor.rowcount > 0

    def set_file(self, media_id: str, path: str, mime: str) -> bool:
        """Name the file before it is written (its kind is known once made); False when the row is gone."""
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE chat_media SET path = ?, mime = ?, updated_at = ? WHERE id = ?",
                (path, mime, now_iso(), media_id),
            )
        return cursor.rowcount > 0

    def delete(self, media_id: str) -> None:
        with self._db.transaction():
            self._db.execute("DELETE FROM chat_media WHERE id = ?", (media_id,))

    def known_paths(self) -> set[str]:
        return {str(r["path"]) for r in self._db.query("SELECT path FROM chat_media WHERE path IS NOT NULL")}

    def unfinished(self) -> list[MediaRow]:
        """Rows a killed process left pending or running."""
        rows = self._db.query("SELECT * FROM chat_media WHERE status IN ('pending', 'running')")
        return [_media(r) for r in rows]
