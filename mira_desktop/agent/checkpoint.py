"""The checkpoint of an agent run: everything needed to resume it, in this process or another.

A checkpoint is plain JSON: the agent's own messages so far (after the caller's base messages),
the pending call (waiting for approval, or with its change's intent recorded but no result yet),
the calls of the same model reply still to handle, budget limits and counters, evidence, the
run's own guardrail rules, the tools whose schemas the model asked for (``disclosed``,
:mod:`.tools.disclosure`) and when it started.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from mira_desktop.agent.budgets import BudgetCounters, BudgetLimits
from mira_desktop.agent.evidence import Evidence
from mira_desktop.agent.guardrail import Rule
from mira_desktop.agent.tools.proposals import Proposal
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import Phrase
from mira_desktop.models.protocol import ChatMessage, ToolCall

CHECKPOINT_VERSION = 1


class PendingPhase(StrEnum):
    AWAITING_APPROVAL = (
        "awaiting_approval"  # nothing was done (or, ``may_have_run``, maybe); the user decides
    )
    EXECUTING = "executing"  # approved or allowed, intent recorded; the result is not (yet)


@dataclass(frozen=True)
class ParsedCall:
    """A tool call as the model sent it; ``error`` says why it could not be read (malformed)."""

    id: str
    name: str
    arguments: dict[str, Any] | None
    error: str | None = None
    error_phrase: dict[str, Any] | None = None  # ``error`` as a phrase, for the trace

    @classmethod
    def failed(cls, call_id: str, name: str, error: Phrase) -> ParsedCall:
        """A call that could not be read, and why."""
        return cls(call_id, name, None, error.english, error.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "arguments": self.arguments,
            "error": self.error,
            "error_phrase": self.error_phrase,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParsedCall:
        arguments = data.get("arguments")
        return cls(
            str(data["id"]),
            str(data["name"]),
            dict(arguments) if arguments is not None else None,
            data.get("error"),
            data.get("error_phrase") if isinstance(data.get("error_phrase"), dict) else None,
        )


@dataclass(frozen=True)
class PendingCall:
    id: str
    tool: str
    arguments: dict[str, Any]
    phase: PendingPhase
    proposal: Proposal | None = None  # None for a read that needs approval, and for external calls
    reason: str = ""  # why it needs approval (the guardrail's reason)
    external: dict[str, Any] | None = None  # an MCP or command call: its tool's card (ToolDef.card)
    may_have_run: bool = False  # Mira stopped after sending it and before storing its result
    reason_phrase: dict[str, Any] | None = None  # ``reason`` as a phrase, for the window

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "tool": self.tool,
            "arguments": self.arguments,
            "phase": self.phase.value,
            "proposal": self.proposal.to_dict() if self.proposal else None,
            "reason": self.reason,
            "external": self.external,
            "may_have_run": self.may_have_run,
            "reason_phrase": self.reason_phrase,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PendingCall:
        proposal = data.get("proposal")
        return cls(
            id=str(data["id"]),
            tool=str(data["tool"]),
            arguments=dict(data["arguments"]),
            phase=PendingPhase(data["phase"]),
            proposal=Proposal.from_dict(proposal) if proposal else None,
            reason=str(data.get("reason", "")),
            external=dict(data["external"]) if isinstance(data.get("external"), dict) else None,
            may_have_run=bool(data.get("may_have_run", False)),
            reason_phrase=data.get("reason_phrase") if isinstance(data.get("reason_phrase"), dict) else None,
        )


MAY_HAVE_RUN = (
    "Mira stopped after sending this call and before its result was saved, so it may have run: "
    "run it again, or go on without it."
)


def after_kill(pending: PendingCall | None) -> PendingCall | None:
    """An external call whose intent was journaled but whose result was not: it waits for the user
    as "may have run" (it is never sent again on its own). None when ``pending`` is not such a call."""
    if pending is None or pending.external is None or pending.phase is not PendingPhase.EXECUTING:
        return None
    return PendingCall(
        pending.id,
        pending.tool,
        pending.arguments,
        PendingPhase.AWAITING_APPROVAL,
        None,
        MAY_HAVE_RUN,
        pending.external,
        may_have_run=True,
    )


@dataclass
class Checkpoint:
    messages: list[dict[str, Any]] = field(default_factory=list)
    pending: PendingCall | None = None
    queued: list[ParsedCall] = field(default_factory=list)
    limits: BudgetLimits = field(default_factory=BudgetLimits)
    counters: BudgetCounters = field(default_factory=BudgetCounters)
    evidence: Evidence = field(default_factory=Evidence)
    run_rules: list[Rule] = field(default_factory=list)
    started_at: str = ""
    disclosed: list[str] = field(default_factory=list)  # folded tools whose schemas the model asked for
    version: int = CHECKPOINT_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "started_at": self.started_at,
            "messages": [dict(m) for m in self.messages],
            "pending": self.pending.to_dict() if self.pending else None,
            "queued": [call.to_dict() for call in self.queued],
            "limits": self.limits.to_dict(),
            "counters": self.counters.to_dict(),
            "evidence": self.evidence.to_dict(),
            "run_rules": [rule.to_dict() for rule in self.run_rules],
            "disclosed": list(self.disclosed),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Checkpoint:
        version = int(data.get("version", 0))
        if version != CHECKPOINT_VERSION:
            raise InvalidInputError.said(
                "agent.checkpoint_version", version=version, known=CHECKPOINT_VERSION
            )
        pending = data.get("pending")
        return cls(
            messages=[dict(m) for m in data.get("messages", [])],
            pending=PendingCall.from_dict(pending) if pending else None,
            queued=[ParsedCall.from_dict(c) for c in data.get("queued", [])],
            limits=BudgetLimits.from_dict(data.get("limits", {})),
            counters=BudgetCounters.from_dict(data.get("counters", {})),
            evidence=Evidence.from_dict(data.get("evidence", {})),
            run_rules=[Rule.from_dict(r) for r in data.get("run_rules", [])],
            started_at=str(data.get("started_at", "")),
            disclosed=[str(name) for name in data.get("disclosed", [])],
            version=version,
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Checkpoint:
        return cls.from_dict(json.loads(text))


def message_to_dict(message: ChatMessage) -> dict[str, Any]:
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        data["tool_calls"] = [
            {"id": c.id, "name": c.name, "arguments": c.arguments} for c in message.tool_calls
        ]
    if message.tool_call_id is not None:
        data["tool_call_id"] = message.tool_call_id
    if message.name is not None:
        data["name"] = message.name
    return data


def message_from_dict(data: dict[str, Any]) -> ChatMessage:
    return ChatMessage(
        role=str(data["role"]),
        content=str(data.get("content", "")),
        tool_calls=tuple(
            ToolCall(str(c["id"]), str(c["name"]), dict(c.get("arguments") or {}))
            for c in data.get("tool_calls", [])
        ),
        tool_call_id=data.get("tool_call_id"),
        name=data.get("name"),
    )
