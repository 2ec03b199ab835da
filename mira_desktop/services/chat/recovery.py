"""After a kill: runs left ``running`` by a process that no longer exists are marked ``interrupted``.

A run records its process id and start time in ``run.started``; a run of a live process (a `mira`
command beside the app) is left alone. The text streamed so far stays on the message.
"""

from __future__ import annotations

from mira_desktop.core.conversation.runs import EventType, RunKind, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.processes import process_alive
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository

INTERRUPTED_MESSAGE = (
    "Mira stopped while this answer was being written; the text so far is kept. Retry to answer again."
)
INTERRUPTED_AGENT = (
    "Mira stopped while this agent run was working; what it did is kept. Continue the run to pick up "
    "where it stopped (nothing is done twice), or undo it."
)


def recover_interrupted(database: Database, runs: RunRepository, messages: MessageRepository) -> list[str]:
    """Mark the runs of dead processes interrupted; returns their ids."""
    marked = []
    for run in runs.list_by_status(RunStatus.RUNNING):
        # The process that last took the run up: the one that started it, or that resumed it.
        owners = [e for e in runs.events(run.id) if e.type in (EventType.RUN_STARTED, EventType.RUN_RESUMED)]
        owner = owners[-1] if owners else None
        if owner is not None and process_alive(owner.data.get("pid"), owner.data.get("process_start")):
            continue
        agent = run.kind is RunKind.AGENT and runs.checkpoint_json(run.id) is not None
        error = {
            "kind": "interrupted",
            "message": INTERRUPTED_AGENT if agent else INTERRUPTED_MESSAGE,
            "resumable": agent,
        }
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
