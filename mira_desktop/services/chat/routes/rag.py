"""The knowledge-base route: retrieve → grade → (HyDE) → answer with citations, fitted to the window.

Every stage is a run event, is timed (``timings_ms`` on the answer) and checks the cancel token;
generation streams with the role's prompt and sampling profile like any other route. How passages
are graded and whether HyDE runs are :class:`RagSettings` (defaults chosen by measurement). The
passages are budgeted into the model's window with its own tokenizer (fewer or shorter passages,
never an overflow), in every language. After the answer each sentence is tied to the source it is
drawn from: the model's [n] markers, else the source it overlaps most (marked as added by Mira),
else flagged unsupported. An empty knowledge base, or evidence that does not answer the question,
gets a fixed reply and never an invented source.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.index.languages import text_language
from mira_desktop.models.protocol import ChatMessage, ChatModel, ChatRequest, TextDelta
from mira_desktop.models.retry import DEFAULT_DELAYS, stream_with_retry
from mira_desktop.services.chat.routes.answer_stream import stream_answer, thinking_cut_off
from mira_desktop.services.chat.run_context import RunContext, RunOutcome
from mira_desktop.services.knowledge.citations import attach_citations, citation_summary
from mira_desktop.services.knowledge.passages import FittedPassage, best_quote, fit_passages
from mira_desktop.services.knowledge.rag_settings import Grading, Hyde, RagSettings, settings_to_dict

__all__ = ["GRADE_SCHEMA", "Evidence", "RagRoute", "Retrieval", "_parse_grades", "best_quote"]

EMPTY_KB_REPLY = (
    "The knowledge base “{name}” has no documents yet, so there is nothing to answer from. "
    "Add documents on the Knowledge page (or with `mira kb add`) and ask again."
)
NO_EVIDENCE_REPLY = (
    "I could not find anything in the knowledge base “{name}” that answers this. "
    "Try other words, or add the documents that cover it."
)
INSTRUCTIONS = {
    "en": "Answer the question using only the sources below. Cite them inline with their numbers, like [1] or "
    "[2]. If the sources do not contain the answer, say so.\n\nSources:\n",
    "zh": "请只根据下面的资料回答问题，并用编号在句中注明出处，例如 [1] 或 [2]。如果资料中没有答案，请直接说明。\n\n资料：\n",
}
GRADE_SCHEMA = {
    "type": "object",
    "properties": {"relevant": {"type": "array", "items": {"type": "integer"}}},
    "required": ["relevant"],
}
GRADE_MAX_TOKENS = 60
HYDE_MAX_TOKENS = 80
MESSAGE_OVERHEAD = 8  # the chat template's markers around each message, with room to spare
MIN_ANSWER_TOKENS = 128  # the answer's reserve is never squeezed below this to make room for sources
# Each stage a knowledge answer goes through, said as it begins (``rag.stage``: the window shows it
# with the seconds so far, ``mira chat send --json`` prints it): the clock's names → the event's.
STAGE_EVENT = "rag.stage"
STAGES = {"retrieve": "searching", "grade": "weighing", "rewrite": "rewriting", "write": "writing"}
MIN_SOURCE_TOKENS = 200  # older turns are dropped before the sources get less than this


@dataclass(frozen=True)
class Evidence:
    document_id: str
    document: str
    location: dict[str, Any]  # of the best-matching chunk: the page a citation names
    location_label: str
    text: str
    scores: dict[str, float] = field(default_factory=dict)
    version_id: str = ""
    context_location: dict[str, Any] = field(default_factory=dict)  # the whole passage's range
    context_location_label: str = ""
    merged: bool = False


@dataclass(frozen=True)
class Retrieval:
    evidence: list[Evidence]
    notes: dict[str, str] = field(default_factory=dict)  # how the search ran (language, rerank, …)


class Retriever(Protocol):
    def knowledge_base_name(self, kb_id: str) -> str: ...

    def searchable_documents(self, kb_id: str) -> int: ...

    def retrieve_detailed(self, kb_id: str, query: str, k: int, cancel: CancelToken) -> Retrieval: ...


class RagRoute:
    def __init__(
        self,
        retriever: Retriever,
        retry_delays: tuple[float, ...] = DEFAULT_DELAYS,
        settings: RagSettings | None = None,
    ) -> None:
        self._retriever = retriever
        self._delays = retry_delays
        self.settings = settings or RagSettings()

    def run(self, context: RunContext) -> RunOutcome:
        def stage(name: str, elapsed_ms: float) -> None:  # what the person waits for, as it begins
            context.emit(STAGE_EVENT, {"stage": STAGES.get(name, name), "elapsed_ms": round(elapsed_ms)})

        try:
            return self._run(context, Clock(stage))
        except Cancelled:  # retrieval saw the token between its stages
            return RunOutcome(RunStatus.CANCELLED)

    def _run(self, context: RunContext, clock: Clock) -> RunOutcome:
        kb_id = context.thread.knowledge_base_id
        assert kb_id is not None, "the RAG route needs a thread bound to a knowledge base"
        name = self._retriever.knowledge_base_name(kb_id)
        if self._retriever.searchable_documents(kb_id) == 0:
            return self._fixed(context, EMPTY_KB_REPLY.format(name=name), "empty_knowledge_base", clock)
        relevant = self.evidence(context, kb_id, context.user_text, clock)
        if context.cancel.cancelled:
            return RunOutcome(RunStatus.CANCELLED)
        if not relevant:
            return self._fixed(context, NO_EVIDENCE_REPLY.format(name=name), "no_relevant_evidence", clock)
        return self._answer(context, relevant, clock)

    def evidence(self, context: RunContext, kb_id: str, question: str, clock: Clock) -> list[Evidence]:
        """Retrieve, grade and (per the settings) rewrite: the passages the answer will be given."""
        query = question
        if self.settings.hyde is Hyde.ALWAYS:
            query = f"{question}\n{self._rewrite(context, question, clock)}"
        evidence = self._retrieve(context, kb_id, query, "original", clock)
        relevant = self._grade(context, question, evidence, clock)
        if not relevant and self.settings.hyde is Hyde.ON_REFUSAL and not context.cancel.cancelled:
            rewritten = self._rewrite(context, question, clock)
            if rewritten and not context.cancel.cancelled:
                evidence = self._retrieve(context, kb_id, rewritten, "rewritten", clock)
                relevant = self._grade(context, question, evidence, clock)
        return relevant

    # -- stages ----------------------------------------------------------------------------------
    def _retrieve(
        self, context: RunContext, kb_id: str, query: str, kind: str, clock: Clock
    ) -> list[Evidence]:
        context.cancel.raise_if_cancelled()
        k = self.settings.top_k
        context.emit("retrieval.started", {"query": query, "kind": kind, "k": k})
        with clock.stage("retrieve"):
            found = self._retriever.retrieve_detailed(kb_id, query, k, context.cancel)
        hits = found.evidence
        context.emit(
            "retrieval.completed",
            {
                "kind": kind,
                "notes": found.notes,
                "hits": [
                    {"document": h.document, "location": h.location_label, "scores": h.scores} for h in hits
                ],
            },
        )
        rerank = found.notes.get("rerank", "")
        if rerank.startswith("fallback"):
            context.emit("rerank.fallback", {"reason": rerank.removeprefix("fallback: ")})
        return hits

    def _grade(
        self, context: RunContext, question: str, evidence: Sequence[Evidence], clock: Clock
    ) -> list[Evidence]:
        grading = self.settings.grading
        if not evidence:
            context.emit("evidence.graded", {"relevant": [], "method": grading.value})
            return []
        with clock.stage("grade"):
            if grading is Grading.NONE:
                chosen, method = list(range(len(evidence))), "none"
            elif grading is Grading.THRESHOLD:
                chosen, method = _above_threshold(evidence, self.settings.threshold), "threshold"
            else:
                chosen, method = self._grade_by_model(context, question, evidence)
        context.emit("evidence.graded", {"relevant": [i + 1 for i in chosen], "method": method})
        return [evidence[i] for i in chosen]

    def _grade_by_model(
        self, context: RunContext, question: str, evidence: Sequence[Evidence]
    ) -> tuple[list[int], str]:
        """One structured call: which passages help answer the question (fitted to the window)."""
        head = f"Question: {question}\n\nPassages:\n"
        tail = '\n\nWhich passages contain information that helps answer the question? Reply as JSON: {"relevant": [numbers]}.'
        grader = context.model_for("grader")
        count = grader.count_tokens
        budget = (
            min(context.request.window, grader.profile().context_window)
            - GRADE_MAX_TOKENS
            - count(head + tail)
            - 2 * MESSAGE_OVERHEAD
        )
        fitted = fit_passages(
            [f"[{i + 1}]" for i in range(len(evidence))],
            [e.text for e in evidence],
            question,
            _safe(budget, context.request.window),
            count,
            quote_chars=self.settings.grade_chars,
        )
        passages = "\n\n".join(f"[{f.index + 1}] {f.quote}" for f in fitted)
        request = ChatRequest(
            (ChatMessage("user", head + passages + tail),),
            SamplingParams(temperature=0.0, max_tokens=GRADE_MAX_TOKENS),
            # Only a model that takes a schema is sent one; the others are parsed as they answer.
            json_schema=GRADE_SCHEMA if grader.profile().supports_json_schema else None,
            thinking=_no_thinking(grader),
        )
        chosen = _parse_grades(self._complete(context, request, grader), len(fitted))
        if chosen is None:  # the model did not answer in the schema: keep what retrieval ranked first
            return [0], "fallback"
        return [fitted[i].index for i in chosen], "model"

    def _rewrite(self, context: RunContext, question: str, clock: Clock) -> str:
        """HyDE: a short passage that would answer the question, searched for instead of the question."""
        request = ChatRequest(
            (
                ChatMessage(
                    "user",
                    f"Write two sentences that a reference document answering this question would contain:\n{question}",
                ),
            ),
            SamplingParams(temperature=0.2, max_tokens=HYDE_MAX_TOKENS),
            thinking=_no_thinking(context.model_for("fast")),
        )
        with clock.stage("rewrite"):
            rewritten = self._complete(context, request, context.model_for("fast")).strip()
        context.emit("query.rewritten", {"method": "hyde", "query": rewritten})
        return rewritten

    def _answer(self, context: RunContext, evidence: Sequence[Evidence], clock: Clock) -> RunOutcome:
        request, fitted = self._answer_request(context, evidence)
        sources = [_source(context, evidence[f.index], f, n) for n, f in enumerate(fitted, start=1)]
        context.emit(
            "generation.started",
            {"sources": len(sources), "dropped": len(evidence) - len(fitted), "shortened": sum(f.shortened for f in fitted)},
        )  # fmt: skip
        answer_at = clock.elapsed_ms()
        clock.begin("write")
        answered = stream_answer(context, request, retry_delays=self._delays)
        first = None if answered.first_token_s is None else answer_at + answered.first_token_s * 1000
        timings = clock.done(first)
        metadata: dict[str, Any] = {
            "sources": sources,
            "route": "rag",
            **answered.metadata(),
            "timings_ms": timings,
            "rag_settings": settings_to_dict(self.settings),
        }
        if answered.cancelled or context.cancel.cancelled:
            return RunOutcome(RunStatus.CANCELLED, metadata=metadata)
        if answered.cut_off_thinking:
            ended = thinking_cut_off(answered)
            return RunOutcome(ended.status, ended.error, {**metadata, **ended.metadata})
        if self.settings.attach_citations:
            citations = attach_citations(context.text, [s["quote"] for s in sources])
            metadata["citations"] = [c.to_dict() for c in citations]
            metadata["citation_counts"] = citation_summary(citations)
        return RunOutcome(RunStatus.COMPLETED, metadata=metadata)

    def _answer_request(
        self, context: RunContext, evidence: Sequence[Evidence]
    ) -> tuple[ChatRequest, list[FittedPassage]]:
        """The answer's request with as many sources as fit (older turns go first, then answer room)."""
        count = context.model.count_tokens
        question = context.user_text
        instruction = INSTRUCTIONS["zh" if text_language(question) == "zh" else "en"]
        compiled = list(context.request.messages)
        history = [ChatMessage(m.role, m.content) for m in compiled[:-1]]
        # The compiled last message: the question with the text of a file sent with it, if any.
        final = compiled[-1].content if compiled and compiled[-1].role == "user" else question
        system = [m.content for m in history if m.role == "system"]
        rest = [m for m in history if m.role != "system"]
        sampling = context.request.sampling
        reserve = sampling.max_tokens or context.request.reserved_for_answer
        if self.settings.answer_max_tokens:
            reserve = min(reserve, self.settings.answer_max_tokens)
        window = context.request.window
        fixed_system = count("\n\n".join([*system, instruction]))

        def room() -> int:
            used = fixed_system + sum(count(m.content) for m in rest) + count(final)
            return window - reserve - used - (len(rest) + 2) * MESSAGE_OVERHEAD

        while room() < MIN_SOURCE_TOKENS and rest:
            rest = rest[1:]  # the oldest turn first
        if room() < MIN_SOURCE_TOKENS:
            reserve = max(MIN_ANSWER_TOKENS, reserve - (MIN_SOURCE_TOKENS - room()))
        headers = [f"[{i + 1}] {e.document} ({e.location_label}):" for i, e in enumerate(evidence)]
        fitted = fit_passages(
            headers,
            [e.text for e in evidence],
            question,
            _safe(room(), window),
            count,
            quote_chars=self.settings.quote_chars,
        )
        listing = "\n\n".join(
            f"[{n}] {evidence[f.index].document} ({evidence[f.index].location_label}):\n{f.quote}"
            for n, f in enumerate(fitted, start=1)
        )
        system_text = "\n\n".join([*system, instruction + listing])
        if reserve != (sampling.max_tokens or context.request.reserved_for_answer):
            sampling = sampling.merged(SamplingParams(max_tokens=reserve))
        images = compiled[-1].images if compiled else ()
        messages = (ChatMessage("system", system_text), *rest, ChatMessage("user", final, images=images))
        return ChatRequest(messages, sampling, thinking=context.request.thinking), fitted

    def _fixed(self, context: RunContext, text: str, reason: str, clock: Clock) -> RunOutcome:
        context.emit("rag.fixed_reply", {"reason": reason})
        context.delta(text)
        return RunOutcome(
            RunStatus.COMPLETED,
            metadata={"sources": [], "route": "rag", "fixed_reply": reason, "timings_ms": clock.done(None)},
        )

    def _complete(self, context: RunContext, request: ChatRequest, model: ChatModel) -> str:
        """A side call (grading, HyDE) to the run's model of that role, not streamed to the user."""
        parts = [
            c.text
            for c in stream_with_retry(model, request, context.cancel, self._delays)
            if isinstance(c, TextDelta)
        ]
        return "".join(parts)


