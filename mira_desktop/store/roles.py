"""Role rows."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.roles import Role, RoleStatus
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _role(row: Row) -> Role:
    return Role(
        id=row["id"],
        name=row["name"],
        summary=row["summary"],
        status=RoleStatus(row["status"]),
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        avatar=row["avatar"],
        tags=loads(row["tags_json"], []),
        prompt=loads(row["prompt_json"], {}),
        lorebook=loads(row["lorebook_json"], []),
        llm_profile=loads(row["llm_profile_json"], {}),
    )


class RoleRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(
        self,
        name: str,
        *,
        summary: str = "",
        status: RoleStatus = RoleStatus.ACTIVE,
        tags: list[str] | None = None,
        prompt: dict[str, Any] | None = None,
        lorebook: list[dict[str, Any]] | None = None,
        llm_profile: dict[str, Any] | None = None,
        avatar: str | None = None,
    ) -> Role:
        now = now_iso()
        role_id = new_id("role")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO roles (id, name, summary, avatar, status, tags_json, prompt_json, lorebook_json, "
                "llm_profile_json, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (
                    role_id,
                    name,
                    summary,
                    avatar,
                    status.value,
                    dumps(tags or []),
                    dumps(prompt or {}),
                    dumps(lorebook or []),
                    dumps(llm_profile or {}),
                    now,
                    now,
                ),
            )
        found = self.get(role_id)
        assert found is not None
        return found

    def get(self, role_id: str) -> Role | None:
        row = self._db.one("SELECT * FROM roles WHERE id = ?", (role_id,))
        return None if row is None else _role(row)

    def list(self, status: RoleStatus | None = None) -> list[Role]:
        if status is None:
            rows = self._db.query("SELECT * FROM roles ORDER BY name COLLATE NOCASE, id")
        else:
            rows = self._db.query(
                "SELECT * FROM roles WHERE status = ? ORDER BY name COLLATE NOCASE, id", (status.value,)
            )
        return [_role(r) for r in rows]

    def delete(self, role_id: str) -> bool:
        """Delete the role; threads bound to it are unbound by the schema and keep their messages."""
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM roles WHERE id = ?", (role_id,))
        return cursor.rowcount > 0
