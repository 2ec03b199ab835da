"""A stored message as the chat view shows it (:class:`ViewMessage`): the window's language for what
Mira wrote itself and for a saved failure, its sources, files, reasoning, flags and the model that
wrote it.

A module of its own, importing nothing of the services: the chat controller converts what the
services read, and the first moments (:mod:`~mira_desktop.ui.shell.first_moments`) what they read
before any service exists, on a click that must not wait for the services' modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mira_desktop.core import phrases
from mira_desktop.core.conversation.chat_view import AttachmentRef, SourceRef, ViewMessage, WebSourceRef
from mira_desktop.core.conversation.threads import Message, MessageRole, answer_model
from mira_desktop.core.model_names import readable_model
from mira_desktop.ui.language.i18n import explain_saved, say
from mira_desktop.ui.language.location_text import location_text

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from mira_desktop.core.conversation.branches import SiblingInfo

VISIBLE_MESSAGES = 30  # the newest part of a long branch a thread opens with; "Show earlier" loads more
FLAGS = ("cut_off", "cut_off_thinking", "stopped_repeating", "greeting", "continuable", "same_as", "no_tool_use")


def view_message(
    message: Message,
    siblings: SiblingInfo,
    avatar_path: Callable[[str], Path] | None = None,
    models_dir: Path | None = None,
) -> ViewMessage:
    model = answer_model(message) or ""
    error = ""
    if message.error:
        error = explain_saved(message.error)
    sources = tuple(
        _source_ref(i, s) for i, s in enumerate(message.metadata.get("sources") or []) if isinstance(s, dict)
    )
    return ViewMessage(
        model=readable_model(model, models_dir) if model else "",
        model_ref=model,
        sources=sources,
        parts=tuple(_attachment_ref(p) for p in message.parts if p.get("type") in ("file", "image")),
        reasoning="\n\n".join(str(p.get("text", "")) for p in message.parts if p.get("type") == "reasoning"),
        thinking_seconds=sum(float(p.get("seconds") or 0) for p in message.parts if p.get("type") == "reasoning"),
        id=message.id,
        parent_id=message.parent_id,
        role="user" if message.role is MessageRole.USER else message.role.value,
        content=_in_our_words(message.content, message.metadata),
        status="waiting_approval"
        if "pending" in message.metadata and message.status.value == "streaming"
        else message.status.value,
        error=error,
        sibling_index=siblings.index,
        sibling_count=siblings.count,
        previous_sibling=siblings.previous_id,
        next_sibling=siblings.next_id,
        run_id=message.run_id or "",
        proposal=str(message.metadata.get("memory_proposal") or ""),
        author=str(message.metadata.get("author", "")),
        avatar=str(avatar_path(str(avatar)))
        if (avatar := message.metadata.get("avatar")) and avatar_path
        else "",
        flags=tuple(flag for flag in FLAGS if message.metadata.get(flag))
        + (("agent",) if "workspace_id" in message.metadata else ()),
        cited_by_mira=int((message.metadata.get("citation_counts") or {}).get("by_mira", 0)),
        web_sources=tuple(
            WebSourceRef(str(s.get("id", "")), str(s.get("title", "")), str(s.get("url", "")))
            for s in message.metadata.get("web_sources") or []
            if isinstance(s, dict)
        ),
        unsupported=tuple(
            str(c.get("sentence", ""))
            for c in message.metadata.get("citations") or []
            if isinstance(c, dict) and not c.get("supported", True)
        ),
    )


def _in_our_words(content: str, metadata: dict[str, Any]) -> str:
    """An answer Mira wrote itself (``said``: all of it; ``said_after``: its end) in the window's
    language; the model's own text stays as it wrote it."""
    whole = phrases.from_dict(metadata.get("said"))
    if whole is not None and content == whole.english:
        return say(whole)
    after = phrases.from_dict(metadata.get("said_after"))
    if after is not None and content.endswith(after.english):
        return content[: len(content) - len(after.english)] + say(after)
    return content


def _source_ref(index: int, source: dict[str, Any]) -> SourceRef:

    attached = source.get("origin") == "attachment"
    location = source.get("location") if isinstance(source.get("location"), dict) else None
    page = (location or {}).get("page")
    return SourceRef(
        int(source.get("n", index + 1)),
        str(source.get("document", "")),
        location_text(location, str(source.get("location_label", ""))),
        attachment_id=str(source.get("attachment_id", "")) if attached else "",
        page=page if isinstance(page, int) else None,
    )


def _attachment_ref(part: dict[str, Any]) -> AttachmentRef:
    """A stored ``file`` or ``image`` part of a user message, as its chip shows it."""
    return AttachmentRef(
        kind=str(part.get("type", "file")),
        name=str(part.get("name", "")),
        size=int(part.get("size", 0)),
        tokens=int(part.get("tokens", 0)),
        mode=str(part.get("mode", "")),
        note=str(part.get("note", "")),
    )
