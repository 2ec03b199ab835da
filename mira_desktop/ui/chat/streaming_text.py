"""The last lines of an answer while it streams: plain text laid out once per text and width.

A word-wrapped ``QLabel`` lays its text out about ten times for each new text (its size hint tries
three widths, its minimum size two more, each restoring the old width afterwards, then the height
for the real width and the paint), which was most of a streaming frame. This widget lays the text
out once for a width, answers the layouts' questions from that, and paints the same lines. It
wraps at word boundaries, or anywhere in a word wider than the column, so it never widens the
chat. The finished lines above it stay in selectable labels; the answer becomes Markdown once it
settles.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QSize
from PySide6.QtGui import QPainter, QPaintEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import QSizePolicy, QWidget

LINE_SEPARATOR = "\u2028"  # QTextLayout breaks a line here (it draws "\n" as a space)


class StreamingText(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBody")  # the answer's font and colour from the theme
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._text = ""
        self._layouts: dict[int, tuple[QTextLayout, int]] = {}  # by width: the layouts ask at two or three

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 (the name QLabel gives it)
        if text == self._text:
            return
        self._text = text
        self._layouts.clear()
        self.updateGeometry()
        self.update()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt naming)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt naming)
        return self._laid_out(width)[1]

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        width = self.width() if self.width() > 0 else self.fontMetrics().averageCharWidth() * 80
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(self.fontMetrics().averageCharWidth() * 4, self.fontMetrics().height())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._layouts.clear()  # the theme's font arrived: lay out again
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt naming)
        layout = self._laid_out(self.width())[0]
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        layout.draw(painter, QPointF(0, 0))

    def _laid_out(self, width: int) -> tuple[QTextLayout, int]:
        known = self._layouts.get(width)
        if known is not None:
            return known
        layout = QTextLayout(self._text.replace("\n", LINE_SEPARATOR), self.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        y = 0.0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(max(width, 1))
            line.setPosition(QPointF(0, y))
            y += line.height()
        layout.endLayout()
        self._layouts[width] = layout, math.ceil(y)
        return self._layouts[width]
