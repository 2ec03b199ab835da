"""What a user does with an agent run: see what it waits for, approve, deny, continue, cancel, undo.

Every decision names the run, and an approval names the pending call's id (a stale approval —
another call, or a file changed since the proposal — does nothing but say so). Approve, deny and
continue go on with the *same* run through the chat service, in this process, also when the run
was paused by a process that has ended since. Undo restores every file the run changed, byte for
byte, from the snapshots taken before each change, and refuses (listing the files) when the user
changed one since.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mira_desktop.agent.budgets import BudgetLimits, with_more_model_calls
from mira_desktop.agent.checkpoint import Checkpoint, PendingCall, PendingPhase
from mira_desktop.agent.errors import InvalidWorkspaceRoot, WorkspaceGone
from mira_desktop.agent.files.changes import FileChange
from mira_desktop.agent.guardrail import RuleScope
from mira_desktop.agent.outcomes import Approve, ContinueRun, Deny
from mira_desktop.agent.snapshots import SnapshotStore, UndoReport, undo
from mira_desktop.agent.tools.catalog import BY_NAME
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core import phrases
from mira_desktop.core.changes import ChangeFeed, Topic

# What the window and the command take from here (they never import the store or the agent).
__all__ = [
    "CANCELLED_INTERRUPTED",
    "CANCELLED_MAY_HAVE_RUN",
    "CANCELLED_WAITING",
    "AgentRunView",
    "AgentRuns",
    "RuleScope",
    "default_limits",
]
from mira_desktop.core.conversation.runs import EventType, Run, RunKind, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.services.chat.routes.agent import AgentRoute, Recover
from mira_desktop.services.chat.service import ChatService
from mira_desktop.services.chat.worker import RunHandle
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository

CANCELLED_WAITING = "agent.cancelled.waiting"  # the phrases a cancel adds to the answer
CANCELLED_MAY_HAVE_RUN = "agent.cancelled.may_have_run"
CANCELLED_INTERRUPTED = "agent.cancelled.interrupted"


@dataclass(frozen=True)
class AgentRunView:
    """An agent run as `mira runs show` and the window show it."""

    run: Run
    pending: dict[str, Any] | None  # {"call_id", "tool", "risk", "arguments", "reason", "proposal"}
    limits: dict[str, Any] = field(default_factory=dict)
    used: dict[str, Any] = field(default_factory=dict)
    files_changed: list[str] = field(default_factory=list)
    files_read: list[str] = field(default_factory=list)
    stop_reason: str | None = None
    changed_by_commands: list[str] = field(default_factory=list)  # undo cannot put these back

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.run.id,
            "thread_id": self.run.thread_id,
            "status": self.run.status.value,
            "pending": self.pending,
            "budgets": {"limits": self.limits, "used": self.used},
            "files_changed": self.files_changed,
            "files_read": self.files_read,
            "stop_reason": self.stop_reason,
            "changed_by_commands": self.changed_by_commands,
        }


class AgentRuns:
    def __init__(
        self,
        *,
        chat: ChatService,
        route: AgentRoute,
        database: Database,
        runs: RunRepository,
        messages: MessageRepository,
        threads: ThreadRepository,
        snapshots_dir: Path,
        changes: ChangeFeed,
    ) -> None:
        self._chat = chat
        self._route = route
        self._db = database
        self._runs = runs
        self._messages = messages
        self._threads = threads
        self._snapshots = SnapshotStore(snapshots_dir)
        self._changes = changes

    # -- reading ---------------------------------------------------------------------------------
    def show(self, run_id: str) -> AgentRunView:
        run = self._agent_run(run_id)
        checkpoint = self._checkpoint(run)
        if checkpoint is None:
            return AgentRunView(run, None)
        pending = checkpoint.pending
        answer = self._messages.get(run.assistant_message_id or "")
        return AgentRunView(
            run,
            _pending_view(pending) if pending is not None else None,
            checkpoint.limits.to_dict(),
            {k: v for k, v in checkpoint.counters.to_dict().items() if k not in ("since_change", "history")},
            list(checkpoint.evidence.files_changed),
            list(checkpoint.evidence.files_read),
            answer.metadata.get("stop_reason") if answer is not None else None,
            list(checkpoint.evidence.changed_by_commands),
        )

    def tool_output(self, run_id: str, call_id: str) -> str:
        """The whole output of one call of the run (what the trace shows on demand)."""
        self._agent_run(run_id)
        kept = self._runs.tool_output(run_id, call_id)
        if kept is not None:
            return kept
        for event in self._runs.events(run_id):
            if event.type == "tool.result" and event.data.get("id") == call_id:
                return str((event.data.get("result") or {}).get("text", ""))
        raise NotFoundError.said("agent.run.no_call", run_id=run_id, call_id=call_id)

    def used_no_tools_last(self, thread_id: str, model_ref: str) -> bool:
        """Whether the thread's last agent run on ``model_ref`` answered a file task without
        calling a tool (the header then says so, and offers a model that can)."""
        runs = [r for r in self._runs.list_for_thread(thread_id) if r.kind is RunKind.AGENT]
        last = runs[-1] if runs else None
        if last is None or last.model_ref != model_ref or last.status is not RunStatus.COMPLETED:
            return False
        answer = self._messages.get(last.assistant_message_id or "")
        return bool(answer is not None and answer.metadata.get("no_tool_use"))

    def waiting(self) -> list[AgentRunView]:
        """Runs that wait for the user's approval (after a restart too), oldest first."""
        return [self.show(run.id) for run in self._runs.waiting()]

    # -- deciding --------------------------------------------------------------------------------
    def approve(self, run_id: str, call_id: str | None = None, always: RuleScope | None = None) -> RunHandle:
        """Run the pending call (``call_id``, when given, must name it); ``always`` also allows its tool
        from now on in this run or this workspace."""
        pending = self._pending(run_id, call_id)
        decision = Approve(pending, always)
        describe = {"type": "approve", "call_id": pending, "always": always.value if always else None}
        return self._chat.resume_run(run_id, decision, describe)

    def deny(self, run_id: str, reason: str = "", call_id: str | None = None) -> RunHandle:
        """Do not run the pending call; the model reads ``reason`` and goes on."""
        pending = self._pending(run_id, call_id)
        describe = {"type": "deny", "call_id": pending, "reason": reason}
        return self._chat.resume_run(run_id, Deny(pending, reason), describe)

    def continue_run(self, run_id: str, more_steps: int | None = None) -> RunHandle:
        """Go on after a limit stopped the run (raised limits), or after Mira was killed mid-run."""
        run = self._agent_run(run_id)
        checkpoint = self._checkpoint(run)
        if checkpoint is None:
            raise ConflictError.said("agent.run.not_far", run_id=run_id)
        if run.status is RunStatus.WAITING_APPROVAL:
            raise ConflictError.said("agent.run.waits", run_id=run_id)
        if self._undone(run_id):  # the files are back as they were: the run's context no longer holds
            raise ConflictError.said("agent.run.undone_no_continue", run_id=run_id)
        if run.status is RunStatus.INTERRUPTED:
            return self._chat.resume_run(run_id, Recover(), {"type": "recover"})
        if run.status is not RunStatus.COMPLETED:
            raise ConflictError.said("agent.run.cannot_continue", run_id=run_id, status=run.status.value)
        if more_steps is not None and more_steps < 1:
            raise InvalidInputError.said("agent.run.more_steps")
        limits = checkpoint.limits.continued(checkpoint.counters, self._route.limits())
        if more_steps is not None:  # exactly N more model calls; the other limits raised as usual
            limits = with_more_model_calls(
                replace(limits, model_calls=checkpoint.counters.model_calls), more_steps
            )
        describe = {"type": "continue", "limits": limits.to_dict()}
        return self._chat.resume_run(run_id, ContinueRun(limits), describe)

    def cancel(self, run_id: str) -> Run:
        """End a waiting (or interrupted) run as cancelled; what it changed stays (undo puts it back)."""
        run = self._agent_run(run_id)
        if run.status not in (RunStatus.WAITING_APPROVAL, RunStatus.INTERRUPTED):
            if self._chat.stop(run_id):
                return run
            raise ConflictError.said("agent.run.nothing_to_cancel", run_id=run_id, status=run.status.value)
        checkpoint = self._checkpoint(run)
        made = self._in_flight_change(run, checkpoint) if checkpoint is not None else ()
        note = CANCELLED_WAITING if run.status is RunStatus.WAITING_APPROVAL else CANCELLED_INTERRUPTED
        if checkpoint is not None and checkpoint.pending is not None and checkpoint.pending.may_have_run:
            note = CANCELLED_MAY_HAVE_RUN
        with self._db.transaction():
            if checkpoint is not None:
                # Nothing waits any more; a change a killed process made is kept for undo.
                checkpoint.evidence.changed(made)
                checkpoint.pending, checkpoint.queued = None, []
                budgets = {"limits": checkpoint.limits.to_dict(), "used": checkpoint.counters.to_dict()}
                self._runs.save_checkpoint(run.id, checkpoint.to_json(), budgets)
            if run.assistant_message_id:
                answer = self._messages.get(run.assistant_message_id)
                if answer is not None:
                    said = phrases.said(note)
                    metadata = {k: v for k, v in answer.metadata.items() if k != "pending"}
                    metadata["said_after"] = said.to_dict()  # the window says the note in its language
                    text = "\n\n".join(p for p in (answer.content, said.english) if p)
                    self._messages.finalize(
                        answer.id, content=text, status=MessageStatus.CANCELLED, metadata=metadata
                    )
            data = {
                "thread_id": run.thread_id,
                "run_id": run.id,
                "message_id": run.assistant_message_id,
                "status": "cancelled",
            }
            self._runs.append_event(run.id, EventType.RUN_CANCELLED, data)
            self._runs.finish(run.id, RunStatus.CANCELLED)
        self._changes.publish(Topic.THREADS, run.thread_id)
        self._changes.publish(Topic.RUNS, run.id)
        cancelled = self._runs.get(run.id)
        assert cancelled is not None
        return cancelled

    def undo(self, run_id: str) -> UndoReport:
        """Put back every file the run changed; refuses, listing them, when a file changed since."""
        run = self._agent_run(run_id)
        if run.status in (RunStatus.RUNNING,) and any(h.run_id == run_id for h in self._chat.active_runs()):
            raise ConflictError.said("agent.run.stop_before_undo")
        checkpoint = self._checkpoint(run)
        changes = (
            [*checkpoint.evidence.changes, *self._in_flight_change(run, checkpoint)] if checkpoint else []
        )
        if not changes:
            raise ConflictError.said("agent.run.nothing_to_undo", run_id=run_id)
        if self._undone(run_id):
            raise ConflictError.said("agent.run.already_undone", run_id=run_id)
        thread = self._threads.get(run.thread_id)
        assert thread is not None
        workspace = self._route.workspace(thread)
        with self._route.open_root(workspace) as root:
            report = undo(root, self._snapshots, changes)
        self._runs.append_event(
            run.id,
            EventType.RUN_UNDONE,
            {
                "restored": list(report.restored),
                "deleted": list(report.deleted),
                "summary": report.summary(),
                "summary_phrase": report.said().to_dict(),
            },
        )
        self._changes.publish(Topic.RUNS, run.id)
        return report

    # -- helpers ---------------------------------------------------------------------------------
    def _agent_run(self, run_id: str) -> Run:
        run = self._runs.get(run_id)
        if run is None:
            raise NotFoundError.said("agent.run.not_found", run_id=run_id)
        if run.kind is not RunKind.AGENT:
            raise ConflictError.said("agent.run.not_agent", run_id=run_id, kind=run.kind.value)
        return run

    def _checkpoint(self, run: Run) -> Checkpoint | None:
        text = self._runs.checkpoint_json(run.id)
        return Checkpoint.from_json(text) if text else None

    def _undone(self, run_id: str) -> bool:
        return any(e.type == EventType.RUN_UNDONE for e in self._runs.events(run_id))

    def _in_flight_change(self, run: Run, checkpoint: Checkpoint) -> tuple[FileChange, ...]:
        """The change of an interrupted run that its killed process made but could not record (its
        intent was checkpointed, its result not): found on disk, so that undo puts it back too."""
        pending = checkpoint.pending
        if run.status is not RunStatus.INTERRUPTED or pending is None or pending.proposal is None:
            return ()
        if pending.phase is not PendingPhase.EXECUTING:
            return ()
        thread = self._threads.get(run.thread_id)
        assert thread is not None
        try:
            with self._route.open_root(self._route.workspace(thread)) as root:
                made = WorkspaceTools(root, ToolRegistry(), self._snapshots).already_applied(pending.proposal)
        except (InvalidWorkspaceRoot, WorkspaceGone):
            return ()
        return pending.proposal.changes if made else ()

    def _pending(self, run_id: str, call_id: str | None) -> str:
        run = self._agent_run(run_id)
        checkpoint = self._checkpoint(run)
        pending = checkpoint.pending if checkpoint is not None else None
        if (
            run.status is not RunStatus.WAITING_APPROVAL
            or pending is None
            or pending.phase is not PendingPhase.AWAITING_APPROVAL
        ):
            raise ConflictError.said("agent.run.not_waiting", run_id=run_id, status=run.status.value)
        if call_id is not None and call_id != pending.id:
            raise ConflictError.said(
                "agent.run.other_call", pending=pending.id, call_id=call_id, run_id=run_id
            )
        return pending.id


def default_limits(settings_get: Any) -> BudgetLimits:
    """The agent's limits from Settings (``agent.limits``), else the defaults."""
    stored = settings_get("agent.limits", {})
    return BudgetLimits.from_dict(stored) if isinstance(stored, dict) else BudgetLimits()


def _pending_view(pending: PendingCall) -> dict[str, Any]:
    """The call waiting for approval, with its tool's risk (the window words its reason by it) and, for
    an MCP or command call, its server and the server's read-only hint."""
    tool = BY_NAME.get(pending.tool)
    card = pending.external or (tool.card() if tool else {})
    return pending.to_dict() | {"call_id": pending.id, **card, "risk": card.get("risk")}
