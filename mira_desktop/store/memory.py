"""Memory facts: the user's own, global or per workspace, each on or off."""

from __future__ import annotations

import builtins

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.memory import MemoryFact
from mira_desktop.store.database import Database, Row


def _fact(row: Row) -> MemoryFact:
    return MemoryFact(
        id=row["id"],
        text=row["text"],
        workspace_id=row["workspace_id"],
        enabled=bool(row["enabled"]),
        source=row["source"],
        last_used_at=row["last_used_at"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


class MemoryRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(self, text: str, workspace_id: str | None = None, *, source: str = "user") -> MemoryFact:
        now = now_iso()
        fact_id = new_id("memory")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO memory_facts (id, text, workspace_id, enabled, source, created_at, updated_at) "
                "VALUES (?, ?, ?, 1, ?, ?, ?)",
                (fact_id, text, workspace_id, source, now, now),
            )
        found = self.get(fact_id)
        assert found is not None
        return found

    def get(self, fact_id: str) -> MemoryFact | None:
        row = self._db.one("SELECT * FROM memory_facts WHERE id = ?", (fact_id,))
        return None if row is None else _fact(row)

    def list(self, workspace_id: str | None = None, *, for_thread: bool = False) -> list[MemoryFact]:
        """Every fact; with ``for_thread``, the global ones and those of ``workspace_id``."""
        if for_thread:
            rows = self._db.query(
                "SELECT * FROM memory_facts WHERE workspace_id IS NULL OR workspace_id = ? ORDER BY created_at, id",
                (workspace_id,),
            )
        else:
            rows = self._db.query("SELECT * FROM memory_facts ORDER BY created_at, id")
        return [_fact(r) for r in rows]

    def update(self, fact_id: str, *, text: str | None = None, enabled: bool | None = None) -> None:
        with self._db.transaction():
            if text is not None:
                self._db.execute(
                    "UPDATE memory_facts SET text = ?, updated_at = ? WHERE id = ?",
                    (text, now_iso(), fact_id),
                )
            if enabled is not None:
                self._db.execute(
                    "UPDATE memory_facts SET enabled = ?, updated_at = ? WHERE id = ?",
                    (int(enabled), now_iso(), fact_id),
                )

    def delete(self, fact_id: str) -> bool:
        with self._db.transaction():
            return self._db.execute("DELETE FROM memory_facts WHERE id = ?", (fact_id,)).rowcount > 0

    def mark_used(self, fact_ids: builtins.list[str]) -> None:
        if not fact_ids:
            return
        marks = ",".join("?" * len(fact_ids))
        with self._db.transaction():
            self._db.execute(
                f"UPDATE memory_facts SET last_used_at = ? WHERE id IN ({marks})", (now_iso(), *fact_ids)
            )
