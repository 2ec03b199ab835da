"""A picker of the chat header (role, knowledge base, workspace, model): its text cut with "…" to fit,
the whole choice on hover, and the keyboard handed back once its list closes."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter


class HeaderPicker(QComboBox):
    """A header picker that hands the keyboard back once its list closes (chosen, Esc, or a click
    elsewhere): typing then goes to the message, not into the picker's type-ahead."""

    def __init__(self, released: Any, tip: str) -> None:
        super().__init__()
        self._released = released
        self._watched = False
        self._tip = tip
        self.setToolTip(tip)
        self.currentIndexChanged.connect(lambda _i: self.show_whole_on_hover())

    def shown_text(self) -> str:
        """The current item's text as drawn: cut with "…" at the end to fit, never mid-word unmarked."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideRight, field.width())

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 (Qt's name)

        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.show_whole_on_hover()

    def show_whole_on_hover(self) -> None:
        """The tooltip says the picker's purpose, and the whole choice when it is cut."""
        cut = self.shown_text() != self.currentText()
        self.setToolTip(f"{self._tip}\n{self.currentText()}" if cut else self._tip)

    def showPopup(self) -> None:  # noqa: N802 (Qt's name)
        # The list is as wide as its longest choice (up to the window's width): Qt sizes it by the
        # picker's font without the list's padding, and cut "No knowledge base" to "No know…ge base".
        view = self.view()
        widest = view.sizeHintForColumn(0) + 2 * view.frameWidth() + 24 if self.count() else 0
        view.setMinimumWidth(min(widest, max(self.window().width(), self.width())))
        super().showPopup()
        if not self._watched:  # the list's own window (Esc closes it without hidePopup)
            self._watched = True
            self.view().window().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Hide:
            QTimer.singleShot(0, self._released.emit)  # after Qt gives the focus back to the picker
        return super().eventFilter(watched, event)
