"""One tool call through the loop: parse check → budgets and the repeat rule → guardrail → run or wait.

Changes go propose → (approval) → intent checkpoint → snapshot and execute → result checkpoint,
so that a kill anywhere leaves a checkpoint from which :func:`finish_intent` resolves the change
exactly once. External calls (an MCP server's tool, ``run_command``) go (approval) → intent
checkpoint → send → result checkpoint; an intent found without a result waits for the user
("it may have run"), because nothing can tell whether the other program did it.
"""

from __future__ import annotations

from typing import Any

from mira_desktop.agent.budgets import StopReason
from mira_desktop.agent.checkpoint import ParsedCall, PendingCall, PendingPhase, after_kill
from mira_desktop.agent.errors import StaleProposal, ToolError
from mira_desktop.agent.guardrail import GuardrailDecision, Verdict, decide
from mira_desktop.agent.journal import AgentEvent
from mira_desktop.agent.outcomes import Outcome
from mira_desktop.agent.run_state import AgentRun
from mira_desktop.agent.tools.catalog import Origin, ToolDef
from mira_desktop.agent.tools.disclosure import TOOL_SCHEMA, schema_text
from mira_desktop.agent.tools.proposals import Proposal
from mira_desktop.agent.tools.results import ToolResult, argument_path
from mira_desktop.core import phrases
from mira_desktop.core.cancel import Cancelled as CancelSignal
from mira_desktop.core.phrases import Phrase, said

AWAITING = PendingPhase.AWAITING_APPROVAL


def handle_call(run: AgentRun, call: ParsedCall) -> Outcome | None:
    """Handle one call of the model's reply; an outcome ends this invocation of the loop."""
    if run.cancel.cancelled:
        run.queued.insert(0, call)
        return run.cancelled()
    run.emit(AgentEvent.TOOL_CALL, id=call.id, tool=call.name, arguments=call.arguments)
    try:
        if call.error is not None:
            error = phrases.from_dict(call.error_phrase) or call.error
            raise ToolError.said("agent.tool.unreadable_call", "malformed", tool=call.name, error=error)
        tool = run.tools.validate(call.name, call.arguments)
    except ToolError as exc:
        return _malformed(run, call, exc.phrase or exc.message)
    arguments = dict(call.arguments or {})
    check = run.budget.check_call(call.name, arguments)
    if check.stop is not None:
        run.queued.insert(0, call)
        return run.stopped(check.stop)
    if check.repeat:
        run.emit(AgentEvent.TOOL_REPEAT, id=call.id, tool=call.name)
        run.record_result(
            call.id, call.name, ToolResult.refused(said("agent.result.repeat", tool=call.name), "repeat")
        )
        return None
    if call.name == TOOL_SCHEMA:  # Mira's own answer about the run's tools: nothing to guard
        return _disclose(run, call.id, arguments)
    run.tools.check_alive()
    decision = decide(call.name, tool, run.rules)
    run.emit(AgentEvent.TOOL_DECISION, id=call.id, tool=call.name, **decision.to_dict())
    return _follow(run, call.id, tool, arguments, decision)


def _disclose(run: AgentRun, call_id: str, arguments: dict[str, Any]) -> Outcome | None:
    """Answer ``tool_schema``: the schemas of the folded tools it names, offered in full from now on."""
    registry = run.tools.registry
    names = [name for name in dict.fromkeys(map(str, arguments.get("names", []))) if name in registry.folded]
    run.disclosed.extend(name for name in names if name not in run.disclosed)
    share = registry.share(run.disclosed)
    phrase = said("agent.tool_schemas.asked", **share.to_dict())
    run.emit(
        AgentEvent.TOOL_SCHEMAS, names=names, **share.to_dict(), text=phrase.english, phrase=phrase.to_dict()
    )
    tools = [tool for tool in (registry.get(name) for name in names) if tool is not None]
    text = "You can call these tools now; their schemas:\n" + schema_text(tools)
    shown = said("agent.result.schemas_shown", names=", ".join(names))
    run.record_result(
        call_id, TOOL_SCHEMA, ToolResult(True, text, data={"names": names}, phrase=shown.to_dict())
    )
    run.save()
    return None


