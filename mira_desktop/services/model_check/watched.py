"""The checked model, passed through, noting whether it thought (sent reasoning) on any request."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.passing import PassingModel
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatModel,
    ChatRequest,
    Chunk,
    ReasoningDelta,
    TextDelta,
    Usage,
)

SPEED_TOKENS = 64


@dataclass(frozen=True)
class Speed:
    first_token_s: float | None  # None: nothing came back
    tokens: int
    tokens_per_s: float | None
    window: int  # the context window the model runs with (the one chosen at load, for a local one)
    load_s: float


class Watched(PassingModel):
    """A :class:`ChatModel` that passes everything through to ``model`` and remembers reasoning seen."""

    def __init__(self, model: ChatModel) -> None:
        super().__init__(model)
        self.thought = False

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        for chunk in self._model.stream(request, cancel):
            if isinstance(chunk, ReasoningDelta) and chunk.text.strip():
                self.thought = True
            yield chunk

    def unload_if_idle(self, seconds: float) -> bool:
        return False  # the registry's model: the registry unloads it, never the check

    def close(self) -> None:
        return None  # the registry owns the model

    def measure(self, prompt: str, load_s: float, cancel: CancelToken) -> Speed:
        """The first token's delay and the tokens a second after it, for one short answer."""
        request = ChatRequest(
            (ChatMessage("user", prompt),), SamplingParams(max_tokens=SPEED_TOKENS, temperature=0.0)
        )
        started = time.perf_counter()
        first: float | None = None
        tokens = 0
        for chunk in self.stream(request, cancel):
            if isinstance(chunk, TextDelta | ReasoningDelta) and first is None:
                first = time.perf_counter() - started
            elif isinstance(chunk, Usage):
                tokens = chunk.completion_tokens
        total = time.perf_counter() - started
        rate = tokens / (total - first) if first is not None and tokens > 1 and total > first else None
        return Speed(first, tokens, rate, self.profile().context_window, load_s)
