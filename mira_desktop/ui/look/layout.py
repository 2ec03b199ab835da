"""Small layout rules the windows share."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy


def pin_to_top(label: QLabel) -> None:
    """A description above a list keeps its own height and its text at the top: given the room of
    an empty (hidden) list, it no longer floats in the middle of the pane."""
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    policy = label.sizePolicy()
    policy.setVerticalPolicy(QSizePolicy.Policy.Maximum)
    label.setSizePolicy(policy)
