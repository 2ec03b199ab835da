"""A stand-in for the Hugging Face Hub on 127.0.0.1, with the faults real downloads meet.

Two servers on ephemeral ports: the "Hub" answers ``/api/models?search=``, ``/api/models/{repo}/tree/
{revision}`` and ``/{repo}/resolve/{revision}/{file}`` — which redirects (302) to the second, the
"CDN", as the real Hub does for large files; the CDN serves the bytes with ``Range`` and an ``ETag``.
Every request is recorded (server, method, path, headers), so a test can assert the ``Range`` a
resume sent and that no token reached the CDN.

Faults, set on :class:`Faults` while the servers run:
- ``cut_after``: the next body sent is cut (the connection closed) after this many bytes;
- ``down_after_cut``: after that cut, the next N byte requests answer 503;
- ``unavailable``: the next N byte requests answer 503;
- ``wrong_bytes``: these files are served with changed bytes under the listing's true sha256;
- ``announced_size``: the listing says this size for a file (larger than the disk, say);
- ``bytes_per_second``: a slow server;
- ``gated``: repositories that answer 401 without the right token (``token``);
- ``page_size``: a tree listing answers this many entries a page, the next page named by a
  ``Link: <…?cursor=N>; rel="next"`` header, as the real Hub pages a long listing.
- ``hold_after`` (set with :meth:`StandInHub.hold`, ended with :meth:`StandInHub.release`): every body
  sent meanwhile stops after this many bytes and then trickles one byte every 50 ms — a stalled but
  open connection, so the client still gets to check whether it should stop — until released.
  ``holding`` is set once a body reached that point. A test that interrupts a download mid-way holds
  it there, so the download cannot finish before the interruption however loaded the machine is.

Run by hand for trying the window: ``python -m tests.support.hub_server [--port N] [--slow BYTES_PER_S]``
serves the embedded SmolLM2 file and a few small GGUF files until interrupted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit


@dataclass(frozen=True)
class RepoFile:
    path: str
    data: bytes

    # Computed once: a CDN does not hash a file per request, and a benchmark against curl must not
    # count the stand-in's own hashing (twice per download, before the first byte) as transfer time.
    @cached_property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @cached_property
    def sha1(self) -> str:
        return hashlib.sha1(self.data).hexdigest()


@dataclass
class Repo:
    id: str
    files: list[RepoFile]
    downloads: int = 100
    tags: tuple[str, ...] = ("gguf",)


@dataclass
class Faults:
    cut_after: int | None = None
    down_after_cut: int = 0  # after the cut, answer 503 this many times
    unavailable: int = 0
    wrong_bytes: set[str] = field(default_factory=set)
    announced_size: dict[str, int] = field(default_factory=dict)
    bytes_per_second: float | None = None
    gated: set[str] = field(default_factory=set)
    token: str = "hf_test_token"
    page_size: int | None = None
    hold_after: int | None = None  # see hold()


@dataclass(frozen=True)
class Seen:
    server: str  # hub | cdn
    method: str
    path: str
    headers: dict[str, str]


class StandInHub:
    """``daemon``: its threads do not keep a process alive (a long-lived harness, not a test)."""

    def __init__(self, repos: list[Repo], *, daemon: bool = False) -> None:
        self.repos = {repo.id: repo for repo in repos}
        self.faults = Faults()
        self.seen: list[Seen] = []
        self.bytes_sent = 0  # body bytes the CDN wrote to its sockets
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self.holding = threading.Event()  # a body reached the hold point
        self._hub = _server(self, "hub")
        self._cdn = _server(self, "cdn")
        self._threads = [
            threading.Thread(
                target=s.serve_forever, name=f"stand-in-{n}", kwargs={"poll_interval": 0.05}, daemon=daemon
            )
            for n, s in (("hub", self._hub), ("cdn", self._cdn))
        ]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._hub.server_address[1]}"

    @property
    def cdn_url(self) -> str:
        return f"http://127.0.0.1:{self._cdn.server_address[1]}"

    def start(self) -> StandInHub:
        for thread in self._threads:
            thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        for server in (self._hub, self._cdn):
            server.shutdown()
            server.server_close()
        for thread in self._threads:
            thread.join(5)

    def __enter__(self) -> StandInHub:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def hold(self, after: int) -> None:
        """Hold every body sent from now on after ``after`` bytes, until :meth:`release`."""
        with self._lock:
            self.faults.hold_after = after
            self.holding.clear()

    def release(self) -> None:
        """Let the held bodies go on at full speed (and no later body be held)."""
        with self._lock:
            self.faults.hold_after = None

    def _held_at(self) -> int | None:
        with self._lock:
            return self.faults.hold_after

    def file(self, repo: str, path: str) -> RepoFile:
        return next(f for f in self.repos[repo].files if f.path == path)

    def byte_requests(self) -> list[Seen]:
        """The requests for a file's bytes that reached the CDN."""
        with self._lock:
            return [s for s in self.seen if s.server == "cdn"]

    def record(self, seen: Seen) -> None:
        with self._lock:
            self.seen.append(seen)

    def take_fault(self, name: str) -> Any:
        """Read a one-shot fault and clear it."""
        with self._lock:
            if name == "unavailable":
                if self.faults.unavailable > 0:
                    self.faults.unavailable -= 1
                    return True
                return False
            value = getattr(self.faults, name)
            setattr(self.faults, name, None)
            return value


