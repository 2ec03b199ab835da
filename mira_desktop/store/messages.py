"""Message rows: a tree per thread."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.threads import Message, MessageRole, MessageStatus
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _message(row: Row) -> Message:
    return Message(
        id=row["id"],
        thread_id=row["thread_id"],
        parent_id=row["parent_id"],
        role=MessageRole(row["role"]),
        content=row["content"],
        status=MessageStatus(row["status"]),
        run_id=row["run_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        parts=loads(row["parts_json"], []),
        error=loads(row["error_json"], None),
        metadata=loads(row["metadata_json"], {}),
    )


class MessageRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(
        self,
        thread_id: str,
        role: MessageRole,
        content: str,
        *,
        parent_id: str | None = None,
        status: MessageStatus = MessageStatus.COMPLETE,
        run_id: str | None = None,
        parts: list[dict[str, Any]] | None = None,
        error: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> Message:
        now = now_iso()
        message_id = new_id("message")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO messages (id, thread_id, parent_id, role, content, parts_json, status, error_json, "
                "run_id, metadata_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    message_id,
                    thread_id,
                    parent_id,
                    role.value,
                    content,
                    dumps(parts or []),
                    status.value,
                    None if error is None else dumps(error),
                    run_id,
                    dumps(metadata or {}),
                    now,
                    now,
                ),
            )
            self._db.execute(
                "UPDATE threads SET active_leaf_id = ?, updated_at = ? WHERE id = ?",
                (message_id, now, thread_id),
            )
        found = self.get(message_id)
        assert found is not None
        return found

    def get(self, message_id: str) -> Message | None:
        row = self._db.one("SELECT * FROM messages WHERE id = ?", (message_id,))
        return None if row is None else _message(row)

    def list_for_thread(self, thread_id: str) -> list[Message]:
        """Every message of the thread, all branches, oldest first."""
        rows = self._db.query(
            "SELECT * FROM messages WHERE thread_id = ? ORDER BY created_at, id", (thread_id,)
        )
        return [_message(r) for r in rows]

    def count_all(self) -> int:
        row = self._db.one("SELECT count(*) AS n FROM messages")
        return 0 if row is None else int(row["n"])
