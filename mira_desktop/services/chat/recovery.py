"""After a kill: runs left ``running`` by a process that no longer exists are marked ``interrupted``.

A run records its process id and start time in ``run.started``; a run of a live process (a `mira`
command beside the app) is left alone. The text streamed so far stays on the message.
"""

from __future__ import annotations

from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.processes import process_alive
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository

INTERRUPTED_MESSAGE = (
    "Mira stopped while this answer was being written; the text so far is kept. Retry to answer again."
)


def recover_interrupted(database: Database, runs: RunRepository, messages: MessageRepository) -> list[str]:
    """Mark the runs of dead processes interrupted; returns their ids."""
    marked = []
    for run in runs.list_by_status(RunStatus.RUNNING):
        started = next((e for e in runs.events(run.id) if e.type == EventType.RUN_STARTED), None)
        if started is not None and process_alive(started.data.get("pid"), started.data.get("process_start")):
            continue
        error = {"kind": "interrupted", "message": INTERRUPTED_MESSAGE}
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
