"""Streaming a model's answer into a run, and saying what happened: what the chat and RAG routes share.

Four things an answer can do besides finishing: be **cut off** at ``max_tokens`` (finish reason
``length``: labelled, so the window can offer Continue), be **cut off while thinking** (a thinking
model spent the whole budget on its reasoning and wrote no answer: never a complete, empty answer),
be **cancelled** (Stop: the partial text is kept), or fall into a **loop**. Small models (SmolLM2-135M here) repeat a sentence, or a long
run of words, again and again until the token limit; :class:`RepetitionGuard` stops the stream at
the second copy of a sentence or the third of an 8-word run, and the answer keeps only the text
before the repeat (the streamed deltas stay in the journal, the saved message is the trimmed text).
A symbol counts as a word (SmolLM2 answered "你好" with 171 × "🌟"), and the guard also looks every
``CHECK_EVERY`` characters, since such a loop has no sentence end to wait for.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.cjk import CJK_CLASS, cjk_pattern
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.phrases import said
from mira_desktop.ingest.sentences import split_sentences
from mira_desktop.models.protocol import ChatRequest, Chunk, Finish, ReasoningDelta, TextDelta, Usage
from mira_desktop.models.retry import DEFAULT_DELAYS, stream_with_retry
from mira_desktop.services.chat.run_context import RunContext, RunOutcome

REPETITION_EVENT = "answer.repetition_stopped"
_MARKERS = re.compile(r"\[\d+(?:\s*[,，]\s*\d+)*\]")
# Symbols and emoji, each a word of its own: arrows, technical and miscellaneous symbols, dingbats,
# and the emoji planes (U+1F000–U+1FAFF).
_SYMBOL_CLASS = "\u2190-\u2bff\U0001f000-\U0001faff"
_WORD = re.compile(rf"[{CJK_CLASS}]|[{_SYMBOL_CLASS}]|[^\W_]+")
_ENDS = ".!?。！？；…\n"
CHECK_EVERY = 64  # characters streamed without a sentence end before the guard looks anyway


@dataclass(frozen=True)
class AnswerResult:
    """How one streamed answer ended.

    ``finish``: ``stop``, ``length`` (``max_tokens`` reached), ``cancelled`` or ``repetition``
    (stopped by the guard). ``text`` is what this stream added to the answer, after trimming.
    """

    text: str
    finish: str
    usage: dict[str, int] = field(default_factory=dict)
    first_token_s: float | None = None  # from the request to the first text
    removed_chars: int = 0  # text the repetition guard removed
    reasoning: str = ""  # what this stream added to the answer's reasoning
    budget: int | None = None  # the request's max_tokens

    @property
    def cancelled(self) -> bool:
        return self.finish == "cancelled"

    @property
    def cut_off(self) -> bool:
        return self.finish == "length"

    @property
    def stopped_repeating(self) -> bool:
        return self.finish == "repetition"

    @property
    def cut_off_thinking(self) -> bool:
        """The model thought and wrote no answer: its budget ran out inside its reasoning (or it
        ended there)."""
        return self.finish in ("length", "stop") and bool(self.reasoning.strip()) and not self.text.strip()

    def metadata(self) -> dict[str, Any]:
        """What the message records: ``finish_reason`` and ``usage`` always, ``cut_off`` and
        ``stopped_repeating`` only when true."""
        data: dict[str, Any] = {"finish_reason": self.finish}
        if self.usage:
            data["usage"] = dict(self.usage)
        if self.cut_off_thinking:
            data["cut_off_thinking"] = True
            data["thinking_tokens"] = self.usage.get("completion_tokens") or self.budget or 0
        elif self.cut_off:
            data["cut_off"] = True
        if self.stopped_repeating:
            data["stopped_repeating"] = True
        return data


class RepetitionGuard:
    """Finds a degenerate loop in a growing answer; :meth:`check` returns where to cut it, or None.

    A loop is a sentence (of at least ``min_words`` words, ignoring case, spacing and [n] markers)
    seen ``sentence_repeats`` times, or a run of ``ngram`` words seen ``ngram_repeats`` times. The cut
    falls at the start of the sentence where the repeat was found. Tuned on SmolLM2-135M's RAG answers
    (docs/KNOWLEDGE.md): legitimate answers there never repeated a whole sentence or an 8-word run three
    times, while looping ones did so within a few sentences.
    """

    def __init__(
        self, sentence_repeats: int = 2, ngram: int = 8, ngram_repeats: int = 3, min_words: int = 5
    ) -> None:
        self.sentence_repeats = sentence_repeats
        self.ngram = ngram
        self.ngram_repeats = ngram_repeats
        self.min_words = min_words

    def check(self, text: str) -> int | None:
        seen: dict[str, int] = {}
        stream: list[tuple[str, int, int]] = []  # every word: itself, where it is, its sentence's start
        for start, sentence in _sentences(text):
            found = [(m.group(0).lower(), start + m.start()) for m in _WORD.finditer(_unmarked(sentence))]
            words = [w for w, _ in found]
            stream += [(word, at, start) for word, at in found]
            if len(words) >= (self.min_words * 2 if _mostly_cjk(words) else self.min_words):
                key = " ".join(words)
                seen[key] = seen.get(key, 0) + 1
                if seen[key] >= self.sentence_repeats:
                    return min(start, self._run_repeated(stream) or start)
        return self._run_repeated(stream)

    def _run_repeated(self, stream: list[tuple[str, int, int]]) -> int | None:
        """Where to cut for a run of words seen ``ngram_repeats`` times, or None."""
        # Runs of words across sentence ends too: a loop of short sentences ("美妆分享！" fifty times)
        # repeats no sentence long enough to count, but repeats its run of words.
        size = self.ngram * 2 if _mostly_cjk([w for w, _, _ in stream]) else self.ngram
        grams: dict[tuple[str, ...], list[int]] = {}  # each run of words → the indexes it starts at
        for i in range(len(stream) - size + 1):
            places = grams.setdefault(tuple(w for w, _, _ in stream[i : i + size]), [])
            if places and i - places[-1] < size:
                continue  # overlapping the copy before it ("葉葉葉…"): counted once per run
            places.append(i)
            if len(places) >= self.ngram_repeats:
                # Cut before the sentence of the second copy; inside the first sentence, at the copy.
                _word, at, sentence_start = stream[places[1]]
                return sentence_start if sentence_start > 0 else at
        return None


def _mostly_cjk(words: list[str]) -> bool:
    """Whether most of ``words`` are CJK characters (each one a "word", so runs are counted twice as long)."""
    cjk = sum(1 for w in words if len(w) == 1 and cjk_pattern().match(w))
    return cjk * 2 > len(words)


def stream_answer(
    context: RunContext,
    request: ChatRequest,
    *,
    retry_delays: tuple[float, ...] = DEFAULT_DELAYS,
    guard: RepetitionGuard | None = None,
) -> AnswerResult:
    """Stream ``request``'s answer into ``context`` (deltas, then the trimmed text) and say how it ended."""
    guard = guard or RepetitionGuard()
    started = time.perf_counter()
    base = len(context.text)  # a continued answer starts with the text it already had
    reasoning_base = len(context.reasoning)
    first: float | None = None
    finish = "stop"
    usage: dict[str, int] = {}
    pending_check = False
    unchecked = 0  # characters streamed since the guard last looked
    chunks: Iterator[Chunk] = stream_with_retry(context.model, request, context.cancel, retry_delays)
    try:
        for chunk in chunks:
            if isinstance(chunk, TextDelta):
                if first is None and chunk.text:
                    first = time.perf_counter() - started
                context.delta(chunk.text)
                unchecked += len(chunk.text)
                pending_check = (
                    pending_check or any(c in _ENDS for c in chunk.text) or unchecked >= CHECK_EVERY
                )
                if pending_check:
                    pending_check, unchecked = False, 0
                    cut = guard.check(context.text[base:])
                    if cut is not None:
                        return _stopped(context, base, cut, first, usage)
            elif isinstance(chunk, ReasoningDelta):
                context.reasoning_delta(chunk.text)
            elif isinstance(chunk, Usage):
                usage = {"prompt_tokens": chunk.prompt_tokens, "completion_tokens": chunk.completion_tokens}
            elif isinstance(chunk, Finish):
                finish = chunk.reason
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()  # stops the model (a local one stops generating at once)
    cut = guard.check(context.text[base:])  # the last sentence may have no end mark
    if cut is not None and finish != "cancelled":
        return _stopped(context, base, cut, first, usage)
    if context.cancel.cancelled:
        finish = "cancelled"
    return AnswerResult(
        context.text[base:],
        finish,
        usage,
        first,
        reasoning=context.reasoning[reasoning_base:],
        budget=request.sampling.max_tokens,
    )


