"""``remote:``: OpenAI-compatible servers over HTTP with server-sent events.

httpx is imported only when a remote model is first built.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.model_refs import ModelRef
from mira_desktop.core.providers import KeySource, Provider
from mira_desktop.models.protocol import ChatModel
from mira_desktop.models.registry import Adapter
from mira_desktop.models.secrets import SecretStore

ProviderLookup = Callable[[str], Provider | None]


def remote_adapter(providers: ProviderLookup, secrets: SecretStore) -> Adapter:
    """``remote:PROVIDER/MODEL``: a provider added with `mira models add-remote`."""

    def provider_and_model(ref: ModelRef) -> tuple[Provider, str]:
        provider = providers(ref.target)
        if provider is None:
            raise NotFoundError.said("models.no_provider_add", name=ref.target)
        model = ref.model or provider.default_model
        if not model:
            raise InvalidInputError.said("models.ref_no_model", ref=ref, provider=provider.name)
        return provider, model

    def build(ref: ModelRef) -> ChatModel:
        from mira_desktop.models.adapters.remote.adapter import OpenAICompatibleModel

        provider, model = provider_and_model(ref)
        return OpenAICompatibleModel(
            ref=f"remote:{provider.name}/{model}",
            base_url=provider.base_url,
            model=model,
            api_key=_key_reader(provider, secrets),
            headers=dict(provider.headers),
            supports_vision=provider.vision,
        )

    def check(ref: ModelRef) -> None:
        provider_and_model(ref)

    return Adapter(build, check)


def _key_reader(provider: Provider, secrets: SecretStore) -> Callable[[], str | None] | None:
    """Keys are read at each call, from the keyring or the environment, never kept."""
    if provider.api_key_source is KeySource.KEYRING:
        name = provider.name
        return lambda: secrets.get(name)
    if provider.api_key_source is KeySource.ENV and provider.api_key_env:
        variable = provider.api_key_env
        return lambda: os.environ.get(variable)
    return None