class Clock:
    """Milliseconds per stage (summed when a stage runs twice), and the total; ``on_stage`` hears each
    stage begin, with the milliseconds since the question."""

    def __init__(self, on_stage: Callable[[str, float], None] | None = None) -> None:
        self.started = time.perf_counter()
        self.stages: dict[str, float] = {}
        self._on_stage = on_stage

    def begin(self, name: str) -> None:
        if self._on_stage is not None:
            self._on_stage(name, self.elapsed_ms())

    def stage(self, name: str) -> _Stage:
        return _Stage(self, name)

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000

    def done(self, first_token_ms: float | None) -> dict[str, float]:
        """The stages, ``first_token`` (from the question to the answer's first text, as the user
        waits for it) and ``total``."""
        timings = {name: round(ms, 1) for name, ms in self.stages.items()}
        if first_token_ms is not None:
            timings["first_token"] = round(first_token_ms, 1)
        timings["total"] = round(self.elapsed_ms(), 1)
        return timings


class _Stage:
    def __init__(self, clock: Clock, name: str) -> None:
        self.clock, self.name = clock, name

    def __enter__(self) -> None:
        self.clock.begin(self.name)
        self.started = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        elapsed = (time.perf_counter() - self.started) * 1000
        self.clock.stages[self.name] = self.clock.stages.get(self.name, 0.0) + elapsed


