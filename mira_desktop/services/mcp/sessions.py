"""The live side of MCP: every server's session on the one MCP loop, its state, and calls to it.

A server starts when something first needs it (a run's tool list, ``mira mcp tools``, a test) and
stays up until Mira closes, it is turned off or removed, or it stops by itself — then its state is
``failed`` with the reason and the next need starts it again. Calls are bounded by a timeout and
cancelled by the run's token (Stop). Everything that touches a session runs on the loop; this
class's methods are called from any other thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.services.mcp.connection import Connection, ServerFailed
from mira_desktop.services.mcp.host import CallTimedOut, McpHost
from mira_desktop.services.mcp.reasons import Reason

if TYPE_CHECKING:
    import asyncio
    from pathlib import Path

    from mira_desktop.services.mcp.spec import ServerSpec

CONNECTION_CLOSED = -32000  # mcp_types.CONNECTION_CLOSED: the SDK's code for a session that ended


class ServerState(StrEnum):
    STOPPED = "stopped"  # not started in this process (or turned off)
    STARTING = "starting"
    RUNNING = "running"
    FAILED = "failed"  # could not be started, or stopped by itself: ``reason`` says why


@dataclass(frozen=True)
class LiveState:
    state: ServerState
    reason: Reason | None = None


class CallFailed(Exception):  # noqa: N818 (the call's failure, with its reason as the message)
    """A call that did not get an answer: timed out, the server stopped, or the server refused it."""

    def __init__(self, phrase: Phrase, kind: str) -> None:
        super().__init__(phrase.english)
        self.phrase = phrase  # the window says it in its language; the server's own words stay as written
        self.kind = kind  # timeout | server_stopped | refused


class McpSessions:
    def __init__(self, host: McpHost, on_change: Callable[[str, LiveState], None]) -> None:
        self._host = host
        self._on_change = on_change
        self._states: dict[str, LiveState] = {}
        self._lock = threading.Lock()
        self._connections: dict[str, Connection] = {}  # touched on the loop only
        self._starting: dict[str, asyncio.Lock] = {}  # on the loop only: one start per server at a time

    def state(self, name: str) -> LiveState:
        with self._lock:
            return self._states.get(name, LiveState(ServerState.STOPPED))

    def _set(self, name: str, state: LiveState) -> None:
        with self._lock:
            changed = self._states.get(name) != state
            self._states[name] = state
        if changed:
            self._on_change(name, state)

    # -- starting and listing ----------------------------------------------------------------------
    def ensure(
        self, spec: ServerSpec, timeout: float, cancel: CancelToken | None, log_path: Path | None = None
    ) -> list[dict[str, Any]]:
        """The server's tools, starting it first when it is not running (its stderr to ``log_path``);
        raises ServerFailed."""
        if self.state(spec.name).state is not ServerState.RUNNING:
            self._set(spec.name, LiveState(ServerState.STARTING))
        try:
            tools = self._host.call(lambda: self._ensure(spec, timeout, log_path), cancel=cancel)
        except ServerFailed as exc:
            self._set(spec.name, LiveState(ServerState.FAILED, exc.reason))
            raise
        except BaseException:
            if self.state(spec.name).state is ServerState.STARTING:
                self._set(spec.name, LiveState(ServerState.STOPPED))
            raise
        self._set(spec.name, LiveState(ServerState.RUNNING))
        return tools

    async def _ensure(self, spec: ServerSpec, timeout: float, log_path: Path | None) -> list[dict[str, Any]]:
        import asyncio  # here: most sessions of Mira never start MCP

        lock = self._starting.setdefault(spec.name, asyncio.Lock())
        async with lock:
            connection = self._connections.get(spec.name)
            if connection is not None and connection.alive and connection.spec == spec:
                return [_plain(tool) for tool in connection.tools]
            if connection is not None:
                self._connections.pop(spec.name, None)
                await connection.close()
            connection = Connection(spec, lambda reason: self._stopped_by_itself(spec.name, reason), log_path)
            await connection.open(timeout)
            self._connections[spec.name] = connection
            return [_plain(tool) for tool in connection.tools]

    def _stopped_by_itself(self, name: str, reason: Reason) -> None:
        self._set(name, LiveState(ServerState.FAILED, reason))

    # -- calling -------------------------------------------------------------------------------
    def call(
        self, name: str, tool: str, arguments: dict[str, Any], timeout: float, cancel: CancelToken | None
    ) -> Any:
        """The server's ``CallToolResult``; raises CallFailed, or Cancelled when ``cancel`` fired."""
        try:
            return self._host.call(lambda: self._call(name, tool, arguments), timeout=timeout, cancel=cancel)
        except CallTimedOut:
            raise CallFailed(
                said("mcp.call.timed_out", name=name, tool=tool, seconds=f"{timeout:g}"), "timeout"
            ) from None
        except ServerFailed as exc:
            self._set(name, LiveState(ServerState.FAILED, exc.reason))
            raise CallFailed(
                said("mcp.call.server_failed", name=name, reason=exc.reason.spoken), "server_stopped"
            ) from None

    async def _call(self, name: str, tool: str, arguments: dict[str, Any]) -> Any:
        from mcp.shared.exceptions import MCPError

        connection = self._connections.get(name)
        if connection is None or not connection.alive:
            failure = connection.failure if connection is not None else None
            raise ServerFailed(failure or Reason.of("not_running"))
        try:
            return await connection.client.call_tool(tool, arguments)
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:
                raise ServerFailed(connection.stopped(exc)) from None
            raise CallFailed(said("mcp.call.refused", name=name, message=exc.message), "refused") from None
        except (OSError, EOFError) as exc:
            raise ServerFailed(connection.stopped(exc)) from None

    # -- stopping -------------------------------------------------------------------------------
    def stop(self, name: str) -> None:
        """End the server's session (turned off or removed); nothing if it does not run."""
        if self._host.started:
            self._host.call(lambda: self._stop(name), timeout=30)
        self._set(name, LiveState(ServerState.STOPPED))

    async def _stop(self, name: str) -> None:
        connection = self._connections.pop(name, None)
        if connection is not None:
            await connection.close()

    def close(self) -> None:
        """End every session (each stdio server gets EOF, then SIGTERM, then SIGKILL) and the loop."""

        async def shutdown() -> None:  # run on the loop, so only when one was started
            import asyncio  # here: most sessions of Mira never start MCP

            connections, self._connections = list(self._connections.values()), {}
            await asyncio.gather(*(c.close() for c in connections))

        self._host.close(shutdown)


def _plain(tool: Any) -> dict[str, Any]:
    """A listed tool as plain JSON data (cached in the database, shown in lists)."""
    annotations = getattr(tool, "annotations", None)
    schema = getattr(tool, "input_schema", None)
    if schema is not None and not isinstance(schema, dict):
        schema = schema.model_dump(by_alias=True, exclude_none=True)
    return {
        "name": str(tool.name),
        "title": getattr(tool, "title", None),
        "description": (getattr(tool, "description", None) or "").strip(),
        "input_schema": schema,
        "read_only_hint": getattr(annotations, "read_only_hint", None),
        "destructive_hint": getattr(annotations, "destructive_hint", None),
    }
