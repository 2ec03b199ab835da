"""MCP server rows, and which servers each workspace turns on. No secret value is ever written here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.tool_records import EnvSource, McpServer, Transport
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _server(row: Row) -> McpServer:
    tools = loads(row["tools_json"], None)
    return McpServer(
        id=row["id"],
        name=row["name"],
        transport=Transport(row["transport"]),
        command=row["command"],
        args=tuple(loads(row["args_json"], [])),
        env={name: EnvSource(source) for name, source in loads(row["env_json"], {}).items()},
        url=row["url"],
        headers=tuple(loads(row["headers_json"], [])),
        enabled=bool(row["enabled"]),
        trust_read_only=bool(row["trust_read_only"]),
        tools=tuple(tools) if isinstance(tools, list) else None,
        listed_at=row["listed_at"],
        last_error=row["last_error"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


class McpServerRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(
        self,
        name: str,
        transport: Transport,
        *,
        command: str | None = None,
        args: Sequence[str] = (),
        env: dict[str, EnvSource] | None = None,
        url: str | None = None,
        headers: Sequence[str] = (),
    ) -> McpServer:
        now = now_iso()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO mcp_servers (id, name, transport, command, args_json, env_json, url, headers_json, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new_id("mcp_server"),
                    name,
                    transport.value,
                    command,
                    dumps(list(args)),
                    dumps({k: v.value for k, v in (env or {}).items()}),
                    url,
                    dumps(list(headers)),
                    now,
                    now,
                ),
            )
        found = self.get_by_name(name)
        assert found is not None
        return found

    def get_by_name(self, name: str) -> McpServer | None:
        row = self._db.one("SELECT * FROM mcp_servers WHERE name = ?", (name,))
        return None if row is None else _server(row)

    def list(self) -> list[McpServer]:
        return [_server(r) for r in self._db.query("SELECT * FROM mcp_servers ORDER BY name COLLATE NOCASE")]

    def update(self, name: str, **fields: Any) -> bool:
        """Set ``enabled``, ``trust_read_only`` or ``last_error`` of the server ``name``."""
        assert set(fields) <= {"enabled", "trust_read_only", "last_error"}, fields
        assignments = ", ".join(f"{column} = ?" for column in fields)
        values = [int(value) if isinstance(value, bool) else value for value in fields.values()]
        with self._db.transaction():
            cursor = self._db.execute(
                f"UPDATE mcp_servers SET {assignments}, updated_at = ? WHERE name = ?",
                (*values, now_iso(), name),
            )
        return cursor.rowcount > 0

    def set_listing(self, name: str, tools: Sequence[dict[str, Any]]) -> None:
        """The tools the server listed now (it works: its last error is cleared)."""
        now = now_iso()
        with self._db.transaction():
            self._db.execute(
                "UPDATE mcp_servers SET tools_json = ?, listed_at = ?, last_error = NULL WHERE name = ?",
                (dumps(list(tools)), now, name),
            )

    def delete(self, name: str) -> bool:
        with self._db.transaction():
            cursor = self._db.execute("DELETE FROM mcp_servers WHERE name = ?", (name,))
        return cursor.rowcount > 0

    # -- per workspace -----------------------------------------------------------------------------
    def set_for_workspace(self, workspace_id: str, server_id: str, enabled: bool | None) -> None:
        """Turn a server on or off for one workspace's runs (None: follow the server's own switch)."""
        with self._db.transaction():
            if enabled is None:
                self._db.execute(
                    "DELETE FROM workspace_mcp_servers WHERE workspace_id = ? AND server_id = ?",
                    (workspace_id, server_id),
                )
            else:
                self._db.execute(
                    "INSERT INTO workspace_mcp_servers (workspace_id, server_id, enabled) VALUES (?, ?, ?) "
                    "ON CONFLICT (workspace_id, server_id) DO UPDATE SET enabled = excluded.enabled",
                    (workspace_id, server_id, int(enabled)),
                )

    def for_workspace(self, workspace_id: str) -> dict[str, bool]:
        """Server id → on or off, for the servers this workspace decided about."""
        rows = self._db.query(
            "SELECT server_id, enabled FROM workspace_mcp_servers WHERE workspace_id = ?", (workspace_id,)
        )
        return {r["server_id"]: bool(r["enabled"]) for r in rows}
