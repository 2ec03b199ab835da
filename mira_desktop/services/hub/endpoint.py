"""Which Hub Mira talks to, and the token for gated repositories.

The endpoint is the setting ``hub.endpoint`` when set, else ``HF_ENDPOINT`` (as ``huggingface_hub``
reads it), else ``https://huggingface.co``: a mirror (many people in China cannot reach the Hub
itself) is one setting or one environment variable. The token lives in the OS keyring like the
API keys of providers, else ``HF_TOKEN``; it is sent to the endpoint's own host only, never to the
host a download is redirected to.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.models.secrets import KeyringUnavailableError, SecretStore
from mira_desktop.store.settings import SettingsRepository

DEFAULT_ENDPOINT = "https://huggingface.co"
ENDPOINT_SETTING = "hub.endpoint"
ENV_ENDPOINT = "HF_ENDPOINT"
ENV_TOKEN = "HF_TOKEN"
_URL = re.compile(r"^https?://[^\s/]+(/[^\s]*)?$")


@dataclass(frozen=True)
class HubEndpoint:
    url: str
    source: str  # setting | HF_ENDPOINT | default
    token: str | None
    token_source: str  # keyring | HF_TOKEN | none


class HubSettings:
    def __init__(
        self, settings: SettingsRepository, secrets: SecretStore, environ: Mapping[str, str] | None = None
    ) -> None:
        self._settings = settings
        self._secrets = secrets
        self._environ = os.environ if environ is None else environ

    def current(self) -> HubEndpoint:
        stored = str(self._settings.get(ENDPOINT_SETTING, "") or "")
        env = self._environ.get(ENV_ENDPOINT, "").strip()
        if stored:
            url, source = stored, "setting"
        elif env:
            url, source = env, ENV_ENDPOINT
        else:
            url, source = DEFAULT_ENDPOINT, "default"
        token = self._secrets.get_hub_token()
        token_source = "keyring" if token else "none"
        if not token and self._environ.get(ENV_TOKEN, "").strip():
            token, token_source = self._environ[ENV_TOKEN].strip(), ENV_TOKEN
        return HubEndpoint(url.rstrip("/"), source, token, token_source)

    def set_endpoint(self, url: str | None) -> HubEndpoint:
        """Use ``url`` (a mirror), or the default again with None or an empty string."""
        text = (url or "").strip().rstrip("/")
        if text and not _URL.match(text):
            raise InvalidInputError.said("hub.bad_endpoint", url=text)
        if text:
            self._settings.set(ENDPOINT_SETTING, text)
        else:
            self._settings.delete(ENDPOINT_SETTING)
        return self.current()

    def set_token(self, token: str | None) -> HubEndpoint:
        """Keep ``token`` in the OS keyring (None or empty: forget it)."""
        if token and token.strip():
            if not self._secrets.available():
                raise KeyringUnavailableError.said("hub.no_keyring")
            self._secrets.set_hub_token(token.strip())
        else:
            self._secrets.delete_hub_token()
        return self.current()
