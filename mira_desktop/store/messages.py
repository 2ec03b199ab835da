"""Message rows: a tree per thread."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import Message, MessageRole, MessageStatus
from mira_desktop.core.ids import new_id
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

    def path_ids(self, leaf_id: str) -> list[str]:
        """Ids from the root down to ``leaf_id``, walked in SQL (no message text is read)."""
        rows = self._db.tuples(
            "WITH RECURSIVE up(id, parent_id, depth) AS ("
            " SELECT id, parent_id, 0 FROM messages WHERE id = ?"
            " UNION ALL SELECT m.id, m.parent_id, up.depth + 1 FROM messages m JOIN up ON m.id = up.parent_id)"
            " SELECT id FROM up ORDER BY depth DESC",
            (leaf_id,),
        )
        return [r[0] for r in rows]

    def list_children_skeleton(self, thread_id: str, parent_ids: list[str | None]) -> list[Message]:
        """The children (text not read) of the given parents; ``None`` stands for the roots."""
        parents = [p for p in parent_ids if p is not None]
        clauses = []
        params: list[object] = [thread_id]
        if parents:
            clauses.append(f"parent_id IN ({','.join('?' * len(parents))})")
            params.extend(parents)
        if None in parent_ids:
            clauses.append("parent_id IS NULL")
        if not clauses:
            return []
        return self._skeleton(f"thread_id = ? AND ({' OR '.join(clauses)})", tuple(params))

    def list_skeleton(self, thread_id: str) -> list[Message]:
        """Every message of the thread without its text or JSON fields: enough to walk the tree fast."""
        return self._skeleton("thread_id = ?", (thread_id,))

    def _skeleton(self, where: str, params: tuple[object, ...]) -> list[Message]:
        rows = self._db.tuples(
            "SELECT id, parent_id, role, status, run_id, created_at, updated_at, thread_id FROM messages "
            f"WHERE {where} ORDER BY created_at, id",
            params,
        )
        return [
            Message(
                id=r[0],
                thread_id=r[7],
                parent_id=r[1],
                role=MessageRole(r[2]),
                content="",
                status=MessageStatus(r[3]),
                run_id=r[4],
                created_at=r[5],
                updated_at=r[6],
            )
            for r in rows
        ]

    def get_many(self, message_ids: list[str]) -> list[Message]:
        """Full messages for ``message_ids``, in that order."""
        found: dict[str, Message] = {}
        for start in range(0, len(message_ids), 500):
            chunk = message_ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self._db.query(f"SELECT * FROM messages WHERE id IN ({marks})", tuple(chunk)):
                found[row["id"]] = _message(row)
        return [found[i] for i in message_ids if i in found]

    def count_in_prompts(self, message_ids: list[str]) -> int:
        """How many of ``message_ids`` a model is shown (see ``prompt_history``): your messages, and
        answers with text that are not being written; counted in SQL, no text is read out."""
        row = self._db.tuples(
            "SELECT count(*) FROM messages WHERE id IN (SELECT value FROM json_each(?))"
            " AND (role = 'user' OR (role = 'assistant' AND content != '' AND status != 'streaming'))",
            (dumps(message_ids),),
        )
        return int(row[0][0])

    def ids_with_files(self, message_ids: list[str]) -> set[str]:
        """Those of ``message_ids`` that are your messages sent with parts (a file, a picture)."""
        rows = self._db.tuples(
            "SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))"
            " AND role = 'user' AND parts_json NOT IN ('', '[]')",
            (dumps(message_ids),),
        )
        return {r[0] for r in rows}

    def set_content(self, message_id: str, content: str) -> None:
        """Save the text streamed so far (joins the caller's transaction when there is one)."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE messages SET content = ?, updated_at = ? WHERE id = ?",
                (content, now_iso(), message_id),
            )

    def finalize(
        self,
        message_id: str,
        *,
        content: str,
        status: MessageStatus,
        error: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        with self._db.transaction():
            if metadata is None:
                self._db.execute(
                    "UPDATE messages SET content = ?, status = ?, error_json = ?, updated_at = ? WHERE id = ?",
                    (content, status.value, None if error is None else dumps(error), now_iso(), message_id),
                )
            else:
                self._db.execute(
                    "UPDATE messages SET content = ?, status = ?, error_json = ?, metadata_json = ?, "
                    "updated_at = ? WHERE id = ?",
                    (
                        content,
                        status.value,
                        None if error is None else dumps(error),
                        dumps(metadata),
                        now_iso(),
                        message_id,
                    ),
                )

    def set_parts(self, message_id: str, parts: list[dict[str, Any]]) -> None:
        """Replace the message's parts (an answer's reasoning as it streams; joins the caller's transaction)."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE messages SET parts_json = ?, updated_at = ? WHERE id = ?",
                (dumps(parts), now_iso(), message_id),
            )

    def set_metadata(self, message_id: str, metadata: dict[str, Any]) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE messages SET metadata_json = ?, updated_at = ? WHERE id = ?",
                (dumps(metadata), now_iso(), message_id),
            )

    def set_status(self, message_id: str, status: MessageStatus, *, clear_error: bool = True) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE messages SET status = ?, error_json = CASE WHEN ? THEN NULL ELSE error_json END, "
                "updated_at = ? WHERE id = ?",
                (status.value, clear_error, now_iso(), message_id),
            )

    def delete_subtree(self, message_id: str) -> None:
        """Delete the message and its replies (children cascade through parent_id)."""
        with self._db.transaction():
            self._db.execute("DELETE FROM messages WHERE id = ?", (message_id,))

    def search(self, query: str, limit: int = 50, *, reasoning: bool = False) -> list[Message]:
        """Messages of every thread and branch whose text contains ``query`` (any script, no case);
        with ``reasoning``, also those whose reasoning part contains it."""
        escaped = query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        in_reasoning = (
            " OR EXISTS (SELECT 1 FROM json_each(messages.parts_json) AS part"
            " WHERE json_extract(part.value, '$.type') = 'reasoning'"
            " AND json_extract(part.value, '$.text') LIKE :pattern ESCAPE '\\')"
            if reasoning
            else ""
        )
        rows = self._db.query(
            f"SELECT * FROM messages WHERE (content LIKE :pattern ESCAPE '\\'{in_reasoning}) "
            "AND thread_id NOT IN (SELECT id FROM threads WHERE trashed_at IS NOT NULL) "
            "ORDER BY created_at DESC, id DESC LIMIT :limit",
            {"pattern": f"%{escaped}%", "limit": limit},
        )
        return [_message(r) for r in rows]

    def insert_raw(self, row: dict[str, Any]) -> None:
        """Insert a message exactly as given (thread import); joins the caller's transaction."""
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO messages (id, thread_id, parent_id, role, content, parts_json, status, error_json, "
                "run_id, metadata_json, created_at, updated_at) VALUES (:id, :thread_id, :parent_id, :role, "
                ":content, :parts_json, :status, :error_json, :run_id, :metadata_json, :created_at, :updated_at)",
                row,
            )
