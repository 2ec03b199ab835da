"""The composer: Enter sends, Shift+Enter adds a line, Esc stops; Send becomes Stop while a reply is
written; a meter shows how much of the model's window the next request uses."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from mira_desktop.ui.i18n import tr


class _Editor(QPlainTextEdit):
    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt naming)
        is_enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if is_enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class Composer(QWidget):
    send_requested = Signal(str)
    stop_requested = Signal()
    draft_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 8, 16, 10)
        outer.setSpacing(4)
        row = QHBoxLayout()
        self.editor = _Editor()
        self.editor.setObjectName("composerEditor")
        self.editor.setFixedHeight(84)
        self.editor.submitted.connect(self._submit)
        self.editor.textChanged.connect(lambda: self.draft_changed.emit(self.editor.toPlainText()))
        self.send_button = QPushButton(tr("composer.send"))
        self.send_button.setObjectName("sendButton")
        self.send_button.clicked.connect(self._submit)
        self.stop_button = QPushButton(tr("composer.stop"))
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip(tr("composer.stop_tip"))
        self.stop_button.clicked.connect(self.stop_requested)
        self.stop_button.hide()
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self.window() or self, self.stop_requested.emit)
        row.addWidget(self.editor, 1)
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.stop_button, 0, Qt.AlignmentFlag.AlignBottom)
        self.meter = QLabel("")
        self.meter.setObjectName("contextMeter")
        self.meter.setAlignment(Qt.AlignmentFlag.AlignRight)
        outer.addLayout(row)
        outer.addWidget(self.meter)
        self._ready = False
        self._busy = False
        self._persona = tr("message.mira")
        self._waiting_text: str | None = None
        self.set_ready(False, tr("composer.loading"))

    def set_ready(self, ready: bool, placeholder: str | None = None) -> None:
        self._ready = ready
        self._waiting_text = placeholder
        self.editor.setEnabled(ready)
        self.editor.setPlaceholderText(placeholder or tr("composer.placeholder", name=self._persona))
        self._sync_buttons()

    def set_persona(self, name: str) -> None:
        """Who the message goes to: the thread's role, or Mira."""
        self._persona = name or tr("message.mira")
        if self._ready or not self._waiting_text:
            self.editor.setPlaceholderText(tr("composer.placeholder", name=self._persona))

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self._sync_buttons()

    def set_text(self, text: str) -> None:
        """Show ``text`` (a thread's draft) without it counting as an edit."""
        if self.editor.toPlainText() != text:
            self.editor.blockSignals(True)
            self.editor.setPlainText(text)
            self.editor.moveCursor(self.editor.textCursor().MoveOperation.End)
            self.editor.blockSignals(False)

    def set_usage(self, used: int, window: int, sections: list[tuple[str, int]] | None = None) -> None:
        """What the next request will hold, against the current model's window; the parts on hover."""
        share = used / window if window else 0
        self.meter.setText(tr("composer.usage", used=f"{used:,}", window=f"{window:,}"))
        parts = [f"{tr('meter.' + name)}: {tokens:,}" for name, tokens in sections or [] if tokens]
        self.meter.setToolTip("\n".join([tr("meter.tip"), *parts]))
        self.meter.setProperty("level", "high" if share > 0.85 else "normal")
        self.meter.style().polish(self.meter)

    def _sync_buttons(self) -> None:
        self.send_button.setVisible(not self._busy)
        self.send_button.setEnabled(self._ready)
        self.stop_button.setVisible(self._busy)

    def _submit(self) -> None:
        text = self.editor.toPlainText()
        if not text.strip() or not self._ready or self._busy:
            return
        self.send_requested.emit(text)
