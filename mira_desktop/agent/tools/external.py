"""Tools another program runs — an MCP server's, or ``run_command`` in the sandbox — as a run sees them.

The services layer implements :class:`ExternalTool` (the MCP client, the sandbox); the loop never
imports either. An external call cannot be planned or undone: the guardrail judges it, an approval
card shows its arguments, the call is journaled before it is sent, and after a kill between sending
and storing the result it is never sent again on its own (the run asks the user).
"""

from __future__ import annotations

from typing import Any, Protocol

from mira_desktop.agent.tools.catalog import ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken


class ExternalTool(Protocol):
    @property
    def definition(self) -> ToolDef:
        """Its name, description, argument schema, risk and origin."""
        ...

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        """Run it with validated ``arguments``; its failures (a crashed server, a timeout) are results.

        Raises:
            mira_desktop.core.cancel.Cancelled: the user stopped the run while the call was pending.
        """
        ...
