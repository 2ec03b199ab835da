"""Resolving model references to adapters through a table keyed by the reference's scheme.

The composition root fills the table (``local:``, ``remote:``, ``scripted:``); the registry never
names an adapter class. One adapter per reference is kept, so a local model stays loaded between
turns until it is forgotten or the registry closes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.model_refs import ModelKind, ModelRef, parse_model_ref
from mira_desktop.models.protocol import ChatModel


@dataclass(frozen=True)
class Adapter:
    """One row of the table: how to build a model for a reference, and how to check one exists."""

    build: Callable[[ModelRef], ChatModel]
    check: Callable[[ModelRef], None]  # raises a MiraError naming the problem and its fix


class ModelRegistry:
    def __init__(self, adapters: Mapping[ModelKind, Adapter]) -> None:
        self._adapters = dict(adapters)
        self._models: dict[str, ChatModel] = {}
        self._lock = threading.Lock()

    def get(self, ref_text: str) -> ChatModel:
        ref = parse_model_ref(ref_text)
        key = str(ref)
        with self._lock:
            model = self._models.get(key)
            if model is None:
                model = self._adapter(ref).build(ref)
                self._models[key] = model
            return model

    def check(self, ref_text: str) -> str:
        """Check that ``ref_text`` names a model that exists; return it normalized."""
        ref = parse_model_ref(ref_text)
        self._adapter(ref).check(ref)
        return str(ref)

    def loaded(self, ref_text: str) -> bool:
        model = self._models.get(str(parse_model_ref(ref_text)))
        return model is not None and model.loaded

    def loaded_refs(self) -> list[str]:
        """The models holding their weights in memory now."""
        with self._lock:
            models = list(self._models.items())
        return [ref for ref, model in models if model.loaded]

    def unload_idle(self, seconds: float) -> list[str]:
        """Unload each model unused for ``seconds`` (each refuses while it works); those unloaded."""
        with self._lock:
            models = list(self._models.items())
        return [ref for ref, model in models if model.loaded and model.unload_if_idle(seconds)]

    def forget(self, ref_text: str) -> None:
        """Drop (and unload) a cached adapter, e.g. after its provider changed."""
        with self._lock:
            model = self._models.pop(str(parse_model_ref(ref_text)), None)
        if model is not None:
            model.close()

    def forget_provider(self, provider: str) -> None:
        with self._lock:
            keys = [
                k for k in self._models if k.startswith(f"remote:{provider}/") or k == f"remote:{provider}"
            ]
            models = [self._models.pop(k) for k in keys]
        for model in models:
            model.close()

    def close(self) -> None:
        with self._lock:
            models, self._models = list(self._models.values()), {}
        for model in models:
            model.close()

    def _adapter(self, ref: ModelRef) -> Adapter:
        adapter = self._adapters.get(ref.kind)
        if adapter is None:
            raise InvalidInputError.said("models.no_adapter", ref=ref, kind=ref.kind.value)
        return adapter
