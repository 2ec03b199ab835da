"""Every tool a run in a workspace can call — Mira's own, each enabled MCP server's, ``run_command``
— with its permission there: what a run is offered, what `mira agent tools` and Settings → Tools list.
Declared HTTP tools that are on (``services/http_tools``) come after the MCP servers' tools.

An MCP server is on for a workspace unless the workspace turned it off (or it is turned off
everywhere); its tools are named ``SERVER__TOOL``. A run starts the servers it needs; a server that
cannot start is left out of that run with a notice saying why. ``run_command`` is offered only
where bubblewrap can make a sandbox; otherwise the listing says why it is absent. ``load_skill`` is
offered while a skill is on, and the sandbox shows each such skill's folder read-only. ``sql_schema``
and ``sql_query`` are offered while data is attached to the run's workspace or thread (services/data).
``web_search`` and ``web_fetch`` are offered while a search provider is set (services/web), with a
fresh set of source ids for each run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.agent.tools.catalog import ALL_TOOLS, RUN_COMMAND, Risk, ToolDef
from mira_desktop.agent.tools.external import ExternalTool
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import Phrase, of, said
from mira_desktop.core.tool_records import Permission
from mira_desktop.core.workspaces import Workspace
from mira_desktop.services.data.sources import DataSources
from mira_desktop.services.data.tool import data_tools
from mira_desktop.services.http_tools.library import HttpToolLibrary
from mira_desktop.services.mcp.service import McpServerError, McpService
from mira_desktop.services.mcp.tool import McpTool, definitions
from mira_desktop.services.sandbox.bwrap import Availability, Limits
from mira_desktop.services.sandbox.command_tool import RunCommand
from mira_desktop.services.skills.context import mount_path
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.services.skills.tool import LoadSkill
from mira_desktop.services.tools.permissions import ToolPermissions
from mira_desktop.services.web.research import WebResearch
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.workspaces import WorkspaceRepository

COMMAND_SECONDS_KEY = "sandbox.timeout_seconds"
DEFAULT_COMMAND_SECONDS = 120.0
MAX_COMMAND_SECONDS = 3600.0


@dataclass(frozen=True)
class ToolListing:
    """One tool as a list shows it, with the permission that applies in the workspace asked about."""

    tool: ToolDef
    permission: Permission | None  # the user's, None when the tool's default applies
    set_here: bool  # the permission is the workspace's own (not every workspace's)

    @property
    def default(self) -> Permission:
        return Permission.ALLOW if self.tool.risk is Risk.READ else Permission.ASK

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.tool.to_dict(),
            "permission": (self.permission or self.default).value,
            "permission_set": None if self.permission is None else ("workspace" if self.set_here else "global"),
        }


@dataclass(frozen=True)
class ToolReport:
    tools: list[ToolListing]
    absent: list[Phrase]  # which tool or server is not offered, and why


class ToolCatalog:
    def __init__(
        self,
        *,
        mcp: McpService,
        permissions: ToolPermissions,
        workspaces: WorkspaceRepository,
        settings: SettingsRepository,
        sandbox: Callable[[], Availability],
        private_paths: list[Path],
        changes: ChangeFeed,
        skills: SkillLibrary | None = None,
        data: DataSources | None = None,
        http_tools: HttpToolLibrary | None = None,
        web: WebResearch | None = None,
    ) -> None:
        self._mcp = mcp
        self._permissions = permissions
        self._workspaces = workspaces
        self._settings = settings
        self._sandbox = sandbox
        self._private = private_paths
        self._changes = changes
        self._skills = skills
        self._data = data
        self._http_tools = http_tools
        self._web = web

    # -- what a run is offered ---------------------------------------------------------------------
    def run_tools(
        self, workspace: Workspace, cancel: CancelToken | None, *, start: bool, thread_id: str | None = None
    ) -> tuple[list[ExternalTool], list[Phrase]]:
        """The external tools of a run in ``workspace`` (and thread ``thread_id``) and notices of what
        was left out.

        ``start``: start the servers that are not running (a run); else use what they listed last.
        """
        tools: list[ExternalTool] = []
        notices: list[Phrase] = []
        taken = {tool.name for tool in ALL_TOOLS}
        for server, on in self._mcp.for_workspace(workspace.id):
            if not (server.enabled and on):
                continue
            if start:
                try:
                    listed = self._mcp.tools(server.name, cancel)
                except McpServerError as exc:
                    notices.append(said("tools.server_left_out", error=of(exc)))
                    continue
            else:
                listed = list(server.tools or [])
            for item in definitions(server, listed, taken):
                if item.definition is not None:
                    tools.append(McpTool(self._mcp, item.definition))
                else:
                    notices.append(said("tools.server_tool_left_out", server=server.name, problem=item.problem))
        tools.extend(self._network_tools(taken))
        sandbox = self._sandbox()
        skills = self._skills.enabled() if self._skills is not None else []
        if skills:
            tools.append(LoadSkill(skills, sandbox=sandbox.available))
        if self._data is not None:
            tools.extend(data_tools(self._data.for_run(workspace.id, thread_id)))
        if sandbox.available and workspace.has_folder:  # a project without a folder runs no command
            shown = [(s.folder, mount_path(s)) for s in skills if s.files]
            root = Path(workspace.root_path)
            tools.append(RunCommand(sandbox, root, self._hidden(workspace), self.command_limits, shown))
        return tools, notices

    def _network_tools(self, taken: set[str]) -> list[ExternalTool]:
        """The declared HTTP tools that are on; web_search and web_fetch while a provider is set."""
        found: list[ExternalTool] = []
        if self._http_tools is not None:
            found.extend(self._http_tools.run_tools(taken))
        if self._web is not None:
            found.extend(self._web.run_tools())
        return found

    def offered(
        self, workspace: Workspace, cancel: CancelToken | None, *, start: bool, thread_id: str | None = None
    ) -> tuple[list[ExternalTool], list[Phrase]]:
        """:meth:`run_tools` less those denied in ``workspace``: a model is never shown a tool it may
        not call (and a small model's context is not spent on it)."""
        tools, notices = self.run_tools(workspace, cancel, start=start, thread_id=thread_id)
        effective = self._permissions.effective(workspace.id)
        denied = {name for name, p in effective.items() if p.permission is Permission.DENY}
        return [tool for tool in tools if tool.definition.name not in denied], notices

    def _hidden(self, workspace: Workspace) -> list[Path]:
        others = [Path(w.root_path) for w in self._workspaces.list() if w.id != workspace.id and w.has_folder]
        return [Path.home(), *self._private, *others]

    # -- what lists show ---------------------------------------------------------------------------
    def report(self, workspace: Workspace, cancel: CancelToken | None = None, *, start: bool) -> ToolReport:
        """Every tool a run in ``workspace`` would get, with its permission, and what is absent and why."""
        external, notices = self.run_tools(workspace, cancel, start=start)
        own = [tool for tool in ALL_TOOLS if tool.name != RUN_COMMAND.name]
        effective = self._permissions.effective(workspace.id)
        listings = [
            ToolListing(
                tool,
                effective[tool.name].permission if tool.name in effective else None,
                tool.name in effective and effective[tool.name].workspace_id is not None,
            )
            for tool in [*own, *(t.definition for t in external)]
        ]
        sandbox = self._sandbox()
        if not sandbox.available:
            notices.append(said("tools.not_offered", tool=RUN_COMMAND.name, reason=sandbox.reason))
        return ToolReport(listings, notices)

    # -- run_command's settings --------------------------------------------------------------------
    def command_seconds(self) -> float:
        stored = self._settings.get(COMMAND_SECONDS_KEY, DEFAULT_COMMAND_SECONDS)
        return float(stored) if isinstance(stored, int | float) and stored > 0 else DEFAULT_COMMAND_SECONDS

    def set_command_seconds(self, seconds: float) -> None:
        if not 1 <= seconds <= MAX_COMMAND_SECONDS:
            raise InvalidInputError.said("tools.bad_time_limit", most=f"{MAX_COMMAND_SECONDS:g}")
        self._settings.set(COMMAND_SECONDS_KEY, seconds)
        self._changes.publish(Topic.TOOLS)

    def command_limits(self) -> Limits:
        return Limits(seconds=self.command_seconds())

    def sandbox(self) -> Availability:
        return self._sandbox()
