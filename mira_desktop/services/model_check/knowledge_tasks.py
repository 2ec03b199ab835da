"""A knowledge question of the check: the sources listed as a knowledge answer lists them, the answer
judged by its words and by the source its sentences cite (the model's ``[n]``, or the one Mira ties
them to, as under every knowledge answer)."""

from __future__ import annotations

import time

from mira_desktop.core.cancel import Cancelled as CancelSignal
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.protocol import ChatMessage, ChatModel, ChatRequest, Finish, TextDelta
from mira_desktop.services.chat.routes.rag import INSTRUCTIONS
from mira_desktop.services.knowledge.citations import attach_citations
from mira_desktop.services.model_check.outcome import TaskOutcome
from mira_desktop.services.model_check.suite import KnowledgeTask

SAMPLING = SamplingParams(max_tokens=160, temperature=0.0)
ANSWER_CHARS = 300


def knowledge_request(task: KnowledgeTask) -> ChatRequest:
    listing = "\n\n".join(
        f"[{n}] {s.document} ({s.location}):\n{s.text}" for n, s in enumerate(task.sources, start=1)
    )
    instruction = INSTRUCTIONS["zh" if task.language == "zh" else "en"]
    return ChatRequest(
        (ChatMessage("system", instruction + listing), ChatMessage("user", task.question)), SAMPLING
    )


def run_knowledge_task(model: ChatModel, task: KnowledgeTask, cancel: CancelToken) -> TaskOutcome:
    """Ask ``task``'s question; raises ``Cancelled`` when ``cancel`` stops it."""
    started = time.perf_counter()
    parts: list[str] = []
    for chunk in model.stream(knowledge_request(task), cancel):
        if isinstance(chunk, TextDelta):
            parts.append(chunk.text)
        elif isinstance(chunk, Finish) and chunk.reason == "cancelled":
            raise CancelSignal()
    if cancel.cancelled:
        raise CancelSignal()
    answer = "".join(parts).strip()
    reasons = judge(task, answer)
    seconds = time.perf_counter() - started
    return TaskOutcome(
        task.id, "knowledge", task.language, not reasons, reasons, seconds, answer[:ANSWER_CHARS]
    )


def judge(task: KnowledgeTask, answer: str) -> list[Phrase]:
    wrong: list[Phrase] = []
    folded = answer.casefold()
    if not any(e.casefold() in folded for e in task.expected):
        wrong.append(said("check.answer_lacks", text=task.expected[0]))
    cited = sorted({n for c in attach_citations(answer, [s.text for s in task.sources]) for n in c.sources})
    if task.answer_source not in cited:
        shown = ", ".join(f"[{n}]" for n in cited)
        wrong.append(
            said("check.knowledge.wrong_source", source=task.answer_source, cited=shown)
            if cited
            else said("check.knowledge.no_source", source=task.answer_source)
        )
    return wrong
