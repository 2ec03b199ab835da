"""Files given to the window by a drop or a paste."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QImage, QPixmap


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
