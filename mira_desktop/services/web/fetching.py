"""One GET that a run makes: to a checked address, redirects re-checked, time, size and type capped.

Every hop (the first URL and each redirect) passes :class:`AddressPolicy` and is connected to the
address that was checked (TLS still checks the certificate against the name). A body is read raw
and inflated here (gzip or deflate only), so a zip bomb stops at ``most_bytes`` of *inflated* text
instead of filling memory; a ``Content-Length`` past the cap is refused before any body is read.
Only the content types asked for are read (a page: HTML or plain text); bytes that hold NULs are
binary, whatever their type says. ``httpx`` is imported on the first call.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from mira_desktop import __version__
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.services.web.addresses import AddressPolicy, Destination

MOST_REDIRECTS = 5
PAGE_TYPES = ("text/html", "application/xhtml+xml", "text/plain")
JSON_TYPES = ("application/json",)


class FetchError(MiraError):
    """A fetch that gave nothing usable, in one sentence (``kind`` for the trace)."""

    exit_code = 5
    kind = "fetch_failed"


@dataclass(frozen=True)
class FetchLimits:
    seconds: float = 15.0
    most_bytes: int = 2_000_000  # after inflating


PAGE_LIMITS = FetchLimits()


@dataclass(frozen=True)
class Fetched:
    url: str  # where the body came from, after redirects
    content_type: str
    charset: str | None
    body: bytes


def fetch(
    url: str,
    policy: AddressPolicy,
    cancel: CancelToken,
    *,
    types: tuple[str, ...] = PAGE_TYPES,
    limits: FetchLimits = PAGE_LIMITS,
    headers: dict[str, str] | None = None,
    transport: Any = None,
) -> Fetched:
    """GET ``url``; raises AddressRefusedError (before connecting) or FetchError.

    ``transport``: an ``httpx`` transport to send through (tests wrap the real one to prove that a
    refused address is never connected to).
    """
    import httpx

    deadline = time.monotonic() + limits.seconds
    sent = {
        "User-Agent": f"mira-desktop/{__version__}",
        "Accept": ", ".join(types),
        "Accept-Encoding": "gzip, deflate",
        **(headers or {}),
    }
    destination = policy.check(url)
    try:
        with httpx.Client(
            follow_redirects=False, timeout=httpx.Timeout(limits.seconds), transport=transport
        ) as client:
            for _ in range(MOST_REDIRECTS + 1):
                cancel.raise_if_cancelled()
                response = client.send(_request(client, destination, sent), stream=True)
                try:
                    if response.is_redirect:
                        target = urljoin(destination.url, response.headers.get("location", ""))
                        destination = policy.check(target)  # refused before it is followed
                        continue
                    if not response.is_success:
                        raise FetchError.said(
                            "web.http_status", host=destination.host, status=response.status_code
                        )
                    kind, charset = _content_type(response.headers.get("content-type", ""))
                    if kind not in types:
                        raise FetchError.said("web.wrong_type", host=destination.host, kind=kind or "none")
                    body = _body(response, destination, limits, deadline, cancel)
                finally:
                    response.close()
                if b"\x00" in body[:4096]:
                    raise FetchError.said("web.binary", host=destination.host)
                return Fetched(destination.url, kind, charset, body)
    except httpx.TimeoutException as exc:
        raise FetchError.said("web.timed_out", host=destination.host, seconds=f"{limits.seconds:g}") from exc
    except httpx.HTTPError as exc:
        raise FetchError.said("web.unreachable", host=destination.host, problem=str(exc)[:200]) from exc
    raise FetchError.said("web.too_many_redirects", host=destination.host, most=MOST_REDIRECTS)


def _request(client: Any, destination: Destination, headers: dict[str, str]) -> Any:
    extensions = {"sni_hostname": destination.host} if destination.scheme == "https" else {}
    return client.build_request(
        "GET",
        destination.pinned_url(),
        headers={**headers, "Host": destination.host_header},
        extensions=extensions,
    )


def _content_type(value: str) -> tuple[str, str | None]:
    kind, _, rest = value.partition(";")
    charset = None
    for part in rest.split(";"):
        name, _, text = part.strip().partition("=")
        if name.lower() == "charset" and text:
            charset = text.strip().strip("'\"").lower()
    return kind.strip().lower(), charset


def _body(
    response: Any, destination: Destination, limits: FetchLimits, deadline: float, cancel: CancelToken
) -> bytes:
    length = response.headers.get("content-length", "")
    if length.isdigit() and int(length) > limits.most_bytes:
        raise FetchError.said("web.too_big", host=destination.host, most=limits.most_bytes)
    encoding = response.headers.get("content-encoding", "identity").strip().lower()
    inflate: Any = None
    if encoding in ("gzip", "x-gzip"):
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif encoding == "deflate":
        inflate = zlib.decompressobj()
    elif encoding not in ("identity", ""):
        raise FetchError.said("web.bad_encoding", host=destination.host, encoding=encoding)
    chunks: list[bytes] = []
    size = 0
    for raw in response.iter_raw():
        try:
            data = inflate.decompress(raw, limits.most_bytes - size + 1) if inflate else raw
        except zlib.error as exc:
            raise FetchError.said("web.bad_encoding", host=destination.host, encoding=encoding) from exc
        size += len(data)
        if size > limits.most_bytes:
            raise FetchError.said("web.too_big", host=destination.host, most=limits.most_bytes)
        if time.monotonic() > deadline:
            raise FetchError.said("web.timed_out", host=destination.host, seconds=f"{limits.seconds:g}")
        cancel.raise_if_cancelled()
        chunks.append(data)
    return b"".join(chunks)
