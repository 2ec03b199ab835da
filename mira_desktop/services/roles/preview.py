"""The request preview: exactly what the model would receive for a role and a thread.

Built by the real compilers (:func:`~mira_desktop.core.roles.compiler.compile_role`, then
:func:`~mira_desktop.core.conversation.request_compiler.compile_request`) over the thread's active branch, never
by a template. Tokens are counted by the thread's model when it is loaded, else estimated
(:func:`~mira_desktop.core.token_estimate.estimate_tokens`), and the preview says which.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mira_desktop.core.conversation.branches import MessageTree
from mira_desktop.core.conversation.request_compiler import (
    CompiledRequest,
    PromptMessage,
    compile_request,
    prompt_history,
)
from mira_desktop.core.conversation.threads import Message, Thread
from mira_desktop.core.errors import MiraError, NotFoundError
from mira_desktop.core.roles.compiler import CompiledRole, compile_role
from mira_desktop.core.roles.records import Role, RoleStatus
from mira_desktop.core.token_estimate import estimate_tokens

if TYPE_CHECKING:
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.store.messages import MessageRepository
    from mira_desktop.store.threads import ThreadRepository

LOREBOOK_SCAN_MESSAGES = 6  # the lorebook scans this many of the newest messages (the chat runtime's too)
ESTIMATED_WINDOW = 4096


@dataclass(frozen=True)
class PreviewSection:
    name: str  # role, summary, memory, agent, history; or a part of the role's section
    tokens: int
    parts: tuple[PreviewSection, ...] = ()
    key: str = ""  # a part of the role's section: "header" or the field it comes from ("persona" …)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "tokens": self.tokens}
        if self.parts:
            data["parts"] = [p.to_json() for p in self.parts]
        return data


@dataclass(frozen=True)
class RolePreview:
    role: CompiledRole
    request: CompiledRequest
    sections: tuple[PreviewSection, ...]
    model_ref: str | None
    tokenizer: str  # "model" (the loaded model's tokenizer) or "estimate"
    applied: bool  # False for a draft or archived role: the real request carries no role
    thread_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        system = next((m.content for m in self.request.messages if m.role == "system"), "")
        return {
            "role_id": self.role.role_id,
            "role_version": self.role.role_version,
            "applied": self.applied,
            "thread_id": self.thread_id,
            "model": self.model_ref,
            "system": system,
            "messages": [{"role": m.role, "content": m.content} for m in self.request.messages],
            "parameters": self.request.sampling.to_dict(),
            "sections": [s.to_json() for s in self.sections],
            "lore": [
                {"index": e.index, "name": e.name, "trigger": e.trigger, "tokens": e.tokens}
                for e in self.role.lore.inserted
            ],
            "lore_over_budget": [e.index for e in self.role.lore.over_budget],
            "prompt_tokens": self.request.prompt_tokens,
            "window": self.request.window,
            "reserved_for_answer": self.request.reserved_for_answer,
            "dropped_messages": self.request.dropped_messages,
            "tokenizer": self.tokenizer,
        }


class RolePreviewer:
    def __init__(
        self, threads: ThreadRepository, messages: MessageRepository, models: ModelService | None = None
    ) -> None:
        self._threads = threads
        self._messages = messages
        self._models = models

    def preview(
        self,
        role: Role,
        *,
        user_name: str | None,
        thread_id: str | None = None,
        message: str = "",
        as_active: bool = False,
    ) -> RolePreview:
        """The request for ``role`` over ``thread_id``'s active branch (+ ``message`` as a new turn).

        ``as_active`` compiles a draft or archived role as it will be sent once active (the
        workbench shows that, labelled); without it the preview is the request as it is now.
        """
        thread = self._thread(thread_id)
        history = prompt_history(self._active_branch(thread)) if thread else []
        if message.strip():
            history.append(PromptMessage("user", message))
        model_ref, window, count, tokenizer = self._counter(thread)
        compiled_from = dataclasses.replace(role, status=RoleStatus.ACTIVE) if as_active else role
        compiled = compile_role(
            compiled_from,
            user_name=user_name,
            recent_messages=[m.content for m in history[-LOREBOOK_SCAN_MESSAGES:]],
            count_tokens=count,
        )
        request = compile_request(
            history=history,
            window=window,
            count_tokens=count,
            role=compiled,
            summary=thread.context_summary if thread else None,
        )
        return RolePreview(
            compiled,
            request,
            _sections(compiled, request, count),
            model_ref,
            tokenizer,
            role.applies,
            thread_id,
        )

    def _thread(self, thread_id: str | None) -> Thread | None:
        if thread_id is None:
            return None
        thread = self._threads.get(thread_id)
        if thread is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        return thread

    def _active_branch(self, thread: Thread) -> list[Message]:
        return MessageTree(self._messages.list_for_thread(thread.id)).path_to(thread.active_leaf_id)

    def _counter(self, thread: Thread | None) -> tuple[str | None, int, Callable[[str], int], str]:
        if self._models is None:
            return None, ESTIMATED_WINDOW, estimate_tokens, "estimate"
        ref = self._models.resolve(thread.model_ref if thread else None)
        if self._models.registry.loaded(ref):
            model = self._models.registry.get(ref)
            return ref, model.profile().context_window, model.count_tokens, "model"
        try:  # the window it would load with (a local model's is sized at load, read from its file)
            window = self._models.registry.get(ref).profile().context_window
        except MiraError:
            window = ESTIMATED_WINDOW
        return ref, window, estimate_tokens, "estimate"


def _sections(
    role: CompiledRole, request: CompiledRequest, count: Callable[[str], int]
) -> tuple[PreviewSection, ...]:
    """Tokens per section of the request (they add up to ``prompt_tokens``); the role's section is
    broken down into its header and each of its own sections."""
    found: list[PreviewSection] = []
    for section in request.sections:
        parts: tuple[PreviewSection, ...] = ()
        if section.name == "role":
            keys = role.section_keys or tuple("" for _ in role.sections)
            parts = (
                PreviewSection("header", count(role.header), key="header"),
                *(
                    PreviewSection(title, count(f"## {title}\n{body}"), key=key)
                    for (title, body), key in zip(role.sections, keys, strict=True)
                ),
            )
        found.append(PreviewSection(section.name, section.tokens, parts))
    return tuple(found)
