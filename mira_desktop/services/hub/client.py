"""The Hub's HTTP API, through httpx: search, a repository's files, byte ranges of a file.

Three GET endpoints (``/api/models?search=``, ``/api/models/{repo}/tree/{revision}``,
``/{repo}/resolve/{revision}/{file}``) are all Mira needs, so they are called here rather than
through ``huggingface_hub``: the transfer must be Mira's own anyway (its ``hf_hub_download`` 2.4
accepted bytes that did not match the announced sha256 and a 9 TB file with only a warning), one
client then keeps one rule for redirects, and ``HfApi`` refuses every call in a process where
``HF_HUB_OFFLINE`` is set (``OfflineModeIsEnabled``, seen with 2.4.0) — which the embedder sets for
this process so that it never fetches, and which people set to keep their other tools offline — so
Get models would stop working once a knowledge base had been searched. ``resolve`` answers a large file with a redirect to
a CDN (for Xet-stored repositories, a bridge URL): redirects are followed here, one by one, keeping
the ``Range`` header; the token goes only to the endpoint's own host.
"""

from __future__ import annotations

import functools
import ssl
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urljoin, urlsplit

from mira_desktop import __version__
from mira_desktop.core.errors import ConflictError, MiraError, NotFoundError
from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader, Truncated, read_header
from mira_desktop.services.hub.endpoint import HubEndpoint
from mira_desktop.services.hub.listing import HubFile, HubModel, hub_files, hub_model
from mira_desktop.services.hub.read_size import read_larger_pieces

if TYPE_CHECKING:
    import httpx  # imported when a client is made: httpx (with the rich and click it pulls in) costs ~150 ms

MAX_REDIRECTS = 5
FIRST_HEADER_BYTES = 1 << 20
MAX_HEADER_BYTES = 96 << 20  # the largest vocabularies and merges stay well under this
TIMEOUT_S = {"connect": 10.0, "read": 30.0, "write": 30.0, "pool": 10.0}  # httpx.Timeout's


