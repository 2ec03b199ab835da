"""Mira's one icon set: small line icons drawn with the pen, in the colour of the palette they sit on.

No icon font, emoji or theme is needed (a missing glyph showed as an empty box), and nothing is read
from the network. :func:`themed` puts an icon on a button and draws it again whenever the button's
palette changes, so switching between the light and the dark theme recolours every icon.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPalette, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QAbstractButton

SCALE = 2  # drawn at twice the size: sharp on high-density screens


def _paperclip(painter: QPainter, color: QColor) -> None:
    path = QPainterPath(QPointF(15, 8))
    path.lineTo(15, 17)
    path.arcTo(QRectF(8, 13.5, 7, 7), 0, -180)
    path.lineTo(8, 6)
    path.arcTo(QRectF(8, 3.5, 5, 5), 180, -180)
    path.lineTo(13, 16)
    path.arcTo(QRectF(10, 14.5, 3, 3), 0, -180)
    path.lineTo(10, 8)
    painter.translate(12, 12)
    painter.rotate(40)
    painter.translate(-11.5, -12)
    painter.setPen(QPen(color, 1.7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawPath(path)


def _play(painter: QPainter, color: QColor) -> None:
    painter.setPen(QPen(color, 1.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF([QPointF(8, 5.5), QPointF(18.5, 12), QPointF(8, 18.5)]))


def _pause(painter: QPainter, color: QColor) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawRoundedRect(QRectF(7, 5.5, 3.6, 13), 1, 1)
    painter.drawRoundedRect(QRectF(13.4, 5.5, 3.6, 13), 1, 1)


def _stop(painter: QPainter, color: QColor) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawRoundedRect(QRectF(6.5, 6.5, 11, 11), 1.5, 1.5)


def _microphone(painter: QPainter, color: QColor) -> None:
    painter.setPen(QPen(color, 1.8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawRoundedRect(QRectF(9, 3, 6, 11), 3, 3)
    arc = QPainterPath(QPointF(6, 11))
    arc.arcTo(QRectF(6, 5, 12, 12), 180, 180)
    painter.drawPath(arc)
    painter.drawLine(QPointF(12, 17), QPointF(12, 21))
    painter.drawLine(QPointF(9, 21), QPointF(15, 21))


DRAWINGS: dict[str, Callable[[QPainter, QColor], None]] = {
    "microphone": _microphone,
    "paperclip": _paperclip,
    "play": _play,
    "pause": _pause,
    "stop": _stop,
}


def icon(name: str, color: QColor, size: int = 20) -> QIcon:
    """The icon ``name`` (a key of :data:`DRAWINGS`) drawn in ``color``, ``size`` pixels square."""
    pixmap = QPixmap(size * SCALE, size * SCALE)
    pixmap.fill(Qt.GlobalColor.transparent)
    pixmap.setDevicePixelRatio(SCALE)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / 24, size / 24)  # every drawing is on a 24 × 24 grid
    DRAWINGS[name](painter, color)
    painter.end()
    return QIcon(pixmap)


def icon_color(palette: QPalette) -> QColor:
    """The colour an icon takes on a button with ``palette``: the button's text colour."""
    return palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)


class _Recolour(QObject):
    """Draws a button's icon again when its palette changes (the theme was switched)."""

    def __init__(self, button: QAbstractButton, name: str, size: int) -> None:
        super().__init__(button)
        self.name = name
        self.size = size
        button.installEventFilter(self)

    def paint(self, button: QAbstractButton) -> None:
        button.setIcon(icon(self.name, icon_color(button.palette()), self.size))
        button.setProperty("miraIcon", self.name)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and isinstance(
            watched, QAbstractButton
        ):
            self.paint(watched)
        return False


def themed(button: QAbstractButton, name: str, size: int = 20) -> None:
    """Give ``button`` the icon ``name``, kept in its palette's text colour (light or dark theme)."""
    keeper = button.findChild(_Recolour)
    if keeper is None:
        keeper = _Recolour(button, name, size)
    keeper.name, keeper.size = name, size
    keeper.paint(button)
