"""Showing a cited source: a PDF page rendered in a window, other files in the system viewer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication, QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from mira_desktop.services.knowledge.sources import SourceFile


class PdfPageDialog(QDialog):
    def __init__(self, source: SourceFile, png: bytes, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{source.document} — {source.label}")
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        space = screen.availableGeometry()
        self.resize(min(900, space.width() - 40), min(1000, space.height() - 60))  # fits the screen
        pixmap = QPixmap()
        pixmap.loadFromData(png, "PNG")
        self.page = QLabel()
        self.page.setPixmap(pixmap)
        area = QScrollArea()
        area.setWidget(self.page)
        layout = QVBoxLayout(self)
        layout.addWidget(area)


def open_in_system_viewer(source: SourceFile) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(source.path)))