def _server(hub: StandInHub, role: str) -> ThreadingHTTPServer:
    class Handler(_Handler):
        stand_in = hub
        server_role = role

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = False  # joined on close: no request outlives the test
    server.block_on_close = True
    return server


class _Handler(BaseHTTPRequestHandler):
    stand_in: StandInHub
    server_role: str
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_HEAD(self) -> None:
        self._handle("HEAD")

    def do_GET(self) -> None:
        self._handle("GET")

    def _handle(self, method: str) -> None:
        hub = self.stand_in
        hub.record(Seen(self.server_role, method, self.path, {k.lower(): v for k, v in self.headers.items()}))
        url = urlsplit(self.path)
        path = unquote(url.path)
        if self.server_role == "cdn":
            self._bytes(method, path.removeprefix("/blobs/"), parse_qs(url.query))
        elif path == "/api/models":
            self._search(parse_qs(url.query))
        elif path.startswith("/api/models/") and "/tree/" in path:
            repo, _, rest = path.removeprefix("/api/models/").partition("/tree/")
            self._tree(repo, rest.partition("/")[0], parse_qs(url.query))
        elif "/resolve/" in path:
            repo, _, rest = path.lstrip("/").partition("/resolve/")
            revision, _, file = rest.partition("/")
            self._resolve(method, repo, revision, file)
        else:
            self._json(404, {"error": "not found"})

    # -- the Hub's API ------------------------------------------------------------------------------
    def _search(self, query: dict[str, list[str]]) -> None:
        words = (query.get("search") or [""])[0].lower()
        limit = int((query.get("limit") or ["20"])[0])
        wanted = (query.get("filter") or [""])[0]
        found = [
            {
                "id": repo.id,
                "modelId": repo.id,
                "downloads": repo.downloads,
                "likes": 1,
                "tags": list(repo.tags),
                "private": False,
                "gated": repo.id in self.stand_in.faults.gated,
                "lastModified": "2025-01-01T00:00:00.000Z",
            }
            for repo in self.stand_in.repos.values()
            if words in repo.id.lower() and (not wanted or wanted in repo.tags)
        ]
        self._json(200, sorted(found, key=lambda r: -int(r["downloads"]))[:limit])

    def _repo(self, repo_id: str) -> Repo | None:
        repo = self.stand_in.repos.get(repo_id)
        if repo is None:
            # As the real Hub answers an anonymous caller: 401 with the error code.
            self._json(401, {"error": "Repository not found"}, {"X-Error-Code": "RepositoryNotFound"})
            return None
        faults = self.stand_in.faults
        if repo_id in faults.gated and self.headers.get("Authorization") != f"Bearer {faults.token}":
            self._json(401, {"error": "Access to this repo is restricted"}, {"X-Error-Code": "GatedRepo"})
            return None
        return repo

    def _tree(self, repo_id: str, revision: str, query: dict[str, list[str]]) -> None:
        repo = self._repo(repo_id)
        if repo is None:
            return
        sizes = self.stand_in.faults.announced_size
        entries = [
            {
                "type": "file",
                "oid": f.sha1,
                "size": sizes.get(f.path, len(f.data)),
                "path": f.path,
                "lfs": {"oid": f.sha256, "size": sizes.get(f.path, len(f.data)), "pointerSize": 134},
            }
            for f in repo.files
        ]
        entries.append({"type": "file", "oid": "0" * 40, "size": 120, "path": "README.md"})
        page = self.stand_in.faults.page_size
        if page is None:
            self._json(200, entries)
            return
        start = int((query.get("cursor") or ["0"])[0])
        following = start + page
        link = {}
        if following < len(entries):
            link = {"Link": f'<{self.stand_in.url}/api/models/{repo_id}/tree/{revision}?cursor={following}>; rel="next"'}
        self._json(200, entries[start:following], link)

    def _resolve(self, method: str, repo_id: str, revision: str, path: str) -> None:
        repo = self._repo(repo_id)
        if repo is None:
            return
        found = next((f for f in repo.files if f.path == path), None)
        if found is None:
            self._json(404, {"error": "Entry not found"}, {"X-Error-Code": "EntryNotFound"})
            return
        location = f"{self.stand_in.cdn_url}/blobs/{found.sha256}?repo={repo_id}&file={path}&sig=abc"
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("X-Linked-Size", str(len(found.data)))
        self.send_header("X-Linked-ETag", f'"{found.sha256}"')
        self.send_header("ETag", f'"{found.sha256}"')
        self.send_header("Content-Length", "0")
        self.end_headers()

    # -- the CDN ------------------------------------------------------------------------------------
    def _bytes(self, method: str, sha: str, query: dict[str, list[str]]) -> None:
        hub = self.stand_in
        repo_id, path = (query.get("repo") or [""])[0], (query.get("file") or [""])[0]
        repo = hub.repos.get(repo_id)
        found = next((f for f in repo.files if f.path == path), None) if repo else None
        if found is None or found.sha256 != sha:
            self._json(404, {"error": "no such blob"})
            return
        if hub.take_fault("unavailable"):
            self._json(503, {"error": "try again"}, {"Retry-After": "0"})
            return
        data = found.data
        if path in hub.faults.wrong_bytes:
            data = bytes(b ^ 0xFF for b in data[:64]) + data[64:]
        start, end = 0, len(data) - 1
        wanted = self.headers.get("Range", "")
        status = 200
        if wanted.startswith("bytes="):
            first, _, last = wanted.removeprefix("bytes=").partition("-")
            start = int(first) if first else 0
            end = min(int(last), end) if last else end
            if start > end:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(data)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            status = 206
        body = memoryview(data)[start : end + 1]  # served without a copy, as a CDN's sendfile
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", f'"{sha}"')
        self.send_header("Accept-Ranges", "bytes")
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        self.end_headers()
        if method == "HEAD":
            return
        self._send(body, hub.take_fault("cut_after"))

    def _send(self, body: memoryview, cut_after: int | None) -> None:
        rate = self.stand_in.faults.bytes_per_second
        step = 64 * 1024 if rate is None else max(1024, int(rate / 20))
        sent = 0
        started = time.monotonic()
        try:
            while sent < len(body) and not self.stand_in._closing.is_set():
                hold = self.stand_in._held_at()
                if hold is not None and sent >= hold:  # held: one byte now and then, until released
                    self.stand_in.holding.set()
                    self.wfile.write(body[sent : sent + 1])
                    sent += 1
                    with self.stand_in._lock:
                        self.stand_in.bytes_sent += 1
                    self.stand_in._closing.wait(0.05)
                    continue
                piece = body[sent : sent + step if hold is None else min(sent + step, hold)]
                if cut_after is not None and sent + len(piece) > cut_after:
                    self.wfile.write(piece[: max(0, cut_after - sent)])
                    self.wfile.flush()
                    with self.stand_in._lock:
                        self.stand_in.bytes_sent += max(0, cut_after - sent)
                    with self.stand_in._lock:
                        self.stand_in.faults.unavailable += self.stand_in.faults.down_after_cut
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                self.wfile.write(piece)
                sent += len(piece)
                with self.stand_in._lock:
                    self.stand_in.bytes_sent += len(piece)
                rate = self.stand_in.faults.bytes_per_second
                if rate:
                    ahead = sent / rate - (time.monotonic() - started)
                    if ahead > 0:
                        self.stand_in._closing.wait(ahead)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _json(self, status: int, value: object, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, text in (headers or {}).items():
            self.send_header(name, text)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def demo_repos(folder: Path) -> list[Repo]:
    """The embedded SmolLM2 file as a Hub repository, the same model in two parts (as large models
    are published), and two small GGUF repositories."""
    from tests.support.gguf_files import smollm2, split_gguf, write_gguf

    folder.mkdir(parents=True, exist_ok=True)
    small = [
        RepoFile(
            f"tiny-chat-{quant}.gguf", write_gguf(folder / f"t-{quant}.gguf", tensor_bytes=size).read_bytes()
        )
        for quant, size in (("Q4_K_M", 2 << 20), ("Q8_0", 4 << 20))
    ]
    return [
        Repo(
            "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF",
            [RepoFile("smollm2-135m-instruct-q4_1.gguf", smollm2().read_bytes())],
            5000,
        ),
        Repo("mira-tests/tiny-chat-GGUF", small, 50),
        Repo(
            "mira-tests/SmolLM2-split-GGUF",
            [RepoFile(p.name, p.read_bytes()) for p in split_gguf(smollm2(), folder / "split", "smollm2-135m-q4_1")],
            20,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--slow", type=float, default=None, help="bytes per second (a slow server)")
    parser.add_argument("--folder", default="/tmp/mira-stand-in-hub")
    args = parser.parse_args()
    repos = demo_repos(Path(args.folder))
    for repo in repos:  # hashed before the address is printed, so no timed request pays for it
        for file in repo.files:
            _ = file.sha256, file.sha1
    hub = StandInHub(repos)
    hub.faults.bytes_per_second = args.slow
    with hub:
        print(json.dumps({"hub": hub.url, "cdn": hub.cdn_url}), flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
