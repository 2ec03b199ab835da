"""A file going out with a message: inline when its text fits the request, else its retrieved passages.

The room for the file is what the model's window has left beside the system sections, the answer's
reserve and the question itself; older turns are dropped before the file is (the request compiler
trims history newest-first). One file goes into a request: the newest message's own, or — for a
follow-up question that carries none — the newest file sent earlier on the branch (*carried*), so
the conversation can go on about it. The stored messages keep their text without the file.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.conversation.request_compiler import MESSAGE_OVERHEAD, CompiledRequest
from mira_desktop.core.languages import mostly_cjk
from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.models.protocol import ModelProfile
from mira_desktop.services.attachments.reading import Extracted, inline_text
from mira_desktop.services.attachments.retrieval import FileRetriever, fitted_sources
from mira_desktop.services.attachments.sniff import Kind
from mira_desktop.services.attachments.views import FileBlock, SendMode, SendPlan
from mira_desktop.services.knowledge.citations import attach_citations, citation_summary
from mira_desktop.store.attachments import StoredAttachment

TokenCounter = Callable[[str], int]
INLINE_SHARE = 0.8  # the whole text goes in when it takes at most this share of the room
RETRIEVED_SHARE = 0.6  # the passages of a long file get this share
NOT_SEEN = "{model} cannot see images: the message goes without {name}."
NOT_SEEN_NOR_READ = (
    "{model} cannot see images, and OCR read no text in {name} ({why}): the message goes without it."
)


def room_for_file(request: CompiledRequest, question_tokens: int) -> int:
    """Tokens a request compiled without the file has for it beside the question."""
    system = sum(s.tokens for s in request.sections if s.name != "history")
    free = request.window - request.reserved_for_answer - system - question_tokens - 2 * MESSAGE_OVERHEAD
    return max(free, 0)


@dataclass(frozen=True)
class AttachedFile:
    """The file of the message being sent (or answered again)."""

    attachment: StoredAttachment
    name: str
    draft_key: str | None  # the draft that holds it; None when its message carries it already
    extracted: Extracted | None  # None for images
    retriever: FileRetriever
    stored: Path  # the stored bytes
    image_text: Extracted | None = None  # a picture's text read by OCR, for a model that cannot see
    carried_from: str | None = None  # the earlier user message that sent it (None: this message's own)

    def _not_seen(self, model: str) -> str:
        why = str(self.attachment.detail.get("ocr") or "")
        if why:
            return NOT_SEEN_NOR_READ.format(model=model, name=self.name, why=why.rstrip("."))
        return NOT_SEEN.format(model=model, name=self.name)

    def data_url(self) -> str:
        """The picture as a ``data:`` URL, as OpenAI-compatible servers take images."""
        encoded = base64.b64encode(self.stored.read_bytes()).decode("ascii")
        return f"data:{self.attachment.mime};base64,{encoded}"

    @property
    def kind(self) -> Kind:
        return Kind.IMAGE if self.extracted is None else Kind.FILE

    def inline_tokens(
        self, count: TokenCounter, room: int, question: str = "", extracted: Extracted | None = None
    ) -> int:
        """The whole text's tokens (estimated when it is plainly far too long to count exactly)."""
        extracted = extracted or self.extracted
        if extracted is None:
            return 0
        text = inline_text(self.name, extracted, _language(question))
        estimate = estimate_tokens(text)
        return estimate if estimate > 3 * max(room, 1) else count(text)

    def block(self, question: str, room: int, count: TokenCounter, *, vision: bool, model: str) -> FileBlock:
        if self.extracted is None:
            if vision:
                return FileBlock(SendMode.IMAGE)
            if self.image_text is None:
                return FileBlock(SendMode.IMAGE_NOT_SENT, notes={"reason": self._not_seen(model)})
            return self._text_block(self.image_text, question, room, count, SendMode.IMAGE_TEXT)
        return self._text_block(self.extracted, question, room, count, SendMode.INLINE)

    def _text_block(
        self, extracted: Extracted, question: str, room: int, count: TokenCounter, whole: SendMode
    ) -> FileBlock:
        tokens = self.inline_tokens(count, room, question, extracted)
        if tokens <= room * INLINE_SHARE:
            return FileBlock(whole, inline_text(self.name, extracted, _language(question)), tokens)
        passages, notes = self.retriever.passages(self.attachment.id, self.name, extracted, question)
        text, sources = fitted_sources(
            self.attachment.id, self.name, passages, question, budget=int(room * RETRIEVED_SHARE), count=count
        )
        facts: dict[str, Any] = {**notes, "whole_tokens": tokens}
        return FileBlock(SendMode.RETRIEVED, text, count(text) if text else 0, sources, facts)

    def plan(self, room: int, count: TokenCounter, profile: ModelProfile, question: str = "") -> SendPlan:
        """What :meth:`block` will do, without retrieving: for the composer, before sending."""
        if self.extracted is None:
            if profile.supports_vision:
                return SendPlan(SendMode.IMAGE, 0, room)
            if self.image_text is None:
                warning = (
                    f"{profile.display_name} cannot see images: the text will be sent without {self.name}."
                )
                return SendPlan(SendMode.IMAGE_NOT_SENT, 0, room, warning)
            tokens = self.inline_tokens(count, room, question, self.image_text)
            if tokens <= room * INLINE_SHARE:
                return SendPlan(SendMode.IMAGE_TEXT, tokens, room)
            return SendPlan(SendMode.RETRIEVED, int(room * RETRIEVED_SHARE), room)
        tokens = self.inline_tokens(count, room, question)
        if tokens <= room * INLINE_SHARE:
            return SendPlan(SendMode.INLINE, tokens, room)
        return SendPlan(SendMode.RETRIEVED, int(room * RETRIEVED_SHARE), room)

    def part(self, block: FileBlock) -> dict[str, Any]:
        """The ``file`` or ``image`` part of the stored user message."""
        return {
            "type": self.kind.value,
            "attachment_id": self.attachment.id,
            "name": self.name,
            "mime": self.attachment.mime,
            "size": self.attachment.size_bytes,
            "label": str(self.attachment.detail.get("label", "")),
            # Sent whole: what the model's own tokenizer counted, as the composer showed it before sending.
            "tokens": block.tokens
            if block.mode in (SendMode.INLINE, SendMode.IMAGE_TEXT) and block.tokens
            else int(self.attachment.detail.get("tokens", 0)),
            "mode": block.mode.value,
            **({"passages": len(block.sources)} if block.mode is SendMode.RETRIEVED else {}),
            **({"note": block.notes["reason"]} if "reason" in block.notes else {}),
        }


def _language(question: str) -> str:
    """``zh`` for a question written mostly in Chinese: the file's wrapper follows the question."""
    return "zh" if mostly_cjk(question) else "en"


def cited(answer: str, metadata: dict[str, Any]) -> dict[str, Any] | None:
    """The metadata of an answer drawn from a file's passages with its sentences tied to them, as a
    knowledge-base answer's are; None when the answer has no file passages or is cited already."""
    sources = metadata.get("sources") or []
    if "citations" in metadata or not sources or any(s.get("origin") != "attachment" for s in sources):
        return None
    citations = attach_citations(answer, [str(s.get("quote", "")) for s in sources])
    return {
        **metadata,
        "citations": [c.to_dict() for c in citations],
        "citation_counts": citation_summary(citations),
    }
