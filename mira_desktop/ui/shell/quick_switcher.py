"""Ctrl+K: jump to a thread or a command by typing a few letters of its name."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from mira_desktop.ui.language.i18n import tr

KEYS_GAP = "    "  # between a command's name and its keys: typing matches the name, not "Ctrl"


class QuickSwitcher(QDialog):
    """Entries are (label, action); typing filters them, Enter runs the chosen one."""

    def __init__(self, entries: list[tuple[str, Callable[[], None]]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("switcher.title"))
        self.setModal(True)
        self.resize(520, 420)
        self._entries = entries
        layout = QVBoxLayout(self)
        self.query = QLineEdit()
        self.query.setPlaceholderText(tr("switcher.placeholder"))
        self.query.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.itemActivated.connect(self._run)
        layout.addWidget(self.query)
        layout.addWidget(self.list, 1)
        self._filter("")
        self.query.setFocus()

    def add_entries(self, entries: list[tuple[str, Callable[[], None]]]) -> None:
        """More entries (threads read in the background), shown if they match what is typed."""
        chosen = self.list.currentRow()
        self._entries += entries
        self._filter(self.query.text())
        if 0 <= chosen < self.list.count():
            self.list.setCurrentRow(chosen)  # keep what the arrows picked meanwhile

    def _filter(self, text: str) -> None:
        needle = text.strip().casefold()
        self.list.clear()
        for index, (label, _action) in enumerate(self._entries):
            if not needle or needle in label.split(KEYS_GAP, 1)[0].casefold():
                item = QListWidgetItem(label)
                item.setData(Qt.ItemDataRole.UserRole, index)
                self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up) and self.list.count():
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            self.list.setCurrentRow((self.list.currentRow() + step) % self.list.count())
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.list.currentItem()
            if item is not None:
                self._run(item)
            return
        super().keyPressEvent(event)

    def _run(self, item: QListWidgetItem) -> None:
        _label, action = self._entries[int(item.data(Qt.ItemDataRole.UserRole))]
        self.accept()
        action()
