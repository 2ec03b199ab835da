"""What a route runner gets: the compiled request, the model, the cancel token, and the journal.

Text deltas reach live listeners at once and are saved coalesced (every ``FLUSH_SECONDS``), so a
killed app loses at most the text of the last fraction of a second, never a row per token.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.request_compiler import CompiledRequest
from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.core.conversation.threads import Thread
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.chat.run_bus import LiveEvent, RunBus
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository

FLUSH_SECONDS = 0.25


@dataclass
class RunOutcome:
    status: RunStatus
    error: dict[str, Any] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


class RunContext:
    def __init__(
        self,
        *,
        run_id: str,
        thread: Thread,
        assistant_message_id: str,
        user_text: str,
        model: ChatModel,
        request: CompiledRequest,
        cancel: CancelToken,
        database: Database,
        runs: RunRepository,
        messages: MessageRepository,
        bus: RunBus,
        resume: object = None,
        role_models: dict[str, ChatModel] | None = None,
    ) -> None:
        self.run_id = run_id
        self.thread = thread
        self.assistant_message_id = assistant_message_id
        self.user_text = user_text
        self.model = model
        self.request = request
        self.cancel = cancel
        self._db = database
        self._runs = runs
        self._messages = messages
        self._bus = bus
        self.resume = resume  # how a paused agent run goes on (a decision, a continue), or None
        # The model of each role (answer, fast, grader, evaluator), frozen when the run started.
        self.role_models = role_models or {}
        self.opening_metadata: dict[str, Any] = {}  # what the answer carried when the run began
        self.text = ""
        self._pending = ""
        self._last_flush = time.monotonic()

    def model_for(self, role: str) -> ChatModel:
        """The run's model for ``role`` (fast: rewrites, grader: evidence grading …); the answer model
        when none is assigned."""
        return self.role_models.get(role, self.model)

    @property
    def database(self) -> Database:
        return self._db

    def emit(self, event_type: str, data: dict[str, Any] | None = None) -> None:
        """Journal an event and publish it."""
        event = self._runs.append_event(self.run_id, event_type, data)
        self._bus.publish(LiveEvent(self.run_id, self.thread.id, event_type, event.data, event.seq))

    def delta(self, text: str) -> None:
        """Add streamed answer text."""
        if not text:
            return
        self.text += text
        self._pending += text
        self._bus.publish(LiveEvent(self.run_id, self.thread.id, EventType.MESSAGE_DELTA, {"text": text}))
        if time.monotonic() - self._last_flush >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        with self._db.transaction():
            self.flush_into_journal()
            self._messages.set_content(self.assistant_message_id, self.text)
        self._last_flush = time.monotonic()

    def rewind(self, length: int) -> None:
        """Drop the text streamed after ``length`` (an agent's preamble to its tool calls); it stays
        in the live feed and the trace, not in the answer."""
        if length < len(self.text):
            self.text = self.text[:length]
            self._pending = ""
            with self._db.transaction():
                self._messages.set_content(self.assistant_message_id, self.text)

    def flush_into_journal(self) -> None:
        """Journal the text streamed since the last flush (inside the caller's transaction)."""
        if self._pending:
            chunk, self._pending = self._pending, ""
            self._runs.append_event(self.run_id, EventType.MESSAGE_DELTA, {"text": chunk})
