"""A thread-safe cancel token shared by a run, its model call, retrieval and tools.

Cancelling is idempotent, works before the work starts (the work then never starts), and is not an
error: work that sees the token ends early and keeps what it produced so far.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class Cancelled(Exception):  # noqa: N818 (a signal, not an error: cancelled is not a failure)
    """Raised by :meth:`CancelToken.raise_if_cancelled` to unwind work the user stopped."""


class CancelToken:
    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], None]] = []
        self.reason = ""

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self, reason: str = "user") -> None:
        with self._lock:
            if self._event.is_set():
                return
            self.reason = reason
            self._event.set()
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    def on_cancel(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` once when cancelled (at once if already); returns an unregister function."""
        with self._lock:
            if not self._event.is_set():
                self._callbacks.append(callback)

                def unregister() -> None:
                    with self._lock:
                        if callback in self._callbacks:
                            self._callbacks.remove(callback)

                return unregister
        callback()
        return lambda: None

    def wait(self, timeout: float) -> bool:
        """Sleep up to ``timeout`` seconds, waking at once on cancel; True if cancelled."""
        return self._event.wait(timeout)

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise Cancelled(self.reason)
