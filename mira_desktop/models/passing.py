"""A chat model that passes everything through to another: the base of the wrappers a run or a check
puts around a registry's model to watch or hold its answers (each overrides ``stream``, and says
whether the wrapped model may be unloaded or closed through it)."""

from __future__ import annotations

from mira_desktop.models.protocol import ChatModel, ModelProfile


class PassingModel:
    """``model``'s reference, state, profile and token counts, read through to it."""

    def __init__(self, model: ChatModel) -> None:
        self.ref = model.ref
        self._model = model

    @property
    def wrapped(self) -> ChatModel:
        return self._model

    @property
    def loaded(self) -> bool:
        return self._model.loaded

    def prepare(self) -> None:
        self._model.prepare()

    def profile(self) -> ModelProfile:
        return self._model.profile()

    def count_tokens(self, text: str) -> int:
        return self._model.count_tokens(text)
