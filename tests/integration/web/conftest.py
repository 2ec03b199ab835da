"""The SearXNG stand-in and its pages on 127.0.0.1 (``tests/support/web_stand_in``), and a transport
that fails the test if anything tries to connect beyond 127.0.0.1."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.web_stand_in import web_stand_in  # noqa: F401 (the fixture)


class LoopbackOnly(httpx.HTTPTransport):
    """The real transport, but a connection to any address other than 127.0.0.1 fails the test: a
    refusal that went missing shows as this error, never as a connection made."""

    def __init__(self) -> None:
        super().__init__()
        self.hosts: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        host = request.url.host
        self.hosts.append(host)
        if host != "127.0.0.1":
            raise AssertionError(f"a connection to {host} was attempted: its refusal is missing")
        return super().handle_request(request)


@pytest.fixture
def loopback_only() -> Any:
    return LoopbackOnly()