def _follow(
    run: AgentRun, call_id: str, tool: ToolDef, arguments: dict[str, Any], decision: GuardrailDecision
) -> Outcome | None:
    """Do what the guardrail decided: deny, run a read or an external call, or propose a change and
    run or hold it."""
    if decision.verdict is Verdict.DENY:
        run.record_result(
            call_id,
            tool.name,
            ToolResult.refused(said("agent.result.denied", reason=decision.phrase), "denied"),
        )
        return None
    if tool.external:
        return _follow_external(run, call_id, tool, arguments, decision)
    waits = decision.verdict is Verdict.REQUIRE_APPROVAL
    if not tool.changes_files:
        if waits:
            return run.waiting(_asked(call_id, tool.name, arguments, decision))
        return run_read(run, call_id, tool.name, arguments)
    return _follow_change(run, call_id, tool, arguments, decision)


def _follow_change(
    run: AgentRun, call_id: str, tool: ToolDef, arguments: dict[str, Any], decision: GuardrailDecision
) -> Outcome | None:
    try:
        proposal = run.tools.propose(call_id, tool.name, arguments)
    except ToolError as exc:
        run.record_result(call_id, tool.name, ToolResult.from_error(exc, argument_path(arguments)))
        return None
    if decision.verdict is Verdict.REQUIRE_APPROVAL:
        return run.waiting(_asked(call_id, tool.name, arguments, decision, proposal))
    return execute_change(run, proposal)


def _follow_external(
    run: AgentRun, call_id: str, tool: ToolDef, arguments: dict[str, Any], decision: GuardrailDecision
) -> Outcome | None:
    if decision.verdict is Verdict.REQUIRE_APPROVAL:
        return run.waiting(_asked(call_id, tool.name, arguments, decision, external=tool.card()))
    return run_external(run, call_id, tool.name, arguments, tool.card())


def _asked(
    call_id: str,
    tool: str,
    arguments: dict[str, Any],
    decision: GuardrailDecision,
    proposal: Proposal | None = None,
    *,
    external: dict[str, Any] | None = None,
) -> PendingCall:
    """The call waiting for the user's approval, with the guardrail's reason (and its phrase)."""
    reason = decision.phrase.to_dict()
    return PendingCall(
        call_id, tool, arguments, AWAITING, proposal, decision.reason, external, reason_phrase=reason
    )


def run_read(run: AgentRun, call_id: str, tool: str, arguments: dict[str, Any]) -> Outcome | None:
    """Run a read tool and record its result; a cancel seen inside it ends the invocation."""
    try:
        result = run.tools.run_read(tool, arguments, run.cancel)
    except CancelSignal:
        run.record_result(
            call_id, tool, ToolResult.refused(said("agent.result.stopped_running"), "cancelled")
        )
        return run.cancelled()
    run.record_result(call_id, tool, result)
    return None


def run_external(
    run: AgentRun, call_id: str, tool: str, arguments: dict[str, Any], card: dict[str, Any]
) -> Outcome | None:
    """Journal the call durably, send it, record its result; a cancel while it is pending ends the invocation."""
    run.pending = PendingCall(call_id, tool, arguments, PendingPhase.EXECUTING, None, "", card)
    run.emit(AgentEvent.CALL_SENDING, id=call_id, tool=tool, server=card.get("server"))
    run.save()  # durable before anything is sent: a kill from here on leaves "it may have run"
    try:
        result = run.tools.run_external(tool, arguments, run.cancel)
    except CancelSignal:
        run.pending = None
        run.record_result(call_id, tool, ToolResult.refused(said("agent.result.stopped_sent"), "cancelled"))
        return run.cancelled()
    run.pending = None
    changed = [str(p) for p in result.data.get("changed", [])] if card.get("origin") == Origin.SANDBOX else []
    if changed:
        run.evidence.changed_by_command(changed)
    if changed or (card.get("origin") == Origin.MCP and not card.get("read_only_hint")):
        run.budget.count_change()  # the world may have changed: earlier reads are no repeats
    run.record_result(call_id, tool, result)
    run.save()
    return None


