"""What a route runner gets: the compiled request, the model, the cancel token, and the journal.

Text deltas reach live listeners at once and are saved coalesced (every ``FLUSH_SECONDS``), so a
killed app loses at most the text of the last fraction of a second, never a row per token. A
thinking model's reasoning streams the same way beside the text (``reasoning.delta``) and is kept
as the answer's ``reasoning`` part, never in its text.
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
        self.reasoning = ""
        self._reasoning_pending = ""
        self._thinking_span: tuple[float, float] | None = None  # first and last reasoning delta
        self.opening_parts: list[dict[str, Any]] = []  # the answer's parts when the run began
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

    def reasoning_delta(self, text: str) -> None:
        """Add streamed reasoning (kept beside the answer, shown collapsed)."""
        if not text:
            return
        now = time.monotonic()
        self._thinking_span = (self._thinking_span[0] if self._thinking_span else now, now)
        self.reasoning += text
        self._reasoning_pending += text
        self._bus.publish(LiveEvent(self.run_id, self.thread.id, EventType.REASONING_DELTA, {"text": text}))
        if now - self._last_flush >= FLUSH_SECONDS:
            self.flush()

    @property
    def thinking_seconds(self) -> float:
        """How long the model thought: from its first piece of reasoning to its last."""
        return 0.0 if self._thinking_span is None else self._thinking_span[1] - self._thinking_span[0]

    def parts(self) -> list[dict[str, Any]]:
        """The answer's parts: those it began with, and its reasoning when it thought."""
        kept = [p for p in self.opening_parts if p.get("type") != "reasoning"]
        if not self.reasoning.strip():
            return kept
        part = {"type": "reasoning", "text": self.reasoning.strip(), "seconds": round(self.thinking_seconds, 1)}
        return [*kept, part]

    def flush(self) -> None:
        if not self._pending and not self._reasoning_pending:
            return
        with self._db.transaction():
            self.flush_into_journal()
            self._messages.set_content(self.assistant_message_id, self.text)
            if self.reasoning:
                self._messages.set_parts(self.assistant_message_id, self.parts())
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
        """Journal the reasoning and text streamed since the last flush (inside the caller's transaction)."""
        if self._reasoning_pending:
            thought, self._reasoning_pending = self._reasoning_pending, ""
            self._runs.append_event(self.run_id, EventType.REASONING_DELTA, {"text": thought})
        if self._pending:
            chunk, self._pending = self._pending, ""
            self._runs.append_event(self.run_id, EventType.MESSAGE_DELTA, {"text": chunk})
