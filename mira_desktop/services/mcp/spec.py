"""One MCP server's seven fields with their values: the one shape of a server being added (a
configuration file, `mira mcp add`, the window's form) and of one being started (its secrets read
from the keyring: never stored or logged). Stored, a server is a ``core.tool_records.McpServer``,
which keeps only where each value comes from."""

from __future__ import annotations

from dataclasses import dataclass, field

from mira_desktop.core.tool_records import Transport


@dataclass(frozen=True)
class ServerSpec:
    """How to reach one server: a command with its arguments and environment (stdio), or a URL with
    its headers (streamable HTTP)."""

    name: str
    transport: Transport
    command: str | None = None
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    url: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
