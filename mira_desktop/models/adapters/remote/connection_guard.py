"""Cutting one HTTP request's connection from another thread, so a cancel takes effect at once."""

from __future__ import annotations

import contextlib
import socket
import threading
from typing import Any


class ConnectionGuard:
    """Lets the cancelling thread cut one request's connection, waking a read blocked on it at once.

    Closing a socket does not wake a thread blocked reading it; shutting it down does, and tells the
    server the client is gone, so it stops generating. httpcore's ``trace`` extension hands over the
    socket as soon as it is connected, so a request still waiting for its first byte can be cut too.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._socket: socket.socket | None = None
        self._cut = False

    def trace(self, event: str, info: dict[str, Any]) -> None:
        if not event.endswith((".connect_tcp.complete", ".start_tls.complete")):
            return
        sock = info["return_value"].get_extra_info("socket")
        if not isinstance(sock, socket.socket):
            return
        with self._lock:
            self._socket = sock
            cut = self._cut
        if cut:
            _shut_down(sock)

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            sock = self._socket
        if sock is not None:
            _shut_down(sock)


def _shut_down(sock: socket.socket) -> None:
    # The plain socket method, not SSLSocket's, which would also drop TLS state the reader still uses.
    with contextlib.suppress(OSError):  # already closed: no read is left to wake
        socket.socket.shutdown(sock, socket.SHUT_RDWR)
