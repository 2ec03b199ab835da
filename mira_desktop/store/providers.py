"""Provider rows. No API key is ever written here."""

from __future__ import annotations

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.providers import KeySource, Provider
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _provider(row: Row) -> Provider:
    return Provider(
        id=row["id"],
        name=row["name"],
        base_url=row["base_url"],
        default_model=row["default_model"],
        api_key_source=KeySource(row["api_key_source"]),
        api_key_env=row["api_key_env"],
        headers=loads(row["headers_json"], {}),
        vision=bool(row["vision"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


class ProviderRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(
        self,
        name: str,
        base_url: str,
        *,
        default_model: str | None,
        api_key_source: KeySource,
        api_key_env: str | None,
        headers: dict[str, str],
        vision: bool = False,
    ) -> Provider:
        now = now_iso()
        provider_id = new_id("provider")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO providers (id, name, kind, base_url, default_model, api_key_source, api_key_env, "
                "headers_json, vision, created_at, updated_at) VALUES (?, ?, 'openai_compatible', ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    provider_id,
                    name,
                    base_url,
                    default_model,
                    api_key_source.value,
                    api_key_env,
                    dumps(headers),
                    int(vision),
                    now,
                    now,
                ),
            )
        found = self.get_by_name(name)
        assert found is not None
        return found

    def get_by_name(self, name: str) -> Provider | None:
        row = self._db.one("SELECT * FROM providers WHERE name = ?", (name,))
        return None if row is None else _provider(row)

    def list(self) -> list[Provider]:
        return [_provider(r) for r in self._db.query("SELECT * FROM providers ORDER BY name COLLATE NOCASE")]

    def set_vision(self, name: str, vision: bool) -> bool:
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE providers SET vision = ?, updated_at = ? WHERE name = ?",
                (int(vision), now_iso(), name),
            )
        return cursor.rowcount > 0

    def delete(self, name: str) -> bool:
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM providers WHERE name = ?", (name,))
        return cursor.rowcount > 0
