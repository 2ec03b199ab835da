"""The agent loop: ask the model for a tool call or a final answer, handle the calls, repeat.

Each step builds the request from the caller's base messages (role → summary → memory → agent
context, compiled by services) plus the agent's own messages; offers the tools natively to a model
that supports tool calls, else constrains its answer to the grammar schema; and handles every call
of the answer through :mod:`.dispatch`. A call that needs approval ends the invocation with
:class:`WaitingApproval`; :meth:`AgentLoop.resume` goes on from that checkpoint with the user's
decision, in this process or a later one. The cancel token is checked between every phase.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from mira_desktop.agent.budgets import BudgetLimits
from mira_desktop.agent.checkpoint import Checkpoint, ParsedCall, PendingCall, PendingPhase
from mira_desktop.agent.dispatch import (
    execute_change,
    finish_intent,
    handle_call,
    record_change,
    run_external,
    run_read,
)
from mira_desktop.agent.errors import WorkspaceGone
from mira_desktop.agent.grammar import GrammarFinal, MalformedReply, grammar_schema, parse_grammar_reply
from mira_desktop.agent.guardrail import Rule, RuleScope, Verdict
from mira_desktop.agent.journal import AgentEvent, AgentJournal
from mira_desktop.agent.outcomes import Approve, Deny, NewMessage, Outcome, UserDecision
from mira_desktop.agent.replies import ModelReply, parse_native_calls, read_reply
from mira_desktop.agent.run_state import AgentRun
from mira_desktop.agent.tool_use import asks_for_files
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import Cancelled as CancelSignal
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.clock import now_iso
from mira_desktop.core.errors import ConflictError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.errors import ModelError
from mira_desktop.models.protocol import ChatMessage, ChatModel, ChatRequest

DEFAULT_MAX_TOKENS = 2048
CONTINUE_NOTE = "The limits were raised: continue the task from where you stopped."  # the model reads it


class AgentLoop:
    """Drives agent runs of one thread with one model in one workspace.

    Args:
        model: the thread's model; its profile decides native tool calls or constrained JSON.
        tools: the offered tools inside the workspace root.
        journal: receives every step, the checkpoints and the streamed answer.
        base_messages: the compiled request context and history, up to the user's message.
        limits: budget limits of a new run (a resumed run keeps its checkpoint's).
        workspace_rules: the user's stored rules for this workspace, plus any role rules
            (a role's allow rules are ignored by the guardrail).
        sampling: the role's sampling; ``max_tokens`` is always set.
        clock: monotonic seconds, for the time budget.
    """

    def __init__(
        self,
        model: ChatModel,
        tools: WorkspaceTools,
        journal: AgentJournal,
        *,
        base_messages: Sequence[ChatMessage],
        limits: BudgetLimits | None = None,
        workspace_rules: Sequence[Rule] = (),
        sampling: SamplingParams | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.model = model
        self.tools = tools
        self.journal = journal
        self.base_messages = tuple(base_messages)
        self.limits = limits or BudgetLimits()
        self.workspace_rules = tuple(workspace_rules)
        sampling = sampling or SamplingParams()
        self.sampling = sampling if sampling.max_tokens else replace(sampling, max_tokens=DEFAULT_MAX_TOKENS)
        self.clock = clock

    # -- entry points ----------------------------------------------------------------------------
    def start(self, cancel: CancelToken) -> Outcome:
        """Run a new agent run until it answers, waits for approval, fails or is cancelled."""
        checkpoint = Checkpoint(limits=self.limits, started_at=now_iso())
        return self._drive(self._live(checkpoint, cancel))

    def resume(self, checkpoint: Checkpoint, decision: UserDecision | None, cancel: CancelToken) -> Outcome:
        """Go on from a checkpoint: with the user's decision on the pending call, or (``None``) after a restart.

        With ``None`` a call still waiting for approval stays waiting; a change whose intent was
        recorded without a result is resolved exactly once; otherwise the run simply goes on.

        Raises:
            ConflictError: the decision names another call than the pending one, or nothing waits.
        """
        run = self._live(checkpoint, cancel)
        run.emit(
            AgentEvent.RESUMED,
            decision=_describe(decision),
            pending=run.pending.id if run.pending else None,
        )
        if cancel.cancelled:
            return run.cancelled()
        pending = run.pending
        try:
            if pending is not None and pending.phase is PendingPhase.EXECUTING:
                # Approved (or allowed) before the process died: finish it; a late decision on it is moot.
                outcome = finish_intent(run, pending)
                if outcome is not None:
                    return outcome
                if isinstance(decision, Approve | Deny) and decision.call_id == pending.id:
                    decision = None
                pending = None
            if pending is None:
                if isinstance(decision, Approve | Deny):
                    raise ConflictError.said("agent.decision_nothing_waits", call_id=decision.call_id)
            else:
                outcome = self._decide(run, decision)
                if outcome is not None:
                    return outcome
        except WorkspaceGone as exc:
            return run.failed("workspace_gone", str(exc))
        if isinstance(decision, NewMessage):
            run.add_user(decision.text)
        return self._drive(run)

    def continue_run(self, checkpoint: Checkpoint, limits: BudgetLimits, cancel: CancelToken) -> Outcome:
        """Go on after a limit stopped the run: new limits, the same counters, the loop rule afresh."""
        pending = checkpoint.pending
        if pending is not None and pending.phase is PendingPhase.AWAITING_APPROVAL:
            raise ConflictError.said("agent.waits_for_approval_of", call_id=pending.id)
        run = self._live(checkpoint, cancel)
        run.budget.continue_with(limits)
        run.emit(AgentEvent.CONTINUED, limits=limits.to_dict())
        run.add_user(CONTINUE_NOTE)
        return self._drive(run)

    # -- the loop --------------------------------------------------------------------------------
    def _live(self, checkpoint: Checkpoint, cancel: CancelToken) -> AgentRun:
        return AgentRun(
            checkpoint,
            tools=self.tools,
            journal=self.journal,
            cancel=cancel,
            workspace_rules=self.workspace_rules,
            clock=self.clock,
        )

    def _drive(self, run: AgentRun) -> Outcome:
        try:
            while True:
                if run.pending is not None and run.pending.phase is PendingPhase.EXECUTING:
                    outcome = finish_intent(run, run.pending)
                    if outcome is not None:
                        return outcome
                while run.queued:
                    outcome = handle_call(run, run.queued.pop(0))
                    if outcome is not None:
                        return outcome
                outcome = self._model_step(run)
                if outcome is not None:
                    return outcome
        except WorkspaceGone as exc:
            return run.failed("workspace_gone", str(exc))
        except CancelSignal:  # a tool or retrieval that saw the token (reads are answered in dispatch)
            return run.cancelled()

    def _model_step(self, run: AgentRun) -> Outcome | None:
        if run.cancel.cancelled:
            return run.cancelled()
        stop = run.budget.before_model_call()
        if stop is not None:
            return run.stopped(stop)
        profile = self.model.profile()
        native = profile.supports_tools
        if not native and not (profile.supports_json_schema or profile.supports_grammar):
            return run.failed(
                "unsupported_model",
                f"{profile.display_name} can neither call tools nor follow a JSON schema, so it cannot run "
                "agent tasks: pick another model for this thread.",
            )
        registry = self.tools.registry
        required = native and self._call_first(run)
        request = ChatRequest(
            (*self.base_messages, *run.request_messages(native, profile.reasoning_in_tool_loop)),
            self.sampling,
            tools=registry.specs(run.disclosed) if native else (),
            json_schema=None if native else grammar_schema(registry.offered(run.disclosed)),
            tool_choice="required" if required else "auto",
        )
        run.emit(
            AgentEvent.MODEL_STARTED,
            step=run.budget.counters.model_calls + 1,
            mode="native" if native else "json",
            format=profile.tool_call_format,
            tool_choice=request.tool_choice,
        )  # the window shows the step while the model works
        try:
            reply = read_reply(self.model, request, run.cancel, self.journal.delta if native else None)
        except ModelError as exc:
            return run.failed(exc.kind.value, exc.message, exc.detail, exc.phrase)
        run.budget.count_model_call(reply.prompt_tokens, reply.completion_tokens)
        step = run.budget.counters.model_calls
        run.emit(
            AgentEvent.MODEL_CALL,
            step=step,
            mode="native" if native else "json",
            format=profile.tool_call_format,
            prompt_tokens=reply.prompt_tokens,
            completion_tokens=reply.completion_tokens,
            tool_calls=len(reply.calls),
            finish=reply.finish,
        )
        if reply.finish == "cancelled" or run.cancel.cancelled:
            return run.cancelled(reply.text if native else "")
        return self._take_reply(run, reply, native, f"call_{step}")

    def _call_first(self, run: AgentRun) -> bool:
        """A local model calling tools in its own format must start a file task with a call: a small
        one otherwise answers "done" having done nothing (:mod:`.tool_use`). Its grammar then starts at
        the reply's first token; every later step may think, answer or call."""
        if self.model.profile().tool_call_format in ("json", "openai") or run.budget.counters.tool_calls:
            return False
        task = next((m.content for m in reversed(self.base_messages) if m.role == "user"), "")
        return asks_for_files(task)

    def _take_reply(self, run: AgentRun, reply: ModelReply, native: bool, id_prefix: str) -> Outcome | None:
        if native:
            calls = parse_native_calls(reply, id_prefix)
            if not calls:
                if reply.text.strip():
                    run.add_assistant(reply.text, [])
                    return run.completed(reply.text)
                return self._unreadable(run, reply.text, said("agent.malformed.neither"))
            if reply.text:
                run.emit(AgentEvent.INTERIM_TEXT, text=reply.text)
        else:
            try:
                parsed = parse_grammar_reply(reply.text)
            except MalformedReply as exc:
                cut = reply.finish == "length"
                return self._unreadable(
                    run, reply.text, said("agent.malformed.cut_off") if cut else exc.phrase
                )
            if isinstance(parsed, GrammarFinal):
                run.add_assistant(reply.text, [])
                self.journal.delta(parsed.text)
                return run.completed(parsed.text)
            arguments = parsed.args if isinstance(parsed.args, dict) else None
            call_id = f"{id_prefix}-0"
            calls = [
                ParsedCall(call_id, parsed.tool, arguments)
                if arguments is not None
                else ParsedCall.failed(call_id, parsed.tool, said("agent.malformed.args_not_object"))
            ]
        run.add_assistant(reply.text if native else "", calls, reply.reasoning)
        run.queued = calls
        run.save()
        return None

    def _unreadable(self, run: AgentRun, text: str, message: Phrase) -> Outcome | None:
        """An answer that is neither a call nor an answer: told once, then the run ends."""
        stop = run.budget.count_malformed()
        run.emit(
            AgentEvent.TOOL_MALFORMED,
            id=None,
            tool=None,
            error=message.english,
            error_phrase=message.to_dict(),
            ends_run=stop is not None,
        )
        run.add_assistant(text, [])
        run.add_user(f"Your last answer could not be used: {message}")
        if stop is not None:
            return run.stopped(stop)
        run.save()
        return None

    # -- decisions -------------------------------------------------------------------------------
    def _decide(self, run: AgentRun, decision: UserDecision | None) -> Outcome | None:
        pending = run.pending
        assert pending is not None
        if decision is None:  # still waiting: nothing was decided
            return run.waiting(pending)
        if isinstance(decision, Approve | Deny) and decision.call_id != pending.id:
            raise ConflictError.said(
                "agent.decision_other_call", call_id=decision.call_id, pending=pending.id
            )
        if isinstance(decision, Deny):
            reason = (
                said("agent.result.their_reason", reason=decision.reason) if decision.reason.strip() else ""
            )
            run.emit(
                AgentEvent.APPROVAL_DECIDED, id=pending.id, decision="deny", reason=decision.reason, rule=None
            )
            run.pending = None
            key = "agent.result.not_sent_again_why" if pending.may_have_run else "agent.result.denied_by_user"
            run.record_result(
                pending.id, pending.tool, ToolResult.refused(said(key, reason=reason), "denied")
            )
            run.save()
            return None
        if isinstance(decision, NewMessage):
            run.emit(AgentEvent.APPROVAL_DECIDED, id=pending.id, decision="new_message", reason="", rule=None)
            run.answer_unhandled(said("agent.result.new_message"))
            return None
        return self._approved(run, pending, decision)

    def _approved(self, run: AgentRun, pending: PendingCall, decision: Approve) -> Outcome | None:
        rule = self._always(run, pending.tool, decision.always) if decision.always else None
        run.emit(
            AgentEvent.APPROVAL_DECIDED,
            id=pending.id,
            decision="approve",
            reason="",
            rule=rule.to_dict() if rule else None,
        )
        if pending.external is not None:  # an MCP or command call (or one that may have run): send it
            run.pending = None
            return run_external(run, pending.id, pending.tool, pending.arguments, pending.external)
        proposal = pending.proposal
        if proposal is None:  # an approved read
            run.pending = None
            outcome = run_read(run, pending.id, pending.tool, pending.arguments)
            run.save()
            return outcome
        if self.tools.already_applied(proposal):
            run.emit(AgentEvent.CHANGE_FOUND_APPLIED, id=pending.id)
            record_change(run, proposal, self.tools.applied_result(proposal))
            return None
        return execute_change(run, proposal)

    def _always(self, run: AgentRun, tool: str, scope: RuleScope) -> Rule:
        rule = Rule(tool, Verdict.ALLOW, scope)
        if scope is RuleScope.RUN:
            run.run_rules.append(rule)
        else:
            run.workspace_rules.append(rule)
            run.added_rules.append(rule)
            self.workspace_rules = (*self.workspace_rules, rule)
            run.emit(AgentEvent.RULE_ADDED, rule=rule.to_dict())
        return rule


def _describe(decision: UserDecision | None) -> dict[str, object] | None:
    if decision is None:
        return None
    if isinstance(decision, Approve):
        return {
            "type": "approve",
            "call_id": decision.call_id,
            "always": decision.always.value if decision.always else None,
        }
    if isinstance(decision, Deny):
        return {"type": "deny", "call_id": decision.call_id, "reason": decision.reason}
    return {"type": "new_message", "text": decision.text}
