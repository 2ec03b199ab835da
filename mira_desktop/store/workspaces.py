"""Workspace rows."""

from __future__ import annotations

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.workspaces import Workspace
from mira_desktop.store.database import Database, Row


def _workspace(row: Row) -> Workspace:
    return Workspace(
        id=row["id"],
        name=row["name"],
        root_path=row["root_path"],
        status=row["status"],
        is_default=bool(row["is_default"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


class WorkspaceRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(self, name: str, root_path: str, *, is_default: bool = False) -> Workspace:
        now = now_iso()
        workspace_id = new_id("workspace")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO workspaces (id, name, root_path, status, is_default, created_at, updated_at) "
                "VALUES (?, ?, ?, 'active', ?, ?, ?)",
                (workspace_id, name, root_path, int(is_default), now, now),
            )
        found = self.get(workspace_id)
        assert found is not None
        return found

    def get(self, workspace_id: str) -> Workspace | None:
        row = self._db.one("SELECT * FROM workspaces WHERE id = ? AND trashed_at IS NULL", (workspace_id,))
        return None if row is None else _workspace(row)

    def get_default(self) -> Workspace | None:
        row = self._db.one("SELECT * FROM workspaces WHERE is_default = 1")
        return None if row is None else _workspace(row)

    def find_by_path(self, root_path: str) -> tuple[Workspace, bool] | None:
        """The workspace of ``root_path`` and whether it is in the trash."""
        row = self._db.one("SELECT * FROM workspaces WHERE root_path = ?", (root_path,))
        return None if row is None else (_workspace(row), bool(row.get("trashed_at")))

    def list(self) -> list[Workspace]:
        rows = self._db.query("SELECT * FROM workspaces WHERE trashed_at IS NULL ORDER BY is_default DESC, name COLLATE NOCASE, id")
        return [_workspace(r) for r in rows]

    def rename(self, workspace_id: str, name: str) -> bool:
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE workspaces SET name = ?, updated_at = ? WHERE id = ? AND trashed_at IS NULL",
                (name, now_iso(), workspace_id),
            )
        return cursor.rowcount > 0

    def delete(self, workspace_id: str) -> bool:
        """Delete the row; threads keep living with ``workspace_id`` set to null by the schema."""
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM workspaces WHERE id = ? AND is_default = 0", (workspace_id,)
            )
        return cursor.rowcount > 0