def _malformed(run: AgentRun, call: ParsedCall, message: Phrase | str) -> Outcome | None:
    stop = run.budget.count_malformed()
    phrase = message.to_dict() if isinstance(message, Phrase) else None
    run.emit(
        AgentEvent.TOOL_MALFORMED,
        id=call.id,
        tool=call.name,
        error=str(message),
        error_phrase=phrase,
        ends_run=stop is not None,
    )
    result = (
        ToolResult.refused(message, "malformed")
        if isinstance(message, Phrase)
        else ToolResult.failure(message, "malformed")
    )
    run.record_result(call.id, call.name, result)
    return run.stopped(StopReason.MALFORMED) if stop is not None else None


def execute_change(run: AgentRun, proposal: Proposal, *, retry_stale: bool = True) -> Outcome | None:
    """Checkpoint the intent, make the change (snapshot first), record and checkpoint the result.

    When the file changed since the proposal, the change is proposed again with a fresh diff and
    put through the guardrail once more (waiting for approval again where it needs one).
    """
    run.pending = PendingCall(
        proposal.call_id, proposal.tool, proposal.arguments, PendingPhase.EXECUTING, proposal
    )
    run.emit(AgentEvent.CHANGE_INTENT, id=proposal.call_id, proposal=proposal.to_dict())
    run.save()
    try:
        result = run.tools.execute(proposal)
    except StaleProposal as exc:
        run.pending = None
        run.emit(AgentEvent.APPROVAL_STALE, id=proposal.call_id, paths=list(exc.paths))
        if not retry_stale:
            run.record_result(proposal.call_id, proposal.tool, ToolResult.refused(exc.phrase, "stale"))
            run.save()
            return None
        return _propose_again(run, proposal)
    except ToolError as exc:
        result = ToolResult.from_error(exc, argument_path(proposal.arguments))
    record_change(run, proposal, result)
    return None


def record_change(run: AgentRun, proposal: Proposal, result: ToolResult) -> None:
    run.pending = None
    if result.ok:
        run.evidence.changed(proposal.changes)
        run.budget.count_change()
    run.record_result(proposal.call_id, proposal.tool, result)
    run.save()


def _propose_again(run: AgentRun, stale: Proposal) -> Outcome | None:
    try:
        fresh = run.tools.propose(stale.call_id, stale.tool, stale.arguments)
    except ToolError as exc:
        run.record_result(
            stale.call_id, stale.tool, ToolResult.from_error(exc, argument_path(stale.arguments))
        )
        run.save()
        return None
    decision = decide(stale.tool, run.tools.registry.get(stale.tool), run.rules)
    if decision.verdict is Verdict.ALLOW:
        return execute_change(run, fresh, retry_stale=False)
    if decision.verdict is Verdict.DENY:
        run.record_result(
            stale.call_id,
            stale.tool,
            ToolResult.refused(said("agent.result.denied", reason=decision.phrase), "denied"),
        )
        run.save()
        return None
    reason = (
        "The file changed since the change was proposed; here is the change against the file as it is now."
    )
    return run.waiting(PendingCall(stale.call_id, stale.tool, stale.arguments, AWAITING, fresh, reason))


def finish_intent(run: AgentRun, pending: PendingCall) -> Outcome | None:
    """Resolve a change whose intent was recorded but whose result was not (the process died).

    If the disk already holds every ``after`` state the change was made: its result is recorded
    without making it again. Otherwise it is executed now (its ``before`` is checked first).
    """
    uncertain = after_kill(pending)
    if uncertain is not None:  # sent, maybe done: never sent again on its own
        return run.waiting(uncertain)
    proposal = pending.proposal
    if proposal is None:  # a read's intent: reads are safe to run again
        run.pending = None
        outcome = run_read(run, pending.id, pending.tool, pending.arguments)
        run.save()
        return outcome
    if run.tools.already_applied(proposal):
        run.emit(AgentEvent.CHANGE_FOUND_APPLIED, id=pending.id)
        record_change(run, proposal, run.tools.applied_result(proposal))
        return None
    return execute_change(run, proposal)
