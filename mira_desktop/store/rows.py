"""Small helpers for turning rows into domain records."""

from __future__ import annotations

import json
from typing import Any


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | None, default: Any) -> Any:
    if text is None or text == "":
        return default
    return json.loads(text)
