"""Quitting: closing the main window (or Ctrl+Q) closes every Mira window; while an answer is being
written it asks first ("stop", "quit after it", "cancel"); the services' background work stops and
the window's workers end. A mixin of :class:`MainWindow`."""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QWidget


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
        """Whether an answer or an agent run is being written (none before the chat service is built)."""
        later = self.services.later.built if self.services is not None else None
        return later is not None and bool(later.chat.active_runs())

    def _quit_when_idle(self) -> None:
        if not self._active_runs():
            self._quit_timer.stop()
            self.close()

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
                self._quit_timer = QTimer(cast("QWidget", self))
                self._quit_timer.timeout.connect(self._quit_when_idle)
                self._quit_timer.start(200)
                return False
        return True

    def _shut_down(self) -> None:
        """Every Mira window closes, the services' work for the window stops, its workers end."""
        self._quitting = True
        window = cast("QWidget", self)
        for widget in QApplication.topLevelWidgets():  # the Roles and Knowledge windows, dialogs
            if widget is not window and widget.isWindow():
                widget.close()
        self._usage_timer.stop()
        if self.services is not None:
            self.controller.close()
            # A build of the later services under way ends first; one not started never starts, and the
            # operations waiting for it are cancelled (else the workers' shutdown below would wait on them).
            later = self.services.later.settle()
            if later is not None:
                later.chat.stop()
                later.knowledge.indexer.stop()
            self.services.notifications.unsubscribe(self._notes.arrived.emit)
        if self.changes is not None:
            self.changes.close()
        self.background.shutdown()
