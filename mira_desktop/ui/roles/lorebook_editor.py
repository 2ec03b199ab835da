"""Editing a role's lorebook: a list of entries and the selected entry's fields.

Fields an imported card carried that the editor does not show (``insertion_order``, ``priority``,
``extra``…) are kept on each entry as they were.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.language.i18n import tr


class LorebookEditor(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entries: list[dict[str, Any]] = []
        self._loading = False
        self.entry_list = QListWidget()
        self.entry_list.setMaximumHeight(110)
        self.entry_list.currentRowChanged.connect(self._show_entry)
        self.add_button = QPushButton(tr("roles.lore.add"))
        self.remove_button = QPushButton(tr("roles.lore.remove"))
        self.add_button.clicked.connect(self.add_entry)
        self.remove_button.clicked.connect(self.remove_entry)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)

        self.name_edit = QLineEdit()
        self.keys_edit = QPlainTextEdit()
        self.keys_edit.setFixedHeight(56)
        self.content_edit = QPlainTextEdit()
        self.content_edit.setFixedHeight(90)
        self.enabled_box = QCheckBox(tr("roles.lore.enabled"))
        self.constant_box = QCheckBox(tr("roles.lore.constant"))
        self.case_box = QCheckBox(tr("roles.lore.case_sensitive"))
        switches = QVBoxLayout()  # one under the other: the form stays narrow enough for its pane
        switches.setSpacing(2)
        for box in (self.enabled_box, self.constant_box, self.case_box):
            switches.addWidget(box)
            box.toggled.connect(self._edited)
        self.details = QWidget()
        form = QFormLayout(self.details)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for key, field in (
            ("roles.lore.name", self.name_edit),
            ("roles.lore.keys", self.keys_edit),
            ("roles.lore.content", self.content_edit),
        ):
            label = QLabel(tr(key))
            label.setWordWrap(True)  # a long label wraps rather than widening the form
            form.addRow(label, field)
        form.addRow(switches)
        for edit in (self.name_edit, self.keys_edit, self.content_edit):
            edit.textChanged.connect(self._edited)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.entry_list)
        layout.addLayout(buttons)
        layout.addWidget(self.details)
        self._show_entry(-1)

    def load(self, entries: list[dict[str, Any]]) -> None:
        self._entries = [dict(e) for e in entries]
        self._loading = True
        self.entry_list.clear()
        for index, entry in enumerate(self._entries):
            self.entry_list.addItem(self._label(entry, index))
        self._loading = False
        self.entry_list.setCurrentRow(0 if self._entries else -1)
        self._show_entry(self.entry_list.currentRow())

    def entries(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self._entries]

    def add_entry(self) -> None:
        self._entries.append({"keys": [], "content": "", "enabled": True})
        self.entry_list.addItem(self._label(self._entries[-1], len(self._entries) - 1))
        self.entry_list.setCurrentRow(len(self._entries) - 1)
        self.changed.emit()

    def remove_entry(self) -> None:
        row = self.entry_list.currentRow()
        if row < 0:
            return
        del self._entries[row]
        self.entry_list.takeItem(row)
        self.changed.emit()

    def _show_entry(self, row: int) -> None:
        self.details.setEnabled(row >= 0)
        self.remove_button.setEnabled(row >= 0)
        entry = self._entries[row] if 0 <= row < len(self._entries) else {}
        self._loading = True
        self.name_edit.setText(str(entry.get("name") or ""))
        self.keys_edit.setPlainText("\n".join(str(k) for k in entry.get("keys") or []))
        self.content_edit.setPlainText(str(entry.get("content") or ""))
        self.enabled_box.setChecked(entry.get("enabled", True) is not False)
        self.constant_box.setChecked(bool(entry.get("constant")))
        self.case_box.setChecked(bool(entry.get("case_sensitive")))
        self._loading = False

    def _edited(self) -> None:
        row = self.entry_list.currentRow()
        if self._loading or row < 0:
            return
        entry = self._entries[row]
        name = self.name_edit.text()
        entry["name"] = name if name or entry.get("name") is not None else None
        entry["keys"] = [k.strip() for k in self.keys_edit.toPlainText().split("\n") if k.strip()]
        entry["content"] = self.content_edit.toPlainText()
        entry["enabled"] = self.enabled_box.isChecked()
        # An unset switch stays unset (None) unless the user turns it on, so exports keep their shape.
        for key, box in (("constant", self.constant_box), ("case_sensitive", self.case_box)):
            entry[key] = True if box.isChecked() else (False if entry.get(key) is not None else None)
        self.entry_list.item(row).setText(self._label(entry, row))
        self.changed.emit()

    @staticmethod
    def _label(entry: dict[str, Any], index: int) -> str:
        keys = ", ".join(str(k) for k in entry.get("keys") or [])
        return str(entry.get("name") or keys or tr("roles.lore.untitled", n=index + 1))
