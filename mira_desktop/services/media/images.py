"""Pictures from a remote provider's OpenAI-compatible images API (``POST {base}/images/generations``).

The provider is one added with `mira models add-remote` (base URL, key in the keyring or an
environment variable); the image model is the setting ``media.image_model`` (``remote:NAME/MODEL``).
Failures become the remote adapter's :class:`ModelError` sentences; a cancel cuts the connection.
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.model_refs import ModelKind, parse_model_ref
from mira_desktop.core.phrases import said
from mira_desktop.core.providers import KeySource, Provider
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.secrets import SecretStore

IMAGE_MODEL_SETTING = "media.image_model"
DEFAULT_SIZE = "512x512"
MAX_PROMPT_CHARS = 1000  # the lowest limit among the images APIs (DALL·E 2)
MAX_IMAGE_BYTES = 32 * 1024 * 1024
_SIGNATURES = ((b"\x89PNG\r\n\x1a\n", "image/png", ".png"), (b"\xff\xd8\xff", "image/jpeg", ".jpg"))


@dataclass(frozen=True)
class Picture:
    data: bytes
    mime: str
    suffix: str


def parse_image_model(text: str) -> tuple[str, str]:
    """``remote:NAME/MODEL`` → (provider name, model)."""
    ref = parse_model_ref(text)
    if ref.kind is not ModelKind.REMOTE or not ref.model:
        raise InvalidInputError.said("media.bad_image_model", text=text)
    return ref.target, ref.model


def prompt_from_answer(answer: str) -> str:
    return " ".join(answer.split())[:MAX_PROMPT_CHARS]


def generate(
    provider: Provider,
    model: str,
    prompt: str,
    secrets: SecretStore,
    cancel: CancelToken,
    *,
    size: str = DEFAULT_SIZE,
) -> Picture:
    """One picture for ``prompt``; raises :class:`ModelError` with a sentence a person can act on."""
    import httpx

    from mira_desktop.models.adapters.remote.connection_guard import ConnectionGuard
    from mira_desktop.models.adapters.remote.errors import ErrorClassifier

    base = provider.base_url.rstrip("/")
    errors = ErrorClassifier(f"remote:{provider.name}/{model}", model, base, 10.0, 180.0)
    headers = {**provider.headers, **_authorization(provider, secrets)}
    body = {"model": model, "prompt": prompt, "n": 1, "size": size, "response_format": "b64_json"}
    guard = ConnectionGuard()
    stop = cancel.on_cancel(guard.cut)
    try:
        with httpx.Client(timeout=httpx.Timeout(180.0, connect=10.0), headers=headers) as client:
            try:
                response = client.post(
                    f"{base}/images/generations", json=body, extensions={"trace": guard.trace}
                )
                if response.status_code >= 400:
                    raise errors.status(response.status_code, response.text[:2000], response)
                return _picture(client, response.json(), guard, errors)
            except httpx.HTTPError as exc:
                cancel.raise_if_cancelled()
                raise errors.transport(exc) from exc
            except ValueError as exc:  # the body is not JSON
                raise errors.malformed(said("media.image.not_json", error=exc), response.text[:500]) from exc
    finally:
        stop()


def _picture(client: Any, payload: Any, guard: Any, errors: Any) -> Picture:
    data = payload.get("data") if isinstance(payload, dict) else None
    first = data[0] if isinstance(data, list) and data and isinstance(data[0], dict) else None
    if first is None:
        raise errors.malformed(said("media.image.no_data"), str(payload)[:500])
    if isinstance(first.get("b64_json"), str):
        try:
            raw = base64.b64decode(first["b64_json"], validate=True)
        except ValueError as exc:
            raise errors.malformed(said("media.image.not_base64", error=exc), first["b64_json"][:200]) from exc
    elif isinstance(first.get("url"), str):
        fetched = client.get(first["url"], extensions={"trace": guard.trace})
        if fetched.status_code >= 400:
            raise errors.status(fetched.status_code, fetched.text[:2000], fetched)
        raw = fetched.content
    else:
        raise errors.malformed(said("media.image.no_picture"), str(first)[:500])
    if len(raw) > MAX_IMAGE_BYTES:
        raise ModelError.classified(ErrorKind.MODEL_ERROR, "media.image.too_big", size=len(raw) // 1024 // 1024)
    for magic, mime, suffix in _SIGNATURES:
        if raw.startswith(magic):
            return Picture(raw, mime, suffix)
    if raw[:4] == b"RIFF" and raw[8:12] == b"WEBP":
        return Picture(raw, "image/webp", ".webp")
    raise ModelError.classified(ErrorKind.MODEL_ERROR, "media.image.not_image")


def _authorization(provider: Provider, secrets: SecretStore) -> dict[str, str]:
    """The provider's key, read now from where it lives (never stored here)."""
    key: str | None = None
    if provider.api_key_source is KeySource.KEYRING:
        key = secrets.get(provider.name)
    elif provider.api_key_source is KeySource.ENV and provider.api_key_env:
        key = os.environ.get(provider.api_key_env)
    return {"Authorization": f"Bearer {key}"} if key else {}
