"""Records of the tools Mira did not write: MCP servers the user added, and permissions per tool.

A server's secrets (the values of its environment variables and HTTP headers) are never in these
records: they name the variables and headers, and the values live in the OS keyring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Transport(StrEnum):
    STDIO = "stdio"  # a command Mira starts, spoken to over its standard input and output
    HTTP = "http"  # streamable HTTP at a URL


class EnvSource(StrEnum):
    KEYRING = "keyring"  # the value is stored in the OS keyring
    INHERIT = "inherit"  # the value is Mira's own environment variable of that name, read at start
    SETTING = "setting"  # not a secret by its name: the value is the server's setting (SQLite)


class Permission(StrEnum):
    ASK = "ask"
    ALLOW = "allow"
    DENY = "deny"


@dataclass(frozen=True)
class McpServer:
    """An MCP server as configured; ``tools`` is what it listed the last time it ran (None: never)."""

    id: str
    name: str
    transport: Transport
    command: str | None = None
    args: tuple[str, ...] = ()
    env: dict[str, EnvSource] = field(default_factory=dict)
    url: str | None = None
    headers: tuple[str, ...] = ()
    enabled: bool = True
    trust_read_only: bool = False
    tools: tuple[dict[str, Any], ...] | None = None
    listed_at: str | None = None
    last_error: str | None = None
    created_at: str = ""
    updated_at: str = ""

    @property
    def where(self) -> str:
        """The command line or URL, for lists."""
        if self.transport is Transport.HTTP:
            return self.url or ""
        return " ".join([self.command or "", *self.args]).strip()


@dataclass(frozen=True)
class ToolPermission:
    """The user's permission for one tool (by its model-facing name) in one workspace, or everywhere."""

    tool: str
    permission: Permission
    workspace_id: str | None = None  # None: every workspace
