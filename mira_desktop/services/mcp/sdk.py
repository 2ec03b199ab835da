"""What Mira takes from the ``mcp`` SDK beyond its public API: in this one module, for mcp 2.x only
(pinned ``mcp>=2.3,<3`` in pyproject), each checked by ``tests/unit/services/test_pinned_internals.py``, which
fails when an SDK release moves it.

- The HTTP client the SDK makes for streamable HTTP (MCP's timeouts, redirects kept within the
  origin) lives in the private ``mcp.shared._httpx_utils``; the public transport makes one only
  without headers, and a server's static headers must go on it.
- Whether a session's connection has ended: the SDK marks its dispatcher closed when the transport's
  read side ends and has no public flag for it. Without the attribute this says False, and the next
  call finds out instead — slower, never wrong.

A connection that ended is recognised by the public ``MCPError`` code ``CONNECTION_CLOSED``, not by
its English text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def http_client(headers: Mapping[str, str]) -> Any:
    """An async context manager: the SDK's HTTP client for streamable HTTP, with ``headers``."""
    from mcp.shared._httpx_utils import create_mcp_http_client

    return create_mcp_http_client(headers=dict(headers) or None)


def connection_ended(client: Any) -> bool:
    """Whether the connection of ``client`` (an ``mcp.Client``) has ended under it."""
    dispatcher = getattr(getattr(client, "_session", None), "_dispatcher", None)
    return bool(getattr(dispatcher, "_closed", False))


def is_connection_closed(error: BaseException) -> bool:
    """Whether ``error`` is the SDK's "the connection closed" (the server's side went away), alone or
    as everything inside an exception group (the SDK's task groups raise one)."""
    from mcp import MCPError
    from mcp_types import CONNECTION_CLOSED

    if isinstance(error, BaseExceptionGroup):
        return all(is_connection_closed(e) for e in error.exceptions)
    return isinstance(error, MCPError) and error.code == CONNECTION_CLOSED
