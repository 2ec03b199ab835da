"""Quitting: closing the main window (or Ctrl+Q) closes every Mira window; while an answer is being
written it asks first ("stop", "quit after it", "cancel"); what is running is cancelled and the
window's workers end. A mixin of :class:`MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from mira_desktop.services.chat.run_bus import LiveEvent


class _RunEnded(QObject):
    """Carries a run's end from the run bus (a worker thread) to the UI thread."""

    ended = Signal(str)  # the run's id


class Quitting:
    services: Any
    controller: Any
    changes: Any
    background: Any
    _notes: Any
    _usage_timer: Any
    _quitting: bool
    ask_before_quitting: Any  # Notices'
    close: Any  # QWidget's

    def _active_runs(self) -> bool:
        """Whether an answer or an agent run is being written."""
        return self.services is not None and bool(self.services.chat.active_runs())

    def _may_close(self, event: QCloseEvent) -> bool:
        """Closing the main window (or Ctrl+Q) quits Mira; while an answer is being written, ask first.
        False: not now (cancelled, or Mira quits once the answer is written)."""
        if self._active_runs() and not self._quitting:
            choice = self.ask_before_quitting()
            if choice == "cancel":
                event.ignore()
                return False
            if choice == "after":
                event.ignore()
                self._quitting = True
                for widget in QApplication.topLevelWidgets():
                    widget.hide()
                self._quit_after_the_runs()
                return False
        return True

    def _quit_after_the_runs(self) -> None:
        """Close once every run being written has ended (or paused for an approval): the run bus says
        when each does."""
        from mira_desktop.core.conversation.runs import PAUSE_EVENTS

        relay = _RunEnded(cast("QObject", self))
        ended: set[str] = set()
        closing = False
        chat, bus = self.services.chat, self.services.run_bus

        def heard(event: LiveEvent) -> None:  # on the run's worker thread
            if event.type in PAUSE_EVENTS:
                relay.ended.emit(event.run_id)

        def check(run_id: str) -> None:
            nonlocal closing
            ended.add(run_id)
            if not closing and all(h.run_id in ended for h in chat.active_runs()):
                closing = True  # once: a late signal changes nothing
                unsubscribe()
                self.close()

        relay.ended.connect(check)
        unsubscribe = bus.subscribe(heard)
        # A run that ended between the question and now: looked at once this close event is over (a
        # close() from inside it would do nothing, and the hidden window would wait for good).
        QTimer.singleShot(0, relay, lambda: check(""))

    def _shut_down(self) -> None:
        """Every Mira window closes, what runs for the window is cancelled, its workers end."""
        self._quitting = True
        window = cast("QWidget", self)
        for widget in QApplication.topLevelWidgets():  # the Roles and Knowledge windows, dialogs
            if widget is not window and widget.isWindow():
                widget.close()
        self._usage_timer.stop()
        if self.services is not None:
            self.controller.close()
            self.services.stop_work()  # runs end as cancelled (their partial answers kept), indexing pauses
            self.services.notifications.unsubscribe(self._notes.arrived.emit)
        if self.changes is not None:
            self.changes.close()
        self.background.shutdown()  # cancels the operations still running, and waits a bounded time
