"""Running work off the UI thread and delivering its result back on it.

``Background.run(fn, on_success, on_failure)`` is the one way widgets hand slow work (model loading,
index jobs, runs) to a worker. Results arrive through a queued Qt signal, so callbacks always run on
the UI thread. ``shutdown()`` waits for the workers: no thread outlives the window.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Signal


class _Relay(QObject):
    delivered = Signal(object, object)


class Background(QObject):
    def __init__(self, on_unhandled: Callable[[BaseException], None], workers: int = 2) -> None:
        super().__init__()
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mira-bg")
        self._relay = _Relay()
        self._relay.delivered.connect(self._deliver)
        self._on_unhandled = on_unhandled
        self._closed = threading.Event()

    def run(
        self,
        fn: Callable[[], Any],
        on_success: Callable[[Any], None],
        on_failure: Callable[[BaseException], None] | None = None,
    ) -> None:
        failure = on_failure or self._on_unhandled

        def work() -> None:
            try:
                result = fn()
            except BaseException as exc:  # delivered to the UI thread, never lost
                self._relay.delivered.emit(failure, exc)
            else:
                self._relay.delivered.emit(on_success, result)

        self._executor.submit(work)

    def _deliver(self, callback: Callable[[Any], None], value: Any) -> None:
        if not self._closed.is_set():
            callback(value)

    def shutdown(self) -> None:
        self._closed.set()
        self._executor.shutdown(wait=True, cancel_futures=True)
