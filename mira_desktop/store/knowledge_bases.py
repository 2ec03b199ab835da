"""Knowledge base rows."""

from __future__ import annotations

import builtins
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.knowledge import KnowledgeBase
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _knowledge_base(row: Row) -> KnowledgeBase:
    return KnowledgeBase(
        id=row["id"],
        name=row["name"],
        description=row["description"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


class KnowledgeBaseRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(self, name: str, description: str = "") -> KnowledgeBase:
        now = now_iso()
        kb_id = new_id("knowledge_base")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO knowledge_bases (id, name, description, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (kb_id, name, description, now, now),
            )
        found = self.get(kb_id)
        assert found is not None
        return found

    def get(self, kb_id: str, *, include_trashed: bool = False) -> KnowledgeBase | None:
        shown = "" if include_trashed else " AND trashed_at IS NULL"
        row = self._db.one(f"SELECT * FROM knowledge_bases WHERE id = ?{shown}", (kb_id,))
        return None if row is None else _knowledge_base(row)

    def list(self) -> list[KnowledgeBase]:
        """The knowledge bases in use (not those in the trash)."""
        rows = self._db.query("SELECT * FROM knowledge_bases WHERE trashed_at IS NULL ORDER BY name, id")
        return [_knowledge_base(r) for r in rows]

    def all_ids(self) -> set[str]:
        """Every knowledge base's id, those in the trash included (their folders are kept)."""
        return {r["id"] for r in self._db.query("SELECT id FROM knowledge_bases")}

    def delete(self, kb_id: str) -> bool:
        """Delete the knowledge base and its documents; bound threads are unbound by the schema."""
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM knowledge_bases WHERE id = ?", (kb_id,))
        return cursor.rowcount > 0

    def watch_path(self, kb_id: str) -> str | None:
        row = self._db.one("SELECT watch_path FROM knowledge_bases WHERE id = ?", (kb_id,))
        return None if row is None else row["watch_path"]

    def set_watch_path(self, kb_id: str, path: str | None) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE knowledge_bases SET watch_path = ?, updated_at = ? WHERE id = ?",
                (path, now_iso(), kb_id),
            )

    def watched(self) -> builtins.list[tuple[str, str]]:
        """(knowledge base id, folder) for every knowledge base that follows a folder."""
        rows = self._db.query(
            "SELECT id, watch_path FROM knowledge_bases WHERE watch_path IS NOT NULL AND trashed_at IS NULL ORDER BY id"
        )
        return [(r["id"], r["watch_path"]) for r in rows]

    def settings(self, kb_id: str) -> dict[str, Any]:
        row = self._db.one("SELECT settings_json FROM knowledge_bases WHERE id = ?", (kb_id,))
        return {} if row is None else dict(loads(row["settings_json"], {}))

    def record_index(self, kb_id: str, embedding_model: str, index_version: int) -> None:
        """Note which model and index format the knowledge base's live index was built with."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE knowledge_bases SET embedding_model = ?, index_version = ? WHERE id = ?",
                (embedding_model, index_version, kb_id),
            )

    def set_settings(self, kb_id: str, settings: dict[str, Any]) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE knowledge_bases SET settings_json = ?, updated_at = ? WHERE id = ?",
                (dumps(settings), now_iso(), kb_id),
            )

    def bound_threads(self, kb_id: str) -> tuple[int, int]:
        """(threads bound to the knowledge base, messages in them): what a deletion keeps."""
        row = self._db.one(
            "SELECT count(DISTINCT t.id) AS threads, count(m.id) AS messages FROM threads t "
            "LEFT JOIN messages m ON m.thread_id = t.id WHERE t.knowledge_base_id = ?",
            (kb_id,),
        )
        return (int(row["threads"]), int(row["messages"])) if row else (0, 0)
