"""One MCP server's session, held by one task on the MCP loop (the SDK's context managers open and
close in that task).

A stdio server is started as its command with its environment (secrets resolved by the service),
under ``setpriv --pdeathsig KILL`` where util-linux has it, so even a killed Mira leaves no server
behind; its stderr goes to ``logs/mcp/<name>.log``. A streamable-HTTP server is reached at its URL
with its headers. :meth:`Connection.open` returns once the server answered ``initialize`` and
listed its tools, or raises :class:`ServerFailed` with the reason (the command is missing, it
exited — with the last lines it wrote —, it never answered); a server that stops later fails the
call that found out, and the service starts a new connection next time.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from mira_desktop import __version__
from mira_desktop.core.tool_records import Transport
from mira_desktop.services.mcp import sdk
from mira_desktop.services.mcp.reasons import Reason
from mira_desktop.services.mcp.spec import ServerSpec

if TYPE_CHECKING:
    import asyncio

LOG_TAIL_BYTES = 600
MAX_LISTED_TOOLS = 500
WATCH_SECONDS = 1.0  # how often an idle session checks that its server is still there


class ServerFailed(Exception):  # noqa: N818 (a server's failure, with its reason as the message)
    """The server could not be started or reached, or it stopped; ``reason`` says why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.english)
        self.reason = reason


def launch_command(command: str, args: Sequence[str], path: str | None) -> tuple[str, list[str]]:
    """The executable and arguments that start a stdio server: killed with Mira where setpriv can."""
    if shutil.which(command, path=path) is None:
        raise ServerFailed(Reason.of("not_found", command=command))
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return command, list(args)
    return setpriv, ["--pdeathsig", "KILL", "--", command, *args]


class Connection:
    """A live session with one server; every method runs on the MCP loop."""

    def __init__(self, spec: ServerSpec, on_stop: Callable[[Reason], None], log_path: Path | None = None) -> None:
        import asyncio  # here: most sessions of Mira never start MCP

        self.spec = spec  # its secrets resolved: never stored or logged
        self.log_path = log_path  # where a stdio server's stderr goes
        self._on_stop = on_stop  # called on the loop when the server goes away by itself
        self.client: Any = None
        self.tools: list[Any] = []
        self.failure: Reason | None = None  # why it stopped, once it has
        self._stop = asyncio.Event()
        self._ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._task: asyncio.Task[None] | None = None
        self._log_start = 0

    @property
    def alive(self) -> bool:
        return (
            self.client is not None
            and self.failure is None
            and not self._stop.is_set()
            and not sdk.connection_ended(self.client)
        )

    async def open(self, timeout: float) -> None:
        """Start or reach the server and list its tools; raises ServerFailed saying why not."""
        import asyncio  # here: most sessions of Mira never start MCP

        self._task = asyncio.get_running_loop().create_task(self._hold(), name=f"mcp-{self.spec.name}")
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), timeout)
        except TimeoutError:
            await self.close()
            raise ServerFailed(Reason.of("no_answer", self._last_words(), seconds=f"{timeout:g}")) from None
        except asyncio.CancelledError:
            await self.close()
            raise

    async def close(self) -> None:
        """End the session (a stdio server gets EOF, then SIGTERM, then SIGKILL) and wait for it."""
        import asyncio  # here: most sessions of Mira never start MCP

        self._stop.set()
        task = self._task
        if task is not None and not task.done():
            if not self._ready.done():
                task.cancel()  # still starting: nothing to end gracefully
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._ready.done() and not self._ready.cancelled():
            self._ready.exception()  # what open() did not wait for is known: no "never retrieved"

    def stopped(self, error: BaseException) -> Reason:
        """A call failed because the session ended: note why and let the session go."""
        if self.failure is None:
            self.failure = _reason(error, self._last_words(), stopped=True)
        self._stop.set()
        return self.failure

    # -- the session task --------------------------------------------------------------------------
    async def _hold(self) -> None:
        import asyncio  # here: most sessions of Mira never start MCP

        from mcp import Client
        from mcp_types import Implementation

        log: TextIO | None = None
        try:
            async with contextlib.AsyncExitStack() as stack:
                if self.log_path is not None:
                    self.log_path.parent.mkdir(parents=True, exist_ok=True)
                    log = stack.enter_context(self.log_path.open("a", encoding="utf-8", errors="replace"))
                    log.write(f"--- Mira starts {self.spec.name}\n")
                    log.flush()
                    self._log_start = log.tell()
                transport = await self._transport(stack, log)
                client = await stack.enter_async_context(
                    Client(transport, mode="legacy", client_info=Implementation(name="Mira", version=__version__))
                )
                self.tools = await _list_tools(client)
                self.client = client
                self._ready.set_result(None)
                await self._watch(client)
        except asyncio.CancelledError:
            if not self._ready.done():
                self._ready.set_exception(ServerFailed(Reason.of("stopped_while_starting")))
            raise
        except Exception as exc:  # the reason is the news: it goes to the caller, the state and the log
            reason = exc.reason if isinstance(exc, ServerFailed) else _reason(exc, self._last_words())
            if not self._ready.done():
                self._ready.set_exception(ServerFailed(reason))
            elif self.failure is None:
                self.failure = reason
        finally:
            self.client = None
        if self.failure is not None and self._ready.done() and not self._ready.exception():
            self._on_stop(self.failure)

    async def _watch(self, client: Any) -> None:
        """Hold the session until Mira ends it, or until the server goes away by itself."""
        import asyncio  # here: most sessions of Mira never start MCP

        while not self._stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), WATCH_SECONDS)
            if self.failure is None and sdk.connection_ended(client):
                self.failure = Reason.of("stopped", self._last_words())
                return

    async def _transport(self, stack: contextlib.AsyncExitStack, log: TextIO | None) -> Any:
        spec = self.spec
        if spec.transport is Transport.HTTP:
            from mcp.client.streamable_http import streamable_http_client

            http = await stack.enter_async_context(sdk.http_client(spec.headers))
            return streamable_http_client(str(spec.url), http_client=http)
        from mcp.client.stdio import StdioServerParameters, get_default_environment, stdio_client

        env = get_default_environment() | spec.env
        command, args = launch_command(str(spec.command), spec.args, env.get("PATH"))
        params = StdioServerParameters(command=command, args=args, env=spec.env)
        return stdio_client(params, errlog=log) if log is not None else stdio_client(params)

    def _last_words(self) -> str:
        """The end of what the server wrote to stderr since it was started (its last three lines)."""
        path = self.log_path
        if path is None or not path.is_file():
            return ""
        with path.open("rb") as handle:
            handle.seek(max(self._log_start, path.stat().st_size - LOG_TAIL_BYTES))
            text = handle.read().decode("utf-8", "replace").strip()
        lines = [line for line in text.splitlines() if line.strip()][-3:]
        return " / ".join(lines)


async def _list_tools(client: Any) -> list[Any]:
    tools: list[Any] = []
    cursor: str | None = None
    while len(tools) < MAX_LISTED_TOOLS:
        page = await client.list_tools(cursor=cursor)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            break
    return tools[:MAX_LISTED_TOOLS]


def _reason(error: BaseException, said: str, *, stopped: bool = False) -> Reason:
    if sdk.is_connection_closed(error):  # the server's side went away
        return Reason.of("stopped" if stopped else "closed", said)
    return Reason.of("error", said, error=_describe(error))


def _describe(error: BaseException) -> str:
    """One line for an SDK or OS error (an exception group says what is inside it)."""
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(_describe(e) for e in error.exceptions[:3])
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:300]
