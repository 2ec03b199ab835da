"""Runs and their events: the journal of what happened during one answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class RunKind(StrEnum):
    CHAT = "chat"
    RAG = "rag"
    AGENT = "agent"


class RunStatus(StrEnum):
    RUNNING = "running"
    WAITING_APPROVAL = "waiting_approval"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"
    INTERRUPTED = "interrupted"


class EventType(StrEnum):
    RUN_STARTED = "run.started"
    ROUTE_SELECTED = "route.selected"
    REQUEST_COMPILED = "request.compiled"
    MESSAGE_DELTA = "message.delta"
    REASONING_DELTA = "reasoning.delta"  # a thinking model's reasoning, beside the answer's text
    MESSAGE_COMPLETED = "message.completed"
    NOTICE = "notice"
    SUMMARY_UPDATED = "summary.updated"
    SUMMARY_FAILED = "summary.failed"
    RUN_COMPLETED = "run.completed"
    RUN_FAILED = "run.failed"
    RUN_CANCELLED = "run.cancelled"
    RUN_INTERRUPTED = "run.interrupted"
    RUN_WAITING = "run.waiting"  # an agent run paused for the user's approval (not an end)
    RUN_RESUMED = "run.resumed"  # approved, denied, continued, or picked up after a restart
    BASE_REQUEST = "agent.base_request"  # the compiled context an agent run resumes with
    RUN_UNDONE = "run.undone"


TERMINAL_EVENTS = frozenset(
    {EventType.RUN_COMPLETED, EventType.RUN_FAILED, EventType.RUN_CANCELLED, EventType.RUN_INTERRUPTED}
)
# The events after which nothing more streams into the answer until the user acts.
PAUSE_EVENTS = frozenset({*TERMINAL_EVENTS, EventType.RUN_WAITING})


@dataclass(frozen=True)
class Run:
    id: str
    thread_id: str
    kind: RunKind
    status: RunStatus
    route_reason: str
    user_message_id: str | None
    assistant_message_id: str | None
    model_ref: str | None
    model_snapshot: dict[str, Any]
    role_id: str | None
    role_version: int | None
    role_snapshot: dict[str, Any]
    error: dict[str, Any] | None
    created_at: str
    updated_at: str
    finished_at: str | None


@dataclass(frozen=True)
class RunEvent:
    run_id: str
    seq: int
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    created_at: str = ""
