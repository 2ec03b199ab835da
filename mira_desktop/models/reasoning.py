"""Reasoning kept apart from the answer: think tags in a streamed text, split as they arrive.

Thinking models write their reasoning before the answer, either in a field of their own (a server's
``reasoning_content`` / ``reasoning`` deltas, read by the remote adapter) or inside tags in the text:
``<think>…</think>`` (Qwen3, DeepSeek-R1, QwQ), ``<thinking>…</thinking>``, or gpt-oss's analysis
channel (``<|channel|>analysis<|message|>…<|end|>`` then ``<|start|>assistant<|channel|>final
<|message|>`` before the answer), or Gemma 4's thought channel (``<|channel>thought…<channel|>``).
:class:`ReasoningSplitter` turns such a text, fed delta by delta, into :class:`ReasoningDelta` and
:class:`TextDelta` chunks. Both adapters use it, so a local and a
remote model read alike.

As in llama.cpp's ``common/chat`` parsers, reasoning is read at the start of an answer only: once
answer text has begun, tags are the answer's own words (an answer about HTML may quote ``<think>``),
and every later delta passes through untouched — the cost of the splitter on an answer is one
``"<" in text`` test per delta before the answer starts and none after. A tag split across two
deltas is held back until the next one says whether it is a tag.
"""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.models.protocol import ReasoningDelta, TextDelta


@dataclass(frozen=True)
class ThinkTags:
    """The markers around one family's reasoning; ``answer_opener`` (gpt-oss) comes after the close
    and before the answer, and is dropped."""

    open: str
    close: str
    answer_opener: str = ""


THINK = ThinkTags("<think>", "</think>")
THINKING = ThinkTags("<thinking>", "</thinking>")
GPT_OSS = ThinkTags(
    "<|channel|>analysis<|message|>", "<|end|>", "<|start|>assistant<|channel|>final<|message|>"
)
GEMMA4 = ThinkTags("<|channel>thought", "<channel|>")  # Gemma 4's thought channel
DEFAULT_TAGS: tuple[ThinkTags, ...] = (THINK, THINKING)


class ReasoningSplitter:
    """Splits a streamed answer into reasoning and text.

    ``tags`` are the markers to read; ``thinking=True`` starts inside the first family's reasoning
    (a template whose generation prompt already opened ``<think>``, as DeepSeek-R1's and Qwen3's
    thinking templates do).
    """

    def __init__(self, tags: tuple[ThinkTags, ...] = DEFAULT_TAGS, *, thinking: bool = False) -> None:
        self._tags = tags
        self._inside: ThinkTags | None = tags[0] if thinking and tags else None
        self._answering = False  # answer text has begun: nothing more to read
        self._thought = thinking  # some reasoning came (the answer after it is trimmed at its start)
        self._held = ""
        self._before_answer = tuple(t.open for t in tags) + tuple(t.answer_opener for t in tags if t.answer_opener)
        # The first characters of every marker ("<" for all the known families): a delta without
        # any of them cannot hold (a piece of) a tag.
        starts = "".join(sorted({m[0] for t in tags for m in (t.open, t.close) if m}))
        self._start = starts if len(starts) == 1 else ""  # the one first character ("<"): one `in` test
        self._starts = starts

    @property
    def thinking(self) -> bool:
        """Inside reasoning now (a stream that ends here was cut off while thinking)."""
        return self._inside is not None

    def feed(self, text: str) -> list[TextDelta | ReasoningDelta]:
        """The chunks ``text`` completes (a possible tag at its end is held for the next call)."""
        if self._answering:
            return [TextDelta(text)] if text else []
        if not self._held and (self._start not in text if self._start else not any(c in text for c in self._starts)):
            return [ReasoningDelta(text)] if self._inside is not None else self._answer(text)
        buffer, self._held = self._held + text, ""
        return self._scan(buffer)

    def flush(self) -> list[TextDelta | ReasoningDelta]:
        """What is still held at the end of the stream (a ``<`` that never became a tag)."""
        held, self._held = self._held, ""
        if not held:
            return []
        return [ReasoningDelta(held)] if self._inside is not None else self._answer(held)

    def _plain(self, text: str) -> list[TextDelta | ReasoningDelta]:
        if not text:
            return []
        return [ReasoningDelta(text)] if self._inside is not None else self._answer(text)

    def _answer(self, text: str) -> list[TextDelta | ReasoningDelta]:
        if not text.strip():  # blank lines between the reasoning and the answer are neither
            return [] if self._thought else [TextDelta(text)]
        self._answering = True
        return [TextDelta(text.lstrip() if self._thought else text)]

    def _scan(self, buffer: str) -> list[TextDelta | ReasoningDelta]:
        out: list[TextDelta | ReasoningDelta] = []
        while buffer:
            if self._answering:
                out.append(TextDelta(buffer))
                break
            markers = (self._inside.close,) if self._inside is not None else self._before_answer
            found, at = _earliest(buffer, markers)
            if found is None:
                keep = _partial_start(buffer, markers)
                out += self._plain(buffer[:keep])
                if self._answering:  # no tag can follow answer text: nothing to hold
                    out += [TextDelta(buffer[keep:])] if keep < len(buffer) else []
                else:
                    self._held = buffer[keep:]
                break
            out += self._plain(buffer[:at])
            if self._answering:  # the answer began before this marker: it is the answer's own text
                out.append(TextDelta(buffer[at:]))
                break
            buffer = buffer[at + len(found) :]
            if self._inside is not None:
                self._inside = None
            else:
                self._inside = next((t for t in self._tags if t.open == found), None)
                self._thought = self._thought or self._inside is not None
        return _merged(out)


def _earliest(buffer: str, markers: tuple[str, ...]) -> tuple[str | None, int]:
    best: str | None = None
    best_at = len(buffer)
    for marker in markers:
        at = buffer.find(marker)
        if 0 <= at < best_at:
            best, best_at = marker, at
    return best, best_at


def _partial_start(buffer: str, markers: tuple[str, ...]) -> int:
    """Where a marker may begin at the end of ``buffer`` (held back), else its length."""
    longest = max((len(m) for m in markers), default=0)
    for start in range(max(0, len(buffer) - longest + 1), len(buffer)):
        tail = buffer[start:]
        if any(m.startswith(tail) for m in markers):
            return start
    return len(buffer)


def _merged(chunks: list[TextDelta | ReasoningDelta]) -> list[TextDelta | ReasoningDelta]:
    merged: list[TextDelta | ReasoningDelta] = []
    for chunk in chunks:
        if merged and type(merged[-1]) is type(chunk):
            merged[-1] = type(chunk)(merged[-1].text + chunk.text)
        else:
            merged.append(chunk)
    return merged
