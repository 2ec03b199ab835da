"""An MCP server as lists show it (Settings -> Tools, ``mira mcp list``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.tool_records import McpServer
from mira_desktop.services.mcp.reasons import Reason
from mira_desktop.services.mcp.sessions import ServerState


@dataclass(frozen=True)
class ServerView:
    """A server as lists show it: its configuration, its state in this process, its tools."""

    server: McpServer
    state: ServerState
    reason: Reason | None
    tools: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        s = self.server
        return {
            "name": s.name,
            "transport": s.transport.value,
            "command": s.command,
            "args": list(s.args),
            "url": s.url,
            "env": {name: source.value for name, source in s.env.items()},
            "headers": list(s.headers),
            "enabled": s.enabled,
            "trust_read_only": s.trust_read_only,
            "state": self.state.value,
            "reason": self.reason.english if self.reason is not None else None,
            "tools": [t["name"] for t in self.tools],
            "listed_at": s.listed_at,
        }
