"""Mira's own viewer of a cited source, with the passage marked.

A PDF (or a picture) opens at the cited page, the passage's rectangles painted over it — found in
the page's text layer, or in the words OCR read on a scanned page — with page navigation (buttons,
PageUp/PageDown), zoom (Ctrl++ / Ctrl+- / Ctrl+0) and "Open in system viewer". Other files (Word,
PowerPoint, Excel, Markdown, text, code) open as text scrolled to the cited lines, rows, slide or
paragraphs, marked. Pages are rendered off the UI thread; the window says when the system has no
program for the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPixmap,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.desktop.external_open import open_externally
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.language.location_text import location_text

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.passage_marks import TextPassage
    from mira_desktop.services.knowledge.sources import CitedPassage, PageView, SourceFile
    from mira_desktop.ui.runtime.operations import OperationRunner

ZOOMS = (0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
DEFAULT_ZOOM = 1.5
MARK_FILL = QColor(255, 200, 0, 90)
MARK_EDGE = QColor(230, 140, 0, 220)


def load_passage(services: AppServices, message_id: str, number: int) -> tuple[CitedPassage, Any]:
    """Source [number] of an answer and its first view: the cited page, or the text (off the UI thread)."""
    passage = services.sources.passage(message_id, number)
    if passage.kind == "text":
        return passage, services.sources.text_view(passage)
    return passage, services.sources.page_view(passage, zoom=DEFAULT_ZOOM)


def open_source_viewer(
    parent: QWidget,
    services: AppServices,
    background: OperationRunner,
    message_id: str,
    number: int,
    *,
    on_failure: Any,
    on_opened: Any = None,
) -> None:
    """Load source [number] in the background, then show it in a :class:`SourceViewer`."""

    def shown(result: tuple[CitedPassage, Any]) -> None:
        dialog = SourceViewer(services, background, result[0], result[1], parent)
        if on_opened is not None:
            on_opened(dialog)
        dialog.show()

    background.op(parent, lambda: load_passage(services, message_id, number)).success(shown).failure(
        on_failure
    ).run()


def painted(view: PageView) -> QPixmap:
    """The page with the passage's rectangles over it."""
    pixmap = QPixmap()
    pixmap.loadFromData(view.png, "PNG")
    if view.marks:
        painter = QPainter(pixmap)
        painter.setPen(MARK_EDGE)
        painter.setBrush(MARK_FILL)
        for x0, y0, x1, y1 in view.marks:
            painter.drawRect(QRectF(x0 - 2, y0 - 2, x1 - x0 + 4, y1 - y0 + 4))
        painter.end()
    return pixmap


