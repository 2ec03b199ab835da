"""The Documents tab: every document of the knowledge base, its version, status, chunks and error.

The selected document's whole reason shows in a pane under the table, with what can be done about
it: index it again, and for an encrypted PDF, enter its password."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from mira_desktop.ui.knowledge.tables import cell, make_table, state_label
from mira_desktop.ui.language.i18n import say, tr, tr_or

if TYPE_CHECKING:
    from mira_desktop.services.knowledge.bases import DocumentView


def error_without_name(error: str, name: str) -> str:
    """Readers' messages begin with the file name, which the Name column already shows."""
    for prefix in (f"{name}: ", f"{name} "):
        if error.startswith(prefix):
            rest = error[len(prefix) :]
            return rest[:1].upper() + rest[1:]
    return error


def whole_error(document: DocumentView) -> str:
    """Why the document failed, in the window's language when the reader said it as a phrase."""
    return say(document.error_phrase) if document.error_phrase is not None else document.error or ""


class DocumentsTab(QWidget):
    reindex_requested = Signal(str)  # document id
    password_requested = Signal(str, str)  # document id, name

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.table = make_table(
            [
                tr("kb.col_name"),
                tr("kb.col_version"),
                tr("kb.col_status"),
                tr("kb.col_chunks"),
                tr("kb.col_error"),
            ]
        )
        self.table.setColumnWidth(0, 260)
        self.table.itemSelectionChanged.connect(self._show_detail)
        self.empty = QLabel(tr("kb.no_documents"))
        self.empty.setObjectName("muted")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail = QTextBrowser()
        self.detail.setMaximumHeight(90)
        self.detail.hide()
        self.remove_button = QPushButton(tr("kb.remove_doc"))
        self.remove_button.setEnabled(False)
        self.reindex_button = QPushButton(tr("win.kb_reindex"))
        self.reindex_button.setToolTip(tr("win.kb_reindex_tip"))
        self.reindex_button.setEnabled(False)
        self.reindex_button.clicked.connect(self._reindex)
        self.password_button = QPushButton(tr("win.kb_password"))
        self.password_button.setToolTip(tr("win.kb_password_tip"))
        self.password_button.clicked.connect(self._password)
        self.password_button.hide()
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.detail)
        actions = QHBoxLayout()
        for button in (self.remove_button, self.reindex_button, self.password_button):
            actions.addWidget(button)
        actions.addStretch(1)
        layout.addLayout(actions)
        self._documents: list[DocumentView] = []

    def show_documents(self, documents: list[DocumentView]) -> None:
        selected = self.selected()
        self._documents = documents
        self.table.setRowCount(len(documents))
        for row, d in enumerate(documents):
            name = cell(d.name, d.source_path or d.name)
            name.setData(Qt.ItemDataRole.UserRole, d.id)
            newer = d.version is not None and d.latest_version != d.version
            status = state_label(d.status) + (f" (v{d.latest_version})" if newer else "")
            short = error_without_name(d.error or "", d.name)
            error = cell(tr_or(f"kb.why.{d.error_kind}", short), whole_error(d))  # the whole reason on hover
            cells = [
                name,
                cell(f"v{d.version}" if d.version else "–"),
                cell(status),
                cell(str(d.chunks)),
                error,
            ]
            for column, item in enumerate(cells):
                self.table.setItem(row, column, item)
            if selected is not None and d.id == selected[0]:
                self.table.selectRow(row)
        self.table.setVisible(bool(documents))
        self.empty.setVisible(not documents)
        self._show_detail()

    def selected(self) -> tuple[str, str] | None:
        """(document id, name) of the selected row."""
        row = self.table.currentRow()
        item = self.table.item(row, 0) if row >= 0 and self.table.selectedItems() else None
        return None if item is None else (str(item.data(Qt.ItemDataRole.UserRole)), item.text())

    def _chosen(self) -> DocumentView | None:
        chosen = self.selected()
        return next((d for d in self._documents if chosen and d.id == chosen[0]), None)

    def _reindex(self) -> None:
        document = self._chosen()
        if document is not None:
            self.reindex_requested.emit(document.id)

    def _password(self) -> None:
        document = self._chosen()
        if document is not None:
            self.password_requested.emit(document.id, document.name)

    def _show_detail(self) -> None:
        chosen = self.selected()
        self.remove_button.setEnabled(chosen is not None)
        document = self._chosen()
        self.reindex_button.setEnabled(document is not None)
        self.password_button.setVisible(document is not None and document.error_kind == "encrypted")
        if document is None or not document.error:
            self.detail.hide()
            return
        self.detail.setPlainText(f"{document.name}\n{whole_error(document)}")
        self.detail.show()
