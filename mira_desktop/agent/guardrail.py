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
from mira_desktop.core.phrases import Phrase, said


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

    def describe(self) -> Phrase:
        """The rule in words: "your rule to always allow read_file in this workspace"."""
        who = said("agent.rule.yours" if self.source is RuleSource.USER else "agent.rule.role")
        action = {Verdict.ALLOW: "allow", Verdict.DENY: "deny"}.get(self.verdict, "ask")
        return said(
            f"agent.rule.{action}", who=who, tool=self.tool, where=said(f"agent.rule.in_{self.scope.value}")
        )


@dataclass(frozen=True)
class GuardrailDecision:
    verdict: Verdict
    phrase: Phrase  # why, for the window; ``reason`` is its English (the model and the command read it)
    rule: Rule | None = None

    @property
    def reason(self) -> str:
        return self.phrase.english

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "reason": self.reason,
            "reason_phrase": self.phrase.to_dict(),
            "rule": self.rule.to_dict() if self.rule else None,
        }


def decide(tool_name: str, tool: ToolDef | None, rules: Iterable[Rule]) -> GuardrailDecision:
    """The verdict for one call of ``tool_name`` (``tool`` is its declaration, None if unknown)."""
    applicable = [rule for rule in rules if rule.tool == tool_name]
    role_denial = next(
        (r for r in applicable if r.source is RuleSource.ROLE and r.verdict is Verdict.DENY), None
    )
    if role_denial is not None:
        return GuardrailDecision(
            Verdict.DENY, said("agent.why.denied_by", rule=role_denial.describe()), role_denial
        )
    chosen = _by_the_user([r for r in applicable if r.source is RuleSource.USER], known=tool is not None)
    if chosen is not None:
        return chosen
    if tool is None:
        return GuardrailDecision(Verdict.REQUIRE_APPROVAL, said("agent.why.unknown_tool", tool=tool_name))
    if tool.risk is Risk.READ:
        key = "agent.why.trusted_read" if tool.external else "agent.why.read"
        return GuardrailDecision(Verdict.ALLOW, said(key, tool=tool_name))
    return GuardrailDecision(Verdict.REQUIRE_APPROVAL, _why_approval(tool_name, tool))


def _by_the_user(user: list[Rule], *, known: bool) -> GuardrailDecision | None:
    """The user's say: the workspace's permission (else the one for every workspace) and the run's allowance."""
    permission = _first(user, RuleScope.WORKSPACE) or _first(user, RuleScope.GLOBAL)
    if permission is not None and permission.verdict is Verdict.DENY:
        return GuardrailDecision(
            Verdict.DENY, said("agent.why.denied_by", rule=permission.describe()), permission
        )
    for allowance in (_first(user, RuleScope.RUN), permission):
        if allowance is not None and allowance.verdict is Verdict.ALLOW and known:
            return GuardrailDecision(
                Verdict.ALLOW, said("agent.why.allowed_by", rule=allowance.describe()), allowance
            )
    if permission is not None and permission.verdict is Verdict.REQUIRE_APPROVAL:
        return GuardrailDecision(
            Verdict.REQUIRE_APPROVAL, said("agent.why.asked_by", rule=permission.describe()), permission
        )
    return None


def _first(rules: list[Rule], scope: RuleScope) -> Rule | None:
    return next((r for r in rules if r.scope is scope), None)


def _why_approval(tool_name: str, tool: ToolDef) -> Phrase:
    if tool.risk is Risk.EXTERNAL:
        return said("agent.why.external", tool=tool_name, server=tool.server)
    if tool.risk is Risk.COMMAND:
        return said("agent.why.command", tool=tool_name)
    if tool.risk in (Risk.WRITE, Risk.DESTRUCTIVE):
        return said(f"agent.why.{tool.risk.value}", tool=tool_name)
    return said("agent.why.changes", tool=tool_name, risk=said(f"agent.risk.{tool.risk.value}"))
