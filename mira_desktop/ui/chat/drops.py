"""Files given to the window by a drop or a paste, and the paperclip that attaches them."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMimeData, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPainterPath, QPen, QPixmap


@dataclass(frozen=True)
class DroppedFiles:
    """Local files (a drop from a file manager, or files copied there and pasted), or a pasted image."""

    paths: tuple[str, ...] = ()
    image: QImage | None = None


def dropped(mime: QMimeData) -> DroppedFiles | None:
    """What ``mime`` gives to attach, or None (plain text is typed, not attached)."""
    if mime.hasUrls():
        paths = tuple(url.toLocalFile() for url in mime.urls() if url.isLocalFile())
        if paths:
            return DroppedFiles(paths)
    if mime.hasImage():
        data = mime.imageData()
        image = data.toImage() if isinstance(data, QPixmap) else QImage(data)
        if not image.isNull():
            return DroppedFiles(image=image)
    return None


def paperclip_icon(color: QColor, size: int = 20) -> QIcon:
    """A paperclip drawn with the pen (no icon font or emoji needed)."""
    scale = 2  # sharp on high-density screens
    pixmap = QPixmap(size * scale, size * scale)
    pixmap.fill(Qt.GlobalColor.transparent)
    pixmap.setDevicePixelRatio(scale)
    path = QPainterPath(QPointF(15, 8))
    path.lineTo(15, 17)
    path.arcTo(QRectF(8, 13.5, 7, 7), 0, -180)
    path.lineTo(8, 6)
    path.arcTo(QRectF(8, 3.5, 5, 5), 180, -180)
    path.lineTo(13, 16)
    path.arcTo(QRectF(10, 14.5, 3, 3), 0, -180)
    path.lineTo(10, 8)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / 24, size / 24)
    painter.translate(12, 12)
    painter.rotate(40)
    painter.translate(-11.5, -12)
    painter.setPen(QPen(color, 1.7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawPath(path)
    painter.end()
    return QIcon(pixmap)
