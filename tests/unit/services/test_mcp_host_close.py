"""Closing the MCP host is bounded: servers that do not end in time are logged, and quitting goes on."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from mira_desktop.services.mcp.host import McpHost


def test_closing_while_a_server_does_not_end_logs_the_timeout_and_returns(
    caplog: pytest.LogCaptureFixture,
) -> None:
    host = McpHost()
    assert host.call(lambda: asyncio.sleep(0, result="started")) == "started"  # the loop and its thread run
    thread = host._thread
    assert thread is not None

    async def never_ends() -> None:
        await asyncio.sleep(60)

    began = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="mira_desktop.services.mcp.host"):
        host.close(never_ends, timeout=0.3)  # returns instead of raising TimeoutError
    assert time.monotonic() - began < 5
    assert "did not all end within 0.3 s" in caplog.text
    thread.join(5)
    assert not thread.is_alive()  # the loop stopped anyway


def test_closing_after_the_sessions_end_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    host = McpHost()
    host.call(lambda: asyncio.sleep(0))

    async def ends() -> None:
        await asyncio.sleep(0)

    with caplog.at_level(logging.WARNING, logger="mira_desktop.services.mcp.host"):
        host.close(ends, timeout=5)
    assert caplog.text == ""
