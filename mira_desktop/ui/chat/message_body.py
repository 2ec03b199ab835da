"""The text of a message once it has settled: prose labels that wrap anywhere when a word is too
wide, and each fenced code block in a box of its own that scrolls sideways inside itself.

The first prose piece stays in the message's own ``body`` label (what the rest of the window and
its tests read); further pieces follow it in the body's layout.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QContextMenuEvent, QGuiApplication, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.chat.long_text import without_breaks
from mira_desktop.ui.chat.markdown import code_html, prose_html, segments
from mira_desktop.ui.desktop.external_open import open_externally
from mira_desktop.ui.look.theme import palette_for

CODE_MAX_HEIGHT = 480  # taller code scrolls down inside its box too


class MessageLabel(QLabel):
    """A selectable message label whose copies leave out the break points added for display; its
    right-click goes to the message's own menu (which has "Copy selection")."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setObjectName("messageBody")
        self.setWordWrap(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.linkActivated.connect(self._open_link)

    def _open_link(self, link: str) -> None:
        """A web link in a message opens in the browser (or the window says why it could not)."""
        url = QUrl(link)
        if url.scheme() in ("http", "https", "mailto"):
            open_externally(url, self.window())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt naming)
        if event.matches(QKeySequence.StandardKey.Copy) and self.hasSelectedText():
            QGuiApplication.clipboard().setText(without_breaks(self.selectedText()))
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt naming)
        event.ignore()  # the message's menu shows instead


class CodeBlock(QFrame):
    """A fenced code block: its language and a Copy button above the code, which keeps its lines
    (no wrapping) and scrolls sideways when a line is wider than the column."""

    def __init__(self, code: str, language: str, *, dark: bool, copy_label: str) -> None:
        super().__init__()
        self.setObjectName("codeBlock")
        self.code = code
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        layout.setSpacing(2)
        head = QHBoxLayout()
        self.language = QLabel(language)
        self.language.setObjectName("muted")
        self.copy_button = QToolButton()
        self.copy_button.setText(copy_label)
        self.copy_button.setAutoRaise(True)
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.code))
        head.addWidget(self.language, 1)
        head.addWidget(self.copy_button)
        layout.addLayout(head)
        self.view = QTextBrowser()
        self.view.setObjectName("codeView")
        self.view.setLineWrapMode(QTextBrowser.LineWrapMode.NoWrap)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.view.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.view.setOpenLinks(False)

        colors = palette_for(dark)
        self.view.setStyleSheet(
            f"#codeView {{ background: {colors['code_bg']}; border: 1px solid {colors['line']}; "
            "border-radius: 4px; }"
        )
        self.view.setHtml(code_html(code, language, dark=dark))
        layout.addWidget(self.view)
        self._fit()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(80, super().minimumSizeHint().height())  # never what widens the column

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt naming)
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """As tall as its lines (up to a limit), plus the sideways scroll bar when one is needed."""
        document = self.view.document()
        document.setTextWidth(-1)
        frame = 2 * self.view.frameWidth()
        height = int(document.size().height()) + frame
        if document.idealWidth() + frame > self.view.viewport().width() + frame:
            height += self.view.horizontalScrollBar().sizeHint().height()
        self.view.setFixedHeight(min(height, CODE_MAX_HEIGHT))


def show_settled(
    body: QLabel, layout: QVBoxLayout, text: str, *, dark: bool, copy_label: str
) -> list[QWidget]:
    """Show ``text`` as prose and code pieces: the first prose piece in ``body``, the rest added to
    ``layout`` after it. Returns the added widgets (to remove when the text changes)."""
    body.setTextFormat(Qt.TextFormat.RichText)
    pieces = segments(text) if text else []
    added: list[QWidget] = []
    first = True
    for kind, piece, language in pieces:
        if kind == "prose" and first:
            body.setText(prose_html(piece, body.font()))
        else:
            widget: QWidget
            if kind == "code":
                widget = CodeBlock(piece, language, dark=dark, copy_label=copy_label)
            else:
                label = MessageLabel()
                label.setTextFormat(Qt.TextFormat.RichText)
                label.setTextInteractionFlags(body.textInteractionFlags())
                label.setText(prose_html(piece, body.font()))
                widget = label
            layout.addWidget(widget)
            added.append(widget)
            if first:
                body.setText("")
        first = False
    if not pieces:
        body.setText("")
    return added
