"""The server's requests in progress: each one's cancel token, whether it waits for its model or is
answered, so that Settings → Local server can stop one chosen request (the window's own Stop stops
only the window's answer) and the server's stop cancels them all."""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from mira_desktop.core.cancel import CancelToken

log = logging.getLogger("mira.local_server")


@dataclass(frozen=True)
class ServedRequest:
    """One request being served, as the Settings page lists it."""

    id: int
    client: str
    model: str
    started: float  # time.monotonic() when it arrived
    ahead: int = 0  # asks before it while it waits for the model; 0 once it is answered


class InProgress:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._telling = threading.Lock()  # the order changes are told in: see _changed
        self._ids = itertools.count(1)
        self._requests: dict[int, tuple[ServedRequest, CancelToken]] = {}
        self._listeners: list[Callable[[list[ServedRequest]], None]] = []

    def begin(self, client: str, model: str, cancel: CancelToken) -> ServedRequest:
        served = ServedRequest(next(self._ids), client, model, time.monotonic())
        with self._lock:
            self._requests[served.id] = (served, cancel)
        self._changed()
        return served

    def waiting(self, ident: int, ahead: int) -> None:
        """Request ``ident`` waits with ``ahead`` asks before it (0: its turn came)."""
        with self._lock:
            found = self._requests.get(ident)
            if found is None:
                return
            self._requests[ident] = (replace(found[0], ahead=ahead), found[1])
        self._changed()

    def end(self, ident: int) -> None:
        with self._lock:
            gone = self._requests.pop(ident, None)
        if gone is not None:
            self._changed()

    def listed(self) -> list[ServedRequest]:
        with self._lock:
            return [served for served, _cancel in self._requests.values()]

    def count(self) -> int:
        with self._lock:
            return len(self._requests)

    def stop(self, ident: int) -> bool:
        """Cancel request ``ident`` (it ends as ``cancelled``, keeping what was written); False if it
        already ended."""
        with self._lock:
            found = self._requests.get(ident)
        if found is None:
            return False
        served, cancel = found
        log.info("request %d from %s for %s stopped in the window", served.id, served.client, served.model)
        cancel.cancel("user")
        return True

    def stop_all(self) -> None:
        """Cancel every request in progress (the server stopping)."""
        with self._lock:
            tokens = [cancel for _served, cancel in self._requests.values()]
        for cancel in tokens:
            cancel.cancel("user")

    def on_change(self, listener: Callable[[list[ServedRequest]], None]) -> Callable[[], None]:
        """Call ``listener`` with the requests in progress whenever they change (on the server's
        threads); returns the call that unregisters it."""
        with self._lock:
            self._listeners.append(listener)

        def unregister() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unregister

    def _changed(self) -> None:
        # One change told at a time, its list read inside: two requests ending on two threads at once
        # could otherwise tell their lists in the other order, and the last one told (the window's) be
        # the older. Listeners only hand the list on (a queued signal), never call back in here.
        with self._telling:
            with self._lock:
                listeners = list(self._listeners)
                listed = [served for served, _cancel in self._requests.values()]
            for listener in listeners:
                listener(listed)
