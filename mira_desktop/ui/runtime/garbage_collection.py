"""Python's cyclic garbage collector, run on the UI thread only.

CPython collects whenever enough objects were allocated, on whatever thread allocated them: a model's
decoding thread, an index job or an operation's worker. When such a collection frees a cycle holding a
window or a widget that Python owns (a top-level window has no Qt parent), Qt deletes the widget on
that worker thread; timers its children had running on the UI thread (a cursor's blink, a view's
delayed layout) stay registered and the next one fires into freed memory — a crash in
``QTimerInfoList::activateTimers`` seen in the GUI tests once in eight runs. Measured on the GUI suite,
about 7,000 objects a run were collected on worker threads.

:class:`UiThreadCollector` turns automatic collection off and collects from a timer on the UI thread
instead, with the interpreter's own thresholds; :func:`install` is called once, by the window's
start and by the GUI tests, before any worker starts.
"""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 250


class UiThreadCollector(QObject):
    """Collects the generations whose counts passed their thresholds, every ``interval_ms``."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._thresholds = gc.get_threshold()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int:
        """Collect the oldest generation that is due (and the younger ones); the objects freed."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self._thresholds[generation]:
                return gc.collect(generation)
        return 0

    def stop(self) -> None:
        """Hand collection back to the interpreter as it was (the window is closing)."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()


_installed: dict[int, UiThreadCollector] = {}  # by id(app): the application's one collector


def install(app: QObject) -> UiThreadCollector:
    """The one collector of the process, a child of ``app`` (the application), made on first call.

    Remembered here rather than looked up with ``app.findChild``: PySide's first ``findChild`` call
    resolves its overloads, ~15 ms before the first frame.
    """
    existing = _installed.get(id(app))
    if existing is None or not shiboken6.isValid(existing):  # none yet, or that application's is gone
        existing = _installed[id(app)] = UiThreadCollector(app)
    return existing
