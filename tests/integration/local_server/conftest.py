"""Fixtures of the local server's tests: a server on 127.0.0.1 with an ephemeral port, in-process.

- ``serve``: ``serve(model_ref, lan=False)`` makes ``model_ref`` the default (so it is listed) and
  starts the server on 127.0.0.1, any free port; it is stopped when the test ends.
- ``curl``: runs curl against it and returns (status, body); loopback only.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.local_server.runner import RunningServer

Serve = Callable[..., "RunningServer"]
Curl = Callable[..., tuple[int, str]]


@pytest.fixture
def serve(services: AppServices) -> Iterator[Serve]:
    def start(model_ref: str | None = None, *, lan: bool = False, host: str = "127.0.0.1") -> RunningServer:
        if model_ref is not None:
            services.models.set_default(model_ref)
        return services.local_server.start(host, 0, lan=lan)

    yield start
    services.local_server.stop()


@pytest.fixture
def curl() -> Curl:
    def run(url: str, *args: str) -> tuple[int, str]:
        done = subprocess.run(
            ["curl", "--silent", "--show-error", "--max-time", "60", "--noproxy", "*",
             "--write-out", "\n%{http_code}", *args, url],
            capture_output=True, text=True, timeout=90, check=True,
        )  # fmt: skip
        body, _, status = done.stdout.rpartition("\n")
        return int(status), body

    return run
