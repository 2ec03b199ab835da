"""Chat threads and their messages (a tree: edits and regenerations add siblings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class ThreadStatus(StrEnum):
    ACTIVE = "active"
    ARCHIVED = "archived"


class MessageStatus(StrEnum):
    COMPLETE = "complete"
    STREAMING = "streaming"
    CANCELLED = "cancelled"
    ERROR = "error"


class MessageRole(StrEnum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


@dataclass(frozen=True)
class Thread:
    id: str
    title: str
    model_ref: str | None
    workspace_id: str | None
    knowledge_base_id: str | None
    role_id: str | None
    agent_enabled: bool
    tts_enabled: bool
    image_enabled: bool
    context_summary: str | None
    status: ThreadStatus
    active_leaf_id: str | None
    draft: str
    created_at: str
    updated_at: str
    memory_enabled: bool = True
    trashed_at: str | None = None


@dataclass(frozen=True)
class Message:
    id: str
    thread_id: str
    parent_id: str | None
    role: MessageRole
    content: str
    status: MessageStatus
    run_id: str | None
    created_at: str
    updated_at: str
    parts: list[dict[str, Any]] = field(default_factory=list)
    error: dict[str, Any] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


MODEL_KEY = "model"  # an answer's metadata: the model reference that wrote it


def answer_model(message: Message) -> str | None:
    """The model reference that wrote ``message`` (an answer), if it was recorded."""
    ref = message.metadata.get(MODEL_KEY) if message.role is MessageRole.ASSISTANT else None
    return ref if isinstance(ref, str) and ref else None
