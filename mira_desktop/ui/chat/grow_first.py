"""Grow a widget and the widgets around it to their new height before Qt lays them out, so what
grows is laid out once.

When something inside a word-wrapped widget grows (a streaming answer's new line), Qt lays each
enclosing widget out first in its old height, which is too short: the box layout then squeezes
every child below its height for the width, a few pixels each, and every label is resized and
repainted; the parent (up to the scroll area) grows the widget after that, and every label is
resized and repainted again. Measured while an answer streamed: each finished line's label
alternated between two heights, about six label repaints per frame. An event filter cannot step in
(Qt hands ``LayoutRequest`` to a widget's layout before its event filters), so the code that
changed the content calls :func:`grow_to_fit` right away, and the layouts find their sizes right.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLayout, QWidget


def grow_to_fit(widget: QWidget | None) -> None:
    """Make ``widget`` and each enclosing widget as tall as its layout's height for its width,
    growing only (a shorter text is left to Qt), and stop at the first that is tall enough."""
    while widget is not None and (layout := widget.layout()) is not None and layout.hasHeightForWidth():
        width = widget.width()
        _forget_heights(layout)
        height = layout.totalHeightForWidth(width)
        if width <= 0 or height <= widget.height() or not widget.isVisible():
            return
        widget.resize(width, height)
        widget.updateGeometry()  # the parent's layout asks again (it kept the old height)
        widget = widget.parentWidget()


def _forget_heights(layout: QLayout) -> None:
    """Drop the height-for-width a layout and its nested layouts keep (Qt drops the nested ones
    only when it lays the widget out); the children's own sizes stay cached."""
    layout.invalidate()
    for index in range(layout.count()):
        item = layout.itemAt(index)
        nested = item.layout() if item is not None else None
        if nested is not None:
            _forget_heights(nested)
