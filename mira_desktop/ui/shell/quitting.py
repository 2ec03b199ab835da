"""Quitting: closing the main window (or Ctrl+Q) closes every Mira window; while an answer is being
written it asks first ("stop", "quit after it", "cancel"); what is running is cancelled and the
window's workers end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.run_bus import LiveEvent
    from mira_desktop.ui.shell.notices import Notices


class _RunEnded(QObject):
    """Carries a run's end from the run bus (a worker thread) to the UI thread."""

    ended = Signal(str)  # the run's id


class Quitting:
    """Whether the window may close now, and closing it once the runs being written have ended."""

    def __init__(self, window: QWidget, *, services: AppServices, notices: Notices) -> None:
        self._window = window
        self._services = services
        self._notices = notices  # asks "stop, quit after it, or cancel?"
        self.leaving = False  # the person chose to quit once the answers are written

    def may_close(self, event: QCloseEvent) -> bool:
        """Closing the main window (or Ctrl+Q) quits Mira; while an answer is being written, ask first.
        False: not now (cancelled, or Mira quits once the answer is written)."""
        if not self._services.chat.active_runs() or self.leaving:
            return True
        choice = self._notices.ask_before_quitting()
        if choice == "cancel":
            event.ignore()
            return False
        if choice == "after":
            event.ignore()
            self.leaving = True
            for widget in QApplication.topLevelWidgets():
                widget.hide()
            self._close_after_the_runs()
            return False
        return True

    def _close_after_the_runs(self) -> None:
        """Close once every run being written has ended (or paused for an approval): the run bus says
        when each does."""
        from mira_desktop.core.conversation.runs import PAUSE_EVENTS

        relay = _RunEnded(self._window)
        ended: set[str] = set()
        closing = False
        chat, bus = self._services.chat, self._services.run_bus

        def heard(event: LiveEvent) -> None:  # on the run's worker thread
            if event.type in PAUSE_EVENTS:
                relay.ended.emit(event.run_id)

        def check(run_id: str) -> None:
            nonlocal closing
            ended.add(run_id)
            if not closing and all(h.run_id in ended for h in chat.active_runs()):
                closing = True  # once: a late signal changes nothing
                unsubscribe()
                self._window.close()

        relay.ended.connect(check)
        unsubscribe = bus.subscribe(heard)
        # A run that ended between the question and now: looked at once this close event is over (a
        # close() from inside it would do nothing, and the hidden window would wait for good).
        QTimer.singleShot(0, relay, lambda: check(""))


def close_other_windows(window: QWidget) -> None:
    """Every Mira window but ``window`` closes: the Roles and Knowledge windows, dialogs."""
    for widget in QApplication.topLevelWidgets():
        if widget is not window and widget.isWindow():
            widget.close()

