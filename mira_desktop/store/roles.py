"""Role rows. Every write after the first raises ``version`` by one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.roles.records import Role, RoleStatus
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _same(value: Any) -> Any:
    return value


def _status(value: Any) -> str:
    return RoleStatus(value).value


# Columns a caller may change, with how each is stored.
_COLUMNS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "name": ("name", _same),
    "summary": ("summary", _same),
    "status": ("status", _status),
    "avatar": ("avatar", _same),
    "tags": ("tags_json", dumps),
    "prompt": ("prompt_json", dumps),
    "lorebook": ("lorebook_json", dumps),
    "llm_profile": ("llm_profile_json", dumps),
    "extensions": ("extensions_json", dumps),
}


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
        extensions=loads(row["extensions_json"], {}),
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
        extensions: dict[str, Any] | None = None,
    ) -> Role:
        now = now_iso()
        role_id = new_id("role")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO roles (id, name, summary, avatar, status, tags_json, prompt_json, lorebook_json, "
                "llm_profile_json, extensions_json, version, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
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
                    dumps(extensions or {}),
                    now,
                    now,
                ),
            )
        found = self.get(role_id)
        assert found is not None
        return found

    def get(self, role_id: str) -> Role | None:
        row = self._db.one("SELECT * FROM roles WHERE id = ? AND trashed_at IS NULL", (role_id,))
        return None if row is None else _role(row)

    def list(self, status: RoleStatus | None = None) -> list[Role]:
        if status is None:
            rows = self._db.query("SELECT * FROM roles WHERE trashed_at IS NULL ORDER BY name COLLATE NOCASE, id")
        else:
            rows = self._db.query(
                "SELECT * FROM roles WHERE status = ? AND trashed_at IS NULL ORDER BY name COLLATE NOCASE, id", (status.value,)
            )
        return [_role(r) for r in rows]

    def update(self, role_id: str, changes: dict[str, Any], *, expected_version: int) -> Role | None:
        """Write ``changes`` (keys of :data:`_COLUMNS`) and raise the version by one.

        Returns None, writing nothing, when the role is gone or no longer at ``expected_version``
        (someone saved in between: the app and a ``mira`` command share the data folder).
        """
        unknown = set(changes) - set(_COLUMNS)
        if unknown:
            raise ValueError(f"not role columns: {sorted(unknown)}")
        assignments = [f"{_COLUMNS[k][0]} = ?" for k in changes]
        values = [_COLUMNS[k][1](v) for k, v in changes.items()]
        with self._db.transaction():
            cursor = self._db.execute(
                f"UPDATE roles SET {', '.join([*assignments, 'version = version + 1', 'updated_at = ?'])} "
                "WHERE id = ? AND version = ?",
                (*values, now_iso(), role_id, expected_version),
            )
        return self.get(role_id) if cursor.rowcount == 1 else None

    def threads_using(self, role_id: str) -> int:
        row = self._db.one("SELECT count(*) AS n FROM threads WHERE role_id = ?", (role_id,))
        return 0 if row is None else int(row["n"])

    def delete(self, role_id: str) -> bool:
        """Delete the role; threads bound to it are unbound by the schema and keep their messages."""
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM roles WHERE id = ?", (role_id,))
        return cursor.rowcount > 0
