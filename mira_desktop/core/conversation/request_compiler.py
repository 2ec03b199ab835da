"""Compiling what a model receives, the same way for every route (DESIGN §3.4).

Order: role → project instructions → context summary → memory slot → skills → agent execution context,
as request-only system
context; then the visible history of the active branch, trimmed to the model's window by token
count, newest kept first. Nothing here is persisted or shown as a message.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mira_desktop.core.conversation.threads import Message, MessageRole, MessageStatus
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.roles.compiler import CompiledRole
from mira_desktop.core.sampling import SamplingParams

TokenCounter = Callable[[str], int]
MESSAGE_OVERHEAD = 4  # role markers and separators each chat template adds per message


@dataclass(frozen=True)
class PromptMessage:
    role: str
    content: str
    images: tuple[str, ...] = ()  # data: URLs of the pictures sent with it (to a model that sees)


@dataclass(frozen=True)
class ContextSection:
    name: str  # role, project, summary, memory, skills, agent, history
    text: str
    tokens: int


@dataclass(frozen=True)
class CompiledRequest:
    messages: tuple[PromptMessage, ...]
    sections: tuple[ContextSection, ...]
    sampling: SamplingParams
    prompt_tokens: int
    window: int
    reserved_for_answer: int
    dropped_messages: int = 0
    role: CompiledRole = field(default_factory=lambda: CompiledRole(None, None, ""))
    memory_ids: tuple[str, ...] = ()  # the memory facts in the memory section
    thinking: bool | None = None  # the thread's thinking switch (None: the model's default)
    # an agent request whose tools are partly listed by name only: {"shown", "offered", "asked"}
    tool_schemas: dict[str, int] | None = None


ANSWER_ROOM = 512  # tokens kept for an answer when the role's profile sets no max tokens
# A model that thinks spends tokens on its reasoning before the answer: it gets this much more room
# (4,096 in all, never more than half the window), unless its thinking is switched off.
THINKING_ROOM = 3584


def answer_room(*, thinks: bool, thinking: bool | None) -> int:
    """The default ``max_tokens`` of an answer: the answer's room, and the thinking room when the
    model thinks and the thread has not switched its thinking off."""
    return ANSWER_ROOM + (THINKING_ROOM if thinks and thinking is not False else 0)


class ContextOverflowError(InvalidInputError):
    """The newest message alone does not fit the model's window."""


def compile_request(
    *,
    history: Sequence[PromptMessage],
    window: int,
    count_tokens: TokenCounter,
    role: CompiledRole | None = None,
    project: str | None = None,
    summary: str | None = None,
    memory: str | None = None,
    skills: str | None = None,
    agent_context: str | None = None,
    sampling: SamplingParams | None = None,
    reserve_for_answer: int = ANSWER_ROOM,
    earlier: int = 0,
) -> CompiledRequest:
    """The request for ``history``; ``earlier``: messages before it that were not read (left out too)."""
    role = role or CompiledRole(None, None, "")
    parts = [
        ("role", role.system_text),
        ("project", f"Project instructions:\n{project.strip()}" if project and project.strip() else ""),
        (
            "summary",
            f"Summary of the earlier conversation:\n{summary.strip()}" if summary and summary.strip() else "",
        ),
        ("memory", memory or ""),
        ("skills", skills or ""),
        ("agent", agent_context or ""),
    ]
    sections = [ContextSection(n, t, count_tokens(t) + MESSAGE_OVERHEAD) for n, t in parts if t.strip()]
    system_tokens = sum(s.tokens for s in sections)
    effective = (sampling or SamplingParams()).merged(role.sampling)
    # Room for the answer: the profile's max_tokens, else the default, never more than half the window.
    reserve = max(16, min(effective.max_tokens or reserve_for_answer, window // 2))
    effective = effective.merged(SamplingParams(max_tokens=reserve))
    budget = window - reserve - system_tokens
    kept: list[PromptMessage] = []
    used = 0
    for message in reversed(history):
        cost = count_tokens(message.content) + MESSAGE_OVERHEAD
        if used + cost > budget:
            break
        kept.append(message)
        used += cost
    kept.reverse()
    if history and not kept:
        raise ContextOverflowError.said(
            "chat.too_long", window=window, needed=count_tokens(history[-1].content)
        )
    messages: list[PromptMessage] = []
    if sections:
        messages.append(PromptMessage("system", "\n\n".join(s.text for s in sections)))
    messages.extend(kept)
    history_section = ContextSection("history", "", used)
    return CompiledRequest(
        messages=tuple(messages),
        sections=(*sections, history_section),
        sampling=effective,
        prompt_tokens=system_tokens + used,
        window=window,
        reserved_for_answer=reserve,
        dropped_messages=earlier + len(history) - len(kept),
        role=role,
    )


# A thinking block at the start of an answer saved before reasoning was kept apart (or imported from
# another app): a model shown its old think tags imitates them, so history leaves them out.
_SAVED_THINKING = re.compile(r"\A\s*<(think|thinking)>.*?</\1>\s*", re.S)


def prompt_history(path: Sequence[Message]) -> list[PromptMessage]:
    """What of the visible branch the model sees: your messages, and answers with text (never their
    reasoning: it is a part of its own, and an old answer's leading think block is cut)."""
    history = []
    for message in path:
        if message.role is MessageRole.USER:
            history.append(PromptMessage("user", message.content))
        elif message.role is MessageRole.ASSISTANT and message.status is not MessageStatus.STREAMING:
            text = _SAVED_THINKING.sub("", message.content) if "</think" in message.content else message.content
            if text:
                history.append(PromptMessage("assistant", text))
    return history
