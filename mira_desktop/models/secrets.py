"""API keys in the OS keyring, and nowhere else."""

from __future__ import annotations

import contextlib
from typing import Any

from mira_desktop.core.errors import MiraError

SERVICE = "mira-desktop"


class KeyringUnavailableError(MiraError):
    """No usable OS keyring: keys cannot be stored safely, so they are not stored at all."""


class SecretStore:
    """Reads and writes provider API keys through ``keyring`` (imported on first use)."""

    def _keyring(self) -> Any:
        import keyring

        return keyring

    def available(self) -> bool:
        keyring = self._keyring()
        backend = keyring.get_keyring()
        try:
            priority = float(backend.priority)
        except Exception:  # a backend that cannot even report its priority is unusable
            return False
        name = type(backend).__module__ + "." + type(backend).__name__
        if name.startswith("keyring.backends.fail") or name.startswith("keyring.backends.null"):
            return False
        if name == "keyring.backends.chainer.ChainerBackend" and not backend.backends:
            return False
        return priority > 0

    def set(self, provider: str, key: str) -> None:
        if not self.available():
            raise KeyringUnavailableError.said("models.no_keyring_key")
        self._keyring().set_password(SERVICE, _user(provider), key)

    def get(self, provider: str) -> str | None:
        if not self.available():
            return None
        value = self._keyring().get_password(SERVICE, _user(provider))
        return None if value is None else str(value)

    def delete(self, provider: str) -> None:
        if not self.available():
            return
        keyring = self._keyring()
        with contextlib.suppress(keyring.errors.PasswordDeleteError):  # nothing stored: idempotent
            keyring.delete_password(SERVICE, _user(provider))

    # The Hugging Face Hub's token (gated repositories), under a name no provider can take.
    def set_hub_token(self, token: str) -> None:
        self.set(HUB_TOKEN_NAME, token)

    def get_hub_token(self) -> str | None:
        return self.get(HUB_TOKEN_NAME)

    def delete_hub_token(self) -> None:
        self.delete(HUB_TOKEN_NAME)

    # -- any other secret (an MCP server's environment values and headers), by account name --------
    def store(self, account: str, value: str, *, what: str = "the secret") -> None:
        if not self.available():
            raise KeyringUnavailableError.said("models.no_keyring", what=what)
        self._keyring().set_password(SERVICE, account, value)

    def read(self, account: str) -> str | None:
        if not self.available():
            return None
        value = self._keyring().get_password(SERVICE, account)
        return None if value is None else str(value)

    def forget(self, account: str) -> None:
        if not self.available():
            return
        keyring = self._keyring()
        with contextlib.suppress(keyring.errors.PasswordDeleteError):  # nothing stored: idempotent
            keyring.delete_password(SERVICE, account)


HUB_TOKEN_NAME = "hub token"  # a provider's name cannot hold a space


def _user(provider: str) -> str:
    return f"provider:{provider}"
