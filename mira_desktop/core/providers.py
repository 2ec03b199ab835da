"""Remote providers: OpenAI-compatible servers, their base URL and where their key lives."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class KeySource(StrEnum):
    NONE = "none"
    KEYRING = "keyring"  # the OS keyring holds the key
    ENV = "env"  # the key is read from an environment variable at each call


@dataclass(frozen=True)
class Provider:
    id: str
    name: str
    base_url: str
    default_model: str | None
    api_key_source: KeySource
    api_key_env: str | None
    headers: dict[str, str] = field(default_factory=dict)
    vision: bool = False  # its models take images (sent as image_url parts)
    created_at: str = ""
    updated_at: str = ""
