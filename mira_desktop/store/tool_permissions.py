"""The user's permission for each tool — ask, allow or deny — per workspace and for every workspace."""

from __future__ import annotations

from mira_desktop.core.clock import now_iso
from mira_desktop.core.tool_records import Permission, ToolPermission
from mira_desktop.store.database import Database, Row


def _permission(row: Row) -> ToolPermission:
    return ToolPermission(row["tool"], Permission(row["permission"]), row["workspace_id"])


class ToolPermissionRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def set(self, tool: str, permission: Permission, workspace_id: str | None = None) -> None:
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM tool_permissions WHERE tool = ? AND COALESCE(workspace_id, '') = ?",
                (tool, workspace_id or ""),
            )
            self._db.execute(
                "INSERT INTO tool_permissions (tool, workspace_id, permission, updated_at) VALUES (?, ?, ?, ?)",
                (tool, workspace_id, permission.value, now_iso()),
            )

    def clear(self, tool: str, workspace_id: str | None = None) -> bool:
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM tool_permissions WHERE tool = ? AND COALESCE(workspace_id, '') = ?",
                (tool, workspace_id or ""),
            )
        return cursor.rowcount > 0

    def applying_to(self, workspace_id: str | None) -> list[ToolPermission]:
        """The permissions for every workspace, then those of ``workspace_id`` (when given)."""
        rows = self._db.query(
            "SELECT * FROM tool_permissions WHERE workspace_id IS NULL OR workspace_id = ? "
            "ORDER BY workspace_id IS NOT NULL, tool",
            (workspace_id or "",),
        )
        return [_permission(r) for r in rows]

    def list(self) -> list[ToolPermission]:
        rows = self._db.query("SELECT * FROM tool_permissions ORDER BY workspace_id IS NOT NULL, workspace_id, tool")
        return [_permission(r) for r in rows]
