"""The agent loop's journal: every step a run event, every checkpoint committed before it returns.

Exactly-once rests on :meth:`RunJournal.checkpoint` being durable when it returns: it writes the
checkpoint in its own transaction (with the text streamed so far), so a process killed right after
finds it on the next start. Large tool arguments (a whole file for ``write_file``) are trimmed in
the event log; the checkpoint keeps them whole. The whole output of a command or MCP call (its
``full_output``; the model read a cut) is kept beside the run (``tool_outputs``) for the trace.
"""

from __future__ import annotations

from typing import Any

from mira_desktop.agent.checkpoint import Checkpoint
from mira_desktop.agent.journal import AgentEvent
from mira_desktop.services.chat.run_context import RunContext
from mira_desktop.store.runs import RunRepository

MAX_EVENT_STRING = 4000  # characters of one string kept in a run event


class RunJournal:
    def __init__(self, context: RunContext, runs: RunRepository) -> None:
        self._context = context
        self._runs = runs
        self._opening = len(context.text)  # what the answer held when this invocation began
        self._next_call_start = self._opening  # where the next model call's streamed text begins
        self._reply_start = self._opening  # where the last model call's streamed text began
        self.last: Checkpoint | None = None

    def event(self, type: str, data: dict[str, Any]) -> None:
        # The loop emits ``model_call`` once the reply has streamed, then ``interim_text`` when that
        # reply's text was a preamble to tool calls: the rewind goes back to where the reply began.
        if type == AgentEvent.MODEL_CALL:
            self._reply_start, self._next_call_start = self._next_call_start, len(self._context.text)
        if type == AgentEvent.INTERIM_TEXT:
            self._context.rewind(self._reply_start)  # a preamble to tool calls is not the answer
            self._next_call_start = len(self._context.text)
        if type == AgentEvent.TOOL_RESULT:
            self._keep_full_output(data)
        self._context.emit(type, _trimmed(data))

    def _keep_full_output(self, data: dict[str, Any]) -> None:
        result = data.get("result")
        details = result.get("data") if isinstance(result, dict) else None
        if isinstance(details, dict) and isinstance(details.get("full_output"), str):
            self._runs.save_tool_output(self._context.run_id, str(data.get("id")), details.pop("full_output"))
            details["full_output_kept"] = True

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        self.last = checkpoint
        with self._context.database.transaction():
            self._context.flush()
            self._runs.save_checkpoint(
                self._context.run_id,
                checkpoint.to_json(),
                {"limits": checkpoint.limits.to_dict(), "used": checkpoint.counters.to_dict()},
            )

    def delta(self, text: str) -> None:
        context = self._context
        if text and context.text and len(context.text) == self._opening and not context.text.endswith("\n"):
            text = "\n\n" + text  # a continued run goes on below what the answer said (a stop's note)
        context.delta(text)


def _trimmed(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_EVENT_STRING:
        return value[:MAX_EVENT_STRING] + f"… ({len(value) - MAX_EVENT_STRING} more characters)"
    if isinstance(value, dict):
        return {k: _trimmed(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_trimmed(v) for v in value]
    return value
