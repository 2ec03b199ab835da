"""The guardrail: a pure policy that gives each tool call ALLOW, DENY or REQUIRE_APPROVAL.

The order is fixed: the user's own rules for this run or workspace (a deny rule beats an allow
rule) → the tool's risk (reads are allowed) → anything else, and any unknown tool, needs approval.
Rules from a role (or anything the model says) can only narrow the policy: their deny rules count,
their allow rules never do.
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
    WORKSPACE = "workspace"  # "always allow … in this workspace": stored with the workspace


class RuleSource(StrEnum):
    USER = "user"  # chosen by the user: may allow or deny
    ROLE = "role"  # from a role's settings: may only deny


@dataclass(frozen=True)
class Rule:
    tool: str
    verdict: Verdict  # ALLOW or DENY
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
        where = "this run" if self.scope is RuleScope.RUN else "this workspace"
        who = "your rule" if self.source is RuleSource.USER else "the role's rule"
        action = "always allow" if self.verdict is Verdict.ALLOW else "never allow"
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
    applicable = [
        rule
        for rule in rules
        if rule.tool == tool_name and rule.verdict in (Verdict.ALLOW, Verdict.DENY) and _may_apply(rule)
    ]
    denial = next((rule for rule in applicable if rule.verdict is Verdict.DENY), None)
    if denial is not None:
        return GuardrailDecision(Verdict.DENY, f"Denied by {denial.describe()}.", denial)
    allowance = next((rule for rule in applicable if rule.verdict is Verdict.ALLOW), None)
    if allowance is not None and tool is not None:
        return GuardrailDecision(Verdict.ALLOW, f"Allowed by {allowance.describe()}.", allowance)
    if tool is not None and tool.risk is Risk.READ:
        return GuardrailDecision(Verdict.ALLOW, f"{tool_name} only reads, so it is allowed.")
    if tool is None:
        return GuardrailDecision(
            Verdict.REQUIRE_APPROVAL, f"{tool_name} is not a known tool, so it needs your approval."
        )
    return GuardrailDecision(
        Verdict.REQUIRE_APPROVAL, f"{tool_name} changes files ({tool.risk.value}), so it needs your approval."
    )


def _may_apply(rule: Rule) -> bool:
    """A role's rule may narrow the policy (deny) but never widen it (allow)."""
    return rule.source is RuleSource.USER or rule.verdict is Verdict.DENY