class SourceViewer(QDialog):
    def __init__(
        self,
        services: AppServices,
        background: OperationRunner,
        passage: CitedPassage,
        first: Any,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sourceViewer")
        self.services, self.background, self.passage = services, background, passage
        self.label = location_text(passage.location, passage.source.label)
        self.setWindowTitle(f"{passage.source.document} — {self.label}")
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        space = screen.availableGeometry()
        self.resize(min(900, space.width() - 40), min(1000, space.height() - 60))  # fits the screen
        self.view: PageView | None = None
        self.zoom = DEFAULT_ZOOM
        # The page and zoom last asked for (None: the cited page, not known until it is rendered) and
        # how many renders were asked: keys pressed fast step from what was asked, not from the page
        # still shown, and only the last render is painted (two workers render: an older page may
        # finish after a newer one).
        self._wanted: tuple[int, float] | None = None
        self._renders = 0
        layout = QVBoxLayout(self)
        self.bar = QHBoxLayout()
        self.note = QLabel()
        self.note.setObjectName("viewerNote")
        self.note.setWordWrap(True)
        self.open_button = QPushButton(tr("viewer.open_system"))
        self.open_button.clicked.connect(self.open_in_system_viewer)
        layout.addLayout(self.bar)
        layout.addWidget(self.note)
        if passage.kind == "text":
            self._build_text(first)
            layout.addWidget(self.text, 1)
        else:
            self._build_pages()
            layout.addWidget(self.area, 1)
            self._show_page(first)
        self.bar.addStretch(1)
        self.bar.addWidget(self.open_button)

    # -- pages -------------------------------------------------------------------------------------
    def _build_pages(self) -> None:
        self.previous = self._tool("◀", tr("viewer.previous"), lambda: self.go(-1))
        self.page_label = QLabel()
        self.next = self._tool("▶", tr("viewer.next"), lambda: self.go(1))
        self.smaller = self._tool("−", tr("viewer.zoom_out"), lambda: self.zoom_by(-1))
        self.zoom_label = QLabel()
        self.larger = self._tool("+", tr("viewer.zoom_in"), lambda: self.zoom_by(1))
        for widget in (self.previous, self.page_label, self.next, self.smaller, self.zoom_label, self.larger):
            self.bar.addWidget(widget)
        self.page = QLabel()  # the page as a picture, the passage painted over it
        self.page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.area = QScrollArea()
        self.area.setWidget(self.page)
        self.area.setWidgetResizable(False)
        self.area.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        for keys, step in (("PgUp", -1), ("PgDown", 1), ("Left", -1), ("Right", 1)):
            QShortcut(QKeySequence(keys), self, lambda step=step: self.go(step))
        QShortcut(QKeySequence.StandardKey.ZoomIn, self, lambda: self.zoom_by(1))
        QShortcut(QKeySequence("Ctrl+="), self, lambda: self.zoom_by(1))
        QShortcut(QKeySequence.StandardKey.ZoomOut, self, lambda: self.zoom_by(-1))
        QShortcut(QKeySequence("Ctrl+0"), self, lambda: self.show_page(None, DEFAULT_ZOOM))

    def _tool(self, text: str, tip: str, action: Any) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.clicked.connect(action)
        return button

    def _asked(self) -> tuple[int, float] | None:
        """The page and zoom last asked for, or else those shown."""
        return self._wanted or ((self.view.page, self.view.zoom) if self.view is not None else None)

    def go(self, step: int) -> None:
        asked = self._asked()
        if self.view is not None and asked is not None:
            target = asked[0] + step
            if 1 <= target <= self.view.pages:
                self.show_page(target, asked[1])

    def zoom_by(self, step: int) -> None:
        asked = self._asked()
        if asked is None:
            return
        page, zoom = asked
        index = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - zoom))
        index = min(max(index + step, 0), len(ZOOMS) - 1)
        if ZOOMS[index] != zoom:
            self.show_page(page, ZOOMS[index])

    def show_page(self, page: int | None, zoom: float) -> None:
        """Render ``page`` (None: the cited one, where the passage is) at ``zoom``, off the UI thread;
        a render asked for before it is dropped when it arrives."""
        services, passage = self.services, self.passage
        self._renders += 1
        render = self._renders
        self._wanted = (page, zoom) if page is not None else None
        self.note.setText(tr("viewer.loading"))

        def shown(view: PageView) -> None:
            if render == self._renders:
                self._show_page(view)

        def failed(exc: BaseException) -> None:
            if render == self._renders:
                self.note.setText(explain(exc))

        self.background.op(self, lambda: services.sources.page_view(passage, page, zoom)).success(shown).failure(
            failed
        ).run()

    def _show_page(self, view: PageView) -> None:
        self._wanted = (view.page, view.zoom)  # the last render asked for, or the first page shown
        self.view = view
        self.zoom = view.zoom
        self.page.setPixmap(painted(view))
        self.page.resize(view.width, view.height)
        self.page_label.setText(tr("viewer.page_of", page=view.page, pages=view.pages))
        self.zoom_label.setText(tr("viewer.zoom", percent=round(self.zoom * 100)))
        self.previous.setEnabled(view.page > 1)
        self.next.setEnabled(view.page < view.pages)
        cited = view.cited_from <= view.page <= view.cited_to
        if view.marks:
            self.note.setText(tr("viewer.marked_ocr" if self.passage.ocr else "viewer.marked"))
            top = min(m[1] for m in view.marks)
            self.area.verticalScrollBar().setValue(max(int(top) - 80, 0))
        elif cited:
            self.note.setText(tr("viewer.not_found"))
        else:
            self.note.setText(tr("viewer.other_page", place=self.label))

    def marks(self) -> list[QRectF]:
        """The passage's rectangles on the page shown, in the page picture's pixels."""
        if self.view is None:
            return []
        return [QRectF(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in self.view.marks]

    # -- text --------------------------------------------------------------------------------------
    def _build_text(self, shown: TextPassage) -> None:
        self.text = QPlainTextEdit()
        self.text.setObjectName("sourceText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setPlainText("\n".join(line.replace("\n", " ") for line in shown.lines))
        selections = []
        marked = QTextCharFormat()
        marked.setBackground(MARK_FILL)
        marked.setProperty(QTextCharFormat.Property.FullWidthSelection, True)
        document = self.text.document()
        for index in shown.marked:
            block = document.findBlockByNumber(index)
            if block.isValid():
                selection = QTextEdit.ExtraSelection()
                selection.cursor = QTextCursor(block)
                selection.cursor.select(QTextCursor.SelectionType.BlockUnderCursor)
                selection.format = marked
                selections.append(selection)
        self.text.setExtraSelections(selections)
        self.marked_blocks = list(shown.marked)
        self.note.setText(tr("viewer.marked") if shown.marked else tr("viewer.not_found"))
        first = document.findBlockByNumber(shown.first)
        if first.isValid():
            self.text.setTextCursor(QTextCursor(first))
            self.text.centerCursor()

    # -- the system's viewer -----------------------------------------------------------------------
    def open_in_system_viewer(self) -> bool:
        """Hand the stored copy to the system's program for it; the window says so when none opens it."""
        path = self.passage.source.path
        opened = open_in_system_viewer(self.passage.source, self)
        if not opened:
            self.note.setText(tr("viewer.open_failed", name=path.name, folder=str(path.parent)))
        return opened


def open_in_system_viewer(source: SourceFile, parent: QWidget | None = None) -> bool:
    """Hand the file to the system's program; a failure is said in the window (``open_externally``)."""
    return open_externally(source.path, parent)
