"""The knowledge-base route: retrieve → grade → (one rewrite) → answer with inline citations.

Every stage is a run event and checks the cancel token; generation streams with the role's prompt
and sampling profile like any other route. An empty knowledge base, or evidence that does not
answer the question, gets a fixed reply and never an invented source.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.sampling import SamplingParams
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish, TextDelta
from mira_desktop.models.retry import DEFAULT_DELAYS, stream_with_retry
from mira_desktop.services.chat.run_context import RunContext, RunOutcome

TOP_K = 5
QUOTE_CHARS = 1200
EMPTY_KB_REPLY = (
    "The knowledge base “{name}” has no documents yet, so there is nothing to answer from. "
    "Add documents on the Knowledge page (or with `mira kb add`) and ask again."
)
NO_EVIDENCE_REPLY = (
    "I could not find anything in the knowledge base “{name}” that answers this. "
    "Try other words, or add the documents that cover it."
)
GRADE_SCHEMA = {
    "type": "object",
    "properties": {"relevant": {"type": "array", "items": {"type": "integer"}}},
    "required": ["relevant"],
}


@dataclass(frozen=True)
class Evidence:
    document_id: str
    document: str
    location: dict[str, Any]
    location_label: str
    text: str
    scores: dict[str, float] = field(default_factory=dict)
    version_id: str = ""


class Retriever(Protocol):
    def knowledge_base_name(self, kb_id: str) -> str: ...

    def searchable_documents(self, kb_id: str) -> int: ...

    def retrieve(self, kb_id: str, query: str, k: int, cancel: CancelToken) -> list[Evidence]: ...


class RagRoute:
    def __init__(self, retriever: Retriever, retry_delays: tuple[float, ...] = DEFAULT_DELAYS) -> None:
        self._retriever = retriever
        self._delays = retry_delays

    def run(self, context: RunContext) -> RunOutcome:
        try:
            return self._run(context)
        except Cancelled:  # retrieval saw the token between its stages
            return RunOutcome(RunStatus.CANCELLED)

    def _run(self, context: RunContext) -> RunOutcome:
        kb_id = context.thread.knowledge_base_id
        assert kb_id is not None, "the RAG route needs a thread bound to a knowledge base"
        name = self._retriever.knowledge_base_name(kb_id)
        if self._retriever.searchable_documents(kb_id) == 0:
            return self._fixed(context, EMPTY_KB_REPLY.format(name=name), "empty_knowledge_base")
        question = context.user_text
        evidence = self._retrieve(context, kb_id, question, "original")
        if context.cancel.cancelled:
            return RunOutcome(RunStatus.CANCELLED)
        relevant = self._grade(context, question, evidence)
        if not relevant and not context.cancel.cancelled:
            rewritten = self._rewrite(context, question)
            if rewritten and not context.cancel.cancelled:
                evidence = self._retrieve(context, kb_id, rewritten, "rewritten")
                relevant = self._grade(context, question, evidence) if not context.cancel.cancelled else []
        if context.cancel.cancelled:
            return RunOutcome(RunStatus.CANCELLED)
        if not relevant:
            return self._fixed(context, NO_EVIDENCE_REPLY.format(name=name), "no_relevant_evidence")
        return self._answer(context, relevant)

    # -- stages ----------------------------------------------------------------------------------
    def _retrieve(self, context: RunContext, kb_id: str, query: str, kind: str) -> list[Evidence]:
        context.emit("retrieval.started", {"query": query, "kind": kind, "k": TOP_K})
        hits = self._retriever.retrieve(kb_id, query, TOP_K, context.cancel)
        context.emit(
            "retrieval.completed",
            {
                "kind": kind,
                "hits": [
                    {"document": h.document, "location": h.location_label, "scores": h.scores} for h in hits
                ],
            },
        )
        return hits

    def _grade(self, context: RunContext, question: str, evidence: Sequence[Evidence]) -> list[Evidence]:
        """One structured call: which passages help answer the question."""
        if not evidence:
            context.emit("evidence.graded", {"relevant": [], "method": "none"})
            return []
        passages = "\n\n".join(f"[{i + 1}] {e.text[:600]}" for i, e in enumerate(evidence))
        prompt = (
            f"Question: {question}\n\nPassages:\n{passages}\n\n"
            'Which passages contain information that helps answer the question? Reply as JSON: {"relevant": [numbers]}.'
        )
        request = ChatRequest(
            (ChatMessage("user", prompt),),
            SamplingParams(temperature=0.0, max_tokens=60),
            # Only a model that takes a schema is sent one; the others are parsed as they answer.
            json_schema=GRADE_SCHEMA if context.model.profile().supports_json_schema else None,
        )
        text = self._complete(context, request)
        chosen = _parse_grades(text, len(evidence))
        method = "model"
        if chosen is None:  # the model did not answer in the schema: keep what retrieval ranked first
            chosen = [0]
            method = "fallback"
        context.emit("evidence.graded", {"relevant": [i + 1 for i in chosen], "method": method})
        return [evidence[i] for i in chosen]

    def _rewrite(self, context: RunContext, question: str) -> str:
        """HyDE: a short passage that would answer the question, searched for instead of the question."""
        request = ChatRequest(
            (
                ChatMessage(
                    "user",
                    f"Write two sentences that a reference document answering this question would contain:\n{question}",
                ),
            ),
            SamplingParams(temperature=0.2, max_tokens=80),
        )
        rewritten = self._complete(context, request).strip()
        context.emit("query.rewritten", {"method": "hyde", "query": rewritten})
        return rewritten

    def _answer(self, context: RunContext, evidence: Sequence[Evidence]) -> RunOutcome:
        sources = [
            {
                "n": i + 1,
                "document_id": e.document_id,
                "version_id": e.version_id,
                "knowledge_base_id": context.thread.knowledge_base_id,
                "document": e.document,
                "location": e.location,
                "location_label": e.location_label,
                "quote": best_quote(e.text, context.user_text, QUOTE_CHARS),
                "scores": e.scores,
            }
            for i, e in enumerate(evidence)
        ]
        listing = "\n\n".join(
            f"[{s['n']}] {s['document']} ({s['location_label']}):\n{s['quote']}" for s in sources
        )
        instruction = (
            "Answer the question using only the sources below. Cite them inline with their numbers, like [1] or "
            "[2]. If the sources do not contain the answer, say so.\n\nSources:\n" + listing
        )
        messages = list(context.request.messages)
        history = [ChatMessage(m.role, m.content) for m in messages[:-1]]
        system = [m for m in history if m.role == "system"]
        rest = [m for m in history if m.role != "system"]
        system_text = "\n\n".join([*(m.content for m in system), instruction])
        final = ChatMessage("user", context.user_text)
        request = ChatRequest((ChatMessage("system", system_text), *rest, final), context.request.sampling)
        context.emit("generation.started", {"sources": len(sources)})
        finish = "stop"
        for chunk in stream_with_retry(context.model, request, context.cancel, self._delays):
            if isinstance(chunk, TextDelta):
                context.delta(chunk.text)
            elif isinstance(chunk, Finish):
                finish = chunk.reason
        status = (
            RunStatus.CANCELLED if finish == "cancelled" or context.cancel.cancelled else RunStatus.COMPLETED
        )
        return RunOutcome(status, metadata={"sources": sources, "route": "rag"})

    def _fixed(self, context: RunContext, text: str, reason: str) -> RunOutcome:
        context.emit("rag.fixed_reply", {"reason": reason})
        context.delta(text)
        return RunOutcome(
            RunStatus.COMPLETED, metadata={"sources": [], "route": "rag", "fixed_reply": reason}
        )

    def _complete(self, context: RunContext, request: ChatRequest) -> str:
        parts = [
            c.text
            for c in stream_with_retry(context.model, request, context.cancel, self._delays)
            if isinstance(c, TextDelta)
        ]
        return "".join(parts)


def best_quote(text: str, query: str, limit: int) -> str:
    """The part of ``text`` (at most ``limit`` characters) that shares the most words with ``query``.

    A passage merged from sibling chunks can be long; the quote shown under the answer should be the
    part that matched, not the passage's first lines.
    """
    if len(text) <= limit:
        return text
    terms = {w for w in re.findall(r"\w+", query.lower()) if len(w) > 2 or not w.isascii()}
    starts = [0] + [m.end() for m in re.finditer(r"(?<=[.!?。！？\n])\s*", text) if m.end() < len(text)]
    best_start, best_score = 0, -1
    for start in starts:
        window = text[start : start + limit].lower()
        score = sum(window.count(term) for term in terms)
        if score > best_score:
            best_start, best_score = start, score
    return text[best_start : best_start + limit].strip()


def _parse_grades(text: str, count: int) -> list[int] | None:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    numbers = data.get("relevant") if isinstance(data, dict) else None
    if not isinstance(numbers, list):
        return None
    chosen = sorted({n - 1 for n in numbers if isinstance(n, int) and 1 <= n <= count})
    return chosen


def evidence_to_dict(evidence: Evidence) -> dict[str, Any]:
    return asdict(evidence)
