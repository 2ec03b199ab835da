"""Knowledge base rows."""

from __future__ import annotations

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.knowledge import KnowledgeBase
from mira_desktop.store.database import Database, Row


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

    def get(self, kb_id: str) -> KnowledgeBase | None:
        row = self._db.one("SELECT * FROM knowledge_bases WHERE id = ?", (kb_id,))
        return None if row is None else _knowledge_base(row)

    def list(self) -> list[KnowledgeBase]:
        return [_knowledge_base(r) for r in self._db.query("SELECT * FROM knowledge_bases ORDER BY name, id")]

    def delete(self, kb_id: str) -> bool:
        """Delete the knowledge base and its documents; bound threads are unbound by the schema."""
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM knowledge_bases WHERE id = ?", (kb_id,))
        return cursor.rowcount > 0
