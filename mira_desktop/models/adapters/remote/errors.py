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

    def status(self, status: int, excerpt: str, response: httpx.Response) -> ModelError:
        """The error for an unsuccessful HTTP ``status`` with a body starting with ``excerpt``."""
        said = _server_message(excerpt)
        detail = (
            f"HTTP {status} from {response.request.method} {response.request.url.copy_with(userinfo=b'')}; "
            f"body: {excerpt[:500]!r}"
        )
        where = f"The server at {self.shown_url}"
        if status in (401, 403):
            name = self.ref.removeprefix("remote:").split("/", 1)[0] or "NAME"
            fix = f"`mira models add-remote {name} --base-url {self.shown_url} --api-key-stdin`"
            sent_key = bool(response.request.headers.get("authorization"))
            problem = "refused the API key" if sent_key else "needs an API key"
            kind, message = ErrorKind.AUTH, f"{where} {problem} (HTTP {status}): set the key with {fix}."
        elif status == 429:
            wait = response.headers.get("retry-after")
            detail += f"; retry-after: {wait}" if wait else ""
            kind = ErrorKind.RATE_LIMIT
            message = f"{where} is limiting requests (HTTP 429): wait a moment and try again."
        elif status == 404 or (status < 500 and _NO_SUCH_MODEL.search(said)):
            kind = ErrorKind.BAD_REQUEST
            message = (
                f"{where} has no model {self.model!r} (HTTP {status}): run `mira models list` to see the "
                "models it offers, and check the base URL (it usually ends in /v1)."
            )
        elif status in (400, 413, 422, 500) and _CONTEXT_OVERFLOW.search(said):
            kind, message = ErrorKind.CONTEXT_OVERFLOW, self._overflow_message(said)
        elif 400 <= status < 500:
            kind, message = ErrorKind.BAD_REQUEST, f"{where} rejected the request (HTTP {status}): {said}"
        elif status >= 500:
            kind = ErrorKind.MODEL_ERROR
            message = (
                f"{where} failed to answer (HTTP {status}): {said or 'no details given'}; check its log."
            )
        else:  # a redirect or another status no API answers with
            return self.not_openai(f"HTTP {status}", excerpt)
        return ModelError(kind, message, detail)

    def reported(self, payload: dict[str, Any]) -> ModelError:
        """The error for an ``error`` the server reported inside an answer."""
        said = _server_message(json.dumps(payload)) or "no details given"
        detail = f"error event in the answer stream: {json.dumps(payload)[:500]}"
        if _CONTEXT_OVERFLOW.search(said):
            return ModelError(ErrorKind.CONTEXT_OVERFLOW, self._overflow_message(said), detail)
        return ModelError(
            ErrorKind.MODEL_ERROR, f"The server at {self.shown_url} failed while answering: {said}", detail
        )

    def _overflow_message(self, said: str) -> str:
        return (
            f"The conversation is too long for {self.model!r} on {self.shown_url}: start a new thread "
            f"or shorten the messages. The server said: {said}"
        )

    def not_openai(self, answered: str, excerpt: str) -> ModelError:
        """The error for an answer that shows the base URL is not an OpenAI-compatible API."""
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"{self.shown_url} does not look like an OpenAI-compatible API (it answered with {answered}): "
            "check the base URL; it usually ends in /v1, like http://127.0.0.1:8080/v1.",
            f"body starts with: {excerpt[:300]!r}",
        )

    def malformed(self, problem: str, data: str) -> ModelError:
        """The error for an answer event that is not a well-formed chunk."""
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"The server at {self.shown_url} sent a malformed answer event ({problem}): it may not be "
            "fully OpenAI-compatible; check the base URL and the server's version.",
            f"event data: {data[:300]!r}",
        )

    def incomplete(self) -> ModelError:
        """The error for an event stream that ended without a finish reason and without ``[DONE]``."""
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"The server at {self.shown_url} ended the answer before it was complete: the "
            "conversation may be too long for its context window, or the server failed; check "
            "the server's log.",
            "the event stream ended without a finish reason and without [DONE]",
        )

    def transport(self, exc: httpx.HTTPError) -> ModelError:
        """The error for a failed connection, a timeout or a connection that broke off."""
        detail = f"{type(exc).__name__}: {exc}"
        if isinstance(exc, httpx.ConnectTimeout):
            return ModelError(
                ErrorKind.TIMEOUT,
                f"{self.shown_url} did not accept a connection within {self.connect_timeout:g} s: check "
                "the address, and that the server is running and reachable.",
                detail,
            )
        if isinstance(exc, httpx.TimeoutException):
            return ModelError(
                ErrorKind.TIMEOUT,
                f"The server at {self.shown_url} sent nothing for {self.read_timeout:g} s: it may be "
                "overloaded or stuck; try again, or allow a longer read timeout for a slow model.",
                detail,
            )
        if isinstance(exc, httpx.ConnectError):
            return ModelError(
                ErrorKind.UNREACHABLE,
                f"Cannot reach {self.shown_url}: is the server running? Check the address and the network.",
                detail,
            )
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"The connection to {self.shown_url} broke off before the answer was complete: the server "
            "may have crashed or restarted; check its log.",
            detail,
        )


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
    return ModelError(error.kind, message, detail)


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
