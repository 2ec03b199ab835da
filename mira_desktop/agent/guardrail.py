"""The guardrail: a pure policy that gives each tool call ALLOW, DENY or REQUIRE_APPROVAL.

The order is fixed: a role's deny rule → the user's permission for the tool (ask, allow or deny;
the workspace's own when it has one, else the one for every workspace; a deny beats an "always for
this run") → an "always for this run" allowance → the tool's risk (reads are allowed) → anything
else, and any unknown tool, needs approval. Rules from a role (or anything the model says) can only
narrow the policy: their deny rules count, their allow rules never do. Tools of MCP servers and
``run_command`` are never reads unless the user trusted a server's read-only tools.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mira_desktop.agent.tools.catalog import Risk, ToolDef


class Verdict(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    REQUIRE_APPROVAL = "require_approval"


class RuleScope(StrEnum):
    RUN = "run"  # "always allow … for this run": kept in the run's checkpoint
    WORKSPACE = "workspace"  # the user's permission in this workspace ("always allow … in this workspace")
    GLOBAL = "global"  # the user's permission in every workspace


class RuleSource(StrEnum):
    USER = "user"  # chosen by the user: may allow or deny
    ROLE = "role"  # from a role's settings: may only deny


@dataclass(frozen=True)
class Rule:
    tool: str
    verdict: Verdict  # ALLOW, DENY, or REQUIRE_APPROVAL (the user's "ask")
    scope: RuleScope
    source: RuleSource = RuleSource.USER

    def to_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "verdict": self.verdict.value,
            "scope": self.scope.value,
            "source": self.source.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rule:
        return cls(
            str(data["tool"]),
            Verdict(data["verdict"]),
            RuleScope(data["scope"]),
            RuleSource(data.get("source", RuleSource.USER.value)),
        )

    def describe(self) -> str:
        where = {RuleScope.RUN: "this run", RuleScope.WORKSPACE: "this workspace"}.get(
            self.scope, "every workspace"
        )
        who = "your rule" if self.source is RuleSource.USER else "the role's rule"
        action = {Verdict.ALLOW: "always allow", Verdict.DENY: "never allow"}.get(
            self.verdict, "always ask before"
        )
        return f"{who} to {action} {self.tool} in {where}"


@dataclass(frozen=True)
class GuardrailDecision:
    verdict: Verdict
    reason: str
    rule: Rule | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "reason": self.reason,
            "rule": self.rule.to_dict() if self.rule else None,
        }


def decide(tool_name: str, tool: ToolDef | None, rules: Iterable[Rule]) -> GuardrailDecision:
    """The verdict for one call of ``tool_name`` (``tool`` is its declaration, None if unknown)."""
    applicable = [rule for rule in rules if rule.tool == tool_name]
    role_denial = next(
        (r for r in applicable if r.source is RuleSource.ROLE and r.verdict is Verdict.DENY), None
    )
    if role_denial is not None:
        return GuardrailDecision(Verdict.DENY, f"Denied by {role_denial.describe()}.", role_denial)
    chosen = _by_the_user([r for r in applicable if r.source is RuleSource.USER], known=tool is not None)
    if chosen is not None:
        return chosen
    if tool is None:
        return GuardrailDecision(
            Verdict.REQUIRE_APPROVAL, f"{tool_name} is not a known tool, so it needs your approval."
        )
    if tool.risk is Risk.READ:
        trusted = " (you trust its server's read-only tools)" if tool.external else ""
        return GuardrailDecision(Verdict.ALLOW, f"{tool_name} only reads{trusted}, so it is allowed.")
    return GuardrailDecision(Verdict.REQUIRE_APPROVAL, _why_approval(tool_name, tool))


def _by_the_user(user: list[Rule], *, known: bool) -> GuardrailDecision | None:
    """The user's say: the workspace's permission (else the one for every workspace) and the run's allowance."""
    permission = _first(user, RuleScope.WORKSPACE) or _first(user, RuleScope.GLOBAL)
    if permission is not None and permission.verdict is Verdict.DENY:
        return GuardrailDecision(Verdict.DENY, f"Denied by {permission.describe()}.", permission)
    for allowance in (_first(user, RuleScope.RUN), permission):
        if allowance is not None and allowance.verdict is Verdict.ALLOW and known:
            return GuardrailDecision(Verdict.ALLOW, f"Allowed by {allowance.describe()}.", allowance)
    if permission is not None and permission.verdict is Verdict.REQUIRE_APPROVAL:
        return GuardrailDecision(
            Verdict.REQUIRE_APPROVAL, f"Asked because of {permission.describe()}.", permission
        )
    return None


def _first(rules: list[Rule], scope: RuleScope) -> Rule | None:
    return next((r for r in rules if r.scope is scope), None)


def _why_approval(tool_name: str, tool: ToolDef) -> str:
    if tool.risk is Risk.EXTERNAL:
        return (
            f"{tool_name} is a tool of the MCP server {tool.server}: what it does outside the workspace "
            "cannot be undone, so it needs your approval."
        )
    if tool.risk is Risk.COMMAND:
        return (
            f"{tool_name} runs a command in the sandbox; what it changes in the workspace cannot be undone, "
            "so it needs your approval."
        )
    return f"{tool_name} changes files ({tool.risk.value}), so it needs your approval."
