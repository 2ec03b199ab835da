"""One call of a declared HTTP tool: only its own host, time and size capped, JSON or nothing.

Redirects are followed by hand, and only to the declared URL's scheme, host and port (a redirect
elsewhere is refused before it is followed). The whole call — connecting, waiting, reading — ends by
the declaration's ``timeout_seconds``; a body past ``max_response_bytes`` is refused while it is read
(a ``Content-Length`` past it, before). A response that is not JSON (its type, or its text) is
refused. Secret header values are taken out of whatever comes back (``redaction``), so the model,
the trace and the journal never hold them. ``httpx`` is imported on the first call.

Stop does not wait for the timeout: the call's sockets, seen through httpcore's documented ``trace``
request extension as each connection opens, are shut down when the run's cancel token fires, so a
read blocked on the network returns at once and the call ends as cancelled.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from mira_desktop import __version__
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.services.http_tools.declaration import HttpToolDeclaration
from mira_desktop.services.http_tools.redaction import scrub, scrubbed

MOST_REDIRECTS = 5
TRACED = ("connection.connect_tcp.complete", "connection.start_tls.complete")


class HttpCallError(MiraError):
    """A declared tool's call that did not give JSON: said in one sentence (``kind`` for the trace)."""

    exit_code = 5
    kind = "http_failed"


class _Sockets:
    """The sockets of one call, shut down on cancel: a read blocked on the network wakes at once."""

    def __init__(self, cancel: CancelToken) -> None:
        self._cancel = cancel
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []

    def trace(self, event: str, info: dict[str, Any]) -> None:
        """httpcore's ``trace`` extension: keep each connection's socket as it opens."""
        if event not in TRACED:
            return
        stream = info.get("return_value")
        found = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(found, socket.socket):
            with self._lock:
                self._open.append(found)
            if self._cancel.cancelled:  # cancelled while connecting: the read must not start
                self.shut()

    def shut(self) -> None:
        with self._lock:
            held = list(self._open)
        for sock in held:
            with contextlib.suppress(OSError):  # already closed, or never connected
                sock.shutdown(socket.SHUT_RDWR)


@dataclass(frozen=True)
class HttpAnswer:
    status: int
    value: Any  # the parsed JSON
    size: int  # bytes read


def call_declared(
    tool: HttpToolDeclaration, arguments: dict[str, Any], secrets: dict[str, str], cancel: CancelToken
) -> HttpAnswer:
    """Send ``arguments`` (query for GET, JSON body for POST) with ``secrets`` (header → value)."""
    import httpx

    deadline = time.monotonic() + tool.timeout_seconds
    headers = {"User-Agent": f"mira-desktop/{__version__}", "Accept": "application/json", **tool.headers}
    headers.update(secrets)
    method, url = tool.method, tool.url
    params: Any = _query(arguments) if method == "GET" else None
    body = arguments if method == "POST" else None
    sockets = _Sockets(cancel)
    forget = cancel.on_cancel(sockets.shut)
    try:
        with httpx.Client(follow_redirects=False, timeout=httpx.Timeout(tool.timeout_seconds)) as client:
            for _ in range(MOST_REDIRECTS + 1):
                cancel.raise_if_cancelled()
                request = client.build_request(
                    method,
                    url,
                    params=params,
                    json=body,
                    headers=headers,
                    extensions={"trace": sockets.trace},
                )
                response = client.send(request, stream=True)
                try:
                    if response.is_redirect:
                        url = _next_url(tool, str(response.url), response.headers.get("location", ""))
                        params = None  # the Location holds the whole address to ask next
                        if response.status_code == 303 or (
                            response.status_code in (301, 302) and method == "POST"
                        ):
                            method, body = "GET", None  # as browsers and httpx do
                        continue
                    data = _read(tool, response, deadline, cancel)
                finally:
                    response.close()
                return _answer(tool, response.status_code, data, secrets)
    except httpx.HTTPError as exc:
        cancel.raise_if_cancelled()  # Stop shut the socket: cancelled, not a failure
        raise _failed(tool, exc, secrets) from exc
    finally:
        forget()
    raise HttpCallError.said("http_tools.too_many_redirects", name=tool.name, most=MOST_REDIRECTS)


def _failed(tool: HttpToolDeclaration, exc: Exception, secrets: dict[str, str]) -> HttpCallError:
    import httpx

    if isinstance(exc, httpx.TimeoutException):
        return HttpCallError.said("http_tools.timed_out", name=tool.name, seconds=f"{tool.timeout_seconds:g}")
    return HttpCallError.said(
        "http_tools.unreachable", name=tool.name, host=tool.host, problem=scrub(str(exc), secrets)
    )


def _query(arguments: dict[str, Any]) -> list[tuple[str, str]]:
    pairs = []
    for name, value in arguments.items():
        if value is None:
            continue
        text = ",".join(_scalar(item) for item in value) if isinstance(value, list) else _scalar(value)
        pairs.append((name, text))
    return pairs


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def _next_url(tool: HttpToolDeclaration, current: str, location: str) -> str:
    target = urljoin(current, location)
    declared, went = urlsplit(tool.url), urlsplit(target)
    if (went.scheme, went.hostname, went.port) != (declared.scheme, declared.hostname, declared.port):
        raise HttpCallError.said(
            "http_tools.redirect_elsewhere", name=tool.name, host=tool.host, target=went.netloc or target
        )
    return target


def _read(tool: HttpToolDeclaration, response: Any, deadline: float, cancel: CancelToken) -> bytes:
    length = response.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > tool.max_response_bytes:
        raise HttpCallError.said("http_tools.too_big", name=tool.name, most=tool.max_response_bytes)
    kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if response.is_success and not (kind == "application/json" or kind.endswith("+json")):
        raise HttpCallError.said("http_tools.not_json", name=tool.name, kind=kind or "no content type")
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > tool.max_response_bytes:
            raise HttpCallError.said("http_tools.too_big", name=tool.name, most=tool.max_response_bytes)
        if time.monotonic() > deadline:
            raise HttpCallError.said(
                "http_tools.timed_out", name=tool.name, seconds=f"{tool.timeout_seconds:g}"
            )
        cancel.raise_if_cancelled()
        chunks.append(chunk)
    cancel.raise_if_cancelled()  # a socket shut by Stop ends the body early: not an answer
    return b"".join(chunks)


def _answer(tool: HttpToolDeclaration, status: int, data: bytes, secrets: dict[str, str]) -> HttpAnswer:
    if not 200 <= status < 300:
        raise HttpCallError.said("http_tools.http_status", name=tool.name, status=status)
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise HttpCallError.said("http_tools.not_json_text", name=tool.name) from exc
    return HttpAnswer(status, scrubbed(value, secrets), len(data))
