"""Settings: JSON values by key."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.store.database import Database
from mira_desktop.store.rows import dumps, loads


class SettingsRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def get(self, key: str, default: Any = None) -> Any:
        row = self._db.one("SELECT value_json FROM settings WHERE key = ?", (key,))
        return default if row is None else loads(row["value_json"], default)

    def set(self, key: str, value: Any) -> None:
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, "
                "updated_at = excluded.updated_at",
                (key, dumps(value), now_iso()),
            )

    def delete(self, key: str) -> None:
        with self._db.transaction():
            self._db.execute("DELETE FROM settings WHERE key = ?", (key,))