class HubUnavailableError(MiraError):
    """The Hub (or the host it redirected to) cannot be reached, timed out, or answered 5xx."""

    exit_code = 5

    def __init__(self, message: str, *, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable

    @classmethod
    def final(cls, key: str, **values: Any) -> HubUnavailableError:
        """The error of phrase ``key`` that trying again would not cure."""
        error = cls.said(key, **values)
        error.retryable = False
        return error


@dataclass(frozen=True)
class Ranged:
    """An open response for a file's bytes."""

    response: httpx.Response
    start: int  # the first byte this body holds (0 when the server sent the whole file)
    total: int | None  # the file's size, when the server said
    etag: str | None


class HubClient:
    def __init__(self, endpoint: HubEndpoint, *, timeout: httpx.Timeout | None = None) -> None:
        import httpx

        self.endpoint = endpoint
        timeout = timeout or httpx.Timeout(**TIMEOUT_S)
        self._host = urlsplit(endpoint.url).netloc
        self._http = httpx.Client(
            timeout=timeout,
            follow_redirects=False,
            headers={"User-Agent": f"mira-desktop/{__version__}"},
            verify=_tls(),
        )
        read_larger_pieces()

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> HubClient:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the API -----------------------------------------------------------------------------------
    def search(self, query: str, limit: int = 30) -> list[HubModel]:
        """GGUF repositories matching ``query``, most downloaded first."""
        params = {"search": query.strip(), "filter": "gguf", "sort": "downloads", "direction": "-1"}
        response = self._get(f"{self.endpoint.url}/api/models", params={**params, "limit": str(limit)})
        self._check(response, None, None)
        return [hub_model(item) for item in _json_list(response)]

    def files(self, repo: str, revision: str = "main") -> list[HubFile]:
        """The repository's GGUF files with their size and sha256 (every page of the listing)."""
        url: str | None = f"{self.endpoint.url}/api/models/{_repo_path(repo)}/tree/{quote(revision, safe='')}"
        params: dict[str, str] | None = {"recursive": "true"}
        entries: list[dict[str, Any]] = []
        while url:
            response = self._get(url, params=params)
            self._check(response, repo, None)
            entries += _json_list(response)
            following = response.links.get("next", {}).get("url")
            url, params = (urljoin(url, following), None) if following else (None, None)
        return hub_files(repo, revision, entries)

    def file(self, repo: str, path: str, revision: str = "main") -> HubFile:
        for found in self.files(repo, revision):
            if path in (found.path, found.name):
                return found
        raise NotFoundError.said("hub.no_file", repo=repo, file=path)

    def header(self, file: HubFile) -> GgufHeader:
        """The GGUF header of a remote file, from Range requests of its first bytes only."""
        data = b""
        wanted = FIRST_HEADER_BYTES
        while True:
            with self.open_bytes(file, len(data), wanted - 1) as ranged:
                if ranged.start != len(data):
                    raise HubUnavailableError.final("hub.no_range", repo=file.repo)
                data += ranged.response.read()[: wanted - len(data)]
            try:
                return read_header(data)
            except Truncated as cut:
                if len(data) < wanted or cut.needed > min(MAX_HEADER_BYTES, file.size or MAX_HEADER_BYTES):
                    raise ConflictError.said("hub.bad_header", file=file.name) from None
                wanted = min(max(cut.needed, wanted * 2), MAX_HEADER_BYTES)
            except ValueError:
                raise ConflictError.said("hub.bad_header", file=file.name) from None

    @contextmanager
    def open_bytes(self, file: HubFile, start: int = 0, end: int | None = None) -> Iterator[Ranged]:
        """The bytes of ``file`` from ``start`` (to ``end``, inclusive), redirects followed."""
        url = f"{self.endpoint.url}/{_repo_path(file.repo)}/resolve/{quote(file.revision, safe='')}/{quote(file.path)}"
        headers = {"Accept-Encoding": "identity"}  # the bytes as stored: a range of them must mean that
        if start or end is not None:
            headers["Range"] = f"bytes={start}-{'' if end is None else end}"
        import httpx

        etag: str | None = None
        for _ in range(MAX_REDIRECTS + 1):
            try:
                response = self._http.send(self._request(url, headers), stream=True)
            except httpx.TransportError as exc:
                raise self._unreachable(url, exc) from exc
            if response.is_redirect:
                etag = etag or response.headers.get("x-linked-etag") or response.headers.get("etag")
                location = response.headers.get("location", "")
                response.close()
                url = urljoin(url, location)
                continue
            try:
                if response.status_code == 416:
                    raise HubUnavailableError.final("hub.shorter", file=file.name)
                self._check(response, file.repo, file.path)
                yield _ranged(response, etag)
            finally:
                response.close()
            return
        raise HubUnavailableError.said("hub.redirects", file=file.name, most=MAX_REDIRECTS)

    # -- HTTP ----------------------------------------------------------------------------------------
    def _request(
        self, url: str, headers: dict[str, str], params: dict[str, str] | None = None
    ) -> httpx.Request:
        sent = dict(headers)
        if self.endpoint.token and urlsplit(url).netloc == self._host:  # never to a CDN or a mirror's CDN
            sent["Authorization"] = f"Bearer {self.endpoint.token}"
        return self._http.build_request("GET", url, headers=sent, params=params)

    def _get(self, url: str, params: dict[str, str] | None = None) -> httpx.Response:
        import httpx

        try:
            return self._http.send(self._request(url, {}, params))
        except httpx.TransportError as exc:
            raise self._unreachable(url, exc) from exc

    def _unreachable(self, url: str, exc: httpx.TransportError) -> HubUnavailableError:
        import httpx

        host = urlsplit(url).netloc
        reason = str(exc) or type(exc).__name__
        if isinstance(exc, httpx.TimeoutException):
            return HubUnavailableError.said("hub.timed_out", host=host)
        return HubUnavailableError.said("hub.unreachable", host=host, reason=reason)

    def _check(self, response: httpx.Response, repo: str | None, path: str | None) -> None:
        status = response.status_code
        if status < 400:
            return
        code = response.headers.get("x-error-code", "")
        if code == "RepositoryNotFound" or (status == 404 and path is None and repo is not None):
            raise NotFoundError.said("hub.no_repo", repo=repo or "")
        if code == "EntryNotFound" or status == 404:
            raise NotFoundError.said("hub.no_file", repo=repo or "", file=path or "")
        if code == "GatedRepo" or status in (401, 403):
            raise ConflictError.said("hub.gated", repo=repo or "", url=f"{self.endpoint.url}/{repo}")
        if status == 429 or status >= 500:
            raise HubUnavailableError.said(
                "hub.answered", netloc=urlsplit(str(response.url)).netloc, status=status
            )
        raise HubUnavailableError.final(
            "hub.answered_for", netloc=urlsplit(str(response.url)).netloc, status=status, path=path or repo
        )


def _ranged(response: httpx.Response, etag: str | None) -> Ranged:
    etag = etag or response.headers.get("etag")
    content_range = response.headers.get("content-range", "")
    if response.status_code == 206 and content_range.startswith("bytes "):
        span, _, total = content_range.removeprefix("bytes ").partition("/")
        first = int(span.partition("-")[0])
        return Ranged(response, first, int(total) if total.isdigit() else None, etag)
    length = response.headers.get("content-length")
    return Ranged(response, 0, int(length) if length and length.isdigit() else None, etag)


@functools.cache
def _tls() -> ssl.SSLContext:
    """httpx's own default context (certifi, or ``SSL_CERT_FILE`` / ``SSL_CERT_DIR``), made once
    rather than by every client (it loads the certificates; a download makes two clients)."""
    import httpx

    return httpx.create_ssl_context()


def _repo_path(repo: str) -> str:
    return "/".join(quote(part, safe="") for part in repo.split("/"))


def _json_list(response: httpx.Response) -> list[dict[str, Any]]:
    try:
        value = response.json()
    except ValueError as exc:
        raise HubUnavailableError.final("hub.not_json", netloc=urlsplit(str(response.url)).netloc) from exc
    if not isinstance(value, list):
        raise HubUnavailableError.final("hub.not_hub", netloc=urlsplit(str(response.url)).netloc)
    return [item for item in value if isinstance(item, dict)]
