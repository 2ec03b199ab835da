"""Workspace (project) rows."""

from __future__ import annotations

import builtins

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.workspaces import ProjectDefaults, ProjectSummary, Workspace
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
        instructions=row.get("instructions") or "",
        defaults=ProjectDefaults(
            role_id=row.get("default_role_id"),
            knowledge_base_id=row.get("default_knowledge_base_id"),
            model_ref=row.get("default_model_ref"),
            agent=bool(row.get("default_agent", 0)),
            memory_scope=row.get("memory_scope") or "shared",
        ),
    )


class WorkspaceRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(self, name: str, root_path: str, *, is_default: bool = False) -> Workspace:
        """A new workspace; ``root_path`` '' for a project without a folder."""
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
        row = self._db.one("SELECT * FROM workspaces WHERE root_path = ? AND root_path != ''", (root_path,))
        return None if row is None else (_workspace(row), bool(row.get("trashed_at")))

    def find_by_name(self, name: str) -> Workspace | None:
        row = self._db.one(
            "SELECT * FROM workspaces WHERE name = ? COLLATE NOCASE AND trashed_at IS NULL ORDER BY created_at",
            (name,),
        )
        return None if row is None else _workspace(row)

    def list(self) -> list[Workspace]:
        rows = self._db.query(
            "SELECT * FROM workspaces WHERE trashed_at IS NULL ORDER BY is_default DESC, name COLLATE NOCASE, id"
        )
        return [_workspace(r) for r in rows]

    def summaries(self, status: str) -> builtins.list[ProjectSummary]:
        """Every project with its count of ``status`` threads, the last used first; threads bound to
        no project count as the default project's (Mira BASE)."""
        counted = self._db.query(
            "SELECT workspace_id, count(*) AS n, max(updated_at) AS newest FROM threads "
            "WHERE status = ? AND trashed_at IS NULL GROUP BY workspace_id",
            (status,),
        )
        projects = self.list()
        default = next((w.id for w in projects if w.is_default), None)
        counts: dict[str | None, tuple[int, str]] = {}
        for row in counted:
            key = row["workspace_id"] or default
            n, newest = counts.get(key, (0, ""))
            counts[key] = (n + int(row["n"]), max(newest, row["newest"] or ""))
        found = [
            ProjectSummary(w, counts.get(w.id, (0, ""))[0], counts.get(w.id, (0, ""))[1] or w.updated_at)
            for w in projects
        ]
        found.sort(key=lambda s: s.workspace.id, reverse=True)
        found.sort(key=lambda s: s.last_used, reverse=True)
        return found

    def rename(self, workspace_id: str, name: str) -> bool:
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE workspaces SET name = ?, updated_at = ? WHERE id = ? AND trashed_at IS NULL",
                (name, now_iso(), workspace_id),
            )
        return cursor.rowcount > 0

    def update(
        self,
        workspace_id: str,
        *,
        instructions: str,
        root_path: str,
        defaults: ProjectDefaults,
    ) -> None:
        """Write the project's instructions, folder and defaults (checked by the service)."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE workspaces SET instructions = ?, root_path = ?, default_role_id = ?, "
                "default_knowledge_base_id = ?, default_model_ref = ?, default_agent = ?, memory_scope = ?, "
                "updated_at = ? WHERE id = ? AND trashed_at IS NULL",
                (
                    instructions,
                    root_path,
                    defaults.role_id,
                    defaults.knowledge_base_id,
                    defaults.model_ref,
                    int(defaults.agent),
                    defaults.memory_scope,
                    now_iso(),
                    workspace_id,
                ),
            )

    def thread_ids(self, workspace_id: str, *, is_default: bool = False) -> builtins.list[str]:
        """The live threads of the project (the default one's include those bound to none)."""
        extra = " OR workspace_id IS NULL" if is_default else ""
        rows = self._db.query(
            f"SELECT id FROM threads WHERE (workspace_id = ?{extra}) AND trashed_at IS NULL ORDER BY updated_at DESC",
            (workspace_id,),
        )
        return [r["id"] for r in rows]

    def delete(self, workspace_id: str) -> bool:
        """Delete the row; threads keep living with ``workspace_id`` set to null by the schema."""
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM workspaces WHERE id = ? AND is_default = 0", (workspace_id,)
            )
        return cursor.rowcount > 0
