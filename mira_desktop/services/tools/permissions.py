"""The user's permission for each tool — ask, allow or deny — in one workspace or in every workspace.

Built-in and MCP tools alike, by their model-facing names (``write_file``, ``files__search``). A
workspace's own permission wins over the one for every workspace; with neither, the tool's risk
decides (reads allowed, anything else asked; tools of MCP servers and ``run_command`` always ask).
"Always allow … in this workspace" on an approval card sets the workspace's permission to allow.
``run_command`` may be allowed in one workspace at a time, never in every workspace at once.
Rows go with their workspace when it is purged (the table's foreign key).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mira_desktop.agent.guardrail import Rule, RuleScope, RuleSource, Verdict
from mira_desktop.agent.tools.catalog import RUN_COMMAND_NAME
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.tool_records import Permission, ToolPermission
from mira_desktop.store.tool_permissions import ToolPermissionRepository

TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
VERDICTS = {Permission.ASK: Verdict.REQUIRE_APPROVAL, Permission.ALLOW: Verdict.ALLOW, Permission.DENY: Verdict.DENY}


class ToolPermissions:
    def __init__(self, repository: ToolPermissionRepository, changes: ChangeFeed) -> None:
        self._repository = repository
        self._changes = changes

    def rules(self, workspace_id: str) -> list[Rule]:
        """The permissions a run in ``workspace_id`` follows, as guardrail rules."""
        return [
            Rule(p.tool, VERDICTS[p.permission], RuleScope.WORKSPACE if p.workspace_id else RuleScope.GLOBAL)
            for p in self._repository.applying_to(workspace_id)
        ]

    def list(self, workspace_id: str | None = None) -> list[ToolPermission]:
        """Every permission (``workspace_id`` None), or those that apply in that workspace."""
        if workspace_id is None:
            return self._repository.list()
        return self._repository.applying_to(workspace_id)

    def effective(self, workspace_id: str | None) -> dict[str, ToolPermission]:
        """Tool name → the permission that applies in ``workspace_id`` (its own, else every workspace's)."""
        found: dict[str, ToolPermission] = {}
        for permission in self._repository.applying_to(workspace_id):  # every workspace's first
            found[permission.tool] = permission
        return found

    def set(self, tool: str, permission: Permission | None, workspace_id: str | None = None) -> None:
        """Set (or with None, clear) the permission of ``tool`` in ``workspace_id`` or every workspace."""
        if not TOOL_NAME.match(tool):
            raise InvalidInputError.said("tools.bad_tool_name", tool=tool)
        if tool == RUN_COMMAND_NAME and permission is Permission.ALLOW and workspace_id is None:
            raise InvalidInputError.said("tools.command_allow_global")
        if permission is None:
            self._repository.clear(tool, workspace_id)
        else:
            self._repository.set(tool, permission, workspace_id)
        self._changes.publish(Topic.TOOLS, tool, workspace_id=workspace_id)

    def add_rules(self, workspace_id: str, rules: Iterable[Rule]) -> None:
        """What a run's "always allow … in this workspace" decided, kept as the workspace's permission."""
        for rule in rules:
            if rule.scope is RuleScope.WORKSPACE and rule.source is RuleSource.USER and rule.verdict is Verdict.ALLOW:
                self.set(rule.tool, Permission.ALLOW, workspace_id)
