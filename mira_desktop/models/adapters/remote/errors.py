"""How an OpenAI-compatible server's failures become a :class:`ModelError` a user can act on.

HTTP statuses, error bodies, error events inside the answer stream and transport exceptions are each
classified into an :class:`ErrorKind` (which the retry layer reads) and a sentence that names the
server and the fix; the technical cause goes to ``detail``. :func:`redacted` masks the API key in
case a server echoes it back.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import httpx

from mira_desktop.core import phrases
from mira_desktop.core.phrases import Phrase
from mira_desktop.models.errors import ErrorKind, ModelError

_CONTEXT_OVERFLOW = re.compile(
    r"context[ _-]?(length|window|size)|maximum context|too many tokens|exceed|too long", re.IGNORECASE
)
_NO_SUCH_MODEL = re.compile(
    r"model\b.{0,80}\b(not found|does not exist|doesn't exist|not exist|unknown)|(unknown|no such) model",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True)
class ErrorClassifier:
    """Builds the errors of one adapter; its settings go into the sentences.

    ``shown_url`` is the base URL without credentials; ``ref`` names the model in the command that
    sets a key; the timeouts are quoted when one runs out.
    """

    ref: str
    model: str
    shown_url: str
    connect_timeout: float
    read_timeout: float

    def status(self, status: int, excerpt: str, response: httpx.Response) -> ModelError:  # noqa: PLR0911 (one a kind)
        """The error for an unsuccessful HTTP ``status`` with a body starting with ``excerpt``."""
        said = _server_message(excerpt)
        detail = (
            f"HTTP {status} from {response.request.method} {response.request.url.copy_with(userinfo=b'')}; "
            f"body: {excerpt[:500]!r}"
        )
        url = self.shown_url
        if status in (401, 403):
            name = self.ref.removeprefix("remote:").split("/", 1)[0] or "NAME"
            fix = f"`mira models add-remote {name} --base-url {self.shown_url} --api-key-stdin`"
            sent_key = bool(response.request.headers.get("authorization"))
            key = "models.server.key_refused" if sent_key else "models.server.key_needed"
            return ModelError.classified(ErrorKind.AUTH, key, detail=detail, url=url, status=status, fix=fix)
        if status == 429:
            wait = response.headers.get("retry-after")
            detail += f"; retry-after: {wait}" if wait else ""
            return ModelError.classified(
                ErrorKind.RATE_LIMIT, "models.server.rate_limited", detail=detail, url=url
            )
        if status == 404 or (status < 500 and _NO_SUCH_MODEL.search(said)):
            return ModelError.classified(
                ErrorKind.BAD_REQUEST,
                "models.server.no_model",
                detail=detail,
                url=url,
                model=self.model,
                status=status,
            )
        if status in (400, 413, 422, 500) and _CONTEXT_OVERFLOW.search(said):
            return self._overflow(said, detail)
        if 400 <= status < 500:
            return ModelError.classified(
                ErrorKind.BAD_REQUEST,
                "models.server.rejected",
                detail=detail,
                url=url,
                status=status,
                said=said,
            )
        if status >= 500:
            key = "models.server.failed" if said else "models.server.failed_silently"
            return ModelError.classified(
                ErrorKind.MODEL_ERROR, key, detail=detail, url=url, status=status, said=said
            )
        return self.not_openai(
            phrases.said("models.answered.http", status=status), excerpt
        )  # a redirect, or worse

    def reported(self, payload: dict[str, Any]) -> ModelError:
        """The error for an ``error`` the server reported inside an answer."""
        said = _server_message(json.dumps(payload)) or "no details given"
        detail = f"error event in the answer stream: {json.dumps(payload)[:500]}"
        if _CONTEXT_OVERFLOW.search(said):
            return self._overflow(said, detail)
        return ModelError.classified(
            ErrorKind.MODEL_ERROR,
            "models.server.failed_answering",
            detail=detail,
            url=self.shown_url,
            said=said,
        )

    def _overflow(self, said: str, detail: str) -> ModelError:
        return ModelError.classified(
            ErrorKind.CONTEXT_OVERFLOW,
            "models.server.too_long",
            detail=detail,
            model=self.model,
            url=self.shown_url,
            said=said,
        )

    def not_openai(self, answered: Phrase, excerpt: str) -> ModelError:
        """The error for an answer that shows the base URL is not an OpenAI-compatible API."""
        return ModelError.classified(
            ErrorKind.MODEL_ERROR,
            "models.server.not_openai",
            detail=f"body starts with: {excerpt[:300]!r}",
            url=self.shown_url,
            answered=answered,
        )

    def malformed(self, problem: Phrase | str, data: str) -> ModelError:
        """The error for an answer event that is not a well-formed chunk."""
        return ModelError.classified(
            ErrorKind.MODEL_ERROR,
            "models.server.malformed",
            detail=f"event data: {data[:300]!r}",
            url=self.shown_url,
            problem=problem,
        )

    def incomplete(self) -> ModelError:
        """The error for an event stream that ended without a finish reason and without ``[DONE]``."""
        return ModelError.classified(
            ErrorKind.MODEL_ERROR,
            "models.server.incomplete",
            detail="the event stream ended without a finish reason and without [DONE]",
            url=self.shown_url,
        )

    def transport(self, exc: httpx.HTTPError) -> ModelError:
        """The error for a failed connection, a timeout or a connection that broke off."""
        detail = f"{type(exc).__name__}: {exc}"
        url = self.shown_url
        if isinstance(exc, httpx.ConnectTimeout):
            seconds = f"{self.connect_timeout:g}"
            return ModelError.classified(
                ErrorKind.TIMEOUT, "models.server.connect_timeout", detail=detail, url=url, seconds=seconds
            )
        if isinstance(exc, httpx.TimeoutException):
            seconds = f"{self.read_timeout:g}"
            return ModelError.classified(
                ErrorKind.TIMEOUT, "models.server.read_timeout", detail=detail, url=url, seconds=seconds
            )
        if isinstance(exc, httpx.ConnectError):
            return ModelError.classified(
                ErrorKind.UNREACHABLE, "models.server.unreachable", detail=detail, url=url
            )
        return ModelError.classified(ErrorKind.MODEL_ERROR, "models.server.broke_off", detail=detail, url=url)


def _server_message(body: str) -> str:
    """The server's own words from an error body: the JSON ``message``/``detail``, or short plain text."""
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            error = error.get("message") or error.get("detail") or error.get("msg") or ""
        return str(error or data.get("detail") or data.get("message") or "")[:300].strip()
    text = body.strip()
    return "" if text.startswith("<") else " ".join(text.split())[:300]


