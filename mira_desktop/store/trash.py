"""The trash: entries that remember a trashed thread, role, workspace, document, knowledge base or
skill and its bindings.

A trashed object keeps its rows; ``trashed_at`` hides it from every list and lookup until it is
restored or purged. A skill has no row (it is a folder, which its kind moves aside): its entry is all
the database holds of it.
"""

from __future__ import annotations

import builtins
import json
from dataclasses import dataclass
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row

TABLES = {
    "thread": "threads",
    "role": "roles",
    "workspace": "workspaces",
    "document": "documents",
    "knowledge_base": "knowledge_bases",
}  # a kind without a table here (a skill) keeps its object outside the database


@dataclass(frozen=True)
class TrashRow:
    id: str
    kind: str
    object_id: str
    label: str
    detail: dict[str, Any]
    trashed_at: str


def _entry(row: Row) -> TrashRow:
    detail = json.loads(row["detail_json"] or "{}")
    return TrashRow(row["id"], row["kind"], row["object_id"], row["label"], detail, row["trashed_at"])


class TrashRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def put(self, kind: str, object_id: str, label: str, detail: dict[str, Any]) -> TrashRow:
        """Hide the object and write its entry; joins the caller's transaction."""
        now = now_iso()
        entry_id = new_id("trash")
        with self._db.transaction():
            if kind in TABLES:
                self._db.execute(f"UPDATE {TABLES[kind]} SET trashed_at = ? WHERE id = ?", (now, object_id))
            self._db.execute(
                "INSERT INTO trash (id, kind, object_id, label, detail_json, trashed_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (entry_id, kind, object_id, label, json.dumps(detail, ensure_ascii=False), now),
            )
        found = self.get(entry_id)
        assert found is not None
        return found

    def take_back(self, entry: TrashRow) -> None:
        """Show the object again and drop its entry; joins the caller's transaction."""
        with self._db.transaction():
            if entry.kind in TABLES:
                self._db.execute(
                    f"UPDATE {TABLES[entry.kind]} SET trashed_at = NULL WHERE id = ?", (entry.object_id,)
                )
            self._db.execute("DELETE FROM trash WHERE id = ?", (entry.id,))

    def forget(self, entry_id: str) -> None:
        with self._db.transaction():
            self._db.execute("DELETE FROM trash WHERE id = ?", (entry_id,))

    def get(self, entry_id: str) -> TrashRow | None:
        row = self._db.one("SELECT * FROM trash WHERE id = ?", (entry_id,))
        return None if row is None else _entry(row)

    def find(self, object_id: str) -> TrashRow | None:
        row = self._db.one("SELECT * FROM trash WHERE object_id = ?", (object_id,))
        return None if row is None else _entry(row)

    def list(self, older_than: str | None = None) -> builtins.list[TrashRow]:
        if older_than is None:
            rows = self._db.query("SELECT * FROM trash ORDER BY trashed_at DESC, id DESC")
        else:
            rows = self._db.query(
                "SELECT * FROM trash WHERE trashed_at < ? ORDER BY trashed_at, id", (older_than,)
            )
        return [_entry(r) for r in rows]

    def exists(self, kind: str, object_id: str) -> bool:
        """Whether the object's row is still there (trashed or not); a kind without a table checks its
        object itself."""
        if kind not in TABLES:
            return True
        row = self._db.one(f"SELECT 1 AS x FROM {TABLES[kind]} WHERE id = ?", (object_id,))
        return row is not None

    def row(self, kind: str, object_id: str) -> Row | None:
        """The object's row, trashed or not."""
        if kind not in TABLES:
            return None
        return self._db.one(f"SELECT * FROM {TABLES[kind]} WHERE id = ?", (object_id,))
