"""A read-only table whose columns the user can resize, with the last one stretching."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

from mira_desktop.ui.language.i18n import tr_or


def make_table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    table.verticalHeader().setVisible(False)
    table.setWordWrap(False)
    return table


def cell(text: str, tooltip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setToolTip(tooltip or text)
    return item


def state_label(state: str) -> str:
    """A version's or job's state (``published``, ``embedding`` …) in the window's language."""
    return tr_or(f"kb.state.{state}", state)