def redacted(error: ModelError, secret: str | None) -> ModelError:
    """The error with ``secret`` masked, for servers that echo the key they refused — also when the
    echo escaped it (JSON's ``\\/``, a quoted ``repr``) or URL-encoded it."""
    if not secret:
        return error
    pattern = _echo_pattern(secret)
    message, detail = pattern.sub("[redacted]", error.message), pattern.sub("[redacted]", error.detail)
    if (message, detail) == (error.message, error.detail):
        return error
    masked = ModelError(error.kind, message, detail)
    if error.phrase is not None:  # the phrase's values hold the server's words too
        values = {
            k: pattern.sub("[redacted]", v) if isinstance(v, str) else v
            for k, v in error.phrase.values.items()
        }
        masked.phrase = phrases.said(error.phrase.key, **values)
    return masked


def _echo_pattern(secret: str) -> re.Pattern[str]:
    """``secret`` with each character that is not a letter or digit as itself after any backslashes,
    as a ``\\uXXXX`` escape, or percent-encoded."""
    parts = []
    for char in secret:
        if char.isascii() and char.isalnum():
            parts.append(re.escape(char))
            continue
        encoded = "".join(f"%{byte:02x}" for byte in char.encode())
        forms = [rf"\\*{re.escape(char)}", rf"\\+u{ord(char):04x}", re.escape(encoded)]
        parts.append("(?:" + "|".join(forms) + ")")
    return re.compile("".join(parts), re.IGNORECASE)
