"""A thinking model's reasoning above its answer: collapsed by default, one click to open, copyable.

The header line says "Thinking…" while the reasoning streams and "Thought for 6 s" once the answer
has begun or ended; the reasoning itself is plain text (it is the model's scratch work, not a
formatted answer), selectable, and never part of the answer's Copy.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QVBoxLayout, QWidget

from mira_desktop.ui.chat.long_text import breakable
from mira_desktop.ui.chat.message_body import MessageLabel
from mira_desktop.ui.language.i18n import tr


class ReasoningBlock(QFrame):
    """Empty and hidden until there is reasoning to show: most messages have none, and a long
    thread opens faster without their buttons and labels."""

    toggle: QToolButton
    copy_button: QToolButton
    body: MessageLabel

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reasoningBlock")
        self._text = ""
        self._built = False
        self.hide()

    def _build(self) -> None:
        self._built = True
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(2)
        row = QHBoxLayout()
        row.setSpacing(2)
        self.toggle = QToolButton()
        self.toggle.setObjectName("reasoningToggle")
        self.toggle.setAutoRaise(True)
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setToolTip(tr("message.thinking_tip"))
        self.toggle.toggled.connect(self._opened)
        self.copy_button = QToolButton()
        self.copy_button.setAutoRaise(True)
        self.copy_button.setText(tr("message.thinking_copy"))
        self.copy_button.setToolTip(tr("message.thinking_copy"))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self._text))
        self.copy_button.hide()
        row.addWidget(self.toggle)
        row.addStretch(1)
        row.addWidget(self.copy_button)
        self.body = MessageLabel()
        self.body.setObjectName("reasoningText")
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.hide()
        layout.addLayout(row)
        layout.addWidget(self.body)

    @property
    def opened(self) -> bool:
        return self._built and self.toggle.isChecked()

    def show_reasoning(self, text: str, seconds: float, *, thinking: bool) -> None:
        """``thinking``: the reasoning is still streaming (no answer text yet)."""
        self._text = text.strip()
        self.setVisible(bool(self._text))
        if not self._text:
            return
        if not self._built:
            self._build()
        self.toggle.setText(tr("message.thinking") if thinking else tr("message.thought_for", seconds=_seconds(seconds)))
        if self.opened:
            self.body.setText(breakable(self._text))

    def _opened(self, opened: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if opened else Qt.ArrowType.RightArrow)
        if opened:
            self.body.setText(breakable(self._text))  # laid out only once someone looks
        self.body.setVisible(opened)
        self.copy_button.setVisible(opened)


def _seconds(seconds: float) -> int:
    """Whole seconds, at least 1 (a reasoning streamed in one piece took no measurable time)."""
    return max(1, round(seconds))
