"""A listed MCP tool as a run's tool: its model-facing definition, and the call through the service."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.validation import schema_problem
from mira_desktop.core import phrases
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.tool_records import McpServer
from mira_desktop.services.mcp.names import model_name
from mira_desktop.services.mcp.results import to_tool_result
from mira_desktop.services.mcp.service import McpServerError
from mira_desktop.services.mcp.sessions import CallFailed

if TYPE_CHECKING:
    from mira_desktop.services.mcp.service import McpService

DESCRIPTION_CHARS = 1000


@dataclass(frozen=True)
class Listed:
    """One listed tool: its definition, or why a run cannot offer it."""

    definition: ToolDef | None
    remote_name: str
    problem: str | None = None


def definitions(server: McpServer, tools: Sequence[dict[str, Any]], taken: set[str]) -> list[Listed]:
    """The model-facing definitions of a server's listed tools (``taken`` collects the names)."""
    listed = []
    for tool in tools:
        remote = str(tool.get("name", ""))
        problem = schema_problem(tool.get("input_schema"))
        if problem is not None:
            listed.append(Listed(None, remote, f"{remote} is not offered: {problem}"))
            continue
        read_only = tool.get("read_only_hint")
        description = str(tool.get("description") or tool.get("title") or f"{remote} of {server.name}")
        if len(description) > DESCRIPTION_CHARS:
            description = description[:DESCRIPTION_CHARS] + "…"
        definition = ToolDef(
            model_name(server.name, remote, taken),
            description,
            dict(tool["input_schema"]),
            Risk.READ if (server.trust_read_only and read_only is True) else Risk.EXTERNAL,
            Origin.MCP,
            server.name,
            remote,
            read_only if isinstance(read_only, bool) else None,
        )
        listed.append(Listed(definition, remote))
    return listed


class McpTool:
    """One MCP tool offered to a run (the ExternalTool the loop calls)."""

    def __init__(self, service: McpService, definition: ToolDef) -> None:
        self._service = service
        self._definition = definition

    @property
    def definition(self) -> ToolDef:
        return self._definition

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        server, remote = str(self._definition.server), str(self._definition.remote_name)
        try:
            result = self._service.call(server, remote, arguments, cancel)
        except (
            McpServerError
        ) as exc:  # the model reads the English; the trace says it in the window's language
            phrase = exc.phrase.to_dict() if exc.phrase is not None else None
            return ToolResult(False, str(exc), "server_failed", data={"server": server}, phrase=phrase)
        except CallFailed as exc:
            said = phrases.said("mcp.call.not_done", reason=exc.phrase)
            return ToolResult(False, said.english, exc.kind, data={"server": server}, phrase=said.to_dict())
        return to_tool_result(result, server, remote)
