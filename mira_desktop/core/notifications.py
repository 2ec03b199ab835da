"""A Qt-free notification bus that buffers messages until a listener (the UI) attaches.

Background code posts user-visible messages here; the UI subscribes once it exists and receives
everything posted before, in order. Listeners are called on the posting thread: the UI marshals
them onto its own thread. A note about a :class:`~mira_desktop.core.errors.MiraError` carries it, so the
window says its sentence in its own language; ``message`` is the English (for logs and the command).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mira_desktop.core.errors import MiraError


class Level(Enum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True)
class Notification:
    level: Level
    message: str
    details: str = ""  # what a person can open to see more (a bug's traceback)
    error: MiraError | None = None  # the error the message is the sentence of, if any


Listener = Callable[[Notification], None]


class NotificationBus:
    def __init__(self, buffer_limit: int = 200) -> None:
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._buffer: list[Notification] = []
        self._limit = buffer_limit

    def post(self, level: Level, message: str, details: str = "", error: MiraError | None = None) -> None:
        note = Notification(level, message, details, error)
        with self._lock:
            listeners = list(self._listeners)
            if not listeners:
                self._buffer.append(note)
                del self._buffer[: -self._limit]
        for listener in listeners:
            listener(note)

    def subscribe(self, listener: Listener) -> None:
        """Attach ``listener`` and deliver everything buffered so far to it."""
        with self._lock:
            self._listeners.append(listener)
            pending, self._buffer = self._buffer, []
        for note in pending:
            listener(note)

    def unsubscribe(self, listener: Listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)
