"""The live state of one agent run between checkpoints, and the ways an invocation of the loop ends."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from mira_desktop.agent.budgets import Budget, StopReason, explain_stop
from mira_desktop.agent.checkpoint import Checkpoint, ParsedCall, PendingCall, message_from_dict
from mira_desktop.agent.guardrail import Rule
from mira_desktop.agent.journal import AgentEvent, AgentJournal
from mira_desktop.agent.outcomes import Cancelled, Completed, Failed, WaitingApproval
from mira_desktop.agent.tools.catalog import KB_SEARCH
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.models.protocol import ChatMessage

NOT_RUN_CANCELLED = "agent.result.cancelled"  # the phrases of calls that got no result
NOT_SENT_AGAIN = "agent.result.not_sent_again"


class AgentRun:
    """A checkpoint made live for one call into the loop, with the collaborators it works through.

    The agent's messages are kept in one canonical form — assistant messages with ``tool_calls``
    and ``tool`` results — and rendered for JSON-mode models by :meth:`request_messages`.
    """

    def __init__(
        self,
        checkpoint: Checkpoint,
        *,
        tools: WorkspaceTools,
        journal: AgentJournal,
        cancel: CancelToken,
        workspace_rules: Sequence[Rule],
        clock: Callable[[], float],
    ) -> None:
        self.messages = [dict(m) for m in checkpoint.messages]
        self.pending = checkpoint.pending
        self.queued = list(checkpoint.queued)
        self.budget = Budget(checkpoint.limits, checkpoint.counters, clock)
        self.evidence = checkpoint.evidence
        self.run_rules = list(checkpoint.run_rules)
        self.started_at = checkpoint.started_at
        self.disclosed = list(checkpoint.disclosed)
        self.tools = tools
        self.journal = journal
        self.cancel = cancel
        self.workspace_rules = list(workspace_rules)
        self.added_rules: list[Rule] = []

    @property
    def rules(self) -> tuple[Rule, ...]:
        return (*self.workspace_rules, *self.run_rules)

    def snapshot(self) -> Checkpoint:
        return Checkpoint(
            messages=[dict(m) for m in self.messages],
            pending=self.pending,
            queued=list(self.queued),
            limits=self.budget.limits,
            counters=self.budget.sync(),
            evidence=self.evidence,
            run_rules=list(self.run_rules),
            started_at=self.started_at,
            disclosed=list(self.disclosed),
        )

    def save(self) -> Checkpoint:
        checkpoint = self.snapshot()
        self.journal.checkpoint(checkpoint)
        return checkpoint

    def emit(self, event: AgentEvent, **data: Any) -> None:
        self.journal.event(event.value, data)

    # -- messages --------------------------------------------------------------------------------
    def add_assistant(self, text: str, calls: Sequence[ParsedCall], reasoning: str = "") -> None:
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if calls:
            message["tool_calls"] = [
                {"id": c.id, "name": c.name, "arguments": c.arguments or {}} for c in calls
            ]
            if reasoning:  # kept for the run's next steps (step_reasoning decides whether it is sent)
                message["reasoning"] = reasoning
        self.messages.append(message)

    def add_user(self, text: str) -> None:
        self.messages.append({"role": "user", "content": text})

    def record_result(self, call_id: str, tool: str, result: ToolResult) -> None:
        """The call's result goes to the model (a ``tool`` message), the trace and the evidence."""
        self.messages.append({"role": "tool", "content": result.text, "tool_call_id": call_id, "name": tool})
        if result.ok and tool == "read_file" and result.path:
            self.evidence.read(result.path)
        if result.ok and tool == KB_SEARCH:
            self.evidence.cited(list(result.data.get("hits", [])))
        self.emit(AgentEvent.TOOL_RESULT, id=call_id, tool=tool, result=result.to_dict())

    def answer_unhandled(self, note: Phrase) -> None:
        """Give every call still without a result one, so the messages stay a valid conversation."""
        if self.pending is not None:
            text = said(NOT_SENT_AGAIN) if self.pending.may_have_run else note
            self.record_result(self.pending.id, self.pending.tool, ToolResult.refused(text, "not_run"))
            self.pending = None
        for call in self.queued:
            self.record_result(call.id, call.name, ToolResult.refused(note, "not_run"))
        self.queued = []

    def request_messages(self, native: bool, keep_reasoning: bool = False) -> tuple[ChatMessage, ...]:
        """The run's own steps as messages; ``keep_reasoning``: the model's profile says its template
        reads an earlier step's reasoning (:func:`step_reasoning`)."""
        if native:
            return tuple(
                replace(message_from_dict(m), reasoning=step_reasoning(m, keep_reasoning)) for m in self.messages
            )
        rendered = []
        for message in self.messages:
            if message["role"] == "assistant" and message.get("tool_calls"):
                calls = [{"tool": c["name"], "args": c["arguments"]} for c in message["tool_calls"]]
                text = "\n".join(json.dumps(c, ensure_ascii=False) for c in calls)
                rendered.append(ChatMessage("assistant", text, reasoning=step_reasoning(message, keep_reasoning)))
            elif message["role"] == "tool":
                rendered.append(
                    ChatMessage("user", f"Result of {message.get('name', 'the tool')}:\n{message['content']}")
                )
            else:
                rendered.append(ChatMessage(str(message["role"]), str(message.get("content", ""))))
        return tuple(rendered)

    # -- endings ---------------------------------------------------------------------------------
    def completed(self, text: str) -> Completed:
        return Completed(text, self.evidence, None, self.save(), tuple(self.added_rules))

    def stopped(self, reason: StopReason) -> Completed:
        counters = self.budget.sync()
        self.emit(
            AgentEvent.BUDGET_STOP,
            reason=reason.value,
            limits=self.budget.limits.to_dict(),
            counters=counters.to_dict(),
        )
        self.answer_unhandled(said("agent.result.limit", limit=reason.value))
        text = explain_stop(reason, self.budget.limits, counters, self.evidence.describe())
        self.journal.delta(text.english)
        return Completed(
            text.english, self.evidence, reason, self.save(), tuple(self.added_rules), text.to_dict()
        )

    def failed(self, kind: str, message: str, detail: str = "", phrase: Phrase | None = None) -> Failed:
        error: dict[str, Any] = {"kind": kind, "message": message, **({"detail": detail} if detail else {})}
        if phrase is not None:  # the window says it in its own language
            error["phrase"] = phrase.to_dict()
        return Failed(error, self.evidence, self.save(), tuple(self.added_rules))

    def cancelled(self, partial: str = "") -> Cancelled:
        self.answer_unhandled(said(NOT_RUN_CANCELLED))
        return Cancelled(partial, self.evidence, self.save(), tuple(self.added_rules))

    def waiting(self, pending: PendingCall) -> WaitingApproval:
        self.pending = pending
        self.emit(
            AgentEvent.APPROVAL_REQUIRED,
            id=pending.id,
            tool=pending.tool,
            reason=pending.reason,
            reason_phrase=pending.reason_phrase,
            proposal=pending.proposal.to_dict() if pending.proposal else None,
            arguments=pending.arguments,
            external=pending.external,
            may_have_run=pending.may_have_run,
        )
        checkpoint = self.save()
        return WaitingApproval(
            checkpoint,
            pending.proposal,
            pending.id,
            pending.tool,
            pending.reason,
            tuple(self.added_rules),
            arguments=pending.arguments,
            external=pending.external,
            may_have_run=pending.may_have_run,
        )


def step_reasoning(message: dict[str, Any], template_reads_it: bool) -> str:
    """The reasoning an agent step's message carries back to the model: the one place of the rule.

    Reasoning is never sent back as history, except between the tool calls of one agent run, and
    only to a model whose chat template reads it (``ModelProfile.reasoning_in_tool_loop``): local
    GGUFs whose template renders ``reasoning_content`` or ``thinking`` (Qwen3, GLM, Kimi, DeepSeek
    V3.1, gpt-oss — several refuse to go on without it), and every remote server (its own template
    decides; llama.cpp's and vLLM's drop it where theirs does not use it). The run's messages are its
    own steps only (the thread's history comes from the compiled request, which has no reasoning),
    and only a step that called tools keeps its reasoning (``add_assistant``), so a final answer's
    reasoning never travels on.
    """
    if not template_reads_it or not message.get("tool_calls"):
        return ""
    return str(message.get("reasoning", ""))

