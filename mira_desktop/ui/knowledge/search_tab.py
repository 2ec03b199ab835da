"""The Search tab: try a question against the knowledge base and see the passages with their scores."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.language.location_text import location_text

if TYPE_CHECKING:
    from mira_desktop.services.knowledge.search import Hit


class SearchTab(QWidget):
    search_requested = Signal(str, str)  # query, mode

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.query = QLineEdit()
        self.query.setPlaceholderText(tr("kb.search_placeholder"))
        self.query.returnPressed.connect(self._request)
        self.mode = QComboBox()
        for mode in ("hybrid", "vector", "bm25"):
            self.mode.addItem(tr(f"kb.mode_{mode}"), mode)
        self.mode.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.button = QPushButton(tr("kb.search"))
        self.button.clicked.connect(self._request)
        row.addWidget(self.query, 1)
        row.addWidget(self.mode)
        row.addWidget(self.button)
        layout.addLayout(row)
        self.results = QTextBrowser()
        self.results.setPlaceholderText(tr("kb.search_empty"))
        layout.addWidget(self.results, 1)
        self.hits: list[Hit] = []

    def _request(self) -> None:
        query = self.query.text().strip()
        if query:
            self.button.setEnabled(False)
            self.search_requested.emit(query, str(self.mode.currentData()))

    def show_hits(self, hits: list[Hit]) -> None:
        self.button.setEnabled(True)
        self.hits = hits
        if not hits:
            self.results.setPlainText(tr("kb.no_hits"))
            return
        parts = []
        for number, hit in enumerate(hits, start=1):
            scores = " · ".join(f"{name} {value:.3f}" for name, value in hit.scores.items())
            parts.append(
                f"<p><b>[{number}] {html.escape(hit.document)}</b> — {html.escape(location_text(hit.location, hit.location_label))}"
                f"<br><small>{html.escape(scores)}</small><br>{html.escape(hit.text[:700])}</p>"
            )
        self.results.setHtml("".join(parts))

    def show_error(self, message: str) -> None:
        self.button.setEnabled(True)
        self.hits = []
        self.results.setPlainText(message)
