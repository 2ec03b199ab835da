"""The Capabilities page and ``mira skills list``'s wider view: every skill and tool (declared HTTP
tools and web research too), what each needs
(the network, a workspace, a knowledge base, approvals, a key, the sandbox) and whether it is ready —
or, in a sentence the window says in its language, why not."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mira_desktop.agent.tools.catalog import FILE_TOOLS, KB_SEARCH_TOOL, RUN_COMMAND, Risk
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.core.tool_records import EnvSource, Permission
from mira_desktop.core.workspaces import Workspace
from mira_desktop.services.data.tool import SQL_TOOLS
from mira_desktop.services.http_tools.library import HttpToolLibrary
from mira_desktop.services.mcp.service import McpService
from mira_desktop.services.mcp.sessions import ServerState
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.services.tools.catalog import ToolCatalog
from mira_desktop.services.web.providers import SEARXNG
from mira_desktop.services.web.research import WebResearch
from mira_desktop.services.web.tools import WEB_TOOLS


class Need(StrEnum):
    NETWORK = "network"
    WORKSPACE = "workspace"
    KNOWLEDGE_BASE = "knowledge_base"
    APPROVAL = "approval"
    KEY = "key"
    SANDBOX = "sandbox"
    DATA = "data"  # a data file attached to the workspace or thread (sql_schema, sql_query)


class Kind(StrEnum):
    SKILL = "skill"
    TOOL = "tool"  # one of Mira's own
    SERVER = "server"  # an MCP server and its tools


@dataclass(frozen=True)
class Capability:
    kind: Kind
    name: str
    description: str
    needs: tuple[Need, ...]
    ready: bool
    why_not: Phrase | str | None = None  # None when ready
    on: bool | None = None  # a skill's or a server's switch (None: always there)
    shipped: bool = False  # a skill that comes with Mira

    def to_dict(self) -> dict[str, Any]:
        why = self.why_not
        return {
            "kind": self.kind.value,
            "name": self.name,
            "description": self.description,
            "needs": [n.value for n in self.needs],
            "ready": self.ready,
            "why_not": None if why is None else str(why),
            "on": self.on,
            "shipped": self.shipped,
        }


def capabilities(
    skills: SkillLibrary,
    catalog: ToolCatalog,
    mcp: McpService,
    workspace: Workspace,
    http_tools: HttpToolLibrary | None = None,
    *,
    web: WebResearch | None = None,
) -> list[Capability]:
    """Skills first (by name), then Mira's own tools (web research's too), then each MCP server, then
    each declared HTTP tool — as a run in ``workspace`` would get them (its permissions)."""
    declared = _declared(http_tools, catalog, workspace) if http_tools is not None else []
    own = [*_own_tools(catalog, workspace), *(_web(web, catalog, workspace) if web is not None else [])]
    return [*_skills(skills, catalog), *own, *_servers(mcp, workspace), *declared]


def _web(web: WebResearch, catalog: ToolCatalog, workspace: Workspace) -> list[Capability]:
    """web_search and web_fetch: ready while a provider is set (and its key stored), unless denied."""
    status = web.status()
    report = catalog.report(workspace, start=False)
    permissions = {listing.tool.name: listing.permission for listing in report.tools}
    needs = (Need.NETWORK, Need.KEY) if status.kind not in (None, SEARXNG) else (Need.NETWORK,)
    found = []
    for name, description in WEB_TOOLS:
        why: Phrase | str | None = status.why_not
        if why is None and permissions.get(name) is Permission.DENY:
            why = said("capabilities.why.denied", tool=name, workspace=workspace.name)
        found.append(Capability(Kind.TOOL, name, description, needs, why is None, why))
    return found


def _declared(library: HttpToolLibrary, catalog: ToolCatalog, workspace: Workspace) -> list[Capability]:
    report = catalog.report(workspace, start=False)
    permissions = {listing.tool.name: listing.permission for listing in report.tools}
    found = []
    for view in library.list():
        tool = view.declaration
        permission = permissions.get(tool.name) or Permission.ASK
        needs = [Need.NETWORK]
        if permission is Permission.ASK:
            needs.append(Need.APPROVAL)
        if tool.secret_headers:
            needs.append(Need.KEY)
        why: Phrase | str | None = None
        if not view.on:
            why = said("http_tools.capability_off", name=tool.name)
        elif view.missing_secret is not None:
            why = said("http_tools.capability_no_secret", reference=view.missing_secret)
        elif permission is Permission.DENY:
            why = said("capabilities.why.denied", tool=tool.name, workspace=workspace.name)
        found.append(
            Capability(
                Kind.TOOL, tool.name, tool.description, tuple(needs), why is None, why, view.on, view.shipped
            )
        )
    return found


def _skills(library: SkillLibrary, catalog: ToolCatalog) -> list[Capability]:
    sandbox = catalog.sandbox()
    found = []
    for skill in library.list():
        on = library.is_on(skill.name)
        needs = (Need.WORKSPACE, Need.APPROVAL, Need.SANDBOX) if skill.scripts else ()
        why: Phrase | str | None = None
        if not on:
            why = said("capabilities.why.skill_off", name=skill.name)
        elif skill.scripts and not sandbox.available:
            why = said("capabilities.why.no_sandbox", reason=sandbox.reason or "")
        found.append(
            Capability(Kind.SKILL, skill.name, skill.description, needs, why is None, why, on, skill.shipped)
        )
    for name, problem in library.problems():
        found.append(Capability(Kind.SKILL, name, "", (), False, problem))
    return found


def _own_tools(catalog: ToolCatalog, workspace: Workspace) -> list[Capability]:
    report = catalog.report(workspace, start=False)
    permissions = {listing.tool.name: listing.permission or listing.default for listing in report.tools}
    sandbox = catalog.sandbox()
    found = []
    for tool in (*FILE_TOOLS, KB_SEARCH_TOOL, RUN_COMMAND):
        permission = permissions.get(
            tool.name, Permission.ALLOW if tool.risk is Risk.READ else Permission.ASK
        )
        needs = [Need.KNOWLEDGE_BASE] if tool is KB_SEARCH_TOOL else [Need.WORKSPACE]
        if permission is Permission.ASK:
            needs.append(Need.APPROVAL)
        if tool is RUN_COMMAND:
            needs.append(Need.SANDBOX)
        why: Phrase | str | None = None
        if permission is Permission.DENY:
            why = said("capabilities.why.denied", tool=tool.name, workspace=workspace.name)
        elif tool is RUN_COMMAND and not sandbox.available:
            why = sandbox.reason
        found.append(Capability(Kind.TOOL, tool.name, tool.description, tuple(needs), why is None, why))
    offered = {listing.tool.name for listing in report.tools}
    for name, description in SQL_TOOLS:
        why = None if name in offered else said("data.why.no_data", workspace=workspace.name)
        found.append(Capability(Kind.TOOL, name, description, (Need.DATA,), why is None, why))
    return found


def _servers(mcp: McpService, workspace: Workspace) -> list[Capability]:
    here = {server.name: on for server, on in mcp.for_workspace(workspace.id)}
    found = []
    for view in mcp.list():
        server = view.server
        needs = [Need.APPROVAL]
        if server.url:
            needs.insert(0, Need.NETWORK)
        if server.headers or any(source is EnvSource.KEYRING for source in server.env.values()):
            needs.append(Need.KEY)
        tools = ", ".join(t["name"] for t in view.tools) if view.tools else ""
        why: Phrase | str | None = None
        if not server.enabled:
            why = said("capabilities.why.server_off", name=server.name)
        elif not here.get(server.name, True):
            why = said("capabilities.why.server_off_here", name=server.name, workspace=workspace.name)
        elif view.state is ServerState.FAILED and view.reason is not None:
            why = view.reason.spoken
        on = server.enabled
        found.append(Capability(Kind.SERVER, server.name, tools, tuple(needs), why is None, why, on))
    return found
