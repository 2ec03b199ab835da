"""The composer: Enter sends, Shift+Enter adds a line; disabled until a model is ready."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QWidget

from mira_desktop.ui.strings import tr


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

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 16)
        self.editor = _Editor()
        self.editor.setObjectName("composerEditor")
        self.editor.setFixedHeight(84)
        self.editor.submitted.connect(self._submit)
        self.send_button = QPushButton(tr("composer.send"))
        self.send_button.setObjectName("sendButton")
        self.send_button.clicked.connect(self._submit)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        self.set_ready(False, tr("composer.loading"))

    def set_ready(self, ready: bool, placeholder: str | None = None) -> None:
        self.editor.setEnabled(ready)
        self.send_button.setEnabled(ready)
        self.editor.setPlaceholderText(placeholder or tr("composer.placeholder"))

    def _submit(self) -> None:
        text = self.editor.toPlainText()
        if not text.strip() or not self.send_button.isEnabled():
            return
        self.send_requested.emit(text)
