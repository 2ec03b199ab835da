"""One asyncio loop on one owned thread (``mira-mcp``) that holds every MCP session.

The MCP SDK's context managers must be closed by the task that opened them, so each server lives in
one long-lived task on this loop (see :mod:`.connection`); calls from the rest of Mira — run
threads, the window's operations, the command line — reach it through :meth:`McpHost.call`, a
synchronous facade with a timeout and a cancel token: Stop cancels the pending call at once. The
loop and its thread start on the first call (Mira's start-up never pays for them) and
:meth:`McpHost.close` ends every session, then the loop, and joins the thread.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import ConflictError

if TYPE_CHECKING:
    import asyncio

T = TypeVar("T")
_log = logging.getLogger(__name__)


class CallTimedOut(Exception):  # noqa: N818 (what happened, not an error class of ours)
    """The call did not finish within its timeout; it was cancelled."""


class McpHost:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    @property
    def started(self) -> bool:
        return self._loop is not None

    def _ensure(self) -> asyncio.AbstractEventLoop:
        import asyncio  # here: most sessions of Mira never start MCP

        with self._lock:
            if self._closed:
                raise ConflictError.said("mcp.closing")
            if self._loop is None:
                loop = asyncio.new_event_loop()
                ready = threading.Event()

                def run() -> None:
                    asyncio.set_event_loop(loop)
                    loop.call_soon(ready.set)
                    loop.run_forever()

                thread = threading.Thread(target=run, name="mira-mcp", daemon=True)
                thread.start()
                ready.wait()
                self._loop, self._thread = loop, thread
            return self._loop

    def call(
        self,
        make: Callable[[], Coroutine[Any, Any, T]],
        *,
        timeout: float | None = None,
        cancel: CancelToken | None = None,
    ) -> T:
        """Run ``make()`` on the loop and wait for its result.

        Raises:
            Cancelled: ``cancel`` fired first; the coroutine was cancelled.
            CallTimedOut: ``timeout`` seconds passed first; the coroutine was cancelled.
            Exception: whatever the coroutine raised.
        """
        import asyncio  # here: most sessions of Mira never start MCP

        loop = self._ensure()

        future = asyncio.run_coroutine_threadsafe(make(), loop)

        def stop() -> None:
            future.cancel()  # thread-safe: the task is cancelled on the loop

        unregister = cancel.on_cancel(stop) if cancel is not None else (lambda: None)
        try:
            return future.result(timeout)
        except concurrent.futures.CancelledError:
            raise Cancelled(cancel.reason if cancel is not None else "cancelled") from None
        except concurrent.futures.TimeoutError:
            future.cancel()  # the task unwinds on the loop; the SDK tells the server the call is cancelled
            raise CallTimedOut(f"no answer within {timeout:g} seconds") from None
        finally:
            unregister()

    def close(self, shutdown: Callable[[], Coroutine[Any, Any, None]], timeout: float = 15.0) -> None:
        """Run ``shutdown()`` (it ends every session), stop the loop and join its thread: each wait at
        most ``timeout`` seconds. What is not done by then is logged, never raised, so that quitting
        goes on."""
        with self._lock:
            self._closed = True
            loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        import asyncio  # here: most sessions of Mira never start MCP

        ending = asyncio.run_coroutine_threadsafe(shutdown(), loop)
        try:
            ending.result(timeout)
        except concurrent.futures.TimeoutError:
            _log.warning("closing MCP: the servers did not all end within %g s; the loop stops anyway", timeout)
            with contextlib.suppress(concurrent.futures.TimeoutError):  # each task unwinds, or is left
                asyncio.run_coroutine_threadsafe(_cancel_every_task(), loop).result(timeout)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)
            if thread.is_alive():
                _log.warning("closing MCP: its loop's thread did not end within %g s; left running", timeout)
            else:
                loop.close()


async def _cancel_every_task() -> None:
    """On the loop: cancel its other tasks and give them a moment to unwind."""
    import asyncio

    others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in others:
        task.cancel()
    if others:
        await asyncio.wait(others, timeout=1.0)
