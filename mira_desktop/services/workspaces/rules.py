"""The user's standing agent rules per workspace ("always allow write_file in this workspace").

Kept in the settings table under ``agent.rules.<workspace id>``; deleting the workspace removes
them. Only the user adds rules (through an approval); a role's rules can only deny.
"""

from __future__ import annotations

from mira_desktop.agent.guardrail import Rule, RuleScope, RuleSource
from mira_desktop.store.settings import SettingsRepository

PREFIX = "agent.rules."


class WorkspaceRules:
    def __init__(self, settings: SettingsRepository) -> None:
        self._settings = settings

    def rules(self, workspace_id: str) -> list[Rule]:
        stored = self._settings.get(PREFIX + workspace_id, [])
        rules = [Rule.from_dict(r) for r in stored if isinstance(r, dict)] if isinstance(stored, list) else []
        return [r for r in rules if r.scope is RuleScope.WORKSPACE and r.source is RuleSource.USER]

    def add(self, workspace_id: str, new: list[Rule]) -> None:
        current = self.rules(workspace_id)
        for rule in new:
            if rule.scope is RuleScope.WORKSPACE and rule.source is RuleSource.USER and rule not in current:
                current.append(rule)
        self._settings.set(PREFIX + workspace_id, [r.to_dict() for r in current])

    def clear(self, workspace_id: str) -> None:
        self._settings.delete(PREFIX + workspace_id)
