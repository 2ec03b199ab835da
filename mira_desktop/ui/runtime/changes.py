"""The services' change feed as a Qt signal, and views that follow it.

:class:`ChangeSignal` re-emits every :class:`~mira_desktop.core.changes.Change` on the UI
thread (the feed calls it on whatever thread wrote). :class:`Follow` is how a view stays current:
it names the topics it shows and a reload function; changes arriving together (an index job
reports many steps a second) are coalesced into one reload per ``delay_ms``. No view polls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer, Signal

from mira_desktop.core.changes import Change, ChangeFeed, Topic


class ChangeSignal(QObject):
    changed = Signal(object)

    def __init__(self, feed: ChangeFeed) -> None:
        super().__init__()
        self._unsubscribe = feed.subscribe(self.changed.emit)

    def close(self) -> None:
        self._unsubscribe()


class Follow(QObject):
    """Calls ``reload(changes)`` (on the UI thread) after changes of ``topics``, coalesced."""

    def __init__(
        self,
        owner: QObject,
        signal: ChangeSignal,
        topics: Iterable[Topic],
        reload: Callable[[list[Change]], None],
        delay_ms: int = 100,
    ) -> None:
        super().__init__(owner)
        self._topics = frozenset(topics)
        self._reload = reload
        self._pending: list[Change] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._fire)
        signal.changed.connect(self._arrived)
        self._signal = signal

    def _arrived(self, change: Change) -> None:
        if change.topic in self._topics:
            self._pending.append(change)
            if not self._timer.isActive():
                self._timer.start()

    def _fire(self) -> None:
        changes, self._pending = self._pending, []
        if changes:
            self._reload(changes)

    def stop(self) -> None:
        self._timer.stop()
        self._signal.changed.disconnect(self._arrived)
