"""Who may ask the local server, checked from the headers before any route runs; the JSON errors.

:class:`Guard` refuses a request before its body is read: another address while LAN mode is off
(403), a missing or wrong token in LAN mode (401), a declared body above :data:`MAX_BODY` (413).
:func:`read_json` reads a body with the same cap (a chunked one is cut off there).
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from mira_desktop.core.errors import InvalidInputError, MiraError, NotFoundError
from mira_desktop.models.turns import ModelBusyError
from mira_desktop.services.local_server.service import LocalServerService, RequestRecord

MAX_BODY = 8 * 1024 * 1024  # pictures inline fit; a 10 MB body is refused
# With LAN mode off only this computer's own loopback address is served: a request from another
# address (127.0.0.2 included, which a container or a tunnel may present) is refused.
LOCAL_PEERS = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


class BodyTooLargeError(InvalidInputError):
    pass


def is_loopback_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def error_response(exc: MiraError, status: int) -> JSONResponse:
    kinds = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
             404: "not_found_error", 413: "invalid_request_error", 503: "overloaded_error"}  # fmt: skip
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    body = {"error": {"message": str(exc), "type": kinds.get(status, "server_error"), "code": status}}
    return JSONResponse(body, status_code=status, headers=headers)


def status_of(exc: MiraError) -> int:
    if isinstance(exc, BodyTooLargeError):
        return 413
    if isinstance(exc, ModelBusyError):
        return 503
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, InvalidInputError):
        return 400
    return 500


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class Guard:
    """Who may ask, checked from the headers alone (nothing of the body is read when refused)."""

    def __init__(self, app: ASGIApp, service: LocalServerService, *, lan: bool) -> None:
        self._app = app
        self._service = service
        self._lan = lan

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is None:
            await self._app(scope, receive, send)
            return
        exc, status = refusal
        self._service.record(RequestRecord(client_of(scope), scope["path"], "", status, 0, 0, 0.0, "refused"))
        await error_response(exc, status)(scope, receive, send)

    def _refusal(self, scope: Scope) -> tuple[MiraError, int] | None:
        client = client_of(scope)
        if not self._lan and client not in LOCAL_PEERS:
            return InvalidInputError.said("server.not_local", client=client), 403
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if self._lan:
            scheme, _, given = headers.get("authorization", "").partition(" ")
            if scheme.lower() != "bearer" or not given.strip():
                return InvalidInputError.said("server.no_token"), 401
            if not self._service.token_matches(given.strip()):
                return InvalidInputError.said("server.wrong_token"), 401
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            return BodyTooLargeError.said("server.too_large", limit=f"{MAX_BODY // (1024 * 1024)} MB"), 413
        return None


async def read_json(request: Request) -> dict[str, Any]:
    parts: list[bytes] = []
    size = 0
    async for part in request.stream():
        size += len(part)
        if size > MAX_BODY:
            raise BodyTooLargeError.said("server.too_large", limit=f"{MAX_BODY // (1024 * 1024)} MB")
        parts.append(part)
    try:
        body = json.loads(b"".join(parts))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidInputError.said("server.bad_json", error=exc) from exc
    if not isinstance(body, dict):
        raise InvalidInputError.said("server.bad_json", error="the body must be a JSON object")
    return body
