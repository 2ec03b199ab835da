"""Showing a cited source: a PDF page rendered in a window, other files in the system viewer.

A source is a knowledge base's document, or a passage of the file the question was sent with
(``origin: attachment``): that opens from the stored copy of the attachment, the same way.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_state import SourceRef
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.sources import SourceFile


def load_source(
    services: AppServices, message_id: str, number: int, ref: SourceRef | None
) -> tuple[SourceFile, bytes | None]:
    """Where source [number] of an answer is, and its PDF page as PNG (run off the UI thread)."""
    from mira_desktop.services.knowledge.sources import SourceFile, SourceService

    if ref is not None and ref.attachment_id:
        path = services.attachments.stored_path(ref.attachment_id)
        pdf = PurePath(ref.document).suffix.lower() == ".pdf"
        source = SourceFile(path, ref.document, ref.page if pdf else None, ref.location_label)
    else:
        source = services.sources.cited(message_id, number)
    png = None if source.page is None else SourceService.render_pdf_page(source.path, source.page)
    return source, png


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


def open_in_system_viewer(source: SourceFile, parent: QWidget | None = None) -> bool:
    """Hand the file to the system's program; a failure is said in the window (``open_externally``)."""
    from mira_desktop.ui.external_open import open_externally

    return open_externally(source.path, parent)
