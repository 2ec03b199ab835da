"""A status-bar notice with an Undo button, for changes that are cheap to take back (a move to the trash),
or another one-click offer (retitle a thread whose first message was edited)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from mira_desktop.ui.language.i18n import tr

SHOWN_MS = 12000


class UndoNotice(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.button = QPushButton(tr("undo.button"))
        self.button.setFlat(True)
        self.button.setObjectName("link")
        self.button.clicked.connect(self._undo)
        layout.addWidget(self.label)
        layout.addWidget(self.button)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self._undo_action: Callable[[], None] | None = None
        self.hide()

    def offer(self, text: str, undo: Callable[[], None], button: str = "") -> None:
        """Show ``text`` with Undo (or ``button``) for a few seconds; a click calls ``undo`` once."""
        self.label.setText(text)
        self.button.setText(button or tr("undo.button"))
        self._undo_action = undo
        self.show()
        self._timer.start(SHOWN_MS)

    def _undo(self) -> None:
        action, self._undo_action = self._undo_action, None
        self.hide()
        if action is not None:
            action()
