"""Each library part Mira reaches past the public API of is still where Mira reaches for it: these
tests fail when a release of the (pinned) library moves it, before a user meets the difference."""

from __future__ import annotations

import inspect

import pytest


def test_httpcore_reads_its_http11_responses_through_the_attribute_mira_raises() -> None:
    from httpcore._sync import http11

    from mira_desktop.services.hub.read_size import READ_BYTES, read_larger_pieces

    assert "self.READ_NUM_BYTES" in inspect.getsource(http11)  # the patch takes effect there
    assert read_larger_pieces()
    assert http11.HTTP11Connection.READ_NUM_BYTES >= READ_BYTES


def test_the_mcp_sdk_still_has_the_http_client_and_the_closed_flag_mira_reads() -> None:
    from mcp.client.client import Client
    from mcp.client.session import ClientSession
    from mcp.shared._httpx_utils import create_mcp_http_client
    from mcp.shared.jsonrpc_dispatcher import JSONRPCDispatcher

    assert "headers" in inspect.signature(create_mcp_http_client).parameters
    assert "_session" in {f for f in getattr(Client, "__dataclass_fields__", {})}
    assert "self._dispatcher" in inspect.getsource(ClientSession.__init__)
    source = inspect.getsource(JSONRPCDispatcher)
    assert "self._closed = False" in source  # set at the start…
    assert "self._closed = True" in source  # …and when the transport's read side ends


def test_a_closed_connection_is_recognised_by_its_code_alone_or_in_a_group() -> None:
    from mcp import MCPError
    from mcp_types import CONNECTION_CLOSED, INTERNAL_ERROR

    from mira_desktop.services.mcp.sdk import is_connection_closed

    closed = MCPError(code=CONNECTION_CLOSED, message="Verbindung geschlossen")  # words do not matter
    assert is_connection_closed(closed)
    assert is_connection_closed(ExceptionGroup("tasks", [closed]))
    assert not is_connection_closed(MCPError(code=INTERNAL_ERROR, message="Connection closed"))
    assert not is_connection_closed(ExceptionGroup("tasks", [closed, OSError("pipe")]))


@pytest.mark.parametrize("module", ["mcp.shared._httpx_utils", "httpcore"])
def test_private_parts_are_reached_from_one_module_each(module: str) -> None:
    """Nothing but the one wrapping module names the library's private part."""
    from pathlib import Path

    import mira_desktop

    wrapper = {"mcp.shared._httpx_utils": "services/mcp/sdk.py", "httpcore": "services/hub/read_size.py"}[
        module
    ]
    root = Path(mira_desktop.__file__).parent
    users = sorted(
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if f"import {module}" in p.read_text("utf-8") or f"from {module} import" in p.read_text("utf-8")
    )
    assert users == [wrapper]
