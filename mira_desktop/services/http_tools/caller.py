"""One call of a declared HTTP tool: only its own host, time and size capped, JSON or nothing.

Redirects are followed by hand, and only to the declared URL's scheme, host and port (a redirect
elsewhere is refused before it is followed). The whole call — connecting, waiting, reading — ends by
the declaration's ``timeout_seconds``; a body past ``max_response_bytes`` is refused while it is read
(a ``Content-Length`` past it, before). A response that is not JSON (its type, or its text) is
refused. Secret header values are taken out of whatever comes back, so the model, the trace and the
journal never hold them. ``httpx`` is imported on the first call.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

from mira_desktop import __version__
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.services.http_tools.declaration import HttpToolDeclaration

MOST_REDIRECTS = 5
REDACTED = "[secret]"


class HttpCallError(MiraError):
    """A declared tool's call that did not give JSON: said in one sentence (``kind`` for the trace)."""

    exit_code = 5
    kind = "http_failed"


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
    try:
        with httpx.Client(follow_redirects=False, timeout=httpx.Timeout(tool.timeout_seconds)) as client:
            for _ in range(MOST_REDIRECTS + 1):
                cancel.raise_if_cancelled()
                request = client.build_request(method, url, params=params, json=body, headers=headers)
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
    except httpx.TimeoutException as exc:
        raise HttpCallError.said(
            "http_tools.timed_out", name=tool.name, seconds=f"{tool.timeout_seconds:g}"
        ) from exc
    except httpx.HTTPError as exc:
        raise HttpCallError.said(
            "http_tools.unreachable", name=tool.name, host=tool.host, problem=_scrub(str(exc), secrets)
        ) from exc
    raise HttpCallError.said("http_tools.too_many_redirects", name=tool.name, most=MOST_REDIRECTS)


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
    return b"".join(chunks)


def _answer(tool: HttpToolDeclaration, status: int, data: bytes, secrets: dict[str, str]) -> HttpAnswer:
    if not 200 <= status < 300:
        raise HttpCallError.said("http_tools.http_status", name=tool.name, status=status)
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise HttpCallError.said("http_tools.not_json_text", name=tool.name) from exc
    return HttpAnswer(status, _scrubbed(value, secrets), len(data))


def _scrubbed(value: Any, secrets: dict[str, str]) -> Any:
    """``value`` (parsed JSON: every string already unescaped) with each secret masked."""
    if isinstance(value, str):
        return _scrub(value, secrets)
    if isinstance(value, list):
        return [_scrubbed(item, secrets) for item in value]
    if isinstance(value, dict):
        return {_scrub(str(k), secrets): _scrubbed(v, secrets) for k, v in value.items()}
    return value


def _scrub(text: str, secrets: dict[str, str]) -> str:
    for secret in secrets.values():
        if secret:
            for form in (secret, quote(secret, safe=""), quote(secret)):
                text = text.replace(form, REDACTED)
    return text
