"""The Compare dialog: one message, two models picked, both answers streaming side by side with their
speed, Stop for both, and "Keep this answer" under each once both have ended.

It hears the run feed through a queue drained once per frame (as the chat controller does), so two
models streaming at once cost one repaint per frame.
"""

from __future__ import annotations

import threading
from collections import deque
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.conversation.runs import TERMINAL_EVENTS, EventType
from mira_desktop.ui.language.i18n import explain, explain_saved, say, tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.services.chat.compare import AnswerSpeed, Comparison
    from mira_desktop.services.chat.run_bus import LiveEvent, RunBus
    from mira_desktop.services.model_catalog.catalog import ModelEntry

FRAME_MS = 16


def _drop_all(subscriptions: list[Callable[[], None]]) -> None:
    while subscriptions:
        subscriptions.pop()()


class _Relay(QObject):
    arrived = Signal()


class AnswerPane(QFrame):
    """One model's side: its name, its answer as it streams, its speed, and Keep."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparePane")
        layout = QVBoxLayout(self)
        self.model = QLabel()
        self.model.setObjectName("messageAuthor")
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.speed = QLabel()
        self.speed.setObjectName("muted")
        self.status = QLabel()
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        self.keep = QPushButton(tr("compare.keep"))
        self.keep.setToolTip(tr("compare.keep_tip"))
        self.keep.setEnabled(False)
        for widget in (self.model, self.text, self.speed, self.status, self.keep):
            layout.addWidget(widget)

    def show_speed(self, speed: AnswerSpeed, *, waiting: bool) -> None:
        data = speed.to_dict()
        if data["first_token_ms"] is None:
            self.speed.setText(tr("compare.waiting") if waiting else tr("compare.writing"))
        elif data["tokens_per_s"] is None:
            self.speed.setText(tr("compare.speed_first", first=f"{data['first_token_ms']:,}"))
        else:
            rate = f"{data['tokens_per_s']:.1f}"
            self.speed.setText(tr("compare.speed", first=f"{data['first_token_ms']:,}", rate=rate))


class CompareDialog(QDialog):
    """``start(refs)`` (off the UI thread) starts the comparison; ``chosen(thread_id, message_id,
    model)`` is emitted when the person keeps one answer."""

    chosen = Signal(str, str, str)
    comparison_started = Signal(object)  # the Comparison
    comparison_ended = Signal(object)  # the Comparison, once every answer has ended

    def __init__(
        self,
        question: str,
        bus: RunBus,
        start: Callable[[list[str]], Comparison],
        run_in_background: Callable[..., object],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("compare.title"))
        self.resize(900, 560)
        self._bus, self._start, self._background = bus, start, run_in_background
        self.comparison: Comparison | None = None
        self._ended: set[str] = set()
        self._incoming: deque[LiveEvent] = deque()
        self._lock = threading.Lock()
        self._relay = _Relay()
        self._relay.arrived.connect(self._wake)
        self._frame = QTimer(self)
        self._frame.setInterval(FRAME_MS)
        self._frame.timeout.connect(self._tick)
        # The run feed's hold on this dialog, dropped when it closes — or is destroyed with the window
        # without closing (the list, not the dialog, is what the destroyed handler holds).
        self._subscriptions: list[Callable[[], None]] = []
        self.destroyed.connect(partial(_drop_all, self._subscriptions))
        layout = QVBoxLayout(self)
        shown = question if len(question) <= 200 else question[:200] + "…"
        self.question = QLabel(tr("compare.question", text=shown))
        self.question.setWordWrap(True)
        layout.addWidget(self.question)
        pickers = QGridLayout()
        self.pickers = (QComboBox(), QComboBox())
        for column, (picker, key) in enumerate(
            zip(self.pickers, ("compare.first", "compare.second"), strict=True)
        ):
            pickers.addWidget(QLabel(tr(key)), 0, column)
            pickers.addWidget(picker, 1, column)
        layout.addLayout(pickers)
        self.note = QLabel()
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        self.error = QLabel()
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.note)
        layout.addWidget(self.error)
        side_by_side = QHBoxLayout()
        self.panes = (AnswerPane(), AnswerPane())
        for pane in self.panes:
            side_by_side.addWidget(pane, 1)
        layout.addLayout(side_by_side, 1)
        buttons = QHBoxLayout()
        self.start_button = QPushButton(tr("compare.start"))
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self._begin)
        self.stop_button = QPushButton(tr("compare.stop"))
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        buttons.addStretch(1)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.start_button)
        layout.addLayout(buttons)
        for index, pane in enumerate(self.panes):
            pane.keep.clicked.connect(lambda _checked=False, i=index: self._keep(i))

    def set_models(self, entries: list[ModelEntry], first: str | None) -> None:
        """The models to pick from; ``first`` (the thread's) first, the next one second."""
        refs = [e.ref for e in entries]
        for picker in self.pickers:
            picker.clear()
            for entry in entries:
                picker.addItem(entry.name, entry.ref)
        top = refs.index(first) if first in refs else 0
        self.pickers[0].setCurrentIndex(top)
        self.pickers[1].setCurrentIndex((top + 1) % len(refs) if refs else -1)

    def _begin(self) -> None:
        refs = [str(picker.currentData()) for picker in self.pickers]
        self.error.hide()
        self.start_button.setEnabled(False)
        for picker in self.pickers:
            picker.setEnabled(False)
        # Listening before the runs start: no token is missed.
        self._subscriptions.append(self._bus.subscribe(self._enqueue))
        self._background(self, lambda: self._start(refs), self._started, self._refused)

    def _started(self, comparison: Comparison) -> None:
        self.comparison = comparison
        self.note.setText(say(comparison.memory.note()))
        for index, pane in enumerate(self.panes):
            pane.model.setText(self.pickers[index].currentText())
            pane.model.setToolTip(comparison.models[index])
            pane.show_speed(comparison.speed(index), waiting=not comparison.together and index > 0)
        self.stop_button.setEnabled(True)
        self._frame.start()
        self.comparison_started.emit(comparison)

    def _refused(self, error: BaseException) -> None:
        self._stop_listening()
        self.error.setText(explain(error))
        self.error.show()
        self.start_button.setEnabled(True)
        for picker in self.pickers:
            picker.setEnabled(True)

    def stop(self) -> None:
        if self.comparison is not None:
            self.comparison.stop()

    # -- streaming -------------------------------------------------------------------------------
    def _enqueue(self, event: LiveEvent) -> None:
        """Called on a worker thread."""
        with self._lock:
            wake = not self._incoming
            self._incoming.append(event)
        if wake:
            self._relay.arrived.emit()

    def _wake(self) -> None:
        if self.comparison is not None and not self._frame.isActive():
            self._frame.start()

    def _tick(self) -> None:
        comparison = self.comparison
        if comparison is None:
            return
        with self._lock:
            events = list(self._incoming)
            self._incoming.clear()
        runs = [h.run_id for h in comparison.handles]
        for event in events:
            if event.run_id in runs:
                self._show(runs.index(event.run_id), event)
        for index, pane in enumerate(self.panes):
            waiting = not comparison.together and runs[index - 1] not in self._ended if index else False
            pane.show_speed(comparison.speed(index), waiting=waiting)
        if len(self._ended) == len(runs):
            self._frame.stop()
            self._stop_listening()
            self.stop_button.setEnabled(False)
            for index, pane in enumerate(self.panes):  # a failed answer has nothing to keep
                pane.keep.setEnabled(comparison.handles[index].status.value in ("completed", "cancelled"))
            self.comparison_ended.emit(comparison)

    def _show(self, index: int, event: LiveEvent) -> None:
        pane = self.panes[index]
        if event.type == EventType.MESSAGE_DELTA and event.seq is None:
            pane.text.moveCursor(pane.text.textCursor().MoveOperation.End)
            pane.text.insertPlainText(str(event.data.get("text", "")))
        elif event.type in TERMINAL_EVENTS:
            self._ended.add(event.run_id)
            status = str(event.data.get("status", ""))
            error = event.data.get("error")
            if status == "failed":
                pane.status.setText(
                    tr("compare.ended_failed", error=explain_saved(error) if isinstance(error, dict) else "")
                )
            elif status in ("completed", "cancelled"):
                pane.status.setText(tr(f"compare.ended_{status}"))

    def _keep(self, index: int) -> None:
        comparison = self.comparison
        if comparison is None:
            return
        handle = comparison.handles[index]
        self.chosen.emit(handle.thread_id, handle.assistant_message_id, self.panes[index].model.text())
        self.accept()

    def _stop_listening(self) -> None:
        _drop_all(self._subscriptions)

    def done(self, result: int) -> None:  # closing: stop listening; the answers go on (Stop stops them)
        self._frame.stop()
        self._stop_listening()
        super().done(result)
