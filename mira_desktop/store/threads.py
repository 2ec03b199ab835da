"""Thread rows."""

from __future__ import annotations

import builtins

from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import Thread, ThreadStatus
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row


def _thread(row: Row) -> Thread:
    return Thread(
        id=row["id"],
        title=row["title"],
        model_ref=row["model_ref"],
        workspace_id=row["workspace_id"],
        knowledge_base_id=row["knowledge_base_id"],
        role_id=row["role_id"],
        agent_enabled=bool(row["agent_enabled"]),
        tts_enabled=bool(row["tts_enabled"]),
        image_enabled=bool(row["image_enabled"]),
        context_summary=row["context_summary"],
        status=ThreadStatus(row["status"]),
        active_leaf_id=row["active_leaf_id"],
        draft=row["draft"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        memory_enabled=bool(row.get("memory_enabled", 1)),
        trashed_at=row.get("trashed_at"),
    )


FLAGS = frozenset({"memory_enabled", "tts_enabled", "image_enabled"})


class ThreadRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(
        self,
        *,
        title: str = "",
        model_ref: str | None = None,
        workspace_id: str | None = None,
        knowledge_base_id: str | None = None,
        role_id: str | None = None,
        agent_enabled: bool = False,
        tts_enabled: bool = False,
        memory_enabled: bool = True,
    ) -> Thread:
        now = now_iso()
        thread_id = new_id("thread")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO threads (id, title, model_ref, workspace_id, knowledge_base_id, role_id, "
                "agent_enabled, tts_enabled, memory_enabled, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    thread_id,
                    title,
                    model_ref,
                    workspace_id,
                    knowledge_base_id,
                    role_id,
                    int(agent_enabled),
                    int(tts_enabled),
                    int(memory_enabled),
                    now,
                    now,
                ),
            )
        found = self.get(thread_id)
        assert found is not None
        return found

    def get(self, thread_id: str) -> Thread | None:
        row = self._db.one("SELECT * FROM threads WHERE id = ? AND trashed_at IS NULL", (thread_id,))
        return None if row is None else _thread(row)

    def list(
        self, status: ThreadStatus | None = None, limit: int | None = None, offset: int = 0
    ) -> list[Thread]:
        """Most recently updated first; ``limit`` and ``offset`` read one page of them."""
        where, params = ("", ()) if status is None else ("status = ? AND ", (status.value,))
        rows = self._db.query(
            f"SELECT * FROM threads WHERE {where}trashed_at IS NULL ORDER BY updated_at DESC, id DESC "
            "LIMIT ? OFFSET ?",
            (*params, -1 if limit is None else limit, offset),
        )
        return [_thread(r) for r in rows]

    def list_by_project(
        self,
        status: ThreadStatus,
        limits: dict[str, int],
        projects: builtins.list[str],
        default_project: str,
    ) -> builtins.list[Thread]:
        """The newest threads of each of ``projects`` (``limits[id]`` of each; threads bound to no
        project count as ``default_project``'s), most recent first. One indexed read a project."""
        rows: builtins.list[Row] = []
        query = (
            "SELECT * FROM threads WHERE status = ? AND workspace_id {} AND trashed_at IS NULL "
            "ORDER BY updated_at DESC LIMIT ?"
        )
        for project in projects:
            limit = limits.get(project, 0)
            if limit <= 0:
                continue
            found = self._db.query(query.format("= ?"), (status.value, project, limit))
            if project == default_project:  # with those bound to none
                found = [*found, *self._db.query(query.format("IS NULL"), (status.value, limit))]
                found = sorted(found, key=lambda r: r["updated_at"], reverse=True)[:limit]
            rows.extend(found)
        rows.sort(key=lambda r: (r["updated_at"], r["id"]), reverse=True)
        return [_thread(r) for r in rows]

    def set_workspace(self, thread_id: str, workspace_id: str | None) -> None:
        """Move the thread to another project (its activity time stays: moving is not a reply)."""
        with self._db.transaction():
            self._db.execute("UPDATE threads SET workspace_id = ? WHERE id = ?", (workspace_id, thread_id))

    def set_status(self, thread_id: str, status: ThreadStatus) -> bool:
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE threads SET status = ?, updated_at = ? WHERE id = ?",
                (status.value, now_iso(), thread_id),
            )
        return cursor.rowcount > 0

    def set_title(self, thread_id: str, title: str) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE threads SET title = ?, updated_at = ? WHERE id = ?", (title, now_iso(), thread_id)
            )

    def set_summary(self, thread_id: str, summary: str | None) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE threads SET context_summary = ?, updated_at = ? WHERE id = ?",
                (summary, now_iso(), thread_id),
            )

    def set_draft(self, thread_id: str, draft: str) -> None:
        # A draft is not activity: updated_at stays, so typing does not reorder the thread list.
        with self._db.transaction():
            self._db.execute("UPDATE threads SET draft = ? WHERE id = ?", (draft, thread_id))

    def set_bindings(
        self,
        thread_id: str,
        *,
        role_id: str | None,
        knowledge_base_id: str | None,
        workspace_id: str | None,
        agent_enabled: bool,
    ) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE threads SET role_id = ?, knowledge_base_id = ?, workspace_id = ?, agent_enabled = ?, "
                "updated_at = ? WHERE id = ?",
                (role_id, knowledge_base_id, workspace_id, int(agent_enabled), now_iso(), thread_id),
            )

    def set_flag(self, thread_id: str, flag: str, value: bool) -> None:
        """One of the thread's switches: ``memory_enabled``, ``tts_enabled`` or ``image_enabled``."""
        if flag not in FLAGS:
            raise ValueError(f"{flag} is not a thread flag")
        with self._db.transaction():
            self._db.execute(
                f"UPDATE threads SET {flag} = ?, updated_at = ? WHERE id = ?",
                (int(value), now_iso(), thread_id),
            )

    def touch(self, thread_id: str) -> None:
        with self._db.transaction():
            self._db.execute("UPDATE threads SET updated_at = ? WHERE id = ?", (now_iso(), thread_id))

    def search_titles(self, query: str, limit: int = 50) -> builtins.list[Thread]:
        escaped = query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = self._db.query(
            "SELECT * FROM threads WHERE title LIKE ? ESCAPE '\\' AND trashed_at IS NULL ORDER BY updated_at DESC LIMIT ?",
            (f"%{escaped}%", limit),
        )
        return [_thread(r) for r in rows]

    def insert_raw(self, row: dict[str, object]) -> None:
        """Insert a thread exactly as given (thread import); joins the caller's transaction."""
        with self._db.transaction():
            columns = ", ".join(row)
            values = ", ".join(f":{k}" for k in row)
            self._db.execute(f"INSERT INTO threads ({columns}) VALUES ({values})", dict(row))

    def set_model_ref(self, thread_id: str, model_ref: str | None) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE threads SET model_ref = ?, updated_at = ? WHERE id = ?",
                (model_ref, now_iso(), thread_id),
            )

    def set_active_leaf(self, thread_id: str, message_id: str | None) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE threads SET active_leaf_id = ?, updated_at = ? WHERE id = ?",
                (message_id, now_iso(), thread_id),
            )

    def delete(self, thread_id: str) -> bool:
        """Delete the thread with its messages, runs, events, media and attachment references."""
        with self._db.transaction():
            # The thread points at its active leaf; clear that first so the cascade has no cycle.
            self._db.execute("UPDATE threads SET active_leaf_id = NULL WHERE id = ?", (thread_id,))
            cursor = self._db.execute("DELETE FROM threads WHERE id = ?", (thread_id,))
        return cursor.rowcount > 0
