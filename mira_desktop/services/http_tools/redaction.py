"""Secret header values taken out of what a declared HTTP tool's endpoint sends back.

A careless API echoes the key it got: as sent, URL-quoted, or base64-encoded (alone, or inside a
longer base64 string such as ``base64("user:" + key)``). Each form is replaced by ``[secret]`` before
the model, the trace or the journal see the answer. A base64 form is found at any alignment: the
secret from its first, second or third byte on, cut to whole 3-byte groups, encodes to the same
characters wherever it sits in a longer encoding (at most two bytes at either end stay unmasked).
"""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import quote

REDACTED = "[secret]"
SHORTEST_ENCODED = 8  # shorter base64 pieces are too likely to be ordinary text


def forms(secret: str) -> list[str]:
    """Every form of ``secret`` to mask, longest first (so a longer form is never cut by a shorter)."""
    if not secret:
        return []
    values = {secret}
    scheme, _, token = secret.partition(" ")
    if token and scheme.isalpha():  # "Bearer abc…": the token alone is the secret too
        values.add(token.strip())
    found: set[str] = set()
    for value in values:
        found.update((value, quote(value, safe=""), quote(value)))
        raw = value.encode("utf-8")
        for start in range(3):
            part = raw[start:]
            part = part[: len(part) - len(part) % 3]
            if len(part) * 4 // 3 < SHORTEST_ENCODED:
                continue
            for encoded in (base64.b64encode(part), base64.urlsafe_b64encode(part)):
                found.add(encoded.decode("ascii"))
    return sorted((f for f in found if f), key=len, reverse=True)


def scrub(text: str, secrets: dict[str, str]) -> str:
    """``text`` with every form of each secret value masked."""
    for secret in secrets.values():
        for form in forms(secret):
            text = text.replace(form, REDACTED)
    return text


def scrubbed(value: Any, secrets: dict[str, str]) -> Any:
    """``value`` (parsed JSON: every string already unescaped) with each secret masked."""
    if isinstance(value, str):
        return scrub(value, secrets)
    if isinstance(value, list):
        return [scrubbed(item, secrets) for item in value]
    if isinstance(value, dict):
        return {scrub(str(k), secrets): scrubbed(v, secrets) for k, v in value.items()}
    return value