def _source(context: RunContext, e: Evidence, fitted: FittedPassage, n: int) -> dict[str, Any]:
    return {
        "n": n,
        "document_id": e.document_id,
        "version_id": e.version_id,
        "knowledge_base_id": context.thread.knowledge_base_id,
        "document": e.document,
        "location": e.location,
        "location_label": e.location_label,
        "context_location": e.context_location or e.location,
        "context_location_label": e.context_location_label or e.location_label,
        "quote": fitted.quote,
        "shortened": fitted.shortened,
        "scores": e.scores,
    }


def _above_threshold(evidence: Sequence[Evidence], share: float) -> list[int]:
    """Passages scoring at least ``share`` of the best one's fused score. After a rerank (whose
    scores may be any real numbers) its scores are scaled to 0–1 over the passages first."""
    if all("rerank" in e.scores for e in evidence):
        scores = [e.scores["rerank"] for e in evidence]
        low, high = min(scores), max(scores)
        scaled = [1.0 if high == low else (v - low) / (high - low) for v in scores]
    else:
        scaled = [e.scores.get("fused", 0.0) for e in evidence]
    best = max(scaled)
    if best <= 0:
        return [0]
    return [i for i, v in enumerate(scaled) if v >= share * best]


def _safe(budget: int, window: int) -> int:
    """The budget less a margin for what a chat template adds that nobody counted."""
    return max(0, budget - 16 - window // 100)


def _parse_grades(text: str, count: int) -> list[int] | None:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    numbers = data.get("relevant") if isinstance(data, dict) else None
    if not isinstance(numbers, list):
        return None
    return sorted({n - 1 for n in numbers if isinstance(n, int) and 1 <= n <= count})


def _no_thinking(model: ChatModel) -> bool | None:
    """A side call's few tokens are for its answer: a model with a thinking switch is asked not to think."""
    return False if model.profile().thinking_switch else None

