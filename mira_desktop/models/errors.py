"""Classified model errors, each with a sentence a user can act on."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import said


class ErrorKind(StrEnum):
    UNREACHABLE = "unreachable"
    TIMEOUT = "timeout"
    AUTH = "auth"
    RATE_LIMIT = "rate_limit"
    BAD_REQUEST = "bad_request"
    CONTEXT_OVERFLOW = "context_overflow"
    MODEL_ERROR = "model_error"


TRANSIENT = frozenset({ErrorKind.UNREACHABLE, ErrorKind.TIMEOUT, ErrorKind.RATE_LIMIT})
_USER_ERRORS = frozenset(
    {ErrorKind.BAD_REQUEST, ErrorKind.CONTEXT_OVERFLOW, ErrorKind.MODEL_ERROR, ErrorKind.AUTH}
)


class ModelError(MiraError):
    """``str(error)`` is the user-facing sentence; ``detail`` keeps the technical cause."""

    def __init__(self, kind: ErrorKind, message: str, detail: str = "", *, missing: bool = False) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.detail = detail
        # A model file that does not exist is "not found"; a file that is not a model, or a request the
        # model refused, is bad input; a server or model that failed at work is its own exit status.
        self.exit_code = 3 if missing else 2 if kind in _USER_ERRORS else 5

    @classmethod
    def classified(
        cls, kind: ErrorKind, key: str, /, *, detail: str = "", missing: bool = False, **values: Any
    ) -> ModelError:
        """The error of ``kind`` whose sentence is the phrase ``key`` of ``core.phrases`` with ``values``."""
        phrase = said(key, **values)
        error = cls(kind, phrase.english, detail, missing=missing)
        error.phrase = phrase
        return error

    @property
    def transient(self) -> bool:
        return self.kind in TRANSIENT

    def to_dict(self) -> dict[str, Any]:
        kept = {"kind": self.kind.value, "message": self.message, "detail": self.detail}
        return kept | ({"phrase": self.phrase.to_dict()} if self.phrase is not None else {})