def thinking_cut_off(answered: AnswerResult) -> RunOutcome:
    """The end of a run whose answer was cut off while thinking: failed, with the reason and Continue
    (the answer is not complete, and its reasoning is kept)."""
    metadata = answered.metadata()
    phrase = said("chat.cut_off_thinking", tokens=metadata["thinking_tokens"])
    error = {"kind": "cut_off_thinking", "message": phrase.english, "phrase": phrase.to_dict()}
    return RunOutcome(RunStatus.FAILED, error, metadata=metadata)


def _stopped(
    context: RunContext, base: int, cut: int, first: float | None, usage: dict[str, int]
) -> AnswerResult:
    answer = context.text[base:]
    kept = answer[:cut].rstrip()
    removed = len(answer) - len(kept)
    context.text = context.text[:base] + kept
    context.emit(REPETITION_EVENT, {"kept_chars": len(kept), "removed_chars": removed})
    return AnswerResult(kept, "repetition", usage, first, removed)


def _sentences(text: str) -> list[tuple[int, str]]:
    """``(offset, sentence)`` pairs, with line breaks as sentence ends too."""
    found: list[tuple[int, str]] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        for sentence in split_sentences(line):
            start = text.find(sentence, offset)
            if start < 0:  # cannot happen: the pieces are slices of the line
                continue
            found.append((start, sentence))
            offset = start + len(sentence)
    return found


def _unmarked(sentence: str) -> str:
    """``sentence`` with markers like [1] blanked out (same length, so offsets still hold)."""
    return _MARKERS.sub(lambda m: " " * len(m.group(0)), sentence)
