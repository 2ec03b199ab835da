"""Classified model errors, each with a sentence a user can act on."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from mira_desktop.core.errors import MiraError


class ErrorKind(StrEnum):
    UNREACHABLE = "unreachable"
    TIMEOUT = "timeout"
    AUTH = "auth"
    RATE_LIMIT = "rate_limit"
    BAD_REQUEST = "bad_request"
    CONTEXT_OVERFLOW = "context_overflow"
    MODEL_ERROR = "model_error"


TRANSIENT = frozenset({ErrorKind.UNREACHABLE, ErrorKind.TIMEOUT, ErrorKind.RATE_LIMIT})


class ModelError(MiraError):
    """``str(error)`` is the user-facing sentence; ``detail`` keeps the technical cause."""

    def __init__(self, kind: ErrorKind, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.detail = detail

    @property
    def transient(self) -> bool:
        return self.kind in TRANSIENT

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "message": self.message, "detail": self.detail}
