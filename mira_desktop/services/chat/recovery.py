"""After a kill: runs left ``running`` by a process that no longer exists are marked ``interrupted``.

A run records its process id and start time in ``run.started``; a run of a live process (a `mira`
command beside the app) is left alone. The text streamed so far stays on the message. An agent run
killed after sending a call to another program (an MCP server, ``run_command``) and before storing
its result waits for the user instead: "this call may have run — run it again, or go on without
it" (it is never sent again on its own).
"""

from __future__ import annotations

from typing import Any

from mira_desktop.agent.checkpoint import Checkpoint, PendingCall, after_kill
from mira_desktop.agent.journal import AgentEvent
from mira_desktop.core.conversation.runs import EventType, Run, RunKind, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.phrases import said
from mira_desktop.core.processes import process_alive
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository

INTERRUPTED_MESSAGE = said("chat.interrupted")
INTERRUPTED_AGENT_CALL = said("agent.interrupted_call")
INTERRUPTED_AGENT = said("agent.interrupted")


def recover_interrupted(database: Database, runs: RunRepository, messages: MessageRepository) -> list[str]:
    """Mark the runs of dead processes interrupted; returns their ids."""
    marked = []
    for run in runs.list_by_status(RunStatus.RUNNING):
        # The process that last took the run up: the one that started it, or that resumed it.
        owners = [e for e in runs.events(run.id) if e.type in (EventType.RUN_STARTED, EventType.RUN_RESUMED)]
        owner = owners[-1] if owners else None
        if owner is not None and process_alive(owner.data.get("pid"), owner.data.get("process_start")):
            continue
        text = runs.checkpoint_json(run.id) if run.kind is RunKind.AGENT else None
        agent = text is not None
        checkpoint, uncertain = _left_by_the_kill(text) if text else (None, None)
        if checkpoint is not None and uncertain is not None:
            _wait_for_the_user(
                database, runs=runs, messages=messages, run=run, checkpoint=checkpoint, pending=uncertain
            )
            marked.append(run.id)
            continue
        why = INTERRUPTED_AGENT if agent else INTERRUPTED_MESSAGE
        error = {"kind": "interrupted", "message": why.english, "phrase": why.to_dict(), "resumable": agent}
        with database.transaction():
            if run.assistant_message_id:
                message = messages.get(run.assistant_message_id)
                if message is not None:
                    messages.finalize(
                        message.id, content=message.content, status=MessageStatus.ERROR, error=error
                    )
            runs.append_event(run.id, EventType.RUN_INTERRUPTED, {"run_id": run.id, "status": "interrupted"})
            runs.finish(run.id, RunStatus.INTERRUPTED, error)
        marked.append(run.id)
    return marked


def _left_by_the_kill(text: str) -> tuple[Checkpoint, PendingCall | None]:
    """An agent run's checkpoint, and the call it may have sent before the kill (the agent's modules
    are imported here: at most starts there is no run to recover)."""
    checkpoint = Checkpoint.from_json(text)
    return checkpoint, after_kill(checkpoint.pending)


def _wait_for_the_user(
    database: Database,
    *,
    runs: RunRepository,
    messages: MessageRepository,
    run: Run,
    checkpoint: Checkpoint,
    pending: PendingCall,
) -> None:
    """The run waits on the call that may have run, as if it had paused for an approval there."""
    checkpoint.pending = pending
    shown: dict[str, Any] = {
        "call_id": pending.id,
        "tool": pending.tool,
        "reason": pending.reason,
        "proposal": None,
        "arguments": pending.arguments,
        "external": pending.external,
        "may_have_run": True,
    }
    with database.transaction():
        budgets = {"limits": checkpoint.limits.to_dict(), "used": checkpoint.counters.to_dict()}
        runs.save_checkpoint(run.id, checkpoint.to_json(), budgets)
        if run.assistant_message_id:
            message = messages.get(run.assistant_message_id)
            if message is not None:
                messages.set_metadata(message.id, {**message.metadata, "pending": shown})
        notice = {"text": INTERRUPTED_AGENT_CALL.english, "phrase": INTERRUPTED_AGENT_CALL.to_dict()}
        runs.append_event(run.id, EventType.NOTICE, notice)
        asked = {"id": pending.id, "tool": pending.tool, "reason": pending.reason, "proposal": None}
        runs.append_event(
            run.id,
            AgentEvent.APPROVAL_REQUIRED,
            asked | {"arguments": pending.arguments, "external": pending.external, "may_have_run": True},
        )
        waiting = {
            "thread_id": run.thread_id,
            "run_id": run.id,
            "message_id": run.assistant_message_id,
            "status": RunStatus.WAITING_APPROVAL.value,
            "pending": shown,
        }
        runs.append_event(run.id, EventType.RUN_WAITING, waiting)
        runs.set_status(run.id, RunStatus.WAITING_APPROVAL)
