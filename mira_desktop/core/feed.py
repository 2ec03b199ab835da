"""A thread-safe feed: listeners subscribe, producers emit, listeners are called on the emitting thread.

The run feed (live run events) and the change feed (what the services wrote) are both one of these;
the UI turns what it hears into Qt signals for its own thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Feed(Generic[T]):
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: list[Callable[[T], None]] = []

    def subscribe(self, listener: Callable[[T], None]) -> Callable[[], None]:
        """Call ``listener`` for everything emitted from now on; returns the function that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def emit(self, item: T) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(item)
