"""An agent run's model with its reasoning shown on the run: each step of a thinking model thinks,
and what it thought streams into the answer's reasoning part like a chat answer's, without the
agent loop knowing. The thread's thinking switch goes with each of the run's requests too."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.passing import PassingModel
from mira_desktop.models.protocol import ChatModel, ChatRequest, Chunk, ReasoningDelta
from mira_desktop.services.chat.run_context import RunContext


class ReasoningShown(PassingModel):
    """A :class:`ChatModel` that passes everything through to ``model`` and hands each
    :class:`ReasoningDelta` to ``context`` on its way."""

    def __init__(self, model: ChatModel, context: RunContext) -> None:
        super().__init__(model)
        self._context = context

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        if request.thinking is None and self._context.request.thinking is not None:
            request = replace(request, thinking=self._context.request.thinking)
        for chunk in self._model.stream(request, cancel):
            if isinstance(chunk, ReasoningDelta):
                self._context.reasoning_delta(chunk.text)
            yield chunk

    def unload_if_idle(self, seconds: float) -> bool:
        return False  # the registry's model is unloaded by the registry, never through a run

    def close(self) -> None:
        return None  # the registry owns the model: a run never closes it
